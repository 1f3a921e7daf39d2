"""A player's own time: their time zone, the hour their deadlines fall at, a vacation
that stretches them, weekends skipped where the game says so, and how and when reminders reach
them. Kept per person, for all their games; every function here is pure.

>>> from datetime import datetime, UTC
>>> start = datetime(2026, 11, 27, 9, tzinfo=UTC)  # a Friday
>>> str(due_at(start, 24, PlayerPrefs()))
'2026-11-28 09:00:00+00:00'
>>> str(due_at(start, 24, PlayerPrefs(), skip_weekends=True))  # Saturday and Sunday do not count
'2026-11-30 09:00:00+00:00'
>>> str(due_at(start, 24, PlayerPrefs(tz="Europe/Moscow", due_hour=20)))  # by 20:00 Moscow time
'2026-11-28 17:00:00+00:00'
>>> str(due_at(start, 24, PlayerPrefs(away_until="2026-12-05")))  # back on the 6th, then 24 hours
'2026-12-07 00:00:00+00:00'
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.converters import Unreadable

REMIND = ("asked", "both", "dm", "channel")  # where the game asks the player, by DM, by a ping in the channel, or both
LONGEST_AWAY = timedelta(days=14)  # a vacation moves a deadline on by no more: the other player waits too


@dataclass(frozen=True)
class PlayerPrefs:
    """What one person set with /prefs; the defaults change nothing."""

    tz: str = "UTC"
    due_hour: int | None = None  # deadlines fall at the next such hour in `tz` (e.g. 20: "by 20:00")
    remind: str = "asked"  # said once: a DM where the game's units are hidden, else a ping in its channel
    quiet: tuple[int, int] | None = None  # hours in `tz` with no reminders: (22, 7)
    away_until: str | None = None  # the last day of a vacation, YYYY-MM-DD in `tz`

    def __post_init__(self) -> None:
        try:
            ZoneInfo(self.tz)
        except (ZoneInfoNotFoundError, ValueError):
            raise Unreadable(f"{self.tz!r} is not a time zone; give one like Europe/Paris or America/New_York.")
        if self.due_hour is not None and not 0 <= self.due_hour <= 23:
            raise Unreadable("A deadline hour is between 0 and 23.")
        if self.remind not in REMIND:
            raise Unreadable(f"Reminders come asked (where the game asks you), by both, dm or channel; "
                             f"not {self.remind!r}.")
        if self.quiet is not None and not all(0 <= h <= 23 for h in self.quiet):
            raise Unreadable("Quiet hours are two hours between 0 and 23, like 22-7.")
        if self.away_until is not None:
            try:
                date.fromisoformat(self.away_until)
            except ValueError:
                raise Unreadable(f"{self.away_until!r} is not a day; give it as YYYY-MM-DD.")

    @classmethod
    def from_dict(cls, data: dict | None) -> PlayerPrefs:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in (data or {}).items() if k in known}
        if values.get("quiet") is not None:
            values["quiet"] = tuple(values["quiet"])
        return replace(cls(), **values)

    def to_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        due = f"deadlines fall at {self.due_hour}:00" if self.due_hour is not None \
            else "deadlines as the game sets them"
        quiet = f"no reminders {self.quiet[0]}:00-{self.quiet[1]}:00" if self.quiet else "reminders at any hour"
        away = f"away until {self.away_until} (your deadlines wait, {LONGEST_AWAY.days} days at most)" \
            if self.away_until else "not away"
        how = "where the game asks you" if self.remind == "asked" else f"by {self.remind}"
        return f"Time zone {self.tz}; {due}; reminders {how}; {quiet}; {away}."


def check_away(prefs: PlayerPrefs, now: datetime) -> None:
    """Unreadable for a vacation that ends more than LONGEST_AWAY from today (in the player's
    time zone): the opponent's game waits for it, so a longer absence is a pause both agree to.

    >>> check_away(PlayerPrefs(away_until="2026-12-20"), datetime(2026, 11, 27, tzinfo=UTC))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bot.converters.Unreadable: A vacation lasts at most 14 days (until 2026-12-11 at the latest); for a ...
    """
    if prefs.away_until is None:
        return
    latest = now.astimezone(_zone(prefs)).date() + LONGEST_AWAY
    if date.fromisoformat(prefs.away_until) > latest:
        raise Unreadable(f"A vacation lasts at most {LONGEST_AWAY.days} days (until {latest} at the latest); for a "
                         "longer absence ask the other player to `/game pause` the game with you.")


def _zone(prefs: PlayerPrefs) -> ZoneInfo:
    return ZoneInfo(prefs.tz)


def due_at(start: datetime, hours: float, prefs: PlayerPrefs, skip_weekends: bool = False) -> datetime:
    """When a deadline of `hours` begun at `start` falls for this player: after their vacation
    (the whole time counted from the day after it), weekend days in their time zone not counted
    where the game skips them, then at their chosen hour."""
    zone = _zone(prefs)
    if prefs.away_until is not None:
        back = datetime.combine(date.fromisoformat(prefs.away_until) + timedelta(days=1), time(), zone)
        start = max(start, back)
    due = start + timedelta(hours=hours)
    if skip_weekends:
        due = _past_weekends(start, due, zone)
    if prefs.due_hour is not None:
        local = due.astimezone(zone)
        at = local.replace(hour=prefs.due_hour, minute=0, second=0, microsecond=0)
        due = at if at >= local else at + timedelta(days=1)
    return due.astimezone(UTC)


def _past_weekends(start: datetime, due: datetime, zone: ZoneInfo) -> datetime:
    """`due` moved on by a day for each Saturday and Sunday (in `zone`) met before it."""
    day = start.astimezone(zone).date()
    while day <= due.astimezone(zone).date():
        if day.weekday() >= 5:
            due += timedelta(days=1)
        day += timedelta(days=1)
    return due


def reminder_at(moment: datetime, due: datetime, prefs: PlayerPrefs) -> datetime:
    """A reminder that falls in the player's quiet hours waits for their end, unless that is past
    the deadline itself: then it comes as planned."""
    if prefs.quiet is None:
        return moment
    zone = _zone(prefs)
    local = moment.astimezone(zone)
    begin, end = prefs.quiet
    quiet = begin <= local.hour < end if begin < end else local.hour >= begin or local.hour < end
    if not quiet:
        return moment
    wake = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if wake <= local:
        wake += timedelta(days=1)
    return moment if wake >= due else wake.astimezone(UTC)
