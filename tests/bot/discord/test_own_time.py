"""A player's own time (issue 10.2): /prefs, a vacation that stretches their deadlines, the hour
their deadlines fall at in their time zone, weekends skipped where the game says so, and
reminders by DM, channel or both, never in quiet hours."""
from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from bot.config import GameSettings
from bot.discord.commands import prefs
from bot.player_prefs import PlayerPrefs, reminder_at
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import (ANNA, BORIS, CHANNEL, FakeClock, FakeInteraction, make_tables,
                                              seated_game)

DAY = GameSettings(deadline_hours=24, reminders=(12,))  # the fake clock starts Sunday 1 March, 12:00 UTC


def run(coro):
    return asyncio.run(coro)


def due_of(service, game_id: int, side: str) -> datetime:
    return datetime.fromisoformat(service.store.deadline(game_id, side)["due_at"])


def test_a_vacation_stretches_the_players_deadlines(service):
    tables = make_tables(service, defaults=DAY)
    tables.absence.prefs(BORIS, {"away_until": "2026-03-10"})
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert due_of(service, game_id, "blue") == datetime(2026, 3, 12, tzinfo=UTC)  # back on the 11th + 24 h


def test_deadlines_fall_at_the_players_hour_in_their_zone(service):
    tables = make_tables(service, defaults=DAY)
    tables.absence.prefs(ANNA, {"tz": "Europe/Moscow", "due_hour": 20})
    game_id = run(seated_game(tables))
    assert due_of(service, game_id, "red") == datetime(2026, 3, 2, 17, tzinfo=UTC)  # 20:00 in Moscow


def test_weekends_are_skipped_where_the_game_says_so(service):
    tables = make_tables(service, defaults=GameSettings(deadline_hours=24, reminders=(), skip_weekends=True))
    game_id = run(seated_game(tables))  # Sunday noon: Sunday does not count
    assert due_of(service, game_id, "red") == datetime(2026, 3, 3, 12, tzinfo=UTC)


def test_reminders_come_the_way_the_player_asked(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    tables.absence.prefs(ANNA, {"remind": "dm"})
    run(seated_game(tables))
    before = len(tables.delivery.messenger.in_channel(CHANNEL))
    clock.advance(hours=12)
    run(tables.deadlines.scheduler.run_due())
    assert any("is due" in text for text in tables.delivery.messenger.to(ANNA.id))
    assert len(tables.delivery.messenger.in_channel(CHANNEL)) == before  # no ping in the channel


def test_a_reminder_in_quiet_hours_waits_for_their_end():
    quiet = PlayerPrefs(tz="Europe/Paris", quiet=(22, 7))
    due = datetime(2026, 3, 3, 12, tzinfo=UTC)
    assert reminder_at(datetime(2026, 3, 2, 23, tzinfo=UTC), due, quiet) == datetime(2026, 3, 3, 6, tzinfo=UTC)
    assert reminder_at(datetime(2026, 3, 2, 15, tzinfo=UTC), due, quiet) == datetime(2026, 3, 2, 15, tzinfo=UTC)
    late = datetime(2026, 3, 3, 5, tzinfo=UTC)  # the quiet night ends after the deadline: sent as planned
    assert reminder_at(datetime(2026, 3, 2, 23, tzinfo=UTC), late, quiet) == datetime(2026, 3, 2, 23, tzinfo=UTC)


def test_prefs_through_the_slash_command_and_its_refusals(service):
    tables = make_tables(service)
    asked = FakeInteraction(tables, ANNA)
    run(prefs.callback(asked, "Europe/Paris", "20", None, "channel", "22-7"))
    assert asked.calls[-1][1]["content"].startswith("Time zone Europe/Paris; deadlines fall at 20:00; "
                                                   "reminders by channel; no reminders 22:00-7:00; not away.")
    with pytest.raises(TableError, match="not a time zone"):
        tables.absence.prefs(ANNA, {"tz": "Mars/Olympus"})
    with pytest.raises(TableError, match="like 22-7"):
        tables.absence.prefs(ANNA, {"quiet": "late"})
    cleared = tables.absence.prefs(ANNA, {"due_hour": "none"})
    assert "deadlines as the game sets them" in cleared
