"""A message is posted once, even when marking it delivered fails (a full disk, a write lock held
longer than the store waits): what Discord accepted is remembered, and only the marking is tried
again by the outbox's periodic retry, never the send; and a send repeated after a restart goes
with the same nonce, which Discord de-duplicates."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

import bot
from bot.config import Config
from bot.deadlines import Deadlines
from bot.delivery import Delivery
from bot.discord.app import RETRY_SECONDS
from bot.discord.loopback import GUILD, Loopback, point_at
from bot.store import Store
from bot.under_way import call_this
from tests.bot.discord.discord_fakes import picture
from tests.bot.discord.sim import borodino, play, server
from tests.bot.discord.test_discord_loopback import on_the_loopback

LONG = "\n".join(f"line {n}: " + "x" * 90 for n in range(50))  # three messages' worth


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_message_is_posted_once_while_marking_it_fails_for_minutes(tmp_path, monkeypatch):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            store = s.tables.store
            disk_full = [True]

            def failing(real):
                def write(*args):
                    if disk_full[0]:
                        raise sqlite3.OperationalError("database or disk is full")
                    return real(*args)
                return write
            monkeypatch.setattr(store, "mark_delivered", failing(store.mark_delivered))
            monkeypatch.setattr(store, "mark_pieces_sent", failing(store.mark_pieces_sent))
            before = len(s.posts())
            await s.tables.delivery.send(game_id, [(f"channel:{s.channel.id}", {"text": "Hear ye"}),
                                                   (f"channel:{s.channel.id}", {"text": LONG})])
            for _ in range(4):  # four minutes of retries
                await s.env.advance_time(RETRY_SECONDS)
            posted = s.posts()[before:]
            assert posted.count("Hear ye") == 1
            assert len(posted) == 4 and "".join(posted[1:]) == LONG  # each piece once, in order
            assert len(store.undelivered(game_id)) == 2  # not marked yet: the disk is full
            disk_full[0] = False
            await s.env.advance_time(RETRY_SECONDS)
            assert store.undelivered(game_id) == []
            assert s.posts()[before:] == posted  # marked, nothing sent again
    play(test, tmp_path)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_send_repeated_after_a_restart_is_one_message_by_its_nonce(tmp_path, monkeypatch):
    """The bot stops after Discord took a message and before the store marked it: the next
    start sends it again with the same nonce, and Discord (here the loopback, which enforces
    nonces as Discord does) answers with the first message instead of posting a second."""
    db = tmp_path / "k.sqlite"

    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        channel = loopback.channels[0]
        game_id = Store(db).create_game("borodino", "7sep", 1, guild=str(GUILD), channel=channel)
        try:
            for start in ("marking fails", "again"):
                client = bot.create_bot(Config(database=str(db)), picture)
                running = asyncio.get_running_loop().create_task(client.start("token"))
                loopback.identified.clear()
                await asyncio.wait_for(loopback.identified.wait(), 30)
                tables = client.tables
                assert tables is not None
                if start == "marking fails":
                    monkeypatch.setattr(tables.store, "mark_delivered", full_disk)
                    await tables.delivery.send(game_id, [(f"channel:{channel}", {"text": "Hear ye"})])
                else:
                    await tables.delivery.flush(game_id)
                await client.close()
                running.cancel()
        finally:
            await loopback.stop()
        assert loopback.texts(f"channel:{channel}") == ["Hear ye"]
        assert Store(db).undelivered(game_id) == []
    on_the_loopback(test)


def test_a_row_of_a_restored_database_is_not_taken_for_the_row_that_had_its_id(tmp_path):
    """A database restored from an older copy gives its new rows the ids of rows already sent;
    Discord (the loopback, as Discord) answers a nonce it took with the first message instead of
    posting, so a nonce of the id alone would swallow the new row. It is posted, and an old row
    sent again is still one message (control)."""
    db = tmp_path / "k.sqlite"

    async def test() -> None:
        loopback = Loopback()
        point_at(await loopback.start())
        channel = loopback.channels[0]
        store = Store(db)
        game_id = store.create_game("borodino", "7sep", 1, guild=str(GUILD), channel=channel)
        try:
            client = bot.create_bot(Config(database=str(db)), picture)
            running = asyncio.get_running_loop().create_task(client.start("token"))
            await asyncio.wait_for(loopback.identified.wait(), 30)
            tables = client.tables
            assert tables is not None
            await tables.delivery.send(game_id, [(f"channel:{channel}", {"text": "Hear ye"})])
            (sent,) = store.outbox(game_id)
            store.db.execute("UPDATE outbox SET delivered_at = NULL WHERE id = ?", [sent["id"]])
            await tables.delivery.flush(game_id)  # sent again: the same message
            store.db.execute("DELETE FROM outbox WHERE id = ?", [sent["id"]])  # as in the older copy
            await tables.delivery.send(game_id, [(f"channel:{channel}", {"text": "Hark"})])
            assert [row["id"] for row in store.outbox(game_id)] == [sent["id"]]  # the same id again
            await client.close()
            running.cancel()
        finally:
            await loopback.stop()
        assert loopback.texts(f"channel:{channel}") == ["Hear ye", "Hark"]
    on_the_loopback(test)


def full_disk(*outbox_ids: int) -> None:
    raise sqlite3.OperationalError("database or disk is full")


def test_a_stop_lets_the_outbox_sending_under_way_finish(tmp_path, monkeypatch):
    """SIGTERM while the outbox job sends: no job starts any more, but the sending under way
    finishes before the store closes; the scheduler's shutdown cancelled it mid-send (an error
    logged with its traceback, the rows left for the next start)."""
    sending, go_on, finished = asyncio.Event(), asyncio.Event(), []

    async def flush(self, game_id=None) -> int:
        sending.set()
        await go_on.wait()
        finished.append(game_id)
        return 0
    monkeypatch.setattr(Delivery, "flush", flush)
    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnected)  # never connected

    async def test() -> None:
        client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        await client.setup_hook()  # the outbox job is due at once
        await sending.wait()
        stopping = asyncio.get_running_loop().create_task(client.close())
        await asyncio.sleep(0)
        go_on.set()
        await stopping
    asyncio.run(test())
    assert finished == [None]


def test_a_stop_waits_for_a_deadline_reminder_under_way(tmp_path, monkeypatch, caplog):
    """SIGTERM while a deadline's reminder is being sent (Discord slow), no game's lock held: the
    stop waits for it, as for a command, before the scheduler shuts down; it was cancelled at once,
    a traceback in the log for each reminder, and its message left for the next start."""
    acting, go_on, acted = asyncio.Event(), asyncio.Event(), []

    async def act(self, *args) -> None:
        acting.set()
        await go_on.wait()
        acted.append(args)
    monkeypatch.setattr(Deadlines, "_act", act)
    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnected)

    async def test() -> None:
        client = bot.discord.app.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        await client.setup_hook()
        client.scheduler.add_job(client.tables.deadlines._fire, "date", args=[3, "russian", "now"])
        await acting.wait()
        stopping = asyncio.get_running_loop().create_task(client.close())
        await asyncio.sleep(0)
        go_on.set()
        await stopping
    caplog.set_level(logging.INFO)
    asyncio.run(test())
    assert acted == [(3, "russian", "now")]
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.WARNING] == []


def test_a_stop_called_from_named_work_does_not_wait_for_itself(tmp_path, monkeypatch, caplog):
    """The bot's own work is named for a stop to wait for (bot/under_way.py); a stop made from
    within such work (a task renamed by a deadline's action) ends at once, never waiting for itself."""
    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnected)

    async def test() -> None:
        client = bot.discord.app.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        await client.setup_hook()
        call_this("the russian deadline of game 3")
        await client.close()
    asyncio.run(test())
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_stop_past_its_wait_names_what_it_did_not_wait_for_and_ends_without_a_trace(tmp_path, monkeypatch,
                                                                                       caplog):
    """SIGTERM while the outbox's sending and a deadline's action hang past STOP_SECONDS (Discord
    slow, a lock held): one warning for each, both cancelled, the store closed after them; no
    traceback (the scheduler logged each job cancelled with its trace)."""
    hanging, started = asyncio.Event(), []

    async def hang(*args) -> None:
        started.append(args)
        if len(started) == 2:
            hanging.set()
        await asyncio.Event().wait()
    monkeypatch.setattr(Delivery, "flush", lambda self, game_id=None: hang())
    monkeypatch.setattr(Deadlines, "_act", lambda self, *args: hang(*args))
    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnected)
    monkeypatch.setattr(bot.discord.app, "STOP_SECONDS", 0.0)

    async def test() -> None:
        client = bot.discord.app.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        await client.setup_hook()  # the outbox job is due at once
        client.scheduler.add_job(client.tables.deadlines._fire, "date", args=[3, "russian", "now"])
        await hanging.wait()
        await client.close()
    caplog.set_level(logging.INFO)
    asyncio.run(test())
    stop = [r.getMessage() for r in caplog.records if r.getMessage().startswith("stopping:")]
    assert stop == ["stopping: gave up waiting after 0 s for the outbox's sending",
                    "stopping: gave up waiting after 0 s for the russian deadline of game 3"]
    assert [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR] == []


async def disconnected(self: discord.AutoShardedClient) -> None:
    """A client's close with no connection to end."""


def test_a_stop_past_its_wait_names_the_slash_command_it_cut_short_and_what_became_of_it(tmp_path, monkeypatch,
                                                                                        caplog):
    """A slash command still under way when a stop's wait runs out (the database held by another
    program, Discord slow to take its answer): its line in the log names the command, who gave it and
    where, and what became of it."""
    monkeypatch.setattr(discord.AutoShardedClient, "close", disconnected)
    monkeypatch.setattr(bot.discord.app, "STOP_SECONDS", 0.0)
    given = SimpleNamespace(command=SimpleNamespace(qualified_name="order"), user=SimpleNamespace(display_name="Boris"),
                            channel=SimpleNamespace(name="borodino-7-sept", id=5))

    async def test() -> None:
        client = bot.discord.app.create_bot(Config(database=str(tmp_path / "k.sqlite")), picture)
        await client.setup_hook()
        under_way = asyncio.Event()

        async def command() -> None:
            assert await client.tree.interaction_check(given)
            under_way.set()
            await asyncio.Event().wait()
        asyncio.get_running_loop().create_task(command(), name="CommandTree-invoker")
        await under_way.wait()
        await client.close()
    caplog.set_level(logging.INFO)
    asyncio.run(test())
    stop = [r.getMessage() for r in caplog.records if r.getMessage().startswith("stopping:")]
    stop = [line for line in stop if "outbox" not in line]  # the outbox's first sending may be under way too
    assert stop == ["stopping: gave up waiting after 0 s for a slash command (/order by Boris in #borodino-7-sept); "
                    "cut short: if its game stored it, it stands and its news goes out at the next start; if not, it "
                    "was never accepted. Either way its player may have had no answer"]
