"""Through the real discord.py objects over fake HTTP: mentions that ping nobody at large,
a server error after a commit, and a graceful stop on SIGTERM."""
from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
from pathlib import Path

import pytest

import bot
from bot.config import Config
from bot.discord.app import serve
from bot.service import SORRY
from tests.bot.discord.discord_fakes import (
    ANNA,
    BOT_ID,
    CHANNEL,
    FakeHTTP,
    picture,
    user_data,
)
from tests.bot.discord.test_discord_wire import borodino, play, start, text_of


def test_posts_ping_only_the_users_they_mention(tmp_path):
    """Every message the bot sends pings no role, @everyone or @here; the "your move"
    line pings the player it names, and nobody else."""
    async def test(db: Path) -> None:
        wire = await start(db)
        await borodino(wire)
        sent = [payload for _, payload in wire.http.of("send") + wire.http.of("dm")]
        assert all(p["allowed_mentions"]["parse"] == [] for p in sent)
        (begins,) = [p for p in sent if " begins." in p["content"]]  # not "`/game start` begins the game"
        assert f"<@{ANNA.id}>: your move" in begins["content"]
        assert begins["allowed_mentions"]["users"] == [int(ANNA.id)]
        opened = next(p for p in sent if "opens game" in p["content"])
        assert opened["allowed_mentions"]["users"] == []
    play(test, tmp_path)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_500_while_announcing_is_no_refusal(tmp_path):
    """Discord answers 500 when the accepted command is posted: the player reads what
    was done, the line waits in the outbox, and goes out once Discord is back."""
    async def test(db: Path) -> None:
        wire = await start(db)
        game_id = await borodino(wire)
        wire.http.failing.add(CHANNEL)
        answers = await wire.command(ANNA, "order", {"command": "move 3225 3224"})
        said = "".join(text_of(a) for a in answers[1:])
        assert "French: move 3225 3224." in said and SORRY not in said
        assert wire.tables.store.last_seq(game_id) == 1
        (row,) = wire.tables.store.undelivered(game_id)
        assert row["audience"] == f"channel:{CHANNEL}" and row["attempts"] == 1
        wire.http.failing.clear()
        wire.tables.store.mark_failed(row["id"], "2000-01-01")  # its retry is due
        await wire.tables.delivery.flush()
        assert "3225 (French 7-4 infantry) moves to 3224 (1 MP)." in wire.http.of("send")[-1][1]["content"]
        assert wire.tables.store.undelivered(game_id) == []
    play(test, tmp_path)


@pytest.mark.skipif(os.name != "posix", reason="signals")
def test_sigterm_stops_the_bot_gracefully(tmp_path):
    """SIGTERM stops the scheduler, waits for the command under way, closes the
    store, then the connection — no longer the instant death of the default handler."""
    async def main() -> None:
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        FakeHTTP().install(client)

        async def sync(**_: object) -> list:
            return []
        client.tree.sync = sync  # type: ignore[method-assign]
        finished = []

        async def start(token: str) -> None:  # login and connect, as far as a test can
            client._connection.user = discord_user()
            await client.setup_hook()
            async with client.tables.lock(1):
                os.kill(os.getpid(), signal.SIGTERM)
                await asyncio.sleep(0.05)  # a command under way when the signal comes
                finished.append("command")
            while not client.is_closed():
                await asyncio.sleep(0.01)
        client.start = start  # type: ignore[method-assign]
        opened = []
        client.setup_hook = _keeping(client.setup_hook, lambda: opened.append(
            (client.scheduler, client.tables.store)))
        await asyncio.wait_for(serve(client, "token"), 10)
        assert finished == ["command"] and client.is_closed() and client.tables is None
        scheduler, store = opened[0]
        assert not scheduler.running
        with pytest.raises(sqlite3.ProgrammingError):  # closed
            store.games()
    asyncio.run(main())


def discord_user():
    import discord
    return discord.ClientUser(state=None, data=user_data(BOT_ID, "Kolocha", bot=True))


def _keeping(hook, after):
    async def wrapped():
        await hook()
        after()
    return wrapped



def test_the_image_runs_the_bot_under_an_init():
    """In the container the bot is not PID 1 (which ignores SIGTERM): tini is."""
    dockerfile = (Path(__file__).parents[3] / "deploy" / "Dockerfile").read_text()
    assert 'ENTRYPOINT ["/usr/bin/tini", "--"]' in dockerfile and "install -y" in dockerfile
    assert "STOPSIGNAL SIGTERM" in dockerfile


def test_the_bot_sends_at_start_up_what_a_stop_left_in_the_outbox(tmp_path):
    """Rows stored by a process that stopped before sending them go out when the next
    one starts, without waiting for a command."""
    from bot.delivery import channel_audience, message
    from bot.store import Store

    async def test(db: Path) -> None:
        before = Store(db)
        game_id = before.create_game("borodino", "7sep", 1, channel=CHANNEL)
        before.add_outbox(game_id, [(channel_audience(CHANNEL), message("left unsent"))])
        before.close()
        wire = await start(db)
        for _ in range(250):  # the send, then its row marked delivered, which comes just after
            if wire.http.of("send") and not wire.tables.store.undelivered():
                break
            await asyncio.sleep(0.02)
        assert [p["content"] for _, p in wire.http.of("send")] == ["left unsent"]
        assert wire.tables.store.undelivered() == []
    play(test, tmp_path)
