"""Pixel geometry of the Borodino map agrees with the rules' hex numbering."""
import math

import pytest

from render.hexmap.geometry import SQRT3, Layout, boxes_overlap, layout_for, window
from rules.borodino import battlemap
from rules.core.hexes import distance

MAP = battlemap.load()


@pytest.mark.parametrize("r", [9, 28, 42.5])
def test_centre_round_trips_through_hex_at(r):
    layout = layout_for(MAP.hexes, r, (5, 7))
    for h in MAP.hexes:
        x, y = layout.centre(h)
        assert layout.hex_at(x, y) == h
        for cx, cy in layout.corners(h):  # just inside each corner is still the same hex
            assert layout.hex_at(x + (cx - x) * 0.9, y + (cy - y) * 0.9) == h


def test_neighbours_in_the_rules_are_neighbours_on_the_picture():
    layout = Layout(20, 0, 0)
    for h in MAP.hexes:
        for n in MAP.adjacent(h):
            assert math.dist(layout.centre(h), layout.centre(n)) == pytest.approx(SQRT3 * 20)


def test_hexside_ends_are_corners_of_both_hexes():
    layout = Layout(20, 0, 0)
    for side in MAP.sides:
        a, b = side.split("/")
        for end in layout.side(a, b):
            for h in (a, b):
                assert min(math.dist(end, c) for c in layout.corners(h)) < 1e-6


def test_east_edge_is_at_the_top_and_even_columns_sit_lower():
    layout = Layout(20, 0, 0)
    assert layout.centre("2201")[1] < layout.centre("2230")[1]
    assert layout.centre("1001")[0] < layout.centre("4101")[0]
    assert layout.centre("2201")[1] - layout.centre("2301")[1] == pytest.approx(SQRT3 * 10)


def test_map_bounds_start_at_the_margin():
    layout = layout_for(MAP.hexes, 30, (12, 34))
    assert layout.bounds(MAP.hexes)[:2] == (12, 34)


@pytest.mark.parametrize("hexes", [MAP.hexes, ["2817", "3023", "1001"]])
def test_bounds_hold_every_corner_and_no_more(hexes):
    layout = Layout(30, 7.0, 11.0)
    xs, ys = zip(*(c for h in hexes for c in layout.corners(h)))
    exact = [round(v, 6) for v in (min(xs), min(ys), max(xs), max(ys))]  # sin(240 degrees) is a hair off
    assert layout.bounds(hexes) == (math.floor(exact[0]), math.floor(exact[1]), math.ceil(exact[2]),
                                    math.ceil(exact[3]))


def test_window_holds_the_hexes_within_radius_on_the_map():
    hexes = window(MAP.hexes, ["2817", "1001"], 2)
    assert "2817" in hexes and "2816" in hexes and "2717" in hexes and "1001" in hexes
    assert all(min(distance(h, "2817"), distance(h, "1001")) <= 2 for h in hexes)
    assert hexes <= MAP.hexes


def test_corners_run_clockwise_from_the_right_hand_one():
    """Clockwise on the picture (y grows downwards): the right-hand corner, then down and round;
    corners 4 and 5 end the top side, which the east edge's exit zone marks."""
    layout = Layout(20, 100, 100)
    corners = layout.corners("2817")
    cx, cy = layout.centre("2817")
    assert len(corners) == 6
    assert corners[0] == pytest.approx((cx + 20, cy))
    assert corners[1][1] > cy and corners[3] == pytest.approx((cx - 20, cy))
    assert corners[4][1] == pytest.approx(cy - SQRT3 * 10) == corners[5][1] and corners[4][0] < corners[5][0]


def test_boxes_sharing_only_an_edge_or_a_corner_do_not_overlap():
    box = (10, 10, 20, 20)
    for other in [(20, 10, 30, 20), (0, 10, 10, 20), (10, 20, 20, 30), (10, 0, 20, 10), (20, 20, 30, 30)]:
        assert not boxes_overlap(box, other) and not boxes_overlap(other, box)
    assert boxes_overlap(box, (19, 19, 30, 30))
