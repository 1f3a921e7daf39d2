"""bot/discord/messenger.py, what a failed send becomes: Discord's passing troubles (a 5xx, a rate
limit discord.py's own retries did not outlast, the network) are PlatformDown, which Delivery waits
out however long; a refusal (another 4xx) stays what it is and counts toward giving a row up."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot.delivery import PlatformDown
from bot.discord.messenger import waits_out_troubles


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
