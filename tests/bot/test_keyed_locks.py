"""bot/keyed_locks.py: one lock a key while anyone holds or awaits it, none kept after: a bot that
served ten thousand games holds no lock for them once they are quiet."""
from __future__ import annotations

import asyncio

from bot.keyed_locks import KeyedLocks


def test_a_key_s_lock_is_shared_while_held_or_awaited_and_let_go_after():
    locks = KeyedLocks()
    order: list[str] = []

    async def hold(name: str, key: int, release: asyncio.Event) -> None:
        async with locks[key]:
            order.append(f"{name} in")
            await release.wait()
            order.append(f"{name} out")

    async def play() -> None:
        first, second = asyncio.Event(), asyncio.Event()
        held = asyncio.create_task(hold("a", 1, first))
        await asyncio.sleep(0)
        waiting = asyncio.create_task(hold("b", 1, second))  # the same key: waits for a
        await asyncio.sleep(0)
        assert locks[1].locked() and len(locks) == 1 and order == ["a in"]
        first.set()
        second.set()
        await asyncio.gather(held, waiting)

    asyncio.run(play())
    assert order == ["a in", "a out", "b in", "b out"]
    assert len(locks) == 0 and locks.in_use() == []


def test_ten_thousand_keys_used_in_turn_leave_no_lock_behind():
    locks = KeyedLocks()

    async def use(key: int) -> None:
        async with locks[key]:
            await asyncio.sleep(0)

    async def play() -> None:
        for key in range(10_000):
            await use(key)

    asyncio.run(play())
    assert len(locks) == 0
