"""`kolocha bench --scale`, the start: how long the bot takes to be connected and answering over
a database of 10, 1,000 and 10,000 running games.

Each database holds one game played for real (seated, started, its commands accepted through
the service, its deadline for the side to act) copied as many times as asked, each copy in a
channel of its own: every copy has a real command history and a deadline with its reminders.
The real bot (discord.py's client) starts over it against the loopback stand-in for Discord
(in a thread of its own, as for `kolocha bench --discord`), and is timed from its start to its
answer to a player's `/game status`. Not a timed test: figures for this machine.
"""
from __future__ import annotations

import asyncio
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import Config
from bot.discord.app import create_bot
from bot.discord.bench import Elsewhere
from bot.discord.loopback import GUILD, Loopback, Person, point_at
from bot.service import GameService
from bot.store import Store

GAMES = (10, 1_000, 10_000)
TARGET_SECONDS = 5.0
ANNA, BORIS = Person(1, "Anna"), Person(2, "Boris")
COPIED = ("seats", "commands", "snapshots", "turns", "deadlines")  # a game's rows, by its id


def played_games(database: Path, count: int, system: str, scenario: str, seed: int,
                 options: dict | None, commands: list[tuple[str, str]], channel: str) -> None:
    """`count` running games, the first in `channel`: one played through the service, then
    copied row by row (the copies are what a long-running server holds, not what is timed)."""
    service = GameService(Store(database))
    store = service.store
    game_id = service.new_game(system, scenario, seed, options, guild=str(GUILD), channel=channel,
                               created_by=str(ANNA.id))
    store.set_settings(game_id, Config().defaults.to_dict())
    sides = service.system(game_id).INFO.sides
    for side, person in zip(sides, (ANNA, BORIS)):
        store.take_seat(game_id, side, str(person.id))
    store.start_game(game_id)
    for side, text in commands:
        if not service.submit(game_id, side, text).accepted:
            raise RuntimeError(f"bench --scale: a replayed command was refused: {side}: {text}")
    state, rules = service.load(game_id), service.system(game_id)
    due = (datetime.now(UTC) + timedelta(hours=40)).isoformat(timespec="seconds")
    for side in rules.active_sides(state):
        store.set_deadline(game_id, side, due, rules.phase_key(state))
    _copy(store, game_id, count - 1)


def _copy(store: Store, game_id: int, copies: int) -> None:
    columns = {table: [c.name for c in store.db[table].columns] for table in ("games", *COPIED)}
    with store.transaction():
        for copy in range(game_id + 1, game_id + 1 + copies):
            others = [c for c in columns["games"] if c not in ("id", "channel")]
            store.db.execute(f"INSERT INTO games (id, channel, {', '.join(others)}) SELECT ?, ?, "
                             f"{', '.join(others)} FROM games WHERE id = ?",
                             [copy, str(10**9 + copy), game_id])
            for table in COPIED:
                rest = [c for c in columns[table] if c != "game"]
                store.db.execute(f"INSERT INTO {table} (game, {', '.join(rest)}) SELECT ?, "
                                 f"{', '.join(rest)} FROM {table} WHERE game = ?", [copy, game_id])


async def _open_loopback() -> Loopback:
    loopback = Loopback()
    await loopback.start()
    return loopback


async def _answer(loopback: Loopback) -> None:
    """Wait for the bot to connect, then ask for the first game's status until answered."""
    await asyncio.wait_for(loopback.identified.wait(), 120)
    interaction = await loopback.interact(ANNA, "game status")
    while not any(loopback.texts(f"reply:{interaction}")):
        await asyncio.sleep(0.01)


async def time_start(database: Path) -> float:
    """Seconds from the bot's start to its answer to a `/game status`."""
    elsewhere = Elsewhere()
    loopback = await elsewhere.run(_open_loopback())
    point_at(loopback.url)
    client = create_bot(Config(database=str(database)))
    start = time.monotonic()
    running = asyncio.get_running_loop().create_task(client.start("bench-token"))
    try:
        await elsewhere.run(_answer(loopback))
        return time.monotonic() - start
    finally:
        await client.close()
        running.cancel()
        await elsewhere.run(loopback.stop())
        elsewhere.stop()


def measure(system: str, scenario: str, seed: int, options: dict | None,
            commands: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The start-up rows of `kolocha bench --scale`."""
    rows = []
    for count in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            database = Path(tmp) / "start.sqlite"
            played_games(database, count, system, scenario, seed, options, commands,
                         Loopback().channels[0])
            seconds = asyncio.run(time_start(database))
        rows.append((f"start-up to the first answer, {count:,} running games with their deadlines",
                     f"{seconds:.2f} s (target under {TARGET_SECONDS:g} s)"))
    return rows
