"""The games part of the store: a game's row and its life (open, start, settings, pause,
resume, end), its seats (people and the computer), its spectators and the requests waiting for
consent (an undo, a draw, a pause, a seat to hand over).

Every change of a game's life reads the game's status inside its own transaction: a cancel racing
a resume leaves the game over, never revived.
"""
from __future__ import annotations

import json

from bot.store.connection import NOT_UNDER_WAY, DeadlineRows, Opening, Outbox, Playing, now
from bot.store.deadlines import DeadlinesPart
from bot.store.errors import DamagedGame, UnknownGame
from bot.words import COMPUTER


class GamesPart(DeadlinesPart):
    """The `games`, `seats`, `ai_seats` and `spectators` tables."""

    def create_game(self, system: str, scenario: str, seed: int, options: dict | list | None = None,
                    *, guild: str | None = None, channel: str | None = None,
                    created_by: str | None = None, hot_seat: bool = False,
                    salt: str | None = None, commitment: str | None = None,
                    settings: dict | None = None, opening: Opening | None = None,
                    against: dict | None = None) -> int:
        """A new game; `salt` and `commitment` when its dice are committed to (bot/fair_dice.py);
        its settings, the messages `opening` makes of its number and, for a game against the
        computer, the side its creator plays (`against`: side and name), in the same transaction."""
        stamp = now()
        with self.transaction():
            cursor = self.db.execute(
                """INSERT INTO games (guild, channel, system, scenario, options, seed, status,
                   hot_seat, created_by, created_at, updated_at, salt, commitment, settings, against)
                   VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?)""",
                [guild, channel, system, scenario, json.dumps(options or {}), seed,
                 int(hot_seat), created_by, stamp, stamp, salt, commitment,
                 json.dumps(settings) if settings is not None else None,
                 json.dumps(against) if against is not None else None])
            assert cursor.lastrowid is not None
            if opening is not None:
                self._write_outbox(cursor.lastrowid, 0, opening(cursor.lastrowid))
        return cursor.lastrowid

    def unfinished_openings(self) -> list[int]:
        """The games opened against the computer whose seats or start were never stored (the bot
        stopped between them), oldest first."""
        return [row[0] for row in self.db.execute(
            """SELECT id FROM games WHERE against IS NOT NULL AND started_at IS NULL
               AND status != 'over' ORDER BY id""")]

    def game_ids(self) -> list[int]:
        """The id of every game, oldest first (without decoding the rows, which may be damaged)."""
        return [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY id")]

    def systems_in_play(self) -> list[str]:
        """The game systems of the games not over, by name (what the bot may be asked to draw)."""
        return [row[0] for row in self.db.execute("SELECT DISTINCT system FROM games WHERE status != 'over' "
                                                  "ORDER BY system")]

    def stored_game(self, game_id: int) -> tuple | None:
        """The game's row as stored, nothing decoded (None: no such game). A row that reads the same as one `game`
        decoded decodes the same (GameService.system)."""
        return self.db.execute("SELECT * FROM games WHERE id = ?", [game_id]).fetchone()

    def game(self, game_id: int) -> dict:
        """The game's row with options and pending_undo decoded; UnknownGame if there is none."""
        rows = list(self.db.query("SELECT * FROM games WHERE id = ?", [game_id]))
        if not rows:
            raise UnknownGame(game_id)
        games = self._readable("games", rows)
        if not games:
            raise DamagedGame(game_id)
        return games[0]

    def is_over(self, game_id: int) -> bool:
        """Whether the game has ended (read from its status alone: a damaged row still answers)."""
        row = self.db.execute("SELECT status FROM games WHERE id = ?", [game_id]).fetchone()
        return row is not None and row[0] == "over"

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

    def seats(self, game_id: int) -> dict[str, str]:
        return {r["side"]: r["user"] for r in
                self.db.query("SELECT side, user FROM seats WHERE game = ?", [game_id])}

    def take_seat(self, game_id: int, side: str, user: str, outbox: Outbox | None = None) -> None:
        """A person takes a side (a join, or a substitute seated), with the messages saying so (the word to the
        author of what the side held among them); refused (GameOver) once the game is over. What the side held
        goes (`_hand_over`)."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", [game_id, side, user])
            self._hand_over(game_id, side)
            self.db.execute("UPDATE games SET pending_seat = NULL WHERE id = ?", [game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def take_computer_seat(self, game_id: int, side: str, seat: dict,
                           outbox: Outbox | None = None) -> None:
        """The computer takes a side (the seat's user is COMPUTER): the seat, how it plays
        (`seat`: level, budget, seed) and the messages saying so, together; the side's
        deadline goes (the computer answers at once), and what the side held (`_hand_over`)."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute("INSERT OR REPLACE INTO seats VALUES (?, ?, ?)", [game_id, side, COMPUTER])
            self._hand_over(game_id, side)
            self.db.execute("INSERT OR REPLACE INTO ai_seats VALUES (?, ?, ?, ?, ?)",
                            [game_id, side, seat["level"], seat["budget"], seat["seed"]])
            self.db.execute("DELETE FROM deadlines WHERE game = ? AND side = ?", [game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def _hand_over(self, game_id: int, side: str) -> None:
        """Inside the transaction of a seat changing hands: the side's held orders go, their author's, not the
        seat's (bot/service/unplayed.py: the word to their author is among the hand-over's messages). A word the
        version before kept (`told`) stays, to be sent at the next start."""
        self.db.execute("DELETE FROM held_orders WHERE game = ? AND side = ? AND told IS NULL", [game_id, side])

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

    def playing_games(self) -> list[int]:
        """The games started and neither over nor paused, oldest first: those in which a start finishes what a
        stop cut short (bot/tables/start_up.py, Play.resume_all)."""
        return [row[0] for row in self.db.execute(
            """SELECT id FROM games WHERE status != 'over' AND paused IS NULL AND started_at IS NOT NULL
               ORDER BY id""")]

    def leave_seats(self, game_id: int, sides: list[str], outbox: Outbox) -> None:
        """Free seats of a game not yet started (a player leaving the lobby)."""
        with self.transaction():
            self._check_live(game_id)
            for side in sides:
                self.db.execute("DELETE FROM seats WHERE game = ? AND side = ?", [game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

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
        and its first deadlines; an opening against the computer has nothing more to do."""
        with self.transaction():
            self._check_live(game_id)
            began = now()  # one moment: two readings of the clock may differ by a millisecond
            self.db.execute("UPDATE games SET started_at = ?, updated_at = ?, against = NULL WHERE id = ?",
                            [began, began, game_id])
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
            # orders under way (judged: a stop came among them) are still told, at the next start
            self.db.execute(f"DELETE FROM held_orders WHERE game = ? AND {NOT_UNDER_WAY}", [game_id])
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

    def set_pending_seat(self, game_id: int, request: dict | None, outbox: Outbox) -> None:
        """Record (or clear, with None) a request to hand a seat to a substitute, waiting for the
        consent of the player holding it, and the messages about it; a seat taken clears it."""
        self._set_pending(game_id, "pending_seat", request, outbox)

    def set_pending_pause(self, game_id: int, request: dict | None, outbox: Outbox) -> None:
        """Record (or clear) a player's request to pause or resume, with its announcement."""
        self._set_pending(game_id, "pending_pause", request, outbox)

    def set_pending_undo(self, game_id: int, request: dict | None, outbox: Outbox,
                         held: Playing | None = None) -> None:
        """Record (or clear, with None) an undo request and the messages announcing it."""
        self._set_pending(game_id, "pending_undo", request, outbox, held)

    def set_pending_draw(self, game_id: int, offer: dict | None, outbox: Outbox,
                         held: Playing | None = None) -> None:
        """Record (or clear, with None) a draw offer and the messages announcing it; the next
        accepted command clears it too (the game went on)."""
        self._set_pending(game_id, "pending_draw", offer, outbox, held)

    def _set_pending(self, game_id: int, column: str, request: dict | None, outbox: Outbox,
                     held: Playing | None = None) -> None:
        """A request waiting for consent (`column`: one of the game row's pending_ columns) stored
        or cleared, with its messages (and a held order it is leaving its side's row: `held`, as
        Store.append's); refused (GameOver) once the game is over."""
        with self.transaction():
            self._check_live(game_id)
            self.db.execute(f"UPDATE games SET {column} = ? WHERE id = ?",
                            [json.dumps(request) if request else None, game_id])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)
            self._played_held(game_id, held)
