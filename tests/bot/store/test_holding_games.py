"""Store.holding_games: the games whose held orders the bot's start looks at (KolochaBot.release_held)."""
from __future__ import annotations

from tests.bot.test_store_rows import played


def test_the_games_holding_orders_are_those_that_go_on(store):
    """A game over keeps none; a paused one waits for its resume, its orders with it; one that holds
    none is not read."""
    holding, paused, over, none = (played(store, 1) for _ in range(4))
    for game_id in (holding, paused, over):
        store.hold_orders(game_id, "red", "7", "ada", ["end"])
    store.pause_game(paused, "agreed")
    store.end_game(over, {"result": "draw"}, [])
    assert store.holding_games() == [holding]
