"""Movement (Borodino, MOVEMENT and ZONES OF CONTROL), with the Guard, night and 5 Sept limits.

Each hex entered costs 1 MP; crossing a ford costs 2 more, a stream 1 more unless along a road,
a bridge nothing; plain river hexsides and non-road woods cannot be crossed or entered, and a
woods/road hex is entered and left only along its road. A unit entering an enemy Zone of Control
stops; one starting in it may not move. `reachable` finds the cheapest legal path to every hex,
so `move 3225 3223` needs no path, and an explicit path is checked step by step.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import cache
from operator import itemgetter

from rules.borodino import dv_leaders, tables
from rules.borodino.battle import Battle, enemy_of, points
from rules.borodino.battlemap import BattleMap
from rules.borodino.commands import OFF, Move
from rules.core.errors import RuleViolation
from rules.core.events import Event, event
from rules.core.hexes import Hex, distance, neighbours


def step_cost(b: Battle, side: str, frm: Hex, to: Hex) -> tuple[int | None, str, str]:
    """MP to move from one hex into an adjacent one, or None with the rule and the reason."""
    occ = b.at(to)
    if occ is not None and b.side(occ) != side:
        return None, "Movement", f"{to} is occupied by an enemy unit; units may not move into or through enemy units"
    if side == "french" and to in b.map.redoubts and frm in b.map.redoubts[to].front \
            and not b.s["redoubts"][to]["destroyed"]:
        return (None, "Russian Redoubts (B)",
                f"French units may not move through the front hexside {frm}/{to} of a redoubt")
    return terrain_step(b.map, frm, to)


@cache
def terrain_step(m: BattleMap, frm: Hex, to: Hex) -> tuple[int | None, str, str]:
    """What the ground alone charges for a step (Terrain Effects Chart), computed once per hexside."""
    t = tables.load()
    if not m.on_map(to):
        return None, "Movement", f"{to} is off the map"
    kind = m.side(frm, to)
    road = m.is_road_side(frm, to)
    if kind == "river":
        return (None, "Terrain Effects Chart",
                f"the hexside {frm}/{to} is a river; rivers are crossed only at fords and bridges")
    if to in m.woods and not road:
        what = "non-road woods" if to not in m.road_hexes else "a woods/road hex from off its road"
        return None, "Movement", f"{to} is {what}; woods are entered only along a road"
    if frm in m.woods and not road:
        return None, "Movement", f"{frm} is a woods/road hex; it is left only along its road"
    cost = t.enter
    if kind == "ford":
        cost += t.ford
    elif kind == "bridge":
        cost += t.bridge
    elif kind == "stream" and not road:
        cost += t.stream
    return cost, "", ""


class Limits:
    """The per-unit limits on which hexes may be entered: Imperial Guard (A) and Night (A)."""

    def __init__(self, b: Battle, uid: str, start: Hex):
        self.guard = (b.option("imperial_guard") and b.defs[uid].guard
                      and uid not in b.s["released"])
        self.night = b.night
        self.enemies = list(b.units_of(enemy_of(b.side(uid)))) if self.guard or self.night else []
        self.begun = self.nearest(start) if self.night and self.enemies else 99  # Night (A): where it begins
        self.floor = min(self.begun, 3)
        self._cache: dict[Hex, int] = {}

    def nearest(self, h: Hex) -> int:
        return min((distance(h, e) for e in self.enemies), default=99)

    def refuse(self, h: Hex) -> tuple[str, str] | None:
        if not (self.guard or self.night):
            return None
        d = self._cache.get(h)
        if d is None:
            d = self._cache[h] = self.nearest(h)
        if self.guard and d <= 4:  # named with the enemy it is too near, the one the player must keep off
            near = min(self.enemies, key=lambda e: (distance(h, e), e))
            return "Imperial Guard (A)", ("an unreleased Guard unit may not move within four hexes of an enemy unit "
                                          f"({h} is {d} from the enemy in {near})")
        if self.night and d <= self.floor and self.begun <= 3:
            return "Night Movement (A)", (f"at night a unit that begins within three hexes of the enemy may only move "
                                          f"further from it: it begins {self.begun} away, {h} is {d}")
        if self.night and d <= self.floor:
            return "Night Movement (A)", (f"at night no unit may move within three hexes of the enemy ({h} is {d} "
                                          "from the nearest enemy)")
        return None


def start_hex(b: Battle, uid: str) -> Hex:
    """Where a move starts: the unit's hex, or the entry hex of a reinforcement that is due."""
    u = b.unit(uid)
    entry = b.hex_of(uid) if u["where"] == "map" else u.get("entry")
    assert entry is not None, f"{uid} is neither on the map nor due"
    return entry


def why_immobile(b: Battle, side: str, uid: str) -> tuple[str, str] | None:
    """Why this unit may not move at all this phase, or None."""
    u, s = b.unit(uid), b.s
    if b.side(uid) != side:
        return "Turns of Play", f"{b.describe(uid)} is not yours"
    if u["where"] not in ("map", "waiting"):
        return "Movement", f"{uid} is not on the map"
    if u["moved"]:
        when = "" if b.option("moves_stand") else " once the phase has ended"
        return "Movement", (f"{b.describe(uid)} has already moved this Game-Turn; to change a finished move, `undo` it "
                            f"(with the opponent's consent{when})")
    if "leaders" in s and (inactive := dv_leaders.why_inactive(b, uid)):
        return inactive  # Doomed Victory 8.10
    if u["where"] == "map" and b.in_enemy_zoc(side, b.hex_of(uid)) and not b.night:
        return "Zones of Control (D)", f"{b.describe(uid)} began the phase in an enemy Zone of Control and may not move"
    if uid in s["frozen"]:
        allowed = frozen_allowance(b)
        if allowed == 0:
            return "5 September special rules", f"{b.describe(uid)} is north of the Great Redoubt and frozen until 1500"
        if len(s["unfrozen"]) >= allowed:
            begun = [b.describe(u) for u in sorted(s["unfrozen"])]
            return "5 September special rules", (
                f"{b.describe(uid)} is frozen: only {allowed} frozen unit{'s' if allowed > 1 else ''} may have begun "
                f"moving by now, one more each Game-Turn from 1500, and {', '.join(begun)} "
                f"{'has' if len(begun) == 1 else 'have'}")
    return None


def frozen_allowance(b: Battle) -> int:
    """How many frozen Russian units may have begun moving by this turn (5 Sept special rules)."""
    first = b.scenario.frozen_until_turn
    if first is None or b.s["turn"] < first:
        return 0
    return b.s["turn"] - first + 1


def reachable(b: Battle, uid: str) -> dict[Hex, int]:
    """Every hex the unit may end its move in, with the cheapest cost in MP.

    The key "off" is present when a French unit can leave by the east edge between the roads.
    """
    return _search(b, uid)[0]


def cheapest_path(b: Battle, uid: str, dest: Hex) -> tuple[Hex, ...]:
    """The hexes entered after the start on the cheapest legal path to a reachable destination (or
    "off"); a reinforcement moving no further than its entry hex enters just that hex."""
    _, prev, start = _search(b, uid)
    steps = [dest]
    h = prev[dest]
    while h != start:
        steps.append(h)
        h = prev[h]
    return tuple(reversed(steps))


Search = tuple[dict[Hex, int], dict[Hex, Hex], Hex]  # (reachable hexes and cost, path links, start)
_searches: dict[tuple, tuple[tuple[Hex, ...], tuple, Search]] = {}  # see `_search`
_SEARCHES_KEPT = 20_000


def _search(b: Battle, uid: str) -> Search:
    """The unit's route search, reused while nothing it looked at has changed.

    A search reads the occupants of the hexes it reached and of their neighbours (who blocks,
    who exerts a Zone of Control, which hexes are free to end in) and the redoubts' state; it is
    kept with those readings and reused while they are the same, so a move in one corner of the
    map does not make every other unit search again. Units under the Guard or Night limits,
    which look at every enemy unit, always search afresh, but once per position (`Battle.searched`,
    emptied when a unit moves). Callers must not change the result."""
    start = start_hex(b, uid)
    redoubts = tuple(r["destroyed"] for r in b.s["redoubts"].values())  # who holds one: read with the region
    mine = (uid, start, b.unit(uid)["where"], b.s["turn"], uid in b.s["released"], redoubts)
    if mine in b.searched:
        return b.searched[mine]
    limits = Limits(b, uid, start)
    if limits.guard or limits.night:
        found = b.searched[mine] = _dijkstra(b, uid, start, limits)[0]
        return found
    key = (id(b.map), b.scenario.id, uid, b.defs[uid].movement, start, b.unit(uid)["where"])
    kept = _searches.get(key)
    if kept is not None and kept[1] == (redoubts, tuple(map(b.occupant.get, kept[0]))):
        found = b.searched[mine] = kept[2]
        return found
    found, region = _dijkstra(b, uid, start, limits)
    if len(_searches) >= _SEARCHES_KEPT:
        _searches.clear()
    _searches[key] = (region, (redoubts, tuple(map(b.occupant.get, region))), found)
    b.searched[mine] = found
    return found


def _dijkstra(b: Battle, uid: str, start: Hex, limits: Limits) -> tuple[Search, tuple[Hex, ...]]:
    """Dijkstra over MP: enemy ZOC stops, terrain costs, and the unit's own limits; also the
    hexes whose occupants the answer depends on (those reached and their neighbours).

    The same rules as `step_cost`, with what does not change during the search looked up once:
    the ground's cost of every step (`passable_steps`), the hexes holding enemy units and the
    redoubt front hexsides closed to the French."""
    side = b.side(uid)
    ma = b.defs[uid].movement
    limited = limits.guard or limits.night
    zoc = b.zocs[side]
    enemies = b.units_of(enemy_of(side))
    closed = closed_fronts(b) if side == "french" else frozenset()
    steps = passable_steps(b.map)
    entering = b.unit(uid)["where"] == "waiting"  # placed on its entry hex: it has entered that hex (ZOC C)
    exits = b.map.east_exits if side == "french" and b.scenario.exits_east else frozenset()
    best: dict[Hex, int] = {start: 0}
    prev: dict[Hex, Hex] = {start: start}
    heap = [(0, start)]
    out: dict[Hex, int] = {}
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best[h]:
            continue
        occ = b.occupant.get(h)
        if occ is None or occ == uid:
            out[h] = cost
        if (h != start or entering) and h in zoc:
            continue  # ZOC (C): stop on entering the first enemy-controlled hex
        if h in exits and OFF not in out and cost + b.tables.enter <= ma:
            out[OFF] = cost + b.tables.enter
            prev[OFF] = h
        for n, c in steps[h] if h in steps else passable_from(b.map, h):
            c += cost
            if c > ma or c >= best.get(n, 99) or n in enemies or (h, n) in closed \
                    or (limited and limits.refuse(n)):
                continue
            best[n] = c
            prev[n] = h
            heapq.heappush(heap, (c, n))
    region = {n for h in best for n in neighbours(h)} | best.keys()
    if b.unit(uid)["where"] == "map":
        out.pop(start, None)
    return (out, prev, start), tuple(region)


@cache
def passable_steps(m: BattleMap) -> dict[Hex, tuple[tuple[Hex, int], ...]]:
    """For every map hex, the adjacent hexes the ground lets a unit enter, with their MP cost."""
    return {h: passable_from(m, h) for h in m.hexes}


def passable_from(m: BattleMap, h: Hex) -> tuple[tuple[Hex, int], ...]:
    """The steps out of one hex (also an entry hex beyond the map edge) and their MP cost."""
    return tuple((n, c) for n in m.adjacent(h) if (c := terrain_step(m, h, n)[0]) is not None)


def closed_fronts(b: Battle) -> frozenset[tuple[Hex, Hex]]:
    """The (from, to) steps across the front hexsides of intact redoubts (Russian Redoubts, B)."""
    return _closed_fronts(b.map, frozenset(h for h in b.map.redoubts if not b.s["redoubts"][h]["destroyed"]))


@cache
def _closed_fronts(m: BattleMap, intact: frozenset[Hex]) -> frozenset[tuple[Hex, Hex]]:
    """`closed_fronts` for a set of intact redoubts, worked out once per set."""
    return frozenset((f, h) for h, r in m.redoubts.items() if h in intact for f in r.front)


def open_steps(b: Battle, side: str) -> Steps:
    """`passable_steps` less, for the French, the steps across the front hexsides of intact
    redoubts (Russian Redoubts, B): a side's steps out of every hex (entry hexes beyond the map
    edge looked up when asked), kept per set of intact redoubts (read as the redoubts' marks in
    the order of the state's table, without a loop in Python)."""
    if side != "french":
        return _open_steps(b.map, (), ())
    redoubts = b.s["redoubts"]
    return _open_steps(b.map, tuple(redoubts), tuple(map(_DESTROYED, redoubts.values())))


_DESTROYED = itemgetter("destroyed")


class Steps(dict[Hex, tuple[tuple[Hex, int], ...]]):
    """The steps out of each hex with some closed (`open_steps`), worked out for a hex when
    first asked about (an entry hex beyond the map edge too) and kept; `hops`, the same as a
    random walk reads them."""

    def __init__(self, m: BattleMap, closed: frozenset[tuple[Hex, Hex]]):
        super().__init__()
        self.m, self.closed, self.passable = m, closed, passable_steps(m)
        self.hops = Hops(self)

    def __missing__(self, h: Hex) -> tuple[tuple[Hex, int], ...]:
        steps = self.passable[h] if h in self.passable else passable_from(self.m, h)
        found = self[h] = tuple(step for step in steps if (h, step[0]) not in self.closed)
        return found


class Hops(dict[Hex, tuple[dict[Hex, int], int]]):
    """The steps out of a hex (`Steps`) as a table of the hexes they enter, in the same order,
    with their MP, and the dearest of them: `rollout.walk` takes every step it can afford
    without a look at each cost."""

    def __init__(self, steps: Steps):
        super().__init__()
        self.steps = steps

    def __missing__(self, h: Hex) -> tuple[dict[Hex, int], int]:
        hop = dict(self.steps[h])
        found = self[h] = hop, max(hop.values(), default=0)
        return found


@cache
def _open_steps(m: BattleMap, hexes: tuple[Hex, ...], destroyed: tuple[bool, ...]) -> Steps:
    return Steps(m, _closed_fronts(m, frozenset(h for h, gone in zip(hexes, destroyed) if not gone)))


def resolve_unit(b: Battle, ref: str) -> str:
    """The unit named by a hex or an id."""
    if ref.isdigit():
        uid = b.at(ref)
        if uid is None:
            raise RuleViolation("Movement", f"there is no unit in {ref}{b.left_from(ref)}")
        return uid
    uid = unit_named(b.s["units"], ref)
    if uid is None and (leader := dv_leaders.named(ref)):
        from rules.borodino.instead import InGame  # which reads the moves this module finds: import it late
        raise RuleViolation("Doomed Victory 8.1", f"{dv_leaders.name(leader)} is a leader of the option "
                            "dv_leaders, which this game is played without: name a unit by the hex it stands in, "
                            f"or one waiting to enter by its id: {InGame(b.s, b.s['player']).a_move()}")
    if uid is None:
        leaders = ", or a leader by his name (`davout`)" if "leaders" in b.s else ""
        raise RuleViolation("Movement", f"no unit is called {ref}: name a unit by the hex it stands in, or one "
                            f"waiting to enter by its id (`units` lists them){leaders}")
    return uid


def unit_named(units: Iterable[str], ref: str) -> str | None:
    """The unit id `ref` names, whatever its letter case (`f-i-cav` is F-I-cav), or None."""
    return next((uid for uid in units if uid.upper() == ref.upper()), None)


def check_path(b: Battle, uid: str, path: tuple[Hex, ...]) -> int:
    """Check an explicit path hex by hex; returns its cost or raises the first rule it breaks."""
    side = b.side(uid)
    start = start_hex(b, uid)
    limits = Limits(b, uid, start)
    waiting = b.unit(uid)["where"] == "waiting"
    if waiting and path[0] == start:
        path = path[1:]
    cost, here = 0, start
    for i, h in enumerate(path):
        if h == OFF:
            if not b.scenario.exits_east:
                raise RuleViolation("Victory Conditions", _no_exit(b))
            if side != "french" or here not in b.map.east_exits:
                raise RuleViolation("Victory Conditions (7 Sept)", "only French units leave the map, "
                                    "and only by the east edge between the two roads")
            cost += b.tables.enter
            break
        if h not in b.map.adjacent(here):
            raise RuleViolation("Movement", f"{here} and {h} are not adjacent; a unit may not skip hexes")
        c, rule, why = step_cost(b, side, here, h)
        if c is None:
            raise RuleViolation(rule, why)
        refused = limits.refuse(h)
        if refused:
            raise RuleViolation(*refused)
        if (here != start or waiting) and b.in_enemy_zoc(side, here):
            raise RuleViolation("Zones of Control (C)",
                                f"{here} is in an enemy Zone of Control: the unit must stop there")
        cost += c
        here = h
    ma = b.defs[uid].movement
    if cost > ma:
        raise RuleViolation("Movement", f"that path costs {cost} MP and {b.describe(uid)} has {ma}")
    occ = b.at(here)
    if here != OFF and occ is not None and occ != uid:
        raise RuleViolation("Movement",
                            f"{here} is occupied; units may not end their move in the same hex as another unit")
    return cost


def some_hexes(hexes: Iterable[Hex], shown: int = 8, near: Hex | None = None) -> str:
    """The first `shown` of the hexes in order, and how many more: '2506, 2604 and 3 more hexes';
    those nearest the hex `near` first (the one a player asked for), where one is given.

    >>> some_hexes(["2705", "2604", "2806"], 2), some_hexes(["2705", "2604"], 1)
    ('2604, 2705 and 1 more hex', '2604 and 1 more hex')
    >>> some_hexes(["2604", "2705", "2806", "3010"], 2, near="2906"), some_hexes(["2705", "2806"], near="2906")
    ('2806, 2705 and 2 more hexes further from 2906', '2806, 2705')
    """
    hint = sorted(hexes, key=lambda h: (distance(h, near), h)) if near else sorted(hexes)
    left = len(hint) - shown
    more = f" and {left} more {'hex' if left == 1 else 'hexes'}" + (f" further from {near}" if near else "")
    return ", ".join(hint[:shown]) + (more if left > 0 else "")


def _no_exit(b: Battle) -> str:
    """Why a unit may not leave the map in this scenario, named by its title's first words."""
    return (f"no unit leaves the map in this scenario ({b.scenario.title.split(' (')[0]}): only the 7 September "
            "and Grand Battle victory conditions count units moved off the east edge")


def explain_unreachable(b: Battle, uid: str, dest: str, options: dict) -> RuleViolation:
    """The clearest reason a destination is out of reach, with where the unit can go instead."""
    side = b.side(uid)
    hint = [h for h in options if h != OFF]
    near = dest if b.map.on_map(dest) else start_hex(b, uid) if dest == OFF else None  # those nearest first
    where = f"; it can reach {some_hexes(hint, near=near)}" if hint else "; it cannot move anywhere"
    if dest == OFF and not b.scenario.exits_east:
        return RuleViolation("Victory Conditions", _no_exit(b) + where)
    if dest == OFF and side != "french":
        return RuleViolation("Victory Conditions (7 Sept)", "only French units leave the map, by the east edge "
                             f"between the two roads{where}")
    if dest == OFF:
        return RuleViolation("Victory Conditions (7 Sept)", f"{b.describe(uid)} cannot reach the east edge between "
                             f"the two roads and step off it with its {b.defs[uid].movement} MP this Game-Turn{where}")
    occ = b.at(dest)
    if not b.map.on_map(dest):
        rule, why = "Movement", f"{dest} is not on the map"
    elif occ == uid:
        rule, why = "Movement", f"{b.describe(uid)} already stands there; a move takes it to another hex"
    elif occ is not None and b.side(occ) != side:
        rule, why = "Movement", f"{dest} is occupied by an enemy unit"
    elif occ is not None:
        rule, why = "Movement", f"{dest} is occupied; units may not end in the same hex as another unit"
    elif dest in b.map.woods and dest not in b.map.road_hexes:
        rule, why = "Movement", f"{dest} is non-road woods, where no unit may go"
    elif limited := Limits(b, uid, start_hex(b, uid)).refuse(dest):
        rule, why = limited
    elif dest in b.map.adjacent(start_hex(b, uid)) and step_cost(b, side, start_hex(b, uid), dest)[0] is None:
        _, rule, why = step_cost(b, side, start_hex(b, uid), dest)  # the hexside itself forbids it
    else:
        rule, why = "Movement", (f"{dest} is beyond the {b.defs[uid].movement} MP of {b.describe(uid)} "
                                 "by any path that avoids rivers, woods and enemy Zones of Control")
    return RuleViolation(rule, why + where)  # one sentence: the reason; where it can go instead


def _cheapest_step(b: Battle, side: str, uid: str, dest: Hex) -> int | None:
    """The cost of moving a unit on the map into an adjacent empty hex when that single step is
    legal and costs the least any step can (entering a hex: the chart's crossings add to it, never
    take off, `tables.parse` checks): then it is the cheapest path `reachable` would find (any
    other path enters two hexes or more), without the route search. None otherwise."""
    t = b.tables
    start = b.hex_of(uid) if b.unit(uid)["where"] == "map" else None
    if start is None or dest not in b.map.adjacent(start) or b.at(dest) is not None \
            or b.defs[uid].movement < t.enter:
        return None
    cost = step_cost(b, side, start, dest)[0]
    if cost != t.enter or Limits(b, uid, start).refuse(dest):
        return None
    return cost


def apply_move(b: Battle, side: str, cmd: Move) -> list[Event]:
    """Validate and carry out a move; returns its events. A path this position drew for the
    side (`rollout.walk`, kept in `Battle.walked` until the position changes) is legal by
    construction: its checks are not made again."""
    uid = b.occupant.get(cmd.unit) or resolve_unit(b, cmd.unit)  # a hex names its occupant
    walked = b.walked.get((side, cmd))
    if walked is None and (refusal := why_immobile(b, side, uid)):
        raise RuleViolation(*refusal)
    u = b.s["units"][uid]
    was_waiting = u["where"] == "waiting"
    origin = start_hex(b, uid)
    path: tuple[Hex, ...] = cmd.path
    if walked is not None:
        cost = walked
    elif len(path) == 1 and (cheapest := _cheapest_step(b, side, uid, path[0])) is not None:
        cost = cheapest
    elif len(path) == 1:
        options = reachable(b, uid)
        if path[0] not in options:
            raise explain_unreachable(b, uid, path[0], options)
        cost, path = options[path[0]], cheapest_path(b, uid, path[0])
    else:
        cost = check_path(b, uid, path)
    described = b.describe(uid)
    if path[-1] == OFF:
        riders = dv_leaders.stacked_with(b, uid) if "leaders" in b.s else []
        u = b.take_off(uid, "exited")
        text = (f"{described} leaves the map by the east edge ({cost} MP; "
                f"{points(b.s['exited'][side])} exited).{dv_leaders.joined(b, riders)}")
    else:
        u = b.place(uid, path[-1])
        if was_waiting and path[-1] == origin:
            text = f"{described} is placed on its entry hex {origin} (0 MP)."
        else:
            text = f"{described} moves {'on at ' + origin + ' to ' if was_waiting else 'to '}{path[-1]} ({cost} MP)."
    u["moved"] = True
    if uid in b.s["frozen"] and uid not in b.s["unfrozen"]:
        b.s["unfrozen"].append(uid)
    entered = (origin,) + tuple(h for h in path if h != OFF and h != origin)
    b.s["log"]["moves"].append({"unit": uid, "side": side, "path": list(entered)})
    events = [event(text, kind="move", unit=uid, path=list(entered))]
    return events + release_guards_near(b, side, entered) if b.option("imperial_guard") else events


def release_guards_near(b: Battle, mover_side: str, hexes: tuple[Hex, ...]) -> list[Event]:
    """Imperial Guard (B1): an enemy unit moving within three hexes releases a Guard unit."""
    if not b.option("imperial_guard"):
        return []
    events = []
    for gid in b.on_map(enemy_of(mover_side)):
        if b.defs[gid].guard and gid not in b.s["released"]:
            gh = b.hex_of(gid)
            if any(distance(gh, h) <= 3 for h in hexes):
                b.s["released"].append(gid)
                events.append(event(f"{b.describe(gid)} is released: an enemy unit came within three hexes "
                                    "(Imperial Guard B1).", kind="guard_released", unit=gid))
    return events
