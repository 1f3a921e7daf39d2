"""rules/core/hexes.py: the rule books' XXYY numbering, neighbours, distance, hexsides, lines of fire."""
from __future__ import annotations

import pytest

from rules.core.hexes import (
    are_adjacent,
    col_row,
    distance,
    fire_paths,
    from_cube,
    hex_at,
    hexside,
    is_hex,
    neighbours,
    to_cube,
    within,
)


def test_hex_numbers_are_four_digits():
    assert is_hex("3225") and not is_hex("325") and not is_hex("32a5") and not is_hex("32255")
    assert hex_at(3, 7) == "0307" and col_row("3225") == (32, 25)


def test_cube_coordinates_round_trip():
    for h in ("1001", "1130", "2318", "2319", "4130", "3225"):
        x, y, z = to_cube(h)
        assert x + y + z == 0
        assert from_cube(x, y, z) == h


def test_neighbours_of_an_odd_column_hex():
    """Odd columns sit half a hex higher than even ones (hexes.py header)."""
    assert set(neighbours("3225")) == {"3224", "3226", "3125", "3126", "3325", "3326"}


def test_neighbours_of_an_even_column_hex():
    assert set(neighbours("2418")) == {"2417", "2419", "2318", "2319", "2518", "2519"}


def test_neighbours_are_symmetric_and_at_distance_one():
    for h in ("2418", "3225", "1525"):
        assert len(neighbours(h)) == 6
        for n in neighbours(h):
            assert h in neighbours(n)
            assert distance(h, n) == 1 and are_adjacent(h, n)


def test_distance():
    assert distance("3225", "3225") == 0
    assert distance("3225", "3223") == 2
    assert distance("3225", "3425") == 2
    assert distance("1001", "1030") == 29
    assert distance("2318", "2817") == distance("2817", "2318")


def test_within_gives_every_hex_up_to_the_radius():
    ring = list(within("2418", 2))
    assert len(ring) == 18 and "2418" not in ring
    assert all(1 <= distance("2418", h) <= 2 for h in ring)


def test_hexside_is_named_lower_number_first():
    assert hexside("2319", "2318") == "2318/2319" == hexside("2318", "2319")


def test_fire_paths_adjacent_is_one_empty_path():
    assert fire_paths("3225", "3224") == [()]


def test_fire_paths_straight_line_goes_through_the_middle_hex():
    assert fire_paths("2418", "2416") == [("2417",)]
    assert fire_paths("2418", "2619") == [("2519",)]


def test_fire_paths_two_equidistant_paths():
    """Artillery (I): a line of fire along a hexside has two equidistant alternate paths."""
    a, b = "2418", "2218"
    assert distance(a, b) == 2
    paths = fire_paths(a, b)
    assert sorted(paths) == [("2318",), ("2319",)]
    for (mid,) in paths:
        assert distance(a, mid) == 1 and distance(mid, b) == 1


def test_fire_paths_beyond_two_hexes_is_an_error():
    with pytest.raises(ValueError, match="ranges 1 and 2, not 3"):
        fire_paths("3225", "3222")


def test_distance_along_each_cube_axis():
    """Two hexes apart in the direction where each cube coordinate changes most."""
    assert [distance("2817", h) for h in ("2819", "2919", "2916", "3016")] == [2, 2, 2, 2]


def test_neighbours_stop_at_the_edges_of_the_numbering():
    """Hex numbers run 00-99 in both halves: 0000 and 9999 have three numbered neighbours."""
    assert neighbours("0000") == ("0100", "0101", "0001")
    assert neighbours("9999") == ("9998", "9899", "9898")
    assert neighbours("0050") == ("0049", "0150", "0151", "0051")
    assert neighbours("5099") == ("5098", "5199", "4999")
    assert sorted(within("0000", 1)) == ["0001", "0100", "0101"]
    assert "9999" in within("9998", 1) and "9899" in within("9999", 1)


def test_the_numbering_ends_at_99_in_both_directions():
    """Hex numbers are four digits, "XXYY": column 100 and row 100 have no number, so no hex."""
    assert from_cube(99, -99 - 0, 0) == "9950" and from_cube(0, -99, 99) == "0099"
    assert from_cube(100, -100, 0) is None      # column 100, row 50
    assert from_cube(0, -100, 100) is None      # column 0, row 100
