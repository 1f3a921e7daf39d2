"""rules/bloody_monday/ai/strength.py: the measurement behind the README's figures (no timing asserted)."""
from __future__ import annotations

from rules.bloody_monday.ai.strength import measure


def test_games_against_random_play_are_counted_and_each_impulse_timed():
    result = measure("bloody_monday", "russian", games=1, first_seed=5)
    assert (result.games, result.wins + result.draws + result.losses) == (1, 1)
    assert result.per == "impulse" and len(result.turn_seconds) >= 3 and min(result.turn_seconds) >= 0
    assert result.line().startswith(f"bloody_monday russian level 1: won {result.wins} of 1 against random play")
    assert "seconds per impulse p95" in result.line()


def test_a_commander_measured_against_another_commander_says_which():
    """Level 2's figures are games against level 1: the opponent is a commander, and
    only the measured side's impulses are timed (here level 1 against itself, the quickest pair)."""
    result = measure("bloody_monday", "french", games=1, first_seed=5, against=1)
    assert result.games == 1 and " against level 1 (" in result.line() and result.turn_seconds
