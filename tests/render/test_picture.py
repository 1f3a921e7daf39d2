"""What a Borodino picture holds before anything is drawn (render/hexmap/picture.py): a crop's box
centred on the asked hexes, its hex size from the width asked, the widest context a phone can
read, and the refusal of hexes off the map."""
import io
import math

import pytest
from PIL import Image

from render import palette as P
from render.action import PHONE_WIDTH
from render.frame import NotOnMap
from render.hexmap import counters, picture, terrain
from render.hexmap.geometry import SQRT3, Layout
from render.hexmap.terrain import layer_layout, layer_size
from tests.render.golden import fixture_view


@pytest.mark.parametrize(("around", "radius"), [(["2817"], 6), (["2817"], 2), (["2817", "3019"], 2), (["1001"], 1)])
def test_a_crop_is_centred_on_the_asked_hexes_with_radius_hexes_round_them(around, radius):
    """Across, 1.5 r a hex and 1.3 r of margin each side; down, a hex's height each and half one and
    0.3 r more; the asked hexes in the middle, even at the map's corner (1001), where paper fills in."""
    r = picture.CROP_R
    x0, y0, x1, y1 = picture._crop_box(r, around, radius)
    xs, ys = zip(*(layer_layout(r).centre(h) for h in around))
    assert abs((x0 + x1) / 2 - (min(xs) + max(xs)) / 2) <= 1 and abs((y0 + y1) / 2 - (min(ys) + max(ys)) / 2) <= 1
    assert abs(x1 - x0 - (max(xs) - min(xs) + 2 * (1.5 * radius + 1.3) * r)) <= 2
    assert abs(y1 - y0 - (max(ys) - min(ys) + 2 * (SQRT3 * radius + SQRT3 / 2 + 0.3) * r)) <= 2


def test_a_crop_s_hex_size_fits_the_width_asked_and_never_falls_below_8():
    assert picture.crop_r(["2817"], 6, None) == picture.CROP_R == 42
    x0, _, x1, _ = picture._crop_box(42, ["2817"], 6)
    assert picture.crop_r(["2817"], 6, 800) == math.floor(42 * 800 / (x1 - x0)) == 38
    assert picture.crop_r(["2817"], 2, PHONE_WIDTH) == 63  # a narrower context, larger hexes
    assert picture.crop_r(["2817"], 6, 100) == 8


@pytest.mark.parametrize(("around", "radius"), [
    (["2817"], 2), (["2817", "3018"], 2), (["2817", "3218"], 1), (["2817", "2320"], 1), (["2817", "3417"], 0)])
def test_a_phone_s_crop_keeps_the_widest_context_whose_counters_it_can_read(around, radius):
    """Two hexes of context round the asked ones, else one, else none: the widest whose hexes are
    still PHONE_R (38) across or more at a phone's width."""
    assert picture.legible_radius(around) == radius
    if radius:
        assert picture.crop_r(around, radius, PHONE_WIDTH) >= picture.PHONE_R == 38
    if radius < 2:
        assert picture.crop_r(around, radius + 1, PHONE_WIDTH) < 38


def test_hexes_off_the_map_are_refused_or_left_out():
    with pytest.raises(NotOnMap, match=r"^9999, 0000: no hex of this map; name hexes on the map \(their four "
                                       r"digits\), or none to draw the whole map\.$"):
        picture.hexes_around(["9999", "0000"], 2)
    assert picture.hexes_around(["2817", "9999"], 0) == {"2817"}
    assert picture.hexes_around(["2817", "x", "99"], 0) == {"2817"}


@pytest.mark.parametrize("around", [["99"], ["x"], ["0905"], ["1000"], ["4231"]])
def test_a_name_that_is_no_hex_or_a_hex_beside_the_map_is_refused_in_words(around):
    """A player asking `map 99`, or a hex beside the map's edge whose neighbours are on it, reads
    the sentence, never a Python error ("invalid literal for int()", "min() arg is an empty sequence")."""
    with pytest.raises(NotOnMap, match=f"^{around[0]}: no hex of this map; name hexes on the map"):
        picture.crop_r(around, 2, PHONE_WIDTH)
    assert len(picture.hexes_around(["2817"], 1)) == 7 and len(picture.hexes_around(["2817"], 2)) == 19


def test_the_whole_map_at_a_width_asked_is_drawn_at_the_hex_size_that_fits_it():
    """`kolocha map --size 700`: the whole layer at the largest hex size within 700 pixels."""
    assert picture._map_width_in_r() == layer_size(28)[0] / 28
    image, layout, numbers = picture.map_part(700, [], 6)
    assert layout.r == math.floor(700 / picture._map_width_in_r()) == 14
    assert image.size == layer_size(14) and image.width <= 700 and numbers


def test_the_whole_map_is_drawn_at_its_default_hex_size_and_never_below_8():
    """`kolocha map` with no size draws the whole layer at FULL_R; a width too narrow for 8 px hexes
    still draws them at 8 (the picture is then wider than asked)."""
    image, layout, numbers = picture.map_part(None, [], 6)
    assert layout.r == picture.FULL_R and image.size == layer_size(picture.FULL_R) and numbers
    image, layout, _ = picture.map_part(300, [], 6)
    assert math.floor(300 / picture._map_width_in_r()) < 8 and layout.r == 8 and image.size == layer_size(8)


def test_a_crop_at_the_map_s_corner_shows_the_terrain_in_place_and_paper_beyond_the_edge():
    """Round 1001 the crop reaches past the map's top and left edges: there it is paper, and the
    terrain inside is the whole layer's, pixel for pixel, with hex 1001 where the crop's layout says."""
    img, layout, _ = picture.map_part(None, ["1001"], 2)
    x0, y0, x1, y1 = picture._crop_box(picture.CROP_R, ["1001"], 2)
    assert x0 < 0 and y0 < 0 and img.size == (x1 - x0, y1 - y0)
    whole, _ = terrain.terrain_window(picture.CROP_R, (0, 0, x1, y1))
    assert img.crop((-x0, -y0, img.width, img.height)).tobytes() == whole.tobytes()
    for margin in (img.crop((0, 0, -x0, img.height)), img.crop((0, 0, img.width, -y0))):
        assert {colour for _, colour in margin.getcolors(1 << 16)} == {P.PAPER}
    cx, cy = layer_layout(picture.CROP_R).centre("1001")
    assert layout.centre("1001") == pytest.approx((cx - x0, cy - y0))


def test_a_crop_s_hex_numbers_are_kept_where_they_are_drawn():
    """Place names keep clear of the hex numbers: the box of 2817's number, in the crop's pixels,
    is where its layout draws that number."""
    _, layout, numbers = picture.map_part(None, ["2817"], 2)
    drawn = terrain.number_box(layout, "2817")
    assert any(all(abs(a - b) <= 2 for a, b in zip(box, drawn)) for box in numbers)


def test_a_picture_is_written_as_a_png_of_256_colours_at_most():
    img = Image.new("RGB", (64, 32))
    img.putdata([(x * 4, y * 8, (x * y) % 256) for y in range(32) for x in range(64)])
    back = Image.open(io.BytesIO(picture.png(img)))
    assert back.format == "PNG" and back.size == (64, 32) and back.mode == "P"
    assert len(back.getcolors(1 << 16)) <= 256


def test_warming_draws_the_counters_a_crop_then_shows_and_the_whole_layer(monkeypatch):
    """The bot warms a game's pictures at start-up (render.warm): after warm_layers, the first crop
    round a unit draws no counter anew, and the whole map's layer is at hand."""
    view = fixture_view("midgame_view")
    counters.sprite.cache_clear()
    picture.warm_layers(view)
    drawn = counters.sprite.cache_info().misses
    assert drawn == len({counters.look_of(u, counters.counter_size(picture.CROP_R)) for u in view["units"]})
    img, layout, numbers = picture.map_part(None, [view["units"][0]["hex"]], 2)
    picture.draw_play(img, layout, view, {}, numbers)
    assert counters.sprite.cache_info().misses == drawn
    monkeypatch.setattr(terrain, "_shrunk", _refuse)
    assert terrain.static_layer(picture.FULL_R).image.width == layer_size(picture.FULL_R)[0]


def _refuse(*args: object) -> None:
    raise AssertionError("the whole layer was drawn again")


def test_the_previous_player_turn_s_crosses_are_faint_once_the_current_one_has_events():
    """An elimination of the previous player-turn is drawn at the faint opacity (PAST) under the
    current player-turn's events, at full strength while the current one has none."""
    origin = Layout(42, 0.0, 0.0).centre("2720")
    layout = Layout(42, 200 - origin[0], 200 - origin[1])
    past = {"eliminated": [{"unit": "R-I-1", "hex": "2720"}]}
    moved = {"moves": [{"unit": "F-I-2", "side": "french", "path": ["2420", "2421"]}]}

    def colours(view: dict) -> set:
        img = Image.new("RGB", (400, 400), (255, 255, 255))
        picture.draw_play(img, layout, {"units": [], "redoubts": [], **view}, {}, [])
        return {c for _, c in img.crop((150, 150, 250, 250)).getcolors(1 << 16)}

    assert P.ELIMINATED in colours({"last_log": past})
    faint = colours({"last_log": past, "log": moved})
    assert P.ELIMINATED not in faint and len(faint) > 1


@pytest.mark.parametrize("current", [
    {"attacks": [{"side": "french", "attackers": ["3219"], "defenders": ["3218"], "bombarding": [], "odds": "1-1",
                  "die": 5, "result": "Ar"}]},
    {"retreats": [{"unit": "F-I-4", "side": "french", "from": "3219", "to": "3220"}]},
    {"advances": [{"unit": "R-IV-23", "side": "russian", "from": "3218", "to": "3219"}]},
    {"eliminated": [{"unit": "F-I-2", "hex": "3219", "side": "french"}]},
], ids=["attacks", "retreats", "advances", "eliminated"])
def test_any_event_of_the_current_player_turn_makes_the_previous_one_faint(current):
    """An attack, a retreat, an advance after combat or an elimination alone is enough: the previous
    player-turn's cross at 2720 is drawn faint, the current player-turn's events (at 3219, out of
    the picture) at full strength."""
    origin = Layout(42, 0.0, 0.0).centre("2720")
    layout = Layout(42, 200 - origin[0], 200 - origin[1])
    img = Image.new("RGB", (400, 400), (255, 255, 255))
    view = {"units": [], "redoubts": [], "last_log": {"eliminated": [{"unit": "R-I-1", "hex": "2720"}]}, "log": current}
    picture.draw_play(img, layout, view, {}, [])
    faint = {c for _, c in img.crop((150, 150, 250, 250)).getcolors(1 << 16)}
    assert P.ELIMINATED not in faint and len(faint) > 1
    assert picture._logs(view) == [(view["last_log"], picture.PAST), (current, 255)]


PAST_ATTACK = {"side": "russian", "attackers": ["2720"], "defenders": ["2719"], "bombarding": [], "odds": "1-2",
               "die": 4, "result": "Ar"}
CURRENT_ATTACK = {"side": "french", "attackers": ["2720"], "defenders": ["2719"], "bombarding": [], "odds": "3-1",
                  "die": 2, "result": "Dr"}


def _attack_labels(size: int, last: bool) -> tuple[Image.Image, list]:
    """The attack on 2719 of the current player-turn, with (or without) one of the previous player-turn
    on the same hexes, in a picture `size` pixels square centred on 2719."""
    origin = Layout(42, 0.0, 0.0).centre("2719")
    layout = Layout(42, size / 2 - origin[0], size / 2 - origin[1])
    img = Image.new("RGB", (size, size), (255, 255, 255))
    view = {"units": [], "redoubts": [], "log": {"attacks": [CURRENT_ATTACK]},
            "last_log": {"attacks": [PAST_ATTACK]} if last else {}}
    return img, picture.draw_play(img, layout, view, {}, []).labels


@pytest.mark.parametrize("size", [400, 120], ids=["room for both", "room for neither"])
def test_the_current_player_turn_s_attack_label_takes_the_best_spot_and_lies_on_top(size):
    """Two labels by the same hexes: the current player-turn's goes where it would go alone and is
    drawn over the faint one of the previous player-turn, which does not show through; where there
    is no room for either, the faint one, told in the post before, is left out."""
    alone, (box,) = _attack_labels(size, last=False)
    both, labels = _attack_labels(size, last=True)
    assert labels[0] == box and len(labels) == (2 if size == 400 else 1)
    inside = (max(0, box[0] + 3), max(0, box[1] + 3), min(size, box[2] - 3), min(size, box[3] - 3))
    assert inside[0] < inside[2] and inside[1] < inside[3]
    assert both.crop(inside).tobytes() == alone.crop(inside).tobytes()
