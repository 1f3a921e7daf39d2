"""bot/discord/app.py, what an admin reads: the log (journalctl -u kolocha) says what the bot
does, without a warning about voice at each start or two lines a minute from the outbox's retry job,
a try to reconnect in one line, and a stop's end; a refused token is one sentence naming the command
that met it."""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from pathlib import Path

import discord
import pytest

from bot.discord.app import (EXIT_PORTAL, RETRY_SECONDS, ClockedScheduler, _exit_status, create_bot, left_waiting,
                             quiet_logs)
from tests.bot.discord.discord_fakes import FakeClock
from tests.bot.discord.sim import play, server


@pytest.fixture
def loud(monkeypatch):
    """discord.py and APScheduler as they log before quiet_logs, restored afterwards."""
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    scheduler = logging.getLogger("apscheduler")
    level = scheduler.level
    scheduler.setLevel(logging.NOTSET)
    yield
    scheduler.setLevel(level)


def test_the_admins_log_has_no_voice_warning_and_only_the_schedulers_warnings(loud, caplog):
    caplog.set_level(logging.INFO)
    quiet_logs()
    create_bot()
    jobs = logging.getLogger("apscheduler.executors.default")
    jobs.info('Running job "KolochaBot._flush"')
    jobs.warning('Run time of job "KolochaBot._flush" was missed by 0:05:00')
    assert [record.getMessage() for record in caplog.records] == [
        'Run time of job "KolochaBot._flush" was missed by 0:05:00']


def test_a_try_to_reconnect_is_one_warning_line_naming_what_failed(caplog):
    """While Discord is out of reach discord.py tries again and again, each try an ERROR with the
    trace of the refused connection (a run whose stand-in Discord went away logged 30 lines a try);
    the admin reads one warning line a try. Another error keeps its level and its trace."""
    caplog.set_level(logging.INFO)
    quiet_logs()
    refused = ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 443)")
    logging.getLogger("discord.shard").error("Attempting a reconnect for shard ID %s in %.2fs", 0, 3.61,
                                             exc_info=refused)
    logging.getLogger("discord.client").error("Attempting a reconnect in %.2fs", 48.83, exc_info=refused)
    logging.getLogger("discord.client").error("Ignoring exception in on_ready", exc_info=refused)
    assert [(r.levelname, r.getMessage(), r.exc_info is not None) for r in caplog.records] == [
        ("WARNING", "Attempting a reconnect for shard ID 0 in 3.61s (ConnectionRefusedError: [Errno 111] Connect "
                    "call failed ('127.0.0.1', 443))", False),
        ("WARNING", "Attempting a reconnect in 48.83s (ConnectionRefusedError: [Errno 111] Connect call failed "
                    "('127.0.0.1', 443))", False),
        ("ERROR", "Ignoring exception in on_ready", True)]


@pytest.mark.parametrize("command", ["kolocha run", "kolocha sync"])
def test_a_refused_token_is_one_sentence_naming_the_command_and_is_not_restarted(command, capsys):
    def refused() -> None:
        raise discord.LoginFailure("Improper token has been passed.")
    assert _exit_status(command, refused, "start it again") == EXIT_PORTAL
    assert capsys.readouterr().err == (f"{command}: Discord refused the token in DISCORD_TOKEN. Copy the bot's "
                                       "token again (developer portal > Bot > Reset Token) into the environment "
                                       "file.\n")


def test_an_outbox_retry_that_outlasts_its_interval_is_not_a_warning(caplog):
    """The outbox's retry job sends for longer than RETRY_SECONDS (a backlog, Discord slow): the runs
    due meanwhile do nothing and say nothing, where APScheduler warned at each ('maximum number of
    running instances reached'); one sending at a time, and the retries go on after it."""
    clock = FakeClock()
    flushes: list[asyncio.Event] = []

    class Slow:
        async def flush(self) -> int:
            flushes.append(asyncio.Event())
            await flushes[-1].wait()
            return 0

    async def main() -> None:
        bot = create_bot(clock=clock)
        scheduler = ClockedScheduler(clock)
        scheduler.start()
        bot.retry_outbox(scheduler, Slow())  # type: ignore[arg-type]
        for _ in range(3):
            await turns()
            clock.advance(seconds=RETRY_SECONDS)
            scheduler.wakeup()
        await turns()
        assert len(flushes) == 1
        flushes[0].set()
        await turns()
        clock.advance(seconds=RETRY_SECONDS)
        scheduler.wakeup()
        await turns()
        scheduler.shutdown(wait=False)

    async def turns() -> None:
        for _ in range(20):
            await asyncio.sleep(0)

    asyncio.run(main())
    assert len(flushes) == 2
    assert "maximum number of running instances" not in caplog.text


def test_a_stop_ends_the_log_saying_so_and_what_waits_for_the_next_start(tmp_path, caplog):
    """The log read 'SIGTERM: stopping gracefully' and nothing after: a stop that ended read as one
    that hung, and nothing said what the next start would send."""
    caplog.set_level(logging.INFO, "kolocha.discord")

    async def test(db: Path) -> None:
        async with server(db) as s:
            assert s.tables is not None
            store = s.tables.store
            game = store.create_game("borodino", "7sep", 1)
            store.db.execute("INSERT INTO outbox (game, seq, audience, payload) VALUES (?, 0, 'channel:1', ?)",
                             [game, json.dumps({"text": "Hear ye"})])
            await s.client.close()
    play(test, tmp_path)
    said = [record.getMessage() for record in caplog.records if record.name == "kolocha.discord"]
    assert said[-1] == "stopped; 1 message(s) wait in the outbox for the next start"


def test_an_outbox_a_stop_cannot_read_is_said_so():
    class Held:
        def undelivered(self):
            raise sqlite3.OperationalError("database is locked")
    assert left_waiting(Held()) == "the outbox could not be counted (database is locked)"  # type: ignore[arg-type]
