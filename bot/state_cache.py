"""The service's memory of recent positions: a bounded, least-recently-used map from a game to
(its last command number, the state after it).

A state is about 70 kB of Python objects; a bot that has touched 1,000 games would otherwise
hold them all for ever. A game that is over is not kept at all (nobody plays it again: a bot
serving games against the computer for hours kept every ended one until 200 games were seen).
Games beyond the bound are simply rebuilt from the store (its latest state, or newest snapshot
plus replay) the next time they are asked for: the store is the truth, the cache only saves that
work for the games being played.
"""
from __future__ import annotations

import threading
from collections import OrderedDict

GAMES_KEPT = 200  # far more games than are played at the same minute on one bot


class StateCache:
    """game id -> (seq, state), at most `size` games, the least recently used dropped first.

    >>> cache = StateCache(size=2)
    >>> cache.put(1, 5, {"turn": 1}); cache.put(2, 0, {}); cache.get(1)[0]
    5
    >>> cache.put(3, 0, {}); sorted(cache.games())  # game 2 was the least recently used
    [1, 3]
    """

    def __init__(self, size: int = GAMES_KEPT):
        self.size = size
        self._entries: OrderedDict[int, tuple[int, dict]] = OrderedDict()
        self._lock = threading.Lock()  # the service runs on worker threads

    def get(self, game_id: int) -> tuple[int, dict] | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def put(self, game_id: int, seq: int, state: dict) -> tuple[int, dict]:
        with self._lock:
            entry = self._entries[game_id] = (seq, state)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
            return entry

    def drop(self, game_id: int) -> None:
        """Forget the game (it is over): a later look at it reads the store."""
        with self._lock:
            self._entries.pop(game_id, None)

    def games(self) -> list[int]:
        with self._lock:
            return list(self._entries)
