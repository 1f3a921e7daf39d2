"""The 1812 command grammar (rules/campaign_1812/commands.py): what a player types, read back and written out."""
import random

import pytest

from rules.campaign_1812.commands import Move, Plan, in_words, parse
from rules.core.standing import choosers
from tests.rules.campaign_1812.c1812_helpers import c1812
from rules.core.errors import CommandError


def refusal(text: str) -> str:
    with pytest.raises(CommandError) as err:
        parse(text)
    return str(err.value)


@pytest.mark.parametrize("text, command", [
    ("move 12 10 3 inf leader", Move(12, 10, (("inf", 3),), True)),
    ("plan cordon withdraw 23", Plan("cordon", 23)),
    ("plan assault", Plan("assault")),
])
def test_a_command_is_written_out_as_it_is_typed(text, command):
    assert parse(text) == command and command.to_text() == text


def test_parts_of_a_stack_are_counted_by_kind():
    """`1 inf 2 infantry` is three infantry corps; a count is at least one."""
    assert parse("move 12 10 1 inf 2 infantry 1 supply").counts == (("inf", 3), ("supply", 1))
    assert refusal("move 12 10 0 inf") == "0 'inf': give a count and one of inf, cav, supply, depot (`3 inf`)."
    assert refusal("move 12 10 3") == "Give each part as a count and a kind: `3 inf 1 cav`."


def test_a_forced_march_is_of_corps_alone_and_never_of_a_leader():
    """MOVEMENT: 'Supply units ... may not force march'; the optional leader goes with the last corps to leave."""
    assert refusal("march 12 10 1 supply") == ("Supply units may not force march, nor depots (Movement); march `inf` "
                                               "and `cav`.")
    assert refusal("march 12 10 1 inf leader") == ("A leader never force marches; he goes with the last corps to "
                                                   "leave his place.")


@pytest.mark.parametrize("text, command", [
    ("attrit 12", "Attrit(place=12, more=())"),
    ("attrit 12 13 12", "Attrit(place=12, more=(13, 12))"), ("depot 14", "Depot(place=14)"),
    ("retreat 9", "Retreat(to=9)"),
    ("remove 12 infantry", "Remove(place=12, kind='inf')"), ("remove 12 cav", "Remove(place=12, kind='cav')"),
    ("plan flank", "Plan(chit='outflank', withdraw=None, every=False)"),
    ("plan recon", "Plan(chit='reconnaissance', withdraw=None, every=False)"),
    ("plan counter-attack withdraw 9", "Plan(chit='counterattack', withdraw=9, every=False)"),
    ("plan assault all", "Plan(chit='assault', withdraw=None, every=True)"), ("fight", "Word(verb='fight')"),
    ("end", "Word(verb='end')"), ("march 12 10", "March(origin=12, to=10, counts=(), leader=False)"),
])
def test_each_verb_reads_its_words(text, command):
    assert repr(parse(text)) == command


@pytest.mark.parametrize("text, sentence", [
    ("move x 10", "'x' is not a place: name areas and sub-areas by number (Vilna is 12) (The Game Map)."),
    ("move Vilna Polotsk", "A place is named by its number in orders: Vilna is 12 (The Game Map)."),  # not 'no place'
    ("retreat minsk", "A place is named by its number in orders: Minsk is 14 (The Game Map)."),
    ("plan charge", "'charge' is no Battle Plan chit: the attacker's are outflank, assault, reconnaissance, contact; "
                    "the defender's withdraw, entrench, counterattack, cordon."),
    ("plan cordon to 9", "Name where your cavalry withdraws as `plan <chit> withdraw <place>`."),
    ("plan withdraw 23", "A chit names no place: name where your cavalry withdraws first as `plan <chit> withdraw "
                         "<place>`, and where a retreating stack goes with `retreat <place>` once both chits are "
                         "revealed."),
    ("plan cordon withdraw", "A chit names no place: name where your cavalry withdraws first as `plan <chit> "
                             "withdraw <place>`, and where a retreating stack goes with `retreat <place>` once both "
                             "chits are revealed."),
    ("remove 12 supply", "remove names a place and the kind of corps, inf or cav: `remove 12 inf`."),
    ("charge 12", "'charge 12' is not a command of 1812; commands: `move <from> <to> [<n> inf|cav|supply|depot ...] "
                  "[leader]`, `march <from> <to> [<n> inf|cav ...]`, `attrit <place>`, `plan <chit> [all|withdraw "
                  "<place>]`, `fight`, `retreat <place>`, `depot <place>`, `remove <place> inf|cav`, `end`."),
    ("mvoe 32 29", "'mvoe 32 29' is not a command of 1812 (did you mean `move`?); commands: `move <from> <to> [<n> "
                   "inf|cav|supply|depot ...] [leader]`, `march <from> <to> [<n> inf|cav ...]`, `attrit <place>`, "
                   "`plan <chit> [all|withdraw <place>]`, `fight`, `retreat <place>`, `depot <place>`, `remove <place> "
                   "inf|cav`, `end`."),  # a typo is guessed, as Borodino and Bloody Monday guess it
])
def test_what_is_not_a_command_is_refused_with_what_is(text, sentence):
    assert refusal(text) == sentence


@pytest.mark.parametrize("text, sentence", [
    ("move 12", "move needs the place a stack moves from and the one it moves to: `move 12 10`, or part of it: "
                "`move 12 10 3 inf 1 supply`."),
    ("march", "march needs the place corps force march from and the one they march to: `march 10 15`, or some of "
              "them: `march 10 15 2 inf`."),
    ("attrit", "attrit names the enemy stack that takes a loss by its place, one place a loss: `attrit 12`, "
               "`attrit 12 14`."),
    ("plan", "plan names your chit, and may send your cavalry away first: `plan assault`, `plan cordon withdraw 23`, "
             "or keeps it for every battle of the phase: `plan assault all`."),
    ("retreat", "retreat names one place: `retreat 23`."), ("depot", "depot names one place: `depot 14`."),
    ("remove 12", "remove names a place and the kind of corps, inf or cav: `remove 12 inf`."),
    ("end now", "`end` takes nothing after it."), ("fight 12", "`fight` takes nothing after it.")])
def test_a_verb_with_the_wrong_number_of_words_is_told_what_it_needs(text, sentence):
    """As Borodino and Bloody Monday tell it ('move needs a unit and a destination'): the verb's own form, with
    an example, where it read "'move 12' is not a command of 1812" and the list of every command."""
    assert refusal(text) == sentence


@pytest.mark.parametrize("text, words", [
    ("plan entrench", "Entrench"),
    ("plan counterattack withdraw 1", "Counter-attack, cavalry withdrawing to St Petersburg (1)"),
    ("retreat 162", "Retreat to Borodino (162)"),
    ("fight", "Fight it out"),
    ("attrit 30", "Loss taken in East Prussia (30)"),
    ("attrit 31 30 31", "Losses taken: 2 in Warsaw (31) and 1 in East Prussia (30)"),
    ("attrit 31 31", "2 losses taken in Warsaw (31)"),
    ("remove 12 inf", "Remove an infantry corps in Vilna (12)"),
])
def test_an_answer_to_a_choice_reads_as_words_on_its_button(text, words):
    """A button reads what the answer does, within Discord's 80 characters; its command stays."""
    assert in_words(parse(text)) == words


def test_every_answer_of_a_choice_is_in_words():
    """Seeded random play of the Borodino scenario until it has met an attrition, a retreat and
    battle plans: each legal answer reads as words (no raw command) within a button's 80 characters, in the
    position it is offered in (a plan names its battle)."""
    state, rng, seen = c1812.setup("borodino", 4), random.Random(4), set()
    for _ in range(500):
        if {"attrition", "plan", "retreat"} <= seen or c1812.outcome(state):
            break
        waiting = c1812.choice(state)
        for side in choosers(waiting) if waiting else ():
            for cmd in c1812.legal_commands(state, side):
                said = c1812.in_words_in_game(state, side, cmd)
                assert said != cmd.to_text() and len(said) <= 80, cmd
            seen.add(waiting["kind"])
        side = c1812.active_sides(state)[0]
        state, _ = c1812.apply(state, side, c1812.sample_command(state, side, rng))
    assert {"attrition", "plan", "retreat"} <= seen, "the seed no longer reaches the three choices"


def test_a_battle_plan_or_a_fight_names_its_battle_on_its_button():
    """A Player-Turn's answers stay in order in their player's messages: three battles read 'Entrench.'
    above 'Retreat to Courland (5).' above 'Entrench.' twice. A plan, or the defender's `fight` at the
    chart's 'D choice', names the battle it is for, as a retreat or a loss names its place; the
    longest plan of any battle, with its cavalry withdrawing, stays within a button's 80 characters."""
    places = c1812.data.places()
    state = {"battle": {"place": 12}}
    assert c1812.in_words_in_game(state, "french", parse("plan entrench")) == "Entrench in Vilna (12)"
    assert c1812.in_words_in_game(state, "russian", parse("plan outflank withdraw 11")) == \
        "Outflank in Vilna (12), cavalry withdrawing to Kovno (11)"
    assert c1812.in_words_in_game(state, "french", parse("fight")) == "Fight it out in Vilna (12)"
    assert c1812.in_words_in_game(state, "french", parse("retreat 11")) == "Retreat to Kovno (11)"
    longest = max((c1812.in_words_in_game({"battle": {"place": at}}, "french", Plan(chit, away))
                   for at in places for away in places if away != at
                   for chit in ("reconnaissance", "counterattack")), key=len)
    assert len(longest) <= 80, longest
