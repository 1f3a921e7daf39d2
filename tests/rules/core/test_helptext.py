"""rules/core/helptext.py: the `help` every game system answers."""
from __future__ import annotations

import re

import pytest

import rules
from rules.core.helptext import help_text

TOPICS = {"move": "move <hex> <hex>: move a unit\nThe path may be given hex by hex.",
          "end": "end: end the phase"}


def test_one_topic_gives_its_whole_entry_whatever_the_case():
    assert help_text(TOPICS, "MOVE") == TOPICS["move"]


def test_no_topic_lists_the_first_line_of_every_entry_and_the_footer():
    assert help_text(TOPICS, None, "Odds: `odds`.\n") == (
        "Commands:\nmove <hex> <hex>: move a unit\nend: end the phase\nOdds: `odds`.\n"
        "Type `help <command>` for more.")


def test_an_unknown_topic_says_so_before_the_list():
    assert help_text(TOPICS, "fly").startswith("Unknown command 'fly'. Commands:\nmove <hex> <hex>")


@pytest.mark.parametrize("system", [s for s in rules.systems() if s != "toy_system"])
def test_the_list_shows_every_entry_as_a_whole_sentence(system):
    """The list shows only each entry's first line, so that line must not stop mid-sentence
    ("deploy reinforcements," with the rest hidden on the next line)."""
    listing = rules.load(system).help(None).splitlines()[1:-1]
    assert listing and not [line for line in listing if line.rstrip().endswith((",", ":", ";", "-"))]


GAMES = [("borodino", "7sep", ["dv_rally", "moves_stand"]), ("bloody_monday", "bloody_monday", ["shields"]),
         ("campaign_1812", "campaign", ["leaders"])]


@pytest.mark.parametrize(("system", "scenario", "options"), GAMES)
def test_help_options_names_the_options_of_the_game_asked_about(system, scenario, options):
    """`help options` lists every option the game's scenario offers, on or off in that game."""
    loaded = rules.load(system)
    text = loaded.help("options", loaded.setup(scenario, 1, options))
    offered = next(s["options"] for s in loaded.scenarios() if s["id"] == scenario)
    said = dict(re.findall(r"^  (\w+) \((on|off)\): ", text, re.MULTILINE))
    assert said == {name: "on" if name in options else "off" for name in offered}


@pytest.mark.parametrize(("system", "scenario", "options"), GAMES)
def test_help_on_an_options_name_tells_that_option_in_the_game_asked_about(system, scenario, options):
    """The opening line and `help options` name the options; `help <name>` tells that one, on or off."""
    loaded = rules.load(system)
    state = loaded.setup(scenario, 1, options)
    offered = next(s["options"] for s in loaded.scenarios() if s["id"] == scenario)
    for name in offered:
        said = re.findall(r"^  (\w+) \((on|off)\): ", loaded.help(name.upper(), state), re.MULTILINE)
        assert said == [(name, "on" if name in options else "off")]
