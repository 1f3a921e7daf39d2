"""A lock for each key (a game, a channel) that lasts while it is in use.

The bot serves a game's commands one at a time under the game's lock, and a channel's orders in
the order they came; a lock made for each game and kept for ever would hold one more lock for
each game the bot ever saw, however long over. Here the map holds its locks weakly: a lock held,
or waited for, stays (whoever holds or awaits it keeps it alive), and one no one uses any more
leaves the map, a fresh one being made at the key's next use, when no one can be holding the old.
"""
from __future__ import annotations

import asyncio
import weakref
from collections.abc import Hashable


class KeyedLocks:
    """key -> asyncio.Lock, the same lock to everyone while anyone holds or awaits it.

    >>> locks = KeyedLocks()
    >>> first = locks[7]
    >>> locks[7] is first, len(locks)
    (True, 1)
    >>> del first; len(locks)  # no one uses game 7's lock now: it is gone
    0
    """

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, key: Hashable) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)

    def in_use(self) -> list[asyncio.Lock]:
        """The locks someone holds or awaits now."""
        return list(self._locks.values())
