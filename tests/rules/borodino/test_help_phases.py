"""`help phases` and one topic a phase (rules/borodino/help_phases.py): what each phase asks of a
player, in the rules of the game asked about."""
from __future__ import annotations

import rules
from rules.borodino.help_phases import HEAD

borodino = rules.load("borodino")


def _lines(topic: str, scenario: str, *options: str) -> list[str]:
    return borodino.help(topic, borodino.setup(scenario, 1, list(options))).splitlines()


def test_the_phases_of_a_grand_battle_under_the_doomed_victory_options_each_have_a_line():
    """Sequence of Play, with Doomed Victory 3.2's Rally Phase after the Russian Player-Turn and the
    Grand Battle's night turns (Night Movement); `help combat` is the phases' first line and its own."""
    lines = _lines("phases", "grand", "dv_rally", "dv_leaders")
    assert lines[0] == HEAD and [line.split(":")[0] for line in lines[1:]] == [
        "  A Game-Turn", "  Movement Phase", "  Combat Phase", "  Rally Phase",
        "  Night (Grand Battle, Game-Turns 9-10 and 25-26)"]
    assert "then the Rally Phase (Doomed Victory 3.2)" in lines[1]
    assert "held in place until 1500" in lines[2] and "`move <leader> <hex>`, Doomed Victory 8.1" in lines[2]
    assert "except a broken unit (Doomed Victory 6.10) or one of an inactive leader (8.10)" in lines[3]
    assert "the leaders of a side with broken units may move" in lines[4]
    assert _lines("COMBAT", "grand", "dv_rally", "dv_leaders") == [HEAD, lines[3]]
    assert any(line.startswith("help phases  ") for line in borodino.help().splitlines())  # listed


def test_a_game_is_told_only_the_phases_it_plays_and_that_it_lacks_the_others():
    """7 September without options: no Rally Phase, no night and no 5 September freeze; asked by name,
    each absent phase is said to be absent, with why."""
    lines = _lines("phases", "7sep")
    assert len(lines) == 4 and "Rally" not in "".join(lines) and "held in place" not in lines[2]
    assert _lines("rally", "7sep")[1] == ("  No Rally Phase in this game, which is played without dv_rally and "
                                          "dv_leaders (Doomed Victory 3.2; `help options`).")
    assert _lines("night", "7sep")[1] == ("  No night turns in this scenario, Game-Turns 27 to 40; the Grand "
                                          "Battle's are 9-10 and 25-26 (Night Movement).")


def test_broken_units_without_leaders_rally_on_their_own_die():
    """dv_rally alone (6.10): "roll a die for each broken unit on the map"; nothing to command. With
    dv_rally_moves every side with an active leader moves its leaders (8.152 to the letter)."""
    assert "a die for each broken unit on the map" in _lines("rally", "7sep", "dv_rally")[1]
    assert "every side with an active leader" in _lines("rally", "7sep", "dv_leaders", "dv_rally_moves")[1]
    assert "Imperial Guard A" in _lines("movement", "7sep", "imperial_guard")[1]
