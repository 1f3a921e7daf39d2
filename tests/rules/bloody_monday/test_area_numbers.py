"""Area numbers typed by a player (Bloody Monday map: areas 1-111): only plain digits are areas;
anything else is refused with a sentence, never an exception from int()."""
from __future__ import annotations

import pytest

from rules.bloody_monday import commands as C
from rules.core.errors import CommandError


@pytest.mark.parametrize("word", ["²²²²", "➄", "٣", "9" * 5000, "0", "112"])
def test_an_area_that_is_not_1_to_111_in_plain_digits_is_refused(word):
    with pytest.raises(CommandError, match="areas are numbered 1 to 111") as refusal:
        C.parse(f"battle {word}")
    assert len(str(refusal.value)) < 120  # thousands of digits are not echoed back whole


def test_a_plain_area_number_is_an_area():
    """The positive control: the same command with an area in plain digits parses."""
    assert C.parse("battle 41") == C.Battle(41)
    assert C.parse("move f-i-5 111") == C.Move("f-i-5", (111,))


@pytest.mark.parametrize("word", ["²", "9" * 5000, "0", "three"])
def test_a_count_of_reinforcements_that_is_not_a_small_number_is_refused(word):
    """`reinforce <count>` (3.1) takes plain digits; anything else is one sentence, not a traceback."""
    with pytest.raises(CommandError, match="not a number of reinforcements") as refusal:
        C.parse(f"reinforce {word}")
    assert len(str(refusal.value)) < 120
    assert C.parse("reinforce 3") == C.Reinforce(3)


@pytest.mark.parametrize("line", ["retreat ² 40", "retreat r-1-3 ➄", "retreat r-1-3"])
def test_a_retreat_with_a_bad_area_is_refused_in_a_sentence(line):
    """`retreat` (6.4) names areas in plain digits, or units each followed by its area."""
    with pytest.raises(CommandError):
        C.parse(line)
    assert C.parse("retreat r-1-3 40") == C.Retreat((40,), ("r-1-3",))
