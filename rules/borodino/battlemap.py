"""The Borodino hex map, loaded from data/map.toml and validated on load.

The printed map is lost; data/map.toml reconstructs it (see its header).
This module answers the questions the rules ask of terrain: what a hex is, what lies on a hexside,
where the roads run, where the redoubts face, where the map edges and the east-edge exits are.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.core.hexes import Hex, are_adjacent, col_row, hex_at, hexside, neighbours

DATA = Path(__file__).parent / "data"


class MapDataError(ValueError):
    """The map file contradicts itself or the geometry."""


@dataclass(frozen=True)
class Redoubt:
    hex: Hex
    name: str
    strength: int  # intrinsic Combat Strength (Russian Redoubts, General Rule)
    front: frozenset[Hex]  # the three hexes beyond its Front hexsides
    decides: bool = False  # its occupier at the end wins the 5 September scenario (SCENARIOS)


@dataclass(frozen=True)
class Road:
    name: str
    key: str  # "new_road" / "old_road"
    hexes: tuple[Hex, ...]  # west end first, east end last


@dataclass(frozen=True, eq=False)  # identity hash: the lru_caches below key on the map object
class BattleMap:
    hexes: frozenset[Hex]
    woods: frozenset[Hex]
    towns: frozenset[Hex]
    redoubts: dict[Hex, Redoubt]
    roads: tuple[Road, ...]
    sides: dict[str, str]  # hexside -> river / ford / bridge / stream
    places: dict[str, Hex]  # names printed on the map, for pictures only (Map, case C)
    rivers: dict[str, tuple[str, ...]]  # river name -> its hexsides, for drawing
    streams: dict[str, tuple[str, ...]]

    @property
    def deciding_redoubt(self) -> Redoubt:
        """The redoubt whose occupier at the end wins the 5 September scenario (Schevardino)."""
        return next(r for r in self.redoubts.values() if r.decides)

    # --- terrain -------------------------------------------------------------------------
    def on_map(self, h: Hex) -> bool:
        return h in self.hexes

    @property
    def road_hexes(self) -> frozenset[Hex]:
        return _road_hexes(self)

    @property
    def road_sides(self) -> frozenset[str]:
        return _road_sides(self)

    def terrain(self, h: Hex) -> str:
        if h in self.redoubts:
            return "redoubt"
        if h in self.woods:
            return "woods_road" if h in self.road_hexes else "woods"
        if h in self.towns:
            return "town"
        return "clear"

    def side(self, a: Hex, b: Hex) -> str | None:
        """What lies on the hexside between two adjacent hexes: river, ford, bridge, stream or None."""
        return self.sides.get(hexside(a, b))

    def is_road_side(self, a: Hex, b: Hex) -> bool:
        return hexside(a, b) in self.road_sides

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """The on-map neighbours of h."""
        return _adjacent(self, h)

    # --- edges ---------------------------------------------------------------------------
    def road(self, key: str) -> Road:
        for road in self.roads:
            if road.key == key:
                return road
        raise KeyError(key)

    @property
    def edge_hexes(self) -> frozenset[Hex]:
        return frozenset(h for h in self.hexes if len(self.adjacent(h)) < 6)

    @property
    def east_exits(self) -> frozenset[Hex]:
        """East-edge hexes between the two roads inclusive (7 Sept victory conditions)."""
        return _east_exits(self)


@cache
def _adjacent(m: BattleMap, h: Hex) -> tuple[Hex, ...]:
    return tuple(n for n in neighbours(h) if n in m.hexes)


@cache
def _road_hexes(m: BattleMap) -> frozenset[Hex]:
    return frozenset(h for road in m.roads for h in road.hexes)


@cache
def _road_sides(m: BattleMap) -> frozenset[str]:
    return frozenset(hexside(a, b) for road in m.roads for a, b in zip(road.hexes, road.hexes[1:]))


@cache
def _east_exits(m: BattleMap) -> frozenset[Hex]:
    ends = sorted(col_row(road.hexes[-1])[0] for road in m.roads)
    row = min(col_row(h)[1] for h in m.hexes)
    return frozenset(h for h in m.hexes if col_row(h)[1] == row and ends[0] <= col_row(h)[0] <= ends[-1])


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise MapDataError(message)


def parse(doc: dict) -> BattleMap:
    """Build and validate a BattleMap from the parsed TOML document."""
    (c0, c1), (r0, r1) = doc["map"]["columns"], doc["map"]["rows"]
    hexes = frozenset(hex_at(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))

    def on(h: str, what: str) -> str:
        _check(h in hexes, f"{what}: hex {h} is not on the map")
        return h

    terrain = doc.get("terrain", {})
    woods = frozenset(on(h, "woods") for h in terrain.get("woods", []))
    towns = frozenset(on(h, "towns") for h in terrain.get("towns", []))
    _check(not woods & towns, f"hexes both woods and town: {sorted(woods & towns)}")

    redoubts = {}
    for r in doc.get("redoubt", []):
        h = on(r["hex"], "redoubt")
        front = frozenset(on(f, f"redoubt {h} front") for f in r["front"])
        _check(len(front) == 3 and all(are_adjacent(h, f) for f in front),
               f"redoubt {h}: front must be three adjacent hexes, got {sorted(front)}")
        _check(h not in woods and h not in towns, f"redoubt {h} stands in woods or town")
        redoubts[h] = Redoubt(h, r["name"], int(r["strength"]), front, bool(r.get("decides", False)))
    deciding = [h for h, r in redoubts.items() if r.decides]
    _check(len(deciding) == 1, f"exactly one redoubt decides the 5 September scenario, not {deciding}")

    roads = []
    for road in doc.get("road", []):
        path = tuple(on(h, road["name"]) for h in road["hexes"])
        for a, b in zip(path, path[1:]):
            _check(are_adjacent(a, b), f"{road['name']}: {a} and {b} are not adjacent")
        roads.append(Road(road["name"], road["key"], path))
    _check({r.key for r in roads} == {"new_road", "old_road"}, "the map needs new_road and old_road")

    sides: dict[str, str] = {}

    def add_sides(kind: str, names: list[str], owner: str) -> tuple[str, ...]:
        out = []
        for s in names:
            a, _, b = s.partition("/")
            on(a, owner), on(b, owner)
            _check(are_adjacent(a, b), f"{owner}: {s} is not a hexside (hexes not adjacent)")
            key = hexside(a, b)
            _check(key not in sides or kind in ("ford", "bridge") and sides[key] == "river",
                   f"{owner}: hexside {key} given twice")
            sides[key] = kind
            out.append(key)
        return tuple(out)

    rivers = {r["name"]: add_sides("river", r["hexsides"], r["name"]) for r in doc.get("river", [])}
    streams = {s["name"]: add_sides("stream", s["hexsides"], s["name"]) for s in doc.get("stream", [])}
    crossings = doc.get("crossings", {})
    for kind in ("ford", "bridge"):
        for s in crossings.get(kind + "s", []):
            a, _, b = s.partition("/")
            _check(sides.get(hexside(a, b)) == "river", f"{kind} {s} is not on a river hexside")
        add_sides(kind, crossings.get(kind + "s", []), kind + "s")

    places = {p["name"]: on(p["hex"], p["name"]) for p in doc.get("place", [])}
    m = BattleMap(hexes, woods, towns, redoubts, tuple(roads), sides, places, rivers, streams)

    for a, b in (s.split("/") for s in m.road_sides):
        _check(m.side(a, b) in (None, "stream", "ford", "bridge"),
               f"road crosses a river at {hexside(a, b)} without a ford or bridge")
    for road in roads:
        _check(road.hexes[0] in m.edge_hexes and road.hexes[-1] in m.edge_hexes,
               f"{road.name} must run from map edge to map edge")
    return m


@cache
def load() -> BattleMap:
    with open(DATA / "map.toml", "rb") as f:
        return parse(tomllib.load(f))
