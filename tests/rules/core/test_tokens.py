"""rules/core/tokens.py: the command tokenizer shared by every game system."""
from __future__ import annotations

from rules.core.tokens import group, tokenize


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


def test_group_splits_members():
    assert group("3224+3225") == ["3224", "3225"]
    assert group("3224") == ["3224"]
    assert group("3224++3225+") == ["3224", "3225"]
