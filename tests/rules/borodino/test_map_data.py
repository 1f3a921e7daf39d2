"""The reconstructed Borodino map (rules/borodino/data/map.toml) against the rule book.

The printed map is lost. These tests hold the reconstruction to what the rule book does print:
every set-up hex of the four scenarios must be legal ground, the two armies must start apart,
the Kolocha must separate Eugene's IV Corps from the Russian right, the roads must run edge to
edge through their villages, and no unit may start boxed in.
"""
from __future__ import annotations

import copy
import tomllib
from collections import defaultdict, deque

import pytest

from rules.borodino import battlemap
from rules.borodino.battlemap import MapDataError, parse
from rules.core.hexes import are_adjacent, col_row, neighbours
from tests.rules.borodino import printed_setups as printed

SCENARIOS = printed.SCENARIOS
RIVER_KINDS = ("river", "ford", "bridge")

# The Russian right and Eugene's IV Corps (7 Sept): opposite banks of the Kolocha.
RUSSIAN_RIGHT = ("1311", "1610", "1812", "2110")
IV_CORPS = ("1921", "2223", "2424", "2523")


def all_setup_hexes() -> list[str]:
    return sorted({h for s in SCENARIOS for side in printed.SIDES for h in printed.hexes(s, side)})


def raw_doc() -> dict:
    with open(battlemap.DATA / "map.toml", "rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def bmap() -> battlemap.BattleMap:
    return battlemap.load()


# --- movement and river helpers (the rules as the Terrain Effects Chart gives them) ---------------

def can_step(m: battlemap.BattleMap, a: str, b: str) -> bool:
    """May a unit move from a to the adjacent hex b? Woods only along roads; rivers only at
    fords and bridges (Movement; Terrain Effects Chart)."""
    if b not in m.hexes or m.side(a, b) == "river":
        return False
    ta, tb = m.terrain(a), m.terrain(b)
    if tb == "woods":
        return False
    if "woods_road" in (ta, tb) and not m.is_road_side(a, b):
        return False
    return True


def reachable(m: battlemap.BattleMap, start: str, step) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        h = todo.popleft()
        for n in m.adjacent(h):
            if n not in seen and step(m, h, n):
                seen.add(n)
                todo.append(n)
    return seen


def without_crossing_rivers(m: battlemap.BattleMap, a: str, b: str) -> bool:
    return m.side(a, b) not in RIVER_KINDS


def corners(side: str) -> list[frozenset[str]]:
    """The two hex corners at the ends of a hexside, each named by its three hexes."""
    a, b = side.split("/")
    return [frozenset((a, b, n)) for n in neighbours(a) if n in neighbours(b)]


def chain_ends(sides) -> list[frozenset[str]]:
    """Assert that hexsides form one unbranched open chain (each consecutive pair sharing a hex
    corner) and return the two corners at its ends."""
    at = defaultdict(set)
    for s in sides:
        for c in corners(s):
            at[c].add(s)
    assert all(len(v) <= 2 for v in at.values()), "the chain branches"
    sides = set(sides)
    first = next(iter(sides))
    seen, todo = {first}, [first]
    while todo:
        s = todo.pop()
        for c in corners(s):
            for t in at[c] - seen:
                seen.add(t)
                todo.append(t)
    assert seen == sides, f"not one connected chain: {sorted(sides - seen)[:5]} ..."
    ends = [c for c, v in at.items() if len(v) == 1]
    assert len(ends) == 2, f"a chain has two ends, found {len(ends)}"
    return ends


# --- the file loads --------------------------------------------------------------------------------

def test_map_loads_and_validates(bmap):
    assert len(bmap.hexes) == 32 * 30
    assert {"1001", "4130", "1030", "4101"} <= bmap.hexes
    assert not bmap.on_map("0930") and not bmap.on_map("4201") and not bmap.on_map("2031")
    assert {r.key for r in bmap.roads} == {"new_road", "old_road"}
    assert set(bmap.rivers) == {"Kolocha", "Moskva"}
    assert set(bmap.streams) == {"Semyonovka", "Voina", "Stonets"}
    assert parse(raw_doc()).hexes == bmap.hexes


def _drop_new_road_hex(doc):
    road = next(r for r in doc["road"] if r["key"] == "new_road")
    del road["hexes"][len(road["hexes"]) // 2]


def _drop_bridge(doc):
    doc["crossings"]["bridges"] = []


def _shorten_old_road(doc):
    road = next(r for r in doc["road"] if r["key"] == "old_road")
    del road["hexes"][-3:]


def _ford_off_river(doc):
    doc["crossings"]["fords"].append("2001/2002")


def _bad_front(doc):
    doc["redoubt"][0]["front"] = ["3123", "3223", "3325"]


def _town_in_woods(doc):
    doc["terrain"]["towns"].append(doc["terrain"]["woods"][0])


def _stream_on_river(doc):
    doc["stream"][0]["hexsides"].append(doc["river"][0]["hexsides"][0])


def _woods_off_map(doc):
    doc["terrain"]["woods"].append("4231")


def _one_road(doc):
    doc["road"] = [r for r in doc["road"] if r["key"] == "new_road"]


def _two_deciding_redoubts(doc):
    for r in doc["redoubt"]:
        r["decides"] = True


@pytest.mark.parametrize("breakage, message", [
    (_drop_new_road_hex, "are not adjacent"),
    (_drop_bridge, "road crosses a river"),
    (_shorten_old_road, "edge to map edge"),
    (_ford_off_river, "not on a river hexside"),
    (_bad_front, "front must be three adjacent hexes"),
    (_town_in_woods, "both woods and town"),
    (_stream_on_river, "given twice"),
    (_woods_off_map, "not on the map"),
    (_one_road, "new_road and old_road"),
    (_two_deciding_redoubts, "exactly one redoubt decides the 5 September scenario"),
])
def test_parse_rejects_broken_documents(breakage, message):
    doc = copy.deepcopy(raw_doc())
    breakage(doc)
    with pytest.raises(MapDataError, match=message):
        parse(doc)


def test_schevardino_decides_the_5_september_scenario(bmap):
    """SCENARIOS, 5 September Victory Conditions: the occupier of the Schevardino redoubt at the end
    wins; which redoubt that is comes from map.toml, not from rule code."""
    assert (bmap.deciding_redoubt.hex, bmap.deciding_redoubt.name) == ("3222", "Schevardino redoubt")


# --- 1. every printed set-up hex is legal ground, one unit per hex ----------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS)
def test_setup_hexes_are_legal_ground(bmap, scenario):
    for side in ("french", "russian"):
        for h in printed.hexes(scenario, side):
            assert bmap.on_map(h), f"{scenario} {side}: {h} is off the map"
            assert bmap.terrain(h) in ("clear", "town", "redoubt", "woods_road"), (
                f"{scenario} {side}: {h} is {bmap.terrain(h)}, where no unit may stand")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_one_unit_per_setup_hex(scenario):
    placed = printed.hexes(scenario, "french") + printed.hexes(scenario, "russian")
    doubled = sorted({h for h in placed if placed.count(h) > 1})
    assert not doubled, f"{scenario}: two units in {doubled}"


def test_setup_unit_counts_match_the_rule_book():
    assert len(printed.hexes("5sep", "russian")) == 36
    assert len(printed.hexes("6sep", "french")) == 27
    assert len(printed.hexes("6sep", "russian")) == 36
    assert len(printed.hexes("7sep", "french")) == 43
    assert len(printed.hexes("7sep", "russian")) == 36


# --- 2. the armies start apart ---------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_french_setup_hex_next_to_a_russian_one(scenario):
    russians = printed.hexes(scenario, "russian")
    touching = [(f, r) for f in printed.hexes(scenario, "french") for r in russians if are_adjacent(f, r)]
    assert not touching, f"{scenario}: French and Russians adjacent at {touching}"


# --- 3. the rivers ---------------------------------------------------------------------------------

def test_kolocha_is_one_chain_from_the_map_edge_to_the_moskva(bmap):
    kolocha, moskva = bmap.rivers["Kolocha"], bmap.rivers["Moskva"]
    ends = chain_ends(kolocha)
    at_edge = [c for c in ends if not c <= bmap.hexes]
    at_moskva = [c for c in ends if any(c in corners(s) for s in moskva)]
    assert len(at_edge) == 1 and len(at_moskva) == 1 and at_edge != at_moskva
    # It enters from the south-west: its map-edge end is on the west edge, south of the middle.
    upstream = at_edge[0] & bmap.hexes
    assert all(col_row(h)[1] == 30 and col_row(h)[0] >= 26 for h in upstream)


def test_moskva_bounds_the_north_from_edge_to_edge(bmap):
    ends = chain_ends(bmap.rivers["Moskva"])
    assert all(not c <= bmap.hexes for c in ends)
    assert all(col_row(h)[0] <= 13 for s in bmap.rivers["Moskva"] for h in s.split("/"))


@pytest.mark.parametrize("name", ["Semyonovka", "Voina", "Stonets"])
def test_streams_are_chains_flowing_into_the_kolocha(bmap, name):
    ends = chain_ends(bmap.streams[name])
    kolocha_corners = {c for s in bmap.rivers["Kolocha"] for c in corners(s)}
    assert any(c in kolocha_corners for c in ends), f"{name} does not reach the Kolocha"


def test_semyonovka_runs_by_semyonovskaya_between_the_fleches_and_the_great_redoubt(bmap):
    sides = [s.split("/") for s in bmap.streams["Semyonovka"]]
    assert any("3016" in s for s in sides)
    # Its mouth lies north (lower XX) of the Flèches and its course passes the Great Redoubt.
    assert any("2817" in s or "2818" in s for s in sides)
    assert min(col_row(h)[0] for s in sides for h in s) < 28 < max(col_row(h)[0] for s in sides for h in s)


def test_crossings_are_on_the_kolocha(bmap):
    kolocha = set(bmap.rivers["Kolocha"])
    crossings = [s for s, kind in bmap.sides.items() if kind in ("ford", "bridge")]
    assert len([s for s in crossings if bmap.sides[s] == "ford"]) >= 3
    assert set(crossings) <= kolocha
    assert bmap.side("2318", "2319") == "bridge"


def test_kolocha_separates_eugene_from_the_russian_right(bmap):
    # Without crossing a river hexside (not even at a ford or bridge) the banks never meet ...
    east_bank = set()
    for h in RUSSIAN_RIGHT:
        east_bank |= reachable(bmap, h, without_crossing_rivers)
    assert not east_bank & set(IV_CORPS)
    assert set(RUSSIAN_RIGHT) <= east_bank
    west_bank = reachable(bmap, IV_CORPS[0], without_crossing_rivers)
    assert set(IV_CORPS) <= west_bank
    # ... Borodino is on Eugene's bank, Gorki, the redoubts and Schevardino on the Russian one.
    assert "2319" in west_bank
    assert {"2313", "2817", "3117", "3018", "3218", "3222"} <= east_bank
    # ... and the fords and the Borodino bridge join them.
    assert set(RUSSIAN_RIGHT) <= reachable(bmap, IV_CORPS[0], can_step)


# --- 4. the roads ----------------------------------------------------------------------------------

def test_roads_run_from_the_west_edge_to_the_east_edge(bmap):
    for road in bmap.roads:
        assert col_row(road.hexes[0])[1] == 30, f"{road.name} starts off the west edge"
        assert col_row(road.hexes[-1])[1] == 1, f"{road.name} ends off the east edge"
        assert len(set(road.hexes)) == len(road.hexes), f"{road.name} doubles back"
        assert all(are_adjacent(a, b) for a, b in zip(road.hexes, road.hexes[1:]))
    assert 21 <= col_row(bmap.road("new_road").hexes[-1])[0] <= 23
    assert 37 <= col_row(bmap.road("old_road").hexes[-1])[0] <= 39


def test_roads_cross_rivers_only_at_bridges_and_fords(bmap):
    for road in bmap.roads:
        for a, b in zip(road.hexes, road.hexes[1:]):
            assert bmap.side(a, b) in (None, "stream", "ford", "bridge"), (road.name, a, b)
    # The Borodino bridge carries the new road; the four pontoon bridges carry none (this test
    # used to demand a road on every bridge, which the printed pontoon bridges contradict).
    assert "2318/2319" in bmap.road_sides


def test_roads_pass_their_villages(bmap):
    new, old = bmap.road("new_road").hexes, bmap.road("old_road").hexes
    assert "2319" in new and "2313" in new
    places = bmap.places
    # West to east: Borodino, Gorki, Tatarinovo on the new road; Yelnya, Utitsa on the old one.
    assert new.index(places["Borodino"]) < new.index(places["Gorki"]) < new.index(places["Tatarinovo"])
    assert "3819" in old and old.index(places["Yelnya"]) < old.index(places["Utitsa"])
    assert {places[p] for p in ("Borodino", "Gorki", "Tatarinovo", "Utitsa", "Yelnya")} <= bmap.towns


def test_east_exits_lie_between_the_two_roads(bmap):
    exits = bmap.east_exits
    assert {"2201", "3701"} <= exits
    assert all(col_row(h)[1] == 1 and 22 <= col_row(h)[0] <= 37 for h in exits)


# --- 5. nobody starts boxed in; the field is mostly open ----------------------------------------

@pytest.mark.parametrize("start", all_setup_hexes())
def test_every_setup_hex_reaches_the_east_exits_and_a_west_road_end(bmap, start):
    land = reachable(bmap, start, can_step)
    assert land & bmap.east_exits, f"{start} cannot reach the east-edge exits"
    assert land & {road.hexes[0] for road in bmap.roads}, f"{start} cannot reach a road's west end"


def test_road_hexes_are_travellable_end_to_end(bmap):
    for road in bmap.roads:
        for a, b in zip(road.hexes, road.hexes[1:]):
            assert can_step(bmap, a, b) and can_step(bmap, b, a), (road.name, a, b)


def test_map_is_mostly_clear(bmap):
    kinds = [bmap.terrain(h) for h in bmap.hexes]
    assert kinds.count("clear") > 0.75 * len(kinds)
    assert 0.08 * len(kinds) < kinds.count("woods") + kinds.count("woods_road") < 0.2 * len(kinds)


# --- terrain answers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("h, kind", [
    ("2319", "town"),        # Borodino
    ("2313", "town"),        # Gorki
    ("3819", "town"),        # Utitsa
    ("2817", "redoubt"),     # Great Redoubt
    ("3222", "redoubt"),     # Schevardino
    ("3117", "redoubt"), ("3018", "redoubt"), ("3218", "redoubt"),  # Flèches
    ("3925", "woods_road"),  # old road in the Utitsa woods, west of Utitsa
    ("3812", "woods_road"),  # old road in the Utitsa woods, east of Utitsa
    ("3618", "woods"),       # Utitsa woods
    ("2620", "clear"),
])
def test_terrain_of_known_hexes(bmap, h, kind):
    assert bmap.terrain(h) == kind


def test_redoubts_face_the_french(bmap):
    expected = {"3222": 4, "2817": 6, "3117": 3, "3218": 3, "3018": 3}
    assert {h: r.strength for h, r in bmap.redoubts.items()} == expected
    for h, r in bmap.redoubts.items():
        col, row = col_row(h)
        # Facing west: no front hex lies towards the east edge (a lower row).
        assert all(col_row(f)[1] >= row for f in r.front), (r.name, sorted(r.front))
        assert f"{col:02d}{row + 1:02d}" in r.front, f"{r.name} does not face due west"


# --- printed-map facts and history -------------------------------------------------------------

def test_four_pontoon_bridges_between_borodino_and_fomkino(bmap):
    """"Borodino dismembered": besides the wooden bridge at Borodino, four pontoon bridges "are marked on
    the game map on the Kolocha River between Borodino and Fomkino"."""
    kolocha = bmap.rivers["Kolocha"]
    bridges = [s for s in kolocha if bmap.sides[s] == "bridge"]
    assert len(bridges) == 5 and "2318/2319" in bridges
    fomkino = bmap.places["Fomkino"]
    pontoons = [s for s in bridges if s != "2318/2319"]
    # downstream of the Borodino bridge, and no further than the river passes Fomkino
    last = max(kolocha.index(s) for s in kolocha if fomkino in s.split("/"))
    assert all(kolocha.index("2318/2319") < kolocha.index(s) <= last for s in pontoons)


def test_the_fleches_are_named_north_to_south(bmap):
    """History: the northern, middle (set back) and southern Flèches; XX grows from north to south."""
    fleches = sorted((h for h, r in bmap.redoubts.items() if "Flèche" in r.name), key=lambda h: col_row(h)[0])
    assert [bmap.redoubts[h].name for h in fleches] == ["Northern Flèche", "Middle Flèche", "Southern Flèche"]
    assert col_row("3117")[1] < col_row("3018")[1] == col_row("3218")[1]  # the middle one set back east


def test_semyonovskaya_burned_before_the_battle_is_no_town(bmap):
    """Semyonovskaya was pulled down and burned before the battle: its hex doubles no defender."""
    assert bmap.places["Semyonovskaya"] == "3016" and bmap.terrain("3016") == "clear"


def test_a_road_crosses_a_stream(bmap):
    """Movement: a stream hexside costs one more MP "except when crossing on a road": the map has one."""
    crossings = [s for s in bmap.road_sides if bmap.sides.get(s) == "stream"]
    assert crossings == ["2309/2310"]
