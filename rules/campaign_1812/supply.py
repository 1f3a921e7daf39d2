"""SUPPLY and WINTER, the Supply Segment after the French Player-Turn (SPI's 1812 overview):

* "each area containing combat units is inspected. The total number of corps in the area is
  compared to the Area Depletion Chart, and note is made if a supply unit accompanies the units.
  ... An area is either undepleted, 50% depleted or 100% depleted." "Once an area is depleted, it
  remains so for the remainder of the game."
* "Units existing in a 100% depleted area are unsupplied unless a friendly depot in an adjacent
  area can 'project' supplies to those units. If not, such unsupplied units must be subject to a
  die roll on the Unsupplied Chart, which may cause their elimination."
* "The French Player may create a mobile Depot Unit by voluntarily 100% depleting an unoccupied
  area with a supply unit."
* WINTER: "preventing depots from projecting supplies and ... making unsupplied units much more
  susceptible to elimination."

Reconstructed: depletion steps first, then supply (so an army that strips an area bare this turn
starves in it now). Who is supplied follows the option depot_supply (readings.py): a depot feeds its
own area always and projects into the areas next to it outside winter; in games without the option,
the first reading: a depot feeds its own place and projects to the places next to it, and Russian
corps in a victory place the Russians control draw on its magazines.
"""
from __future__ import annotations

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.game import SIDES, Game, counted
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import Event, event, listed


def create_depot(g: Game, side: str, place: int) -> list[Event]:
    """SUPPLY: a French supply unit 100% depletes an area no corps occupies, and a depot stands in
    its place (reconstructed: the supply unit stays, to gather again elsewhere). A refusal names the
    places where a depot may be made instead."""
    why = _no_depot(g, place)
    if why:
        able = depot_places(g)
        raise RuleViolation("Supply", f"{why}; " + (f"a depot may be made now in {g.nearest(able, place)}" if able
                                                    else "no depot may be made now: `end` the Supply Segment"))
    area = g.places[place].area
    g.s["depleted"][str(area)] = 100
    g.add("french", place, {"depot": 1})
    return [event(f"The French create a depot in {g.name(place)}; the area is 100% depleted (Supply).",
                  kind="depot", place=place)]


def depot_places(g: Game) -> list[int]:
    """Where the French may make a depot now: a supply unit of theirs in an area unoccupied and not bare."""
    return [p for p in g.stacks("french") if not _no_depot(g, p)]


def _no_depot(g: Game, place: int) -> str | None:
    """Why no depot may be made in `place` now (None: one may): no French supply unit there, the area
    occupied by French corps or a Russian stack, or nothing left in it to gather."""
    if not g.stack("french", place)["supply"]:
        return f"a depot is created by a supply unit, and you have none in {g.name(place)}"
    area = g.places[place].area
    for p in (p for p in g.places if g.places[p].area == area):
        if g.corps("french", p) or g.has("russian", p):
            who = "French corps" if g.corps("french", p) else "a Russian stack"
            return (f"the area of {g.name(place)} is occupied by {who}{'' if p == place else f' in {g.name(p)}'}: "
                    "a depot is made by 100% depleting an unoccupied area")
    if g.s["depleted"].get(str(area)) == 100:
        return f"the area of {g.name(place)} is already 100% depleted: nothing is left to gather"
    return None


def resolve(g: Game) -> list[Event]:
    """The Supply Segment: depletion of every area holding corps, then the unsupplied rolls."""
    return deplete(g) + [e for side in SIDES for e in starve(g, side)]


def deplete(g: Game) -> list[Event]:
    """The Area Depletion Chart for every area holding corps, told in one line: a Supply Segment read
    'Riga (4) is now 100% depleted (Area Depletion Chart).' a line for each of eight areas."""
    now: dict[int, list[str]] = {}
    areas = sorted({p.area for p in g.places.values()})
    for area in areas:
        members = [n for n, p in g.places.items() if p.area == area]
        corps = sum(g.corps(s, n) for s in SIDES for n in members)
        if not corps:
            continue
        fed = any(g.stack(s, n)["supply"] for s in SIDES for n in members)
        chart = g.tables.depletion["with_supply" if fed else "without_supply"]
        steps = max((st for least, st in chart if corps >= least), default=0)
        before = g.s["depleted"].get(str(area), 0)
        after = min(100, before + 50 * steps)
        if after != before:
            g.s["depleted"][str(area)] = after
            where = g.name(members[0]) if len(members) == 1 else \
                f"the area of {' and '.join(g.name(n) for n in sorted(members))}"
            now.setdefault(after, []).append(where)
    return [depleted(now)] if now else []


def depleted(now: dict[int, list[str]]) -> Event:
    """The places whose depletion a Supply Segment raised, the most depleted first: 'Riga (4) and
    Dinaburg (6) are now 100% depleted; Vitebsk (10) 50% (Area Depletion Chart).'"""
    (most, first), *rest = sorted(now.items(), reverse=True)
    said = f"{listed(first)} {'is' if len(first) == 1 else 'are'} now {most}% depleted" \
        + "".join(f"; {listed(places)} {percent}%" for percent, places in rest)
    return event(f"{said[:1].upper()}{said[1:]} (Area Depletion Chart).", kind="depletion")


def supplied(g: Game, side: str, place: int) -> bool:
    """Whether the side's units there are in supply (see the module's rules)."""
    area = g.places[place].area
    if g.s["depleted"].get(str(area)) != 100:
        return True
    if g.option("depot_supply"):
        fed = {area} if g.winter() else {area} | data.areas_next_to(area)
        return any(g.stack(side, n)["depot"] for n in g.places if g.places[n].area in fed)
    if g.stack(side, place)["depot"]:
        return True
    if side == "russian" and g.s["control"].get(str(place)) == "russian":
        return True
    return not g.winter() and any(g.stack(side, n)["depot"] for n in g.neighbours(place))


def starve(g: Game, side: str) -> list[Event]:
    """The Unsupplied Chart: one roll per unsupplied corps, on the side's own dice (its count is
    hidden from the other side), told to the owner alone: whether a stack is supplied turns on the
    depots in the stacks next to it, which the other side may not see."""
    out = []
    doomed = g.tables.unsupplied["winter" if g.winter() else "normal"]
    for place in g.stacks(side):
        if supplied(g, side, place) or not g.corps(side, place):
            continue
        lost = {"inf": 0, "cav": 0}
        for kind in ("inf", "cav"):
            lost[kind] = sum(roll(g.s["side_dice"][side]) in doomed for _ in range(g.stack(side, place)[kind]))
        for kind, n in lost.items():
            g.take(side, place, kind, n)
        said = f"lost {counted(lost)}" if any(lost.values()) else "no corps lost"
        out.append(event(f"Your units in {g.name(place)} are unsupplied (Unsupplied Chart): {said}.",
                         side, kind="unsupplied", place=place))
    return out
