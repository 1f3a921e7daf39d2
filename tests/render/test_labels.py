"""Labels never collide, never hide under counters, never run off the picture: place
names, attack labels, hex numbers, counters and badges, on the whole map and in crops."""
import copy
import itertools

import pytest

from render.action import PHONE_WIDTH, latest_hexes
from render.hexmap.geometry import boxes_overlap
from render.hexmap.picture import PAST, _logs, draw_play, legible_radius, map_part
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
