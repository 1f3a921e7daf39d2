"""What stands in for Discord, the clock and the renderer at the front-end swap test's table: a messenger that
writes down what the viewer may read (Recorder), deadlines whose clock never runs (Unscheduled), and pictures
drawn as the JSON of the view they show, so that two pictures differ exactly where their views do."""
from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from bot.delivery import Buttons, Delivery, DMClosed, Onlookers
from bot.discord.messenger import pieces
from bot.service import GameService
from bot.tools.fog_check.cast import CHANNEL, HEIR, VIEWER
from bot.words import Text, words

TIP = "\n(how commands are given here)"  # observed where a platform's pieces write it (bot/tables/announcement.py)


def _buttons(buttons: Buttons | None) -> str:
    """A question's buttons as the viewer sees them (what they are for, at which position)."""
    return f" [buttons: {json.dumps(buttons, sort_keys=True)}]" if buttons else ""


def _place(place: str) -> str:
    """A place a message is kept at, as the observations name it: "DM" (the viewer's), "DM to Heir" (HEIR's), or
    "posted in <channel or thread>"."""
    if place.startswith("dm:"):
        return "DM" if place == f"dm:{VIEWER.id}" else f"DM to {HEIR.name}"
    return f"posted in {place.partition(':')[2]}"


class Recorder:
    """A messenger that writes down what the viewer may read: the channel, and their DMs, in
    Discord's own markup (bot/discord/messenger.py), and where the bot is shown typing; and the answers
    last offered to the viewer with buttons (`asked`: the message that carries them, a DM's id or None in
    the channel, and the buttons), for the viewer to click one. Once the viewer hands their seat to HEIR, his DMs
    too (`heir`): he reads what their side reads, which must no more tell the hidden blocks apart. While the
    computer plays a seat, each observation is marked with the command it follows (`marks`, by its place in `seen`):
    that of the rows sent (`sending`, told by Marking), else the last stored, counted by `playing` from its seat."""

    def __init__(self, seen: list[str]):
        self.seen = seen
        self.sending: int | None = None  # the last command of the outbox rows being sent (Marking)
        self.playing: Callable[[int | None], int] | None = None
        self.marks: dict[int, int] = {}
        self.heir = False  # HEIR's DMs are written down too
        self.asked: tuple[str | None, Buttons] | None = None
        self.given = 0  # the answers on a button given so far, each in a way in turn (_give)
        self.closed = False  # the viewer's DMs refuse every message (Discord's 50007), as when closed
        self.threads: dict[str, str] = {}  # each private thread opened (`/game inbox`) -> whose it is

    def _reach(self, user: str) -> None:
        if self.closed and user == VIEWER.id:
            raise DMClosed(user)

    def write(self, observation: str) -> None:
        """An observation written down, marked while the computer plays (`marks`)."""
        if self.playing is not None:
            self.marks[len(self.seen)] = self.playing(self.sending)
        self.seen.append(observation)

    def _read(self, place: str) -> bool:
        """Whether the viewer reads a place: the channels, their DMs and their private thread, not another's."""
        kind, _, where = place.rpartition(":")
        if kind == "dm":
            return where == VIEWER.id or self.heir and where == HEIR.id
        return self.threads.get(where, VIEWER.id) == VIEWER.id

    def clickable(self, text: str) -> tuple[str | None, Buttons] | None:
        """The message whose button answers `text`, and its buttons, where the viewer was last offered it."""
        return self.asked if self.asked is not None and text in self.asked[1].get("answers", []) else None

    def pieces(self, text: Text, place: str = "channel:", tip: bool = False) -> list[str]:
        """As written, wherever it goes; with TIP under it where it says how commands are given there."""
        return pieces(words(text, TIP) if tip else text)

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        """A private thread of the channel (the viewer's, which they read; another's, which they do not see)."""
        self.threads[f"{channel}-{user}"] = user
        if user == VIEWER.id:
            self.write(f"private thread in {channel}: {title}")
        return f"{channel}-{user}"

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Nobody but the player reads a private thread here (the viewer's thread, if any)."""
        return Onlookers((), words())

    async def post(self, channel: str, text: str, pictures: Sequence[bytes] = (),
                   buttons: Buttons | None = None, nonce: str | None = None) -> None:
        if self._read(channel):
            self.write(f"posted in {channel}: {text}{pictured(pictures)}{_buttons(buttons)}")
        if channel == CHANNEL and buttons and buttons.get("answers"):
            self.asked = None, buttons

    async def dm(self, user: str, text: str, pictures: Sequence[bytes] = (),
                 buttons: Buttons | None = None, nonce: str | None = None) -> None:
        self._reach(user)
        if self._read(f"dm:{user}"):
            self.write(f"{_place(f'dm:{user}')}: {text}{pictured(pictures)}{_buttons(buttons)}")

    async def keep(self, place: str, piece: str, kept: str | None, buttons: dict | None = None,
                   nonce: str | None = None) -> str:
        self._reach(place.removeprefix("dm:"))
        made = kept or f"{place}:{len(self.seen)}"
        if self._read(place):  # their DMs or their private thread
            self.write(f"{_place(place)} kept {kept}: {piece}{_buttons(buttons)}")
            if buttons and buttons.get("answers"):
                self.asked = made, buttons
            elif self.asked is not None and self.asked[0] == made:  # answered: its buttons taken away
                self.asked = None
        return made

    async def drop(self, place: str, kept: str) -> None:
        if self._read(place):
            self.write(f"{_place(place)} dropped {kept}")

    @asynccontextmanager
    async def typing(self, place: str) -> AsyncIterator[None]:
        """The bot shown typing (the computer thinking), where the viewer sees it: a channel, their DMs or
        private thread."""
        if self._read(place):
            self.write(f"typing at {place}")
        yield

    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """Nothing is read back: no send here fails, so none is ever retried."""
        return []

    def reads(self, piece: str, pictured: bool = False, buttons: Buttons | None = None) -> str:
        return piece


class Marking(Delivery):
    """The bot's delivery, telling its Recorder which command the rows it sends were stored with (the last, where
    they go as one message): what the viewer read after a command can then be told from what they read before,
    though its messages went only once the computer had played on."""

    def __init__(self, service: GameService, recorder: Recorder, *args: Any) -> None:
        super().__init__(service, recorder, *args)
        self.recorder = recorder

    async def _deliver(self, rows: list[dict], target: str, joined: bool = False) -> bool:
        self.recorder.sending = max(row["seq"] for row in rows)
        try:
            return await super()._deliver(rows, target, joined)
        finally:
            self.recorder.sending = None


class Unscheduled:
    """Deadlines without a clock that runs: jobs are taken and never fire (clocks are not what
    this test watches; their texts are, and the time stands still at NOON)."""

    def add_job(self, func: Callable[..., Any], trigger: str, **kwargs: Any) -> None:
        return None

    def remove_job(self, job_id: str) -> None:
        return None


def view_json(view: dict, **options: object) -> bytes:
    """A renderer that shows all it was given: the view itself."""
    return json.dumps({"view": view, **options}, sort_keys=True, default=str).encode()


def view_file(service: GameService, game_id: int, *, viewer: str | None = None,
              **options: object) -> bytes:
    """MapFiles' drawer: the JSON of the view the terminal's picture would show."""
    return view_json(service.system(game_id).view(service.load(game_id), viewer), **options)


def action_file(service: GameService, game_id: int, *, viewer: str | None = None) -> bytes:
    """MapFiles' cropper: the JSON of the view the terminal's action picture would show."""
    return view_file(service, game_id, viewer=viewer, crop=True)


def pictured(pictures: Sequence[bytes]) -> str:
    return "".join(f" [picture {hashlib.sha256(picture).hexdigest()[:16]}]" for picture in pictures)


def crop_json(view: dict) -> bytes:
    """A cropper that shows all it was given: the view itself."""
    return view_json(view, crop=True)
