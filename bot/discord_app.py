"""The Discord bot: `create_bot()` builds it with every command, `run()` connects it.

Nothing here decides anything: commands call Tables (bot/tables.py). At start-up (setup_hook,
once) the bot opens the store, starts the deadline scheduler and rebuilds its jobs from the
database, registers the persistent buttons and syncs the command tree. Plain messages in a game
channel are read as commands only when the message-content intent is enabled in the config.
"""
from __future__ import annotations

import logging

import discord
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from discord.ext import commands

from bot.config import Config
from bot.delivery import Delivery, DMClosed, Renderer, default_renderer
from bot.discord_buttons import Confirm
from bot.discord_commands import PLAY_COMMANDS, GameCommands
from bot.discord_messenger import DiscordMessenger, clip
from bot.permissions import Actor, TableError, sides_of
from bot.service import QUERIES, GameService
from bot.store import Store
from bot.tables import Tables

log = logging.getLogger("kolocha.discord")

SERVICE_VERBS = (*QUERIES, "undo", "accept", "refuse")


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
                         help_command=None)
        self.config = config
        self.renderer = renderer
        self.tables: Tables | None = None
        self.tree.add_command(GameCommands())
        for command in PLAY_COMMANDS:
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        scheduler = AsyncIOScheduler(timezone="UTC")
        service = GameService(Store(self.config.database))
        delivery = Delivery(service, DiscordMessenger(self), self.renderer)
        self.tables = Tables(service, delivery, scheduler, self.config)
        scheduler.start()
        log.info("rebuilt %d deadline(s) from the database", self.tables.deadlines.rebuild())
        self.add_dynamic_items(Confirm)
        synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def on_message(self, message: discord.Message) -> None:
        if not self.config.message_content or self.tables is None:
            return
        if message.author.bot or message.guild is None or not message.content.strip():
            return
        channel = str(message.channel.id)
        manage = isinstance(message.author, discord.Member) and \
            message.author.guild_permissions.manage_guild
        actor = Actor(str(message.author.id), message.author.display_name, manage)
        if not self._is_command(actor, channel, message.content):
            return
        try:
            reply = await self.tables.play(actor, channel, message.content)
            await message.add_reaction("✅")
        except TableError as error:
            reply = str(error)
            await message.add_reaction("❌")
        try:
            await self.tables.delivery.messenger.dm(actor.id, clip(reply))
        except DMClosed:
            self.tables.store.add_outbox(self.tables.game_in(channel)["id"],
                                         f"user:{actor.id}", {"text": reply})

    def _is_command(self, actor: Actor, channel: str, content: str) -> bool:
        """A seated player's line whose first word is a verb of the game: chat stays chat."""
        assert self.tables is not None
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return False
        if not sides_of(self.tables.store.seats(game["id"]), actor):
            return False
        verb = content.split()[0].lower()
        verbs = {t.split()[0] for t in self.tables.legal_texts(actor, channel)}
        return verb in verbs or verb in SERVICE_VERBS or verb == "end"


def create_bot(config: Config | None = None, renderer: Renderer | None = None) -> KolochaBot:
    """The whole bot with its command tree, not connected to anything yet."""
    return KolochaBot(config or Config(), renderer or default_renderer())


def run(config: Config) -> None:
    """Connect and serve until stopped (discord.py's own logging and reconnects)."""
    assert config.token, "run() needs a token"
    create_bot(config).run(config.token, log_handler=None)


