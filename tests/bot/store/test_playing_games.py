"""Store.playing_games: the games in which the bot's start finishes what a stop cut short (Play.resume_all)."""
from __future__ import annotations

from tests.bot.test_store_rows import played


def test_the_games_in_play_are_those_started_that_go_on(store):
    """A game over has nothing left to finish; a paused one waits for its resume; one not started has
    no command to follow."""
    playing, paused, over, unstarted = (played(store, 1) for _ in range(4))
    for game_id in (playing, paused, over):
        store.start_game(game_id)
    store.pause_game(paused, "agreed")
    store.end_game(over, {"result": "draw"}, [])
    assert store.playing_games() == [playing]
