"""What an attack is worth, by the exact expectation over the Combat Resolution Table.

The attack is planned as `attack` plans it (`combat.plan_attack`: strengths, doubling, redoubts,
artillery), and each of the six die faces of its CRT column is followed: a retreat with no open
hex is an elimination (Retreat and Advance), artillery the result spares suffers nothing (Artillery C:
`results.spared_attackers`, the attack's own reading).
Each result is scored in Combat Points for the attacker (enemy points destroyed minus its own, an
exchange costing at least the defender's printed strength: CRT, Ex), its own points weighted by
what its side's victory conditions make them cost (goals.loss_weight), plus what the ground is
worth: a victory hex the defender must leave, and, for level 2 (`holding`), one an attacker must
leave when the attack fails (Ar, Ae): a unit in a victory hex next to an enemy owes an attack
(Combat B), and the defender may advance into the hex it is pushed from (Combat H). Given the
`stakes` of a side behind in the Grand Battle's last day (stakes.py), each result also counts
what it changes in the game's result.

Whether a retreat is open is `results.retreat_open_here`: one search, exact, kept per position.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from rules.borodino import commands as C
from rules.borodino.ai.stakes import After, Stakes
from rules.borodino.attack_cover import Contact
from rules.borodino.battle import Battle, enemy_of
from rules.borodino.combat import plan_attack
from rules.borodino.results import retreat_open_here, spared_attackers
from rules.core.errors import RuleViolation
from rules.core.hexes import Hex

RETREAT = Fraction(1, 2)  # a unit pushed back loses its ground, a little less than a point
GROUND = 6                # a victory hex the defender is driven from
WHOLE, BACK = 2, int(2 * RETREAT)  # a unit lost and a unit pushed back, in half Combat Points: whole numbers, exact


@dataclass(frozen=True)
class Expectation:
    """The attack's odds column and its expected value for the attacker, in Combat Points; of it,
    `stake` is what the results change in the game's result (stakes.py), `turns` the chance in six
    of the best such result and what it changes, `aim` what the stakes are (Stakes.aim), and `spared`
    whether no result strikes an attacker (Artillery C), for the reason."""

    odds: str
    value: Fraction
    stake: Fraction = Fraction(0)
    turns: tuple[int, str] = (0, "")
    aim: str = ""
    spared: bool = False


def expectation(b: Battle, side: str, cmd: C.Attack, goals: Collection[Hex],
                own_weight: Fraction = Fraction(1), holding: bool = False,
                now: Contact | None = None, stakes: Stakes | None = None) -> Expectation | None:
    """The exact expected value of an attack over the six die faces (CRT); None when the rules
    refuse it (Combat A-K; the attacks still owed, Combat B-D, are not asked). With `holding`, a
    victory hex an attacker stands in is ground lost when the attackers retreat or die. `now`:
    `combat.contact(b, side)` when the caller has it, to keep the plan for the attack's check."""
    try:
        plan = plan_attack(b, side, cmd, check_obligations=False, now=now)
    except RuleViolation:
        return None
    spared = spared_attackers(b, plan)  # Artillery C
    exposed = [a for a in plan.attackers if a not in spared]
    attacking, defending = frozenset(plan.attackers), frozenset(plan.defenders)  # each side's units involved
    ours = sum(b.strength(a) for a in exposed)
    theirs = sum(b.strength(d) for d in plan.defenders)
    printed = theirs if plan.defenders else b.map.redoubts[plan.redoubt_defending or ""].strength
    vacates = any(d in goals for d in cmd.defenders)
    leaves = holding and any(b.hex_of(a) in goals for a in exposed)
    whole, back = WHOLE, BACK  # the sums below count half Combat Points

    def pushed(units: list[str], involved: frozenset[str]) -> int:  # lost by a retreat, whole when it is blocked
        return sum(b.strength(u) * (back if retreat_open_here(b, u, involved) else whole) for u in units)

    def after(result: str) -> After:  # what the result leaves, for the stakes
        failed = result in ("Ae", "Ar")
        beaten, victors = (exposed, plan.defenders) if failed else (plan.defenders, exposed)
        involved = attacking if failed else defending
        dead = beaten if result in ("Ae", "De", "Ex") else \
            [u for u in beaten if not retreat_open_here(b, u, involved)]
        lost = {side if failed else enemy_of(side): sum(b.strength(u) for u in dead)}
        if result == "Ex" and exposed:
            lost[side] = printed
        vacated = tuple(b.hex_of(u) for u in beaten) + (() if failed or plan.defenders else tuple(cmd.defenders))
        return After(lost, vacated, tuple(victors))

    gained = spent = turned = 0  # over the six faces: the enemy's points lost and the ground, our own lost
    turns, top = (0, ""), 0
    for result, faces in b.tables.faces(plan.odds).items():
        if result == "Ae":
            spent += faces * whole * ours
        elif result == "De":
            gained += faces * whole * theirs
        elif result == "Ex":
            gained += faces * whole * theirs
            spent += faces * whole * printed if exposed else 0
        elif result == "Ar":
            spent += faces * pushed(exposed, attacking)
        else:  # Dr
            gained += faces * pushed(plan.defenders, defending)
        if vacates and result in ("De", "Ex", "Dr"):
            gained += faces * whole * GROUND
        if leaves and result in ("Ae", "Ar"):
            gained -= faces * whole * GROUND
        if stakes is not None and (swing := stakes.swing(left := after(result))):
            turned += faces * swing
            if swing > 0:  # the chance of a better result, and what the best one changes
                top, turns = max(top, swing), (turns[0] + faces, stakes.changed(left) if swing > top else turns[1])
    w = own_weight  # one Fraction made, not three: a plan weighs many attacks
    value = Fraction(gained * w.denominator - w.numerator * spent, 6 * whole * w.denominator)
    return Expectation(plan.odds, value + Fraction(turned, 6), Fraction(turned, 6), turns,
                       "" if stakes is None else stakes.aim, not exposed)
