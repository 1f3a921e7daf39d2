"""Odds before you commit: the Combat Results Table of a battle, from what the
asker may see.

A battle's course turns first on the Battle Plan Chart, whose cell the two secret chits choose,
and the enemy stack is hidden until both are down (STACKING: "The opposing Player may not learn
the composition of the stack unless he is willing to do battle"). Counting a hidden stack "as an
average" the way Bloody Monday counts unseen blocks is not honest here: 1812 keeps no public
roster of what the enemy has left (forced-march and unsupplied losses are rolled on dice only
their owner sees), so there is no average to take. The odds are therefore given once the rules
have shown both stacks and both chits -- at the defender's choice (`fight` or `retreat`), where
fighting goes to the Combat Results Table -- and refused before, saying why, and after (once the
battle has gone on to its retreats, the table is no more to be rolled).
"""
from __future__ import annotations

from rules.campaign_1812 import leaders
from rules.campaign_1812.combat import column
from rules.campaign_1812.commands import place as read_place
from rules.campaign_1812.game import Game
from rules.core.errors import CommandError, RuleViolation

CODES = {"A": "the attacker loses {} infantry corps", "D": "the defender loses {} infantry corps"}


def forecast(state: dict, text: str) -> dict:
    """`odds <place>`: the Combat Results Table of the battle there, its stacks and chits shown."""
    words, bt, g = text.split(), state["battle"], Game(state)
    if len(words) != 1:
        raise CommandError(f"odds takes the place of a battle: `odds {bt['place']}`, the battle under way in "
                           f"{g.name(bt['place'])}." if bt else "odds takes the place of a battle: `odds 15`.")
    place = read_place(words[0])
    if (nowhere := g.not_a_place(place)) is not None:
        raise RuleViolation("The Game Map", nowhere)
    if bt is None or bt["place"] != place:
        elsewhere = f" (the battle under way is in {g.name(bt['place'])})" if bt else ""
        raise RuleViolation("Combat", f"no battle is being fought in {g.name(place)}{elsewhere}; odds are given for "
                            "the battle under way at the defender's choice, once both Battle Plans are revealed")
    if bt["stage"] == "plans":
        raise RuleViolation("Combat", f"the Battle of {g.name(place)} turns on two secret Battle Plans and a stack "
                            "hidden until both are down (Stacking), and no public roster tells what the enemy has "
                            "left to average over; `odds` gives the Combat Results Table at the defender's choice, "
                            "once both are revealed")
    if bt["stage"] != "choice":
        raise RuleViolation("Combat", f"the Battle of {g.name(place)} has gone past the Combat Results Table to its "
                            "retreats; `odds` gives the table before it is rolled, at the defender's choice")
    return _table(g, bt)


def _table(g: Game, bt: dict) -> dict:
    """What each die brings on the Combat Results Table (modified for French leadership)."""
    t, place, a, d = g.tables, bt["place"], bt["attacker"], bt["defender"]
    strength = {s: g.infantry(s, place) * (2 if s in bt["double"] else 1) for s in (a, d)}
    col = column(t.crt_columns, strength[a], max(1, strength[d]))
    shift = leaders.shift(g, a, d, place)
    by_result: dict[str, list[int]] = {}
    for die in range(1, 7):
        row = max(0, min(len(t.crt_rows) - 1, die + shift))
        by_result.setdefault(t.crt_rows[row][col], []).append(die)
    doubled = " and ".join(s.title() for s in (a, d) if s in bt["double"])
    return {"kind": "results",
            "title": f"Battle of {g.name(place)}, if it is fought: {a.title()} {strength[a]} against "
                     f"{d.title()} {strength[d]} infantry" + (f" ({doubled} counted double, cx2)" if doubled else "")
                     + f", column {t.crt_columns[col]}, die {'+' if shift >= 0 else ''}{shift} for "
                     f"{'the leaders present' if g.option('leaders') else 'French leadership'}",
            "notes": ["then the attacker's surplus cavalry pursues (the Pursuit Step)"],
            "results": [{"faces": faces, "probability": len(faces) / 6, "result": result,
                         "meaning": _meaning(result)} for result, faces in by_result.items()]}


def _meaning(result: str) -> str:
    """'A1 Dr' -> 'the attacker loses 1 infantry corps, the defender retreats'."""
    said = [f"the {'attacker' if w[0] == 'A' else 'defender'} retreats" if w[1:] == "r"
            else CODES[w[0]].format(w[1:]) for w in result.split()]
    return ", ".join(said)
