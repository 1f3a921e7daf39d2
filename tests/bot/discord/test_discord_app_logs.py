"""bot/discord/app.py quiet_logs: the log an admin reads (journalctl -u kolocha) says what the bot
does, without a warning about voice at each start or two lines a minute from the outbox's retry job."""
from __future__ import annotations

import logging

import discord
import pytest

from bot.discord.app import create_bot, quiet_logs


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
