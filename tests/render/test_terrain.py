"""The static layer draws every hex of the map data where the geometry puts it, labels apart."""
import io
import math

import pytest

from render import palette as P
from render.hexmap.frame import legend_items
from render.hexmap.geometry import boxes_overlap
from render.hexmap.terrain import _beyond, layer_layout, static_layer, terrain_window
from rules.borodino import battlemap
from tests.render.golden import check_golden

MAP = battlemap.load()
KNOWN = {"clear": P.CLEAR, "woods": P.WOODS, "tree": P.TREE, "town": P.TOWN, "redoubt": P.REDOUBT,
         "road": P.ROAD, "road_centre": P.ROAD_CENTRE, "building": P.BUILDING, "paper": P.PAPER}
EXPECTED = {"clear": {"clear"}, "woods": {"woods", "tree"}, "woods_road": {"woods", "tree"},
            "town": {"town"}, "redoubt": {"redoubt"}}


def _nearest(rgb) -> str:
    return min(KNOWN, key=lambda k: sum((a - b) ** 2 for a, b in zip(rgb, KNOWN[k])))


def test_every_hex_shows_its_terrain_where_the_geometry_says():
    layer = static_layer(28)
    r = layer.layout.r
    wrong = []
    for h in sorted(MAP.hexes):
        cx, cy = layer.layout.centre(h)
        x, y = cx - 0.3 * r, cy + 0.2 * r  # clear of trees, buildings and the hex number
        assert layer.layout.hex_at(x, y) == h
        seen = _nearest(layer.image.getpixel((round(x), round(y))))
        allowed = EXPECTED[MAP.terrain(h)] | ({"road", "road_centre"} if h in MAP.road_hexes else set())
        if seen not in allowed:
            wrong.append((h, MAP.terrain(h), seen))
    assert not wrong


def test_outside_the_hexes_is_margin():
    layer = static_layer(28)
    assert _nearest(layer.image.getpixel((2, layer.image.height // 2))) == "paper"


def test_labels_never_overlap():
    boxes = sorted(static_layer(28).labels)
    clashes = []
    for i, a in enumerate(boxes):  # sweep along x: only boxes starting before a ends can touch it
        for b in boxes[i + 1:]:
            if b[0] >= a[2]:
                break
            if boxes_overlap(a, b):
                clashes.append((a, b))
    assert not clashes


def test_the_layer_is_cached_per_size():
    assert static_layer(28) is static_layer(28)
    assert static_layer(20).image.width < static_layer(28).image.width


def test_a_road_runs_on_past_its_end_hexes_in_its_own_direction():
    """Into the margin, 0.9 r on from each end hex of a road, along its last step (the roads end on
    steps straight up or down the map; a slanting step goes on the same way)."""
    assert _beyond((10.0, 20.0), (13.0, 24.0), 10.0) == (19.0, 32.0)
    layout = layer_layout(28)
    for road in MAP.roads:
        for a, b in ((road.hexes[1], road.hexes[0]), (road.hexes[-2], road.hexes[-1])):
            (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
            x, y = _beyond((ax, ay), (bx, by), 0.9 * 28)
            step = math.dist((ax, ay), (bx, by))
            assert math.isclose(x - bx, (bx - ax) / step * 0.9 * 28, abs_tol=1e-9)
            assert math.isclose(y - by, (by - ay) / step * 0.9 * 28, abs_tol=1e-9)


WINDOWS = {  # pixel boxes of the whole map's layer (r 28) that hold every kind of thing it draws
    "terrain_top_edge": (340, 0, 1386, 120),  # the exit zone's band and title, the roads' ends to Moscow
    "terrain_fords_and_bridges": (270, 730, 640, 970),  # the Kolocha's fords and bridges, two streams, a town
    "terrain_redoubts": (740, 760, 1060, 960),  # four redoubts, the Semyonovka stream, woods
    "terrain_bottom_edge": (520, 1320, 1386, 1533),  # the roads from Smolensk, the map's bottom and right edges
    "terrain_woods": (1100, 360, 1386, 640),  # woods on the Old Smolensk road, the map's right edge
}


@pytest.mark.parametrize("name", WINDOWS)
def test_a_window_of_the_layer_draws_what_the_map_holds_there(name):
    """Each part as a player sees it on the whole map: drawn as a window alone (a few dozen hexes,
    the same pixels as the whole layer: test_terrain_window.py) and compared with its golden."""
    image, labels = terrain_window(28, WINDOWS[name])
    assert labels and all(type(v) is int for box in labels for v in box)  # whole pixels of the layer
    png = io.BytesIO()
    image.save(png, "PNG", optimize=True)
    check_golden(name, png.getvalue())


def test_the_boxes_of_the_hex_numbers_and_margin_notes_are_where_their_letters_are():
    """Place names keep clear of these boxes (names.py): a hex number's is centred near its hex's top,
    as large as four digits of 9 px; the exit zone's title is centred in its band, the roads' ends to
    Moscow stand 0.2 r beside it and their notes from Smolensk end 0.4 r left of the road's first hex."""
    layout, r = layer_layout(28), 28
    _, labels = terrain_window(r, WINDOWS["terrain_top_edge"])
    for h in ("2301", "3001", "3702"):
        cx, cy = layout.centre(h)
        box = min(labels, key=lambda b: abs((b[0] + b[2]) / 2 - cx) + abs(b[1] - (cy - 0.8 * r)))
        assert abs((box[0] + box[2]) / 2 - cx) <= 1 and abs(box[1] - (cy - 0.8 * r)) <= 1
        assert 18 <= box[2] - box[0] <= 28 and 6 <= box[3] - box[1] <= 9
    x0, y0, x1, y1 = 532, 7, 1190, 24  # the exit zone's band
    title = min(labels, key=lambda b: abs((b[0] + b[2]) / 2 - (x0 + x1) / 2) + abs(b[1] - 12))
    before, after = (min(labels, key=lambda b: abs(b[0] - at) + abs(b[1] - 12)) for at in (374, 1195))
    assert abs((title[0] + title[2]) / 2 - (x0 + x1) / 2) <= 1 and abs((title[1] + title[3]) / 2 - (y0 + y1) / 2) <= 1
    assert title[2] - title[0] > 250 and abs(before[2] - (x0 - 0.2 * r)) <= 1 and abs(after[0] - (x1 + 0.2 * r)) <= 1
    for road in MAP.roads:
        wx, wy = layout.centre(road.hexes[0])
        note = min(labels, key=lambda b: abs(b[2] - (wx - 0.4 * r)) + abs(b[1] - wy))
        assert abs(note[2] - (wx - 0.4 * r)) <= 1 and abs((note[1] + note[3]) / 2 - (wy + 0.866 * r + 0.4 * r)) <= 1
        assert note[2] - note[0] > 120


def test_the_exit_zone_is_drawn_only_where_the_scenario_has_one(monkeypatch):
    """French units leave by the east edge between the two roads in 7 Sept and the Grand Battle alone
    (Victory Conditions: "Move 60 Combat Points of units off the east edge"); Shevardino's, 5 and 6 Sept's
    maps showed its band all the same, 'EAST EDGE: French exit zone ... (7 Sept, Grand Battle)'. The view
    says whether the scenario has it (`exits_east`), and the map's top edge is drawn without it where it
    has none: compared with its golden, the band and its title gone, the roads' ends to Moscow kept; nor
    does the legend explain it there."""
    import rules
    from render.hexmap import picture

    borodino = rules.load("borodino")
    assert {scenario: borodino.view(borodino.setup(scenario, 1), None)["exits_east"] for scenario in
            ("shevardino", "5sep", "6sep", "7sep", "grand")} == {"shevardino": False, "5sep": False, "6sep": False,
                                                                 "7sep": True, "grand": True}
    image, labels = terrain_window(28, WINDOWS["terrain_top_edge"], False)
    assert len(labels) == len(terrain_window(28, WINDOWS["terrain_top_edge"])[1]) - 1  # the band's title
    png = io.BytesIO()
    image.save(png, "PNG", optimize=True)
    check_golden("terrain_top_edge_without_the_exit_zone", png.getvalue())
    asked = []

    def terrain_of(size, around, radius, exits):  # what the picture asks for, its drawing left out
        asked.append(exits)
        raise LookupError

    monkeypatch.setattr(picture, "map_part", terrain_of)
    for exits in (False, True):
        with pytest.raises(LookupError):
            picture.draw_map({"exits_east": exits})
    assert asked == [False, True]
    explained = [[words for _, words in legend_items(exits=exits)] for exits in (True, False)]
    assert [words for words in explained[0] if words not in explained[1]] == ["exit zone (7 Sept, Grand Battle)"]
