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


def test_an_unknown_verb_is_told_the_commands_the_game_s_optional_rules_play():
    """`skirmish` and `ambush` (9.1, the option russian_jager) are named to a game that plays them
    only; before a game (no options given) all are. Typed anyway, they parse, for 9.1 to refuse."""
    with pytest.raises(CommandError) as refusal:
        commands.parse("foo", [])
    assert "retreat, restore, reinforce" in str(refusal.value) and "skirmish" not in str(refusal.value)
    with pytest.raises(CommandError) as refusal:
        commands.parse("foo", ["russian_jager"])
    assert "retreat, skirmish, ambush, restore" in str(refusal.value)
    assert commands.parse("ambush r-1-2j", []) == commands.parse("ambush r-1-2j")


@pytest.mark.parametrize("command, words", [
    (commands.Hit(("R-1-17", "R-1-17", "R-1-17")), "3 hits on R-1-17"),
    (commands.Hit(("R-1-23", "R-1-3", "R-1-3")), "1 hit on R-1-23, 2 on R-1-3"),
    (commands.Retreat((42, 43)), "Retreat into 42, 43"),
    (commands.Retreat((40, 43), ("R-1-3", "R-1-4")), "Retreat R-1-3 into 40, R-1-4 into 43"),
    (commands.Word("stand"), "Stand and fight it out"),
    (commands.Ambush("R-1-3J"), "R-1-3J ambushes"),
    (commands.HitOrder(("R-1-11", "R-1-4", "R-1-BT")), "Every hit of this battle, ties first to R-1-11, R-1-4, R-1-BT"),
    (commands.StandAll(), "Stand in every battle of this impulse"),
])
def test_an_answer_to_a_choice_reads_as_words_on_its_button(command, words):
    """5.3.6, 6.4, 9.1: a button reads what the answer does; the command behind it stays."""
    assert commands.in_words(command) == words


def test_a_choice_s_answers_read_as_words_on_their_buttons():
    """The hits of a battle step, those on one unit counted together (5.3.6); a retreat (6.4);
    what a jager does (9.1); any other command reads as its text (the rule code names no block:
    the examples live here)."""
    assert commands.in_words(commands.Hit(("R-1-17", "R-1-17", "R-1-3"))) == "2 hits on R-1-17, 1 on R-1-3"
    assert commands.in_words(commands.Retreat((42, 43))) == "Retreat into 42, 43"
    assert commands.in_words(commands.Skirmish("R-1-3J", 50)) == "R-1-3J skirmishes into 50"
    assert commands.in_words(commands.Word("end")) == "The other jagers fight as usual"


def test_an_initiative_action_not_in_the_rules_is_told_the_four_there_are():
    """6.0: the Initiative Disc buys reinforcements (6.1), a move (6.2), a cavalry raid (6.3) or, with
    9.10, a general offensive; another word is one sentence naming them, and each of them parses."""
    with pytest.raises(CommandError) as refusal:
        commands.parse("initiative charge")
    assert str(refusal.value) == ("'charge' is not an Initiative Action; choose reinforcements, move, raid, "
                                  "offensive (6.0).")
    for action in ("reinforcements", "move", "raid", "offensive"):
        assert commands.parse(f"initiative {action}") == commands.Initiative(action)


def test_5_3_6_the_order_of_a_battle_s_hits_parses_and_reads_back():
    """`hit order <unit>...`: the order of every hit of the battle (5.3.6) is its own command, written back
    as typed; `hit order` alone is told what it takes, and `hit` alone stays the next hits' units."""
    order = commands.parse("hit order r-1-11 r-1-4")
    assert order == commands.HitOrder(("r-1-11", "r-1-4")) and order.to_text() == "hit order r-1-11 r-1-4"
    assert commands.parse(order.to_text()) == order
    assert commands.parse("hit r-1-11 r-1-4") == commands.Hit(("r-1-11", "r-1-4"))
    with pytest.raises(CommandError) as refusal:
        commands.parse("hit order")
    assert str(refusal.value) == ("`hit` takes `order`, then your units in the battle in the order they take the "
                                  "hits that leave you the choice among equals: `hit order f-i-5 f-i-4` (5.3.6).")


def test_6_4_a_stand_for_every_battle_of_the_impulse_parses_and_reads_back():
    """`stand all`: the defender's stand in every battle of the impulse (6.4) is its own command, written
    back as typed; `stand` alone stays the stand in this battle, and another word after it is told both forms."""
    assert commands.parse("stand all") == commands.parse("STAND All") == commands.StandAll()
    assert commands.parse(commands.StandAll().to_text()) == commands.StandAll()
    assert commands.parse("stand") == commands.Word("stand")
    for text in ("stand now", "stand all now"):
        with pytest.raises(CommandError) as refusal:
            commands.parse(text)
        assert str(refusal.value) == ("`stand` takes nothing after it, or `all` to stand in every battle of this "
                                      "impulse: `stand all` (6.4).")
