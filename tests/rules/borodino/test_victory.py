"""Borodino victory conditions of the four scenarios (rules/borodino/victory.py)."""
from __future__ import annotations

import pytest

from tests.rules.borodino.helpers import MAP, borodino, play, position, refused

REDOUBTS = ("2817", "3018", "3117", "3218", "3222")


def _over(state: dict, **changes) -> dict:
    state.update(phase="over", **changes)
    return borodino.outcome(state)


def test_no_outcome_while_the_game_runs():
    assert borodino.outcome(borodino.setup("7sep", 1)) is None


def test_5sep_occupier_of_schevardino_wins():
    """5 Sept: "The Player who occupies the Schevardino redoubt hex at the end of the game is the winner."""
    assert _over(position({"F-I-2": "3222"}, scenario="5sep"))["winner"] == "french"
    assert _over(position({"R-VII-27": "3222"}, scenario="5sep"))["winner"] == "russian"
    assert _over(position({}, scenario="5sep"))["level"] == "draw"


def test_6sep_three_redoubts_destroyed_or_not():
    """6 Sept: "The player who at the end of the game holds three or more of the redoubts on the map
    (whether destroyed or not) is the winner."""
    s = position({}, scenario="6sep")
    for h in ("3222", "2817", "3018"):
        s["redoubts"][h].update(held="french", destroyed=True)
    assert _over(s)["winner"] == "french"
    s = position({}, scenario="6sep")
    for h in ("3222", "2817"):
        s["redoubts"][h]["held"] = "french"
    assert _over(s)["winner"] == "russian"  # the Russians still hold the other three


def _grand(units=None, losses=(0, 0), exited=0, scenario="7sep"):
    s = position(units or {}, scenario=scenario)
    s["losses"] = {"french": losses[0], "russian": losses[1]}
    s["exited"] = {"french": exited, "russian": 0}
    return _over(s)


RUSSIANS_IN_HOME_REDOUBTS = {"R-VIII-12": "3018", "R-VIII-2Gr": "3218", "R-VIII-CGr": "3117", "R-VII-26": "2817"}


def test_7sep_french_decisive_by_sixty_points_exited():
    """"French Decisive victory: Move 60 Combat Points of units off the east edge of the map between the
    two roads"."""
    got = _grand(RUSSIANS_IN_HOME_REDOUBTS, exited=60)   # beats a Russian marginal victory
    assert (got["winner"], got["level"]) == ("french", "decisive")
    assert _grand(RUSSIANS_IN_HOME_REDOUBTS, losses=(30, 0), exited=60)["level"] == "draw"  # decisive each
    assert _grand(exited=59)["level"] != "decisive"


def test_7sep_french_substantial_twice_the_losses_forty_minimum():
    """"French Substantial victory: Russians must have twice as many or more Combat Point losses as the
    French, with a minimum of 40"."""
    got = _grand(losses=(20, 40))
    assert (got["winner"], got["level"]) == ("french", "substantial")
    assert _grand(losses=(10, 39))["level"] != "substantial"
    assert _grand(losses=(21, 41))["level"] != "substantial"


def test_7sep_french_marginal_all_redoubts():
    """"French Marginal Victory: occupy all redoubt hexes on the map at the end of the game."""
    units = dict(zip(["F-I-2", "F-I-4", "F-I-5", "F-IV-1", "F-IV-3"], REDOUBTS))
    got = _grand(units)
    assert (got["winner"], got["level"]) == ("french", "marginal")


def test_7sep_russian_marginal_substantial_decisive():
    """Russian Marginal: "occupy all redoubt hexes ... that were on the east side of the Front Line";
    Substantial: "French must have more Combat Point losses"; Decisive: both."""
    got = _grand(RUSSIANS_IN_HOME_REDOUBTS)
    assert (got["winner"], got["level"]) == ("russian", "marginal")
    got = _grand(losses=(10, 5))
    assert (got["winner"], got["level"]) == ("russian", "substantial")
    got = _grand(RUSSIANS_IN_HOME_REDOUBTS, losses=(10, 5))
    assert (got["winner"], got["level"]) == ("russian", "decisive")


def test_7sep_draw_when_levels_are_equal_or_none():
    assert _grand()["level"] == "draw"
    got = _grand(RUSSIANS_IN_HOME_REDOUBTS, losses=(20, 40))  # French substantial beats Russian marginal
    assert got["winner"] == "french"
    units = dict(zip(["F-I-2", "F-I-4", "F-I-5", "F-IV-1", "F-IV-3"], REDOUBTS))
    got = _grand(units, losses=(10, 5))   # French marginal, Russian substantial
    assert got["winner"] == "russian"


def test_7sep_the_end_says_which_condition_won_and_the_tally():
    """The reason names the winning level's condition in the rule book's terms, not "marginal
    conditions met", as a sentence that stands alone after the winner and level ('Game over: Russian
    wins (decisive): Russian units occupy ...', where it read 'Russian wins (decisive): Russian decisive
    victory: both the marginal and the substantial conditions hold'); a draw says whether nobody met
    one or both met the same level."""
    assert _grand(losses=(20, 40))["reason"] == (
        "The Russian losses are twice the French or more, and at least 40 (losses: "
        "French 20, Russian 40 Combat Points; French Combat Points exited: 0).")
    assert _grand(RUSSIANS_IN_HOME_REDOUBTS, losses=(10, 5))["reason"].startswith(
        "Russian units occupy every redoubt hex east of the Front Line, and the French losses exceed the Russian (")
    assert _grand()["reason"].startswith("Neither player met a victory condition (losses: French 0, Russian 0")
    assert _grand(RUSSIANS_IN_HOME_REDOUBTS, losses=(30, 0), exited=60)["reason"].startswith(
        "Both players won decisive victories, which cancel out (")


def test_grand_battle_uses_the_7sep_conditions():
    """Grand Battle: "Victory Conditions: The same as September 7 Battle Game."""
    got = _grand(losses=(20, 40), scenario="grand")
    assert (got["winner"], got["level"]) == ("french", "substantial")


EXIT = sorted(MAP.east_exits)[len(MAP.east_exits) // 2]  # an east-edge hex between the two roads


@pytest.mark.parametrize("scenario", ["5sep", "6sep"])
def test_victory_conditions_only_7sep_and_grand_count_units_leaving_the_map(scenario):
    """7 Sept: "French Decisive victory: Move 60 Combat Points of units off the east edge of the map between
    the two roads inclusive"; 5 Sept ("occupies the Schevardino redoubt") and 6 Sept ("holds three or more
    of the redoubts") say nothing of leaving the map, so there no unit leaves it."""
    s = position({"F-I-2": EXIT}, scenario=scenario)
    error = refused(s, "french", f"move {EXIT} off", "Victory Conditions")
    assert "7 September" in str(error)
    assert not any(c.to_text().endswith(" off") for c in borodino.legal_commands(s, "french"))


@pytest.mark.parametrize("scenario", ["7sep", "grand"])
def test_victory_conditions_7sep_and_grand_let_french_units_exit_east(scenario):
    """Positive control: the same move in the scenarios whose victory conditions count exited units."""
    s = position({"F-I-2": EXIT}, scenario=scenario)
    assert any(c.to_text() == f"move {EXIT} off" for c in borodino.legal_commands(s, "french"))
    s2, _ = play(s, "french", f"move {EXIT} off")
    assert s2["units"]["F-I-2"]["where"] == "exited" and s2["exited"]["french"] == 7


def test_7sep_the_end_says_what_the_loser_met_too_and_that_it_is_outranked():
    """Where both sides meet a condition, the higher level wins: the reason named the winner's alone, so a
    French player holding every redoubt read 'Russian wins (substantial): The French losses exceed the
    Russian (...)' and not why his own marginal victory did not stand."""
    units = dict(zip(["F-I-2", "F-I-4", "F-I-5", "F-IV-1", "F-IV-3"], REDOUBTS))
    assert _grand(units, losses=(10, 5))["reason"] == (
        "The French losses exceed the Russian (losses: French 10, Russian 5 Combat Points; French Combat Points "
        "exited: 0); the French marginal victory (French units occupy every redoubt hex) is outranked.")
    assert _grand(RUSSIANS_IN_HOME_REDOUBTS, exited=60)["reason"].endswith(
        "; the Russian marginal victory (Russian units occupy every redoubt hex east of the Front Line) is outranked.")
    assert "outranked" not in _grand(losses=(10, 5))["reason"]  # the French met nothing
