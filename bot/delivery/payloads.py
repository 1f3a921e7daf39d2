"""What an outbox row says, as the tables store it: its audience ("channel:<id>", "user:<id>", a
side, "owner:<guild>" or "all"), its payload (words, the view to draw, buttons, a kept view, a
question), what a question reads as once its game is over (`unasked`), its words (`payload_text`),
and the nonce a message of it goes with, which Discord de-duplicates for a few minutes.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from bot import text as fmt
from bot.delivery.messenger import Buttons
from bot.words import Text


def user_audience(user: str) -> str:
    return f"user:{user}"


def channel_audience(channel: str) -> str:
    return f"channel:{channel}"


def message(text: Text, seq: int | None = None, side: str | None = None, *, crop: bool = False,
            buttons: Buttons | None = None, **options: object) -> dict[str, Any]:
    """An outbox payload: words, and the view at command `seq` to draw when it is sent; `crop`
    adds the picture of its latest action; `buttons`, a question's buttons, go with
    its last piece."""
    payload: dict[str, Any] = {"text": text}
    if seq is not None:
        payload["picture"] = {"seq": seq, "side": side, "options": options} | ({"crop": True} if crop else {})
    if buttons is not None:
        payload["buttons"] = buttons
    return payload


def kept_view(text: Text, seen: int | None = None) -> dict[str, Any]:
    """An outbox payload that edits the messages holding a player's private view of the game
    into `text`, rather than sending a new one; `seen`: the commands the view is as of, if told (its
    table's messages apart say it too: bot/delivery/in_place.py)."""
    return {"text": text, "kept": True} | ({"seen": seen} if seen is not None else {})


UNASKED: dict[str, Any] = {"unasked": ""}  # a row that asks and says nothing else (a reminder, a notice)


def unasked(payload: dict) -> dict | None:
    """A payload that asks something of a player (a question, a reminder of a deadline: its
    `unasked` is what else it says), as it goes once its game is over and no longer waits for
    anyone: those other words alone, no buttons; None where it says nothing else.

    >>> unasked({"text": "Attrition: 1 corps lost. The game waits for you.", "unasked": "Attrition: 1 corps lost."})
    {'text': 'Attrition: 1 corps lost.'}
    >>> unasked({"text": "The Russian move is due.", "unasked": ""}), unasked({"text": "A move."})
    (None, {'text': 'A move.'})
    """
    if "unasked" not in payload:
        return payload
    return {"text": payload["unasked"]} if payload["unasked"] else None


def payload_text(payload: dict) -> Text:
    """The words of one outbox row: its text, or the lines of its events."""
    if "text" in payload:
        return payload["text"]
    return "\n".join(fmt.chat_lines(payload.get("events", [])))


def nonce(rows: Sequence[dict], piece: int) -> str:
    """A piece's nonce: its row and piece (rows joined in one message: the first and how many
    more), and a digest of what the rows say. A database restored from an older copy gives its new
    rows the ids of rows already sent, and Discord answers a nonce it took in the last minutes with
    the first message instead of posting: the digest keeps a new row from being taken for an old
    one (an old one sent again is still one message)."""
    said = [[row["game"], row["seq"], row["audience"], row["payload"]] for row in rows]
    digest = hashlib.sha256(json.dumps(said[0] if len(said) == 1 else said, sort_keys=True, default=str).encode())
    more = f"+{len(rows) - 1}" if len(rows) > 1 else ""
    return f"{rows[0]['id']}{more}.{piece}.{digest.hexdigest()[:8]}"
