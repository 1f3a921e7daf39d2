"""A Bloody Monday position: the JSON state plus the map and blocks it refers to, with the
questions every rule asks (who stands where, who owns an area, is it contested, what may a side see).

The state's blocks: {id: {"where": "map"|"pool"|"eliminated", "area", "strength", "activated",
"cubes"}}. Area control lives in state["control"] (keys are area numbers as strings, JSON-wise).
Whether a block stands revealed is derived, never stored (Setup, Contested Area, 2.6, 5.3.3):
activated support units, the non-owner's units in a contested area, and every unit in the area
of a battle after its showdown.
"""
from __future__ import annotations

from functools import cache
from operator import itemgetter
from typing import NotRequired, TypedDict

from rules.bloody_monday.bm_data import AREA_COUNT, Area, Block, army, battlefield
from rules.core.errors import CommandError
from rules.core.events import event
from rules.core.play import copy_state

_SCALARS = (str, int, bool, type(None))

SIDES = ("french", "russian")
MORALE_LIMIT = 10  # How to Win C: ten enemy blocks eliminated


class BlockState(TypedDict):
    """One block in state["blocks"]: where it is and what it shows (Setup; 2.1-2.6)."""

    where: str  # "map", "pool" or "eliminated"
    area: int | None  # on the map only
    strength: int  # the edge turned up
    activated: bool  # a support unit activated this impulse (5.1, 5.2.1)
    cubes: list[str]  # "white" isolated (4.1), "yellow" inspired (5.2.2), ... sorted


class Impulse(TypedDict):
    """state["impulse"] while an action is under way (4.0-7.0); None between impulses."""

    kind: str  # "tactical", "pass", "special" (Initiative Actions 6.1, 6.2) or "raid" (6.3)
    segment: str  # "activation", "movement", "inspiration", "combat" (5.0)
    leaders: list[str]  # the leaders activated (5.1)
    tired: list[str]  # the exhausted leaders among them (9.7)
    commanded: list[str]  # the units the activated leaders command (5.1.1)
    moved: list[str]
    inspired: dict[str, str]  # leader -> the unit it inspired (5.2.2)
    new: list[int]  # areas newly contested this impulse (FAQ 5)
    fought: list[int]  # areas whose battle has been fought
    limit: int | None  # how many units may move (6.2, 6.3, 7.0)
    offensive: bool  # a General Offensive (9.8)
    stand: NotRequired[str]  # once given, the side that stands in every battle of this impulse (`stand all`, 6.4)


def enemy_of(side: str) -> str:
    return "russian" if side == "french" else "french"


def plural(n: int, one: str, many: str) -> str:
    """'1 hit', '2 hits'."""
    return f"{n} {one if n == 1 else many}"


def faces(dice: list[int]) -> str:
    """The faces an artillery fire rolled, as a sentence reads them (Borodino's combat says 'die 4').

    >>> faces([4, 2, 5, 4]), faces([6])
    ('dice 4, 2, 5, 4', 'die 6')
    """
    return f"{'die' if len(dice) == 1 else 'dice'} {', '.join(map(str, dice))}"


# The parts of a state a command only adds to or replaces, never changes inside: the tables of
# plain values (area control), the lists and tables of lists whose entries stay as they were made
# (the morale track, the eliminated blocks, the impulse's move log, ...). `command_copy` copies
# their outer layer only; the records of plain values and of lists and tables of them (`Impulse`,
# the Logistics Phase's record) two layers deep; whatever else a state holds is copied whole.
_TABLES = frozenset({"blocks", "control", "options", "eliminated", "contested_at_start"})
_TABLES_OF_LISTS = frozenset({"morale", "log", "isolated_areas"})
_RECORDS = frozenset({"impulse", "logistics"})


def command_copy(state: dict) -> dict:
    """The copy a command works on (rules.core.play): the block table is new, its entries shared
    with `state` until a `Game(..., shared=True)` copies one it touches; the entries of the lists
    that only grow (`_TABLES`, `_TABLES_OF_LISTS`) are shared too; the records (`_RECORDS`) are
    copied two layers deep, the rest whole."""
    out = {}
    for k, v in state.items():
        if k in _TABLES:
            out[k] = v.copy()
        elif k in _TABLES_OF_LISTS:
            out[k] = {side: list(entries) for side, entries in v.items()}
        elif k in _RECORDS and v is not None:
            out[k] = {field: x if type(x) in _SCALARS else x.copy() for field, x in v.items()}
        else:
            out[k] = v if type(v) in _SCALARS else copy_state(v)
    return out


def trial(g: Game) -> Game:
    """A position to try commands out on, leaving `g` as it was (its placement taken over)."""
    return Game(command_copy(g.s), shared=True, like=g)


class Placement:
    """Where the blocks stand (`at`: area -> the ids there, in order) and what follows from that
    alone, each worked out when first asked for: shared by every position with the same placement,
    so never changed once made (a move makes a new one)."""

    def __init__(self, at: dict[int, list[str]]):
        self.at = at
        self.contested: frozenset[int] | None = None
        self.enemy: dict[str, frozenset[int]] = {}
        self.map: dict[str, list[str]] = {}
        self.room: dict[tuple[str, int], int] = {}
        self.full: dict[str, frozenset[int]] = {}


_placements: dict[tuple, Placement] = {}  # by `_placed`: the placements of the latest positions
_PLACEMENTS = 256
_WHERE, _AREA = itemgetter("where"), itemgetter("area")
# state["control"] is keyed by the area's number as a string
CONTROL_KEYS = {n: str(n) for n in range(1, AREA_COUNT + 1)}


def _placed(blocks: dict) -> tuple:
    """What a placement depends on: each block's "where" and "area"."""
    entries = blocks.values()
    return tuple(blocks), tuple(map(_WHERE, entries)), tuple(map(_AREA, entries))


@cache
def _index(ids: tuple[str, ...]) -> dict[str, int]:
    """Where each block stands in a placement's key (`_placed`)."""
    return {bid: i for i, bid in enumerate(ids)}


def _placement(key: tuple, blocks: dict, areas: dict[int, Area]) -> Placement:
    found = _placements.get(key)
    if found is None:
        at: dict[int, list[str]] = {n: [] for n in areas}
        for bid, b in blocks.items():
            if b["where"] == "map":
                at[b["area"]].append(bid)
        for ids in at.values():
            if len(ids) > 1:
                ids.sort()
        if len(_placements) >= _PLACEMENTS:
            _placements.clear()
        found = _placements[key] = Placement(at)
    return found


class Game:
    """One position, mutable for the duration of a command. With `shared`, the block entries of
    the state are shared with other states (`command_copy`): `block` copies each one the first
    time, and only the readers that never change a block read them in place."""

    def __init__(self, state: dict, shared: bool = False, like: Game | None = None, keyed: bool = True):
        """`like`: a position whose blocks stand as in `state`, to take its placement from.
        Without `keyed`, the placement's key is not kept up to date (`_rekey`): a position that
        is never offered to the next one (`keep`), as a session's (session.py)."""
        self.s = state
        self._own: set[str] | None = set() if shared else None  # the entries copied (`block`)
        self.field = battlefield()
        self.areas: dict[int, Area] = self.field.areas
        self.army = army()
        self.defs: dict[str, Block] = self.army.blocks
        self.ids = self.army.ids
        self._side = self.army.sides
        if like is None:
            key = _placed(state["blocks"])
            self._key: tuple | None = key if keyed else None  # kept up to date by `_rekey`
            self._p = _placement(key, state["blocks"], self.areas)
        else:
            self._key, self._p = like._key, like._p
        self.at = self._p.at

    def keep(self) -> None:
        """Offer this position's placement, with what has been worked out from it, to the next
        position made of the same state (the state a command returns, read by the next one)."""
        _placements[self._key or _placed(self.s["blocks"])] = self._p

    # --- blocks ------------------------------------------------------------------------------
    def block(self, bid: str) -> BlockState:
        """A block's entry, to read or change."""
        if self._own is not None and bid not in self._own:
            b = self.s["blocks"][bid]
            self.s["blocks"][bid] = {**b, "cubes": list(b["cubes"])}  # type: ignore[typeddict-item]
            self._own.add(bid)
        return self.s["blocks"][bid]

    def entry(self, bid: str) -> BlockState:
        """A block's entry, to read only (`block` copies a shared one, to change it)."""
        return self.s["blocks"][bid]  # type: ignore[no-any-return]

    def side(self, bid: str) -> str:
        return self._side[bid]

    def strength(self, bid: str) -> int:
        return int(self.s["blocks"][bid]["strength"])

    def option(self, name: str) -> bool:
        return name in self.s["options"]

    def units(self, area: int, side: str | None = None) -> list[str]:
        return [bid for bid in self.at[area] if side is None or self.side(bid) == side]

    def area(self, bid: str) -> int:
        """The area of a block on the map (the only blocks that have one)."""
        area = self.s["blocks"][bid]["area"]
        assert area is not None, f"{bid} is not on the map"
        return area

    def on_map(self, side: str) -> list[str]:
        """The side's blocks on the map, by id (cached until a block moves)."""
        kept = self._p.map
        if side not in kept:
            of = self._side
            kept[side] = sorted(bid for ids in self.at.values() for bid in ids if of[bid] == side)
        return list(kept[side])

    def leaders(self, side: str) -> list[str]:
        """The side's tactical leaders on the map, by id (`on_map`'s leaders)."""
        blocks = self.s["blocks"]
        return [bid for bid in self.army.leaders[side] if blocks[bid]["where"] == "map"]

    def pool(self, side: str) -> list[str]:
        return sorted(bid for bid, b in self.s["blocks"].items() if b["where"] == "pool" and self.side(bid) == side)

    def chief(self, side: str) -> str:
        """The side's supreme commander (2.6.3)."""
        return self.army.chief(side)

    def is_leader(self, bid: str) -> bool:
        return self.defs[bid].type == "tactical_leader"

    def exhausted(self, bid: str) -> bool:
        """A support unit on its pawn or heart edge (2.6.1-2.6.3)."""
        return self.strength(bid) <= 1

    def chief_strength(self, side: str) -> int:
        """2.6.3: the supreme commander's stars; "Once exhausted, its Strength is 0"; 9.8 raises it to 4."""
        if self.entry(self.chief(side))["where"] != "map":
            return 0
        imp: Impulse = self.s["impulse"]
        if imp and imp.get("offensive") and self.s["player"] == side:
            return 4
        return 0 if self.exhausted(self.chief(side)) else self.strength(self.chief(side))

    def cubes(self, bid: str) -> list[str]:
        """A block's cubes, to read."""
        return self.s["blocks"][bid]["cubes"]

    def set_cube(self, bid: str, cube: str, on: bool) -> None:
        if (cube in self.cubes(bid)) == on:
            return  # as it is: the entry is not copied (`block`)
        cubes = self.block(bid)["cubes"]
        if on:
            cubes.append(cube)
            cubes.sort()
        else:
            cubes.remove(cube)

    # --- areas ---------------------------------------------------------------------------------
    def owner(self, area: int) -> str:
        return self.s["control"][CONTROL_KEYS[area]]  # type: ignore[no-any-return]

    def sides_in(self, area: int) -> frozenset[str]:
        side = self._side
        return frozenset(side[bid] for bid in self.at[area])

    def contested(self, area: int) -> bool:
        """Contested Area: both sides have units in it."""
        return area in self.contested_areas()

    def contested_areas(self) -> frozenset[int]:
        """Every contested area (cached until a block moves)."""
        p = self._p
        if p.contested is None:
            side = self._side
            p.contested = frozenset(n for n, ids in self.at.items()
                                    if len(ids) > 1 and len({side[bid] for bid in ids}) == 2)
        return p.contested

    def friendly(self, side: str, area: int) -> bool:
        """Controlled by `side` and not contested: what LoC and tactical range pass through (4.1.1, 5.1.1)."""
        return self.owner(area) == side and not self.contested(area)

    def has_enemy(self, side: str, area: int) -> bool:
        return area in self.enemy_areas(side)

    def enemy_areas(self, side: str) -> frozenset[int]:
        """The areas holding units of the other side (cached until a block moves)."""
        kept = self._p.enemy
        if side not in kept:
            of = self._side
            kept[side] = frozenset(n for n, ids in self.at.items() if ids and any(of[b] != side for b in ids))
        return kept[side]

    def room(self, side: str, area: int) -> int:
        """Free stacking places for `side` (1.2; supreme commanders may overstack), cached until a
        block moves."""
        kept = self._p.room
        if (side, area) not in kept:
            used = sum(1 for bid in self.units(area, side) if self.defs[bid].type != "supreme_commander")
            kept[side, area] = self.areas[area].terrain.stacking - used
        return kept[side, area]

    def full(self, side: str) -> frozenset[int]:
        """The areas without room for another unit of `side` (1.2), cached until a block moves."""
        kept = self._p.full
        if side not in kept:
            kept[side] = frozenset(n for n, ids in self.at.items()
                                   if ids and self._stacked(side, ids) >= self.areas[n].terrain.stacking)
        return kept[side]

    def fits(self, bid: str, area: int) -> bool:
        return self.defs[bid].type == "supreme_commander" or self.room(self.side(bid), area) > 0

    def defensive_bonus(self, area: int, defender: str) -> int:
        """1.2.1: yellow 1 whoever owns it; red 2 only if the defender owns it; green none."""
        colour = self.areas[area].colour
        return 1 if colour == "yellow" else 2 if colour == "red" and self.owner(area) == defender else 0

    def victory_count(self, side: str) -> int:
        """1.1: the six star areas held, plus one for the Flèches when all three are held."""
        held = sum(1 for n in self.field.victory_areas if self.owner(n) == side)
        return held + (1 if self.holds_fleches(side) else 0)

    def holds_fleches(self, side: str) -> bool:
        """1.1: the Flèches count "only if a player controls ALL THREE of them"."""
        return all(self.owner(n) == side for n in self.field.fleches)

    def logistics_value(self, side: str) -> int:
        """3.2: the supreme commander's stars plus the controlled victory areas, even if isolated."""
        return self.chief_strength(side) + self.victory_count(side)

    # --- changes -------------------------------------------------------------------------------
    def place(self, bid: str, area: int) -> None:
        """Put a block in an area; a sole occupant converts control at once (Controlled Area)."""
        b = self.block(bid)
        left = b["area"] if b["where"] == "map" else None
        self._rekey(bid, "map", area)
        if left == area:  # out and back in: control follows the area without the block first
            self._set_at({left: [x for x in self.at[left] if x != bid]})
            self.claim(left)
            left = None
        b["where"], b["area"] = "map", area
        changes = {area: sorted([*self.at[area], bid])}
        if left is not None:
            changes[left] = [x for x in self.at[left] if x != bid]
        self._set_at(changes)
        if left is not None:
            self.claim(left)
        self.claim(area)

    def _rekey(self, bid: str, where: str, area: int | None) -> None:
        """Bring the placement's key (`_placed`) up to date for a block about to stand elsewhere."""
        if self._key is not None:
            ids, wheres, areas = self._key
            i = _index(ids)[bid]
            self._key = ids, (*wheres[:i], where, *wheres[i + 1:]), (*areas[:i], area, *areas[i + 1:])

    def _set_at(self, changes: dict[int, list[str]]) -> None:
        """A new placement with the ids given for each area changed (the one before may be
        shared: `Placement`), taking over what the one before had worked out, brought up to date
        for those areas: a move changes the answers of two areas, not of the whole map."""
        old, of = self._p, self._side
        at = dict(self.at)
        at.update(changes)
        p = self._p = Placement(at)
        before, self.at = self.at, at
        p.contested, p.enemy, p.full = old.contested, old.enemy, old.full
        for area, ids in changes.items():
            sides = {of[bid] for bid in ids}
            if p.contested is not None:
                p.contested = p.contested | {area} if len(sides) == 2 else p.contested - {area}
            p.enemy = {side: areas | {area} if sides - {side} else areas - {area} for side, areas in p.enemy.items()}
            p.full = {side: areas | {area} if ids and self._stacked(side, ids) >= self.areas[area].terrain.stacking
                      else areas - {area} for side, areas in p.full.items()}
        for side, listed in old.map.items():
            gone = {bid for n in changes for bid in before[n] if of[bid] == side}
            came = {bid for ids in changes.values() for bid in ids if of[bid] == side}
            p.map[side] = listed if gone == came else sorted({*listed} - gone | came)
        p.room = {key: n for key, n in old.room.items() if key[1] not in changes}

    def _stacked(self, side: str, ids: list[str]) -> int:
        """How many of `ids` count against `side`'s stacking limit (1.2: not supreme commanders)."""
        of, stacks = self._side, self.army.stacks
        return sum(1 for bid in ids if of[bid] == side and stacks[bid])

    def claim(self, area: int) -> None:
        sides = self.sides_in(area)
        if len(sides) == 1:
            self.s["control"][str(area)] = next(iter(sides))

    def pass_through(self, side: str, area: int) -> None:
        """Units need not stop to convert control of an empty area (Controlled Area)."""
        if not self.at[area]:
            self.s["control"][str(area)] = side

    def eliminate(self, bid: str) -> dict:
        """Remove a block; it goes on its side's morale track unless a jager, militia or cossack (2.4)."""
        b = self.block(bid)
        area = b["area"]
        self._rekey(bid, "eliminated", None)
        if area is not None:  # on the map
            self._set_at({area: [x for x in self.at[area] if x != bid]})
            self.claim(area)
        b["where"], b["area"], b["activated"], b["cubes"] = "eliminated", None, False, []
        d = self.defs[bid]
        if d.counts_for_morale:
            self.s["morale"][d.side].append(bid)
        self.s["eliminated"].append({"id": bid, "side": d.side, "label": d.label, "type": d.type,
                                     "subtype": d.subtype, "colour": d.colour, "area": area,
                                     "morale": d.counts_for_morale})
        return event(f"{self.public_name(bid)} in {area} is eliminated"
                     + (" (a loss for morale, 2.4)." if d.counts_for_morale else " (no loss for morale, 2.4)."),
                     kind="eliminated", block=bid, area=area, side=d.side)

    # --- fog of war ----------------------------------------------------------------------------
    def revealed(self, bid: str) -> bool:
        """Whether the enemy may see this block now (Setup: Fog of War; Contested Area; 2.6; 5.3.3)."""
        b = self.s["blocks"][bid]
        if b["where"] == "eliminated":
            return True
        area = b["area"]
        if b["where"] != "map" or area is None:
            return False
        if b["activated"]:
            return True
        battle = self.s["battle"]
        if battle and battle["area"] == area and battle["shown"]:
            return True
        return self.contested(area) and self.owner(area) != self.side(bid)

    def seen(self) -> set[str]:
        """The blocks the enemy may see now, eliminated ones included: `revealed` for every block
        at once, area by area (what undo may not take back, rules.core.play)."""
        s = self.s
        out = {bid for bid, b in s["blocks"].items()
               if b["where"] == "eliminated" or (b["activated"] and b["where"] == "map")}
        for area in self.contested_areas():
            owner = self.owner(area)
            out.update(bid for bid in self.at[area] if self._side[bid] != owner)
        battle = s["battle"]
        if battle and battle["shown"]:
            out.update(self.at[battle["area"]])
        return out

    def knows(self, viewer: str | None, bid: str) -> bool:
        return viewer == self.side(bid) or self.revealed(bid)

    def public_name(self, bid: str) -> str:
        d = self.defs[bid]
        return f"{d.side.title()} {d.name or d.label} ({d.id}, {d.type.replace('_', ' ')})"

    def name_for(self, viewer: str | None, bid: str) -> str:
        """How a message names a block to a viewer: in full if known, else "a French block"."""
        return self.public_name(bid) if self.knows(viewer, bid) else f"a {self.side(bid).title()} block"

    def resolve(self, side: str, ref: str) -> str:
        """A block of `side` named by its id, its label or a leader's name ("davout", "barclay"),
        case-insensitive (labels only when unique)."""
        exact = self.ids.get(ref.casefold())
        if exact and self.side(exact) == side:
            return exact
        leader = [bid for bid in self.on_map(side) if self.defs[bid].name and
                  ref.casefold() in (self.defs[bid].name.casefold(), self.defs[bid].name.split()[0].casefold())]
        if len(leader) == 1:
            return leader[0]
        live = [bid for bid in self.on_map(side) if self.defs[bid].label.casefold() == ref.casefold()]
        if len(live) == 1:
            return live[0]
        if live:
            raise CommandError(f"{ref!r} names several of your blocks ({', '.join(sorted(live))}); use its id.")
        like = min(self.on_map(side), default=None)  # one of the player's own ids, never the enemy's
        raise CommandError(f"{ref!r} is not one of your blocks on the map; name it by id"
                           + (f" (like {like})" if like else "") + " or label.")
