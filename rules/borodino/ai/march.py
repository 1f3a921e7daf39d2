"""How far a unit must march to a hex: steps over the ground it may cross, not the hex count.

The Kolocha is crossed only at fords and bridges, and woods are entered and left only along a
road (Terrain Effects Chart; Movement). By the hex count, a unit on the west bank facing the
Schevardino redoubt is as near it at 2725 as at the ford hex 2724 beside it, and at 2622 as
at 2623: nothing draws it along the bank to the ford, and the units that reach the bank stay
there (in Shevardino's dice seed 1, level 1's III Corps stood on the west bank from its arrival
to the end). By steps, 2725 is six from the redoubt and 2724 five. Around woods the gap is
wider: 3812 is 10 hexes from the Great Redoubt and 20 steps. The march counts the steps of the
shortest way the ground allows, units and zones of control left out: those change every move,
the ground never does, so it is worked out once per map and hex.
"""
from __future__ import annotations

from collections import deque
from functools import cache

from rules.borodino.battlemap import BattleMap
from rules.borodino.movement import passable_steps
from rules.core.hexes import Hex, distance


def march(m: BattleMap, h: Hex, goal: Hex) -> int:
    """Steps from h to goal by the ground's passable steps; the hex count where the ground
    offers no way (an entry hex beyond the map edge: its unit's first step is onto the map)."""
    return _steps_to(m, goal).get(h, distance(h, goal))


@cache
def _steps_to(m: BattleMap, goal: Hex) -> dict[Hex, int]:
    """The steps from every hex with a way to `goal`, by a breadth-first search out of it. The
    ground's steps run both ways (a river, a ford and a woods road are the same from either
    side), so the steps out of the goal are the steps into it."""
    steps = passable_steps(m)
    far = {goal: 0}
    todo = deque([goal])
    while todo:
        h = todo.popleft()
        for n, _ in steps.get(h, ()):
            if n not in far:
                far[n] = far[h] + 1
                todo.append(n)
    return far
