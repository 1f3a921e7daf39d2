"""Labels never collide, never hide under counters, never run off the picture: place
names, attack labels, hex numbers, counters and badges, on the whole map and in crops."""
import copy
import itertools

import pytest
from PIL import Image, ImageDraw

import rules

from render import palette as P
from render.action import PHONE_WIDTH, latest_hexes
from render.fonts import font
from render.hexmap import names, terrain
from render.hexmap.geometry import boxes_overlap
from render.hexmap.overlays import held_disc
from render.hexmap.picture import PAST, _logs, draw_play, legible_radius, map_part
from rules.borodino import battlemap
from tests.render.golden import fixture_view

ISSUE_NAMES = ("Semyonovskaya", "Semyonovka", "Great Redoubt", "Flèches", "Schevardino Redoubt", "Tatarinovo",
               "Moskva")
PICTURES = {  # name: (fixture, size, around, radius)
    "start": ("start_view", None, [], 6),
    "midgame": ("midgame_view", None, [], 6),
    "crop round the Great Redoubt": ("start_view", None, ["2817"], 6),
    "crop round the Flèches at a phone's width": ("midgame_view", PHONE_WIDTH, ["3018", "3019"], 2),
}


def _drawn(fixture, size, around, radius):
    view = fixture_view(fixture)
    img, layout, numbers = map_part(size, around, radius)
    return img, numbers, draw_play(img, layout, view, {}, numbers)


@pytest.mark.parametrize("picture", PICTURES)
def test_names_clear_counters_badges_labels_numbers_each_other_and_the_edge(picture):
    img, numbers, placed = _drawn(*PICTURES[picture])
    solid = placed.counters + placed.badges + placed.labels + numbers
    for name in placed.names:
        x0, y0, x1, y1 = name.box
        assert 0 <= x0 and 0 <= y0 and x1 <= img.width and y1 <= img.height, name
        hit = [box for box in solid if boxes_overlap(name.box, box)]
        assert not hit, (name.text, hit[:3])
    for a, b in itertools.combinations(placed.names, 2):
        assert not boxes_overlap(a.box, b.box), (a.text, b.text)


def test_the_whole_map_names_every_place_the_issue_found_hidden():
    _, _, placed = _drawn(*PICTURES["midgame"])
    assert set(ISSUE_NAMES) <= {name.text for name in placed.names}


def test_a_crop_names_only_places_inside_it():
    """Positive control of the edge rule: Moskva (1018) lies far west of the Great Redoubt crop."""
    _, _, placed = _drawn(*PICTURES["crop round the Great Redoubt"])
    texts = {name.text for name in placed.names}
    assert "Great Redoubt" in texts and "Moskva" not in texts


@pytest.mark.parametrize("picture", ["midgame", "crop round the Flèches at a phone's width"])
def test_odds_labels_cover_no_counter_and_no_other_label(picture):
    _, _, placed = _drawn(*PICTURES[picture])
    assert placed.labels
    for label in placed.labels:
        assert not any(boxes_overlap(label, box) for box in placed.counters + placed.badges), label
    for a, b in itertools.combinations(placed.labels, 2):
        assert not boxes_overlap(a, b)


def test_the_previous_player_turn_is_fainter_once_the_current_one_has_events():
    view = fixture_view("midgame_view")
    assert [alpha for _, alpha in _logs(view)] == [PAST, 255] and PAST < 255
    quiet = copy.deepcopy(view)
    quiet["log"] = {"moves": [], "attacks": []}
    assert [alpha for _, alpha in _logs(quiet)] == [255]


@pytest.mark.parametrize("around", [["3921", "3922"], ["1001"], ["4130"]])
def test_crops_are_centred_on_what_was_asked_even_at_the_map_s_edge(around):
    """1001 and 4130 are corners of the map: paper fills beyond the edge instead of the asked hex
    sliding off-centre."""
    radius = legible_radius(around)
    img, layout, _ = map_part(PHONE_WIDTH, around, radius)
    xs, ys = zip(*(layout.centre(h) for h in around))
    mid = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    assert abs(mid[0] - img.width / 2) <= 2 and abs(mid[1] - img.height / 2) <= 2
    assert latest_hexes(fixture_view("midgame_view")) == ["3921", "3922"]


WATER = {"Kolocha", "Moskva", "Semyonovka", "Voina", "Stonets"}


def _names_alone(r: int, taken: list | None = None) -> tuple[Image.Image, list[names.Name]]:
    """Every place name of the map set at hex size r with nothing else drawn (`taken` kept clear)."""
    img = Image.new("RGB", terrain.layer_size(r), (0, 0, 0))
    placed = names.place_names(ImageDraw.Draw(img), terrain.layer_layout(r), battlemap.load(), taken or [],
                               (0, 0, img.width, img.height))
    return img, placed


def _ink_fills_its_box(img: Image.Image, r: int, name: names.Name) -> None:
    """The name drawn alone on black covers its box: its top and bottom to the pixel, its slanted ends
    to a pixel either way."""
    alone = Image.new("RGB", img.size, (0, 0, 0))
    names.draw_names(ImageDraw.Draw(alone), terrain.layer_layout(r), [name])
    ink = alone.getbbox()
    assert ink is not None and (ink[1], ink[3]) == (name.box[1], name.box[3]), (name.text, ink, name.box)
    assert abs(ink[0] - name.box[0]) <= 1 and abs(ink[2] - name.box[2]) <= 1, (name.text, ink, name.box)


def test_each_name_is_coloured_by_what_it_names_rivers_blue_woods_green_the_rest_red_brown():
    """Water blue for the streams and rivers, green for woods, the towns' red-brown for villages and
    redoubts; a redoubt's name is capitalised as a place ("Schevardino Redoubt")."""
    _, placed = _names_alone(28)
    colours = {name.text: name.colour for name in placed}
    assert set(colours) == {names.short(place) for place in battlemap.load().places}
    assert {text for text, c in colours.items() if c == P.WATER_LABEL} == WATER
    assert {text for text, c in colours.items() if c == P.WOODS_LABEL} == {"Utitsa woods"}
    assert colours["Schevardino Redoubt"] == colours["Borodino"] == colours["Great Redoubt"] == P.TOWN_LABEL
    assert len({P.WATER_LABEL, P.WOODS_LABEL, P.TOWN_LABEL}) == 3


@pytest.mark.parametrize(("r", "halo"), [(28, 1), (42, 2)])
def test_a_name_is_drawn_in_its_colour_with_a_pale_halo_filling_the_box_it_kept(r, halo):
    """What place_names kept free for a name is where its letters and halo land, at the whole map's and a
    crop's scale: the ink of each name, drawn alone on black, spans its box to a pixel, in its own
    colour ringed with the map's pale clear colour (its left and right ends, slanted, round either way)."""
    img, placed = _names_alone(r)
    for name in placed:
        alone = Image.new("RGB", img.size, (0, 0, 0))
        names.draw_names(ImageDraw.Draw(alone), terrain.layer_layout(r), [name])
        ink = alone.getbbox()
        assert ink is not None and (ink[1], ink[3]) == (name.box[1], name.box[3]), (name.text, ink, name.box)
        assert abs(ink[0] - name.box[0]) <= 1 and abs(ink[2] - name.box[2]) <= 1, (name.text, ink, name.box)
        colours = [c for _, c in alone.crop(ink).getcolors(1 << 16)]
        for wanted in (name.colour, P.CLEAR):
            assert min(sum(abs(a - b) for a, b in zip(c, wanted)) for c in colours) <= 40, (name.text, wanted)
    size = names.name_font(terrain.layer_layout(r)).size
    assert size == round(0.34 * r)
    name = placed[0]
    drawn, told = (Image.new("RGB", img.size, (0, 0, 0)) for _ in range(2))
    names.draw_names(ImageDraw.Draw(drawn), terrain.layer_layout(r), [name])
    ImageDraw.Draw(told).text(name.at, name.text, fill=name.colour, font=font("italic", size), anchor="mm",
                              stroke_width=halo, stroke_fill=P.CLEAR)
    assert drawn.tobytes() == told.tobytes()  # a halo of `halo` whole pixels round letters 0.34 r tall


def test_a_name_whose_hex_lies_just_beyond_a_crop_s_right_edge_is_left_out():
    """Borodino (2319) stands a few pixels right of the crop round 2119 with one hex of context: its
    name, which could find room inside, is left out with its hex."""
    img, layout, numbers = map_part(None, ["2119"], 1)
    assert img.width < layout.centre("2319")[0] <= img.height
    placed = draw_play(img, layout, fixture_view("start_view"), {}, numbers)
    assert "Borodino" not in {name.text for name in placed.names}


def test_a_name_pushed_aside_is_drawn_where_its_box_says():
    """With its hex and a hex's width each side taken, every name moves to the side (or covers least)
    and is drawn in the box it kept there."""
    layout, places = terrain.layer_layout(42), battlemap.load().places
    centres = {names.short(place): layout.centre(h) for place, h in places.items()}
    taken = [(round(x - 60), round(y - 80), round(x + 60), round(y + 80)) for x, y in centres.values()]
    img, placed = _names_alone(42, taken)
    assert sum(abs((name.box[0] + name.box[2]) / 2 - centres[name.text][0]) > 42 for name in placed) >= 8
    for name in placed:
        _ink_fills_its_box(img, 42, name)


def test_names_leave_in_sight_who_holds_each_redoubt():
    """The disc beside a redoubt tells who holds it, and 6 September is won by holding three
    (SPI's Borodino rules, its Victory Conditions). Once F-I-5 had left the Schevardino redoubt, the
    whole map and a crop round it set 'Schevardino Redoubt' over 3222's disc, and the whole map
    'Semyonovka' over 3117's (seen in kolocha local, Game-Turn 12); names keep off the discs."""
    system = rules.load("borodino")
    state = system.setup("6sep", 1, None)
    state, _ = system.apply(state, "french", system.parse("french", "move 3222 3120"))
    view = system.view(state, "french")
    assert {r["hex"]: r["held"] for r in view["redoubts"]}["3222"] == "french"
    for around in ([], ["3222"]):
        img, layout, numbers = map_part(None, around, 4)
        placed = draw_play(img, layout, view, {}, numbers)
        discs = [held_disc(layout, r["hex"]) for r in view["redoubts"]]
        assert set(discs) <= set(placed.badges)
        texts = {name.text for name in placed.names}
        assert "Schevardino Redoubt" in texts and (around or "Semyonovka" in texts)
        assert not [(n.text, disc) for n in placed.names for disc in discs if boxes_overlap(n.box, disc)]
