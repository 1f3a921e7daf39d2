"""What the store keeps beside the games' record: each person's own preferences, each side's
standing orders and held orders, and the bot's own values (the hash of its synced command tree).
"""
from __future__ import annotations

import json

from bot import damage
from bot.store.connection import Connection, Outbox, Playing


class PreferencesPart(Connection):
    """The `players`, `standing_orders`, `held_orders` and `meta` tables."""

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

    def hold_orders(self, game_id: int, side: str, user: str, name: str, lines: list[str], first: int = 1,
                    outbox: Outbox | None = None, judged: dict | None = None) -> None:
        """Keep the rest of a side's message of orders (bot/tables/held.py), replacing what it held, with the
        messages telling what became of those judged before them (`outbox`), or what became of them, kept with
        the rest until the word on them all is sent (`judged`); `first`: the number of the first of them in that
        message."""
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO held_orders (game, side, user, name, lines, first, judged) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)", [game_id, side, user, name, json.dumps(lines), first,
                                                             None if judged is None else json.dumps(judged)])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def held_orders(self, game_id: int, side: str) -> dict | None:
        """A side's held orders ({"user", "name", "lines", "first", "judged"}: damage.held_orders), None when it
        holds none."""
        rows = list(self.db.query("SELECT * FROM held_orders WHERE game = ? AND side = ? AND told IS NULL",
                                  [game_id, side]))
        try:
            return damage.held_orders(rows[0]) if rows else None
        except ValueError as error:  # set aside: the side holds nothing, and is told so
            self._set_aside("held_orders", rows[0], error)
            return None

    def judge_held(self, game_id: int, held: Playing) -> None:
        """A side's held order judged without a command stored (a query answered, one refused or passed over,
        a standing order set): it leaves the row, what became of it kept there, as a command's does."""
        with self.transaction():
            self._played_held(game_id, held)

    def held_under_way(self) -> list[int]:
        """The games in which held orders were being judged when a stop came (some judged, the word on them not
        sent: bot/tables/held.py), whatever became of the game since; at a start their judging goes on."""
        return [row[0] for row in self.db.execute(
            "SELECT DISTINCT game FROM held_orders WHERE judged IS NOT NULL AND told IS NULL ORDER BY game")]

    def drop_held_orders(self, game_id: int, side: str, outbox: Outbox | None = None) -> None:
        """A side's held orders gone, with the messages telling what became of them (`outbox`)."""
        with self.transaction():
            self.db.execute("DELETE FROM held_orders WHERE game = ? AND side = ?", [game_id, side])
            self._write_outbox(game_id, self.last_seq(game_id), outbox)

    def tell_held(self) -> list[int]:
        """At a start: the word of what became of held orders all played that the version before `judged` kept
        with their row, a stop keeping it from being sent, written to be sent, the rows gone, in one transaction;
        the games it is written in. A word that cannot be read is set aside (logged, the server's owner told)."""
        with self.transaction():
            rows = list(self.db.query("SELECT * FROM held_orders WHERE told IS NOT NULL"))
            told = []
            for row in rows:
                try:
                    outbox = damage.told(row)
                except ValueError as error:
                    self._set_aside("held_orders", row, error)
                    continue
                self.db.execute("DELETE FROM held_orders WHERE game = ? AND side = ?", [row["game"], row["side"]])
                self._write_outbox(row["game"], self.last_seq(row["game"]), outbox)
                told.append(row["game"])
        return sorted(set(told))

    def meta(self, key: str) -> str | None:
        """A value the bot keeps about itself (the hash of its synced command tree)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", [key]).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", [key, value])
