"""The loopback stand-in for Discord (used by `kolocha bench --discord` and the process-level
test) carries the real bot's HTTP client and websocket: a command is acknowledged and
answered, and its public line is posted."""
from __future__ import annotations

import asyncio

import discord

import bot
from bot.config import Config
from bot.discord.loopback import Loopback, Person, point_at
from tests.bot.discord.discord_fakes import picture


def test_the_real_client_plays_over_the_loopback(tmp_path):
    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        running = asyncio.get_running_loop().create_task(client.start("token"))
        try:
            await asyncio.wait_for(loopback.identified.wait(), 30)
            opened = await loopback.interact(Person(1, "Anna"), "game new",
                                             {"system": "borodino", "scenario": "7sep"})
            for _ in range(600):
                if loopback.texts(f"reply:{opened}"):
                    break
                await asyncio.sleep(0.05)
            assert opened in loopback.acked
            assert "Game 1 is open" in loopback.texts(f"reply:{opened}")[-1]
            assert "Anna opens game 1" in loopback.texts(f"channel:{loopback.channels[0]}")[0]
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        asyncio.run(test())
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway
