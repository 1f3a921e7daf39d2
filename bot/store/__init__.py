"""Event-sourced game storage in one SQLite file (WAL), through sqlite-utils.

The truth of a game is its row in `games` (system, scenario, options, seed) plus its ordered,
append-only `commands`. `snapshots` are a cache of the state every SNAPSHOT_EVERY commands,
`latest` the state after each game's last command (what loading a game reads), and `outbox` holds
the messages a front end has not delivered yet. Every write that belongs to one accepted command
(command row, its state, snapshot, outbox rows, deadlines) runs in one transaction. Writes inside
a transaction use plain SQL, because sqlite-utils' table helpers commit on their own.

`Store` is one object over parts by table family, each in its own module: connection.py (the file,
its threads and transactions, the quarantine of damaged rows), migrations.py (the schema),
games.py (games, seats, spectators), commands.py (the command log, snapshots, the latest states,
turns), outbox.py (the messages and their delivery), deadlines.py, preferences.py (players,
standing and held orders, the bot's own values); errors.py holds its refusals, locks.py the locks
on files beside the database, and told.py the file beside it that says how far each game's news
went.
A command issued against an earlier command than the last stored one is refused, and nothing is
ever written to a game that is over.
"""
from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from functools import cache
from pathlib import Path

from bot.store.commands import SNAPSHOT_EVERY, CommandsPart
from bot.store.connection import DeadlineRows, Opening, Outbox, Told
from bot.store.errors import (AlreadyPaused, AlreadyServed, DamagedGame, GameOver, NotKolocha, NotPaused,
                              SchemaTooNew, StaleCommand, StoreRefusal, UnknownGame, Unwritable)
from bot.store.games import GamesPart
from bot.store.locks import sole_server
from bot.store.outbox import OutboxPart
from bot.store.preferences import PreferencesPart

__all__ = ["SNAPSHOT_EVERY", "AlreadyPaused", "AlreadyServed", "DamagedGame", "DeadlineRows", "GameOver",
           "NotKolocha", "NotPaused", "Opening", "Outbox", "SchemaTooNew", "StaleCommand", "Store", "StoreRefusal",
           "Told", "UnknownGame", "Unwritable", "blank", "existing", "sole_server"]


class Store(GamesPart, CommandsPart, OutboxPart, PreferencesPart):
    """One SQLite file holding every game; safe to reopen after a crash at any point."""


def existing(path: str | Path) -> Store:
    """The Kolocha database at `path`, for a tool that reads one (`kolocha replay`), as a private
    copy (`_private_copy`); refused (NotKolocha), with nothing created or migrated, when the file
    is missing or empty, is not SQLite, or has no Kolocha tables (a `cp` of a running bot's file
    can hold none: its recent writes are in the `-wal` file beside it, which is why `kolocha
    backup` exists)."""
    file = Path(path)
    header = b""
    if file.is_file():
        with file.open("rb") as handle:
            header = handle.read(16)
    if not header or header != b"SQLite format 3\x00":
        why = "not an SQLite file" if header else "it is empty" if file.is_file() else "no such file"
        raise NotKolocha(f"{path} is not a Kolocha database ({why}); give --db the bot's database (KOLOCHA_DB), "
                         "or a copy made with `kolocha backup`.")
    # read only; without a -wal beside it the file is all there is, read as immutable so that
    # SQLite makes no -wal or -shm file of its own
    wal = Path(f"{file}-wal").exists()
    conn = sqlite3.connect(file.absolute().as_uri() + ("?mode=ro" if wal else "?immutable=1"), uri=True)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()
    if "games" not in tables or not {"_sqlite_migrations", "migrations"} & tables:  # the latter: the first hour's
        raise NotKolocha(f"{path} is not a Kolocha database: it has no Kolocha tables, as a copy of a running "
                         "bot's file made with `cp` lacks what waits in its -wal file; make copies with "
                         "`kolocha backup`.")
    return _private_copy(file, wal)


def _private_copy(file: Path, wal: bool) -> Store:
    """The database read into a copy of its own in a temporary folder (SQLite's backup, -wal and
    all), removed when the process ends: a tool that reads a backup leaves it as it was, its
    schema not moved forward, no lock file beside it, and a live bot's file is not held."""
    folder = Path(tempfile.mkdtemp(prefix="kolocha-read-"))
    atexit.register(shutil.rmtree, folder, True)
    copy = folder / file.name
    source = sqlite3.connect(file.absolute().as_uri() + ("?mode=ro" if wal else "?immutable=1"), uri=True)
    target = sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()
    return Store(copy)


def blank(path: str | Path) -> Store:
    """A new store at `path` (refused, FileExistsError, where a file is) for what makes many that
    live briefly, the front-end swap check and the tests: a copy of an empty store's file. A new
    file migrates through the schema's whole history, each change committed (about 20 ms of CPU,
    and 150 ms more where the disk syncs each commit); a copy opens in 3 ms. Unlike a new file,
    it is not logged as new."""
    with open(path, "xb") as file:
        file.write(_empty())
    return Store(path)


@cache
def _empty() -> bytes:
    """An empty store's file, every migration applied and nothing stored: an in-memory store's
    database as a file holds it, made once a process (the store opened on it turns its WAL on)."""
    empty = Store(":memory:")
    try:
        return empty.db.conn.serialize()
    finally:
        empty.close()
