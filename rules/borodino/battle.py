"""A Borodino position: the JSON state plus the static data it refers to, with lookups.

The state is a plain dict (see `new_state`); `Battle` wraps one for the duration of a command,
keeps a hex -> unit index in step with it, and offers the questions every rule asks: who stands
where, whose zone of control covers a hex, what a unit's printed values are.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import cache, cached_property
from typing import NotRequired, TypedDict

from rules.borodino import battlemap, scenario_data, tables
from rules.borodino.attack_cover import Contact
from rules.borodino.commands import Move
from rules.core.hexes import Hex, nearby, neighbours
from rules.core.play import copy_state

SIDES = ("french", "russian")
RIVERLIKE = ("river", "ford", "bridge")  # hexsides that Zones of Control do not cross (ZOC, H)


class Unit(TypedDict):
    """One counter in state["units"]: where it is and what it did this Player-Turn."""

    where: str  # "map", "future" (a reinforcement not yet due), "waiting" (due), "eliminated", "exited"
    hex: Hex | None  # on the map only
    moved: bool
    attacked: bool  # attacked, or fired as artillery, this Combat Phase (Combat D)
    defended: bool  # was attacked this Combat Phase (Combat D)
    advanced: bool  # advanced after combat this phase
    arrives: NotRequired[int]  # a reinforcement's Game-Turn (Turn Record/Reinforcement Chart)
    entry_key: NotRequired[str]  # its entry road end, e.g. "new_road_west"
    entry: NotRequired[Hex | None]  # the hex it enters by, once due


def enemy_of(side: str) -> str:
    return "russian" if side == "french" else "french"


def points(n: int) -> str:
    """A number of Combat Points in words.

    >>> points(1), points(7)
    ('1 Combat Point', '7 Combat Points')
    """
    return f"{n} Combat Point{'' if n == 1 else 's'}"


@cache
def zoc_reach(m: battlemap.BattleMap, h: Hex) -> tuple[Hex, ...]:
    """The adjacent hexes a unit in h controls: all but those across a river, ford or bridge
    (Zones of Control, H; streams do not block)."""
    return tuple(n for n in m.adjacent(h) if m.side(h, n) not in RIVERLIKE)


@cache
def zoc_sources(m: battlemap.BattleMap, h: Hex) -> tuple[Hex, ...]:
    """The hexes from which a unit would control h: `zoc_reach` read backwards."""
    return tuple(n for n in neighbours(h) if h in zoc_reach(m, n))


@cache
def engaged_around(m: battlemap.BattleMap, h: Hex) -> tuple[Hex, ...]:
    """The adjacent hexes whose units would be engaged with a unit in h (`Battle.engaged`): all
    but those across a plain river."""
    return tuple(n for n in m.adjacent(h) if m.side(h, n) != "river")


@cache
def fronting(m: battlemap.BattleMap) -> dict[Hex, tuple[Hex, ...]]:
    """For each hex in front of a redoubt, the redoubts with it among their three front hexes
    (Redoubts C)."""
    out: dict[Hex, tuple[Hex, ...]] = {}
    for r, redoubt in m.redoubts.items():
        for h in redoubt.front:
            out[h] = out.get(h, ()) + (r,)
    return out


def _radius(kind: str) -> int:
    """How far a unit of a kind attacks: artillery bombards at two hexes (Artillery, General
    Rule), every other unit attacks its neighbours (Combat A)."""
    return 2 if kind == "artillery" else 1


class Rings(dict[Hex, frozenset[Hex]]):
    """The hexes within `radius` of each hex asked about (`nearby`, the hex itself left out;
    entry hexes beyond the map edge too), kept: a plain dict, read without a call per hex."""

    def __init__(self, radius: int):
        super().__init__()
        self.radius = radius

    def __missing__(self, h: Hex) -> frozenset[Hex]:
        ring = self[h] = nearby(h, self.radius)
        return ring


RING, RING2 = Rings(1), Rings(2)


def reading_copy(state: dict) -> dict:
    """A copy good enough for code that only tries commands out: the unit and redoubt tables are
    new, their entries shared. Such code replaces an entry, never changes one in place; ten
    times cheaper than `rules.core.play.copy_state`."""
    return {**state, "units": dict(state["units"]), "redoubts": dict(state["redoubts"])}


def command_copy(state: dict) -> dict:
    """The copy a command works on (rules.core.play): the unit table and the log's lists are new,
    their entries shared with `state`; everything else is copied whole. A command replaces a unit's
    entry before changing it (`Battle.edit`) and only appends to the log, so `state` stays as it
    was, at a tenth of the cost of `copy_state`."""
    out = {}
    for k, v in state.items():
        if k == "units":
            out[k] = dict(v)
        elif k == "log":
            out[k] = {kind: list(x) if type(x) is list else x for kind, x in v.items()}
        elif k == "last_log" or type(v) in _SCALARS:
            out[k] = v
        elif k == "redoubts":  # entries of scalars only
            out[k] = {h: dict(r) for h, r in v.items()}
        elif k in _FLAT:
            out[k] = v.copy()
        else:
            out[k] = copy_state(v)
    return out


_FLAT = frozenset({"dice", "losses", "exited", "voluntary_releases", "options", "frozen", "unfrozen", "released",
                   "broken"})  # the tables and lists of scalars in a state (set_up.new_state)


_SCALARS = frozenset({str, int, bool, type(None)})


class Battle:
    """One position, mutable for the duration of a command."""

    def __init__(self, state: dict):
        self.s = state
        self._own: set[str] = set()  # units whose entry this Battle has copied (`edit`)
        self.edited: list[str] = []  # every unit `edit` handed out, in order (`may_be_marked`)
        self._marks_read: dict[str, int] = {}  # how much of `edited` each kind of marks has read
        self.searched: dict[tuple, tuple] = {}  # route searches made here (movement._search)
        self.contacts: dict[tuple, Contact] = {}  # combat.contact worked out here, until a unit changes
        self.walked: dict[tuple[str, Move], int] = {}  # moves rollout.walk drew here, with their MP cost
        self.walking: dict[str, tuple] = {}  # rollout.walk's tables of a side, until a redoubt's mark changes
        self.retreats: dict[tuple[str, Hex], tuple[Hex, ...]] = {}  # results.retreat_steps, until a unit moves
        self.openings: dict[tuple[str, frozenset[str]], bool] = {}  # results.retreat_open_here, likewise
        self.map = battlemap.load()
        self.defs = scenario_data.units()
        self.scenario = scenario_data.scenarios()[state["scenario"]]
        self.tables = tables.load()
        self.fronting = fronting(self.map)
        self.occupant: dict[Hex, str] = {
            u["hex"]: uid for uid, u in state["units"].items() if u["where"] == "map"}
        self.control: dict[str, dict[Hex, int]] | None = None  # see `keep_control`
        self.held: dict[str, dict[Hex, str]] | None = None  # see `keep_control`
        self.reach: dict[str, int] | None = None

    # --- units ---------------------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        """A unit's entry, to read: it may be shared with earlier states (`command_copy`)."""
        return self.s["units"][uid]

    def edit(self, uid: str) -> Unit:
        """A unit's entry, to change: copied the first time, so no earlier state sees the change."""
        if uid not in self._own:
            self.s["units"][uid] = dict(self.s["units"][uid])  # type: ignore[assignment]
            self._own.add(uid)
        self.edited.append(uid)
        self.contacts.clear()
        return self.s["units"][uid]

    def may_be_marked(self, marks: str) -> Iterable[str]:
        """The units that may hold a kind of marks ("moved"; "combat": attacked, defended,
        advanced) set since this kind was last asked for, which the caller clears: every unit the
        first time, then only those edited since (no rule sets a mark but on an entry from `edit`),
        so that a new phase need not read every unit."""
        start = self._marks_read.get(marks)
        self._marks_read[marks] = len(self.edited)
        return list(self.s["units"]) if start is None else dict.fromkeys(self.edited[start:])

    def side(self, uid: str) -> str:
        return self.defs[uid].side

    def strength(self, uid: str) -> int:
        return self.defs[uid].strength

    def is_artillery(self, uid: str) -> bool:
        return self.defs[uid].kind == "artillery"

    def at(self, h: Hex) -> str | None:
        return self.occupant.get(h)

    def side_at(self, h: Hex) -> str | None:
        """The side of the unit in a hex, or None when it is empty."""
        uid = self.occupant.get(h)
        return None if uid is None else self.side(uid)

    def hex_of(self, uid: str) -> Hex:
        """The hex of a unit on the map (the only units that have one)."""
        h = self.s["units"][uid]["hex"]
        assert h is not None, f"{uid} is not on the map"
        return h

    def on_map(self, side: str | None = None) -> list[str]:
        if side is None:
            return list(self.occupant.values())
        return list(self.stands[side].values())

    def units_of(self, side: str) -> dict[Hex, str]:
        """A side's units on the map by hex, in no particular order: `held` when kept, else `stands`."""
        return self.held[side] if self.held is not None else self.stands[side]

    @cached_property
    def stands(self) -> dict[str, dict[Hex, str]]:
        """`occupant` split by side: for each side, its units on the map by hex, in the order of
        the state's unit table (whatever order the units moved in: what iterates over them, such
        as the attacks listed, does not depend on the moves before)."""
        units = self.s["units"]
        return {side: {u["hex"]: uid for uid in uids if (u := units[uid])["where"] == "map"}  # type: ignore[misc]
                for side, uids in self._sides.items()}

    @cached_property
    def _sides(self) -> dict[str, tuple[str, ...]]:
        """Each side's units in the order of the state's unit table (a table no command reorders)."""
        defs, units = self.defs, self.s["units"]
        return {side: tuple(uid for uid in units if defs[uid].side == side) for side in SIDES}

    def describe(self, uid: str) -> str:
        """'3224 (French 7-4 infantry)' — how messages name a unit."""
        d, u = self.defs[uid], self.unit(uid)
        where = u["hex"] if u["where"] == "map" else uid
        return f"{where} ({d.side.title()} {d.strength}-{d.movement} {d.kind})"

    def left_from(self, h: Hex) -> str:
        """': 2919 (French 6-4 infantry) moved from it this phase' when the unit that stood in `h`
        left it this Player-Turn and stands elsewhere, else '': a player who names the hex a unit
        left is told where it went, not only that the hex is empty."""
        log = self.s.get("log") or {}
        went = [(r["unit"], "advanced from it after combat") for r in log.get("advances", []) if r["from"] == h]
        went += [(r["unit"], "retreated from it") for r in log.get("retreats", []) if r["from"] == h]
        went += [(m["unit"], "moved from it this phase") for m in log.get("moves", []) if m["path"][:1] == [h]]
        for uid, how in went:
            if self.unit(uid)["where"] == "map" and self.unit(uid)["hex"] != h:
                return f": {self.describe(uid)} {how}"
        return ""

    def place(self, uid: str, h: Hex) -> Unit:
        """Put a unit in h (from wherever it was); returns its entry, to change (`edit`)."""
        u = self.edit(uid)
        if u["hex"] is not None:  # on the map
            del self.occupant[u["hex"]]
            self._count(uid, u["hex"], -1)
        u["where"], u["hex"] = "map", h
        self.occupant[h] = uid
        self._count(uid, h, +1)
        if h in self.s["redoubts"]:
            self.s["redoubts"][h]["held"] = self.side(uid)
        self._moved()
        return u

    def take_off(self, uid: str, where: str) -> Unit:
        """Remove a unit from the map: "eliminated" (a loss) or "exited" (east edge); returns its
        entry, to change (`edit`)."""
        u = self.edit(uid)
        frm = u["hex"]
        if frm is not None:  # on the map
            del self.occupant[frm]
            self._count(uid, frm, -1)
        u["where"], u["hex"] = where, None
        if "leaders" in self.s and frm is not None:
            from rules.borodino.dv_leaders import rehome  # it reads Battle: imported when first needed
            rehome(self, uid, frm)
        side = self.side(uid)
        if where == "eliminated":
            self.s["losses"][side] += self.strength(uid)
        elif where == "exited":
            self.s["exited"][side] += self.strength(uid)
        self._moved()
        return u

    def _moved(self) -> None:
        """Forget what depended on where the units stand: the units by side, and all `forget`
        forgets (written out: a unit moves some 200 times a game)."""
        kept = self.__dict__
        kept.pop("stands", None)
        kept.pop("zocs", None)
        self.contacts.clear()
        self.searched.clear()
        self.walked.clear()
        self.retreats.clear()
        self.openings.clear()

    def forget(self) -> None:
        """Forget all that was worked out in this position (the units by side aside)."""
        self.contacts.clear()
        self.after_command()

    def after_command(self) -> None:
        """Forget what a command may change with no unit changing (the zones of control count the
        redoubts; a route search, the turn; a move drawn, the whole position): what a position
        kept between commands does after each one (session.py). The hex index and the units by
        side follow every move; the enemy contact, read off the units and kept with the redoubts'
        marks it read, holds until a unit changes (`edit`): the contact with which an `end` of a
        Movement Phase opened the Combat Phase is the one its first attack is drawn against."""
        self.__dict__.pop("zocs", None)
        self.searched.clear()
        self.walked.clear()

    # --- redoubts ------------------------------------------------------------------------
    def mark_destroyed(self, h: Hex, destroyed: bool) -> None:
        """Destroy a redoubt (Russian Redoubts J) or rebuild it (Night Movement C), and forget the
        walks' tables, which read which redoubts are intact (`rollout.walk`), and the retreats,
        which read the redoubts' zones of control (`results.retreat_steps`)."""
        self.s["redoubts"][h]["destroyed"] = destroyed
        self.walking.clear()
        self.retreats.clear()
        self.openings.clear()

    def redoubt_active(self, h: Hex) -> bool:
        """An intact redoubt with no French unit in it has its ZOC and strength (Redoubts, J)."""
        r = self.s["redoubts"].get(h)
        if r is None or r["destroyed"]:
            return False
        occ = self.occupant.get(h)
        return occ is None or self.defs[occ].side == "russian"

    # --- zones of control ----------------------------------------------------------------
    @cached_property
    def zocs(self) -> dict[str, frozenset[Hex]]:
        """For each side, the hexes in the Zone of Control of its enemies."""
        out: dict[str, set[Hex]] = {side: set() for side in SIDES}
        defs, m = self.defs, self.map
        for h, uid in self.occupant.items():
            out["russian" if defs[uid].side == "french" else "french"].update(zoc_reach(m, h))  # enemy_of
        for h in self.s["redoubts"]:
            if self.redoubt_active(h):  # Redoubts (C): ZOC on the three front hexes only
                out["french"].update(self.map.redoubts[h].front)
        return {side: frozenset(hexes) for side, hexes in out.items()}

    def in_enemy_zoc(self, side: str, h: Hex) -> bool:
        """Whether h is in `zocs[side]`: read off the whole table once a route search has built
        it, else off the units' zones kept move by move (`keep_control`), else by asking the
        hexes around h; then the redoubts' fronts."""
        if "zocs" in self.__dict__:
            return h in self.zocs[side]
        if self.control is not None:
            if h in self.control[side]:
                return True
        else:
            enemy, occupant = enemy_of(side), self.occupant
            for n in zoc_sources(self.map, h):
                uid = occupant.get(n)
                if uid is not None and self.defs[uid].side == enemy:
                    return True
        return side == "french" and h in self.fronting and any(map(self.redoubt_active, self.fronting[h]))

    def keep_control(self) -> None:
        """Keep from now on, for each side, how many enemy units control each hex (ZOC A, H), its
        units by hex (in no order), and for each unit on the map how many enemy units are within
        its reach (`in_reach`), updated by every `place` and `take_off` instead of asked hex by
        hex: worth it for a position that lives through many commands (session.py), not for one
        command."""
        self.control = {side: {} for side in SIDES}
        self.held = {side: {} for side in SIDES}
        self.reach = {}
        placed, self.occupant = self.occupant, {}
        for h, uid in placed.items():  # counted as if placed one after another
            self._count(uid, h, +1)
            self.occupant[h] = uid

    def _count(self, uid: str, h: Hex, step: int) -> None:
        """Count a unit in h in (step +1) or out of (-1) `control`, `held` and `reach`, when kept."""
        if self.control is None or self.held is None or self.reach is None:
            return
        defs, reach = self.defs, self.reach
        d = defs[uid]
        side = d.side
        enemy = "russian" if side == "french" else "french"  # enemy_of
        counts, enemies = self.control[enemy], self.held[enemy]
        if step > 0:
            self.held[side][h] = uid
            for n in zoc_reach(self.map, h):
                counts[n] = counts.get(n, 0) + 1
        else:
            del self.held[side][h]
            for n in zoc_reach(self.map, h):
                k = counts[n] - 1
                if k:
                    counts[n] = k
                else:
                    del counts[n]
        around = RING2[h]
        if enemies.keys().isdisjoint(around):  # as a rule, no enemy unit within two hexes
            return
        artillery, near, touched = d.kind == "artillery", RING[h], list[str]()
        for n in enemies.keys() & around:
            other = enemies[n]
            if n in near:  # adjacent: each within the other's reach
                touched += (uid, other)
                continue
            if artillery:  # two hexes apart: within the reach of artillery alone (`_radius`)
                touched.append(uid)
            if defs[other].kind == "artillery":
                touched.append(other)
        for unit in touched:
            k = reach.get(unit, 0) + step
            if k:
                reach[unit] = k
            else:
                del reach[unit]

    def in_reach(self, side: str) -> list[str]:
        """The side's units on the map with an enemy unit within their reach (adjacent; within
        two hexes for artillery, which bombards: Artillery, General Rule), in the order of the
        unit table: the only units that may have an enemy unit to attack (Combat A). Read off
        the counts kept move by move (`keep_control`), else found by looking round each unit."""
        if self.reach is not None:
            defs = self.defs
            return sorted((uid for uid in self.reach if defs[uid].side == side), key=self.rank.__getitem__)
        enemies, defs = self.stands[enemy_of(side)], self.defs
        return [uid for h, uid in self.stands[side].items() if h is not None  # (a test's unit off the numbering)
                and not enemies.keys().isdisjoint((RING2 if _radius(defs[uid].kind) == 2 else RING)[h])]

    @cached_property
    def arrivals(self) -> tuple[str, ...]:
        """The units still to come or waiting to enter when first asked, in the order of the unit
        table: the only ones that can be "future" or "waiting" from then on (reinforcements go on
        the map and never come back to wait, turns.start_player_turn), so what looks for
        reinforcements need not read every unit."""
        return tuple(uid for uid, u in self.s["units"].items() if u["where"] in ("future", "waiting"))

    @cached_property
    def rank(self) -> dict[str, int]:
        """Each unit's place in the state's unit table."""
        return {uid: i for i, uid in enumerate(self.s["units"])}

    def engaged(self, a: Hex, b: Hex) -> bool:
        """Adjacent in the sense that forces combat. Combat (B) says "ALL Enemy units to which there are
        Friendly units adjacent MUST be attacked" and speaks of adjacency, not of Zones of Control; the
        Terrain Effects Chart allows attacks across Ford and Bridge hexsides (halved) and forbids them only
        through River hexsides. So units facing each other across a ford or bridge owe combat although no
        Zone of Control crosses there (ZOC H); across a plain river they do not."""
        return self.map.side(a, b) != "river"

    # --- time ----------------------------------------------------------------------------
    @property
    def night(self) -> bool:
        return scenario_data.is_night(self.s["turn"])

    def option(self, name: str) -> bool:
        return name in self.s["options"]

    @property
    def doomed(self) -> bool:
        """Is a Doomed Victory option in play (dv_rally: state["broken"]; dv_leaders: state["leaders"])?"""
        return "broken" in self.s or "leaders" in self.s
