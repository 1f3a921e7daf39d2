"""Which player-turn a command begins (bot/service/turns.py): a player's questions of one
player-turn share one message, so a new turn is a new player-turn even when the same player
moves on both sides of its end."""
from __future__ import annotations

from bot.service import new_player_turn
from rules import bloody_monday as bm
from tests.rules.bloody_monday.bm_helpers import do, position


def test_the_russian_pass_that_ends_a_turn_and_his_logistics_that_begin_the_next_are_two_player_turns():
    """Bloody Monday 7.0: two consecutive Passes end the turn; the Russian player who passed last
    also acts first in the next turn's Logistics Phase (3.0)."""
    state, _ = do(position({"F-I-1": 21}, initiative="french"), "french", "pass", "end")
    passing, _ = do(state, "russian", "pass")
    logistics, _ = do(passing, "russian", "end")
    assert (passing["turn"], passing["player"], bm.active_sides(passing)) == (1, "russian", ["russian"])
    assert (logistics["turn"], logistics["player"], bm.active_sides(logistics)) == (2, "russian", ["russian"])
    assert new_player_turn(bm, passing, logistics)
    assert not new_player_turn(bm, state, passing) and new_player_turn(bm, None, state)
