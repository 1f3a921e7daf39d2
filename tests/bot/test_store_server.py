"""What a server's tables need from the store: games found by channel through an index, paused
games, and the bot's own meta values."""
from __future__ import annotations

from bot.store import Store


def test_a_games_channel_is_looked_up_through_an_index(store):
    """Every message in a game channel looks its game up by channel: an index."""
    plan = " ".join(str(row[-1]) for row in store.db.execute(
        "EXPLAIN QUERY PLAN SELECT * FROM games WHERE channel = ?", ["100"]).fetchall())
    assert "USING INDEX" in plan and "SCAN" not in plan


def test_a_paused_game_keeps_its_reason_until_it_resumes_elsewhere(store):
    game_id = store.create_game("toy_system", "short", 1, channel="100")
    assert store.game(game_id)["paused"] is None
    store.pause_game(game_id, "its channel was deleted")
    assert store.game(game_id)["paused"] == "its channel was deleted"
    store.resume_game(game_id, "101")
    assert store.game(game_id)["paused"] is None and store.game(game_id)["channel"] == "101"


def test_meta_values_survive_reopening(tmp_path):
    path = tmp_path / "k.sqlite"
    assert Store(path).meta("commands") is None
    Store(path).set_meta("commands", "abc")
    assert Store(path).meta("commands") == "abc"
