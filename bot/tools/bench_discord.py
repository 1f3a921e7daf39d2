"""`kolocha bench --discord`: how fast the bot acknowledges interactions under load.

The real bot (discord.py's HTTP client and websocket) runs against the loopback stand-in for
Discord (bot/discord/loopback.py, in a thread of its own) over a temporary database holding
GAMES started games of Borodino. Interactions come CONCURRENT at a time every EVERY seconds
(legal moves and status queries, spread over the games); each is timed from its dispatch on the
gateway to its acknowledgement (the bot's first answer: Discord gives up after 3 s). Meanwhile a
ticker measures how late the bot's event loop wakes it up (a stall delays every game at once).
Then the same again while another connection holds the database's write lock for LOCK_SECONDS.
Not a timed test: figures for this machine.
"""
from __future__ import annotations

import asyncio
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, Self, TypeVar

import rules
from bot.config import Config
from bot.discord.app import create_bot
from bot.discord.loopback import Loopback, Person, point_at
from bot.service import GameService
from bot.store import Store

GAMES, CONCURRENT, LOCK_SECONDS = 50, 12, 5.0
EVERY, SECONDS = 0.5, 5.0  # a batch of CONCURRENT every EVERY s, for SECONDS
TARGET_MS = 500.0
TICK = 0.01
T = TypeVar("T")


class StallMeter:
    """The longest time the event loop kept a TICK-second sleep waiting beyond its due time."""

    def __init__(self) -> None:
        self.worst = 0.0
        self._task: asyncio.Task | None = None

    async def _tick(self) -> None:
        while True:
            start = time.monotonic()
            await asyncio.sleep(TICK)
            self.worst = max(self.worst, time.monotonic() - start - TICK)

    def __enter__(self) -> Self:
        self._task = asyncio.get_running_loop().create_task(self._tick())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


def seat_games(database: Path, channels: list[str], players: tuple[Person, Person]) -> None:
    """GAMES started Borodino games, one per channel (straight into the store: set-up is not
    what is measured)."""
    service = GameService(Store(database))
    for channel in channels:
        game_id = service.new_game("borodino", "7sep", 1, channel=channel, guild="900",
                                   created_by=str(players[0].id))
        service.store.set_settings(game_id, Config().defaults.to_dict())
        service.store.take_seat(game_id, "french", str(players[0].id))
        service.store.take_seat(game_id, "russian", str(players[1].id))
        service.store.start_game(game_id)


def opening_moves() -> list[str]:
    """The French moves legal at the start (every game starts alike; once a game has moved on,
    some are refused: a refusal is an interaction too, only without a write)."""
    system = rules.load("borodino")
    return [c.to_text() for c in system.legal_commands(system.setup("7sep", 1, {}), "french")
            if c.to_text().startswith("move")]


async def batches(loopback: Loopback, moves: list[str], players: tuple[Person, Person],
                  rng: random.Random, seconds: float) -> list[float]:
    """CONCURRENT interactions at once every EVERY seconds for `seconds`, whether or not the
    bot answered the earlier ones (players do not wait for each other); the seconds each
    waited for its acknowledgement."""
    sent: dict[str, float] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for channel in rng.sample(loopback.channels, CONCURRENT):
            if rng.random() < 0.5:
                command, options = "order", {"command": rng.choice(moves)}
            else:
                command, options = "game status", {}
            person = players[0] if rng.random() < 0.7 else players[1]
            start = time.monotonic()
            sent[await loopback.interact(person, command, options, channel)] = start
        await asyncio.sleep(EVERY)
    deadline = time.monotonic() + 60
    while any(not loopback.texts(f"reply:{i}") for i in sent) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)  # every answer in before the next measurement
    return [loopback.acked.get(i, deadline) - start for i, start in sent.items()]


def hold_write_lock(database: Path, seconds: float) -> None:
    """Another process's long write, as a busy server sees it."""
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    time.sleep(seconds)
    other.execute("ROLLBACK")
    other.close()


class Elsewhere:
    """An event loop in a thread of its own, for the stand-in for Discord and the players:
    their clocks keep running while the bot's loop stalls, so a stall shows in the times."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()


async def open_loopback() -> Loopback:
    loopback = Loopback(channels=GAMES)
    await loopback.start()
    return loopback


async def load(loopback: Loopback, moves: list[str], players: tuple[Person, Person],
               rng: random.Random, database: Path | None) -> list[float]:
    """Batches for SECONDS; with a database, while another connection holds its write lock."""
    await asyncio.wait_for(loopback.identified.wait(), 30)
    if database is None:
        return await batches(loopback, moves, players, rng, SECONDS)
    lock = asyncio.get_running_loop().run_in_executor(None, hold_write_lock, database,
                                                      LOCK_SECONDS)
    await asyncio.sleep(0.05)
    times = await batches(loopback, moves, players, rng, LOCK_SECONDS)
    await lock
    return times


async def measure_async(workdir: Path) -> list[tuple[str, str]]:
    database = workdir / "bench.sqlite"
    players = (Person(1, "Anna"), Person(2, "Boris"))
    elsewhere = Elsewhere()
    loopback = await elsewhere.run(open_loopback())
    point_at(loopback.url)
    seat_games(database, loopback.channels, players)
    client = create_bot(Config(database=str(database)))
    running = asyncio.get_running_loop().create_task(client.start("bench-token"))
    moves, rng = opening_moves(), random.Random(1)
    try:
        with StallMeter() as free:
            plain = await elsewhere.run(load(loopback, moves, players, rng, None))
        with StallMeter() as stalled:
            locked = await elsewhere.run(load(loopback, moves, players, rng, database))
    finally:
        await client.close()
        running.cancel()
        await elsewhere.run(loopback.stop())
        elsewhere.stop()
    return [*rows("", plain, free.worst),
            *rows(f" while a write lock is held {LOCK_SECONDS:g} s", locked, stalled.worst)]


def rows(when: str, seconds: list[float], stall: float) -> list[tuple[str, str]]:
    p99 = statistics.quantiles(seconds, n=100)[98] * 1000
    verdict = "within" if p99 < TARGET_MS else "OVER"
    return [(f"acknowledgement{when}, median ({len(seconds)} interactions, {CONCURRENT} at once)",
             f"{statistics.median(seconds) * 1000:.1f} ms"),
            (f"acknowledgement{when}, 99th percentile",
             f"{p99:.1f} ms ({verdict} the {TARGET_MS:g} ms target)"),
            (f"event-loop stall{when}, worst", f"{stall * 1000:.1f} ms")]


def measure() -> list[tuple[str, str]]:
    """The table rows of `kolocha bench --discord`."""
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(measure_async(Path(tmp)))
