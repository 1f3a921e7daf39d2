"""Whether a unit ending its move in a hex has bought an attack: "ALL Enemy units to which there are
Friendly units adjacent MUST be attacked" (Combat B), and it may not leave (Zones of Control, D).
Level 1 keeps units out of such hexes where the attack would lose, and the march for the east edge
(east_edge.py) never stops in one."""
from __future__ import annotations

from rules.borodino import commands as C
from rules.borodino.battle import Battle, enemy_of, engaged_around
from rules.core.hexes import Hex


def engages(b: Battle, side: str, h: Hex | None, among: frozenset[Hex] | None = None) -> bool:
    """Whether a unit ending its move in h stands next to an enemy unit it must attack (Combat B),
    one of `among` when given."""
    if h is None or h == C.OFF:
        return False
    enemy = enemy_of(side)
    return any(b.side_at(n) == enemy and (among is None or n in among) for n in engaged_around(b.map, h))
