"""The Discord bot: `create_bot()` builds it with every command, `run()` connects it.

Nothing here decides anything: commands call Tables (bot/tables/). At start-up (setup_hook,
once) the bot opens the store, starts the deadline scheduler and plans the stored deadlines
(in steps, while it connects and answers; bot/deadlines.py), starts the outbox job (what a stop or a
failure left unsent is sent now, and retried every minute), sets the computer seats whose side
acts to play, registers the persistent buttons and, in the background, syncs the command tree
with Discord when it differs from the one last synced (its hash is kept in the database;
`kolocha sync` forces it). A sync Discord fails (a 5xx, a network error) is tried again with a
growing pause (SYNC_RETRY) while the bot serves; `kolocha sync` gives up after those tries.
Discord out of reach at the start is one sentence and exit status 1 (the service manager tries
again later), never a traceback.
Plain messages in a game channel are read as commands only when the message-content intent is
enabled in the config; Play.plain (bot/tables/typed.py) decides which are commands. A deleted game
channel, thread or server pauses its games (Management.lose_channel).

`run()` stops gracefully on SIGTERM and SIGINT: the scheduler starts no job, the computer's
thinking stops (made again at the next start), the interactions and messages under way are
answered and the outbox's message under way is sent, no other begun (then each game's lock is
taken in turn; all within STOP_SECONDS, past which each thing not finished is one log line and is
cancelled), the store is closed, then the connection: at once, even while discord.py waits to
reconnect to an unreachable Discord. What was stored but not sent waits in the outbox for the next
start.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import faulthandler
import hashlib
import io
import itertools
import json
import logging
import signal
import sqlite3
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, tzinfo
from typing import Any, NamedTuple

import aiohttp
import discord
from apscheduler.schedulers import base as apscheduler_base
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from discord.ext import commands

import rules
from bot.config import Config
from bot.deadlines import Clock, utc_now
from bot.delivery import (
    CHANNEL_REFUSALS,
    Delivery,
    DMClosed,
    Messenger,
    Cropper,
    PlaceCheck,
    Renderer,
    default_cropper,
    default_place_check,
    default_renderer,
)
from bot.discord.buttons import Answer, Answers, Confirm, Verify
from bot.discord.commands import PLAY_COMMANDS, GameCommands, GamesCommands, help_command, prefs
from bot.discord.loopback import point_at
from bot.discord.messenger import QUIET, DiscordMessenger, send_reply, trouble
from bot.memory import few_arenas, give_back_large_blocks
from bot.permissions import Actor, TableError
from bot.service import BUSY, SORRY, GameService, is_busy
from bot.store import Store
from bot.tables import PlainReply, Tables
from bot.under_way import named, ours
from bot.words import Text, words

log = logging.getLogger("kolocha.discord")

DM_CLOSED = ("I could not DM you the answer (your DMs are closed). Use `/order` for a private "
             "answer, or allow DMs from this server's members (Privacy Settings).")
DM_CLOSED_SECONDS = 20.0
TYPED_HINT = ("I cannot read orders typed in a game's channel on this server (the bot runs without Discord's "
              "message-content permission), so nothing typed there is played. Give an order with `/order "
              "command:` and its words, a phase's orders at once with `/orders` (one a line), or type them to "
              "me here: I read direct messages. (I say this once.)")
UNKNOWN_MEMBER = 10007  # Discord's error code for a person not (or no longer) on a server
RETRY_SECONDS = 60  # how often the outbox is tried again for what failed to send
STOP_SECONDS = 20.0  # how long a stop waits for commands under way (Docker waits 10 s by default)
CANCEL_SECONDS = 2.0  # how long a stop cut short waits for what it cancelled to end
TREE_HASH = "command_tree_sha256"
SYNC_RETRY = (5.0, 15.0, 60.0, 300.0)  # seconds before each new try of a failed sync (then the last)
# discord.py's task names for what a stop waits for, with the words a stop cut short logs
HANDLER_WORDS = {"CommandTree-invoker": "a slash command", "discord-ui-": "a button pressed",
                 "discord.py: on_message": "a typed message"}
HANDLERS = tuple(HANDLER_WORDS)
HANDLING: weakref.WeakKeyDictionary[asyncio.Task, str] = weakref.WeakKeyDictionary()  # a handler's command, who, where
CUT_SHORT = ("cut short: if its game stored it, it stands and its news goes out at the next start; if not, "
             "it was never accepted. Either way its player may have had no answer")
EXIT_PORTAL = 78  # EX_CONFIG; deploy/kolocha.service: RestartPreventExitStatus=78
PORTAL_SWITCH = ("kolocha run: Discord refused the Message Content intent this server's config "
                 "asks for (message_content = true). Turn on Bot > Privileged Gateway Intents > "
                 "MESSAGE CONTENT INTENT for this application in the Discord developer portal "
                 "(https://discord.com/developers/applications), or set message_content = false "
                 "in the config; then start the bot again.")
UNREACHABLE = ("{command}: cannot reach Discord ({error}); check this machine's network (and "
               "https://discordstatus.com), then {then}.")
UNANSWERED = ("Discord did not take the answer to this command ({error}); `/game status` shows where the "
              "game stands now.")
BAD_TOKEN = ("{command}: Discord refused the token in DISCORD_TOKEN. Copy the bot's token "
             "again (developer portal > Bot > Reset Token) into the environment file.")


def intents_for(config: Config) -> discord.Intents:
    """Guilds and direct messages (whose text Discord always shows the bot), plus the privileged
    message-content intent for plain-message commands in game channels."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.dm_messages = True
    intents.guild_messages = True  # without message content: who typed, for a hint on how to give orders
    intents.message_content = config.message_content
    return intents


class ClockedScheduler(AsyncIOScheduler):
    """APScheduler 3's asyncio scheduler, reading the time from an injected clock (tests pass
    a virtual one, so the real scheduler runs deadlines without sleeping). APScheduler asks
    `datetime.now()` of its base module when it looks for due jobs; during that look-up (on
    the event loop, nothing else runs meanwhile) the module's `datetime` answers from the
    clock. Its timers wait on the event loop."""

    def __init__(self, clock: Clock):
        super().__init__(timezone=UTC)
        self.clock = clock

    def _process_jobs(self) -> float | None:
        clock = self.clock

        class ClockTime(datetime):
            @classmethod
            def now(cls, tz: tzinfo | None = None) -> datetime:  # type: ignore[override]
                return clock().astimezone(tz)

        real = apscheduler_base.datetime
        apscheduler_base.datetime = ClockTime  # type: ignore[misc]
        try:
            return super()._process_jobs()
        finally:
            apscheduler_base.datetime = real  # type: ignore[misc]


def tree_hash(tree: discord.app_commands.CommandTree) -> str:
    """A fingerprint of the command tree as Discord receives it."""
    payload = [command.to_dict(tree) for command in tree.get_commands()]
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


class Pictures(NamedTuple):
    """How the bot draws (bot/delivery/pictures.py): the map, the latest action at a phone's width, and
    the check of places a map is asked around; None for each it does not have (text only)."""

    renderer: Renderer | None = None
    cropper: Cropper | None = None
    place_check: PlaceCheck | None = None


class KolochaBot(commands.AutoShardedBot):
    """The bot, sharded as Discord recommends (one connection per 2,500 servers at most, which
    Discord requires beyond that: discord.py's AutoShardedBot asks how many and runs them all in
    this process); `tables` exists once setup_hook has opened the store. `clock` is the time its
    deadlines and scheduler read (tests pass a fake one); `sync_only` makes a bot that only
    syncs its command tree and opens nothing else (`kolocha sync`)."""

    def __init__(self, config: Config, pictures: Pictures = Pictures(), clock: Clock = utc_now,
                 sync_only: bool = False):
        super().__init__(command_prefix=commands.when_mentioned, intents=intents_for(config),
                         help_command=None, allowed_mentions=QUIET)
        self.config = config
        self.pictures = pictures
        self.clock = clock
        self.sync_only = sync_only
        self._background: set[asyncio.Task] = set()
        self._flushing = False  # the outbox's retry job sends
        self.tables: Tables | None = None
        self.scheduler: AsyncIOScheduler | None = None
        self._starting: list[asyncio.Task] = []  # the deadlines' rebuild and the command sync
        self.when_ready: list[Callable[[], None]] = []  # run once, when first connected (run()'s warm-up)
        self.tree.add_command(GameCommands())
        self.tree.add_command(GamesCommands())
        self.tree.add_command(help_command)
        self.tree.add_command(prefs)
        for command in PLAY_COMMANDS:
            self.tree.add_command(command)
        self.tree.on_error = command_failed  # type: ignore[method-assign]
        self.tree.interaction_check = name_the_command  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        store = Store(self.config.database)
        if self.sync_only:
            await self.sync_commands(store, force=True, tries=len(SYNC_RETRY) + 1)
            return
        scheduler = self.scheduler = ClockedScheduler(self.clock)
        service = GameService(store)
        messenger = DiscordMessenger(self, self.config.message_content)
        delivery = Delivery(service, messenger, self.pictures.renderer, self.clock,
                            self.pictures.cropper, self.pictures.place_check)
        delivery.channel_lost = self._refused
        delivery.owner_of = self._owner
        delivery.member_of = self._member
        self.tables = Tables(service, delivery, scheduler, self.config, self.clock)
        scheduler.start()
        loop = asyncio.get_running_loop()
        self._starting.append(loop.create_task(self._rebuild(self.tables)))
        gone = service.store.told_games_gone()  # read before tell_lost writes the marks anew
        if gone:
            log.warning("the database was restored from a copy made before game(s) %s began: they are gone "
                        "with all their commands, their players not told (tell them; a new game takes each "
                        "number again)", ", ".join(map(str, gone)))
        lost = self.tables.news.tell_lost()
        if lost:  # said only when a restore lost something: a line at every start read as if one had
            log.warning("the database was restored from an older copy that lacks commands its players were "
                        "told of: %d game(s) go on from the copy's last command, their tables told so", lost)
        log.info("%d message(s) wait in the outbox", len(service.store.undelivered()))
        self.retry_outbox(scheduler, delivery)
        await self.tables.lobby.finish_all()  # a game opened against the computer that a stop cut short
        await self.tables.play.resume_all()  # standing and held orders due, a stop coming first (Play.resume)
        await self.tables.computer.wake_all()  # a computer seat whose side acts plays now
        self.add_dynamic_items(Confirm, Verify, Answer, Answers)
        self._starting.append(loop.create_task(self.sync_commands(store)))

    def retry_outbox(self, scheduler: AsyncIOScheduler, delivery: Delivery) -> None:
        """The outbox tried again every RETRY_SECONDS, from now. A run that starts while the last one
        still sends (a backlog after a restart, Discord slow) does nothing (`_flush`): with one run at
        a time (max_instances=1) APScheduler skipped it with a warning in the admin's log ('maximum
        number of running instances reached') that asked nothing of anyone."""
        scheduler.add_job(self._flush, "interval", seconds=RETRY_SECONDS, id="outbox", args=[delivery],
                          next_run_time=self.clock(), coalesce=True, max_instances=2,
                          replace_existing=True, misfire_grace_time=None)

    async def _flush(self, delivery: Delivery) -> None:
        """The outbox's sending, waited for by a stop (the scheduler's shutdown does not); nothing
        while a run before it still sends (the next run sends what is left then)."""
        task = asyncio.current_task()
        assert task is not None
        if self._flushing:
            return
        self._flushing = True
        task.set_name(named("the outbox's sending"))
        self._background.add(task)
        try:
            await delivery.flush()
        finally:
            self._flushing = False
            self._background.discard(task)

    async def _rebuild(self, tables: Tables) -> None:
        """The stored deadlines' jobs, made while the bot connects and answers (Deadlines.rebuild)."""
        log.info("scheduled the deadlines of %d game(s) from the database",
                 await tables.deadlines.rebuild())

    async def sync_commands(self, store: Store, force: bool = False, tries: int | None = None) -> None:
        """Send the command tree to Discord when it changed since the last sync (or when
        forced): a restart loop must not sync on every start (Discord rate-limits it). A sync
        that fails on Discord's side or on the way is tried again after SYNC_RETRY's pauses (the
        last one over and over), `tries` times in all (None: until it succeeds)."""
        fingerprint = tree_hash(self.tree)
        if not force and store.meta(TREE_HASH) == fingerprint:
            log.info("command tree unchanged since the last sync; not syncing")
            return
        for attempt in itertools.count(1):
            try:
                synced = await self.tree.sync()
                break
            except (discord.DiscordServerError, aiohttp.ClientError, OSError) as error:
                if tries is not None and attempt >= tries:
                    raise
                pause = SYNC_RETRY[min(attempt, len(SYNC_RETRY)) - 1]
                log.warning("command sync failed (%s); trying again in %.0f s", error, pause)
                await asyncio.sleep(pause)
        store.set_meta(TREE_HASH, fingerprint)
        log.info("synced %d application commands", len(synced))

    def systems_in_play(self) -> list[str]:
        """The systems of the games not over (none before setup_hook has opened the store)."""
        return self.tables.store.systems_in_play() if self.tables is not None else []

    async def on_ready(self) -> None:
        """Connected and answering: now what waited for it (run()'s warm-up of the pictures, whose
        drawing would hold the interpreter from the bot's own start-up)."""
        while self.when_ready:
            self.when_ready.pop(0)()

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._lost(str(channel.id), "its channel was deleted")

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread deleted alone, or with its channel: discord.py tells each thread of a deleted channel
        after the channel, in handlers that race, and the channel's loss is told first whichever runs first,
        so that a player's private thread in it went with the channel, said once in the DM saying the game
        waits (Management.lose_channel), not also as a thread of its own deleted."""
        if payload.parent_id is not None and self.get_channel(payload.parent_id) is None:  # gone with its channel
            await self._lost(str(payload.parent_id), "its channel was deleted")
            await self._lost(str(payload.thread_id), "its channel was deleted")
            return
        await self._lost(str(payload.thread_id), "its thread was deleted")

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        if self.tables is not None:
            await self.tables.management.lose_guild(str(guild.id), "the bot was removed from "
                                               "its server")

    async def _owner(self, guild: str) -> str | None:
        """The owner of a server the bot is in (a notice of a damaged row goes to them)."""
        try:
            found = self.get_guild(int(guild)) or await self.fetch_guild(int(guild))
        except (discord.NotFound, discord.Forbidden):  # the bot left that server
            return None
        return str(found.owner_id) if found.owner_id else None

    async def _member(self, guild: str, user: str) -> bool:
        """Whether a person is still on a server: False only when Discord says they are not
        (Unknown Member; asking for one member needs no privileged intent)."""
        try:
            found = self.get_guild(int(guild)) or await self.fetch_guild(int(guild))
            await found.fetch_member(int(user))
        except discord.NotFound as error:
            return error.code != UNKNOWN_MEMBER
        except (discord.HTTPException, aiohttp.ClientError, OSError):  # Discord will not say now: still there
            return True
        return True

    def _refused(self, channel: str) -> None:
        """Discord refused CHANNEL_REFUSALS posts in a row in this channel: its games pause (in
        a task of their own, as delivery may run under a game's lock)."""
        task = asyncio.get_running_loop().create_task(self._lost(
            channel, f"Discord refused the bot's posts in its channel {CHANNEL_REFUSALS} times "
            "(the bot may no longer post there)"), name=named(f"the pause of the games of channel {channel}"))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _lost(self, channel: str, reason: str) -> None:
        if self.tables is not None:
            await self.tables.management.lose_channel(channel, reason)

    async def on_message(self, message: discord.Message) -> None:
        """Orders in a direct message, answered there (Tables.direct); a seated player's
        command typed in a game channel: ✅ or ❌ on the message, the public line from Tables,
        and anything for the author alone by DM (see answer_plain)."""
        if self.tables is None or message.author.bot:
            return
        if message.guild is None:
            await self._direct(message, self.tables)
            return
        if not self.config.message_content:
            await self._hint(message, self.tables)
            return
        manage = isinstance(message.author, discord.Member) and \
            message.author.guild_permissions.manage_guild
        actor = Actor(str(message.author.id), message.author.display_name, manage)
        handling(f"by {actor.name} in {where(message.channel)}")
        outcome = await self.tables.play.plain(actor, str(message.channel.id), message.content)
        if outcome is not None:
            games = await asyncio.to_thread(self.tables.store.games, channel=str(message.channel.id))
            if outcome.private and games:  # said by DM, where a player of two games reads both: named
                outcome = dataclasses.replace(outcome, private=words(f"Game {games[-1]['id']}: ", outcome.private))
            await answer_plain(self.tables.delivery.messenger, message, outcome)

    async def _hint(self, message: discord.Message, tables: Tables) -> None:
        """Without the message-content intent a typed line cannot be read: a seated player who
        types in their game's channel is told once how orders are given (Play.hint_due)."""
        actor = Actor(str(message.author.id), message.author.display_name)
        if await asyncio.to_thread(tables.play.hint_due, actor, str(message.channel.id)):
            await tell_author(tables.delivery.messenger, message, TYPED_HINT)

    async def _direct(self, message: discord.Message, tables: Tables) -> None:
        """A direct message's orders, played in the sender's game; the answer in the same DM."""
        actor = Actor(str(message.author.id), message.author.display_name)
        handling(f"by {actor.name} in a direct message")
        try:
            text = await tables.direct.message(actor, message.content)
        except TableError as error:
            text = error.text
        await send_reply(message.channel.send, tables.delivery,
                         await asyncio.to_thread(tables.private, actor, text or "Done."), typed=True)

    async def close(self) -> None:
        """Stop gracefully: no new jobs, what is under way is answered, the store closes."""
        for task in self._starting:
            task.cancel()
        if self.scheduler is not None and self.scheduler.running:
            self.scheduler.pause()  # no job starts; one under way (the outbox's sending) finishes
        if self.tables is not None:
            self.tables.computer.stop()
            self.tables.delivery.stopping = True
            stopping = asyncio.current_task()
            try:
                await asyncio.wait_for(self._finish(self.tables, stopping), STOP_SECONDS)
            except TimeoutError:
                await cut_short(stopping)
        if self.scheduler is not None and self.scheduler.running:
            self.scheduler.shutdown(wait=False)  # cancels what is still under way
        if self.tables is not None:
            tables, self.tables = self.tables, None  # anything later finds no tables
            left = await asyncio.to_thread(left_waiting, tables.store)
            tables.store.close()
            log.info("stopped; %s", left)
        await super().close()

    async def _finish(self, tables: Tables, stopping: asyncio.Task | None) -> None:
        """Until nothing is under way: the handlers of interactions and messages (one arriving
        meanwhile is answered too), the bot's own work (the outbox's sending, a deadline's action or
        reminder, the computer's command: bot/under_way.py) but the stop's own, then every game's lock."""
        while under_way := {task for task in asyncio.all_tasks() if not task.done() and task is not stopping and (
                task.get_name().startswith(HANDLERS) or task in self._background)} | \
                {task for task, _ in ours(stopping)}:
            await asyncio.wait(under_way)
        await tables.quiesce()


def left_waiting(store: Store) -> str:
    """What a stop leaves for the next start, said on its last line in the log: an admin can tell
    a stop that ended from one that hung after 'stopping gracefully'."""
    try:
        return f"{len(store.undelivered())} message(s) wait in the outbox for the next start"
    except sqlite3.Error as error:  # another program holds the database past the store's wait
        return f"the outbox could not be counted ({error})"


async def cut_short(stopping: asyncio.Task | None) -> None:
    """A stop's wait ran out (STOP_SECONDS): one warning for each thing not finished, each
    cancelled (what was stored goes out at the next start; what was not, was never accepted), and
    no more about them: no traceback of a job the scheduler saw cancelled, no failure of theirs on
    the store closed after them (bot/under_way.py)."""
    handlers = [(task, f"{words} ({HANDLING[task]})" if task in HANDLING else words, True)
                for task in asyncio.all_tasks() if not task.done() and task is not stopping
                for handler, words in HANDLER_WORDS.items() if task.get_name().startswith(handler)]
    left = [*handlers, *((task, what, False) for task, what in ours(stopping))]
    for _, what, handler in left:
        log.warning("stopping: gave up waiting after %.0f s for %s%s", STOP_SECONDS, what,
                    f"; {CUT_SHORT}" if handler else "")
    if not left:  # a game's lock held by nothing named
        log.warning("stopping: gave up waiting after %.0f s for a game's command under way", STOP_SECONDS)
    logging.getLogger("apscheduler.executors.default").addFilter(not_cancelled)
    for task, _, _ in left:
        task.add_done_callback(_ended)
        task.cancel()
    if left:
        await asyncio.wait([task for task, _, _ in left], timeout=CANCEL_SECONDS)


async def name_the_command(interaction: discord.Interaction) -> bool:
    """Every slash command goes on (the tree's check); its task is named after what it is, who gave it and
    where, for the line a stop cut short logs about it (cut_short)."""
    command = interaction.command.qualified_name if interaction.command else "?"
    handling(f"/{command} by {interaction.user.display_name} in {where(interaction.channel)}")
    return True


def handling(what: str) -> None:
    """What the handler running now handles, said if a stop cuts it short (HANDLING)."""
    task = asyncio.current_task()
    if task is not None:
        HANDLING[task] = what


def where(channel: object) -> str:
    """A channel as its admin knows it: #name, or its id where discord.py has no name for it (a DM)."""
    name = getattr(channel, "name", None)
    return f"#{name}" if name else f"channel {getattr(channel, 'id', '?')}"


def not_cancelled(record: logging.LogRecord) -> bool:
    """A log record that is not of a task a stop cancelled (the scheduler logs a job's with its trace)."""
    return not (record.exc_info and isinstance(record.exc_info[1], asyncio.CancelledError))


def _ended(task: asyncio.Task) -> None:
    """A task a stop cut short has ended: its failure, if any, is taken (the stop said it was cut)."""
    if not task.cancelled():
        task.exception()


async def answer_plain(messenger: Messenger, message: discord.Message, outcome: PlainReply
                       ) -> None:
    """React to a plain-message command, and DM its author what is for them alone. A plain
    message cannot be answered privately, so when their DMs are closed a short reply (gone
    after DM_CLOSED_SECONDS) says only where to look: the words never appear in public. A message
    that should leave the channel (Fog of War) gets no ✅ or ❌ where the server keeps the bot from
    deleting it: the mark would tell every reader whether the orders it names were legal."""
    deleted = outcome.withdraw and await _deleted(message)
    if not outcome.withdraw:
        try:
            await message.add_reaction("✅" if outcome.accepted else "❌")
        except discord.HTTPException:
            log.warning("cannot react in channel %s", message.channel.id)
    if outcome.private:
        await tell_author(messenger, message, outcome.private, deleted)


async def tell_author(messenger: Messenger, message: discord.Message, text: Text,
                      deleted: bool = False) -> None:
    """DM the author of a message in a channel what is for them alone; when their DMs are
    closed, a short reply (gone after DM_CLOSED_SECONDS) says only where to look."""
    try:
        for piece in messenger.pieces(text, f"dm:{message.author.id}"):
            await messenger.dm(str(message.author.id), piece)
    except DMClosed:
        if deleted:  # nothing left to reply to
            await message.channel.send(f"{message.author.mention} {DM_CLOSED}",
                                       delete_after=DM_CLOSED_SECONDS)
        else:
            await message.reply(DM_CLOSED, delete_after=DM_CLOSED_SECONDS, mention_author=True)


async def _deleted(message: discord.Message) -> bool:
    """Delete a message that should not stay in public, where the bot may (Manage Messages)."""
    try:
        await message.delete()
    except discord.HTTPException:
        log.info("cannot delete a message in channel %s", message.channel.id)
        return False
    return True


async def command_failed(interaction: discord.Interaction, error: discord.app_commands.AppCommandError
                         ) -> None:
    """A command on cooldown is told when to come back; any error a command did not expect is
    logged, and the player gets one private sentence (never a traceback, never "thinking..."
    forever): "try again" when the database was busy with another connection's write for
    longer than the store waits, which the log tells in one line (no bug, no trace). Discord
    failing to take the answer (a 5xx, a rate limit it kept up, the network) is no bug either, and
    the command may have been played: the player is not told that nothing changed. A sentence
    Discord will not take is one more log line, never an error left in a task."""
    name = interaction.command and interaction.command.qualified_name
    original = getattr(error, "original", error)
    if isinstance(error, discord.app_commands.CommandOnCooldown):
        text = (f"Not so fast: `/{name}` works again in {error.retry_after:.0f} s (a map a minute per "
                "person, a few per channel, so pictures never flood a channel).")
    elif is_busy(original):  # no bug: another program held the file
        text = BUSY
        log.warning("command %s: the database is busy (%s); the player was asked to try again", name, original)
    elif (said := trouble(original)) is not None:
        text = UNANSWERED.format(error=said)
        log.warning("command %s: Discord did not take its answer (%s)", name, said)
    else:
        text = SORRY
        log.error("command %s failed", name, exc_info=error)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except (discord.HTTPException, aiohttp.ClientError, OSError) as failed:
        if trouble(failed) is None:
            raise
        log.warning("command %s: its player could not be told either (%s)", name, trouble(failed))


def create_bot(config: Config | None = None, renderer: Renderer | None = None,
               clock: Clock = utc_now) -> KolochaBot:
    """The whole bot with its command tree, not connected to anything yet; with a renderer given
    it draws the map alone with it, else with render's own (the map, and the latest action beside
    it), refusing a map asked around places that map lacks."""
    pictures = Pictures(renderer) if renderer is not None else \
        Pictures(default_renderer(), default_cropper(), default_place_check())
    return KolochaBot(config or Config(), pictures, clock)


def run(config: Config) -> int:
    """Connect and serve until SIGTERM or SIGINT (discord.py's own logging and reconnects); the
    exit status. A portal setting or token that no restart can fix exits with EXIT_PORTAL, which
    systemd does not restart (RestartPreventExitStatus), saying what to change."""
    token = config.token
    assert token, "run() needs a token"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quiet_logs()
    with contextlib.suppress(io.UnsupportedOperation):  # a stderr with no file behind it (a test's capture)
        faulthandler.enable()  # a crash in C code (SIGSEGV, SIGABRT) leaves each thread's stack in the log
    give_back_large_blocks()  # a long uptime's pictures leave no freed memory held (bot/memory.py)
    few_arenas()  # before the bot's threads: they share two heaps, not ten (bot/memory.py)
    if config.discord_url:
        point_at(config.discord_url)
    client = create_bot(config)
    client.when_ready.append(threading.Thread(target=lambda: warm_pictures(client.systems_in_play()),
                                              name="warm pictures", daemon=True).start)
    return _exit_status("kolocha run", lambda: asyncio.run(serve(client, token)),
                        "start it again (under systemd it starts again by itself)")


class OneLineReconnects(logging.Filter):
    """discord.py logs each try to reach Discord again as an ERROR with the whole trace of what
    failed, thirty lines a try for as long as the network is out, though it carries on by itself:
    the admin reads one warning line a try, ending with what failed."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Attempting a reconnect") and record.exc_info and record.exc_info[1]:
            error = record.exc_info[1]
            record.msg, record.args = f"{record.getMessage()} ({type(error).__name__}: {error})", ()
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


RECONNECTS = OneLineReconnects()


def quiet_logs() -> None:
    """The log an admin reads (journalctl) without noise: no warning at each start that voice is not
    supported (Kolocha plays no audio), no two lines a minute for each run of the outbox's retry
    job, a try to reconnect in one line; APScheduler's warnings and errors (a job that failed or ran
    late) still show."""
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    for name in ("discord.client", "discord.shard"):
        logging.getLogger(name).addFilter(RECONNECTS)


def opening_views(system) -> list[dict]:
    """The views of a system's opening position that players see first: the public one and, when
    the system hides information, each side's (its own blocks face up, drawn differently)."""
    state = system.setup(system.INFO.default_scenario, 1)
    sides = system.INFO.sides if system.INFO.hidden_information else ()
    return [system.view(state, viewer) for viewer in (None, *sides)]


def warm_pictures(names: Iterable[str] | None = None) -> None:
    """Draw the opening pictures of these systems (default: every one), so that the first picture
    a player asks for is as quick as any other: `kolocha run` warms, in a thread once connected,
    those of the games in play (a system no game plays costs no memory until one does); nothing
    to do without the renderer."""
    try:
        from render import warm
    except ImportError:
        return
    systems = [rules.load(name) for name in (rules.systems() if names is None else names)]
    try:
        warm(view for system in systems for view in opening_views(system))
    except subprocess.CalledProcessError as error:
        if error.returncode >= 0:  # else a signal ended the process making the layers: the bot's own
            log.warning("pictures not warmed: %s", error)  # stop, which reaches its process group
    except Exception as error:  # a thread of its own: the first pictures will just be slower
        log.warning("pictures not warmed: %s: %s", type(error).__name__, error)


async def serve(bot: KolochaBot, token: str) -> None:
    """Serve until a stop signal, then close gracefully (KolochaBot.close), and stop connecting:
    discord.py's reconnecting (its back-off waits up to minutes) is cancelled once closed."""
    loop = asyncio.get_running_loop()
    signalled: asyncio.Future[Any] = loop.create_future()

    def received(sig: signal.Signals) -> None:
        if not signalled.done():
            signalled.set_result(sig)
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, received, sig)
    async with bot:
        serving: asyncio.Future[Any] = loop.create_task(bot.start(token))
        await asyncio.wait([serving, signalled], return_when=asyncio.FIRST_COMPLETED)
        if signalled.done():
            log.info("%s: stopping gracefully", signalled.result().name)
            await bot.close()
            serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving


def sync(config: Config) -> int:
    """Log in, send the command tree to Discord whatever the stored hash says, and stop."""
    token = config.token
    assert token, "sync() needs a token"
    if config.discord_url:
        point_at(config.discord_url)
    quiet_logs()
    client = KolochaBot(config, sync_only=True)

    async def log_in() -> None:
        async with client:
            await client.login(token)
    return _exit_status("kolocha sync", lambda: asyncio.run(log_in()), "run it again")


def _exit_status(command: str, connect: Callable[[], None], then: str) -> int:
    try:
        connect()
    except (discord.DiscordServerError, discord.GatewayNotFound, aiohttp.ClientError, OSError) as error:
        print(UNREACHABLE.format(command=command, error=str(error) or type(error).__name__,
                                 then=then), file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print(PORTAL_SWITCH, file=sys.stderr)
        return EXIT_PORTAL
    except discord.LoginFailure:
        print(BAD_TOKEN.format(command=command), file=sys.stderr)
        return EXIT_PORTAL
    return 0
