"""The outbox part of the store: the messages each change causes, stored in its transaction and
sent from here (and again after a restart), with what delivery learns on the way: pieces sent,
rows joined in one message, failed tries, closed DMs, private threads, the messages that hold a
player's private view, and each player's question message of the player-turn.
"""
from __future__ import annotations

import functools
import json

from bot.store.connection import Connection, Outbox, now
from bot.store.told import ToldMarks


class OutboxPart(Connection):
    """The `outbox`, `closed_dms`, `private_threads`, `kept_messages` and `question_messages` tables."""

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

    def stories(self, game_id: int, after: int = 0, seqs: tuple[int, int] = (0, 2**62)) -> list:
        """What a game's channel was told of its changes (each row's `story`: bot/tables/spectators.py),
        oldest first: of the rows stored after row `after` at a command `seqs[0] <= seq <= seqs[1]`."""
        rows = self.db.query("""SELECT * FROM outbox WHERE game = ? AND id > ? AND seq BETWEEN ? AND ?
                                AND payload LIKE '%"story"%' ORDER BY id""", [game_id, after, *seqs])
        return [row["payload"]["story"] for row in self._readable("outbox", rows) if "story" in row["payload"]]

    def told_nothing_since(self, game_id: int, after: int) -> bool:
        """Whether row `after` showed a map (a spectators' post) and every story a game's channel was told
        since is of a change in which nothing happened (`still`: its public events only said where the
        sequence of play stood)."""
        shown = self.db.execute("SELECT payload FROM outbox WHERE id = ? AND payload LIKE '%\"picture\"%'",
                                [after]).fetchone()
        rows = self.db.query("""SELECT * FROM outbox WHERE game = ? AND id > ? AND payload LIKE '%"story"%'""",
                             [game_id, after])
        return shown is not None and all(row["payload"].get("still") for row in self._readable("outbox", rows)
                                         if "story" in row["payload"])

    def last_row_to(self, game_id: int, audience: str) -> int:
        """The newest row of a game to an audience (0: none)."""
        row = self.db.execute("SELECT MAX(id) FROM outbox WHERE game = ? AND audience = ?",
                              [game_id, audience]).fetchone()
        return int(row[0] or 0)

    def undelivered_since(self, game_id: int, seq: int) -> list[dict]:
        """A game's rows not yet delivered that were stored at command `seq` or after, oldest first."""
        rows = self.db.query("""SELECT * FROM outbox WHERE game = ? AND seq >= ? AND delivered_at IS NULL
                                AND given_up IS NULL ORDER BY id""", [game_id, seq])
        return self._readable("outbox", rows)

    def tell_again(self, payloads: dict[int, dict | None]) -> None:
        """Rows rewritten before any try (None: dropped), in one transaction; a row tried meanwhile
        stays as it is: what it says may have been posted (bot/tables/superseded.py)."""
        untried = "delivered_at IS NULL AND tried_at IS NULL AND joined IS NULL"
        with self.transaction():
            for outbox_id, payload in payloads.items():
                if payload is None:
                    self.db.execute(f"DELETE FROM outbox WHERE id = ? AND {untried}", [outbox_id])
                else:
                    self.db.execute(f"UPDATE outbox SET payload = ? WHERE id = ? AND {untried}",
                                    [json.dumps(payload), outbox_id])

    def waiting_ahead(self, game_id: int) -> list[tuple[int, str]]:
        """Older games' undelivered rows to a channel this game's undelivered rows go to, stored
        before this game's first there (a game ended, its last posts waiting, a new one opened in
        its channel): (older game, "channel:<id>"), by game."""
        rows = self.db.execute(
            """SELECT DISTINCT o.game, o.audience FROM outbox o JOIN (SELECT audience, MIN(id) AS first
               FROM outbox WHERE game = ? AND delivered_at IS NULL AND given_up IS NULL
               AND audience LIKE 'channel:%' GROUP BY audience) mine
               ON o.audience = mine.audience AND o.id < mine.first
               WHERE o.game != ? AND o.delivered_at IS NULL AND o.given_up IS NULL ORDER BY o.game""",
            [game_id, game_id])
        return [(game, audience) for game, audience in rows.fetchall()]

    def undelivered_to(self, user: str) -> list[dict]:
        """Undelivered rows for this person: addressed to "user:<id>" or to a side they hold."""
        rows = self.db.query(
            """SELECT * FROM outbox o WHERE delivered_at IS NULL AND given_up IS NULL AND (audience = ? OR EXISTS
               (SELECT 1 FROM seats s WHERE s.game = o.game AND s.side = o.audience
               AND s.user = ?)) ORDER BY id""", [f"user:{user}", user])
        return self._readable("outbox", rows)

    def told_beyond_log(self) -> list[tuple[int, int, int]]:
        """The games whose newest message was written for a command the log no longer holds (a
        database restored from an older copy): (game, last command held, last command told).
        Every write stores its messages at the game's last command, an undo's at the one it goes
        back to, so in a whole file the newest row is never beyond the log (a notice to a server's
        owner, which an undo keeps, is left out). A whole file restored holds no such row: the
        marks beside it (bot/store/told.py) say how far the news went, unless the file holds rows
        newer than a mark (another program wrote to it since: it is not older)."""
        newest = self.db.execute("SELECT game, seq, id FROM outbox WHERE id IN (SELECT MAX(id) FROM outbox "
                                 "WHERE audience NOT LIKE 'owner:%' GROUP BY game)")
        rows = {game: (seq, row) for game, seq, row in newest.fetchall()}
        told = {game: seq for game, (seq, _) in rows.items()}
        for game, (row, seq) in self.told.marks().items():
            if game in rows and rows[game][1] < row:
                told[game] = max(told[game], seq)
        return [(game, held, seq) for game, seq in sorted(told.items()) if seq > (held := self.last_seq(game))]

    def told_games_gone(self) -> list[int]:
        """The games whose news the marks beside the file say went out but which the file does not
        hold: a database restored from a copy made before they began. They are gone whole, and
        their tables cannot be told (nothing left says where they were played)."""
        held = {row[0] for row in self.db.execute("SELECT id FROM games")}
        return sorted(game for game in self.told.marks() if game not in held)

    @functools.cached_property
    def told(self) -> ToldMarks:
        return ToldMarks(self.path)

    def note_told(self, row: dict) -> None:
        """A row the platform accepted all of: how far its game's news has gone, beside the file."""
        self.told.note(row["game"], row["id"], row["seq"])

    def told_anew(self) -> None:
        """The marks beside the file written again from it: each game's newest delivered row."""
        newest = self.db.execute("""SELECT game, id, seq FROM outbox WHERE id IN (SELECT MAX(id) FROM outbox
                                    WHERE delivered_at IS NOT NULL AND audience NOT LIKE 'owner:%' GROUP BY game)""")
        self.told.restart({game: (row, seq) for game, row, seq in newest.fetchall()})

    def add_outbox(self, game_id: int, outbox: Outbox) -> None:
        """Messages outside any command of the game (a reminder, a notice)."""
        with self.transaction():
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def mark_delivered(self, *outbox_ids: int) -> None:
        with self.transaction():
            for outbox_id in outbox_ids:
                self.db.execute("UPDATE outbox SET delivered_at = ? WHERE id = ?",
                                [now(), outbox_id])

    def set_joined(self, outbox_ids: list[int], place: str | None = None, began: str | None = None,
                   words: str | None = None) -> None:
        """These rows go in one message, led by the first, to `place`: written before it is sent, so
        a retry after a restart sends the very same message (whose nonce Discord knows) to the very
        same place, never another; the first such try kept (`tried_at`, when it `began`; `tried_as`,
        how a message of several rows reads, its `words` and picture: Messenger.reads), as it may
        post the message whatever happens to the process; `place` None once the platform refused a
        row sent alone (nothing went: it may join others, wherever its news goes by then)."""
        with self.transaction():
            self.db.execute(f"""UPDATE outbox SET joined = ?, joined_to = ?, tried_at = COALESCE(tried_at, ?),
                                tried_as = CASE WHEN tried_at IS NULL THEN ? ELSE tried_as END
                                WHERE id IN ({_marks(outbox_ids)})""",
                            [outbox_ids[0] if place else None, place, began, words, *outbox_ids])

    def set_tried(self, outbox_id: int, began: str) -> None:
        """A row sent alone is about to be tried: when its first try began, written before the send
        (as Store.set_joined writes it for texts joined), for a retry after the process died in it."""
        with self.transaction():
            self.db.execute("UPDATE outbox SET tried_at = COALESCE(tried_at, ?) WHERE id = ?", [began, outbox_id])

    def set_untried(self, outbox_ids: list[int]) -> None:
        """Rows whose first try the platform refused: no try of them has posted anything."""
        with self.transaction():
            self.db.execute(f"UPDATE outbox SET tried_at = NULL, tried_as = NULL WHERE id IN ({_marks(outbox_ids)})",
                            outbox_ids)

    def set_apart(self, outbox_ids: list[int]) -> None:
        """Rows whose joined message the platform refused (nothing went) go one a message from then
        on, each leading its own, wherever its news goes by then: what it refused may be the joining
        (or the place: a person who left the server), and holds back no other row."""
        with self.transaction():
            self.db.execute(f"UPDATE outbox SET joined = id, joined_to = NULL WHERE id IN ({_marks(outbox_ids)})",
                            outbox_ids)

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

    def count_failed(self, game_id: int) -> int:
        """How many of the game's rows the platform refused or failed at least once (a retry, a
        row given up): none on a sound run (kolocha bench --ux)."""
        return self.db.execute("SELECT COUNT(*) FROM outbox WHERE game = ? AND (attempts > 0 OR given_up IS NOT NULL)",
                               [game_id]).fetchone()[0]

    def mark_failed(self, outbox_id: int, retry_at: str, tried_at: str | None = None) -> None:
        """A send failed: one more attempt counted, and no retry before `retry_at`; `tried_at`, a try
        the platform may have posted all the same (down, its answer lost): when it began, the first
        such try's kept (a joined message's, written before it was sent: Store.set_joined)."""
        with self.transaction():
            self.db.execute("""UPDATE outbox SET attempts = attempts + 1, retry_at = ?,
                               tried_at = COALESCE(tried_at, ?) WHERE id = ?""", [retry_at, tried_at, outbox_id])

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

    def private_threads(self, game_id: int) -> set[str]:
        """The private threads of a game's players now (a thread given up is none of them)."""
        return {row[0] for row in self.db.execute("SELECT thread FROM private_threads WHERE game = ?", [game_id])}

    def private_thread_of(self, game_id: int, thread: str) -> str | None:
        """Whose private thread of the game this is (None: none's, or no longer)."""
        row = self.db.execute("SELECT user FROM private_threads WHERE game = ? AND thread = ?",
                              [game_id, thread]).fetchone()
        return row[0] if row else None

    def carried_by(self, thread: str) -> list[tuple[int, str]]:
        """The games and players whose private news a thread carries now."""
        return [(row[0], row[1]) for row in self.db.execute(
            "SELECT game, user FROM private_threads WHERE thread = ? ORDER BY game", [thread])]

    def set_private_thread(self, game_id: int, user: str, thread: str) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO private_threads VALUES (?, ?, ?)",
                            [game_id, user, thread])

    def drop_private_thread(self, game_id: int, user: str, outbox: Outbox) -> None:
        """This player's news no longer goes to their private thread (others could read it),
        with the messages saying so."""
        with self.transaction():
            self.db.execute("DELETE FROM private_threads WHERE game = ? AND user = ?", [game_id, user])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

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

    def kept_by_others(self, game_id: int, place: str) -> set[str]:
        """The ids of the messages other games keep at a place: their players' views and question
        messages, never a message this game's retry may take for one it sent (bot/delivery/in_place.py)."""
        found: set[str] = set()
        for table in ("kept_messages", "question_messages"):
            for (messages,) in self.db.execute(f"SELECT messages FROM {table} WHERE game != ? AND place = ?",
                                              [game_id, place]).fetchall():
                try:
                    found |= {str(message) for message in json.loads(messages)}
                except (ValueError, TypeError):  # damaged: those messages are sent anew
                    continue
        return found

    def asked_since(self, game_id: int, side: str, since: int) -> bool:
        """Whether a question went to the side by DM in the player-turn after command `since`, or a
        later one (bot/tables/announcement.py): counted by the player-turn of the question message it was
        written in, not by the command that wrote it, so the typed answer that ended a player-turn,
        written into its question by the command that began the next, is no question of the next."""
        return self.db.execute("""SELECT 1 FROM outbox WHERE game = ? AND audience = ?
                                  AND json_extract(payload, '$.question.since') >= ? LIMIT 1""",
                               [game_id, side, since]).fetchone() is not None

    def tipped(self, game_id: int, user: str, side: str) -> bool:
        """Whether a question of the game told this person how its commands are given where they read it (a row's
        `tip` names them: bot/tables/announcement.py), whatever seat they held then; a row of the version before,
        which named no one (`true`), counts for the side it asked."""
        return self.db.execute("""SELECT 1 FROM outbox WHERE game = ? AND (json_extract(payload, '$.tip') = ?
                                  OR audience = ? AND json_type(payload, '$.tip') = 'true') LIMIT 1""",
                               [game_id, user, side]).fetchone() is not None

    def last_question(self, game_id: int, side: str) -> dict | None:
        """The last row written into the side's question messages (sent or not), if any: what its
        newest question message reads, a question or the answer written over it."""
        rows = self.db.query("""SELECT * FROM outbox WHERE game = ? AND audience = ?
                                AND json_extract(payload, '$.question') IS NOT NULL ORDER BY id DESC LIMIT 1""",
                             [game_id, side])
        return next(iter(self._readable("outbox", rows)), None)

    def question_messages(self, game_id: int, place: str) -> tuple[int, int, list[str]] | None:
        """The messages asking a player's questions of a player-turn at a place ("dm:<user>",
        "thread:<id>"): the player-turn (the command after which it began), the outbox row last
        written into them, and their ids in order; None before the first."""
        row = self.db.execute("SELECT since, row, messages FROM question_messages WHERE game = ? AND place = ?",
                              [game_id, place]).fetchone()
        try:
            return (int(row[0]), int(row[1]), [str(m) for m in json.loads(row[2])]) if row else None
        except (ValueError, TypeError):  # damaged: the next question is sent anew
            return None

    def question_places(self, game_id: int) -> list[tuple[str, str]]:
        """The places of a game's question messages, each with the audience of the row last written
        into them (a side, or "user:<id>")."""
        rows = self.db.execute("""SELECT q.place, o.audience FROM question_messages q JOIN outbox o ON o.id = q.row
                                  WHERE q.game = ? ORDER BY q.place""", [game_id])
        return [(place, audience) for place, audience in rows.fetchall()]

    def outbox_row(self, outbox_id: int) -> dict | None:
        """One outbox row, delivered or not (None: no such row)."""
        return next(iter(self._readable("outbox", self.db.query("SELECT * FROM outbox WHERE id = ?", [outbox_id]))),
                    None)

    def set_question_messages(self, game_id: int, place: str, since: int, row: int, messages: list[str]) -> None:
        """Stored as soon as the platform made one, so a retry edits it, never sends it again."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO question_messages VALUES (?, ?, ?, ?, ?)",
                            [game_id, place, since, row, json.dumps(messages)])


def _marks(values: list) -> str:
    """As many SQL parameters as values: '?, ?, ?'."""
    return ", ".join("?" * len(values))
