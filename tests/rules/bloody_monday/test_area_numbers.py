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
