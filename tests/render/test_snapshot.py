"""Snapshots: golden images, pictures that depend on the view alone, highlights, crops, replays."""
import copy
import io

import pytest
from PIL import Image, ImageChops

import rules
from render import NotOnMap, action_crop, check_around, replay_gif, snapshot
from render.action import PHONE_WIDTH
from render.hexmap.counters import counter_box
from render.hexmap.frame import title_strip
from render.hexmap.picture import CROP_R
from render.hexmap.terrain import static_layer
from tests.render.golden import TOLERANCE, check_golden, fixture_view


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_golden_7sep_start_full_map():
    check_golden("7sep_start", snapshot(fixture_view("start_view")))


def test_golden_crop_around_the_great_redoubt():
    check_golden("crop_2817", snapshot(fixture_view("start_view"), around=["2817"], radius=6))


def test_golden_midgame_with_combat_arrows():
    check_golden("midgame", snapshot(fixture_view("midgame_view")))


def test_golden_highlights():
    view = fixture_view("start_view")
    check_golden("highlight_zoc", snapshot(view, around=["3023"], radius=3, zoc="french", select="3023",
                                           destinations=["3022", "2922"]))


def test_same_view_from_different_states_draws_the_same_bytes():
    system = rules.load("borodino")
    a, b = system.setup("7sep", 1), system.setup("7sep", 2)  # different dice, same position
    assert a != b and system.view(a, None) == system.view(b, None)
    assert snapshot(system.view(a, None)) == snapshot(system.view(b, None))


def test_removing_a_unit_changes_only_its_counter():
    """Beyond palette rounding (PNGs are reduced to 256 colours), only that counter's pixels change
    (a clear hex far from any place name: no badge goes, no name moves into the room)."""
    view = fixture_view("start_view")
    fewer = copy.deepcopy(view)
    fewer["units"] = [u for u in view["units"] if u["hex"] != "3225"]
    before, after = _image(snapshot(view)), _image(snapshot(fewer))
    diff = ImageChops.difference(before, after).convert("L").point(lambda v: 255 if v > TOLERANCE else 0)
    changed = diff.getbbox()
    assert changed is not None
    x0, y0, x1, y1 = counter_box(static_layer(28).layout, "3225")
    top = title_strip(view, before.width).height
    slack = 4  # the counter's shadow
    assert x0 - slack <= changed[0] and changed[2] <= x1 + slack
    assert y0 + top - slack <= changed[1] and changed[3] <= y1 + top + slack


def test_hidden_values_are_not_invented():
    """A counter whose strength the viewer may not know is drawn, with "?" for its values: the
    picture differs from the full one, inside that counter only."""
    full = fixture_view("start_view")
    blank = copy.deepcopy(full)
    unit = next(u for u in blank["units"] if u["hex"] == "2817")
    del unit["strength"], unit["movement"], unit["id"]
    drawn, reference = _image(snapshot(blank)), _image(snapshot(full))
    diff = ImageChops.difference(drawn, reference).convert("L")
    changed = diff.point(lambda v: 255 if v > TOLERANCE else 0).getbbox()  # beyond palette rounding
    assert changed is not None  # the values are not drawn
    x0, y0, x1, y1 = counter_box(static_layer(28).layout, "2817")
    top = title_strip(full, reference.width).height
    assert x0 - 4 <= changed[0] and changed[2] <= x1 + 4
    assert y0 + top - 4 <= changed[1] and changed[3] <= y1 + top + 4


def test_crop_is_smaller_and_scaled_up():
    view = fixture_view("start_view")
    full, crop = _image(snapshot(view)), _image(snapshot(view, around=["2817"], radius=6))
    assert crop.width < full.width and crop.height < full.height
    assert CROP_R > 28


def test_size_sets_the_width():
    view = fixture_view("start_view")
    assert 500 <= _image(snapshot(view, size=550)).width <= 550
    assert 500 <= _image(snapshot(view, around=["2817"], size=550)).width <= 550


def test_crop_off_the_map_is_refused():
    with pytest.raises(ValueError):
        snapshot(fixture_view("start_view"), around=["9999"], radius=1)


def test_replay_gif_has_one_frame_per_view():
    views = [fixture_view("start_view"), fixture_view("midgame_view")]
    gif = Image.open(io.BytesIO(replay_gif(views, size=400)))
    assert gif.format == "GIF" and gif.n_frames == 2


@pytest.mark.parametrize(("system", "around", "said"), [
    ("bloody_monday", ["57", "x"], r"^57, x: areas are named by their numbers, 1 to 111\.$"),
    ("bloody_monday", ["500"], "^500: no area of this map"),
    ("campaign_1812", ["12", "Moscow"], r"^12, Moscow: areas and sub-areas are named by their numbers\.$"),
    ("campaign_1812", ["99"], "^99: no place of this map"),
    ("borodino", ["9999"], "^9999: no hex of this map"),
    (None, ["0905", "99"], "^0905, 99: no hex of this map"),  # beside the map's west edge; no hex at all
])
def test_a_crop_asked_around_no_place_of_the_view_s_map_is_refused_in_its_words(system, around, said):
    """What a front end checks before it stores a crop to draw later (render.check_around)."""
    with pytest.raises(NotOnMap, match=said):
        check_around({"system": system}, around)


@pytest.mark.parametrize(("system", "around"), [
    ("bloody_monday", ["57", 58]), ("campaign_1812", ["162"]), ("borodino", ["2817"]), (None, ["2817", "x"])])
def test_a_crop_asked_around_places_of_the_view_s_map_is_let_through(system, around):
    assert check_around({"system": system}, around) is None


def test_a_bloody_monday_snapshot_shades_and_rings_the_areas_asked_and_crops_two_areas_round_by_default():
    """snapshot's highlight reaches the area map (areas shaded, one ringed), and `radius` counts
    areas neighbour to neighbour, 2 when not given."""
    bm = rules.load("bloody_monday")
    view = bm.view(bm.setup("bloody_monday", 1), "french")
    plain = snapshot(view, around=[57])
    assert snapshot(view, around=[57], areas=[57, 58]) != plain
    assert snapshot(view, around=[57], select=57) != plain
    assert snapshot(view, around=[57], radius=2) == plain
    assert snapshot(view, around=[57], radius=1) != plain


def test_an_1812_snapshot_crops_one_place_round_by_default_and_further_when_asked():
    c1812 = rules.load("campaign_1812")
    view = c1812.view(c1812.setup("campaign", 1), None)
    one = snapshot(view, around=[161])
    assert snapshot(view, around=[161], radius=1) == one
    assert _image(snapshot(view, around=[161], radius=2)).size != _image(one).size


def test_the_1812_action_crop_is_drawn_round_the_battle_under_way_before_the_last_one_fought():
    """At a phone's width, one place round the battle being fought; the log's latest battle only
    when none is (render.action_crop)."""
    c1812 = rules.load("campaign_1812")
    state = c1812.setup("campaign", 1)
    state["log"].append({"turn": 1, "place": 11, "lines": []})
    view = c1812.view(state, None)
    assert action_crop(view) == snapshot(view, around=[11], radius=1, size=PHONE_WIDTH)
    view["battle"] = {"place": 27, "attacker": "french", "defender": "russian", "stage": "plans", "lines": []}
    assert action_crop(view) == snapshot(view, around=[27], radius=1, size=PHONE_WIDTH)
    assert action_crop(view) != snapshot(view, around=[11], radius=1, size=PHONE_WIDTH)
