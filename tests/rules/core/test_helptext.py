"""rules/core/helptext.py: the `help` every game system answers."""
from __future__ import annotations

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
