"""The schema of the store's SQLite file, as its history of migrations.

Ordered and append-only: a schema change is a new migration, never an edit of an old one (nor of
its name: a file records the names it has had applied). sqlite-utils records each applied one in
_sqlite_migrations, in the same transaction.
"""
from __future__ import annotations

import json
import re

import sqlite_utils

MIGRATIONS = sqlite_utils.Migrations("kolocha")


def _add_column(name: str, table: str, column: str) -> None:
    """The next migration, `name`: a text column added to a table (NULL in the rows before it)."""
    MIGRATIONS(name=name)(lambda db: db.table(table).add_column(column, str))


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


_add_column("games.pending_undo: an undo waiting for the opponent's consent",
            "games", "pending_undo")


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


_add_column("games.pending_draw: a draw offered, waiting for the opponent",
            "games", "pending_draw")


_add_column("games.pending_pause: a pause or resume asked, waiting for consent",
            "games", "pending_pause")


@MIGRATIONS(name="players: each person's own time and reminder preferences")
def _players(db: sqlite_utils.Database) -> None:
    db.table("players").create({"user": str, "prefs": str}, pk="user")


_add_column("deadlines.began_at: when a deadline's clock started, to count it again",
            "deadlines", "began_at")  # NULL for rows older than this column


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


# a JSON list of sides, NULL for a command every side observes (bot/service/result.py, hidden_from)
_add_column("commands.hidden_from: the sides that cannot observe a command",
            "commands", "hidden_from")


_add_column("games.pending_seat: a seat to hand to a substitute, waiting for its player's consent",
            "games", "pending_seat")


_add_column("outbox.given_up: a row that could not be delivered, ended after its tries",
            "outbox", "given_up")


@MIGRATIONS(name="held_orders: the rest of a side's message of orders, waiting for a choice to be made")
def _held_orders(db: sqlite_utils.Database) -> None:
    # lines: a JSON list of the orders held, in order (bot/tables/held.py)
    db.table("held_orders").create({"game": int, "side": str, "user": str, "name": str, "lines": str},
                                   pk=("game", "side"), foreign_keys=[("game", "games", "id")])
    prefix = "held orders: "  # where they were kept before: a meta value "held orders: <game> <side>"
    for key, value in db.execute("SELECT key, value FROM meta WHERE key LIKE ?", [prefix + "%"]).fetchall():
        game, side = key[len(prefix):].split(" ", 1)
        if value and db.execute("SELECT 1 FROM games WHERE id = ?", [int(game)]).fetchone():
            held = json.loads(value)
            db.execute("INSERT INTO held_orders VALUES (?, ?, ?, ?, ?)",
                       [int(game), side, held["user"], held["name"], json.dumps(held["lines"])])
    db.execute("DELETE FROM meta WHERE key LIKE ?", [prefix + "%"])


@MIGRATIONS(name="player_turns and question_messages: one question message a player-turn")
def _question_messages(db: sqlite_utils.Database) -> None:
    # seq: a command after which a player-turn (a Bloody Monday impulse) began
    db.table("player_turns").create({"game": int, "seq": int}, pk=("game", "seq"),
                                    foreign_keys=[("game", "games", "id")])
    # place: "dm:<user>" or "thread:<id>"; since: the player-turn they ask in (its player_turns seq);
    # row: the outbox row last written into them; messages: their ids, in order
    db.table("question_messages").create({"game": int, "place": str, "since": int, "row": int, "messages": str},
                                         pk=("game", "place"), foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="latest: the state after each game's last command, stored with it")
def _latest(db: sqlite_utils.Database) -> None:
    # a new version of the rules carries a game on from where the players left it (bot/store/commands.py)
    db.table("latest").create({"game": int, "seq": int, "state_json": str}, pk="game",
                              foreign_keys=[("game", "games", "id")])


@MIGRATIONS(name="outbox.joined: the message a row is sent in, with the rows beside it")
def _joined(db: sqlite_utils.Database) -> None:
    # the id of the first row of the Discord message that carries this row (bot/delivery/runs.py, Delivery._run)
    db.table("outbox").add_column("joined", int)


# where a joined message was first tried ("channel:<id>", "dm:<user>", "thread:<id>"): it is sent
# there again as it was, whoever holds the seat meanwhile (bot/delivery/places.py, Delivery._target)
_add_column("outbox.joined_to: the place a joined message was first tried at", "outbox", "joined_to")


# when the first try that may have posted a row began (the platform down, its answer lost): a retry
# long after it reads the place's history first (bot/delivery/already_sent.py, Delivery._went)
_add_column("outbox.tried_at: when a try that may have posted a row began", "outbox", "tried_at")


# the words of the joined message that first try sent (Store.set_joined): once its texts go apart (the
# platform refused a retry), each went if these are found at the place (bot/delivery/already_sent.py, Delivery._went)
_add_column("outbox.tried_as: the joined message a try that may have posted a row sent", "outbox", "tried_as")


# the sides a passed deadline has played for (at_deadline end or choose), each with the player-turn
# it is absent for: its further deadlines in it fall due at once (bot/deadlines.py, Deadlines.marks)
_add_column("games.absent: the sides absent for the rest of a player-turn", "games", "absent")


# what a `/game new opponent:computer` still has to do once its game is stored (its creator's side and
# name): the seats and the start, finished at the next start if the bot stopped between them (Lobby.finish)
_add_column("games.against: the seats and start a game opened against the computer awaits", "games", "against")


@MIGRATIONS(name="held_orders.first: the number of the first order held in the message it came from")
def _held_first(db: sqlite_utils.Database) -> None:
    # the reply to that message numbered its orders, and the word on what became of them numbers them alike
    # (bot/tables/held.py); held orders kept before it are numbered from 1, as they were
    db.table("held_orders").add_column("first", int, not_null_default=1)


# the word of what became of a side's held orders, kept with their row (its lines none) by the command that plays
# the last of them until it is sent, so a stop before it is sent at the next start (bot/tables/held.py)
_add_column("held_orders.told: the word of what became of held orders all played, kept until it is sent",
            "held_orders", "told")


# what became of the held orders judged so far (a list of bot.tables.batch.Said as JSON) and whether their author's
# own command let them play, kept with the rest by each judgement, so a stop among them goes on from where it was
# and the word of what became of them reads as it would have (bot/tables/held.py)
_add_column("held_orders.judged: what became of the held orders judged so far, kept until the word on them is sent",
            "held_orders", "judged")


def adopt_first(db: sqlite_utils.Database) -> None:
    """Record in sqlite-utils' table the migrations a file from Kolocha's first hour (23 Nov 2026)
    had applied: it kept them in a table of its own, `migrations` (version, name, applied_at), so
    each would otherwise run again on tables it made already. Its names are those here; the old
    table goes, in the same transaction."""
    first = db.table("migrations")
    if not first.exists() or set(first.columns_dict) != {"version", "name", "applied_at"} or MIGRATIONS.applied(db):
        return
    with db.atomic():
        MIGRATIONS.ensure_migrations_table(db)
        for name, applied_at in db.execute("SELECT name, applied_at FROM migrations ORDER BY version").fetchall():
            db.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
                       [MIGRATIONS.name, name, applied_at])
        db.execute("DROP TABLE migrations")


FORMER = re.compile(r" \([^()]*\)$")  # a bracketed reference some names ended with until 28 Nov 2026


def rename_former(db: sqlite_utils.Database) -> None:
    """Record the migrations a file had applied under a former name by their names here: early
    versions ended some names with a bracketed reference, since dropped, and a file they made
    would otherwise read as one from a newer version (and its migrations as not yet applied)."""
    known = {m.name for m in MIGRATIONS.pending(sqlite_utils.Database(memory=True))}
    for applied in MIGRATIONS.applied(db):
        name = FORMER.sub("", applied.name)
        if applied.name not in known and name in known:
            db.execute("UPDATE _sqlite_migrations SET name = ? WHERE migration_set = ? AND name = ?",
                       [name, MIGRATIONS.name, applied.name])
