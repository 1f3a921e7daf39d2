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


def test_help_victory_states_how_to_win_and_the_count_now():
    """How to Win (A, B, C), 1.1 and 8.0: a player asks the game how it is won and where the count
    stands; Last Blood scores points instead at the end (10.0): at set-up the Russian holds five victory
    areas and the Flèches (5 x 2 + 3), the French Shevardino (2)."""
    listing = bm.help()
    assert "help victory               how the game is won, and where the count stands" in listing.splitlines()
    battle = bm.help("victory", bm.setup("bloody_monday", 1))
    assert "B. all 7 victory areas held (19, 41, 55, 62, 69, 107, and the Flèches 57, 58, 59" in battle
    assert "C. 10 enemy blocks eliminated" in battle and "the most victory areas win (8.0)" in battle
    assert battle.endswith("Now: French 1, Russian 6 victory areas.")
    last_blood = bm.help("victory", bm.setup("last_blood", 1))
    assert "the most victory points win (10.0)" in last_blood
    assert last_blood.endswith("Now: French 2, Russian 13 victory points.")


def test_a_games_command_list_leaves_out_the_optional_rules_it_does_not_play():
    """9.0: a game without 9.1 listed `skirmish` and `ambush`, and one without 9.8 `initiative
    offensive`; asked by name, each still answers, and a game with every optional rule (Last Blood,
    10.0) lists them all, as does the list before a game is chosen."""
    battle = bm.help(None, bm.setup("bloody_monday", 1)).splitlines()
    assert not any(line.startswith(("skirmish", "ambush")) for line in battle)
    assert "initiative reinforcements|move|raid   spend the Initiative Disc (6.1, 6.2, 6.3)" in battle
    assert bm.help("skirmish", bm.setup("bloody_monday", 1)).startswith("skirmish <jager> <area>")
    for listing in (bm.help(None, bm.setup("last_blood", 1)), bm.help()):
        lines = listing.splitlines()
        assert any(line.startswith("skirmish") for line in lines) and any(line.startswith("ambush") for line in lines)
        assert any(line.startswith("initiative reinforcements|move|raid|offensive") for line in lines)


def test_help_inspire_names_the_optional_rules_that_change_whom_a_leader_inspires():
    """9.4 (Murat, any cavalry) and 9.5 (Platov, cossacks only) change whom 5.2.2 lets a leader inspire."""
    assert bm.help("inspire").splitlines()[1] == \
        "  With optional rule 9.4 Murat inspires any cavalry; with 9.5 Platov cossacks only."


def test_a_command_of_an_optional_rule_asked_by_name_says_the_game_is_played_without_it():
    """`help skirmish` in a game without 9.1 answers its entry and that this game does not play it, as
    Borodino's `help release` does; with the rule, or before a game, the entry alone."""
    said = bm.help("skirmish", bm.setup("bloody_monday", 1, []))
    assert said.splitlines()[1] == "  Not in this game, which is played without russian_jager (`help options`)."
    assert "Not in this game" not in bm.help("skirmish", bm.setup("bloody_monday", 1, ["russian_jager"]))
    assert "Not in this game" not in bm.help("skirmish")
