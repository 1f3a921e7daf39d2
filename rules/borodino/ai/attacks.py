"""What an attack is worth, by the exact expectation over the Combat Resolution Table.

`odds.forecast` plans the attack as `attack` would (strengths, doubling, redoubts, artillery) and
lists what each of the six die faces of its CRT column does, counting a retreat with no open hex as
an elimination (Retreat and Advance). Here each result is scored in Combat Points for the attacker
(enemy points destroyed minus its own, an exchange costing at least the defender's printed
strength: CRT, Ex) plus what the ground is worth: a victory hex the defender must leave.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from rules.borodino import commands as C
from rules.borodino.odds import forecast
from rules.core.hexes import Hex

RETREAT = Fraction(1, 2)  # a unit pushed back loses its ground, a little less than a point
GROUND = 6                # a victory hex the defender is driven from
_DESCRIBED = re.compile(r"^\S+ \((French|Russian) (\d+)-\d+ ")


@dataclass(frozen=True)
class Expectation:
    """The attack's odds column and its expected value for the attacker, in Combat Points."""

    odds: str
    value: Fraction


def _points(described: list[str], side: str) -> int:
    """Signed points of the units a forecast names ('3224 (French 7-4 infantry)'): + enemy, - own."""
    total = 0
    for d in described:
        m = _DESCRIBED.match(d)
        if m is None:
            raise ValueError(f"unexpected unit description {d!r}")
        total += int(m[2]) * (-1 if m[1].lower() == side else 1)
    return total


def expectation(state: dict, side: str, cmd: C.Attack, goals: dict[Hex, str]) -> Expectation:
    """The exact expected value of an attack over the six die faces (CRT)."""
    f = forecast(state, cmd.to_text().removeprefix("attack "))
    value = Fraction(0)
    vacates = any(d in goals for d in cmd.defenders)
    for r in f["results"]:
        v = Fraction(_points(r["eliminated"] + r["blocked"], side) - r["exchange"])
        v += RETREAT * _points(r["retreat"], side)
        if vacates and r["result"] in ("De", "Ex", "Dr"):
            v += GROUND
        value += Fraction(len(r["faces"]), 6) * v
    return Expectation(f["odds"], value)
