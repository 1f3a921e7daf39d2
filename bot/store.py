"""Event-sourced game storage in one SQLite file (WAL), through sqlite-utils.

The truth of a game is its row in `games` (system, scenario, options, seed) plus its ordered,
append-only `commands`. `snapshots` are a cache of the state every SNAPSHOT_EVERY commands, and
`outbox` holds the messages a front end has not delivered yet. Every write that belongs to one
accepted command (command row, snapshot, outbox rows) runs in one transaction. Writes inside a
transaction use plain SQL, because sqlite-utils' table helpers commit on their own.

Several threads (and processes) may share one file: each thread gets its own connection, and
every write that could be judged against an old position is checked again inside its
BEGIN IMMEDIATE transaction, where no other writer can slip in between the check and the write:
a command issued against an earlier command than the last stored one is refused, and nothing is
ever written to a game that is over. Every change of a game's life (pause, resume, settings, a
seat changing hands, an end) reads the game's status inside its own transaction: a cancel racing
a resume leaves the game over, never revived.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
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
from bot.words import COMPUTER

log = logging.getLogger("kolocha.store")

SNAPSHOT_EVERY = 25
BUSY_SECONDS = 2.0  # how long a statement waits for another writer before "database is locked"


class StoreRefusal(Exception):
    """A write the store turned down to keep a game whole; nothing was written. str() is the
    sentence for the player."""


class UnknownGame(StoreRefusal):
    """A game number the store has never given."""

    def __init__(self, game_id: int):
        super().__init__(f"There is no game {game_id}.")


class GameOver(StoreRefusal):
    """A write to a game that has ended (by the rules, a resignation, a forfeit or a cancel)."""

    def __init__(self, game_id: int):
        super().__init__(f"Game {game_id} is over; it takes no more commands.")


class NotPaused(StoreRefusal):
    """A resume of a game that is not paused (another command resumed it meanwhile)."""

    def __init__(self, game_id: int):
        super().__init__(f"Game {game_id} is not paused.")


class AlreadyPaused(StoreRefusal):
    """A pause of a game that is paused already (another command paused it meanwhile)."""

    def __init__(self, game_id: int):
        super().__init__(f"Game {game_id} is already paused.")


class DamagedGame(StoreRefusal):
    """A game whose own row cannot be read: set aside (bot/damage.py) until it is repaired."""

    def __init__(self, game_id: int):
        super().__init__(f"Game {game_id}'s stored record is damaged, so it is set aside; the server's "
                         "owner has been told. Every other game goes on.")


class StaleCommand(StoreRefusal):
    """A command judged against a position that another command has since replaced."""

    def __init__(self, issued_against: int, last: int):
        super().__init__(f"Another command was stored while yours was being judged (the game is "
                         f"now at command {last}, yours was judged at command {issued_against}); "
                         "nothing was applied. Look at the game again and resend.")

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
    deadlines after it (None leaves them as they are)."""

    outbox: Outbox
    deadlines: DeadlineRows | None = None
Opening = Callable[[int], Outbox]  # the messages announcing a new game, given its number


class SchemaTooNew(Exception):
    """A database file that a newer Kolocha has migrated: opening it here could damage it."""


class NotKolocha(Exception):
    """A file that is not a Kolocha database: missing, empty, another program's, or a copy of a
    running bot's file made without its write-ahead log."""


class AlreadyServed(Exception):
    """Another bot process is already serving this database file."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


# Ordered and append-only: a schema change is a new migration, never an edit of an old one.
# sqlite-utils records each applied one in _sqlite_migrations, in the same transaction.
MIGRATIONS = sqlite_utils.Migrations("kolocha")


@MIGRATIONS(name="initial tables")
def _initial(db: sqlite_utils.Database) -> None:
    db.table("games").create({
        "id": int, "guild": str, "channel": str, "system": str, "scenario": str,
        "options": str, "seed": int, "status": str, "hot_seat": int, "created_by": str,
        "created_at": str, "updated_at": str}, pk="id")
    db.table("seats").create({"game": int, "side": str, "user": str}, pk=("game", "side"),
                       foreign_keys=[("game", "games", "id")])
    db.table("spectators").create({"game": int, "channel": str}, pk=("game", "channel"),
                            foreign_keys=[("game", "games", "id")])
    db.table("commands").create({
        "game": int, "seq": int, "side": str, "user": str, "text": str, "normalised": str,
        "issued_against_seq": int, "accepted_at": str}, pk=("game", "seq"),
        foreign_keys=[("game", "games", "id")])
    db.table("snapshots").create({"game": int, "seq": int, "state_json": str}, pk=("game", "seq"),
                           foreign_keys=[("game", "games", "id")])
    db.table("deadlines").create({"game": int, "side": str, "due_at": str, "reminded_at": str},
                           pk=("game", "side"), foreign_keys=[("game", "games", "id")])
    db.table("outbox").create({"id": int, "game": int, "seq": int, "audience": str, "payload": str,
                         "delivered_at": str}, pk="id", foreign_keys=[("game", "games", "id")])
    db.table("outbox").create_index(["delivered_at"])


@MIGRATIONS(name="games.pending_undo: an undo waiting for the opponent's consent")
def _pending_undo(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("pending_undo", str)


@MIGRATIONS(name="game tables: settings, start, end, deadline phases, turn starts")
def _tables(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("settings", str)
    db.table("games").add_column("started_at", str)
    db.table("games").add_column("ended", str)
    db.table("deadlines").add_column("phase_key", str)
    db.table("turns").create({"game": int, "turn": str, "seq": int}, pk=("game", "turn"),
                             foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="outbox delivery: pieces sent, retries, closed DMs, private threads")
def _delivery(db: sqlite_utils.Database) -> None:
    db.table("outbox").add_column("pieces_sent", int, not_null_default=0)
    db.table("outbox").add_column("attempts", int, not_null_default=0)
    db.table("outbox").add_column("retry_at", str)
    db.table("closed_dms").create({"user": str, "failures": int, "retry_at": str}, pk="user")
    db.table("private_threads").create({"game": int, "user": str, "thread": str},
                                       pk=("game", "user"), foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="fair dice: games.salt and games.commitment")
def _fair_dice(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("salt", str)  # secret until the game is over
    db.table("games").add_column("commitment", str)  # SHA-256 of "<seed>:<salt>", published at the start


@MIGRATIONS(name="a server's games: games.channel index, games.paused, the bot's own meta values")
def _server(db: sqlite_utils.Database) -> None:
    db.table("games").create_index(["channel"])  # every message in a channel looks its game up
    db.table("games").add_column("paused", str)  # why a game waits (its channel is gone), or NULL
    db.table("meta").create({"key": str, "value": str}, pk="key")


@MIGRATIONS(name="standing orders: a player's answer to each kind of mid-turn choice")
def _standing_orders(db: sqlite_utils.Database) -> None:
    db.table("standing_orders").create({"game": int, "side": str, "kind": str, "standing": str},
                                       pk=("game", "side", "kind"),
                                       foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="games.pending_draw: a draw offered, waiting for the opponent")
def _pending_draw(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("pending_draw", str)


@MIGRATIONS(name="games.pending_pause: a pause or resume asked, waiting for consent")
def _pending_pause(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("pending_pause", str)


@MIGRATIONS(name="players: each person's own time and reminder preferences")
def _players(db: sqlite_utils.Database) -> None:
    db.table("players").create({"user": str, "prefs": str}, pk="user")


@MIGRATIONS(name="deadlines.began_at: when a deadline's clock started, to count it again")
def _deadline_start(db: sqlite_utils.Database) -> None:
    db.table("deadlines").add_column("began_at", str)  # NULL for rows older than this column


@MIGRATIONS(name="ai_seats: a computer player's level, time budget and seed")
def _ai_seats(db: sqlite_utils.Database) -> None:
    # the seat itself is a `seats` row whose user is bot.words.COMPUTER; this row says how it plays
    db.table("ai_seats").create({"game": int, "side": str, "level": int, "budget": float,
                                 "seed": int}, pk=("game", "side"),
                                foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="quarantine: damaged rows set aside, with the reason")
def _quarantine(db: sqlite_utils.Database) -> None:
    db.table("quarantine").create({"id": int, "tbl": str, "row_key": str, "raw": str, "reason": str,
                                   "at": str}, pk="id")


@MIGRATIONS(name="kept_messages: the messages that hold a player's private view, edited in place")
def _kept_messages(db: sqlite_utils.Database) -> None:
    # place: where the messages are ("dm:<user>" or "thread:<id>"); messages: their ids, in order
    db.table("kept_messages").create({"game": int, "place": str, "messages": str}, pk=("game", "place"),
                                     foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="commands.hidden_from: the sides that cannot observe a command")
def _hidden_from(db: sqlite_utils.Database) -> None:
    # a JSON list of sides, NULL for a command every side observes (bot/service.py, hidden_from)
    db.table("commands").add_column("hidden_from", str)


@MIGRATIONS(name="games.pending_seat: a seat to hand to a substitute, waiting for its player's consent")
def _pending_seat(db: sqlite_utils.Database) -> None:
    db.table("games").add_column("pending_seat", str)


@MIGRATIONS(name="outbox.given_up: a row that could not be delivered, ended after its tries")
def _given_up(db: sqlite_utils.Database) -> None:
    db.table("outbox").add_column("given_up", str)


DECODE = {"games": damage.game, "outbox": damage.outbox, "deadlines": damage.deadline}
# How a damaged row leaves its table (a game's own row stays: its commands refer to it).
WHERE = {"outbox": ("id = ?", ("id",)), "deadlines": ("game = ? AND side = ?", ("game", "side")),
         "players": ("user = ?", ("user",))}


class Store:
    """One SQLite file holding every game; safe to reopen after a crash at any point."""

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
        with _file_lock(self.path):  # the first opens of a new file: one migrates, the rest wait
            self.db.enable_wal()
            self.migrate()

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

    def migrate(self) -> None:
        """Apply the migrations this file has not seen yet (sqlite-utils' Migrations); refuse
        (SchemaTooNew) a file with migrations this version does not know."""
        known = {m.name for m in MIGRATIONS.pending(sqlite_utils.Database(memory=True))}
        unknown = [m.name for m in MIGRATIONS.applied(self.db) if m.name not in known]
        if unknown:
            raise SchemaTooNew(f"{self.path} was written by a newer version of Kolocha (it has the "
                               f"schema change {unknown[0]!r}, unknown here); upgrade Kolocha to "
                               "open it, or use a backup made before that upgrade.")
        MIGRATIONS.apply(self.db)

    def schema_version(self) -> int:
        """How many migrations this file has had applied."""
        return len(MIGRATIONS.applied(self.db))

    # -- games, seats, spectators --------------------------------------------------------

    def create_game(self, system: str, scenario: str, seed: int, options: dict | None = None,
                    *, guild: str | None = None, channel: str | None = None,
                    created_by: str | None = None, hot_seat: bool = False,
                    salt: str | None = None, commitment: str | None = None,
                    settings: dict | None = None, opening: Opening | None = None) -> int:
        """A new game; `salt` and `commitment` when its dice are committed to (bot/fair_dice.py);
        its settings and the messages `opening` makes of its number, in the same transaction."""
        stamp = now()
        with self.transaction():
            cursor = self.db.execute(
                """INSERT INTO games (guild, channel, system, scenario, options, seed, status,
                   hot_seat, created_by, created_at, updated_at, salt, commitment, settings)
                   VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?)""",
                [guild, channel, system, scenario, json.dumps(options or {}), seed,
                 int(hot_seat), created_by, stamp, stamp, salt, commitment,
                 json.dumps(settings) if settings is not None else None])
            assert cursor.lastrowid is not None
            if opening is not None:
                self._write_outbox(cursor.lastrowid, 0, opening(cursor.lastrowid))
        return cursor.lastrowid

    def game_ids(self) -> list[int]:
        """The id of every game, oldest first (without decoding the rows, which may be damaged)."""
        return [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY id")]

    def game(self, game_id: int) -> dict:
        """The game's row with options and pending_undo decoded; UnknownGame if there is none."""
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise UnknownGame(game_id)
        games = self._readable("games", rows)
        if not games:
            raise DamagedGame(game_id)
        return games[0]

    def games(self, guild: str | None = None, channel: str | None = None) -> list[dict]:
        """Every game, or those of one server and/or channel, oldest first."""
        where = [f"{k} = ?" for k, v in (("guild", guild), ("channel", channel)) if v is not None]
        args = [v for v in (guild, channel) if v is not None]
        sql = "SELECT * FROM games" + (" WHERE " + " AND ".join(where) if where else "")
        return self._readable("games", self.db.query(sql + " ORDER BY id", args))

    def games_of(self, user: str) -> list[dict]:
        """Every game in which this user holds a seat, on any server, oldest first."""
        return self._readable("games", self.db.query(
            "SELECT * FROM games WHERE id IN (SELECT game FROM seats WHERE user = ?) ORDER BY id",
            [user]))

    def take_seat(self, game_id: int, side: str, user: str, outbox: Outbox | None = None) -> None:
        """A person takes a side (a join, or a substitute seated), with the messages saying so;
        refused (GameOver) once the game is over."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", [game_id, side, user])
            self.db.execute("UPDATE games SET pending_seat = NULL WHERE id = ?", [game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def set_pending_seat(self, game_id: int, request: dict | None, outbox: Outbox) -> None:
        """Record (or clear, with None) a request to hand a seat to a substitute, waiting for the
        consent of the player holding it, and the messages about it; a seat taken clears it."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("UPDATE games SET pending_seat = ? WHERE id = ?",
                            [json.dumps(request) if request else None, game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def take_computer_seat(self, game_id: int, side: str, seat: dict,
                           outbox: Outbox | None = None) -> None:
        """The computer takes a side (the seat's user is COMPUTER): the seat, how it plays
        (`seat`: level, budget, seed) and the messages saying so, together; the side's
        deadline goes (the computer answers at once)."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", [game_id, side, COMPUTER])
            self.db.execute("INSERT OR REPLACE INTO ai_seats VALUES (?, ?, ?, ?, ?)",
                            [game_id, side, seat["level"], seat["budget"], seat["seed"]])
            self.db.execute("DELETE FROM deadlines WHERE game = ? AND side = ?", [game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def computer_seats(self, game_id: int) -> dict[str, dict]:
        """The sides the computer holds now, each with its level, budget and seed (a seat since
        handed to a person is not one)."""
        return {row["side"]: {"level": row["level"], "budget": row["budget"], "seed": row["seed"]}
                for row in self.db.query(
                    """SELECT a.* FROM ai_seats a JOIN seats s ON s.game = a.game AND s.side = a.side
                       WHERE a.game = ? AND s.user = ?""", [game_id, COMPUTER])}

    def computer_games(self) -> list[int]:
        """The games not over in which the computer holds a seat, oldest first."""
        return [row[0] for row in self.db.execute(
            """SELECT id FROM games WHERE status != 'over' AND id IN
               (SELECT game FROM seats WHERE user = ?) ORDER BY id""", [COMPUTER])]

    def leave_seats(self, game_id: int, sides: list[str], outbox: Outbox) -> None:
        """Free seats of a game not yet started (a player leaving the lobby)."""
        with self.transaction():
            self._check_live(game_id)
            for side in sides:
                self.db.execute("DELETE FROM seats WHERE game = ? AND side = ?", [game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def set_pending_pause(self, game_id: int, request: dict | None, outbox: Outbox) -> None:
        """Record (or clear) a player's request to pause or resume, with its announcement."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("UPDATE games SET pending_pause = ? WHERE id = ?",
                            [json.dumps(request) if request else None, game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def player_prefs(self, user: str | None) -> dict:
        """A person's stored preferences (bot/player_prefs.py), {} when none."""
        rows = list(self.db.query("SELECT * FROM players WHERE user = ?", [user]))
        try:
            return damage.prefs(rows[0]["prefs"]) if rows else {}
        except ValueError as error:  # set aside: the person has the defaults until they set theirs
            self._set_aside("players", rows[0], error)
            return {}

    def set_player_prefs(self, user: str, prefs: dict) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO players VALUES (?, ?)", [user, json.dumps(prefs)])

    def seats(self, game_id: int) -> dict[str, str]:
        return {r["side"]: r["user"] for r in
                self.db.query("SELECT side, user FROM seats WHERE game = ?", [game_id])}

    def add_spectator(self, game_id: int, channel: str, outbox: Outbox | None = None) -> None:
        with self.transaction():
            self.db.execute("INSERT OR IGNORE INTO spectators VALUES (?, ?)", [game_id, channel])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def spectators(self, game_id: int) -> list[str]:
        return [r["channel"] for r in
                self.db.query("SELECT channel FROM spectators WHERE game = ?", [game_id])]

    def set_settings(self, game_id: int, settings: dict, outbox: Outbox | None = None,
                     deadlines: list[dict] | None = None) -> None:
        """New settings, the running `deadlines` rows they reshape, and the messages saying so;
        refused (GameOver) once the game is over."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?",
                            [json.dumps(settings), now(), game_id])
            self._rewrite_deadlines(game_id, deadlines or [])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def start_game(self, game_id: int, outbox: Outbox | None = None,
                   turn: str | None = None, deadlines: DeadlineRows | None = None) -> None:
        """The game begins (in game turn `turn`, for spectators' delayed view), with its news
        and its first deadlines."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("UPDATE games SET started_at = ?, updated_at = ? WHERE id = ?",
                            [now(), now(), game_id])
            self._write_turn(game_id, turn, self.last_seq(game_id))
            self._write_outbox(game_id, self.last_seq(game_id), outbox)
            self._write_deadlines(game_id, deadlines)

    def end_game(self, game_id: int, ended: dict, outbox: Outbox) -> None:
        """Close a game outside the rules (resignation, forfeit, an agreed draw), with the
        messages saying so."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("""UPDATE games SET status = 'over', ended = ?, updated_at = ?
                               WHERE id = ?""", [json.dumps(ended), now(), game_id])
            self.db.execute("DELETE FROM deadlines WHERE game = ?", [game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def pause_game(self, game_id: int, reason: str, outbox: Outbox | None = None) -> None:
        """A game that waits (its channel is gone, or its players agreed): no deadline runs, and
        the reason and the messages saying so are stored with it. Refused (GameOver,
        AlreadyPaused) when the game is over or paused already."""
        with self.transaction():
            self._check_live(game_id, paused=False)
            self.db.execute("""UPDATE games SET paused = ?, pending_pause = NULL, updated_at = ?
                               WHERE id = ?""", [reason, now(), game_id])
            self._write_deadlines(game_id, {})
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def resume_game(self, game_id: int, channel: str, outbox: Outbox | None = None,
                    deadlines: DeadlineRows | None = None) -> None:
        """A paused game goes on, at the table of `channel`, with the messages saying so and
        the deadlines it starts. Refused (GameOver, NotPaused) when the game is over or no
        longer paused: a resume never revives a game cancelled meanwhile."""
        with self.transaction():
            self._check_live(game_id, paused=True)
            self.db.execute("""UPDATE games SET paused = NULL, pending_pause = NULL, channel = ?,
                               updated_at = ?
                               WHERE id = ?""", [channel, now(), game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)
            self._write_deadlines(game_id, deadlines)

    def meta(self, key: str) -> str | None:
        """A value the bot keeps about itself (the hash of its synced command tree)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])

    def turn_starts(self, game_id: int) -> dict[str, int]:
        """Each game turn and the command after which it began (none an undo took back)."""
        return {r["turn"]: r["seq"] for r in self.db.query(
            "SELECT turn, seq FROM turns WHERE game = ? AND seq <= ? ORDER BY seq",
            [game_id, self.last_seq(game_id)])}

    def set_pending_undo(self, game_id: int, request: dict | None, outbox: Outbox) -> None:
        """Record (or clear, with None) an undo request and the messages announcing it."""
        with self.transaction():
            self._check_live(game_id)
            self._write_pending(game_id, request)
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def set_pending_draw(self, game_id: int, offer: dict | None, outbox: Outbox) -> None:
        """Record (or clear, with None) a draw offer and the messages announcing it; the next
        accepted command clears it too (the game went on)."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("UPDATE games SET pending_draw = ? WHERE id = ?",
                            [json.dumps(offer) if offer else None, game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    # -- commands and snapshots ----------------------------------------------------------

    def set_standing_order(self, game_id: int, side: str, kind: str, order: str) -> None:
        """A side's standing order for one kind of choice ("ask" removes it)."""
        with self.transaction():
            self.db.execute("DELETE FROM standing_orders WHERE game = ? AND side = ? AND kind = ?",
                            [game_id, side, kind])
            if order != "ask":
                self.db.execute("INSERT INTO standing_orders VALUES (?, ?, ?, ?)",
                                [game_id, side, kind, order])

    def standing_orders(self, game_id: int, side: str) -> dict[str, str]:
        """A side's standing orders, kind -> order."""
        return {row["kind"]: row["standing"] for row in self.db.query(
            "SELECT kind, standing FROM standing_orders WHERE game = ? AND side = ?", [game_id, side])}

    def last_seq(self, game_id: int) -> int:
        rows = self.db.execute("SELECT MAX(seq) FROM commands WHERE game = ?", [game_id])
        return rows.fetchone()[0] or 0

    def seen_seq(self, game_id: int, side: str) -> int:
        """The number of the game's commands `side` has observed: all but those hidden from it
        (another side's secret order, given while both order at once). What a side is shown as
        the game's position (button ids, the terminal's command numbers) is counted so, never by
        last_seq, which would tell it when the other side gives a hidden order."""
        rows = self.db.execute("""SELECT COUNT(*) FROM commands WHERE game = ?
                                  AND (hidden_from IS NULL OR instr(hidden_from, ?) = 0)""",
                               [game_id, json.dumps(side)])
        return int(rows.fetchone()[0])

    def commands(self, game_id: int, after: int = 0, upto: int | None = None) -> list[dict]:
        """The stored commands with after < seq <= upto, in order."""
        limit = upto if upto is not None else 2**62
        return list(self.db.query("""SELECT * FROM commands WHERE game = ? AND seq > ? AND seq <= ?
                                     ORDER BY seq""", [game_id, after, limit]))

    def append(self, game_id: int, command: dict, state: dict, outbox: Outbox,
               status: str = "active", turn: str | None = None,
               deadlines: DeadlineRows | None = None) -> int:
        """Store one accepted command, its snapshot if due, its outbox rows and the deadlines it
        announced: all or nothing (a game it ends keeps no deadline).

        `command` has side, user, text, normalised, issued_against_seq and optionally
        hidden_from (the sides that cannot observe it, see seen_seq); `outbox` holds the
        messages it causes; `turn` is the game turn it began, if it began one. Accepting a
        command also cancels any pending undo request.
        Refused (StaleCommand, GameOver) when another command was stored after the one it was
        judged against, or the game is over: checked inside the write transaction.
        """
        with self.transaction():
            self._check_live(game_id)
            last = self.last_seq(game_id)
            if command["issued_against_seq"] != last:
                raise StaleCommand(command["issued_against_seq"], last)
            seq = last + 1
            stamp = now()
            hidden_from = command.get("hidden_from")
            self.db.execute(
                """INSERT INTO commands (game, seq, side, user, text, normalised, issued_against_seq,
                   accepted_at, hidden_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                [game_id, seq, command["side"], command.get("user"), command["text"],
                 command["normalised"], command["issued_against_seq"], stamp,
                 json.dumps(hidden_from) if hidden_from else None])
            if seq % SNAPSHOT_EVERY == 0:
                self.db.execute("INSERT INTO snapshots VALUES (?, ?, ?)",
                                [game_id, seq, json.dumps(state)])
            self._write_turn(game_id, turn, seq)
            self._write_outbox(game_id, seq, outbox)
            self._write_deadlines(game_id, {} if status == "over" else deadlines)
            self.db.execute("""UPDATE games SET status = ?, updated_at = ?, pending_undo = NULL,
                               pending_draw = NULL WHERE id = ?""", [status, stamp, game_id])
        return seq

    def truncate(self, game_id: int, from_seq: int, outbox: Outbox, *,
                 issued_against_seq: int, deadlines: DeadlineRows | None = None) -> None:
        """Undo: drop commands from `from_seq` on, their snapshots, the turns they began and their
        undelivered messages; the deadlines of the position it goes back to are stored with it.
        Refused (StaleCommand) when the last command is no longer `issued_against_seq`, the one
        the undo was judged against, so an undo never takes back a command it has not seen."""
        with self.transaction():
            self._check_live(game_id)
            last = self.last_seq(game_id)
            if issued_against_seq != last:
                raise StaleCommand(issued_against_seq, last)
            for table in ("commands", "snapshots", "turns"):
                self.db.execute(f"DELETE FROM {table} WHERE game = ? AND seq >= ?",
                                [game_id, from_seq])
            self.db.execute("""DELETE FROM outbox WHERE game = ? AND seq >= ?
                               AND delivered_at IS NULL""", [game_id, from_seq])
            self._write_outbox(game_id, from_seq - 1, outbox)
            self._write_deadlines(game_id, deadlines)
            self._write_pending(game_id, None)
            self.db.execute("UPDATE games SET status = 'active', updated_at = ? WHERE id = ?",
                            [now(), game_id])

    def snapshots_before(self, game_id: int, at_most: int) -> list[tuple[int, dict | None]]:
        """The cached (seq, state) at or before `at_most`, newest first; a damaged one's state
        is None (a cache: the caller falls back to an earlier one, or to the seed)."""
        rows = self.db.execute("""SELECT seq, state_json FROM snapshots WHERE game = ? AND seq <= ?
                                  ORDER BY seq DESC""", [game_id, at_most]).fetchall()
        return [(seq, decode_state(text)) for seq, text in rows]

    def snapshots(self, game_id: int) -> dict[int, dict | None]:
        """Every cached state of a game by command number (None: damaged)."""
        return {seq: decode_state(text) for seq, text in self.db.execute(
            "SELECT seq, state_json FROM snapshots WHERE game = ? ORDER BY seq", [game_id])}

    # -- outbox and deadlines ------------------------------------------------------------

    def undelivered(self, game_id: int | None = None) -> list[dict]:
        """Rows not yet delivered, oldest first: of one game, or of all."""
        where, args = ("AND game = ?", [game_id]) if game_id is not None else ("", [])
        rows = self.db.query(f"SELECT * FROM outbox WHERE delivered_at IS NULL AND given_up IS NULL {where}"
                             " ORDER BY id", args)
        return self._readable("outbox", rows)

    def outbox(self, game_id: int) -> list[dict]:
        """Every outbox row of a game, delivered or not, oldest first: the record of what was said."""
        rows = self.db.query("SELECT * FROM outbox WHERE game = ? ORDER BY id", [game_id])
        return self._readable("outbox", rows)

    def undelivered_to(self, user: str) -> list[dict]:
        """Undelivered rows for this person: addressed to "user:<id>" or to a side they hold."""
        rows = self.db.query(
            """SELECT * FROM outbox o WHERE delivered_at IS NULL AND given_up IS NULL AND (audience = ? OR EXISTS
               (SELECT 1 FROM seats s WHERE s.game = o.game AND s.side = o.audience
               AND s.user = ?)) ORDER BY id""", [f"user:{user}", user])
        return self._readable("outbox", rows)

    def told_beyond_log(self) -> list[tuple[int, int, int]]:
        """The games whose newest outbox row was written for a command the log no longer holds
        (a database restored from an older copy): (game, last command held, last command told).
        Every write stores its messages at the game's last command, an undo's at the one it goes
        back to, so in a whole file the newest row is never beyond the log."""
        newest = self.db.execute("SELECT game, seq FROM outbox WHERE id IN (SELECT MAX(id) FROM outbox GROUP BY game)")
        return [(game, held, told) for game, told in newest.fetchall() if told > (held := self.last_seq(game))]

    def add_outbox(self, game_id: int, outbox: Outbox) -> None:
        """Messages outside any command of the game (a reminder, a notice)."""
        with self.transaction():
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def mark_delivered(self, *outbox_ids: int) -> None:
        with self.transaction():
            for outbox_id in outbox_ids:
                self.db.execute("UPDATE outbox SET delivered_at = ? WHERE id = ?",
                                [now(), outbox_id])

    def mark_pieces_sent(self, outbox_id: int, pieces: int) -> None:
        """How many messages of a split row the platform has accepted (a retry sends the rest)."""
        with self.transaction():
            self.db.execute("UPDATE outbox SET pieces_sent = ? WHERE id = ?", [pieces, outbox_id])

    def give_up(self, outbox_id: int, game_id: int, instead: Outbox) -> None:
        """A row that failed every try ends (it is no longer sent), with the rows that carry its
        words another way (`instead`), together."""
        with self.transaction():
            self.db.execute("UPDATE outbox SET given_up = ? WHERE id = ?", [now(), outbox_id])
            self._write_outbox(game_id, self.last_seq(game_id), instead)

    def mark_failed(self, outbox_id: int, retry_at: str) -> None:
        """A send failed: one more attempt counted, and no retry before `retry_at`."""
        with self.transaction():
            self.db.execute("UPDATE outbox SET attempts = attempts + 1, retry_at = ? WHERE id = ?",
                            [retry_at, outbox_id])

    def closed_dm(self, user: str) -> dict | None:
        """When DMs to this person were last found closed: failures so far, next try."""
        rows = list(self.db.query("SELECT * FROM closed_dms WHERE user = ?", [user]))
        return rows[0] if rows else None

    def set_closed_dm(self, user: str, failures: int, retry_at: str) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO closed_dms VALUES (?, ?, ?)",
                            [user, failures, retry_at])

    def clear_closed_dm(self, user: str) -> None:
        with self.transaction():
            self.db.execute("DELETE FROM closed_dms WHERE user = ?", [user])

    def private_thread(self, game_id: int, user: str) -> str | None:
        """The private thread in the game's channel where this player's news goes, if any."""
        row = self.db.execute("SELECT thread FROM private_threads WHERE game = ? AND user = ?",
                              [game_id, user]).fetchone()
        return row[0] if row else None

    def set_private_thread(self, game_id: int, user: str, thread: str) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO private_threads VALUES (?, ?, ?)",
                            [game_id, user, thread])

    def kept_messages(self, game_id: int, place: str) -> list[str]:
        """The ids of the messages holding a player's private view of a game at a place
        ("dm:<user>", "thread:<id>"), in order; none before the first is sent."""
        row = self.db.execute("SELECT messages FROM kept_messages WHERE game = ? AND place = ?",
                              [game_id, place]).fetchone()
        try:
            return json.loads(row[0]) if row else []
        except ValueError:  # damaged: the view is sent anew, and the new ids replace these
            return []

    def set_kept_messages(self, game_id: int, place: str, messages: list[str]) -> None:
        """Stored as soon as the platform made or dropped one, so a retry edits it, never sends it again."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO kept_messages VALUES (?, ?, ?)",
                            [game_id, place, json.dumps(messages)])

    def drop_private_thread(self, game_id: int, user: str, outbox: Outbox) -> None:
        """This player's news no longer goes to their private thread (others could read it),
        with the messages saying so."""
        with self.transaction():
            self.db.execute("DELETE FROM private_threads WHERE game = ? AND user = ?", [game_id, user])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def set_deadline(self, game_id: int, side: str, due_at: str, phase_key: str | None = None,
                     outbox: Outbox | None = None, began_at: str | None = None) -> None:
        """A fresh deadline for a side (no reminder sent yet), begun at `began_at`, replacing any
        earlier one, with the messages announcing it."""
        with self.transaction():
            self._check_live(game_id)
            self._put_deadline(game_id, side, due_at, None, phase_key, began_at)
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def _write_deadlines(self, game_id: int, deadlines: DeadlineRows | None) -> None:
        """Inside a write transaction: the game's deadline rows become `deadlines` (DeadlineRows)."""
        if deadlines is None:
            return
        rows = {row["side"]: row for row in self.deadlines(game_id)}
        for side in rows.keys() - deadlines.keys():
            self.db.execute("DELETE FROM deadlines WHERE game = ? AND side = ?", [game_id, side])
        for side, (due_at, phase_key, began_at) in deadlines.items():
            if side in rows and (rows[side]["due_at"], rows[side]["phase_key"]) == (due_at, phase_key):
                continue
            self._put_deadline(game_id, side, due_at, None, phase_key, began_at)

    def retime_deadlines(self, game_id: int, deadlines: list[dict], outbox: Outbox | None = None) -> None:
        """Running deadline rows given new due times (a player changed their own time), with
        the messages saying so."""
        with self.transaction():
            self._check_live(game_id)
            self._rewrite_deadlines(game_id, deadlines)
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def _rewrite_deadlines(self, game_id: int, deadlines: list[dict]) -> None:
        """Inside a write transaction: these deadline rows (as `deadlines()` reads them, with
        new values) replace the stored ones."""
        for row in deadlines:
            self._put_deadline(game_id, row["side"], row["due_at"], row["reminded_at"],
                               row["phase_key"], row.get("began_at"))

    def _put_deadline(self, game_id: int, side: str, due_at: str, reminded_at: str | None,
                      phase_key: str | None, began_at: str | None) -> None:
        """Inside a write transaction: the side's one deadline row, replacing any before it."""
        self.db.execute("""INSERT OR REPLACE INTO deadlines (game, side, due_at, reminded_at,
                           phase_key, began_at) VALUES (?, ?, ?, ?, ?, ?)""",
                        [game_id, side, due_at, reminded_at, phase_key, began_at])

    def deadlines(self, game_id: int | None = None) -> list[dict]:
        where, args = ("WHERE game = ?", [game_id]) if game_id is not None else ("", [])
        return self._readable("deadlines", self.db.query(f"SELECT * FROM deadlines {where} ORDER BY due_at", args))

    def deadline(self, game_id: int, side: str) -> dict | None:
        rows = self._readable("deadlines", self.db.query("SELECT * FROM deadlines WHERE game = ? AND side = ?",
                                                 [game_id, side]))
        return rows[0] if rows else None

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

    def mark_reminded(self, game_id: int, side: str, at: str,
                      outbox: Outbox | None = None) -> None:
        """A reminder of this deadline was sent at `at`, with its messages: together, so none is
        sent twice or lost."""
        with self.transaction():
            self.db.execute("UPDATE deadlines SET reminded_at = ? WHERE game = ? AND side = ?",
                            [at, game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

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

    def _write_turn(self, game_id: int, turn: str | None, seq: int) -> None:
        """Remember the command after which a game turn began (spectators' delayed view)."""
        if turn is not None:
            self.db.execute("INSERT OR REPLACE INTO turns VALUES (?, ?, ?)", [game_id, turn, seq])

    def _write_pending(self, game_id: int, request: dict | None) -> None:
        self.db.execute("UPDATE games SET pending_undo = ? WHERE id = ?",
                        [json.dumps(request) if request else None, game_id])


def decode_state(text: str | None) -> dict | None:
    """A stored state, or None when the text is not a JSON object with something in it
    (truncated, empty, NULL, 'null', '{}': a damaged cache row)."""
    try:
        state = json.loads(text or "")
    except ValueError:
        return None
    return state if isinstance(state, dict) and state else None


def existing(path: str | Path) -> Store:
    """The Kolocha database at `path`, for a tool that reads one (`kolocha replay`): refused
    (NotKolocha), with nothing created or migrated, when the file is missing or empty, is not
    SQLite, or has no Kolocha tables (a `cp` of a running bot's file can hold none: its recent
    writes are in the `-wal` file beside it, which is why `kolocha backup` exists)."""
    file = Path(path)
    header = b""
    if file.is_file():
        with file.open("rb") as handle:
            header = handle.read(16)
    if not header:
        raise NotKolocha(f"{path} is not a Kolocha database: {'it is empty' if file.is_file() else 'no such file'}. "
                         "Give --db the bot's database (KOLOCHA_DB), or a copy made with `kolocha backup`.")
    if header != b"SQLite format 3\x00":
        raise NotKolocha(f"{path} is not a Kolocha database (not an SQLite file).")
    # read only; without a -wal beside it the file is all there is, read as immutable so that
    # SQLite makes no -wal or -shm file of its own
    wal = Path(f"{file}-wal").exists()
    conn = sqlite3.connect(file.absolute().as_uri() + ("?mode=ro" if wal else "?immutable=1"), uri=True)
    try:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()
    if not {"games", "_sqlite_migrations"} <= tables:
        raise NotKolocha(f"{path} is not a Kolocha database: it has no Kolocha tables. A copy of a running "
                         "bot's file made with `cp` lacks what waits in its -wal file; make copies with "
                         "`kolocha backup`.")
    return Store(file)


@contextmanager
def _file_lock(path: str) -> Iterator[None]:
    """An exclusive advisory lock while the body runs, on the file `<database>-migrate.lock`
    beside the database, never on the database itself: closing any descriptor of the database
    would drop the POSIX locks SQLite holds on it in this process, and another connection could
    then checkpoint and delete the WAL under a live one ("database disk image is malformed")."""
    with open(f"{path}-migrate.lock", "ab") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def sole_server(path: str | Path, holder: str = "bot") -> Iterator[None]:
    """Held while a bot serves the database at `path`, or while `kolocha local` plays one of its
    stored games (`holder` says which, in the other's refusal): a second server of the same file
    would answer commands twice, so it is refused (AlreadyServed). The lock belongs to the file
    itself, not to the name it was given: it is `<database>.lock` beside the database's resolved
    path, so a symlink (to the file or to a folder on its way) or a relative name finds the same
    lock. It is released by the system
    whenever the process ends, however it ends."""
    real = os.path.realpath(path)
    with open(f"{real}.lock", "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            held = handle.read().strip() or "process"
            raise AlreadyServed(f"Another Kolocha {held} is already serving {path}; "
                                "stop it first, or give this one another database.") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{holder} (process {os.getpid()})\n")
        handle.flush()
        yield
