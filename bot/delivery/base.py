"""What every part of Delivery shares: the service and store it sends for, the Messenger it sends
through, its renderer and clock, the hooks the Discord app and the tables set, and what it holds in
memory (a lock a game, the pictures drawn lately, what the platform accepted and the store has not
marked yet). Each part (pictures.py, places.py, runs.py, already_sent.py, in_place.py, sending.py)
is a class over this one, as the store's parts are over its connection; Delivery is all of them.
"""
from __future__ import annotations

import asyncio
import logging
import sys
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.delivery.messenger import Messenger
from bot.keyed_locks import KeyedLocks
from bot.service import GameService, is_busy

Renderer = Callable[..., bytes]
OwnerOf = Callable[[str], Awaitable[str | None]]  # a server -> its owner's user id (None: unknown)
MemberOf = Callable[[str, str], Awaitable[bool]]  # (server, user) -> False once the person has left it
Cropper = Callable[[dict], bytes | None]  # a view -> its latest action at a phone's width, or None
PlaceCheck = Callable[[dict, list[str]], None]  # refuses (ValueError) places not on the view's map


async def no_owner(guild: str) -> str | None:
    """Without a chat service that knows servers, a notice to a server's owner stays the record."""
    return None


async def still_member(guild: str, user: str) -> bool:
    """Without a chat service that knows servers, everyone is taken to be still there."""
    return True


log = logging.getLogger("kolocha.delivery")


def failed(what: str, *args: object) -> None:
    """Log the failure being handled: while another program holds the database (a backup, a
    second process) one warning line, since nothing is wrong and what waits is tried again; any
    other failure with its traceback."""
    error = sys.exc_info()[1]
    if error is not None and is_busy(error):
        log.warning(what + " (the database is busy: %s)", *args, error)
    else:
        log.exception(what, *args)


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")


class DeliveryBase:
    """What Delivery is made of; its parts read and write these."""

    def __init__(self, service: GameService, messenger: Messenger,
                 renderer: Renderer | None = None, clock: Callable[[], datetime] = utc_now,
                 cropper: Cropper | None = None, place_check: PlaceCheck | None = None):
        self.service = service
        self.store = service.store
        self.messenger = messenger
        self.renderer = renderer
        self.cropper = cropper
        self.place_check = place_check  # what a map request around places is checked with
        self.clock = clock
        self.channel_lost: Callable[[str], None] = lambda channel: None  # Tables sets it
        self.owner_of: OwnerOf = no_owner  # the Discord app sets it
        self.member_of: MemberOf = still_member  # the Discord app sets it
        self._sending = KeyedLocks()  # a game's, while a flush or a judge holds it
        self._pictures: OrderedDict[str, list[bytes]] = OrderedDict()
        self._accepted: dict[int, int] = {}  # row id -> pieces the platform took, not yet marked
        self.stopping = False  # set by a stop: the message under way is finished, no other begun
