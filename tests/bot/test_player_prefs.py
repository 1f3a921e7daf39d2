"""A player's own time (bot/player_prefs.py), read in the player's own time zone, not the
server's: the weekend days a game skips, the longest vacation; and quiet hours within one day."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.converters import Unreadable
from bot.player_prefs import PlayerPrefs, check_away, due_at, reminder_at

AUCKLAND = PlayerPrefs(tz="Pacific/Auckland")  # 13 hours ahead of UTC in November


def test_a_deadline_begun_on_a_players_monday_counts_it_though_it_is_sunday_in_utc():
    """Sunday 20:00 UTC is Monday 09:00 in Auckland: 24 hours later is the deadline, no day skipped."""
    start = datetime(2026, 11, 29, 20, tzinfo=UTC)
    assert due_at(start, 24, AUCKLAND, skip_weekends=True) == datetime(2026, 11, 30, 20, tzinfo=UTC)


def test_a_deadline_that_falls_on_a_players_saturday_skips_their_weekend_though_it_is_friday_in_utc():
    """Thursday 20:00 UTC is Friday 09:00 in Auckland; 24 hours later is Saturday there (Friday in UTC),
    so Saturday and Sunday are added: Monday 09:00 in Auckland."""
    start = datetime(2026, 11, 26, 20, tzinfo=UTC)
    assert due_at(start, 24, AUCKLAND, skip_weekends=True) == datetime(2026, 11, 29, 20, tzinfo=UTC)


def test_the_longest_vacation_counts_from_the_players_today():
    """27 November 20:00 UTC is already the 28th in Auckland: a vacation there may last until
    12 December; one day more is refused with what to do instead."""
    now = datetime(2026, 11, 27, 20, tzinfo=UTC)
    check_away(PlayerPrefs(tz="Pacific/Auckland", away_until="2026-12-12"), now)
    with pytest.raises(Unreadable) as refused:
        check_away(PlayerPrefs(tz="Pacific/Auckland", away_until="2026-12-13"), now)
    assert str(refused.value) == ("A vacation lasts at most 14 days (until 2026-12-12 at the latest); for a longer "
                                  "absence ask the other player to `/game pause` the game with you.")


@pytest.mark.parametrize(("hour", "minute", "waits"), [(8, 59, False), (9, 0, True), (16, 59, True),
                                                        (17, 0, False), (18, 0, False)])
def test_quiet_hours_within_one_day_hold_a_reminder_from_their_first_hour_to_their_last(hour, minute, waits):
    """Quiet from 9 to 17: a reminder at 9:00 waits until 17:00, one at 17:00 or later comes at once."""
    prefs = PlayerPrefs(quiet=(9, 17))
    moment = datetime(2026, 11, 27, hour, minute, tzinfo=UTC)
    due = datetime(2026, 11, 30, 12, tzinfo=UTC)
    expected = datetime(2026, 11, 27, 17, tzinfo=UTC) if waits else moment
    assert reminder_at(moment, due, prefs) == expected
