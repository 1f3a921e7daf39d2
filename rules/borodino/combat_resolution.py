"""Resolving a declared attack (Borodino, COMBAT General Rule; COMBAT RESOLUTION TABLE).

The attack is checked and its odds computed by `combat.plan_attack`; here the die is rolled
(from the dice in the state), the table read, the attack written to the turn's log, and the
result handed to `results.start_result`, which carries it out "IMMEDIATELY".
"""
from __future__ import annotations

from fractions import Fraction

from rules.borodino import results
from rules.borodino.battle import Battle
from rules.borodino.combat import attacked_hexes, plan_attack
from rules.borodino.commands import Attack
from rules.core.dice import roll
from rules.core.events import Event, event


def resolve(b: Battle, side: str, cmd: Attack) -> list[Event]:
    """Check, roll and carry out one attack, with the answers written with it to the choices its result
    leaves the attacker (results.ahead); returns its events (the combat line first), which undo may not
    cross since a die was rolled (rules.core.play)."""
    plan = plan_attack(b, side, cmd)
    results.check_ahead(b, plan, cmd.then)
    die = roll(b.s["dice"])
    result = b.tables.result(plan.odds, die)
    for a in plan.attackers:
        b.edit(a)["attacked"] = True
    for d in plan.defenders:
        b.edit(d)["defended"] = True
        if d in b.s["frozen"]:  # 5 Sept special rules: a French attack frees the unit
            b.s["frozen"].remove(d)
    for h in (plan.redoubt_attacking, plan.redoubt_defending if plan.redoubt_alone else None):
        if h:
            b.s["redoubts"][h]["attacked"] = True
    att_hexes = [b.hex_of(a) for a in plan.attackers]
    if plan.redoubt_attacking:
        att_hexes.append(f"R{plan.redoubt_attacking}")
    def_hexes = attacked_hexes(b, plan)
    b.s["log"]["attacks"].append({"side": side, "attackers": att_hexes, "defenders": def_hexes,
                                  "bombarding": [b.hex_of(a) for a in plan.bombarding],
                                  "odds": plan.odds, "die": die, "result": result})
    said = plan.attack_notes + plan.notes
    notes = f" ({'; '.join(said)})" if said else ""
    verb = "attacks" if len(att_hexes) == 1 else "attack"  # '2919 (7) attacks 2918', '2919+2920 (14) attack'
    text = (f"{'+'.join(att_hexes)} ({_num(plan.attack)}) {verb} {'+'.join(def_hexes)} ({_num(plan.defence)}){notes}: "
            f"{plan.odds}, die {die}: {result}.")
    events = [event(text, kind="combat", odds=plan.odds, die=die, result=result, attackers=att_hexes,
                    defenders=def_hexes)]
    hexes = {uid: b.hex_of(uid) for uid in plan.attackers + plan.defenders}
    events = results.ahead(b, side, cmd.then, events + results.start_result(b, plan, result))
    _note_rallies(b.s["log"]["attacks"][-1], hexes, events)
    return events


def _note_rallies(logged: dict, hexes: dict[str, str], events: list[Event]) -> None:
    """Doomed Victory 8.151: the hexes of the units a leader rallied against the result, kept with
    the attack in the log (only where one did), so a picture that reads the result there says what
    became of it: a unit that rallied from a Dr stands where it stood."""
    rallied = [hexes[e["unit"]] for e in events if e.get("kind") == "rally" and e.get("rallied")]
    if rallied:
        logged["rallied"] = rallied


def _num(x: Fraction) -> str:
    """A strength as players write it: 7, or 3.5 for a halved 7."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
