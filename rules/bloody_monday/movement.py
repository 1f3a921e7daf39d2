"""Moving blocks (1.2, 1.2.2-1.2.4, 2.1, 5.2) and the area paths the rules trace: tactical range
(5.1.1) and lines of communication (4.1.1).

A step into an area costs its colour's MPs (green 1, yellow and red 2), +1 across the Kolocha, +1
to engage (enter an area with enemy units: the unit stops there), +1 to disengage (leave one);
activating a support unit costs +1 more. Stacking counts where a unit ends its move.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from rules.bloody_monday.bm_data import Battlefield
from rules.bloody_monday.game import CONTROL_KEYS, Game
from rules.core.errors import RuleViolation
from rules.core.events import event


@dataclass(frozen=True)
class Rules:
    """What a move may do in this kind of impulse."""

    mp: int
    engage: bool = True  # may enter an area with enemy units (never support units: 1.2.2)
    disengage: bool = True  # may leave an area with enemy units (6.3 forbids it)


def allowance(g: Game, bid: str) -> int:
    """2.1: fast 5, slow 3; 9.3 Agility: Murat and light cavalry 6, jagers 4, militia 2."""
    d = g.defs[bid]
    return d.agile_movement if g.option("agility") else d.movement


def command_limit(g: Game) -> bool:
    """Whether the line binds Barclay de Tolly and Bagration (9.11): 9.12 is "in addition to all the
    restrictions mentioned in OR 9.11", so either rule draws it."""
    return g.option("command_limit") or g.option("extreme_command_limit")


def may_enter(g: Game, bid: str, area: int) -> bool:
    """9.11: Barclay de Tolly stays north, Bagration south; 9.12: so do the 1st and 2nd Armies."""
    d = g.defs[bid]
    bound = g.option("extreme_command_limit") or (command_limit(g) and d.role == "army_commander")
    return not bound or d.command in (None, g.areas[area].command)


def limit_case(g: Game, bid: str) -> str:
    """The case that keeps this block to its half: 9.11 for an army commander, 9.12 for a unit."""
    return "9.11" if g.defs[bid].role == "army_commander" else "9.12"


def across_the_limit(g: Game, bid: str, area: int) -> RuleViolation:
    """The refusal of a move into `area` across the command limit, citing the case that binds the block."""
    return RuleViolation(limit_case(g, bid), f"{g.public_name(bid)} may not cross the command limit into {area}: "
                         f"it stays in the {g.defs[bid].command} of the map")


def step_cost(g: Game, side: str, start: int, frm: int, to: int) -> int:
    """MPs to step from `frm` into `to` on a move that began in `start` (1.2, 1.2.2, 1.2.3)."""
    cost = g.areas[to].terrain.movement_cost + (1 if to in g.areas[frm].kolocha else 0)
    if frm == start and g.has_enemy(side, frm):
        cost += 1
    return cost + (1 if g.has_enemy(side, to) else 0)


def _can_engage(g: Game, bid: str, rules: Rules) -> bool:
    return rules.engage and not g.defs[bid].is_support


Routes = dict[int, tuple[int, tuple[int, ...]]]  # area -> (MPs, cheapest path of areas entered)
# A kept search: (the areas it looked at, those of them that held enemy units, its routes, their areas in order)
Kept = tuple[frozenset[int], frozenset[int], Routes, tuple[int, ...]]
_kept: dict[tuple, list[Kept]] = {}  # see `routes`
# Areas held by the kept searches at most (each holds its routes and their areas in order): some
# 140 bytes an area, about 20 MB in all; counting searches instead let the longest ones fill 140 MB.
_KEPT_AREAS = 150_000
_held = [0]


def routes(g: Game, bid: str, rules: Rules) -> Routes:
    """Every area the block can reach: area -> (MPs, cheapest path of areas entered).

    The answer depends only on the block, its area, the rules of its move, the command limits
    (9.11, 9.12) and which of the areas the search looked at (those it reached and their
    neighbours) hold enemy units, so it is kept and reused while those are the same: listing the
    moves of an impulse again after one block moved, or in the enemy's next impulse, searches
    again only for the blocks near an area whose enemy presence changed. Callers must not change
    the answer."""
    return _kept_search(g, bid, rules)[2]


def reach(g: Game, bid: str, rules: Rules) -> tuple[int, ...]:
    """The areas `routes` reaches, in order (kept with them)."""
    return _kept_search(g, bid, rules)[3]


def _kept_search(g: Game, bid: str, rules: Rules) -> Kept:
    key = (bid, g.area(bid), rules, g.option("command_limit"), g.option("extreme_command_limit"))
    enemy = g.enemy_areas(g.side(bid))
    for found in _kept.get(key, ()):
        if enemy & found[0] == found[1]:
            return found
    best, looked = _search(g, bid, rules)
    found = (looked, enemy & looked, best, tuple(sorted(best)))
    if _held[0] >= _KEPT_AREAS:
        _kept.clear()
        _held[0] = 0
    _kept.setdefault(key, []).append(found)
    _held[0] += 2 * len(best) + 1
    return found


def _search(g: Game, bid: str, rules: Rules) -> tuple[Routes, frozenset[int]]:
    """Dijkstra over MPs from the block's area: engaging stops a unit (1.2.2), leaving an engaged
    area costs one more (1.2.4). Also the areas whose enemy presence the answer depends on."""
    side, start = g.side(bid), g.area(bid)
    enemy = g.enemy_areas(side)
    if start in enemy and not rules.disengage:
        return {}, frozenset({start})
    engage = _can_engage(g, bid, rules)
    leave = 1 if start in enemy else 0
    limited = command_limit(g)
    steps = ground_steps(g.field)
    areas = g.areas
    best: Routes = {}
    looked = {start}
    heap: list[tuple[int, tuple[int, ...], int]] = [(0, (), start)]
    while heap:
        cost, path, here = heapq.heappop(heap)
        if here in best and path:
            continue
        if path:
            best[here] = (cost, path)
            if here in enemy:
                continue  # 1.2.2: a unit must stop when it engages
        looked |= areas[here].neighbours
        for n, ground in steps[here]:
            if n == start or n in best or (n in enemy and not engage) or (limited and not may_enter(g, bid, n)):
                continue
            c = cost + ground + (n in enemy) + (leave if here == start else 0)
            if c <= rules.mp:
                heapq.heappush(heap, (c, path + (n,), n))
    return best, frozenset(looked)


_ground: dict[int, tuple[Battlefield, dict[int, tuple[tuple[int, int], ...]]]] = {}


def ground_steps(field: Battlefield) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each area, its neighbours in order, each with the MPs its colour and the Kolocha
    charge to enter it (1.2, 1.2.3); worked out once per map."""
    kept = _ground.get(id(field))
    if kept is None:
        areas = field.areas
        kept = _ground[id(field)] = (field, {
            k: tuple((n, areas[n].terrain.movement_cost + (n in a.kolocha)) for n in sorted(a.neighbours))
            for k, a in areas.items()})
    return kept[1]


def check_path(g: Game, bid: str, path: tuple[int, ...], rules: Rules) -> int:
    """The MPs an explicit path costs; RuleViolation if a step is not allowed."""
    side, here = g.side(bid), g.area(bid)
    start, cost = here, 0
    if g.has_enemy(side, start) and not rules.disengage:
        raise RuleViolation("6.3", "raiding cavalry may not disengage; move a cavalry unit that is not engaged")
    for i, n in enumerate(path):
        if n not in g.areas[here].neighbours:
            raise RuleViolation("1.0", f"area {n} is not adjacent to {here}; name the areas of the path one by one")
        if not may_enter(g, bid, n):
            raise across_the_limit(g, bid, n)
        if g.has_enemy(side, n):
            check_engage(g, bid, n, rules)
            if i != len(path) - 1:
                raise RuleViolation("1.2.2", f"a unit must stop when it engages in {n}; end the path there")
        cost += step_cost(g, side, start, here, n)
        here = n
    if cost > rules.mp:
        raise RuleViolation("2.1", f"the path costs {cost} MPs and {g.public_name(bid)} has {rules.mp}; "
                            "choose a nearer area")
    return cost


def check_engage(g: Game, bid: str, area: int, rules: Rules) -> None:
    """1.2.2: a unit entering an area with enemy units engages them, where this action allows it;
    the refusal cites the one case that forbids it (FAQ 3 support units, 6.3 a raid, 7.0 a Pass)."""
    if not _can_engage(g, bid, rules):
        kind = (g.s["impulse"] or {}).get("kind")
        rule, why = ("1.2.2, FAQ 3", "support units may not engage") if g.defs[bid].is_support else \
            NO_ENGAGING.get(kind or "", ("1.2.2", "no engagement is allowed in this action"))
        raise RuleViolation(rule, f"{area} holds enemy units and {why}; choose an area without enemy units")


NO_ENGAGING = {"pass": ("7.0", "a Pass allows no engagement"), "raid": ("6.3", "a Cavalry Raid may not engage")}


def plan(g: Game, bid: str, path: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """The full path of a move given by its destination or its areas; checks MPs and stacking."""
    if len(path) == 1:
        found = routes(g, bid, rules).get(path[0])
        if found is None:
            if not may_enter(g, bid, path[0]):
                raise across_the_limit(g, bid, path[0])
            if path[0] in g.areas[g.area(bid)].neighbours:
                check_path(g, bid, path, rules)
            if g.has_enemy(g.side(bid), path[0]):
                check_engage(g, bid, path[0], rules)
            raise RuleViolation("2.1", f"{g.public_name(bid)} cannot reach {path[0]} with {rules.mp} MPs; "
                                + _reach_hint(g, bid, rules, path[0]))
        path = found[1]
    else:
        check_path(g, bid, path, rules)
    if not g.fits(bid, path[-1]):
        area = g.areas[path[-1]]
        holds = area.terrain.stacking
        raise RuleViolation("1.2", f"{path[-1]} is fully stacked for your side (a {area.colour} area holds "
                            f"{holds} unit{'s' if holds != 1 else ''} per side); "
                            "move a unit out first or choose another area")
    return path


def _reach_hint(g: Game, bid: str, rules: Rules, asked: int) -> str:
    """Where a unit can go instead (2.1), those nearest the area asked for first (the fewest areas
    between, then the fewest MPs): the areas the player most likely meant. Named by nearness to the
    unit, a move towards a far area was told the unit's own surroundings, the far side first."""
    found, away = routes(g, bid, rules), _hops(g, asked)
    reach = sorted((n for n in found if n != g.area(bid) and g.fits(bid, n)),
                   key=lambda n: (away.get(n, len(g.areas)), found[n][0], n))
    more = f" and {len(reach) - 8} more" if len(reach) > 8 else ""
    return f"the areas it can reach nearest {asked}: {', '.join(map(str, reach[:8]))}{more}" if reach else \
        "it cannot move at all"


def _hops(g: Game, origin: int) -> dict[int, int]:
    """How many areas apart each area is from `origin` on the map, whoever holds them."""
    dist, ring = {origin: 0}, [origin] if origin in g.areas else []
    while ring:
        nxt = []
        for here in ring:
            for n in g.areas[here].neighbours:
                if n not in dist:
                    dist[n] = dist[here] + 1
                    nxt.append(n)
        ring = nxt
    return dist


def execute(g: Game, bid: str, path: tuple[int, ...], new_contests: list[int]) -> list[dict]:
    """Carry out a planned move: control en route, the Kolocha cube (1.2.3), the move log, events."""
    side, frm = g.side(bid), g.area(bid)
    for n in path[:-1]:
        g.pass_through(side, n)
    dest = path[-1]
    engaging = g.has_enemy(side, dest)
    if engaging and dest not in g.s["contested_at_start"] and dest not in new_contests:
        new_contests.append(dest)
    crossing = dest in g.areas[path[-2] if len(path) > 1 else frm].kolocha
    if engaging and crossing and dest not in g.s["contested_at_start"]:
        g.set_cube(bid, "light_blue", True)
    g.place(bid, dest)
    g.s["log"]["moves"].append({"side": side, "from": frm, "to": dest, "id": bid})
    route, mover = " → ".join(map(str, (frm, *path))), g.name_for(None, bid)  # "a French block" begins a sentence
    return [event(f"{mover[:1].upper()}{mover[1:]} moves {route}" + (" and engages." if engaging else "."),
                  kind="move", side=side, **({"block": bid} if g.revealed(bid) else {})),
            event(f"{g.public_name(bid)} moves {route}.", to=side, kind="move", block=bid)]


# --- paths the rules trace ------------------------------------------------------------------------
_paths: dict[tuple, dict[int, int]] = {}  # see `distances`
_PATHS = 2_000  # answers kept at most (some 4.4 KB each, the key naming every area's control: 9 MB)


def distances(g: Game, side: str, origin: int, limit: int | None = None) -> dict[int, int]:
    """Areas a path of friendly, uncontested areas links to `origin` (the path's end), by length.
    The far end (where a unit stands) may be any area (4.1.1, 5.1.1 Note).

    The answer depends only on the side, the origin, the limit and which areas are friendly to
    the side (the control of every area, and which are contested), so it is kept and handed out
    again while those are the same: three in four of the isolation checks and tactical ranges of a
    game ask again what was asked before. Callers must not change the answer."""
    control = g.s["control"]
    key = (side, origin, limit, tuple(control), tuple(control.values()), g.contested_areas())
    found = _paths.get(key)
    if found is None:
        if len(_paths) >= _PATHS:
            _paths.clear()
        found = _paths[key] = _distances(g, side, origin, limit)
    return found


def _distances(g: Game, side: str, origin: int, limit: int | None) -> dict[int, int]:
    """Breadth-first, ring by ring from `origin`, going on only from friendly areas."""
    if not g.friendly(side, origin):
        return {origin: 0}
    control, contested, areas = g.s["control"], g.contested_areas(), g.areas
    dist = {origin: 0}
    ring, d = [origin], 0  # the friendly areas `d` steps away, whose neighbours are d + 1 away
    while ring and (limit is None or d < limit):
        d += 1
        nxt = []
        for here in ring:
            for n in areas[here].neighbours:
                if n not in dist:
                    dist[n] = d
                    if control[CONTROL_KEYS[n]] == side and n not in contested:  # g.friendly(side, n)
                        nxt.append(n)
        ring = nxt
    return dist


def in_range(g: Game, leader: str, here: int) -> set[int]:
    """5.1.1: the areas within the leader's tactical range (its strength's row; 0 when exhausted)
    of `here`, where he stands or would be activated (5.1)."""
    strength = 0 if g.exhausted(leader) else g.strength(leader)
    reach = g.army.tactical_range[strength]
    return set(distances(g, g.side(leader), here, reach))
