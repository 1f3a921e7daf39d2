"""rules/bloody_monday/data/positions.toml: the tactical test positions of Bloody Monday load, each
is a position of the rules where its side decides and can play every sound answer, a position the
rules could not reach is refused, and level 1 (whose plans hang on its own seed alone) finds the
known set (rules/core/positions.py; `kolocha bench --ai --positions` counts every level)."""
from __future__ import annotations

import re

import pytest

from rules import bloody_monday as bm
from rules.bloody_monday.ai.positions import position_state
from rules.core import positions
from tests.rules.position_sets import holds_twenty_for_both_sides

MISSED = {
    "reinforce-borodino",  # level 1's reserve closes on Shevardino, round Borodino
}


def _set() -> list[positions.Position]:
    return positions.load("bloody_monday", bm.INFO.sides)


def test_the_set_holds_twenty_positions_for_both_sides_each_with_its_source():
    holds_twenty_for_both_sides(_set(), bm.INFO.sides)


def test_each_position_is_one_where_its_side_decides_and_its_sound_answer_is_played():
    """A position's `answer`, one sound line, is judged sound and the rules accept it command by
    command (a whole impulse's answer: `tactical` or `pass` and what follows)."""
    for p in _set():
        state = position_state(p.entry)
        assert bm.active_sides(state) == [p.side], p.id
        assert p.judge(p.entry["answer"]), p.id
        for text in p.entry["answer"]:
            state, _ = bm.apply(state, p.side, bm.parse(p.side, text))


def test_level_1_finds_every_position_but_the_known_misses():
    missed = {p.id for p in _set()
              if not p.judge(positions.plans(p, position_state(p.entry), bm.view, bm.commander(1)))}
    assert missed == MISSED


ENTRY = {"id": "x", "title": "x", "provenance": "x", "side": "french", "sound": ["^pass$"],
         "blocks": ["F-I-1 16", "R-1-4 42"]}


@pytest.mark.parametrize("change, sentence", [
    ({"blocks": ["F-I-1 112"]}, "there is no area 112 on the map"),
    ({"blocks": ["F-I-1 16", "F-I-1 17"]}, "'F-I-1 17' is not a block and its area, each block once"),
    ({"blocks": ["F-X-1 16"]}, "F-X-1 is not a Bloody Monday block"),
    ({"blocks": ["F-I-1 55", "F-I-2 55"]}, "area 55 stacks 1 French units at most (1.2)"),
    ({"player": "russian"}, "the French player does not decide there; russian does"),
])
def test_a_position_the_rules_could_not_reach_is_refused_with_a_sentence(change, sentence):
    assert bm.active_sides(position_state(ENTRY)) == ["french"]
    with pytest.raises(positions.PositionError, match=re.escape(sentence)):
        position_state({**ENTRY, **change})
