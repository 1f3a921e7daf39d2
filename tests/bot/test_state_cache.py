"""bot/state_cache.py: the service keeps a bounded number of recent positions; a
game that fell out is rebuilt from the store, unchanged."""
from __future__ import annotations

import threading

from bot.service import GameService
from bot.state_cache import StateCache
from tests.bot import toy_system
from tests.bot.bot_helpers import straight_replay, submit_all, toy_commands


def test_the_least_recently_used_game_is_dropped_first():
    cache = StateCache(size=2)
    cache.put(1, 5, {"turn": 1})
    cache.put(2, 0, {"turn": 2})
    assert cache.get(1) == (5, {"turn": 1})  # game 1 is now the most recently used
    cache.put(3, 0, {"turn": 3})
    assert cache.games() == [1, 3] and cache.get(2) is None


def test_a_game_dropped_from_memory_is_rebuilt_from_the_store_unchanged(store):
    service = GameService(store, loader=lambda name: toy_system)
    service._cache = StateCache(size=2)
    games = [service.new_game("toy_system", "long", seed=n) for n in range(4)]
    for game in games:
        assert all(r.accepted for r in submit_all(service, game, toy_commands(n=12)))
    assert service._cache.games() == games[-2:]
    fresh = GameService(store, loader=lambda name: toy_system)
    assert [service.load(g) for g in games] == [fresh.load(g) for g in games]
    assert len(service._cache.games()) == 2


def test_a_game_that_is_over_keeps_no_position_in_memory(store):
    """A game ended by its last command or by agreement is forgotten at once, and a look at it later
    reads the store without keeping it (a bot serving games for hours kept every ended one)."""
    service = GameService(store, loader=lambda name: toy_system)
    played, drawn, running = (service.new_game("toy_system", "short", seed=n) for n in range(3))
    lines = toy_commands("short", seed=0)
    assert all(r.accepted for r in submit_all(service, played, lines))
    assert store.game(played)["status"] == "over"
    assert service.submit(drawn, "red", "draw").accepted and service.submit(drawn, "blue", "accept").accepted
    assert service.submit(running, *lines[0]).accepted
    assert service._cache.games() == [running]
    fresh = GameService(store, loader=lambda name: toy_system)
    assert service.load(played) == fresh.load(played) == straight_replay("short", 0, lines)
    assert service._cache.games() == [running]


def test_threads_sharing_the_cache_keep_it_within_its_bound():
    cache = StateCache(size=50)

    def fill(first: int) -> None:
        for game in range(first, first + 500):
            cache.put(game, 0, {})
            cache.get(game - 7)

    threads = [threading.Thread(target=fill, args=(n * 1000,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache.games()) == 50
