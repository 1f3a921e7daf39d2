"""The loopback stand-in for Discord (used by `kolocha bench --discord` and the process-level
test) carries the real bot's HTTP client and websocket: a command is acknowledged and
answered, and its public line is posted; `kolocha sync` sends the command tree through it."""
from __future__ import annotations

import asyncio
import logging
import os
import signal

import aiohttp
import discord
import pytest
from discord.backoff import ExponentialBackoff

import bot
from bot.cli import main
from bot.config import Config
from bot.discord import app
from bot.discord.app import TREE_HASH, serve, tree_hash
from bot.discord.loopback import GATEWAY_PATH, GUILD, Loopback, Person, point_at
from bot.store import Store
from tests.bot.discord.discord_fakes import picture


async def replied(loopback: Loopback, interaction: str) -> None:
    """Wait (up to 30 s) for the bot's reply to an interaction."""
    for _ in range(600):
        if loopback.texts(f"reply:{interaction}"):
            return
        await asyncio.sleep(0.05)

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
            await replied(loopback, opened)
            assert opened in loopback.acked
            assert "Game 1 is open" in loopback.texts(f"reply:{opened}")[-1]
            assert "Anna opens game 1" in loopback.texts(f"channel:{loopback.channels[0]}")[0]
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    on_the_loopback(test)


def test_the_bot_is_shown_typing_over_the_loopback_while_the_computer_plays(tmp_path):
    """Anna opens 5 Sept against the computer: before its French player-turn is posted, the loopback saw
    the bot typing in the game's channel (POST /channels/{id}/typing), which is no message."""
    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        running = asyncio.get_running_loop().create_task(client.start("token"))
        channel = f"channel:{loopback.channels[0]}"
        try:
            await asyncio.wait_for(loopback.identified.wait(), 30)
            await loopback.interact(Person(1, "Anna"), "game new", {"system": "borodino", "scenario": "5sep",
                                                                    "opponent": "computer", "side": "russian"})
            for _ in range(600):  # up to 30 s for its player-turn, planned in a worker process
                played = [s for s in loopback.sent if s.where == channel and s.text.startswith("**Computer** — ")]
                if played:
                    break
                await asyncio.sleep(0.05)
            assert played and [where for where, _ in loopback.typed] == [channel]
            assert loopback.typed[0][1] <= played[0].at
            assert all(s.text for s in loopback.sent if s.where == channel)
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    on_the_loopback(test)


def test_what_waits_for_the_connection_runs_once_the_bot_is_ready(tmp_path):
    """`kolocha run` warms the pictures once connected, not while connecting (their drawing would
    hold the interpreter from the start-up): the bot runs what waits in `when_ready` then, once."""
    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        ran: list[bool] = []
        client.when_ready.append(lambda: ran.append(client.is_ready()))
        running = asyncio.get_running_loop().create_task(client.start("token"))
        try:
            await asyncio.wait_for(client.wait_until_ready(), 30)
            await asyncio.sleep(0)
            status = await loopback.interact(Person(1, "Anna"), "game status", {})
            await replied(loopback, status)
            assert ran == [True] and client.when_ready == []
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    on_the_loopback(test)


def on_the_loopback(test) -> None:
    """Run a test that points discord.py at a loopback, then point it back at Discord."""
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    try:
        asyncio.run(test())
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base, gateway


def test_kolocha_sync_sends_the_command_tree_and_records_its_hash(tmp_path, monkeypatch, capsys):
    """`kolocha sync` sends the whole command tree and stores the hash of what it
    sent (so the next start does not sync again); run again with that hash stored, it still
    sends the tree (it is the way to force a sync). It opens nothing else: no gateway. Each time
    it says it has sent them (it said nothing)."""
    db = tmp_path / "k.sqlite"
    tree = bot.create_bot(Config(database=str(db))).tree
    Store(db).set_meta(TREE_HASH, "the hash of an older tree")

    async def test() -> None:
        loopback = Loopback()
        monkeypatch.setenv("KOLOCHA_DISCORD_URL", await loopback.start())
        monkeypatch.setenv("DISCORD_TOKEN", "token")
        monkeypatch.setenv("KOLOCHA_DB", str(db))
        try:
            assert await asyncio.to_thread(main, ["sync"]) == 0
            assert Store(db).meta(TREE_HASH) == tree_hash(tree)
            assert await asyncio.to_thread(main, ["sync"]) == 0
        finally:
            await loopback.stop()
        first, again = loopback.synced
        assert first == again
        names = sorted(c["name"] for c in first)
        assert names == sorted(c.name for c in tree.get_commands()) and {"game", "move"} <= set(names)
        assert not loopback.identified.is_set()
    on_the_loopback(test)
    assert capsys.readouterr().out.count("kolocha sync: the slash commands are sent to Discord; ") == 2


class Reconnecting(logging.Handler):
    """Set when discord.py announces it waits to reconnect."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if "Attempting a reconnect" in record.getMessage():
            self.waiting.set()


def test_a_stop_while_discord_is_unreachable_does_not_wait_out_the_reconnect(tmp_path, monkeypatch):
    """SIGTERM while discord.py waits to reconnect to an unreachable Discord (its back-off grows
    to minutes; here it is ten) stops the bot at once, the store closed."""
    class Patient(ExponentialBackoff):
        def delay(self) -> float:
            return 600.0
    monkeypatch.setattr(discord.client, "ExponentialBackoff", Patient)
    monkeypatch.setattr(discord.shard, "ExponentialBackoff", Patient)
    reconnecting = Reconnecting()
    logging.getLogger("discord").addHandler(reconnecting)

    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        serving = asyncio.get_running_loop().create_task(serve(client, "token"))
        await asyncio.wait_for(loopback.identified.wait(), 30)
        await loopback.stop()  # Discord is gone
        await asyncio.wait_for(reconnecting.waiting.wait(), 30)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(serving, 5)
        assert client.is_closed() and client.tables is None
    try:
        on_the_loopback(test)
    finally:
        logging.getLogger("discord").removeHandler(reconnecting)


def test_a_command_sync_discord_fails_is_tried_again_while_the_bot_serves(tmp_path, monkeypatch):
    """Discord answers the command sync with a server error (a 503, twice): the bot does not
    stop (a stop would restart-loop under systemd) but serves, and syncs on a later try, with
    a pause before each; the tree's hash is stored once it is sent."""
    monkeypatch.setattr(app, "SYNC_RETRY", (0.05, 0.1))
    db = tmp_path / "k.sqlite"

    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        loopback.failing_syncs = 2
        client = bot.create_bot(Config(database=str(db)), picture)
        running = asyncio.get_running_loop().create_task(client.start("token"))
        try:
            await asyncio.wait_for(loopback.identified.wait(), 30)
            asked = await loopback.interact(Person(1, "Anna"), "help")
            for _ in range(600):  # the hash is stored once Discord has answered the sync, after it has seen it
                if loopback.texts(f"reply:{asked}") and Store(db).meta(TREE_HASH):
                    break
                await asyncio.sleep(0.05)
            assert loopback.texts(f"reply:{asked}") and loopback.failing_syncs == 0
            assert len(loopback.synced) == 1 and not running.done()
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    on_the_loopback(test)
    assert Store(db).meta(TREE_HASH) == tree_hash(bot.create_bot(Config(database=str(db))).tree)


@pytest.mark.long
def test_the_bot_runs_the_shards_discord_recommends(tmp_path):
    """Beyond 2,500 servers Discord requires sharding: the bot opens as many connections as
    Discord recommends (two here), each identifying as its shard, and plays on the shard that
    carries its server's events. Long: discord.py waits 5 s before identifying a second shard."""
    async def test() -> None:
        loopback = Loopback(shards=2)
        point_at(await loopback.start())
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        running = asyncio.get_running_loop().create_task(client.start("token"))
        try:
            for _ in range(600):
                if sorted(loopback.shard_of.values()) == [0, 1]:
                    break
                await asyncio.sleep(0.05)
            assert sorted(loopback.shard_of.values()) == [0, 1] and client.shard_count == 2
            opened = await loopback.interact(Person(1, "Anna"), "game new",
                                             {"system": "borodino", "scenario": "7sep"})
            await replied(loopback, opened)
            assert "Game 1 is open" in loopback.texts(f"reply:{opened}")[-1]
            assert "Anna opens game 1" in loopback.texts(f"channel:{loopback.channels[0]}")[0]
            assert client.get_guild(GUILD) is not None and set(client.shards) == {0, 1}
        finally:
            await client.close()
            running.cancel()
            await loopback.stop()
    on_the_loopback(test)


def test_a_heartbeat_is_acknowledged_later_by_a_task_of_its_own(tmp_path):
    """discord.py notes a heartbeat sent once its keep-alive thread sees the send done; an
    acknowledgement read before that counts a whole interval ('Can't keep up, ... 40.0s behind',
    in every log of the stand-in). It comes later, and the frames after the heartbeat are answered
    meanwhile: the IDENTIFY sent after it is READY first (the stand-in's wait shortened: a soak's is 5 s)."""
    async def test() -> None:
        loopback = Loopback(heartbeat_ack=0.5)
        url = await loopback.start()
        try:
            async with aiohttp.ClientSession() as session, \
                    session.ws_connect(url.replace("http", "ws") + GATEWAY_PATH) as ws:
                assert (await ws.receive_json())["op"] == 10  # HELLO
                await ws.send_json({"op": 1, "d": None})
                await ws.send_json({"op": 2, "d": {"token": "token", "shard": [0, 1]}})
                frames = [await ws.receive_json() for _ in range(3)]
                assert [(f["op"], f.get("t")) for f in frames] == [(0, "READY"), (0, "GUILD_CREATE"), (11, None)]
                await ws.send_json({"op": 1, "d": 2})
        finally:
            await loopback.stop()  # the second acknowledgement, not yet sent, is let go
    asyncio.run(test())
