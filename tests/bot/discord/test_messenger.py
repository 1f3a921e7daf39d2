"""bot/discord/messenger.py, what a failed send becomes: Discord's passing troubles (a 5xx, a rate
limit discord.py's own retries did not outlast, the network) are PlatformDown, which Delivery waits
out however long; a refusal (another 4xx) stays what it is and counts toward giving a row up. The
bot shown typing is no send: whatever Discord answers, the block it wraps runs."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot.delivery import PlatformDown
from bot.discord.messenger import DiscordMessenger, waits_out_troubles


def answered(status: int) -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=status, reason="reason"), {"message": "said", "code": 0})


def failing(error: Exception):
    @waits_out_troubles
    async def send() -> str:
        raise error
    return send


@pytest.mark.parametrize("error", [answered(500), answered(503), answered(429),
                                   aiohttp.ClientConnectionError("reset"), TimeoutError()])
def test_discords_passing_troubles_are_waited_out(error):
    with pytest.raises(PlatformDown):
        asyncio.run(failing(error)())


@pytest.mark.parametrize("error", [answered(400), answered(403), ValueError("a bug")])
def test_a_refusal_or_a_fault_stays_what_it_is(error):
    with pytest.raises(type(error)):
        asyncio.run(failing(error)())


class Channel(discord.abc.Messageable):
    """A channel whose typing indicator Discord shows (`shown`), or refuses with `error`."""

    def __init__(self, error: Exception | None = None) -> None:
        self.error, self.shown = error, 0

    async def _get_channel(self) -> Channel:
        return self

    def typing(self):  # type: ignore[override]  # awaited once: one POST /channels/{id}/typing
        async def post() -> None:
            if self.error is not None:
                raise self.error
            self.shown += 1
        return post()


@pytest.mark.parametrize("error", [None, answered(403), answered(503), aiohttp.ClientConnectionError("reset")])
def test_the_computer_thinks_whatever_discord_answers_its_typing(error):
    channel, ran = Channel(error), []

    async def think() -> None:
        async with DiscordMessenger(SimpleNamespace(get_channel=lambda n: channel)).typing("channel:5"):
            ran.append(channel.shown)
    asyncio.run(think())
    assert ran == [0 if error else 1]
