"""The Discord bot: `create_bot()` builds it with every command, `run()` connects it.

Nothing here decides anything: commands call Tables (bot/tables/). At start-up (setup_hook,
once) the bot opens the store, starts the deadline scheduler and rebuilds its jobs from the
database, starts the outbox job (what a stop or a failure left unsent is sent now, and retried
every minute), registers the persistent buttons and syncs the command tree. Plain messages in a
game channel are read as commands only when the message-content intent is enabled in the config;
Tables.plain decides which are commands.

`run()` stops gracefully on SIGTERM and SIGINT: the scheduler stops, commands under way finish
(each game's lock is taken in turn, for up to STOP_SECONDS), the store is closed, then the
connection. What was stored but not sent waits in the outbox for the next start.
"""
from __future__ import annotations

import asyncio
import logging
import signal
from datetime import UTC, datetime

import discord
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from discord.ext import commands

from bot.config import Config
from bot.delivery import Delivery, DMClosed, Messenger, Renderer, default_renderer
from bot.discord.buttons import Confirm
from bot.discord.commands import PLAY_COMMANDS, GameCommands
from bot.discord.messenger import QUIET, DiscordMessenger, pieces
from bot.permissions import Actor
from bot.service import BUSY, SORRY, GameService, is_busy
from bot.store import Store
from bot.tables import PlainReply, Tables

log = logging.getLogger("kolocha.discord")

DM_CLOSED = ("I could not DM you the answer (your DMs are closed). Use `/order` for a private "
             "answer, or allow DMs from this server's members (Privacy Settings).")
DM_CLOSED_SECONDS = 20.0
RETRY_SECONDS = 60  # how often the outbox is tried again for what failed to send
STOP_SECONDS = 20.0  # how long a stop waits for commands under way (Docker waits 10 s by default)


def intents_for(config: Config) -> discord.Intents:
    """Guilds only, plus the privileged message-content intent for plain-message commands."""
    intents = discord.Intents.none()
    intents.guilds = True
    if config.message_content:
        intents.guild_messages = True
        intents.message_content = True
    return intents


class KolochaBot(commands.Bot):
    """The bot; `tables` exists once setup_hook has opened the store."""

    def __init__(self, config: Config, renderer: Renderer | None = None):
        super().__init__(command_prefix=commands.when_mentioned, intents=intents_for(config),
                         help_command=None, allowed_mentions=QUIET)
        self.config = config
        self.renderer = renderer
        self.tables: Tables | None = None
        self.scheduler: AsyncIOScheduler | None = None
        self.tree.add_command(GameCommands())
        for command in PLAY_COMMANDS:
            self.tree.add_command(command)
        self.tree.on_error = command_failed  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        scheduler = self.scheduler = AsyncIOScheduler(timezone="UTC")
        service = GameService(Store(self.config.database))
        delivery = Delivery(service, DiscordMessenger(self), self.renderer)
        self.tables = Tables(service, delivery, scheduler, self.config)
        scheduler.start()
        log.info("rebuilt %d deadline(s) from the database", self.tables.deadlines.rebuild())
        log.info("%d message(s) wait in the outbox", len(service.store.undelivered()))
        scheduler.add_job(delivery.flush, "interval", seconds=RETRY_SECONDS, id="outbox",
                          next_run_time=datetime.now(UTC), coalesce=True, max_instances=1,
                          replace_existing=True)
        self.add_dynamic_items(Confirm)
        synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def on_message(self, message: discord.Message) -> None:
        """A seated player's command typed in a game channel: ✅ or ❌ on the message, the
        public line from Tables, and anything for the author alone by DM (see answer_plain)."""
        if not self.config.message_content or self.tables is None:
            return
        if message.author.bot or message.guild is None:
            return
        manage = isinstance(message.author, discord.Member) and \
            message.author.guild_permissions.manage_guild
        actor = Actor(str(message.author.id), message.author.display_name, manage)
        outcome = await self.tables.play.plain(actor, str(message.channel.id), message.content)
        if outcome is not None:
            await answer_plain(self.tables.delivery.messenger, message, outcome)

    async def close(self) -> None:
        """Stop gracefully: no new jobs, commands under way finish, the store closes."""
        if self.scheduler is not None and self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        if self.tables is not None:
            tables, self.tables = self.tables, None  # new interactions find no tables
            try:
                await asyncio.wait_for(tables.quiesce(), STOP_SECONDS)
            except TimeoutError:
                log.warning("commands still under way after %.0f s; stopping anyway",
                            STOP_SECONDS)
            tables.store.close()
        await super().close()


async def answer_plain(messenger: Messenger, message: discord.Message, outcome: PlainReply
                       ) -> None:
    """React to a plain-message command, and DM its author what is for them alone. A plain
    message cannot be answered privately, so when their DMs are closed a short reply (gone
    after DM_CLOSED_SECONDS) says only where to look: the words never appear in public."""
    deleted = outcome.withdraw and await _deleted(message)
    if not deleted:
        try:
            await message.add_reaction("✅" if outcome.accepted else "❌")
        except discord.HTTPException:
            log.warning("cannot react in channel %s", message.channel.id)
    if not outcome.private:
        return
    try:
        for piece in pieces(outcome.private):
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
    """Any error a command did not expect: logged, and the player gets one private sentence
    (never a traceback, never "thinking..." forever): "try again" when the database was busy
    with another connection's write for longer than the store waits."""
    sentence = BUSY if is_busy(getattr(error, "original", error)) else SORRY
    log.error("command %s failed", interaction.command and interaction.command.qualified_name,
              exc_info=error)
    if interaction.response.is_done():
        await interaction.followup.send(sentence, ephemeral=True)
    else:
        await interaction.response.send_message(sentence, ephemeral=True)


def create_bot(config: Config | None = None, renderer: Renderer | None = None) -> KolochaBot:
    """The whole bot with its command tree, not connected to anything yet."""
    return KolochaBot(config or Config(), renderer or default_renderer())


def run(config: Config) -> None:
    """Connect and serve until SIGTERM or SIGINT (discord.py's own logging and reconnects)."""
    assert config.token, "run() needs a token"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(create_bot(config), config.token))


async def serve(bot: KolochaBot, token: str) -> None:
    """Serve until a stop signal, then close gracefully (KolochaBot.close)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop, bot, sig)
    async with bot:
        await bot.start(token)


def stop(bot: KolochaBot, sig: signal.Signals) -> None:
    log.info("%s: stopping gracefully", sig.name)
    asyncio.get_running_loop().create_task(bot.close())


