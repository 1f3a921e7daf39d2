"""The command log of the store: the truth of a game is its row plus its ordered, append-only
`commands`; `snapshots` cache the state every SNAPSHOT_EVERY commands, and `latest` the state
after each game's last command, so that a game goes on from the very position its players were
told of even when a new version of the rules would replay its last commands otherwise; `turns`
remember after which command each game turn began, and `player_turns` after which each
player-turn did. An accepted command is stored with its states, its messages and its deadlines
in one transaction, checked there against the position it was judged on.
"""
from __future__ import annotations

import json

from bot.store.connection import NOT_UNDER_WAY, DeadlineRows, Outbox, Playing, now
from bot.store.deadlines import DeadlinesPart
from bot.store.errors import StaleCommand

SNAPSHOT_EVERY = 25


class CommandsPart(DeadlinesPart):
    """The `commands`, `snapshots`, `turns` and `player_turns` tables."""

    def seen_seq(self, game_id: int, side: str, upto: int | None = None) -> int:
        """The number of the game's commands `side` has observed (up to command `upto`): all but
        those hidden from it (another side's secret order, given while both order at once). What a
        side is shown as the game's position (button ids, the terminal's command numbers) is counted
        so, never by last_seq, which would tell it when the other side gives a hidden order."""
        rows = self.db.execute("""SELECT COUNT(*) FROM commands WHERE game = ? AND seq <= ?
                                  AND (hidden_from IS NULL OR instr(hidden_from, ?) = 0)""",
                               [game_id, self.last_seq(game_id) if upto is None else upto, json.dumps(side)])
        return int(rows.fetchone()[0])

    def seen_after(self, game_id: int, side: str, seq: int) -> int:
        """seen_seq once command `seq`, whose news is being written before it is stored, stands (with the
        others after the last stored that lead to it): the position a change's question buttons and kept
        views are shown at."""
        return self.seen_seq(game_id, side) + seq - self.last_seq(game_id)

    def commands(self, game_id: int, after: int = 0, upto: int | None = None) -> list[dict]:
        """The stored commands with after < seq <= upto, in order."""
        limit = upto if upto is not None else 2**62
        return list(self.db.query("""SELECT * FROM commands WHERE game = ? AND seq > ? AND seq <= ?
                                     ORDER BY seq""", [game_id, after, limit]))

    def append(self, game_id: int, command: dict, state: dict, outbox: Outbox,
               status: str = "active", turn: str | None = None,
               deadlines: DeadlineRows | None = None, player_turn: bool = False,
               absent: dict[str, str] | None = None, merged: tuple[int, ...] = (),
               held: Playing | None = None) -> int:
        """Store one accepted command, its snapshot if due, its outbox rows and the deadlines it
        announced: all or nothing (a game it ends keeps no deadline).

        `command` has side, user, text, normalised, issued_against_seq and optionally
        hidden_from (the sides that cannot observe it, see seen_seq); `outbox` holds the
        messages it causes; `turn` is the game turn it began, if it began one; `player_turn`,
        whether it began a player-turn (Store.player_turn_start); `absent`, the sides absent after
        it (bot/deadlines.py, Deadlines.marks; None keeps them); `merged`, rows whose words its
        own outbox rows carry, dropped unless a try of them began (then they go as well); `held`, a side
        whose held orders it plays and the number of the next of them, the orders before it leaving the
        side's row with it (so a stop between two plays the rest once, bot/tables/held.py). Accepting a
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
            text = json.dumps(state)
            if seq % SNAPSHOT_EVERY == 0:
                self.db.execute("INSERT INTO snapshots VALUES (?, ?, ?)", [game_id, seq, text])
            self.db.execute("INSERT OR REPLACE INTO latest VALUES (?, ?, ?)", [game_id, seq, text])
            self._write_turn(game_id, turn, seq)
            if player_turn:
                self.db.execute("INSERT OR REPLACE INTO player_turns VALUES (?, ?)", [game_id, seq])
            self._write_outbox(game_id, seq, outbox)
            for outbox_id in merged:
                self.db.execute("""DELETE FROM outbox WHERE id = ? AND delivered_at IS NULL AND tried_at IS NULL
                                   AND joined IS NULL""", [outbox_id])
            self._write_deadlines(game_id, {} if status == "over" else deadlines)
            if absent is not None:
                self.db.execute("UPDATE games SET absent = ? WHERE id = ?", [json.dumps(absent), game_id])
            self._played_held(game_id, held)
            if status == "over":  # nothing a side held is ever due; orders under way are still told
                self.db.execute(f"DELETE FROM held_orders WHERE game = ? AND {NOT_UNDER_WAY}", [game_id])
            self.db.execute("""UPDATE games SET status = ?, updated_at = ?, pending_undo = NULL,
                               pending_draw = NULL WHERE id = ?""", [status, stamp, game_id])
        return seq

    def truncate(self, game_id: int, from_seq: int, outbox: Outbox, *,
                 issued_against_seq: int, deadlines: DeadlineRows | None = None,
                 held: Playing | None = None) -> None:
        """Undo: drop commands from `from_seq` on, their snapshots, the turns they began and their
        undelivered messages; the deadlines of the position it goes back to are stored with it, and a
        held order it is leaves its side's row (`held`, as `append`'s).
        Refused (StaleCommand) when the last command is no longer `issued_against_seq`, the one
        the undo was judged against, so an undo never takes back a command it has not seen."""
        with self.transaction():
            self._check_live(game_id)
            last = self.last_seq(game_id)
            if issued_against_seq != last:
                raise StaleCommand(issued_against_seq, last)
            for table in ("commands", "snapshots", "turns", "player_turns", "latest"):
                self.db.execute(f"DELETE FROM {table} WHERE game = ? AND seq >= ?",
                                [game_id, from_seq])
            # a notice to a server's owner (a damaged row set aside) is about the file, not a command: it stays
            self.db.execute("""DELETE FROM outbox WHERE game = ? AND seq >= ?
                               AND delivered_at IS NULL AND audience NOT LIKE 'owner:%'""", [game_id, from_seq])
            self._write_outbox(game_id, from_seq - 1, outbox)
            self._write_deadlines(game_id, deadlines)
            self._played_held(game_id, held)
            self.db.execute("UPDATE games SET pending_undo = NULL WHERE id = ?", [game_id])
            self.db.execute("UPDATE games SET status = 'active', updated_at = ? WHERE id = ?",
                            [now(), game_id])

    def snapshots_before(self, game_id: int, at_most: int) -> list[tuple[int, dict | None]]:
        """The cached (seq, state) at or before `at_most`, newest first; a damaged one's state
        is None (a cache: the caller falls back to an earlier one, or to the seed)."""
        rows = self.db.execute("""SELECT seq, state_json FROM snapshots WHERE game = ? AND seq <= ?
                                  ORDER BY seq DESC""", [game_id, at_most]).fetchall()
        return [(seq, decode_state(text)) for seq, text in rows]

    def latest(self, game_id: int) -> tuple[int, dict | None] | None:
        """The stored (seq, state) after the game's last command (a damaged state: None), or None
        before its first command or after an undo (then snapshots and the log rebuild it)."""
        row = self.db.execute("SELECT seq, state_json FROM latest WHERE game = ?", [game_id]).fetchone()
        return None if row is None else (row[0], decode_state(row[1]))

    def snapshots(self, game_id: int) -> dict[int, dict | None]:
        """Every cached state of a game by command number (None: damaged)."""
        return {seq: decode_state(text) for seq, text in self.db.execute(
            "SELECT seq, state_json FROM snapshots WHERE game = ? ORDER BY seq", [game_id])}

    def turn_starts(self, game_id: int) -> dict[str, int]:
        """Each game turn and the command after which it began (none an undo took back)."""
        return {r["turn"]: r["seq"] for r in self.db.query(
            "SELECT turn, seq FROM turns WHERE game = ? AND seq <= ? ORDER BY seq",
            [game_id, self.last_seq(game_id)])}


    def player_turn_start(self, game_id: int, upto: int) -> int:
        """The command after which the player-turn of the position after command `upto` began (0:
        the game's first)."""
        row = self.db.execute("SELECT MAX(seq) FROM player_turns WHERE game = ? AND seq <= ?",
                              [game_id, upto]).fetchone()
        return int(row[0] or 0)


def decode_state(text: str | None) -> dict | None:
    """A stored state, or None when the text is not a JSON object with something in it
    (truncated, empty, NULL, 'null', '{}': a damaged cache row)."""
    try:
        state = json.loads(text or "")
    except ValueError:
        return None
    return state if isinstance(state, dict) and state else None
