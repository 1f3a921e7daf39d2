"""rules/core/words.py: the word-reader shared by every game system's grammar."""
from __future__ import annotations

import pytest

from rules.core.errors import CommandError
from rules.core.words import ECHO, Words, group, number, read, shown, split, tokenize


def test_words_are_lower_case_and_whitespace_collapses():
    assert tokenize("  MOVE   3225\t3224 ") == ["move", "3225", "3224"]


def test_arrow_is_its_own_word_with_or_without_spaces():
    assert tokenize("attack 3224->3223") == ["attack", "3224", "->", "3223"]
    assert tokenize("attack 3224 -> 3223") == ["attack", "3224", "->", "3223"]
    assert tokenize("attack 3224 → 3223") == ["attack", "3224", "->", "3223"]


def test_plus_groups_stay_whole():
    assert tokenize("attack 3224 + 3225 -> 3223") == ["attack", "3224+3225", "->", "3223"]
    assert tokenize("attack 3224+ 3225 ->3223") == ["attack", "3224+3225", "->", "3223"]
    assert tokenize("attack 3224 +3225 -> 3223") == ["attack", "3224+3225", "->", "3223"]


def test_empty_line_has_no_words():
    assert tokenize("   ") == []


def test_an_empty_line_reads_as_an_empty_verb_and_no_arguments():
    assert split("   ") == Words("", [])


def test_a_refusal_repeats_a_word_of_up_to_twelve_characters_whole():
    assert shown("x" * ECHO) == "x" * ECHO and shown("x" * (ECHO + 1)) == "x" * ECHO + "..."


def test_group_splits_members():
    assert group("3224+3225") == ["3224", "3225"]
    assert group("3224") == ["3224"]
    assert group("3224++3225+") == ["3224", "3225"]


def test_number_reads_plain_digits_within_bounds_only():
    assert number("41", 1, 111) == 41 and number("7") == 7
    assert number("0", 1, 111) is None and number("112", 1, 111) is None and number("0041", 1, 111) is None
    assert number("1", 1, 111) == 1 and number("111", 1, 111) == 111 and number("0") == 0  # both bounds are legal
    assert number("²") is None and number("4a") is None and number("") is None  # '²'.isdigit() is True


def test_read_refuses_an_empty_line_and_an_unknown_verb_naming_what_is_legal():
    with pytest.raises(CommandError, match=r"Type a command, e.g. `end`; `help` lists them all\."):
        read("  ", ("end",), "`end`", "help")
    with pytest.raises(CommandError, match=r"Unknown command 'fly'; commands are: end, pass \(and help\)\."):
        read("fly 3", ("end", "pass"), "`end`", "help")
    assert read("END", ("end",), "`end`", "help") == split("end")


def test_an_unknown_verb_close_to_a_command_says_which_one_was_meant():
    meant = r"Unknown command 'mvoe' \(did you mean `move`\?\); commands are: move, end "
    with pytest.raises(CommandError, match=meant):
        read("mvoe 3321 3219", ("move", "end"), "`end`", "undo, status")
    with pytest.raises(CommandError, match=r"Unknown command 'stat' \(did you mean `status`\?\); "):
        read("stat", ("move", "end"), "`end`", "undo, status")
    with pytest.raises(CommandError, match=r"Unknown command 'hti' \(did you mean `hit`\?\); "):  # letters swapped
        read("hti f-i-5", ("hit", "end"), "`end`", "help")
    with pytest.raises(CommandError, match=r"^Unknown command 'unod' \(did you mean `undo`\?\); "):  # one of `also`
        read("unod", ("move", "end"), "`end`", "undo, status")
    with pytest.raises(CommandError, match=r"^Unknown command 'quit'; commands are: "):  # not `units`
        read("quit", ("move", "end"), "`end`", "units, help")


def test_takes_counts_the_arguments_and_names_what_the_verb_takes():
    line = split("fire f-i-a1 41 42")
    assert line.takes(2, 3, "an artillery and an area") == ["f-i-a1", "41", "42"]
    assert line.takes(3, 3, "an artillery and two areas") == ["f-i-a1", "41", "42"]
    with pytest.raises(CommandError, match=r"^`fire` takes an artillery and an area\.$"):
        line.takes(2, 2, "an artillery and an area")
