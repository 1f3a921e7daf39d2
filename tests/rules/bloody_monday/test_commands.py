"""rules/bloody_monday/commands.py: the words of a Bloody Monday command."""
from __future__ import annotations

import pytest

from rules.bloody_monday import commands
from rules.core.errors import CommandError


def test_an_unknown_verb_names_the_command_meant_and_everything_a_player_may_type():
    """`hti` is `hit` with two letters swapped (5.3.6); the list ends with what the table answers
    too (undo, odds, status, units, map, help), not with `help` alone."""
    with pytest.raises(CommandError) as refusal:
        commands.parse("hti f-i-5")
    assert str(refusal.value).startswith("Unknown command 'hti' (did you mean `hit`?); commands are: move, ")
    assert str(refusal.value).endswith("(and undo, odds, status, units, map, help).")
