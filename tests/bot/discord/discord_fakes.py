"""Small factories of fakes for the Discord layer's tests: people, a messenger, a scheduler, a
clock, and a Tables over the toy system wired to them."""
from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Collection, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import discord
from apscheduler.jobstores.base import ConflictingIdError

import rules
from bot.computer.planner import ThreadPlanner
from bot.config import Config, GameSettings
from bot.delivery import Delivery, DMClosed, Onlookers, PlatformDown, looks
from bot.discord.messenger import pieces
from bot.permissions import Actor
from bot.service import GameService
from bot.tables import Tables
from bot.words import Text, join, mention

T = TypeVar("T")
GUILD, CHANNEL, WATCH = "900", "100", "200"
OTHER = "101"  # a second game's channel
ANNA = Actor("1", "Anna")
BORIS = Actor("2", "Boris")
MOD = Actor("3", "Mod", manage_guild=True)
STRANGER = Actor("4", "Stranger")


_loop: asyncio.Runner | None = None


def run(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` on the test's one event loop, as the bot runs everything on one: the locks of
    Tables and the tasks it starts (the computer's play) belong to the loop that first uses them,
    and a background task goes on at the test's next `run`. tests/bot/conftest.py ends the loop
    after each test (`end_loop`)."""
    global _loop
    if _loop is None:
        _loop = asyncio.Runner()
    return _loop.run(work)


def end_loop() -> None:
    """After a test: let the tasks its `run`s left behind finish (the computer's play, a send),
    then close its loop; a task still at work after a minute is cancelled."""
    global _loop
    loop, _loop = _loop, None
    if loop is None:
        return

    async def finish() -> None:
        left = asyncio.all_tasks() - {asyncio.current_task()}
        if left:
            await asyncio.wait(left, timeout=60)
    loop.run(finish())
    loop.close()


class ServerError(Exception):
    """A failure Delivery counts toward giving a row up (Discord refusing it every time); a 500 or a
    dropped connection, which it waits out, is PlatformDown (the messenger's `down`)."""


@dataclass
class FakeMessenger:
    """Records every message posted and DM'd, written and split as Discord's messenger does;
    people in `closed` have their DMs closed; channels and people in `failing` make every send
    fail (ServerError), and in `down` as while Discord is down (PlatformDown); `threads` are the
    private threads opened, by id, which `moderators` may read too."""

    posts: list[tuple[str, str, tuple[bytes, ...]]] = field(default_factory=list)
    dms: list[tuple[str, str, tuple[bytes, ...]]] = field(default_factory=list)
    closed: set[str] = field(default_factory=set)
    failing: set[str] = field(default_factory=set)
    down: set[str] = field(default_factory=set)
    threads: dict[str, tuple[str, str]] = field(default_factory=dict)
    moderators: set[str] = field(default_factory=set)  # who may read every private thread
    attempts: list[str] = field(default_factory=list)
    buttons: list[tuple[str, str, dict]] = field(default_factory=list)  # (where, text, buttons)
    kept: dict[str, tuple[str, str]] = field(default_factory=dict)  # kept message id: (place, piece)
    edits: list[tuple[str, str]] = field(default_factory=list)  # (place, kept message id) written
    kept_buttons: dict[str, dict | None] = field(default_factory=dict)  # kept message id: its buttons now
    clock: Callable[[], datetime] | None = None  # when each message went (make_tables gives its clock)
    sent: list[tuple[str, str, datetime, str]] = field(default_factory=list)  # (place, text, when, id) made
    typed: list[tuple[str, int]] = field(default_factory=list)  # the bot shown typing: (place, messages made before)
    typing_now: set[str] = field(default_factory=set)  # the places it is shown typing at now

    def pieces(self, text: Text, place: str = "channel:", tip: bool = False) -> list[str]:
        return pieces(text)  # as written, wherever it goes

    async def post(self, channel: str, text: str, pictures: Sequence[bytes] = (),
                   buttons: dict | None = None, nonce: str | None = None) -> None:
        self.attempts.append(channel)
        if channel in self.down:
            raise PlatformDown(channel)
        if channel in self.failing:
            raise ServerError(channel)
        self.posts.append((channel, text, tuple(pictures)))
        self._went(f"channel:{channel}", self.reads(text, bool(pictures), buttons))
        if buttons is not None:
            self.buttons.append((channel, text, buttons))

    async def dm(self, user: str, text: str, pictures: Sequence[bytes] = (),
                 buttons: dict | None = None, nonce: str | None = None) -> None:
        self.attempts.append(user)
        if user in self.closed:
            raise DMClosed(user)
        if user in self.down:
            raise PlatformDown(user)
        if user in self.failing:
            raise ServerError(user)
        self.dms.append((user, text, tuple(pictures)))
        self._went(f"dm:{user}", self.reads(text, bool(pictures), buttons))
        if buttons is not None:
            self.buttons.append((user, text, buttons))

    def reads(self, piece: str, pictured: bool = False, buttons: dict | None = None) -> str:
        """How a message reads in `sent_since`: its words, a picture, its buttons (as stored)."""
        return looks(piece, "map.png" if pictured else None, [json.dumps(buttons, sort_keys=True)] if buttons else [])

    def _went(self, place: str, text: str, made: str | None = None) -> None:
        """A message made at a place (a kept one: its id), as the place's history shows it (`reads`)."""
        when = self.clock() if self.clock else datetime.min.replace(tzinfo=UTC)
        self.sent.append((place, text, when, made or f"m{len(self.sent)}"))

    async def sent_since(self, place: str, since: datetime) -> list[tuple[str, str]]:
        """The messages made at a place since a moment, by the clock of the first tables made."""
        self.attempts.append(place.partition(":")[2])
        if place.partition(":")[2] in self.down:
            raise PlatformDown(place)
        return [(made, text) for where, text, when, made in self.sent if where == place and when >= since]

    async def keep(self, place: str, piece: str, kept: str | None, buttons: dict | None = None,
                   nonce: str | None = None) -> str:
        """Edits a kept message (its id: its number in `kept`), or sends a new one."""
        self.attempts.append(place)
        if place.removeprefix("dm:") in self.closed:
            raise DMClosed(place)
        if place.removeprefix("dm:") in self.failing:
            raise ServerError(place)
        if kept is None or kept not in self.kept:
            kept = str(len(self.edits))  # a new message's id: never one used before
            self._went(place, self.reads(piece, False, buttons), kept)
        self.kept[kept] = (place, piece)
        self.kept_buttons[kept] = buttons
        self.edits.append((place, kept))
        if buttons is not None:
            self.buttons.append((place, piece, buttons))
        return kept

    async def drop(self, place: str, kept: str) -> None:
        """Deletes a kept message of this place (one of another place, or gone: nothing)."""
        if self.kept.get(kept, ("",))[0] == place:
            del self.kept[kept]

    def kept_text(self, place: str) -> str:
        """What a place's kept messages say now, put together."""
        return "".join(piece for where, piece in self.kept.values() if where == place)

    def read_by(self, user: str) -> list[str]:
        """What a person can read in their DMs now: the messages sent, and the kept view."""
        return [*self.to(user), self.kept_text(f"dm:{user}")]

    @asynccontextmanager
    async def typing(self, place: str) -> AsyncIterator[None]:
        self.typed.append((place, len(self.sent)))
        self.typing_now.add(place)
        try:
            yield
        finally:
            self.typing_now.discard(place)

    async def private_thread(self, channel: str, user: str, title: str, taken: Collection[str] = ()) -> str:
        thread = str(800 + len(self.threads))
        self.threads[thread] = (channel, user)
        return thread

    async def onlookers(self, channel: str, person: str, users: Sequence[str]) -> Onlookers:
        """Those of `users` in `moderators` may read every private thread, as may `moderators`."""
        return Onlookers(tuple(u for u in users if u in self.moderators),
                         join([mention(u) for u in sorted(self.moderators - {person})], ", "))

    def in_channel(self, channel: str) -> list[str]:
        return [text for where, text, _ in self.posts if where == channel]

    def to(self, user: str) -> list[str]:
        return [text for who, text, _ in self.dms if who == user]


class FakeClock:
    def __init__(self, start: datetime = datetime(2026, 3, 1, 12, tzinfo=UTC)):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@dataclass(frozen=True)
class FakeJob:
    id: str


class FakeScheduler:
    """APScheduler's add_job, get_jobs and remove_job, keeping jobs by id; run_due() fires
    those due by the clock. As APScheduler 3 does, it refuses a second job with a held id
    unless told to replace it (ConflictingIdError), and drops a run that comes later than the
    job's misfire_grace_time (1 second unless given; None: however late) instead of firing it."""

    def __init__(self, clock: FakeClock):
        self.clock = clock
        self.jobs: dict[str, tuple[datetime, object, list]] = {}
        self.grace: dict[str, float | None] = {}  # seconds a run may come late; a job put in by hand has no limit
        self.missed: list[str] = []  # the jobs dropped for coming too late

    def add_job(self, func, trigger, *, run_date, id, args, **options):
        assert trigger == "date"
        if id in self.jobs and not options.get("replace_existing", False):
            raise ConflictingIdError(id)
        self.jobs[id] = (run_date, func, args)
        self.grace[id] = options.get("misfire_grace_time", 1)

    def get_jobs(self) -> list[FakeJob]:
        return [FakeJob(job_id) for job_id in self.jobs]

    def remove_job(self, job_id: str) -> None:
        del self.jobs[job_id]
        self.grace.pop(job_id, None)

    async def run_due(self) -> int:
        ran = 0
        while due := sorted((when, job_id) for job_id, (when, _, _) in self.jobs.items()
                            if when <= self.clock()):
            when, job_id = due[0]
            _, func, args = self.jobs.pop(job_id)
            grace = self.grace.pop(job_id, None)
            if grace is not None and self.clock() - when > timedelta(seconds=grace):
                self.missed.append(job_id)
                continue
            await func(*args)
            ran += 1
        return ran


def picture(view: dict, **options: object) -> bytes:
    """A stand-in renderer: the bytes say which view and options it drew."""
    return f"PNG turn={view.get('turn')} secrets={view.get('secrets')} {options}".encode()


def make_tables(service: GameService, clock: FakeClock | None = None,
                messenger: FakeMessenger | None = None, renderer=picture,
                defaults: GameSettings | None = None, cropper=None,
                systems: tuple[str, ...] = ("toy_system",), planner=None, place_check=None) -> Tables:
    """Tables over fakes; a computer seat plans in a worker thread unless `planner` says."""
    clock = clock or FakeClock()
    config = Config(defaults=defaults or GameSettings())
    messenger = messenger or FakeMessenger()
    messenger.clock = messenger.clock or clock
    return Tables(service, Delivery(service, messenger, renderer, clock, cropper, place_check),
                  FakeScheduler(clock), config, clock, systems=systems,
                  planner=planner or ThreadPlanner())


async def seated_game(tables: Tables, hot_seat: bool = False, system: str = "toy_system",
                      scenario: str = "short", seed: int | None = None) -> int:
    """A game in CHANNEL (the toy race unless told), Anna holding the first side and Boris the
    second, started."""
    await tables.lobby.new(ANNA, GUILD, CHANNEL, system, scenario, hot_seat=hot_seat, seed=seed)
    first, second = rules.load(system).INFO.sides
    await tables.lobby.join(ANNA, CHANNEL, first)
    await tables.lobby.join(BORIS, CHANNEL, second)
    await tables.lobby.start(ANNA, CHANNEL)
    return tables.game_in(CHANNEL)["id"]


def thread_of_anna(service: GameService) -> tuple[Tables, int, FakeMessenger]:
    """A started game whose player Anna has a private thread in its channel, DMs open again."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    messenger.closed.add(ANNA.id)
    run(tables.news.inbox(ANNA, CHANNEL))
    messenger.closed.clear()
    return tables, game_id, messenger


def second_game(tables: Tables) -> int:
    """A game opened after the one in CHANNEL, in OTHER, Boris holding Red and the Stranger Blue
    (Anna has no seat in it): a room that read the wrong channel would find this one."""
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "short"))
    run(tables.lobby.join(BORIS, OTHER, "red"))
    run(tables.lobby.join(STRANGER, OTHER, "blue"))
    run(tables.lobby.start(BORIS, OTHER))
    return tables.game_in(OTHER)["id"]


class FakeInteraction:
    """Just enough of discord.Interaction for the command glue: records each answer in order."""

    def __init__(self, tables: Tables, actor: Actor, channel: str = CHANNEL):
        self.client = type("Client", (), {"tables": tables})()
        self.user = type("User", (), {"id": int(actor.id), "display_name": actor.name})()
        self.permissions = type("Perms", (), {"manage_guild": actor.manage_guild})()
        self.channel_id = int(channel)
        self.calls: list[tuple[str, dict]] = []
        outer = self

        class Response:
            async def defer(self, **kwargs):
                outer.calls.append(("defer", kwargs))

            async def send_message(self, content, **kwargs):
                outer.calls.append(("response", {"content": content, **kwargs}))

        class Followup:
            async def send(self, content, **kwargs):
                outer.calls.append(("followup", {"content": content, **kwargs}))

        self.response, self.followup = Response(), Followup()


# -- real discord.py objects over fake HTTP ----------------------------------------------------

APP_ID, BOT_ID = 5000, 5001
_ids = iter(range(700000, 10**9))


def snowflake() -> str:
    return str(next(_ids))


def user_data(user_id: int | str, name: str, bot: bool = False) -> dict:
    return {"id": str(user_id), "username": name, "global_name": name, "discriminator": "0",
            "avatar": None, "bot": bot}


def member_data(actor: Actor) -> dict:
    """A guild member as Discord sends it in an interaction (permissions resolved)."""
    return {"user": user_data(actor.id, actor.name), "roles": [], "nick": None,
            "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False,
            "flags": 0, "permissions": str(0x20 if actor.manage_guild else 0)}


def channel_data(channel: str = CHANNEL, kind: int = 0) -> dict:
    return {"id": channel, "type": kind, "guild_id": GUILD, "name": "game", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None}


def message_data(channel: str, author: dict, content: str = "", **extra: object) -> dict:
    return {"id": snowflake(), "channel_id": channel, "author": author, "content": content,
            "timestamp": "2026-03-01T12:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": False, "type": 0, "flags": 0, **extra}


def interaction_data(kind: int, actor: Actor, data: dict, channel: str = CHANNEL,
                     message: dict | None = None) -> dict:
    """An INTERACTION_CREATE payload: 2 a slash command, 3 a button press."""
    payload = {"id": snowflake(), "application_id": str(APP_ID), "type": kind, "data": data,
               "guild_id": GUILD, "channel_id": channel, "channel": channel_data(channel),
               "member": member_data(actor), "token": "token", "version": 1,
               "app_permissions": "0", "locale": "en-US", "attachment_size_limit": 8 << 20,
               "entitlements": []}
    if message is not None:
        payload["message"] = message
    return payload


class RecordingAdapter:
    """discord.py's webhook adapter without the network: records every interaction response,
    follow-up and edit, in order, and answers with plausible payloads."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []

    async def create_interaction_response(self, interaction_id, token, *, params, **_):
        self.calls.append(("respond", params.payload))
        return {"interaction": {"id": str(interaction_id), "type": params.payload["type"]}}

    async def execute_webhook(self, webhook_id, token, *, payload=None, **_):
        self.calls.append(("followup", payload))
        return message_data(CHANNEL, user_data(BOT_ID, "Kolocha", bot=True), **payload)

    async def edit_original_interaction_response(self, application_id, token, *, payload=None,
                                                 **_):
        self.calls.append(("edit", payload))
        return message_data(CHANNEL, user_data(BOT_ID, "Kolocha", bot=True), **payload)


class FakeHTTP:
    """The HTTPClient calls the bot makes, recorded; people in `closed` refuse DMs as Discord
    does (403, code 50007); channels in `failing` answer 500."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple]] = []
        self.closed: set[str] = set()
        self.failing: set[str] = set()
        self.dm_channels: dict[str, str] = {}

    def install(self, client) -> None:
        for name in ("add_reaction", "send_message", "edit_message", "start_private_message",
                     "start_thread_without_message", "delete_message", "get_user", "get_channel"):
            setattr(client.http, name, getattr(self, name))

    async def add_reaction(self, channel_id, message_id, emoji):
        self.calls.append(("react", (str(channel_id), emoji)))

    async def start_private_message(self, user_id):
        channel = self.dm_channels.setdefault(str(user_id), snowflake())
        return {"id": channel, "type": 1, "recipients": [user_data(user_id, "someone")]}

    async def send_message(self, channel_id, *, params):
        user = next((u for u, c in self.dm_channels.items() if c == str(channel_id)), None)
        if user in self.closed:
            raise forbidden()
        if str(channel_id) in self.failing:
            raise server_error()
        payload = params.payload or next(
            (json.loads(part["value"]) for part in params.multipart or []
             if part["name"] == "payload_json"), {})  # a message with files is multipart
        self.calls.append(("dm" if user else "send", (user or str(channel_id), payload)))
        return message_data(str(channel_id), user_data(BOT_ID, "Kolocha", bot=True),
                            **{k: v for k, v in payload.items() if k in ("content",)})

    async def edit_message(self, channel_id, message_id, *, params):
        """A kept message written again (a player's view of their own units)."""
        self.calls.append(("edit", (str(channel_id), str(message_id), params.payload)))
        return message_data(str(channel_id), user_data(BOT_ID, "Kolocha", bot=True), id=str(message_id),
                            **{k: v for k, v in params.payload.items() if k in ("content",)})

    async def delete_message(self, channel_id, message_id, *, reason=None):
        self.calls.append(("delete", (str(channel_id), str(message_id))))

    async def start_thread_without_message(self, channel_id, **options):
        self.calls.append(("thread", (str(channel_id), options)))
        return {**channel_data(snowflake(), 11), "parent_id": str(channel_id),
                "name": options["name"], "owner_id": str(BOT_ID), "message_count": 0,
                "member_count": 1, "rate_limit_per_user": 0,
                "thread_metadata": {"archived": False, "auto_archive_duration":
                                    options["auto_archive_duration"],
                                    "archive_timestamp": "2026-03-01T12:00:00+00:00",
                                    "locked": False}}

    async def get_user(self, user_id):
        return user_data(user_id, "someone")

    async def get_channel(self, channel_id):
        return channel_data(str(channel_id))

    def of(self, kind: str) -> list[tuple]:
        return [args for what, args in self.calls if what == kind]


def server_error() -> discord.DiscordServerError:
    response = type("Response", (), {"status": 500, "reason": "Internal Server Error"})()
    return discord.DiscordServerError(response, {"code": 0, "message": "500: Internal Server Error"})


def forbidden() -> discord.Forbidden:
    response = type("Response", (), {"status": 403, "reason": "Forbidden"})()
    return discord.Forbidden(response, {"code": 50007,
                                        "message": "Cannot send messages to this user"})
