"""The marks on a counter (render/hexmap/counters.py): under the Doomed Victory options a broken
unit (6.10) and a unit with a leader stacked on it (8.1) look different from a plain one, and only
in their corners; a unit the 5 September special rules hold in place, only along its edge."""
from __future__ import annotations

from PIL import Image, ImageDraw

import rules
from render import palette as P
from render.hexmap import picture
from render.hexmap.counters import LABEL_FROM, look_of, sprite
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
    assert with_marks[with_marks.index("moved (corner), attacked (diamond)") + 1:][:2] == ["broken", "leader with it"]
    assert [text for _, text in legend_items()] == [t for t in with_marks if t not in ("broken", "leader with it")]


def test_a_picture_of_a_game_with_a_doomed_victory_option_has_that_legend(monkeypatch):
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("shevardino", 1, {"dv_leaders": True}), None)
    asked: list[bool] = []
    drawn = picture.legend
    monkeypatch.setattr(picture, "legend", lambda width, doomed=False, frozen=False, exits=True: asked.append(doomed)
                        or drawn(width, doomed, frozen, exits))
    picture.draw_map(view, around=["3222"], radius=1)
    picture.draw_map({**view, "options": ["moves_stand"]}, around=["3222"], radius=1)
    assert asked == [True, False] and set(DOOMED) & set(view["options"])


def test_a_frozen_unit_has_an_ice_edge_and_its_symbol_and_values_are_untouched():
    """5 September special rules: "The Russian Player may not move any of the units north of the
    Great Redoubt until 15.00": such a unit's counter is framed in ice along its edge; nothing
    within a fifth of its width of the edge changes, and the ice is there to see."""
    changed = _diff(UNIT, {**UNIT, "frozen": True})
    assert changed and all(min(x, y, SIZE - 1 - x, SIZE - 1 - y) < SIZE // 5 for x, y in changed)
    frozen = sprite(look_of({**UNIT, "frozen": True}, SIZE), SIZE)
    ice = [xy for xy in changed if all(abs(a - b) < 40 for a, b in zip(frozen.getpixel(xy), P.FROZEN))]
    assert len(ice) >= SIZE * 2  # at least half of a ring round the counter


def test_the_legend_explains_the_frozen_mark_while_the_5_september_rule_holds_units(monkeypatch):
    """At 1200 on 5 September the units north of the Great Redoubt are frozen, so the picture's
    legend explains their mark; on 7 September none is, and the legend is as before."""
    borodino = rules.load("borodino")
    asked: list[bool] = []
    drawn = picture.legend
    monkeypatch.setattr(picture, "legend", lambda width, doomed=False, frozen=False, exits=True: asked.append(frozen)
                        or drawn(width, doomed, frozen, exits))
    for scenario in ("5sep", "7sep"):
        picture.draw_map(borodino.view(borodino.setup(scenario, 1), None), around=["2313"], radius=1)
    assert asked == [True, False]
    plain, frozen = ([text for _, text in legend_items(frozen=flag)] for flag in (False, True))
    assert [t for t in frozen if t not in plain] == ["frozen: may not move yet (5 Sept)"]


def test_the_broken_mark_is_a_red_cross_clear_of_the_counter_s_edge():
    """On a large counter: the red pixels make a cross (the same mirrored left to right), at least
    an eighth of the counter across, and the outline round the corner stays whole."""
    size = 96
    plain, broken = (sprite(look_of(u, size), size) for u in (UNIT, {**UNIT, "broken": True}))
    red = {(x, y) for x in range(size // 2) for y in range(size // 2)
           if (p := broken.getpixel((x, y)))[0] > 150 and p[1] < 90 and p[2] < 90}
    xs, ys = [x for x, _ in red], [y for _, y in red]
    assert max(xs) - min(xs) >= size / 8 and max(ys) - min(ys) >= size / 8
    mirrored = {(min(xs) + max(xs) - x, y) for x, y in red}
    assert len(red & mirrored) >= 0.9 * len(red)
    edge = size // 22
    assert all(broken.getpixel((x, y)) == plain.getpixel((x, y))
               for x in range(size // 2) for y in range(size // 2) if min(x, y) < edge - 1)


def test_the_leader_mark_is_a_round_gold_disc_ringed_in_ink_clear_of_the_counter_s_edge():
    """On a large counter: pale gold pixels make a disc (as tall as wide) in the top right corner,
    dark ones ring it on its left and right, and the outline round the corner stays whole."""
    size = 96
    plain, marked = (sprite(look_of(u, size), size) for u in (UNIT, {**UNIT, "leaders": ["Davout"]}))
    gold = {(x, y) for x in range(size // 2, size) for y in range(size // 2)
            if (p := marked.getpixel((x, y)))[0] > 230 and p[1] > 215 and p[2] < 170}
    xs, ys = [x for x, _ in gold], [y for _, y in gold]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    assert width >= size / 16 and abs(width - height) <= 2
    mid = round((min(ys) + max(ys)) / 2)
    for side in (range(min(xs) - 3, min(xs)), range(max(xs) + 1, max(xs) + 4)):
        assert min(sum(marked.getpixel((x, mid))[:3]) for x in side) < 120  # ink, darker than any side's fill
    edge = size // 22
    assert all(marked.getpixel((x, y)) == plain.getpixel((x, y))
               for x in range(size // 2, size) for y in range(size // 2) if x > size - edge or y < edge - 1)


def test_a_counter_without_its_values_shows_a_question_mark():
    """A view that does not give a unit's strength and movement (hidden information) gets "?" for them."""
    assert look_of({"side": "french", "hex": "3224", "type": "infantry"}, SIZE).values == "?"
    assert look_of(UNIT, SIZE).values == "7-4"


def test_only_a_large_counter_carries_its_designation():
    assert look_of(UNIT, SIZE).label == "I-2" == look_of(UNIT, LABEL_FROM).label
    assert look_of(UNIT, LABEL_FROM - 1).label == ""
    assert look_of({**UNIT, "id": "Guard"}, SIZE).label == ""


def _icon_pixels(text: str, colour: P.RGB, height: int = 15) -> int:
    """The pixels near `colour` in the legend icon of `text`, drawn as at a phone's width (550 px:
    icons 15 pixels tall, 21 wide)."""
    img = _icon(text, height)
    return sum(all(abs(a - b) < 60 for a, b in zip(img.getpixel((x, y)), colour))
               for x in range(21) for y in range(height))


def test_at_a_phone_s_width_the_legend_s_marks_can_be_seen():
    """A legend icon 15 pixels tall drew the counter's marks a sixth of it, two or three pixels: the
    broken cross, the leader's disc and the ice edge it explains could not be told apart from a plain
    counter at 550 px, nor the corner and diamond of a unit that moved and attacked. Each now covers a
    fair share of its icon."""
    assert _icon_pixels("broken", P.BROKEN) >= 20  # were 1, 3 and 46 pixels; now some 40, 40 and 100
    assert _icon_pixels("leader with it", P.GUARD) >= 20
    assert _icon_pixels("frozen: may not move yet (5 Sept)", P.FROZEN) >= 80
    corner = _icon("moved (corner), attacked (diamond)")  # the black corner: pixels near black, 9 before
    assert sum(sum(corner.getpixel((x, y))) < 120 for x in range(21) for y in range(15)) >= 25


def _icon(text: str, height: int = 15) -> Image.Image:
    icon = next(draw for draw, said in legend_items(doomed=True, frozen=True) if said == text)
    img = Image.new("RGB", (21, height), P.PAPER)
    icon(img, ImageDraw.Draw(img), (0, 0, 21, height))
    return img
