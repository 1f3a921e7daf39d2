"""What became of one line of text (Result), and what an accepted change makes known (Compose).

A Result carries the sentence for the one who typed, the events grouped by audience, and what the
public may read of it; a Compose turns it into the outbox rows and deadlines stored with it.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bot.store import Outbox, Told

SORRY = "Something went wrong on our side; nothing was changed, and the error has been logged."
BUSY = ("The game records are busy with another write just now; nothing was changed. Try again "
        "in a moment.")


def is_busy(error: BaseException) -> bool:
    """Whether an error is SQLite giving up on a lock another connection held too long."""
    return isinstance(error, sqlite3.OperationalError) and \
        any(word in str(error) for word in ("locked", "busy"))


@dataclass
class Result:
    """What became of one line of text: accepted or not, the sentence, and who hears what."""

    accepted: bool
    message: str
    seq: int
    side: str | None = None
    command: str | None = None  # the normalised text of an accepted game command
    rule: str | None = None  # the rule case a refusal cites
    moot: bool = False  # refused as declining a choice none waits for, which would have changed nothing
    reply: str | None = None  # the answer to a query (status, units, help)
    events: list[dict] = field(default_factory=list)
    public: str | None = None  # what everyone may read of it, when `message` says more
    standing: str | None = None  # the standing order that gave this command
    forced: str | None = None  # why the rules left this command the only answer, played at once
    in_words: str | None = None  # played at once: its line on its first event's, as the channel's (`answer`)
    leads: bool = False  # the first of a standing order's answers in a row, which names the order for them all
    runs_on: bool = False  # a standing order's answer after another of it in a row, said without naming it again
    followed: list[Result] = field(default_factory=list)  # commands standing orders played after it
    ended: dict | None = None  # how the game ended outside the rules (an agreed draw)
    outcome: dict | None = None  # how the rules ended the game, when this command ended it (said at its line's end)
    secret: bool = False  # a hidden order given while others order at once: not told it was given
    seen: int = 0  # the commands the side has observed up to this one (Store.seen_seq): its number for that side

    @property
    def own_seq(self) -> int:
        """The command's own number in the game: `seq` is that of the last command played after it
        at once (a standing order's, the rules' only answer), told under it."""
        return self.seq - len(self.followed) if self.command else self.seq

    @property
    def at_once(self) -> bool:
        """Whether the command was played for its side, not given by hand: by a standing order, or
        as the only answer (`forced`)."""
        return bool(self.standing or self.forced)

    @property
    def answer(self) -> str:
        """Its line where told after the command it followed, played at once for its side: in a game
        with hidden information on the line of what it did, as the channel says it ('The Russian
        player applies 2 hits in 46 (5.3.6), forced: the only Russian block in 46.', `in_words`, set
        by bot/service/standing.py), where its own line names its verb alone ('Russian: a `hit`
        command, forced: ...', an order as if one were still to give); else its public line."""
        return self.in_words or self.public or self.message

    def addressed(self) -> dict[str, list[dict]]:
        """The events grouped by audience: "all", a side, or "log"."""
        out: dict[str, list[dict]] = {}
        for e in self.events:
            out.setdefault(e.get("to", "all"), []).append(e)
        return out

    def visible_to(self, side: str | None) -> list[dict]:
        """The events one side may read (side None: the public ones)."""
        return [e for e in self.events if e.get("to", "all") in ("all", side)]

    def hidden_from(self, sides: Sequence[str]) -> list[str]:
        """The sides that cannot observe this command: those it tells nothing when it is a
        secret order of another side (a battle plan whose chit goes down unseen)."""
        return [s for s in sides if s != self.side and not self.visible_to(s)] if self.secret else []


Compose = Callable[[Result, dict, dict], Told]


def record(result: Result, before: dict, after: dict) -> Told:
    """The composer of a front end that sends nothing and keeps no deadlines: each audience's
    events, kept as the record."""
    return Told(outbox_of(result.events))


def outbox_of(events: list[dict]) -> Outbox:
    """One outbox payload per audience; log-only events stay in the record, not the outbox."""
    out: dict[str, dict] = {}
    for e in events:
        to = e.get("to", "all")
        if to != "log":
            out.setdefault(to, {"events": []})["events"].append(e)
    return list(out.items())
