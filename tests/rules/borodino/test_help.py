"""Borodino's help texts (rules/borodino/help.py): the grammar as players read it."""
from __future__ import annotations

import re

import rules
from rules.borodino.help import TOPICS

borodino = rules.load("borodino")


def test_each_command_s_words_start_in_one_column():
    """`help move` lists `move <unit> <hex>` and `move <leader> <hex>` one above the other: a short
    form is padded so that what it does starts in the same column on every line (a form too long
    for the column is followed by three spaces)."""
    starts = {m.start(2) for text in TOPICS.values() for line in text.splitlines()
              if (m := re.match(r"(\S(?:\S| (?! ))*) {2,}(\S)", line)) and len(m.group(1)) < 26}
    assert starts == {27}


def test_help_victory_states_the_scenario_s_victory_conditions_and_length():
    """SCENARIOS: each "detail[s] ... the Victory Conditions for the particular scenario, as well as
    the Game-Length": `help victory` in a game states its scenario's, the 7 September levels one a
    line; before a game is chosen it says where to ask."""
    said = {sc: borodino.help("victory", borodino.setup(sc, 1, [])) for sc in ("5sep", "6sep", "7sep", "grand")}
    assert "Game-Turns 1 to 8 (5 Sept 1900 is the last)" in said["5sep"]
    assert "occupies the Schevardino redoubt hex (3222)" in said["5sep"]
    assert "holds three or more of the redoubts on the map (whether destroyed or not)" in said["6sep"]
    assert said["7sep"].splitlines()[2:5] == [
        "  French marginal: French units occupy every redoubt hex.",
        "  French substantial: the Russian losses are twice the French or more, and at least 40.",
        "  French decisive: 60 or more French Combat Points have left by the east edge."]
    assert "Game-Turns 1 to 40" in said["grand"] and said["grand"].splitlines()[2:-1] == said["7sep"].splitlines()[2:-1]
    assert said["5sep"].splitlines()[-1].startswith("  About noon Murat's vanguard")  # the scenario's commentary
    assert "`help victory` in a game" in borodino.help("victory")
    assert any(line.startswith("help victory  ") for line in borodino.help().splitlines())  # listed


def test_the_command_list_of_a_game_leaves_out_what_its_options_do_not_play():
    """A game without the Imperial Guard rule or the Doomed Victory options lists neither `release`
    nor `assign` nor `help doomed` (each still answers when asked by name); a game with them lists
    them, and so does the list before a game is chosen."""
    def listed(state):
        return [line.split()[0 if not line.startswith("help ") else 1] for line in borodino.help(None, state)
                .splitlines()[1:-1]]
    plain = listed(borodino.setup("7sep", 1, []))
    assert not {"release", "assign", "doomed"} & set(plain) and "victory" in plain
    assert {"release", "assign", "doomed"} <= set(listed(borodino.setup("7sep", 1, ["imperial_guard", "dv_leaders"])))
    assert {"release", "assign", "doomed"} <= set(listed(None))
    assert borodino.help("assign", borodino.setup("7sep", 1, [])).startswith("assign <leader> <fallen>")


def test_end_names_the_rally_phase_as_an_option_s():
    """Sequence of Play: a Game-Turn is Movement and Combat Phases; the Rally Phase is Doomed Victory's
    (3.2, with dv_rally). `help` in a 7 September game without it read 'end your Movement, Combat or Rally
    Phase', a phase the game never reaches."""
    line = next(line for line in borodino.help(None, borodino.setup("7sep", 1, [])).splitlines()
                if line.startswith("end "))
    assert line.split(None, 1)[1].startswith("end your Movement or Combat Phase, or with dv_rally your Rally Phase")


def test_a_command_of_an_option_asked_by_name_says_the_game_is_played_without_it():
    """`help release` in a game without the Imperial Guard rule answers its entry and that this game
    does not play it, naming the option; with the option, or before a game is chosen, the entry alone."""
    plain = borodino.setup("7sep", 1, [])
    assert borodino.help("release", plain).splitlines()[1] == \
        "  Not in this game, which is played without imperial_guard (`help options`)."
    assert borodino.help("doomed", plain).endswith("played without dv_rally and dv_leaders (`help options`).")
    assert "Not in this game" not in borodino.help("release", borodino.setup("7sep", 1, ["imperial_guard"]))
    assert "Not in this game" not in borodino.help("doomed", borodino.setup("7sep", 1, ["dv_rally"]))
    assert "Not in this game" not in borodino.help("assign")


def test_the_list_after_an_unknown_topic_leaves_out_what_the_game_s_options_do_not_play():
    """`help rallies` (no such command) answers with the command list, and in a game without the
    Imperial Guard rule or the Doomed Victory options that list names neither `release` nor
    `assign`, as `help` alone does; an option's name is still answered."""
    state = borodino.setup("7sep", 1, [])
    said = borodino.help("rallies", state)
    assert said.startswith("Unknown command 'rallies'. Commands:")
    assert "release <unit>" not in said and "assign <leader>" not in said and "help victory" in said
    assert "release <unit>" in borodino.help("rallies", borodino.setup("7sep", 1, ["imperial_guard"]))
    assert borodino.help("dv_rally", state).splitlines()[1].startswith("  dv_rally (off)")
