"""Borodino command grammar (rules/borodino/commands.py): parse and to_text are inverses, and text
that is not a command gets a CommandError whose sentence says what would be."""
from __future__ import annotations

import pytest

from rules.borodino import commands as C
from rules.core.errors import CommandError, NotPlayed, RulesError, RuleViolation

ROUND_TRIPS = [
    ("move 3225 3224", C.Move("3225", ("3224",))),
    ("move 3225 3224 3223", C.Move("3225", ("3224", "3223"))),
    ("move F-IG-OG 2630", C.Move("F-IG-OG", ("2630",))),
    ("move 2202 off", C.Move("2202", ("off",))),
    ("attack 3224 -> 3223", C.Attack(("3224",), ("3223",))),
    ("attack 3224+3225 -> 3223+3123", C.Attack(("3224", "3225"), ("3223", "3123"))),
    ("attack R2817+2817 -> 2818", C.Attack(("R2817", "2817"), ("2818",))),
    ("attack 3224 -> 3223 then stay", C.Attack(("3224",), ("3223",), ("stay",))),  # Combat H, written ahead
    ("attack 3224 -> 3223 then retreat 3222 then 3221 then lose 3224 then advance 3224 3223",
     C.Attack(("3224",), ("3223",), ("retreat 3222", "3221", "lose 3224", "advance 3224 3223"))),
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
    """Doomed Victory 8.14: `assign barclay doctorov`; one name, or a hex, is not an assignment."""
    assert C.parse("assign barclay doctorov") == C.Assign("BARCLAY", "DOCTOROV")
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


MALFORMED = [
    ("   ", ["`move <unit> <hex>` or `end`"]),  # an empty line suggests a command
    ("gallop 3225 3224", ["'gallop'", "move", "attack"]),  # an unknown word: the commands listed
    ("move 3225 322", ["'322'", "four digits"]),
    ("move 32255 3224", ["four digits"]),
    ("attack 3224 -> 32x3", ["four digits"]),
    ("retreat 21", ["four digits"]),
    ("attack 3224 3223", ["an arrow", "`attack 3224 -> 3223`"]),  # no arrow: the order with one
    ("attack 3224 3223 3222", ["->", "`attack <hex>+<hex> -> <hex>`"]),  # which are the defenders: the form shown
    ("attack 3224 -> 3223 -> 3222", ["->"]),
    ("attack -> 3223", ["->"]),
    ("move 3225", ["`move <unit> <hex>`"]),  # no destination
    ("attack rx -> 2818", ["R2817"]),  # a redoubt is named R and its hex
    ("attack 3219,3119 -> 3218", ["'3219,3119'", "join several with +: 3219+3119"]),  # a comma for a +
    ("attack 3219 -> R3218", ["'R3218'", "as an attacker", "name its hex: 3218"]),
    ("end now", ["`end` takes nothing"]),
    ("stay 3224", ["`stay` takes nothing"]),
    ("lose", ["`lose <hex>+<hex>`"]),
    ("release", ["release"]),
    ("retreat 1 2 3", ["`retreat <hex>`"]),
    ("advance", ["`advance <unit>`"]),
    ("attack 3224 -> 3223 then stay then advance 3224", ["the advance last", "`attack 3224 -> 3223 then retreat <hex> "
                                                         "then stay`"]),  # the attack typed, its answers to write
    ("attack 3224 -> 3223 then 3222", ["each after `then`"]),  # a bare hex goes on from a retreat alone
    ("attack 3224 -> 3223 then", ["`then lose <hex>`"]),
]


@pytest.mark.parametrize("text, said", MALFORMED, ids=[t for t, _ in MALFORMED])
def test_a_line_that_is_not_a_command_says_what_would_be(text, said):
    message = _error(text)
    assert all(words in message for words in said), message


def test_a_typo_of_a_verb_names_the_command_meant_and_what_else_is_answered():
    message = _error("mvoe 3321 3219")
    assert message.startswith("Unknown command 'mvoe' (did you mean `move`?); commands are: move, attack, ")
    assert message.endswith("(and undo, odds, status, units, map, help).")


def test_an_unknown_verb_is_told_the_commands_the_game_s_options_play():
    """`release` (the Imperial Guard rule) and `assign` (dv_leaders) are named to a game that plays
    them only, and only there is a typo guessed as one; before a game (no options given) all are.
    Typed in a game without its option, the verb still parses, for the rules to refuse citing it."""
    with pytest.raises(CommandError) as told:
        C.parse("rlease 3227", [])
    assert str(told.value) == ("Unknown command 'rlease'; commands are: move, attack, retreat, advance, stay, lose, "
                               "end (and undo, odds, status, units, map, help).")
    with pytest.raises(CommandError) as told:
        C.parse("foo", ["dv_rally", "dv_leaders"])
    assert "lose, assign, end (and" in str(told.value)
    assert "lose, release, assign, end (and" in _error("foo")
    assert C.parse("release 3227", []) == C.Release("3227")


@pytest.mark.parametrize("text, case, instead", [
    ("formation 3322 line", "(4.4, 4.6, 5.4)", "`move <unit> <hex>`"),
    ("Reform 3322", "(4.4, 4.6, 5.4)", "`move <unit> <hex>`"),
    ("face 3322 3221", "(5.4)", "`attack <hex> -> <hex>`"),
    ("charge 3524 3423", "(4.4)", "`move`, then `attack`"),
    ("unlimber 3422", "(6.8)", "bombards from two hexes with `attack` (Artillery)"),
])
def test_a_doomed_victory_word_for_what_spi_has_not_is_told_it_is_not_played(text, case, instead):
    """The errata's formations, facing, charges and limbering amend the Doomed Victory board, which
    Kolocha does not play: a player who knows them is told so, citing the case, and what to do
    instead; it read 'Unknown command', as for a typo. Read outside a game, the instead is the
    form of the order; in one, the player's own unit and hexes (test_instead.py)."""
    for options in (None, ["dv_rally", "dv_leaders"]):
        with pytest.raises(NotPlayed) as told:  # a word of the game, answered as an order (bot/tables/typed.py)
            C.parse(text, options)
        said = str(told.value)
        assert "not played" in said or "never" in said, said
        assert "the Doomed Victory errata's " in said and case in said and instead in said and \
            ". " not in said and said.endswith("."), said  # one sentence


def test_a_move_said_with_to_is_told_the_command_without_it():
    """'move 3321 to 3219', as a player says it, is told the order to give; it read "'to' is not a
    hex number"."""
    assert _error("move 3321 to 3219") == ("move takes the unit, then where it goes, with no 'to': `move 3321 3219` "
                                           "(Movement).")
    assert _error("move F-I-4 to 3219") == ("move takes the unit, then where it goes, with no 'to': `move F-I-4 3219` "
                                            "(Movement).")


def test_an_attack_without_its_arrow_is_told_the_order_with_one():
    """'attack 3122 3021' read 'attack needs attackers -> defenders: `attack 3224+3225 -> 3223`', an
    example of hexes the player never named (seen in a 5 Sept Combat Phase)."""
    assert _error("attack 3122 3021") == ("attack needs an arrow from the attackers to the defenders: "
                                          "`attack 3122 -> 3021` (Combat A).")
    assert _error("attack 3121+3122 3021") == ("attack needs an arrow from the attackers to the defenders: "
                                               "`attack 3121+3122 -> 3021` (Combat A).")


@pytest.mark.parametrize("options, said", [
    (["dv_rally", "dv_leaders"], "(Doomed Victory 8.151), and in the Rally Phase for each broken one, once the "
                                 "leaders have moved there (`move <leader> <hex>`, then `end`) (8.152)."),
    (None, "(`move <leader> <hex>`, then `end`) (8.152)."),
    (["dv_rally"], "the game rolls a die for each broken unit on the map (Doomed Victory 6.10, 3.2)."),
    ([], "played without the Doomed Victory errata's broken units and leaders (the options dv_rally and "
         "dv_leaders), so no unit breaks and none rallies."),
])
def test_rally_is_told_that_the_game_rolls_it(options, said):
    """A player of the Doomed Victory options who types 'rally 2922' read "Unknown command 'rally'" and the
    list of commands: the game rolls every rally (6.10, 8.151, 8.152), each told as it is rolled."""
    with pytest.raises(CommandError) as told:
        C.parse("rally 2922", options)
    assert str(told.value).endswith(said) and ". " not in str(told.value), told.value  # one sentence
