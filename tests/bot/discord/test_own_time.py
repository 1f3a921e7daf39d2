"""A player's own time: /prefs, a vacation that stretches their deadlines, the hour
their deadlines fall at in their time zone, weekends skipped where the game says so, and
reminders by DM, channel or both, never in quiet hours."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.config import GameSettings
from bot.converters import Unreadable
from bot.discord.commands import prefs
from bot.player_prefs import PlayerPrefs, reminder_at
from bot.permissions import TableError
from bot.words import plain
from tests.bot.discord.discord_fakes import (ANNA, BORIS, CHANNEL, FakeClock, FakeInteraction,
                                             make_tables, run, seated_game)

DAY = GameSettings(deadline_hours=24, reminders=(12,))  # the fake clock starts Sunday 1 March, 12:00 UTC



def due_of(service, game_id: int, side: str) -> datetime:
    return datetime.fromisoformat(service.store.deadline(game_id, side)["due_at"])


def test_a_vacation_stretches_the_players_deadlines(service):
    tables = make_tables(service, defaults=DAY)
    run(tables.absence.prefs(BORIS, {"away_until": "2026-03-10"}))
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert due_of(service, game_id, "blue") == datetime(2026, 3, 12, tzinfo=UTC)  # back on the 11th + 24 h


def test_deadlines_fall_at_the_players_hour_in_their_zone(service):
    tables = make_tables(service, defaults=DAY)
    run(tables.absence.prefs(ANNA, {"tz": "Europe/Moscow", "due_hour": 20}))
    game_id = run(seated_game(tables))
    assert due_of(service, game_id, "red") == datetime(2026, 3, 2, 17, tzinfo=UTC)  # 20:00 in Moscow


def test_weekends_are_skipped_where_the_game_says_so(service):
    tables = make_tables(service, defaults=GameSettings(deadline_hours=24, reminders=(), skip_weekends=True))
    game_id = run(seated_game(tables))  # Sunday noon: Sunday does not count
    assert due_of(service, game_id, "red") == datetime(2026, 3, 3, 12, tzinfo=UTC)


def test_reminders_come_the_way_the_player_asked(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    run(tables.absence.prefs(ANNA, {"remind": "dm"}))
    run(seated_game(tables))
    before = len(tables.delivery.messenger.in_channel(CHANNEL))
    clock.advance(hours=12)
    run(tables.deadlines.scheduler.run_due())
    assert any("are due" in text for text in tables.delivery.messenger.to(ANNA.id))
    assert len(tables.delivery.messenger.in_channel(CHANNEL)) == before  # no ping in the channel


def test_reminders_by_dm_to_closed_dms_come_in_the_channel_too(service):
    """A player who asked for reminders by DM but whose DMs refuse the bot would get none: while
    the bot knows them closed, the reminder pings them in the game's channel as well."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    run(tables.absence.prefs(ANNA, {"remind": "dm"}))
    tables.delivery.messenger.closed.add(ANNA.id)
    run(seated_game(tables))  # her DMs of the join and the start are refused: now the bot knows
    before = len(tables.delivery.messenger.in_channel(CHANNEL))
    clock.advance(hours=12)
    run(tables.deadlines.scheduler.run_due())
    assert tables.delivery.messenger.to(ANNA.id) == []
    reminded = tables.delivery.messenger.in_channel(CHANNEL)[before:]
    assert len(reminded) == 1 and \
        reminded[0].startswith(f"<@{ANNA.id}> Game 1: your orders for the Red Movement Phase (turn 1) are due ")


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
        run(tables.absence.prefs(ANNA, {"tz": "Mars/Olympus"}))
    with pytest.raises(TableError, match="like 22-7"):
        run(tables.absence.prefs(ANNA, {"quiet": "late"}))
    run(prefs.callback(asked, None, "8pm", None, None, None))
    assert asked.calls[-1][1]["content"] == \
        "A deadline hour is a whole hour from 0 to 23, like 20 (or none); not '8pm'."
    cleared = run(tables.absence.prefs(ANNA, {"due_hour": "none"}))
    assert "deadlines as the game sets them" in cleared


def test_a_vacation_taken_during_a_turn_stretches_the_running_deadline_at_once(service):
    """/prefs re-times the deadlines already running, not only those to come: the
    new due time is stored with a post in the game's channel, and the expiry job moves with it."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    game_id = run(seated_game(tables))  # Red (Anna) due Monday 2 March, 12:00
    clock.advance(hours=3)
    said = run(tables.absence.prefs(ANNA, {"away_until": "2026-03-04"}))
    assert due_of(service, game_id, "red") == datetime(2026, 3, 6, tzinfo=UTC)  # back on the 5th + 24 h
    assert "In game 1, Red is now due" in plain(said)
    post = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert post.startswith("Anna changed their own time (`/prefs`). In game 1, Red is now due <t:")
    assert tables.deadlines.next_at(game_id, "red") == datetime(2026, 3, 5, 12, tzinfo=UTC)  # its reminder
    assert due_of(service, game_id, "red") == datetime.fromtimestamp(int(post.split("<t:")[1].split(":")[0]), UTC)


def test_a_deadline_brought_forward_by_prefs_leaves_at_least_an_hour(service):
    """A vacation cancelled near the end of the normal turn: the deadline comes back, but no
    sooner than an hour from now."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    game_id = run(seated_game(tables))  # began Sunday 12:00 UTC, due Monday 12:00
    run(tables.absence.prefs(ANNA, {"away_until": "2026-03-04"}))
    clock.advance(hours=23, minutes=30)  # Monday 11:30
    run(tables.absence.prefs(ANNA, {"away_until": "none"}))
    assert due_of(service, game_id, "red") == datetime(2026, 3, 2, 12, 30, tzinfo=UTC)


def test_a_reminder_in_quiet_hours_is_held_until_they_end_and_sent_once(service):
    """Quiet hours at the table: the 12-hour reminder of a deadline due Monday
    12:00 UTC falls at midnight, inside Anna's quiet hours (22-7 UTC): nothing is sent then; at
    07:00 it is, once."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    run(tables.absence.prefs(ANNA, {"quiet": "22-7"}))
    run(seated_game(tables))
    clock.advance(hours=12)  # Monday 00:00
    run(tables.deadlines.scheduler.run_due())
    assert not any("are due" in text for text in tables.delivery.messenger.in_channel(CHANNEL))
    clock.advance(hours=7)  # 07:00, the quiet hours over
    run(tables.deadlines.scheduler.run_due())
    reminded = [text for text in tables.delivery.messenger.in_channel(CHANNEL) if "are due" in text]
    assert len(reminded) == 1
    clock.advance(hours=1)
    run(tables.deadlines.scheduler.run_due())
    assert len([text for text in tables.delivery.messenger.in_channel(CHANNEL) if "are due" in text]) == 1


def test_quiet_hours_set_during_a_turn_move_its_pending_reminder(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    game_id = run(seated_game(tables))
    assert tables.deadlines.next_at(game_id, "red") == datetime(2026, 3, 2, tzinfo=UTC)
    run(tables.absence.prefs(ANNA, {"quiet": "22-7"}))
    assert tables.deadlines.next_at(game_id, "red") == datetime(2026, 3, 2, 7, tzinfo=UTC)


def test_a_vacation_moves_a_running_deadline_by_two_weeks_at_most(service):
    """The other player waits for a vacation too: one ending more than 14 days from today is
    refused (a longer absence is a pause both agree to), and one set again and again never moves
    a running deadline more than 14 days past where it fell without it."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=DAY)
    game_id = run(seated_game(tables))  # Red (Anna) due Monday 2 March, 12:00
    with pytest.raises(Unreadable, match=r"^A vacation lasts at most 14 days \(until 2026-03-15 at the latest\)"):
        run(tables.absence.prefs(ANNA, {"away_until": "2026-03-16"}))
    said = run(tables.absence.prefs(ANNA, {"away_until": "2026-03-15"}))
    assert "(your deadlines wait, 14 days at most)" in plain(said)
    assert due_of(service, game_id, "red") == datetime(2026, 3, 16, 12, tzinfo=UTC)  # 2 March + 14 days
    clock.advance(days=10)
    run(tables.absence.prefs(ANNA, {"away_until": "2026-03-25"}))
    assert due_of(service, game_id, "red") == datetime(2026, 3, 16, 12, tzinfo=UTC)  # no further
