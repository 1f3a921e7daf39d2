"""Level 2: level 1 with the sudden deaths counted (decisive.py).

The seat's level 2 plays decisive.Decisive: level 1's planner with How to Win A and C counted from
the dice, on the same boards drawn from its belief. Measured against level 1 it wins more games
from both seats (docs/computer-opponent.md, Bloody Monday, "Level 2"). A search over macro actions
(single-observer ISMCTS) was tried on top and not kept: it won no more (the same section).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from rules.bloody_monday.ai.belief import believe
from rules.bloody_monday.ai.decisive import Decisive
from rules.bloody_monday.ai.level1 import planner
from rules.core.ai import Decision


class Level2:
    """The level-2 commander: level 1 with the sudden deaths counted (decisive.Decisive)."""

    def plan(self, view: dict, seen: Sequence[dict], rng: random.Random) -> list[Decision]:
        base = planner(view, believe(view, seen), rng)
        return Decisive(base.side, base.state, base.hidden, base.draws).plan()
