"""The Doomed Victory marks on a counter (render/hexmap/counters.py): a broken unit (6.10) and a
unit with a leader stacked on it (8.1) look different from a plain one, and only in their corners."""
from __future__ import annotations

import rules
from render.hexmap import picture
from render.hexmap.counters import look_of, sprite
from render.hexmap.frame import DOOMED, legend_items

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


def test_the_legend_explains_the_marks_in_a_game_with_the_doomed_victory_options():
    """A player of a game with dv_rally or dv_leaders meets the marks, so its legend explains them;
    the legend of a game without those options is as before."""
    with_marks = [text for _, text in legend_items(doomed=True)]
    assert with_marks[with_marks.index("moved") + 1:][:2] == ["broken", "leader with it"]
    assert [text for _, text in legend_items()] == [t for t in with_marks if t not in ("broken", "leader with it")]


def test_a_picture_of_a_game_with_a_doomed_victory_option_has_that_legend(monkeypatch):
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("shevardino", 1, {"dv_leaders": True}), None)
    asked: list[bool] = []
    drawn = picture.legend
    monkeypatch.setattr(picture, "legend", lambda width, doomed=False: asked.append(doomed) or drawn(width, doomed))
    picture.draw_map(view, around=["3222"], radius=1)
    picture.draw_map({**view, "options": ["moves_stand"]}, around=["3222"], radius=1)
    assert asked == [True, False] and set(DOOMED) & set(view["options"])
