"""A simulated Discord server (the `simcord` package) around the real bot: discord.py's own
client, command tree, views and permission errors, against an in-memory Discord with a virtual
clock. The bot's deadline clock is that virtual clock, so `env.advance_time()` drives the real
APScheduler without sleeping.

A server has one guild with a game channel, a spectators' channel and four people: Anna and
Boris (players), Mod (Manage Server) and Stranger.
"""
from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import discord
import simcord

import bot
from bot.config import Config, GameSettings
from bot.discord.app import KolochaBot
from bot.store import blank
from tests.bot.discord.discord_fakes import picture


class VirtualClock:
    """The bot's clock: simcord's virtual time once the simulation exists."""

    def __init__(self) -> None:
        self.env: simcord.Env | None = None

    def __call__(self) -> datetime:
        assert self.env is not None, "the bot read the clock before the simulation existed"
        return self.env.now()


@dataclass
class Server:
    env: simcord.Env
    client: KolochaBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    watch: simcord.ChannelHandle
    anna: simcord.MemberActor
    boris: simcord.MemberActor
    mod: simcord.MemberActor
    stranger: simcord.MemberActor
    seen_errors: int = 0

    def errors(self) -> list[BaseException]:
        """What the bot's handlers raised (and answered) so far; seen, so not re-raised."""
        errors = self.env.errors
        self.seen_errors = len(errors)
        return errors

    @property
    def tables(self):
        assert self.client.tables is not None
        return self.client.tables

    def game(self) -> dict:
        return self.tables.game_in(str(self.channel.id))

    def posts(self, channel: simcord.ChannelHandle | None = None) -> list[str]:
        return [m.content for m in (channel or self.channel).history()]

    def dms(self, person: simcord.MemberActor) -> list[str]:
        return [m.content for m in person.user.dm_channel.history()
                if m.author.id == self.client.user.id]  # type: ignore[union-attr]

    async def restart(self) -> None:
        """The bot process stops and a new one starts over the same database and world."""
        old = self.client
        self.client = make_bot(old.config, old.clock)
        await self.env.restart_bot(self.client)


def make_bot(config: Config, clock: Callable[[], datetime]) -> KolochaBot:
    return bot.create_bot(config, picture, clock)


def new_database(db: Path) -> None:
    """The bot's database, where there is none yet: a copy of an empty store's file (bot.store.blank)."""
    if not db.exists():
        blank(db).close()


@asynccontextmanager
async def server(db: Path, *, defaults: GameSettings | None = None, message_content: bool = False,
                 owner: str | None = None, **options: object) -> AsyncIterator[Server]:
    """A running bot in a simulated guild, owned by the person named `owner` (else by someone
    else); simcord `options` (strict_sync, approved_intents, check_errors) go to simcord.Env."""
    new_database(db)
    clock = VirtualClock()
    config = Config(database=str(db), message_content=message_content,
                    defaults=defaults or GameSettings())
    client = make_bot(config, clock)
    options.setdefault("settle_timeout", 30.0)
    options.setdefault("shard_count", 1)  # the bot shards as Discord recommends; one server needs one
    env = simcord.Env(client, **options)  # type: ignore[arg-type]
    clock.env = env
    await env.start()
    world: Server | None = None
    try:
        with env.time_context():
            users = {name: env.create_user(name) for name in ("anna", "boris", "mod", "stranger")}
            guild = env.create_guild("Kolocha club", owner=users[owner] if owner else None)
            people = [guild.add_member(users[name]) for name in ("anna", "boris")]
            managers = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
            mod = guild.add_member(users["mod"], roles=[managers])
            stranger = guild.add_member(users["stranger"])
            await env.settle()
            world = Server(env, client, guild, guild.create_text_channel("game"),
                           guild.create_text_channel("watch"), *people, mod, stranger)
            yield world
    finally:
        await env.shutdown()
    unseen = env.errors_since(world.seen_errors if world else 0)
    if unseen:
        raise ExceptionGroup("the bot raised errors nobody looked at", list(unseen))


async def borodino(s: Server) -> int:
    """Borodino 7 September in the game channel: Anna French, Boris Russian, started."""
    return await started(s, "borodino", "7sep")


async def started(s: Server, system: str, scenario: str) -> int:
    """A game of a system in the game channel: Anna French, Boris Russian, started."""
    await s.anna.slash(s.channel, "game new", system=system, scenario=scenario)
    await s.anna.slash(s.channel, "game join", side="french")
    await s.boris.slash(s.channel, "game join", side="russian")
    await s.anna.slash(s.channel, "game start")
    return s.game()["id"]


def play(test: Callable[[Path], Awaitable[None]], tmp_path: Path) -> None:
    asyncio.run(test(tmp_path / "k.sqlite"))


def reply(result: simcord.InteractionResult) -> str:
    """The private answer of a deferred command: its follow-up (or its direct response)."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None
    return message.content
