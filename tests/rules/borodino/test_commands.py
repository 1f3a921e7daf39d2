"""Borodino command grammar (rules/borodino/commands.py): parse and to_text are inverses, and text
that is not a command gets a CommandError whose sentence says what would be."""
from __future__ import annotations

import pytest

from rules.borodino import commands as C
from rules.core.errors import CommandError, RulesError, RuleViolation

ROUND_TRIPS = [
    ("move 3225 3224", C.Move("3225", ("3224",))),
    ("move 3225 3224 3223", C.Move("3225", ("3224", "3223"))),
    ("move F-IG-OG 2630", C.Move("F-IG-OG", ("2630",))),
    ("move 2202 off", C.Move("2202", ("off",))),
    ("attack 3224 -> 3223", C.Attack(("3224",), ("3223",))),
    ("attack 3224+3225 -> 3223+3123", C.Attack(("3224", "3225"), ("3223", "3123"))),
    ("attack R2817+2817 -> 2818", C.Attack(("R2817", "2817"), ("2818",))),
    ("retreat 3217", C.Retreat("3217")),
    ("retreat 3218 3217", C.Retreat("3217", "3218")),
    ("advance 3224", C.Advance("3224")),
    ("advance 3224 3223", C.Advance("3224", "3223")),
    ("lose 3224+3225", C.Lose(("3224", "3225"))),
    ("release F-IG-YG", C.Release("F-IG-YG")),
    ("release 3225", C.Release("3225")),
    ("assign L-BARCLAY L-DOKHTUROV", C.Assign("L-BARCLAY", "L-DOKHTUROV")),  # Doomed Victory 8.14
    ("stay", C.Stay()),
    ("end", C.End()),
]


@pytest.mark.parametrize("text,cmd", ROUND_TRIPS, ids=[t for t, _ in ROUND_TRIPS])
def test_parse_and_to_text_round_trip(text, cmd):
    assert C.parse(text) == cmd
    assert cmd.to_text() == text
    assert C.parse(cmd.to_text()) == cmd


def test_every_verb_has_a_round_trip():
    assert {t.split()[0] for t, _ in ROUND_TRIPS} == set(C.VERBS)


def test_assign_names_two_leaders():
    """Doomed Victory 8.14: `assign barclay dokhturov`; one name, or a hex, is not an assignment."""
    assert C.parse("assign barclay dokhturov") == C.Assign("BARCLAY", "DOKHTUROV")
    for text in ("assign barclay", "assign barclay 3224"):
        with pytest.raises(CommandError, match="8.14"):
            C.parse(text)


def test_parse_is_case_and_space_insensitive():
    assert C.parse("  MOVE f-ig-og   2630 ") == C.Move("F-IG-OG", ("2630",))
    assert C.parse("Attack 3224 + 3225->3223") == C.Attack(("3224", "3225"), ("3223",))
    assert C.parse("attack r2817 -> 2818") == C.Attack(("R2817",), ("2818",))


def _error(text: str) -> str:
    with pytest.raises(CommandError) as err:
        C.parse(text)
    assert isinstance(err.value, RulesError) and not isinstance(err.value, RuleViolation)
    message = str(err.value)
    assert message.endswith((".", ")")) and len(message.split()) >= 5, message
    return message


def test_unknown_word_lists_the_commands():
    message = _error("charge 3225 3224")
    assert "'charge'" in message and "move" in message and "attack" in message


def test_empty_line_suggests_a_command():
    assert "move 3225 3224" in _error("   ")


def test_malformed_hex_says_four_digits():
    message = _error("move 3225 322")
    assert "'322'" in message and "four digits" in message
    assert "four digits" in _error("move 32255 3224")
    assert "four digits" in _error("attack 3224 -> 32x3")
    assert "four digits" in _error("retreat 21")


def test_attack_without_arrow_shows_the_form():
    message = _error("attack 3224 3223")
    assert "->" in message and "attack 3224+3225 -> 3223" in message
    assert "->" in _error("attack 3224 -> 3223 -> 3222")
    assert "->" in _error("attack -> 3223")


def test_move_without_destination_shows_the_form():
    assert "move 3225 3224" in _error("move 3225")


def test_bad_redoubt_name():
    assert "R2817" in _error("attack rx -> 2818")


def test_words_after_end_or_stay():
    assert "`end` takes nothing" in _error("end now")
    assert "`stay` takes nothing" in _error("stay 3224")


def test_lose_and_release_need_units():
    assert "lose 3224+3225" in _error("lose")
    assert "release" in _error("release")
    assert "retreat 3217" in _error("retreat 1 2 3")
    assert "advance 3224" in _error("advance")
