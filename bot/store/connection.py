"""What every part of the store stands on: one SQLite file (WAL) reached through sqlite-utils,
a connection per thread, BEGIN IMMEDIATE transactions, the schema brought up to date on opening,
and the writes and checks each part makes inside its transactions.

Several threads (and processes) may share one file: each thread gets its own connection, and
every write that could be judged against an old position is checked again inside its
BEGIN IMMEDIATE transaction, where no other writer can slip in between the check and the write.
A row that cannot be decoded (bot/damage.py) is set aside in the quarantine and left out.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from bot import damage
from bot.store.errors import AlreadyPaused, GameOver, NotPaused, SchemaTooNew, UnknownGame
from bot.store.locks import file_lock
from bot.store.migrations import MIGRATIONS, adopt_first, rename_former

log = logging.getLogger("kolocha.store")

BUSY_SECONDS = 2.0  # how long a statement waits for another writer before "database is locked"

# The messages one write causes, each (audience, payload): audience "channel:<id>", "user:<id>",
# a side (whoever holds its seat when it is sent) or "all" (the public record of events, posted
# with the command's line); payload {"text": Text} (bot/words.py) and optionally "picture", what
# to draw when it is sent ({"seq": n, "side": side or None, "options": {...}}).
Outbox = list[tuple[str, dict[str, Any]]]
# The deadlines a game runs after a change, side -> (due_at, phase_key, began_at), stored in the
# change's own transaction: a side missing has none; a side whose row has the same due time and
# phase keeps it (and the reminder it had), any other gets a fresh row (bot/deadlines.py schedules
# their jobs). began_at is when the side's clock started, from which a change of the player's own
# time counts the deadline again.
DeadlineRows = dict[str, tuple[str, str, str]]


@dataclass
class Told:
    """What one change makes known, all stored in its transaction: its messages, and the game's
    deadlines and absent sides after it (None leaves them as they are)."""

    outbox: Outbox
    deadlines: DeadlineRows | None = None
    absent: dict[str, str] | None = None  # the absent sides after it, each with its player-turn (None: as they are)
    merged: tuple[int, ...] = ()  # rows not yet sent whose words its own messages carry now: dropped
    held: Playing | None = None  # a side whose held order it plays, the number of the next: the rest kept


# a side whose held order a change plays (or judges: a query answered), the number of the next, and what became of
# the orders judged so far, this one too (held_orders.judged: bot/tables/held.py), kept with the rest
Playing = tuple[str, int, dict]
# held orders not under way, which a game's end closes (bot/service/unplayed.py tells their author): none judged, or
# those judged kept while the rest are held again behind the other side's choice (`waiting`)
NOT_UNDER_WAY = "told IS NULL AND (judged IS NULL OR json_extract(judged, '$.waiting'))"
Opening = Callable[[int], Outbox]  # the messages announcing a new game, given its number


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


DECODE = {"games": damage.game, "outbox": damage.outbox, "deadlines": damage.deadline}
# How a damaged row leaves its table (a game's own row stays: its commands refer to it).
WHERE = {"outbox": ("id = ?", ("id",)), "deadlines": ("game = ? AND side = ?", ("game", "side")),
         "players": ("user = ?", ("user",)), "held_orders": ("game = ? AND side = ?", ("game", "side"))}


class Connection:
    """The store's file and the writes every part shares; safe to reopen after a crash at any point."""

    def __init__(self, path: str | Path, busy_seconds: float = BUSY_SECONDS):
        self.path = str(path)
        memory = self.path == ":memory:"
        # An in-memory database shared by this store's connections; it lives while one is open.
        self._uri = f"file:kolocha-{uuid.uuid4().hex}?mode=memory&cache=shared" if memory \
            else Path(self.path).absolute().as_uri()
        self.busy_seconds = busy_seconds
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._guard = threading.Lock()
        self._closed = False
        if memory:
            self.migrate()
            return
        with file_lock(self.path):  # the first opens of a new file: one migrates, the rest wait
            self.db.enable_wal()
            applied, known = self.migrate()
        # The admin's log says when a file is new (a database path mistyped starts an empty one)
        # or moved forward (an upgrade, after which an older Kolocha refuses it).
        where = Path(self.path).absolute()
        if len(applied) == known:
            log.info("%s is a new database, with no games yet", where)
        elif applied:
            log.info("%s: its schema moved forward by %d change(s), the last '%s'; an older Kolocha "
                     "no longer opens it", where, len(applied), applied[-1])

    @property
    def db(self) -> sqlite_utils.Database:
        """This thread's connection (sqlite3 connections may not cross threads)."""
        db = getattr(self._local, "db", None)
        if db is None:
            if self._closed:
                raise sqlite3.ProgrammingError("Cannot operate on a closed database.")
            conn = sqlite3.connect(self._uri, uri=True, timeout=self.busy_seconds,
                                   isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")
            with self._guard:
                self._connections.append(conn)
            db = self._local.db = sqlite_utils.Database(conn)
        return db

    def close(self) -> None:
        """Close every thread's connection (at shutdown); nothing may use the store after."""
        self._closed = True
        with self._guard:
            for conn in self._connections:
                conn.close()
            self._connections.clear()
        self._local = threading.local()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if anything inside raises."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def migrate(self) -> tuple[list[str], int]:
        """Apply the migrations this file has not seen yet (sqlite-utils' Migrations), and say which
        of how many; refuse (SchemaTooNew) a file with migrations this version does not know."""
        adopt_first(self.db)
        rename_former(self.db)  # each rename alone: a file stopped half-way finishes at its next open
        known = {m.name for m in MIGRATIONS.pending(sqlite_utils.Database(memory=True))}
        unknown = [m.name for m in MIGRATIONS.applied(self.db) if m.name not in known]
        if unknown:
            raise SchemaTooNew(f"{self.path} was written by a newer version of Kolocha (it has the "
                               f"schema change {unknown[0]!r}, unknown here); upgrade Kolocha to "
                               "open it, or use a backup made before that upgrade.")
        pending = [m.name for m in MIGRATIONS.pending(self.db)]
        MIGRATIONS.apply(self.db)
        return pending, len(known)

    def schema_version(self) -> int:
        """How many migrations this file has had applied."""
        return len(MIGRATIONS.applied(self.db))

    def last_seq(self, game_id: int) -> int:
        rows = self.db.execute("SELECT MAX(seq) FROM commands WHERE game = ?", [game_id])
        return rows.fetchone()[0] or 0

    def _check_live(self, game_id: int, paused: bool | None = None) -> None:
        """Inside a write transaction: refuse to touch a game that is over, and (`paused` given)
        one that is not paused (True) or is (False)."""
        row = self.db.execute("SELECT status, paused FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        if row[0] == "over":
            raise GameOver(game_id)
        if paused is True and not row[1]:
            raise NotPaused(game_id)
        if paused is False and row[1]:
            raise AlreadyPaused(game_id)

    def _write_outbox(self, game_id: int, seq: int, outbox: Outbox | None) -> None:
        for audience, payload in outbox or []:
            self.db.execute("INSERT INTO outbox (game, seq, audience, payload) VALUES (?, ?, ?, ?)",
                            [game_id, seq, audience, json.dumps(payload)])

    def _played_held(self, game_id: int, held: Playing | None) -> None:
        """Inside the transaction of a change that plays (or judges) a side's held order (`held`: the side, the
        number of its next order and what became of those judged so far, this one too; None: none): those
        numbered before it leave its row, which keeps what became of them until the word on them is sent
        (Store.drop_held_orders), so a stop after it goes on from the next (bot/tables/held.py). A command played
        at once after it (a standing order's) writes it again, with what it adds to the held order's line."""
        if held is None:
            return
        side, upto, judged = held
        row = self.db.execute("SELECT lines, first FROM held_orders WHERE game = ? AND side = ? AND told IS NULL",
                              [game_id, side]).fetchone()
        if row is None or row[1] > upto:
            return
        self.db.execute("UPDATE held_orders SET lines = ?, first = ?, judged = ? WHERE game = ? AND side = ?",
                        [json.dumps(json.loads(row[0])[upto - row[1]:]), upto, json.dumps(judged), game_id, side])

    def _write_turn(self, game_id: int, turn: str | None, seq: int) -> None:
        """Remember the command after which a game turn began (spectators' delayed view)."""
        if turn is not None:
            self.db.execute("INSERT OR REPLACE INTO turns VALUES (?, ?, ?)", [game_id, turn, seq])

    def _readable(self, table: str, rows: Iterable[dict]) -> list[dict]:
        """The rows of a table decoded (bot/damage.py); a damaged one is set aside and left out."""
        kept = []
        for row in list(rows):  # read whole before any row is set aside
            try:
                kept.append(DECODE[table](row))
            except (ValueError, TypeError) as error:
                self._set_aside(table, row, error)
        return kept

    def _set_aside(self, table: str, row: dict, error: Exception) -> None:
        """A damaged row: a copy and the reason go to the quarantine, the row leaves its table
        (a game's own row stays, left out of every list), and the owner of the game's server is
        told by DM (an outbox row to "owner:<guild>"), once; logged. A failure to write this (a
        full disk, a read-only copy) is logged too: the row is left out all the same."""
        game_id = row["id"] if table == "games" else row.get("game")
        where, columns = WHERE.get(table, (None, ()))
        args = [row[column] for column in columns]
        key = str(row["id"] if "id" in row else row["user"] if table == "players" else row["game"])
        reason = f"{type(error).__name__}: {error}"

        def write() -> bool:
            if table == "games" and self.db.execute("SELECT 1 FROM quarantine WHERE tbl = ? AND row_key = ?",
                                                    [table, key]).fetchone():
                return False
            self.db.execute("INSERT INTO quarantine (tbl, row_key, raw, reason, at) VALUES (?, ?, ?, ?, ?)",
                            [table, key, json.dumps(row, default=str), reason, now()])
            if where is not None:
                self.db.execute(f"DELETE FROM {table} WHERE {where}", args)
            guild = self.db.execute("SELECT guild FROM games WHERE id = ?", [game_id]).fetchone()
            if game_id is not None and guild and guild[0]:
                self._write_outbox(game_id, self.last_seq(game_id),
                                   [(f"owner:{guild[0]}", {"text": damage.notice(game_id, table)})])
            return True
        try:
            if self.db.conn.in_transaction:
                fresh = write()
            else:
                with self.transaction():
                    fresh = write()
        except sqlite3.Error:
            log.exception("a damaged %s row (%s) could not be set aside", table, key)
            return
        if fresh:
            log.warning("set aside a damaged %s row (%s) of game %s: %s", table, key, game_id, reason)
