"""MOVEMENT (SPI's 1812 overview): "Each corps can move one area, or sub-area per Player-Turn.
After a Player has moved all of his units, he may force march an additional area, rolling the die
on the Forced March table for each unit desiring to force march. The result is either a successful
forced march, elimination of the unit, or the forced march is not permitted -- the unit stays
where it is." "Supply units may move one area per Player-Turn and may not force march. French depot units
can only move if accompanied by a supply unit."

Reconstructed: Russian depots move like supply units; depots never force march; a corps tries
one forced march a Player-Turn, whether or not it moved; moving into or out of a place the enemy
holds is allowed (battle follows where both sides have infantry).
"""
from __future__ import annotations

from rules.campaign_1812 import leaders
from rules.campaign_1812.campaign_data import KINDS
from rules.campaign_1812.commands import Move
from rules.campaign_1812.game import Game, counted, empty
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import Event, event


def _chosen(g: Game, cmd: Move, key: str, rule: str) -> dict[str, int]:
    """The units a command names (or every one free to go), checked against what may go."""
    side, free = g.s["player"], g.free(key, cmd.origin)
    kinds = ("inf", "cav") if key == "marched" else KINDS
    if not g.has(side, cmd.origin):
        raise RuleViolation(rule, f"you have no stack in {g.name(cmd.origin)}; yours are in "
                            f"{g.nearest(g.stacks(side), cmd.origin)}")
    if cmd.to not in g.neighbours(cmd.origin):
        where = ("a stack moves away from its place" if cmd.to == cmd.origin else
                 f"{g.name(cmd.to)} is not next to {g.name(cmd.origin)}")
        raise RuleViolation(rule, f"{where}: a move is one area or sub-area, to one of "
                            f"{g.nearest(g.neighbours(cmd.origin), cmd.to)}")
    asked = dict(cmd.counts) if cmd.counts else {k: free[k] for k in kinds}
    units = {k: asked.get(k, 0) for k in KINDS}
    over = {k: n for k, n in units.items() if n > free[k]}
    verb = "force march" if key == "marched" else "move"
    if over:  # a forced march counts corps alone: supply units and depots never force march
        may = {k: free[k] if k in kinds else 0 for k in KINDS}
        raise RuleViolation(rule, f"{g.name(cmd.origin)} holds {counted(may)} free to {verb} this Player-Turn, "
                            f"not {counted({**empty(), **over})}")
    if not any(units.values()):
        goes = [k for k in kinds if not (k == "depot" and side == "french")]  # a French depot goes with supply
        elsewhere = [p for p in g.stacks(side) if any(g.free(key, p)[k] for k in goes)]
        raise RuleViolation(rule, f"nothing in {g.name(cmd.origin)} may {verb} any more this Player-Turn; "
                            + (f"yours that may are in {g.nearest(elsewhere, cmd.origin)}" if elsewhere else
                               "none of yours may: `end`"))
    return units


def move(g: Game, side: str, cmd: Move) -> list[Event]:
    units = _chosen(g, cmd, "moved", "Movement")
    if side == "french" and not cmd.counts and not units["supply"]:
        units["depot"] = 0  # "every unit that may go": French depots stay without a supply unit
    if side == "french" and units["depot"] and not units["supply"]:
        free = g.free("moved", cmd.origin)["supply"]
        instead = (f"add `1 supply` ({counted({'supply': free})} free in {g.name(cmd.origin)})" if free else
                   f"no supply unit in {g.name(cmd.origin)} is free to go with it, so the depot stays")
        raise RuleViolation("Movement", f"French depot units can only move if accompanied by a supply unit: {instead}")
    if cmd.leader:
        leaders.check_asked(g, side, cmd.origin, units)
    _shift(g, side, cmd.origin, cmd.to, units, "moved")
    return [event(f"A {side.title()} stack moves from {g.name(cmd.origin)} to {g.name(cmd.to)}.", kind="move",
                  origin=cmd.origin, dest=cmd.to),
            event(f"Moved {counted(units)} from {g.name(cmd.origin)} to {g.name(cmd.to)}.", side, kind="move"),
            *leaders.go(g, side, cmd.origin, cmd.to,
                        asked=(cmd.leader or not cmd.counts) and bool(units["inf"] + units["cav"]))]


def _shift(g: Game, side: str, origin: int, to: int, units: dict[str, int], key: str) -> None:
    """`units` go from `origin` to `to`, marked there as moved (or marched). Under the option
    corps_move_once (readings.py) a move takes only free corps (`_chosen`), so the marks of those that
    came in stay behind them, and a forced march takes its own marks; the first reading took marks
    away with any corps that left, so a corps that had come in could move on."""
    for k, n in units.items():
        g.take(side, origin, k, n)
    if g.option("corps_move_once"):
        if key == "marched":
            g.unmark("marched", origin, units)
    else:
        g.unmark("moved", origin, units)
        g.unmark("marched", origin, units)
    g.add(side, to, units)
    g.mark(key, to, units)


FATES = (("march", "arrived"), ("stay", "stayed"), ("eliminated", "eliminated"))  # told whenever a corps met it


def march(g: Game, side: str, cmd: Move) -> list[Event]:
    """One die per corps on the Forced March Table, rolled on the side's own dice (the number of
    corps is hidden from the other side)."""
    units = _chosen(g, cmd, "marched", "Movement: Forced March")
    table = g.tables.forced_march["winter" if g.winter() else "normal"]
    fate: dict[str, dict[str, int]] = {r: empty() for r in ("march", "stay", "eliminated")}
    for kind in ("inf", "cav"):
        for _ in range(units[kind]):
            fate[table[roll(g.s["side_dice"][side]) - 1]][kind] += 1
    g.mark("marched", cmd.origin, units)
    for kind, n in fate["eliminated"].items():
        g.take(side, cmd.origin, kind, n)
    g.unmark("marched", cmd.origin, fate["eliminated"])
    followed = []
    if any(fate["march"].values()):
        _shift(g, side, cmd.origin, cmd.to, fate["march"], "marched")
        followed = leaders.go(g, side, cmd.origin, cmd.to, asked=False)
    return [event(f"The {side.title()} player force marches from {g.name(cmd.origin)} toward {g.name(cmd.to)}.",
                  kind="march", origin=cmd.origin, dest=cmd.to),
            event(f"Forced march from {g.name(cmd.origin)} to {g.name(cmd.to)}: " + "; ".join(
                f"{counted(fate[r])} {said}" for r, said in FATES if r == "march" or any(fate[r].values())) + ".",
                side, kind="march"),
            *followed]
