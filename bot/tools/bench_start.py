"""`kolocha bench --scale`, the bot process: how long it takes to be connected and answering over
a database of 10, 1,000 and 10,000 running games, and the memory it holds.

Each database holds one game played for real (seated, started, its commands accepted through
the service, its deadline for the side to act) copied as many times as asked, each copy in a
channel of its own: every copy has a real command history and a deadline with its reminders.
The biggest also holds an ended Grand Battle of EXPORTED commands. `kolocha run` starts over it
as a process of its own, against the loopback stand-in for Discord, and is timed from its start
to its answer to a player's `/game status` (with the CPU time it used meanwhile, which the
machine's other load does not change); then players ask `/game status` in STATUS_ASKED games
and `/game export` of the Grand Battle EXPORTS times (its command log and its animated replay,
the largest picture the bot draws), and the process's resident memory is read, now and at its
peak. Not a timed test: figures for this machine.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.config import Config
from bot.discord.loopback import GUILD, Loopback, Person
from bot.service import GameService
from bot.store import Store
from bot.tools.bench import longest_playout

GAMES = (10, 1_000, 10_000)
TARGET_SECONDS = 5.0
RSS_TARGET_MB = 150
EXPORTED = ("borodino", "grand")  # the ended game exported: the longest replay
EXPORTS, STATUS_ASKED = 3, 50
WAIT = 300.0
ANNA, BORIS = Person(1, "Anna"), Person(2, "Boris")
COPIED = ("seats", "commands", "snapshots", "latest", "turns", "deadlines")  # a game's rows, by its id


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


def ended_game(database: Path, commands: list[tuple[str, str]], channel: str) -> int:
    """A Grand Battle played for `commands`, then ended (cancelled): one `/game export` takes."""
    service = GameService(Store(database))
    game_id = service.new_game(*EXPORTED, 1, None, guild=str(GUILD), channel=channel,
                               created_by=str(ANNA.id))
    for side, text in commands:
        if not service.submit(game_id, side, text).accepted:
            raise RuntimeError(f"bench --scale: a replayed command was refused: {side}: {text}")
    service.store.end_game(game_id, {"winner": None, "reason": "cancelled"}, [])
    return game_id


async def _answer(loopback: Loopback, command: str, channel: str | None = None,
                  **options: object) -> None:
    interaction = await loopback.interact(ANNA, command, options, channel)
    while not any(loopback.texts(f"reply:{interaction}")):
        await asyncio.sleep(0.01)


def _cpu_seconds(pid: int) -> float:
    """The CPU time the process has used (user and system, Linux /proc): its start-up's cost,
    whatever else loads the machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (Linux /proc), in MB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


async def serve_and_measure(database: Path, export: int | None) -> tuple[float, float, tuple[float, float] | None]:
    """Seconds from the start of `kolocha run` to its answer to a `/game status`, and the CPU
    seconds it used meanwhile; with a game to export, the memory the process holds after
    STATUS_ASKED statuses and EXPORTS exports."""
    loopback = Loopback()
    await loopback.start()
    env = {**os.environ, "DISCORD_TOKEN": "bench-token", "KOLOCHA_DB": str(database),
           "KOLOCHA_DISCORD_URL": loopback.url}
    start = time.monotonic()
    process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", "run", env=env,
                                                   stdout=asyncio.subprocess.DEVNULL,
                                                   stderr=asyncio.subprocess.DEVNULL)
    try:
        await asyncio.wait_for(loopback.identified.wait(), WAIT)
        await asyncio.wait_for(_answer(loopback, "game status"), WAIT)
        seconds, cpu = time.monotonic() - start, _cpu_seconds(process.pid)
        if export is None:
            return seconds, cpu, None
        for game_id in range(2, 2 + STATUS_ASKED):
            await asyncio.wait_for(_answer(loopback, "game status", str(10**9 + game_id)), WAIT)
        for _ in range(EXPORTS):
            await asyncio.wait_for(_answer(loopback, "game export", game=export), WAIT)
        return seconds, cpu, _memory_mb(process.pid)
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            await process.wait()
        await loopback.stop()


def measure(system: str, scenario: str, seed: int, options: dict | None,
            commands: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The bot process's rows of `kolocha bench --scale`."""
    rows = []
    exported = longest_playout(*EXPORTED, 1, None).commands
    for count in GAMES:
        with tempfile.TemporaryDirectory() as tmp:
            database = Path(tmp) / "start.sqlite"
            channel = Loopback().channels[0]
            played_games(database, count, system, scenario, seed, options, commands, channel)
            export = ended_game(database, exported, channel) if count == GAMES[-1] else None
            seconds, cpu, memory = asyncio.run(serve_and_measure(database, export))
        rows.append((f"start-up of `kolocha run` to its first answer, {count:,} running games",
                     f"{seconds:.2f} s, {cpu:.2f} s of CPU (target under {TARGET_SECONDS:g} s)"))
    if memory is not None:
        rows.append((f"bot's resident memory after {STATUS_ASKED} statuses and {EXPORTS} exports of a "
                     f"{len(exported)}-command Grand Battle, {GAMES[-1]:,} games: now, peak",
                     f"{memory[0]:.0f} MB, {memory[1]:.0f} MB (target under {RSS_TARGET_MB} MB)"))
    return rows
