"""Reading stored rows that may be damaged (a disk error, a hand edit, a torn copy).

Each decoder turns one row as SQLite holds it into what the bot uses, and raises ValueError when
the row cannot be read: a JSON column that is not JSON, or not the shape it must have. The store
sets such a row aside (its `quarantine` table keeps a copy, with the reason), logs it, tells the
server's owner, and goes on with every other row: one damaged row never stops the bot, a server's
list of games, or another game. Snapshots are a cache and have their own fallback
(Store.snapshots_before).
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any


def _json(text: str | None, kind: type | tuple[type, ...], default: Any = None) -> Any:
    """The JSON value of a column, which must be of `kind` (NULL or empty: `default`)."""
    if not text:
        return default
    value = json.loads(text)
    if not isinstance(value, kind):
        raise ValueError(f"{kind} expected, {type(value).__name__} found")
    return value


def game(row: dict) -> dict:
    """A games row with its JSON columns decoded."""
    return {**row, "options": _json(row["options"], (dict, list), {}),
            "pending_pause": _json(row.get("pending_pause"), dict),
            "pending_draw": _json(row.get("pending_draw"), dict),
            "pending_seat": _json(row.get("pending_seat"), dict),
            "hot_seat": bool(row["hot_seat"]), "pending_undo": _json(row.get("pending_undo"), dict),
            "settings": _json(row.get("settings"), dict, {}),
            "ended": _json(row.get("ended"), dict), "absent": _json(row.get("absent"), dict, {}),
            "against": _json(row.get("against"), dict)}


def outbox(row: dict) -> dict:
    """An outbox row with its payload decoded: an object."""
    payload = _json(row["payload"], dict)
    if payload is None:
        raise ValueError("an empty payload")
    return {**row, "payload": payload}


def deadline(row: dict) -> dict:
    """A deadlines row, whose due time must be a moment."""
    datetime.fromisoformat(row["due_at"])
    return row


def prefs(text: str | None) -> dict:
    """A person's stored preferences."""
    return _json(text, dict, {})


def held_orders(row: dict) -> dict:
    """A held_orders row: who wrote them, their lines, a list of texts (none left once all are judged), the
    number of the first in its message, a whole number from 1, and what became of those judged before them
    (`judged`: {"said": a list of what became of each, "present": whether their author's own command let
    them play, "at": the command the last played, if any}, or None: none judged yet)."""
    lines = _json(row["lines"], list, [])
    judged = _json(row.get("judged"), dict)
    if not (lines or judged) or not all(isinstance(line, str) for line in lines):
        raise ValueError("held orders must be a list of texts")
    if not isinstance(row["first"], int) or row["first"] < 1:
        raise ValueError("the number of the first held order must be a whole number from 1")
    if judged is not None:
        said, present, at = judged.get("said"), judged.get("present"), judged.get("at")
        if not isinstance(said, list) or not said or not isinstance(present, bool) or \
                not (at is None or isinstance(at, int) and not isinstance(at, bool)) or not all(
                isinstance(s, dict) and isinstance(s.get("line"), str) and isinstance(s.get("accepted"), bool)
                and isinstance(s.get("text"), (str, dict, list)) for s in said):
            raise ValueError("what became of the held orders judged must be a list of what became of each")
    return {"user": row["user"], "name": row["name"], "lines": lines, "first": row["first"], "judged": judged}


def told(row: dict) -> list[tuple[str, dict]]:
    """A held_orders row's word of what became of the orders, kept by the version before `judged` (an outbox:
    a list of [audience, payload])."""
    value = _json(row["told"], list, [])
    if not all(isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], dict)
               for pair in value):
        raise ValueError("the word of held orders played must be a list of messages")
    return [(str(pair[0]), pair[1]) for pair in value]


def notice(game_id: int, table: str) -> str:
    """What the server's owner is told (by DM) when a row of one of its games is set aside."""
    what = {"games": "its own record (its settings or options)", "outbox": "a message to send",
            "deadlines": "a deadline", "held_orders": "a side's held orders"}[table]
    lost = ("the game is set aside until it is repaired" if table == "games" else
            "that message was not sent" if table == "outbox" else
            "they will not be played: their author may send them again" if table == "held_orders" else
            "that deadline no longer runs")
    return (f"the bot found {what} of game {game_id} damaged in its database and set it aside: "
            f"{lost}. Every other game goes on. Whoever runs the bot finds a copy of the damaged "
            "row, with the reason, in the database's `quarantine` table.")
