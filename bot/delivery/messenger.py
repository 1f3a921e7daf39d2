"""What Delivery asks of a chat platform (Discord, or a fake in tests): the Messenger, the only
thing that touches one (its messages, and the bot shown typing while the computer thinks); what its
sends raise (a closed DM, a passing trouble, a channel lost); and how a message the bot sent reads
when it looks for it again (`looks`), after a try whose answer was lost. A question's buttons travel
as data (`Buttons`), which the messenger rebuilds when it sends.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from bot.words import Text

# A question's buttons, stored in its outbox row as data and rebuilt by the messenger when the row is
# sent (so they survive a restart): {"action", "other", "game", "side", "seq"}, e.g. a draw offer's
# Accept ("draw") and Decline ("decline") for the side it waits on, at the position it was made (a
# request for a seat: "cede" and "hold", "seq" the substitute's id); or a mid-turn choice's
# {"answers": [command texts], "labels": [what each reads as on its button], "game", "side", "seq"}
# (bot/tables/notices.py; labels only where they say more than the texts, which the buttons read otherwise).
Buttons = dict[str, Any]


@dataclass(frozen=True)
class Reply:
    """A private answer to one person, and the held rows it shows them: once the answer has
    been sent, Delivery.mark_shown(reply.held) marks them delivered."""

    text: Text
    held: tuple[dict, ...] = ()


@dataclass(frozen=True)
class Onlookers:
    """Who besides the person it is for could read a private thread off a channel: those of the
    people asked (the other players of a game) who could, and in words everyone else who could
    (a server's owner, and members with Administrator or Manage Threads there); empty words when
    nobody else could."""

    among: tuple[str, ...]
    others: Text


class DMClosed(Exception):
    """The person does not accept direct messages from the bot."""


class PlatformDown(Exception):
    """The platform failed on its side or could not be reached (a 5xx, a rate limit it kept up,
    the network): a passing trouble, so the row waits for it to end however long it lasts."""


class ChannelClosed(Exception):
    """The bot may not post in a channel: it is gone, or its permissions there were taken."""

    def __init__(self, channel: str):
        super().__init__(channel)
        self.channel = channel


class Messenger(Protocol):
    """The only thing that touches a chat service (Discord, or a fake in tests)."""

    def pieces(self, text: Text, place: str = "channel:", tip: bool = False) -> list[str]:
        """The text as this platform writes it at a place ("channel:<id>", "dm:<user>", "thread:<id>"), split
        into messages within its limit; `tip`: under it, the platform may say how its commands are given there
        (a player's first question of a game, a request to answer: not under every DM)."""

    async def post(self, channel: str, piece: str, pictures: Sequence[bytes] = (),
                   buttons: Buttons | None = None, nonce: str | None = None) -> str | None:
        """Post one message in a channel or thread; its id (None: the platform gives none);
        raises when the platform refuses it. The platform makes one message of two sends
        with the same `nonce` (a retry after an answer was lost) for a few minutes only."""

    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """The bot's own messages at a place ("channel:<id>", "dm:<user>", "thread:<id>") since a
        moment, oldest first, each as (its id, how it reads: `looks`); none where the bot may not
        read them; raises PlatformDown as a send does."""

    def reads(self, piece: str, pictured: bool = False, buttons: Buttons | None = None) -> str:
        """How a message of this piece reads among `sent_since`'s, sent with pictures (`pictured`)
        and these buttons."""

    async def dm(self, user: str, piece: str, pictures: Sequence[bytes] = (),
                 buttons: Buttons | None = None, nonce: str | None = None) -> str | None:
        """Send one direct message, as `post`; raises DMClosed when the person's DMs are closed."""

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        """Open a thread in a channel that only this person (and moderators) can see (or take up one
        opened for it before and never used, none of those `taken`: other players' threads)."""

    async def keep(self, place: str, piece: str, kept: str | None, buttons: Buttons | None = None,
                   nonce: str | None = None) -> str:
        """Write a piece into the message `kept` of a place ("dm:<user>", "thread:<id>") by
        editing it, or into a new message when there is none or it is gone (sent with `nonce`, as
        `post`); its id. `buttons` replace the message's own (None: it has none)."""

    async def drop(self, place: str, kept: str) -> None:
        """Delete a message of a place that held a piece no longer needed (gone: nothing)."""

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Who but `person` could read their private thread off this channel: which of `users`,
        and who else. Raises when the platform will not say."""

    def typing(self, place: str) -> AbstractAsyncContextManager[None]:
        """The bot shown typing at a place ("channel:<id>", "dm:<user>", "thread:<id>") while the block
        runs (the computer thinking), shown once it is entered: no message, and never a failure (a
        platform that refuses it, or has no such thing, shows nothing)."""


def looks(said: str, picture: str | None = None, controls: Sequence[str] = ()) -> str:
    """How a message reads where the bot looks for one it sent (Messenger.sent_since and reads): its
    words, the file name of its first picture, the ids of its buttons, a line each.

    >>> looks("Turn 2. ", "map.png", ["kolocha:draw:1:red:4"]).splitlines()
    ['Turn 2.', '[file map.png]', '[button kolocha:draw:1:red:4]']
    """
    return "\n".join([said.strip(), *([f"[file {picture}]"] if picture else []), *(f"[button {c}]" for c in controls)])
