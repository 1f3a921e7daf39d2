"""rules/borodino/ai/strength.py: the measurement behind the README's figures (no timing asserted)."""
from __future__ import annotations

from rules.borodino.ai.strength import Strength, measure


def test_games_against_random_play_are_counted_and_each_player_turn_timed():
    result = measure("5sep", "russian", games=2)
    assert (result.games, result.wins) == (2, 2)
    assert len(result.turn_seconds) >= 8  # 5 Sept: eight Game-Turns, the Russian plans in each
    assert result.line().startswith("5sep russian level 1: won 2 of 2 against random play (0 drawn, 0 lost)")


def test_the_95th_percentile_is_the_nearest_rank():
    result = Strength("5sep", "french", 1, turn_seconds=[float(n) for n in range(1, 21)])
    assert result.p95() == 19.0
    assert Strength("5sep", "french", 1).p95() == 0.0
