"""6.4 Defender Retreat: "Retreating Units must move into any adjacent and controlled Areas without
overstacking. Retreating Units which cannot retreat due to overstacking are eliminated at the
controlling player's choice."

Where a retreat may go is public (control of the adjacent areas), so whether the game offers the
retreat never depends on hidden blocks; room is the defender's own business (stacking
counts a side's own units, 1.2). 9.11-9.12 bind a retreating unit like any move. The defender
names the areas (`retreat 40 43`: the units are spread over them, refused when some would be lost
while others could go) or places each unit (`retreat r-1-3 40 r-1-4 43`: the units not named are
lost, which is allowed only for units left without room in every area they may enter).
"""
from __future__ import annotations

from collections.abc import Sequence

from rules.bloody_monday import movement
from rules.bloody_monday.commands import Command, Retreat
from rules.bloody_monday.game import Game, plural
from rules.core.errors import RuleViolation
from rules.core.events import event

Places = dict[str, int]  # retreating block -> the area it goes to


def retreat_areas(g: Game) -> list[int]:
    """The adjacent areas the defender controls, contested or not (6.4; Controlled Area)."""
    bt = g.s["battle"]
    return sorted(n for n in g.areas[bt["area"]].neighbours if g.owner(n) == bt["defender"])


def retreating(g: Game) -> list[str]:
    """The defender's units in the battle area, supreme commander first, then strongest first."""
    bt = g.s["battle"]
    return sorted(g.units(bt["area"], bt["defender"]),
                  key=lambda b: (g.defs[b].type != "supreme_commander", -g.strength(b), b))


def _has_room(g: Game, bid: str, area: int, taken: dict[int, int]) -> bool:
    """Whether `bid` may enter `area` with `taken` of its side's places there already given away."""
    if not movement.may_enter(g, bid, area):
        return False
    return g.defs[bid].type == "supreme_commander" or g.room(g.side(bid), area) > taken.get(area, 0)


def _taking(g: Game, bid: str, area: int, taken: dict[int, int]) -> dict[int, int]:
    """The places taken once `bid` stands in `area` (supreme commanders take none: 1.2)."""
    if g.defs[bid].type == "supreme_commander":
        return taken
    return {**taken, area: taken.get(area, 0) + 1}


def spread(g: Game, units: list[str], areas: tuple[int, ...], taken: dict[int, int] | None = None) -> Places | None:
    """A placement of every unit in the areas (earlier areas first), or None if there is none."""
    if not units:
        return {}
    bid, rest = units[0], units[1:]
    for area in areas:
        if _has_room(g, bid, area, taken or {}):
            placed = spread(g, rest, areas, _taking(g, bid, area, taken or {}))
            if placed is not None:
                return {bid: area, **placed}
    return None


def greedy(g: Game, units: list[str]) -> Places:
    """Each unit in turn into the first retreat area with room left: a placement that loses only
    units without room (rooms only shrink, so a unit without room stays without)."""
    places: Places = {}
    taken: dict[int, int] = {}
    for bid in units:
        area = next((n for n in retreat_areas(g) if _has_room(g, bid, n, taken)), None)
        if area is not None:
            places[bid] = area
            taken = _taking(g, bid, area, taken)
    return places


def check(g: Game, places: Places) -> None:
    """Refuse a placement that breaks 6.4, 1.2 or 9.11-9.12, or loses a unit that has room."""
    allowed = retreat_areas(g)
    taken: dict[int, int] = {}
    for bid, area in places.items():
        if area not in allowed:
            raise RuleViolation("6.4", f"retreat into adjacent areas you control: {', '.join(map(str, allowed))}")
        if not movement.may_enter(g, bid, area):
            raise RuleViolation(movement.limit_case(g, bid),
                                f"{g.public_name(bid)} may not cross the command limit into {area}")
        if not _has_room(g, bid, area, taken):
            raise RuleViolation("1.2", f"{area} has no room left for {g.public_name(bid)}; place it elsewhere")
        taken = _taking(g, bid, area, taken)
    for bid in retreating(g):
        free = [n for n in allowed if bid not in places and _has_room(g, bid, n, taken)]
        if free:
            raise RuleViolation("6.4", f"{g.public_name(bid)} has room in {free[0]}: only units that cannot "
                                "retreat for overstacking are eliminated; place it too")


def placement(g: Game, side: str, cmd: Retreat) -> Places:
    """The placement a retreat command asks for: by unit (long form) or spread over areas."""
    if cmd.blocks:
        places = {g.resolve(side, ref): area for ref, area in zip(cmd.blocks, cmd.areas, strict=True)}
        strays = [bid for bid in places if bid not in retreating(g)]
        if strays or len(places) != len(cmd.blocks):
            raise RuleViolation("6.4", "name each of your units in the battle area once: "
                                + ", ".join(retreating(g)))
        check(g, places)
        return places
    allowed = retreat_areas(g)
    if any(n not in allowed for n in cmd.areas) or len(set(cmd.areas)) != len(cmd.areas):
        raise RuleViolation("6.4", f"retreat into adjacent areas you control: {', '.join(map(str, allowed))}")
    units = retreating(g)
    spreading = spread(g, units, cmd.areas)
    if spreading is not None:
        return spreading
    if not greedy(g, units):
        return {}  # nobody has room anywhere: all are lost, there is no choice to make
    barred = [bid for bid in units if not any(movement.may_enter(g, bid, n) for n in cmd.areas)]
    if barred:
        raise RuleViolation(movement.limit_case(g, barred[0]),
                            f"{g.public_name(barred[0])} may not cross the command limit into "
                            f"{', '.join(map(str, cmd.areas))}")
    raise RuleViolation("6.4", f"not all your units have room in {', '.join(map(str, cmd.areas))}: place each, "
                        "`retreat <block> <area> ...`; the units you do not name are eliminated")


def distinct(g: Game, side: str, cmds: Sequence[Command]) -> list[Command]:
    """The commands with each placement of the retreats among them once, the first that makes it
    kept: `retreat 19 33` places a lone unit, or units that all fit 19, as `retreat 19` does (the
    areas are filled in the order named), and a player offered both would read two answers that
    do one thing. The other commands stay as they are."""
    seen: set[frozenset[tuple[str, int]]] = set()
    out: list[Command] = []
    for cmd in cmds:
        if isinstance(cmd, Retreat):
            places = frozenset(placement(g, side, cmd).items())
            if places in seen:
                continue
            seen.add(places)
        out.append(cmd)
    return out


def execute(g: Game, side: str, places: Places) -> list[dict]:
    """Move the placed units, eliminate the others; the area passes to the attacker."""
    area = g.s["battle"]["area"]
    lost = [bid for bid in retreating(g) if bid not in places]
    for bid, dest in places.items():
        g.place(bid, dest)
    events = [g.eliminate(bid) for bid in lost]
    g.claim(area)
    counts = {dest: sum(1 for d in places.values() if d == dest) for dest in sorted(set(places.values()))}
    where = ", ".join(f"{plural(n, 'block', 'blocks')} into {dest}" for dest, n in counts.items()) or "no unit had room"
    mine = "; ".join(f"{g.public_name(bid)} → {dest}" for bid, dest in places.items()) or "no unit had room"
    return [event(f"The {side.title()} player spends the Initiative Disc to retreat from {area}: {where} (6.4).",
                  kind="retreat", side=side, area=area), *events, event(f"Your retreat: {mine}.", to=side)]
