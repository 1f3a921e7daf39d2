"""Bloody Monday's map, blocks and reinforcement pools, from data/map.toml and data/blocks.toml,
loaded once and validated on load (the printed map is lost: the files say what they reconstruct).

The data model, as the rules read it:

* `areas() -> dict[int, Area]`: the 111 areas by number. An `Area` has its `colour` (green,
  yellow, red) and through it its `terrain` (movement cost, stacking per side, defensive bonus:
  1.2), its `neighbours` and the subset of them across the Kolocha (`kolocha`, 1.2.3), the side
  that `control`s it at start (the red dashed line), its `command` half (north: Barclay de
  Tolly's 1st Army, south: Bagration's 2nd Army, 9.11-9.12), whether it is a `victory` area or one
  of the three `fleche` areas (1.1), its set-up `icons` and its drawing geometry (`centre`,
  `polygon` in the frame of `battlefield()`).
* An `Icon` is either a leader's unique icon (`block` = its id) or a random icon: one block of the
  area's side with that corps `colour` and set-up `kind` (jager, infantry, cavalry, artillery),
  drawn at random (Setup; FAQ 1: light and heavy cavalry, foot and horse artillery together).
* `battlefield() -> Battlefield`: the frame, the areas, the start and command lines, the Grande
  Batterie areas (9.2) and each side's reinforcement order (3.3).
* `blocks() -> dict[str, Block]`: the 115 blocks by id. A `Block` has its `side`, `corps` and
  corps `colour`, `label`, `type` and `subtype`, maximum `strength`, `firepower` per step, `shield`,
  `horsehead`, movement allowances, and answers what the rules ask of it (`mounted`, `is_support`,
  `counts_for_morale`, `activations`, `firepower_at`, `setup_kind`).
* `pools() -> dict[str, Pool]`: each side's Reinforcements Pool: the fixed blocks plus the `Draw`s
  made at random at set-up. `army()` holds blocks, corps, pools and the rule tables
  (`hits_on`, `restore_cost`, `tactical_range`).

`parse_field`, `parse_army` and `check_setup` take parsed TOML documents (and each other's
results) so that tests can feed broken data; each raises `DataError` with one clear sentence.
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from rules.bloody_monday.army import (
    Army,
    Block,
    Corps,
    DataError,
    Draw,
    Pool,
    check,
    parse_army,
    setup_group,
)
from rules.bloody_monday.geometry import (
    Point,
    borders,
    contains,
    doubled_area,
    interpolate,
)

__all__ = ["Area", "Army", "Battlefield", "Block", "Corps", "DataError", "Draw", "Icon", "Pool",
           "Terrain", "areas", "army", "battlefield", "blocks", "check_setup", "load", "parse_army",
           "parse_field", "pools"]

DATA = Path(__file__).parent / "data"

AREA_COUNT = 111
SIDES = ("french", "russian")
VICTORY_COUNT, FLECHE_COUNT = 6, 3  # 1.1: six star areas, and the Flèches' three count as one more
ICON_KINDS = ("jager", "infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class Terrain:
    """What an area's colour means (1.2)."""

    movement_cost: int
    stacking: int  # units per side; supreme commanders may overstack
    defensive_bonus: int  # a red area's bonus only when the defender owns it (1.2.1)


TERRAIN = {"green": Terrain(1, 4, 0), "yellow": Terrain(2, 2, 1), "red": Terrain(2, 1, 2)}


@dataclass(frozen=True)
class Icon:
    """A set-up icon: a leader's own (block) or a random draw by corps colour and kind."""

    block: str | None = None
    colour: str | None = None
    kind: str | None = None

    def __str__(self) -> str:
        return self.block or f"{self.colour} {self.kind}"


@dataclass(frozen=True)
class Area:
    """One of the 111 areas of the mapboard."""

    number: int
    name: str | None
    colour: str
    control: str  # side controlling it at start
    command: str  # "north" or "south" of the white command limit
    victory: bool
    fleche: bool
    neighbours: frozenset[int]
    kolocha: frozenset[int]  # neighbours across the Kolocha
    icons: tuple[Icon, ...]
    centre: Point
    polygon: tuple[Point, ...]

    @property
    def terrain(self) -> Terrain:
        return TERRAIN[self.colour]

    @property
    def title(self) -> str:
        """"19 Shevardino" or "27": how a player names the area."""
        return f"{self.number} {self.name}" if self.name else str(self.number)


@dataclass(frozen=True)
class Battlefield:
    """The mapboard: its drawing frame, areas, lines and reinforcement orders."""

    width: int
    height: int
    areas: dict[int, Area]
    front_line: tuple[Point, ...]  # red dashed start line, north edge to south edge
    command_line: tuple[Point, ...]  # white command limit, west edge to east edge
    grande_batterie: tuple[int, ...]  # 9.2
    reinforcement_order: dict[str, tuple[int, ...]]  # 3.3, by side

    @cached_property
    def victory_areas(self) -> tuple[int, ...]:
        """The six star areas (1.1)."""
        return tuple(n for n, a in sorted(self.areas.items()) if a.victory)

    @cached_property
    def fleches(self) -> tuple[int, ...]:
        """The three Flèches: one victory area to whoever holds all three (1.1)."""
        return tuple(n for n, a in sorted(self.areas.items()) if a.fleche)


# --- the map -----------------------------------------------------------------------------------
_AREA_KEYS = {"number", "name", "colour", "control", "command", "victory", "fleche", "neighbours",
              "kolocha", "icons", "centre", "polygon"}


def _point(value: Any, where: str, width: int, height: int) -> Point:
    check(isinstance(value, list) and len(value) == 2 and all(type(c) is int for c in value),
          f"{where}: a point is [x, y] with integer coordinates, got {value!r}")
    x, y = value[0], value[1]
    check(0 <= x <= width and 0 <= y <= height, f"{where}: point {value} lies outside the frame")
    return x, y


def _icon(text: object, where: str) -> Icon:
    check(isinstance(text, str), f"{where}: an icon is a string, got {text!r}")
    colour, _, kind = str(text).partition(" ")
    if not kind:
        return Icon(block=colour)
    check(kind in ICON_KINDS, f"{where}: icon {text!r} has kind {kind!r}; kinds: {', '.join(ICON_KINDS)}")
    return Icon(colour=colour, kind=kind)


def _area(t: dict, width: int, height: int) -> Area:
    where = f"area {t.get('number', '?')}"
    check(not set(t) - _AREA_KEYS, f"{where}: unknown fields {sorted(set(t) - _AREA_KEYS)}")
    for key in ("number", "colour", "control", "command", "neighbours", "centre", "polygon"):
        check(key in t, f"{where}: missing field {key!r}")
    number = t["number"]
    check(type(number) is int, f"area number must be an integer, got {number!r}")
    check(t["colour"] in TERRAIN, f"{where}: colour must be green, yellow or red, got {t['colour']!r}")
    check(t["control"] in SIDES, f"{where}: control must be french or russian, got {t['control']!r}")
    check(t["command"] in ("north", "south"), f"{where}: command must be north or south, got {t['command']!r}")
    neighbours, kolocha = list(t["neighbours"]), list(t.get("kolocha", []))
    check(len(set(neighbours)) == len(neighbours), f"{where}: a neighbour is listed twice")
    check(number not in neighbours, f"{where} lists itself as a neighbour")
    check(set(kolocha) <= set(neighbours),
          f"{where}: Kolocha borders {sorted(set(kolocha) - set(neighbours))} are not neighbours")
    polygon = tuple(_point(p, f"{where} polygon", width, height) for p in t["polygon"])
    check(len(polygon) >= 3 and len(set(polygon)) == len(polygon),
          f"{where}: a polygon needs three or more distinct corners")
    check(doubled_area(polygon) != 0, f"{where}: its polygon has no area")
    centre = _point(t["centre"], f"{where} centre", width, height)
    check(contains(polygon, centre), f"{where}: its centre {list(centre)} lies outside its polygon")
    return Area(number, t.get("name"), t["colour"], t["control"], t["command"], bool(t.get("victory")),
                bool(t.get("fleche")), frozenset(neighbours), frozenset(kolocha),
                tuple(_icon(i, where) for i in t.get("icons", [])), centre, polygon)


def _check_graph(areas: dict[int, Area]) -> None:
    check(set(areas) == set(range(1, AREA_COUNT + 1)),
          f"areas must be numbered 1..{AREA_COUNT}; missing {sorted(set(range(1, AREA_COUNT + 1)) - set(areas))}, "
          f"extra {sorted(set(areas) - set(range(1, AREA_COUNT + 1)))}")
    for a in areas.values():
        for n in a.neighbours:
            check(n in areas, f"area {a.number}: neighbour {n} does not exist")
            check(a.number in areas[n].neighbours,
                  f"area {a.number} lists {n} as a neighbour but {n} does not list {a.number}")
        for n in a.kolocha:
            check(a.number in areas[n].kolocha,
                  f"area {a.number} has the Kolocha towards {n} but {n} does not towards {a.number}")
    check(len(_components(areas, crossing=True)) == 1, "the areas do not form one connected field")
    check(len(_components(areas, crossing=False)) == 2,
          "the Kolocha must split the field into exactly two banks (it runs from edge to edge)")


def _components(areas: dict[int, Area], crossing: bool) -> list[set[int]]:
    """Connected groups of areas; without `crossing`, the Kolocha's borders are not crossed."""
    left, out = set(areas), []
    while left:
        seen, todo = set(), [left.pop()]
        while todo:
            a = todo.pop()
            seen.add(a)
            todo += [n for n in areas[a].neighbours if n in left and (crossing or n not in areas[a].kolocha)]
            left -= set(todo)
        out.append(seen)
    return out


def _check_geometry(areas: dict[int, Area], width: int, height: int) -> None:
    """Polygons partition the frame; neighbours are exactly the areas sharing a border."""
    check(sum(abs(doubled_area(a.polygon)) for a in areas.values()) == 2 * width * height,
          "the area polygons do not cover the frame exactly (gaps or overlaps)")
    owners: dict[frozenset[Point], list[int]] = {}
    for a in areas.values():
        for side in borders(a.polygon):
            owners.setdefault(side, []).append(a.number)
    for side, who in owners.items():
        check(len(who) <= 2, f"areas {who} all claim the border {sorted(side)}")
        if len(who) == 1:
            (x0, y0), (x1, y1) = sorted(side)
            on_frame = x0 == x1 in (0, width) or y0 == y1 in (0, height)
            check(on_frame, f"area {who[0]}: its border {sorted(side)} is shared with no other area "
                            "and is not on the frame edge")
    shared = {frozenset(who) for who in owners.values() if len(who) == 2}
    for a in areas.values():
        for n in a.neighbours:
            check(frozenset((a.number, n)) in shared,
                  f"areas {a.number} and {n} are neighbours but their polygons share no border")
    for pair in shared:
        lo, hi = sorted(pair)
        check(hi in areas[lo].neighbours, f"areas {lo} and {hi} share a border but are not neighbours")


def _check_lines(field: Battlefield) -> None:
    """Start control and command halves follow the lines, as the areas' circles lie (Setup, 9.11)."""
    for a in field.areas.values():
        x, y = a.centre
        west = x < interpolate(field.front_line, y, along=1)
        check((a.control == "french") == west,
              f"area {a.number}: control {a.control} but its centre lies {'west' if west else 'east'} of the red "
              "dashed line")
        north = y < interpolate(field.command_line, x, along=0)
        check((a.command == "north") == north,
              f"area {a.number}: command {a.command} but its centre lies {'north' if north else 'south'} of the "
              "command line")


def parse_field(doc: dict) -> Battlefield:
    """Build and validate the mapboard from the parsed map.toml."""
    f = doc.get("field", {})
    width, height = f.get("width"), f.get("height")
    check(type(width) is int and type(height) is int and width > 0 and height > 0,
          "[field] needs positive integer width and height")
    areas: dict[int, Area] = {}
    for t in doc.get("area", []):
        a = _area(t, width, height)
        check(a.number not in areas, f"area {a.number} is given twice")
        areas[a.number] = a
    _check_graph(areas)
    _check_geometry(areas, width, height)
    front = tuple(_point(p, "front_line", width, height) for p in f.get("front_line", []))
    command = tuple(_point(p, "command_line", width, height) for p in f.get("command_line", []))
    check(len(front) >= 2 and front[0][1] == 0 and front[-1][1] == height
          and all(p[1] < q[1] for p, q in itertools.pairwise(front)),
          "front_line must run southwards from the north edge to the south edge")
    check(len(command) >= 2 and command[0][0] == 0 and command[-1][0] == width
          and all(p[0] < q[0] for p, q in itertools.pairwise(command)),
          "command_line must run eastwards from the west edge to the east edge")
    victory = sorted(a.number for a in areas.values() if a.victory)
    fleches = sorted(a.number for a in areas.values() if a.fleche)
    check(len(victory) == VICTORY_COUNT, f"the victory areas must be {VICTORY_COUNT} (1.1), got {victory}")
    check(len(fleches) == FLECHE_COUNT and not set(fleches) & set(victory),
          f"the Flèches must be {FLECHE_COUNT} areas besides the victory areas (1.1), got {fleches}")
    order = {side: tuple(doc.get("reinforcements", {}).get(side, [])) for side in SIDES}
    check(sorted(order["russian"]) == victory,
          "the Russian reinforcement order must list the six victory areas once each (3.3)")
    check(order["french"] == order["russian"][::-1], "the French reinforcement order is the Russian one reversed (3.3)")
    battery = tuple(f.get("grande_batterie", []))
    check(len(battery) == 4 and all(n in areas for n in battery), "grande_batterie must name four areas (9.2)")
    field = Battlefield(width, height, areas, front, command, battery, order)
    _check_lines(field)
    return field


# --- set-up: the map's icons against the blocks ------------------------------------------------
def _random_icons(field: Battlefield) -> dict[tuple[str, str, str], list[int]]:
    out: dict[tuple[str, str, str], list[int]] = {}
    for a in field.areas.values():
        for i in a.icons:
            if i.block is None:
                out.setdefault((a.control, str(i.colour), str(i.kind)), []).append(a.number)
    return out


def _check_icon_counts(field: Battlefield, army: Army) -> None:
    """One icon per block that starts on the map; none left over (Setup, FAQ 2)."""
    placed = {b for p in army.pools.values() for b in p.blocks}
    need: dict[tuple[str, str, str], int] = {}
    for b in army.blocks.values():
        kind = b.setup_kind
        if kind and b.id not in placed:
            key = (b.side, b.colour, kind)
            need[key] = need.get(key, 0) + 1
    for p in army.pools.values():
        for d in p.draws:
            key = (p.side, d.colour, str(setup_group(d.type, d.subtype)))
            need[key] = need.get(key, 0) - d.count
    have = _random_icons(field)
    for key in sorted(set(need) | set(have)):
        side, colour, kind = key
        n = len(have.get(key, []))
        check(n == need.get(key, 0), f"{side} {colour} {kind}: {n} set-up icons for {need.get(key, 0)} blocks "
                                     f"not in the pool (icons in areas {sorted(have.get(key, []))})")


def _check_leader_icons(field: Battlefield, army: Army) -> None:
    placed = {b for p in army.pools.values() for b in p.blocks}
    where: dict[str, int] = {}
    for a in field.areas.values():
        for i in a.icons:
            if i.block is not None:
                check(i.block in army.blocks and army.blocks[i.block].is_leader,
                      f"area {a.number}: icon {i.block!r} is not a leader's block")
                b = army.blocks[i.block]
                check(b.side == a.control, f"{b.id}'s icon stands in area {a.number}, which the {a.control} control")
                check(b.id not in where and b.id not in placed,
                      f"{b.id} is placed twice (area {a.number} and {where.get(b.id, 'the pool')})")
                where[b.id] = a.number
    for b in army.blocks.values():
        check(not b.is_leader or b.id in where or b.id in placed, f"{b.id} has no set-up icon and is not in the pool")


def _check_stacking_and_command(field: Battlefield, army: Army) -> None:
    for a in field.areas.values():
        units = [i for i in a.icons if i.block is None or army.blocks[i.block].type != "supreme_commander"]
        check(len(units) <= a.terrain.stacking,
              f"area {a.number} ({a.colour}): {len(units)} set-up icons overstack it (limit {a.terrain.stacking})")
        for i in a.icons:
            half = army.command_half(a.control, str(i.colour)) if i.colour else None
            check(half is None or half == a.command,
                  f"area {a.number}: a {i} icon must stand in the {half} half (9.12), not the {a.command}")


def _check_grande_batterie(field: Battlefield, army: Army) -> None:
    """9.2: each battery area holds a French artillery, next to a Russian-occupied area, firing 4 dice."""
    occupied = {a.number for a in field.areas.values() if a.icons and a.control == "russian"}
    for n in field.grande_batterie:
        a = field.areas[n]
        guns = [i for i in a.icons if i.kind == "artillery"]
        check(a.control == "french" and len(guns) == 1, f"Grande Batterie area {n} must hold one French artillery icon")
        check(bool(a.neighbours & occupied), f"Grande Batterie area {n} is next to no Russian-occupied area")
        weak = [b.id for b in army.blocks.values()
                if b.side == "french" and b.colour == guns[0].colour and b.type == "artillery" and b.strength != 4]
        check(not weak, f"Grande Batterie area {n}: {', '.join(weak)} could be drawn there but would not fire 4 dice")


def check_setup(field: Battlefield, army: Army) -> None:
    """The set-up icons agree with the blocks, the pools, stacking and the command limit."""
    for a in field.areas.values():
        for i in a.icons:
            if i.block is None:
                check(i.colour in army.colours[a.control],
                      f"area {a.number}: no {a.control} corps has the colour {i.colour!r}")
    _check_leader_icons(field, army)
    _check_icon_counts(field, army)
    _check_stacking_and_command(field, army)
    _check_grande_batterie(field, army)


# --- loading -----------------------------------------------------------------------------------
def _read(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@cache
def load() -> tuple[Battlefield, Army]:
    """Read, validate and cross-check both data files, once."""
    field, army_ = parse_field(_read("map.toml")), parse_army(_read("blocks.toml"))
    check_setup(field, army_)
    return field, army_


def battlefield() -> Battlefield:
    return load()[0]


def areas() -> dict[int, Area]:
    return load()[0].areas


def army() -> Army:
    return load()[1]


def blocks() -> dict[str, Block]:
    return load()[1].blocks


def pools() -> dict[str, Pool]:
    return load()[1].pools
