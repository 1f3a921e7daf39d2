"""A player's own time (bot/player_prefs.py), read in the player's own time zone, not the
server's: the weekend days a game skips, the longest vacation, quiet hours, the hour deadlines fall
at; and what the preferences accept and say of themselves."""
from __future__ import annotations

import time
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


def at(day: int, hour: int, minute: int = 0, second: int = 0, micro: int = 0) -> datetime:
    return datetime(2026, 11, day, hour, minute, second, micro, tzinfo=UTC)


@pytest.mark.parametrize(("moment", "expected"), [
    (at(27, 22), at(28, 7)),  # the first quiet hour
    (at(27, 23, 30, 15, 500), at(28, 7)),  # late evening: the next morning, on the hour
    (at(28, 3), at(28, 7)),  # after midnight: the same morning
    (at(28, 7), at(28, 7)),  # quiet ends at 7:00
])
def test_quiet_hours_across_midnight_hold_a_reminder_until_the_morning(moment, expected):
    assert reminder_at(moment, at(30, 12), PlayerPrefs(quiet=(22, 7))) == expected


def test_a_reminder_whose_wait_would_reach_the_deadline_comes_as_planned():
    """Held until 7:00 it would come with the deadline itself (7:00): it comes at 23:30 instead."""
    assert reminder_at(at(27, 23, 30), at(28, 7), PlayerPrefs(quiet=(22, 7))) == at(27, 23, 30)


def test_quiet_hours_from_an_hour_to_itself_are_the_whole_day():
    """22-22 wraps round the clock: every reminder waits for the next 22:00."""
    prefs = PlayerPrefs(quiet=(22, 22))
    assert reminder_at(at(27, 12), at(30, 12), prefs) == at(27, 22)
    assert reminder_at(at(27, 22), at(30, 12), prefs) == at(28, 22)


def test_a_deadline_hour_is_an_hour_of_the_day():
    assert PlayerPrefs(due_hour=0).due_hour == 0 and PlayerPrefs(due_hour=23).due_hour == 23
    for hour in (-1, 24):
        with pytest.raises(Unreadable) as refused:
            PlayerPrefs(due_hour=hour)
        assert str(refused.value) == "A deadline hour is between 0 and 23."


def test_the_stored_quiet_hours_read_back_as_set_and_the_defaults_describe_themselves():
    assert PlayerPrefs.from_dict({"quiet": [22, 7]}) == PlayerPrefs(quiet=(22, 7))  # JSON keeps a list
    assert PlayerPrefs().describe() == ("Time zone UTC; deadlines as the game sets them; reminders where the "
                                        "game asks you; reminders at any hour; not away.")


@pytest.mark.parametrize(("start", "hour", "due"), [
    (at(27, 9, 17, 23, 500), 20, at(28, 20)),  # on the hour, later that day
    (at(27, 9, 17, 23, 500), 8, at(29, 8)),  # the hour has passed that day: the next
    (at(27, 20), 20, at(28, 20)),  # exactly at the hour
])
def test_a_deadline_falls_at_the_players_hour_on_the_hour(start, hour, due):
    assert due_at(start, 24, PlayerPrefs(due_hour=hour)) == due


def test_a_deadline_is_given_in_utc_whatever_the_servers_own_time_zone(monkeypatch):
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert due_at(at(27, 9), 24, PlayerPrefs()).isoformat() == "2026-11-28T09:00:00+00:00"
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize(("prefs", "sentence"), [
    ({"remind": "never"}, "Reminders come asked (where the game asks you), by both, dm or channel; not 'never'."),
    ({"quiet": (24, 7)}, "Quiet hours are two hours between 0 and 23, like 22-7."),
    ({"quiet": (-1, 7)}, "Quiet hours are two hours between 0 and 23, like 22-7."),
    ({"away_until": "31-12-2026"}, "'31-12-2026' is not a day; give it as YYYY-MM-DD."),
])
def test_a_preference_out_of_its_range_is_refused_with_what_it_takes(prefs, sentence):
    with pytest.raises(Unreadable) as refused:
        PlayerPrefs(**prefs)
    assert str(refused.value) == sentence


def test_quiet_hours_may_be_the_first_and_last_hours_of_the_day():
    assert PlayerPrefs(quiet=(0, 23)).quiet == (0, 23)
