"""The Bloody Monday help texts (rules/bloody_monday/help.py) against the rule book."""
from __future__ import annotations

from rules.bloody_monday import movement
from rules.bloody_monday.game import Game
from tests.rules.bloody_monday.bm_helpers import bm, position


def test_the_activate_help_holds_for_every_support_unit():
    """1.2.4: "Activating a Support Unit costs ONE extra MP", so a unit moves before it activates with
    all its MPs but one: 4 for a leader, 2 for foot artillery, 5 for Murat with Agility (9.3). The help
    says so, and names no one number that is wrong for some of them."""
    text = bm.help("activate")
    assert "keeping 1 MP to activate (1.2.4)" in text and "MPs at most" not in text
    g = Game(position({"F-I-D": 19, "F-I-A1": 16, "F-CR-M": 17}, options=["agility"]))
    assert {bid: movement.allowance(g, bid) - 1 for bid in ("F-I-D", "F-I-A1", "F-CR-M")} == \
        {"F-I-D": 4, "F-I-A1": 2, "F-CR-M": 5}
