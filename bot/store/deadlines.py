"""The deadlines part of the store: one row per side whose clock runs, written in the
transaction of the change that starts, keeps or ends it (bot/deadlines.py schedules their jobs).
"""
from __future__ import annotations

from bot.store.connection import Connection, DeadlineRows, Outbox


class DeadlinesPart(Connection):
    """The `deadlines` table."""

    def deadlines(self, game_id: int | None = None) -> list[dict]:
        where, args = ("WHERE game = ?", [game_id]) if game_id is not None else ("", [])
        return self._readable("deadlines", self.db.query(f"SELECT * FROM deadlines {where} ORDER BY due_at", args))

    def deadline(self, game_id: int, side: str) -> dict | None:
        rows = self._readable("deadlines", self.db.query("SELECT * FROM deadlines WHERE game = ? AND side = ?",
                                                 [game_id, side]))
        return rows[0] if rows else None

    def set_deadline(self, game_id: int, side: str, due_at: str, phase_key: str | None = None,
                     outbox: Outbox | None = None, began_at: str | None = None) -> None:
        """A fresh deadline for a side (no reminder sent yet), begun at `began_at`, replacing any
        earlier one, with the messages announcing it."""
        with self.transaction():
            self._check_live(game_id)
            self._put_deadline(game_id, side, due_at, None, phase_key, began_at)
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def retime_deadlines(self, game_id: int, deadlines: list[dict], outbox: Outbox | None = None) -> None:
        """Running deadline rows given new due times (a player changed their own time), with
        the messages saying so."""
        with self.transaction():
            self._check_live(game_id)
            self._rewrite_deadlines(game_id, deadlines)
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def mark_reminded(self, game_id: int, side: str, at: str,
                      outbox: Outbox | None = None) -> None:
        """A reminder of this deadline was sent at `at`, with its messages: together, so none is
        sent twice or lost."""
        with self.transaction():
            self.db.execute("UPDATE deadlines SET reminded_at = ? WHERE game = ? AND side = ?",
                            [at, game_id, side])
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
