"""A combat result's choices as the chooser reads them among the answers offered (a button's
label): the command names hexes, and `retreat 3019` is where a beaten unit goes in one step and
the hex of an artillery unit electing to retreat in another (Artillery C), so the words read the
waiting step. Units are named as the question names them (results.named): by id, as the `units` list
does, with their hex where a step may ask of several ('F-I-2 in 2805'). Pure: no formatting.
"""
from __future__ import annotations

from rules.borodino import results
from rules.borodino.battle import Battle, points
from rules.borodino.commands import Advance, Command, Lose, Retreat, Stay
from rules.core.events import listed

STAYS = {"advance": "Stay: no advance", "voluntary": "Stay: no artillery retreats"}
LABEL = 80  # characters: the longest a button's label reads whole on Discord; a longer chain is said shortly


def in_words(b: Battle, cmd: Command) -> str:
    """`cmd` as an answer to the step waiting in `b` reads: 'F-V-16 retreats to 3019', 'R-VII-27w in
    3019 advances into 3018 (the Northern Flèche)', 'F-V-art in 2707 elects to retreat (Artillery C)',
    'Lose F-I-2 in 2805 (7 Combat Points)', 'Stay: no advance'; its text where it answers no step."""
    pending = b.s.get("pending")
    step = pending["steps"][0] if pending and pending["steps"] else {"kind": None}
    kind = step["kind"]
    if isinstance(cmd, Retreat) and kind == "retreat" and cmd.then:
        said = _chain(b, step, cmd)
        return said if len(said) <= LABEL else _chain(b, step, cmd, short=True)
    if isinstance(cmd, Retreat) and kind == "retreat":
        return _retreat(b, step, cmd.to)
    if isinstance(cmd, Retreat) and kind == "voluntary" and (uid := b.at(cmd.to)):
        return f"{results.named(b, uid)} elects to retreat (Artillery C)"
    if isinstance(cmd, Advance) and kind == "advance" and (uid := b.at(cmd.unit)) and cmd.to:
        return f"{results.named(b, uid)} advances into {cmd.to}{_redoubt(b, cmd.to)}"
    if isinstance(cmd, Lose) and kind == "lose" and all(b.at(h) for h in cmd.units):
        uids = [b.at(h) or "" for h in cmd.units]
        return f"Lose {listed([results.named(b, u) for u in uids])} ({points(sum(b.strength(u) for u in uids))})"
    if isinstance(cmd, Stay) and kind in STAYS:
        return STAYS[kind]
    return cmd.to_text()


def _retreat(b: Battle, step: dict, to: str) -> str:
    """'F-V-16 retreats to 3019', with the redoubt there, the friendly unit it displaces there and
    which hex of a two-hex retreat (Doomed Victory 6.10) it is."""
    displaced = dict(results.options_of(b, step)).get(to)
    which = "second" if "away_from" in step else "first" if step.get("hexes", 1) > 1 else ""
    return (f"{step['unit']} retreats to {to}{_redoubt(b, to)}" + (f", displacing {displaced}" if displaced else "")
            + (f", the {which} of two hexes" if which else ""))


def _chain(b: Battle, step: dict, cmd: Retreat, short: bool = False) -> str:
    """'R-VIII-12 retreats to 2704, displacing R-VIII-2Gr, which retreats to 2703': each unit of a chain
    of retreats where it goes, in the order chosen; a two-hex retreat's second hex 'then to 2702'; the
    next unit the result sends back '; F-I-5 to 2620'; the advance after them '; no advance', '; F-I-2 in
    2706 advances into 2705'. Read from the position before it: who stood in a hex of the chain stands
    there still (each is entered once), and the result's steps say which unit comes next. `short`: each
    unit and where it goes alone, a displaced unit named where it moves ('R-VIII-12 to 2704, R-VIII-2Gr
    to 2703; F-I-2 in 2706 into 2705'), for a chain whose words run past a button's LABEL: it read as its
    command there ('retreat 2819 then 2820 then 2920 then ...')."""
    unit, last = step["unit"], cmd.to
    said = f"{unit} to {cmd.to}" if short else _retreat(b, step, cmd.to)
    second = step.get("hexes", 1) > 1  # the unit's own second hex comes next
    later = [s["unit"] for s in b.s["pending"]["steps"][1:] if s["kind"] == "retreat"]
    for to in cmd.then:
        if to == "stay":
            return said + "; no advance"
        if to.startswith("advance"):
            _, frm, *into = to.split()
            mover = b.at(frm)
            moves = "into" if short else "advances into"
            return said + (f"; {results.named(b, mover)} {moves} {into[0]}" if mover and into else f"; {to}")
        displaced = b.at(last)
        if displaced not in (None, unit):
            said, unit = said + (f", {displaced} to {to}" if short else f", which retreats to {to}"), displaced
        elif second:
            said, second = said + f", then to {to}", False
        else:
            unit = later.pop(0) if later else unit
            said += f"; {unit} to {to}"
        said += f", displacing {b.at(to)}" if b.at(to) and not short else ""
        last = to
    return said


def _redoubt(b: Battle, h: str) -> str:
    """' (the Great Redoubt)' for a redoubt's hex, else nothing."""
    return f" (the {b.map.redoubts[h].name})" if h in b.map.redoubts else ""
