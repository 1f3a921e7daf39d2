"""Turn deadlines: a row in the `deadlines` table per side whose turn it is, and scheduler jobs
that remind the player and act at expiry.

The table is the only truth. Every job re-reads its row when it fires and does nothing if the
deadline has since been met, replaced or cleared, so stale jobs are harmless; `reminded_at` is
written with the reminder's messages (by the handler), so none is sent twice or lost; `rebuild()` re-creates the
jobs at start-up, and a deadline or reminder that fell due while the bot was down fires once, late.
Jobs are APScheduler 3 date jobs (coalesced, no misfire limit), removed when their deadline is
replaced or cleared; the ids of each side's jobs are kept here, so that scheduling one deadline
never scans the jobs of all the others (a start-up with 10,000 games schedules in one pass).
Tests pass a fake scheduler and a fake clock.
"""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from bot.config import GameSettings
from bot.player_prefs import LONGEST_AWAY, PlayerPrefs, due_at, reminder_at
from bot.store import DeadlineRows, Outbox, Store

Clock = Callable[[], datetime]
STEP = 20  # games whose deadlines a start-up schedules between two turns of the event loop
GRACE = timedelta(hours=1)  # a settings change never makes a deadline fall due sooner than this
RemindHandler = Callable[[int, str, datetime, str], Awaitable[None]]  # ..., due, reminded at
ExpireHandler = Callable[[int, str, timedelta], Awaitable[None]]
PrefsOf = Callable[[int, str], PlayerPrefs]  # the preferences of the player of a side


def utc_now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


class Scheduler(Protocol):
    """The part of APScheduler 3's scheduler interface that deadlines use."""

    def add_job(self, func: Callable[..., Any], trigger: str, **kwargs: Any) -> Any: ...

    def remove_job(self, job_id: str) -> None: ...


def reminder_times(due: datetime, reminders: tuple[float, ...]) -> list[datetime]:
    """When the reminders of a deadline fall, earliest first."""
    return sorted(due - timedelta(hours=h) for h in reminders)


class Deadlines:
    """Deadline rows of every game and their jobs."""

    def __init__(self, store: Store, scheduler: Scheduler, settings_of: Callable[[int], GameSettings],
                 on_remind: RemindHandler, on_expire: ExpireHandler, clock: Clock = utc_now,
                 prefs_of: PrefsOf = lambda game_id, side: PlayerPrefs()):
        self.store = store
        self.scheduler = scheduler
        self.settings_of = settings_of
        self.on_remind = on_remind
        self.on_expire = on_expire
        self.clock = clock
        self.prefs_of = prefs_of
        self._jobs: dict[int, dict[str, list[str]]] = {}  # game -> side -> the ids of its jobs

    def fresh(self, game_id: int, side: str) -> datetime:
        """A deadline starting now, in the side's player's own time (bot/player_prefs.py)."""
        settings = self.settings_of(game_id)
        return due_at(self.clock(), settings.deadline_hours, self.prefs_of(game_id, side),
                      settings.skip_weekends)

    def plan(self, game_id: int, active: list[str], phase_key: str,
             restart: frozenset[str] = frozenset()) -> dict[str, datetime]:
        """When each side that may act is due after a change: a side whose turn goes on keeps
        does a side in `restart` (its deadline has just passed and was acted on). A side the
        computer plays has none: it answers at once (bot/tables/computer.py)."""
        rows = {row["side"]: row for row in self.store.deadlines(game_id)}
        computer = self.store.computer_seats(game_id)
        active = [side for side in active if side not in computer]
        return {side: datetime.fromisoformat(rows[side]["due_at"])
                if side in rows and rows[side]["phase_key"] == phase_key and side not in restart
                else self.fresh(game_id, side) for side in active}

    def rows(self, game_id: int, active: list[str], phase_key: str,
             planned: dict[str, datetime] | None = None) -> DeadlineRows:
        """The game's deadline rows after a change, to store in its transaction: `planned` as
        announced, or `plan`'s; a running one keeps when it began, a fresh one begins now."""
        planned = self.plan(game_id, active, phase_key) if planned is None else planned
        began = {row["side"]: row["began_at"] for row in self.store.deadlines(game_id)
                 if row["phase_key"] == phase_key and row["side"] in planned
                 and row["due_at"] == stamp(planned[row["side"]])}
        now = stamp(self.clock())
        return {side: (stamp(due), phase_key, began.get(side) or now) for side, due in planned.items()}

    def renew(self, game_id: int, side: str, phase_key: str,
              due: datetime | None = None, outbox: Outbox | None = None) -> datetime:
        """Start the side's clock again: a new due time from now (or `due`), no reminder sent
        yet, stored with the messages of `outbox` (the notice of a new deadline)."""
        due = due or self.fresh(game_id, side)
        self.store.set_deadline(game_id, side, stamp(due), phase_key, outbox, stamp(self.clock()))
        fresh = self.store.deadline(game_id, side)
        assert fresh is not None
        self._schedule(fresh)
        return due

    def reshaped(self, game_id: int, before: GameSettings, after: GameSettings) -> list[dict]:
        """The game's deadline rows under new settings, to store with them: each running
        deadline keeps its start (and its reminder) but takes the new length. A shortened one
        falls due no sooner than GRACE from now (nor later than it was)."""
        soon = self.clock() + GRACE
        rows = []
        for row in self.store.deadlines(game_id):
            was = datetime.fromisoformat(row["due_at"])
            began = was - timedelta(hours=before.deadline_hours)
            due = max(began + timedelta(hours=after.deadline_hours), min(was, soon))
            rows.append({**row, "due_at": stamp(due)})
        return rows

    def retimed(self, game_id: int, sides: Iterable[str]) -> list[dict]:
        """The running deadlines of these sides counted again from when they began, under their
        player's own time as it is now (after /prefs: a vacation stretches one, a time zone or
        a deadline hour moves it), those that change: a deadline brought forward falls due no
        sooner than GRACE from now (nor later than it was), and a vacation moves it on by
        LONGEST_AWAY at most. A row from before `began_at` was kept counts from its due time
        less the game's deadline length."""
        settings = self.settings_of(game_id)
        length = timedelta(hours=settings.deadline_hours)
        soon = self.clock() + GRACE
        moved = []
        for row in self.store.deadlines(game_id):
            if row["side"] not in sides:
                continue
            was = datetime.fromisoformat(row["due_at"])
            began = datetime.fromisoformat(row["began_at"]) if row["began_at"] else was - length
            prefs = self.prefs_of(game_id, row["side"])
            due = due_at(began, settings.deadline_hours, prefs, settings.skip_weekends)
            home = due_at(began, settings.deadline_hours, replace(prefs, away_until=None), settings.skip_weekends)
            due = min(due, home + LONGEST_AWAY)  # however often the vacation is set again
            due = due if due >= was else max(due, min(was, soon))
            if stamp(due) != row["due_at"]:
                moved.append({**row, "due_at": stamp(due)})
        return moved

    def reschedule(self, game_id: int) -> None:
        """Jobs for the game's deadline rows as stored, after a write that may have changed
        them (a command, a start, a pause, the end, new settings): a side without a row has no
        job left; a stop before this is mended by `rebuild` at the next start."""
        rows = self.store.deadlines(game_id)
        for side in set(self._jobs.get(game_id, {})) - {row["side"] for row in rows}:
            self._unschedule(game_id, side)
        for row in rows:
            self._schedule(row)

    async def rebuild(self) -> int:
        """Schedule every stored deadline (at start-up), STEP games at a time with the event loop
        free in between, so that a bot holding thousands of games answers while it schedules;
        returns how many games have one. Each game's rows are read afresh as its turn comes: a
        game a command has rescheduled meanwhile is taken as it now stands."""
        games = sorted({row["game"] for row in self.store.deadlines()})
        for start in range(0, len(games), STEP):
            for game_id in games[start:start + STEP]:
                self.reschedule(game_id)
            await asyncio.sleep(0)
        return len(games)

    def _unschedule(self, game_id: int, side: str) -> None:
        """Remove the jobs of this side's deadline (its expiry and every reminder); one that has
        already run is gone from the scheduler (a KeyError, APScheduler's JobLookupError)."""
        sides = self._jobs.get(game_id, {})
        for job_id in sides.pop(side, []):
            try:
                self.scheduler.remove_job(job_id)
            except KeyError:
                pass
        if not sides:
            self._jobs.pop(game_id, None)

    def _schedule(self, row: dict) -> None:
        """Jobs for one deadline row, replacing any it had."""
        game_id, side, due_at = row["game"], row["side"], row["due_at"]
        self._unschedule(game_id, side)
        now = self.clock()
        due = datetime.fromisoformat(due_at)
        self._add(f"expire:{game_id}:{side}", max(due, now), self._expire, game_id, side, due_at)
        if due <= now:
            return
        reminded = datetime.fromisoformat(row["reminded_at"]) if row["reminded_at"] else None
        prefs = self.prefs_of(game_id, side)
        times = sorted(reminder_at(t, due, prefs) for t in reminder_times(due, self.settings_of(game_id).reminders))
        missed = [t for t in times if t <= now and (reminded is None or reminded < t)]
        if missed:  # fell due while the bot was down: one reminder now, not one per point
            self._add(f"remind:{game_id}:{side}:late", now, self._remind, game_id, side, due_at,
                      stamp(missed[-1]))
        for i, moment in enumerate(t for t in times if t > now):
            self._add(f"remind:{game_id}:{side}:{i}", moment, self._remind, game_id, side,
                      due_at, stamp(moment))

    def _add(self, job_id: str, when: datetime, func: Callable[..., Any], game_id: int, side: str,
             *args: Any) -> None:
        self.scheduler.add_job(func, "date", run_date=when, id=job_id, args=[game_id, side, *args],
                               replace_existing=True, misfire_grace_time=None, coalesce=True)
        self._jobs.setdefault(game_id, {}).setdefault(side, []).append(job_id)

    def _current(self, game_id: int, side: str, due_at: str) -> dict | None:
        row = self.store.deadline(game_id, side)
        return row if row is not None and row["due_at"] == due_at else None

    async def _remind(self, game_id: int, side: str, due_at: str, point: str) -> None:
        row = await asyncio.to_thread(self._current, game_id, side, due_at)
        now = self.clock()
        due = datetime.fromisoformat(due_at)
        if row is None or now >= due or (row["reminded_at"] or "") >= point:
            return
        await self.on_remind(game_id, side, due, stamp(now))

    async def _expire(self, game_id: int, side: str, due_at: str) -> None:
        """The handler replaces the expired row (or ends the game), in the transaction of what
        it announces; until then the row stays, so a stop in between does not lose it."""
        if await asyncio.to_thread(self._current, game_id, side, due_at) is None:
            return
        await self.on_expire(game_id, side, self.clock() - datetime.fromisoformat(due_at))
