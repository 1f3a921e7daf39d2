"""The Doomed Victory marks on a counter (render/hexmap/counters.py): a broken unit (6.10) and a
unit with a leader stacked on it (8.1) look different from a plain one, and only in their corners."""
from __future__ import annotations

from render.hexmap.counters import look_of, sprite

UNIT = {"id": "F-I-2", "side": "french", "hex": "3224", "type": "infantry", "strength": 7, "movement": 4}
SIZE = 48


def _diff(a: dict, b: dict) -> set[tuple[int, int]]:
    one, two = sprite(look_of(a, SIZE), SIZE), sprite(look_of(b, SIZE), SIZE)
    return {(x, y) for x in range(SIZE) for y in range(SIZE) if one.getpixel((x, y)) != two.getpixel((x, y))}


def test_a_broken_unit_has_a_mark_in_its_top_left_corner():
    changed = _diff(UNIT, {**UNIT, "broken": True})
    assert changed and all(x < SIZE / 2 and y < SIZE / 2 for x, y in changed)


def test_a_unit_with_a_leader_has_a_mark_in_its_top_right_corner():
    changed = _diff(UNIT, {**UNIT, "leaders": ["Davout"]})
    assert changed and all(x >= SIZE / 2 and y < SIZE / 2 for x, y in changed)


def test_a_unit_without_the_marks_looks_as_before():
    assert look_of({**UNIT, "broken": False}, SIZE) == look_of(UNIT, SIZE)
