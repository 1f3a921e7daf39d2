"""The Messenger of Delivery over a discord.py client: channel posts and DMs, with a picture.

A closed DM (discord.Forbidden, or a user the bot cannot reach) becomes DMClosed, so the text
waits in the outbox for the player's next interaction. Texts are clipped to Discord's 2000
characters.
"""
from __future__ import annotations

import io
import logging

import discord

from bot.delivery import DMClosed

log = logging.getLogger("kolocha.discord")

LIMIT = 2000


def clip(text: str, limit: int = LIMIT) -> str:
    """Text that fits one Discord message, marked when cut."""
    return text if len(text) <= limit else text[: limit - 2] + " …"


def attachments(picture: bytes | None) -> list[discord.File]:
    return [discord.File(io.BytesIO(picture), filename="map.png")] if picture else []


class DiscordMessenger:
    """Posts and DMs through a connected client."""

    def __init__(self, client: discord.Client):
        self.client = client

    async def post(self, channel: str, text: str, picture: bytes | None = None) -> None:
        target = self.client.get_channel(int(channel))
        try:
            if target is None:
                target = await self.client.fetch_channel(int(channel))
            if not isinstance(target, discord.abc.Messageable):
                raise TypeError(f"channel {channel} takes no messages")
            await target.send(clip(text), files=attachments(picture))
        except (discord.HTTPException, TypeError):
            log.exception("posting in channel %s failed", channel)

    async def dm(self, user: str, text: str, picture: bytes | None = None) -> None:
        try:
            person = self.client.get_user(int(user)) or await self.client.fetch_user(int(user))
            await person.send(clip(text), files=attachments(picture))
        except (discord.Forbidden, discord.NotFound) as error:
            raise DMClosed(user) from error
