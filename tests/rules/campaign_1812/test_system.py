"""The system's door (rules/campaign_1812/__init__.py): what the bot and the terminal ask of 1812 besides commands --
the scenarios offered, when a command may be taken back, how far places are for autocomplete, the computer player."""
import pytest

from rules.campaign_1812.ai.level1 import Level1
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused
from rules.core.errors import CommandError
from tests.rules.campaign_1812.test_combat import battle

OPTIONS = ["chart_fragments", "corps_move_once", "depot_supply", "fort_reinforcements", "leaders"]


def test_the_three_scenarios_are_offered_with_their_titles_turns_and_options():
    """SPI's 1812 overview: the Campaign and two shorter scenarios, all ending with the 13th Game-Turn."""
    assert c1812.scenarios() == [
        {"id": "campaign", "title": "The Campaign, June to December 1812 (reconstructed from SPI's published overview)",
         "sides": ["french", "russian"], "first_turn": 1, "last_turn": 13, "options": OPTIONS},
        {"id": "borodino", "title": "The Road to Moscow, September 1812 (reconstructed from SPI's published overview)",
         "sides": ["french", "russian"], "first_turn": 6, "last_turn": 13, "options": OPTIONS},
        {"id": "retreat",
         "title": "The Retreat, October to December 1812 (reconstructed from SPI's published overview)",
         "sides": ["french", "russian"], "first_turn": 9, "last_turn": 13, "options": OPTIONS}]


@pytest.mark.parametrize("options, sentence", [
    ({"tables": "my_tables.toml"}, "The tables option is a table document (`kolocha local --tables FILE`)."),
    (["cossacks"], "'cossacks' is not an option of 1812 (options: " + ", ".join(OPTIONS) + ")."),
    ({"cossacks": False}, "'cossacks' is not an option of 1812 (options: " + ", ".join(OPTIONS) + ").")])
def test_a_game_set_up_with_an_option_it_does_not_offer_is_refused_naming_those_it_does(options, sentence):
    """A player's own tables come as a table document (the format of data/tables.toml), never a file name; the
    other options are the readings and the optional leader rule of SPI's 1812 overview."""
    with pytest.raises(CommandError) as refused:
        c1812.setup("campaign", 1, options)
    assert str(refused.value) == sentence


def test_a_command_is_taken_back_freely_only_within_its_phase_and_battle_stage():
    """The phase key names the Game-Turn, the phasing player, the phase and, in a battle, its place and stage: the
    secret plans may be taken back while both are hidden, never once they are revealed."""
    assert c1812.phase_key(c1812.setup("campaign", 1)) == "1:russian:movement"
    state = battle({"inf": 3}, {"inf": 2})
    assert c1812.phase_key(state) == "2:french:combat:15:plans"
    state, _ = do(state, "french", "plan reconnaissance")
    assert c1812.phase_key(state) == "2:french:combat:15:plans"
    state, _ = do(state, "russian", "plan withdraw")
    assert c1812.phase_key(state) == "2:french:combat:15:resolving"


def test_autocomplete_counts_the_places_between_two_places_of_the_map():
    """Smolensk (15) borders Roslavl (23); St Petersburg (1) is six places from Kiev (27); a word that is no place
    of the map has no distance."""
    assert [c1812.distance("15", "23"), c1812.distance("15", "15"), c1812.distance("1", "27")] == [1, 0, 6]
    assert c1812.distance("15", "smolensk") is None and c1812.distance("999", "15") is None


def test_the_computer_player_is_of_level_one_and_no_other_level_is_built():
    assert isinstance(c1812.commander(), Level1) and isinstance(c1812.commander(1), Level1)
    with pytest.raises(ValueError, match="level 2 is not built"):
        c1812.commander(2)


NOWHERE = ("There is no place 99 on the map: name an area by its number, 1 to 36, or a sub-area: Vyazma (161), "
           "Borodino (162), Pinsk (211), Turov (212).")


@pytest.mark.parametrize("phase, side, line", [
    ("movement", "french", "move 99 15"), ("movement", "french", "move 15 99"), ("march", "french", "march 99 15"),
    ("attrition", "russian", "attrit 99"), ("supply", "french", "depot 99"), ("removal", "french", "remove 99 inf")])
def test_a_place_off_the_map_is_refused_in_every_phase_that_names_one(phase, side, line):
    """THE GAME MAP: 'Areas are also numbered and named'; a number of none is refused in words (it failed inside
    the engine), and an area sub-divided names its sub-areas."""
    state = position({15: {"inf": 2, "supply": 1}}, {18: {"inf": 1}}, phase=phase, attrition=1, removal=1)
    assert refused(state, side, line, "The Game Map") == NOWHERE[:-1] + " (The Game Map)."
    assert refused(state, side, line.replace("99", "16"), "The Game Map") == (
        "Area 16 is sub-divided: name its sub-area, Vyazma (161) or Borodino (162) (The Game Map).")


def test_a_retreat_or_a_cavalry_withdrawal_off_the_map_is_refused_in_words():
    state = battle({"inf": 3}, {"inf": 2, "cav": 1})
    assert refused(state, "russian", "plan cordon withdraw 99", "The Game Map") == NOWHERE[:-1] + " (The Game Map)."
    state, _ = do(state, "french", "plan reconnaissance")
    state, _ = do(state, "russian", "plan withdraw")
    assert refused(state, "russian", "retreat 99", "The Game Map") == NOWHERE[:-1] + " (The Game Map)."
