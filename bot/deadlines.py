"""Turn deadlines: a row in the `deadlines` table per side whose turn it is, and a scheduler job
that reminds the player and acts at expiry.

The table is the only truth. A job re-reads its row when it fires and does nothing if the
deadline has since been met, replaced or cleared, so a stale job is harmless; `reminded_at` is
written with the reminder's messages (by the handler), so none is sent twice or lost; `rebuild()`
plans every stored deadline at start-up, and a deadline or reminder that fell due while the bot was
down fires once, late. Each deadline has one APScheduler 3 date job (coalesced, no misfire limit)
at its next moment, a reminder point or its expiry, which moves itself on to the following one;
and only while that moment is within HORIZON: a later one is noted here alone, and one job (the
horizon's) schedules it when its time comes near. So a start-up with 10,000 games puts a few
hundred jobs in the scheduler, not 30,000 (each costs APScheduler about a millisecond and a
kilobyte), and scheduling one deadline never looks at the others. Tests pass a fake scheduler
and a fake clock.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from bot.config import GameSettings
from bot.permissions import TableError
from bot.player_prefs import LONGEST_AWAY, PlayerPrefs, due_at, reminder_at
from bot.service.result import is_busy
from bot.store import DeadlineRows, Outbox, Store, StoreRefusal
from bot.under_way import call_this

log = logging.getLogger("kolocha.deadlines")
Clock = Callable[[], datetime]
STEP = 20  # games whose deadlines a start-up schedules between two turns of the event loop
HORIZON = timedelta(hours=6)  # a deadline's job is in the scheduler from this long before it runs
HORIZON_JOB = "deadlines:horizon"
GRACE = timedelta(hours=1)  # a settings change never makes a deadline fall due sooner than this
RETRY = timedelta(minutes=1)  # how soon a deadline's moment comes again when the database was busy
RemindHandler = Callable[[int, str, datetime, str], Awaitable[None]]  # ..., due, reminded at
ExpireHandler = Callable[[int, str, timedelta, str], Awaitable[None]]  # ..., due how long before the start, its due_at
PrefsOf = Callable[[int, str], PlayerPrefs]  # the preferences of the player of a side


class Busy(Exception):
    """A deadline's action refused because the database was busy (another program held SQLite's
    lock past the store's wait): nothing was done, and its job comes back RETRY later."""


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
        self.started = clock()  # a deadline due before this fell due while the bot was down
        self.prefs_of = prefs_of
        self._next: dict[int, dict[str, datetime]] = {}  # game -> side -> its deadline's next moment
        self._jobs: set[tuple[int, str]] = set()  # the (game, side) deadlines with a job in the scheduler
        self._horizon_at: datetime | None = None  # when the horizon's job runs next
        # a deadline whose job runs -> None, or (`after`,) when it was planned again meanwhile
        self._firing: dict[tuple[int, str], tuple[datetime | None] | None] = {}
        self._lock = threading.RLock()  # commands plan their deadlines in worker threads

    def fresh(self, game_id: int, side: str) -> datetime:
        """A deadline starting now, in the side's player's own time (bot/player_prefs.py)."""
        settings = self.settings_of(game_id)
        return due_at(self.clock(), settings.deadline_hours, self.prefs_of(game_id, side),
                      settings.skip_weekends)

    def plan(self, game_id: int, active: list[str], phase_key: str,
             restart: frozenset[str] = frozenset(), absent: frozenset[str] = frozenset()) -> dict[str, datetime]:
        """When each side that may act is due after a change: a side whose turn goes on (the same
        phase) keeps its deadline; a side new to acting gets a fresh one, and so does a side in
        `restart` (its deadline has just passed and was acted on); an `absent` side's falls due
        now, for the game's at_deadline to act at once (`marks`). A side the computer plays has
        none: it answers at once (bot/tables/computer.py)."""
        rows = {row["side"]: row for row in self.store.deadlines(game_id)}
        computer = self.store.computer_seats(game_id)
        active = [side for side in active if side not in computer]
        return {side: self.clock() if side in absent else datetime.fromisoformat(rows[side]["due_at"])
                if side in rows and rows[side]["phase_key"] == phase_key and side not in restart
                else self.fresh(game_id, side) for side in active}

    def absent(self, game_id: int, turn: str) -> frozenset[str]:
        """The sides absent in player-turn `turn` (its `player_turn_mark`), as stored (`marks`)."""
        return frozenset(side for side, mark in self.store.game(game_id)["absent"].items() if mark == turn)

    def marks(self, game_id: int, now: str, played: frozenset[str], back: str | None) -> dict[str, str]:
        """The absent sides after a change that leaves the game in player-turn `now`, each with its
        player-turn, to store with it: a side whose passed deadline the game's at_deadline (`end` or
        `choose`) has just played for in this player-turn (`played`) is absent for the rest of it,
        so each further deadline it gets in it falls due at once, with no reminder. Its own command
        (`back`) ends that, and so does the next player-turn."""
        return {side: now for side in (self.absent(game_id, now) - {back}) | played}

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
            due = max(due, min(was, soon))  # brought forward: no sooner than GRACE, nor later than it was
            if stamp(due) != row["due_at"]:
                moved.append({**row, "due_at": stamp(due)})
        return moved

    def reschedule(self, game_id: int) -> None:
        """Plan the game's deadline rows as stored, after a write that may have changed them (a
        command, a start, a pause, the end, new settings): a side without a row has nothing
        left; a stop before this is mended by `rebuild` at the next start."""
        rows = self.store.deadlines(game_id)
        with self._lock:
            for side in set(self._next.get(game_id, {})) - {row["side"] for row in rows}:
                self._unschedule(game_id, side)
        for row in rows:
            self._schedule(row)

    def next_at(self, game_id: int, side: str) -> datetime | None:
        """When the side's deadline next needs the bot (a reminder, or its expiry); None without one."""
        return self._next.get(game_id, {}).get(side)

    async def rebuild(self) -> int:
        """Plan every stored deadline (at start-up), STEP games at a time with the event loop free
        in between, so that a bot holding thousands of games answers while it plans; returns how
        many games have one. Each game's rows are read afresh as its turn comes: a game a command
        has rescheduled meanwhile is taken as it now stands."""
        games = sorted({row["game"] for row in self.store.deadlines()})
        for start in range(0, len(games), STEP):
            for game_id in games[start:start + STEP]:
                self._replan(game_id)
            await asyncio.sleep(0)
        return len(games)

    def _replan(self, game_id: int) -> None:
        """`reschedule`, for the start-up and the horizon's job: a game whose row or settings are
        damaged keeps no job, with a log line, and the others go on."""
        try:
            self.reschedule(game_id)
        except (StoreRefusal, TableError) as error:
            log.warning("game %s: its deadlines are not scheduled: %s", game_id, error)

    def _unschedule(self, game_id: int, side: str) -> None:
        """Forget this side's deadline and remove its job (under the lock); one that has already
        run is gone from the scheduler (a KeyError, APScheduler's JobLookupError)."""
        sides = self._next.get(game_id, {})
        sides.pop(side, None)
        if not sides:
            self._next.pop(game_id, None)
        if (game_id, side) in self._jobs:
            self._jobs.discard((game_id, side))
            self._remove(f"deadline:{game_id}:{side}")
        if (game_id, side) in self._firing:
            self._firing[(game_id, side)] = None
        if not self._next and self._horizon_at is not None:
            self._horizon_at = None
            self._remove(HORIZON_JOB)

    def _remove(self, job_id: str) -> None:
        try:
            self.scheduler.remove_job(job_id)
        except KeyError:
            pass

    def _schedule(self, row: dict, after: datetime | None = None, not_before: datetime | None = None) -> None:
        """Plan one deadline row, replacing what it had: its job at its next moment when that falls
        within HORIZON, else that moment noted for the horizon's job. `after`: only moments
        later than this (its job has just run: a reminder it failed to store waits for a
        restart rather than firing again at once); `not_before`: none sooner than this."""
        game_id, side = row["game"], row["side"]
        now = self.clock()
        moment = max(self._moment(row, now, after), not_before or now)
        with self._lock:
            self._unschedule(game_id, side)
            self._next.setdefault(game_id, {})[side] = moment
            if (game_id, side) in self._firing:  # planned once its job ends (`_fire`): none runs twice at once
                self._firing[(game_id, side)] = (after,)
            elif moment <= now + HORIZON:
                self.scheduler.add_job(self._fire, "date", run_date=moment, id=f"deadline:{game_id}:{side}",
                                       args=[game_id, side, row["due_at"]], replace_existing=True,
                                       misfire_grace_time=None, coalesce=True)
                self._jobs.add((game_id, side))
            else:
                self._look_ahead(moment - HORIZON, now)

    def _points(self, row: dict) -> tuple[datetime, list[datetime]]:
        """A deadline row's due time and its reminder points, in its player's own time."""
        due = datetime.fromisoformat(row["due_at"])
        prefs = self.prefs_of(row["game"], row["side"])
        reminders = self.settings_of(row["game"]).reminders
        return due, sorted(reminder_at(t, due, prefs) for t in reminder_times(due, reminders))

    def _moment(self, row: dict, now: datetime, after: datetime | None) -> datetime:
        """When a deadline next needs the bot: now for a reminder point missed while the bot was
        down (one reminder for them all, not one per point), else its next reminder point, else
        its due time (now if past)."""
        due, points = self._points(row)
        if due <= now:
            return now
        if after is None and self._missed(row, points, now):
            return now
        return min([t for t in points if t > now] + [due])

    @staticmethod
    def _missed(row: dict, points: list[datetime], now: datetime) -> bool:
        """Whether a reminder point has passed since the row's last reminder."""
        reminded = datetime.fromisoformat(row["reminded_at"]) if row["reminded_at"] else None
        return any(t <= now and (reminded is None or reminded < t) for t in points)

    def _look_ahead(self, moment: datetime, now: datetime) -> None:
        """The horizon's job no later than `moment`, nor sooner than half a HORIZON from now (under the lock)."""
        moment = max(moment, now + HORIZON / 2)
        if self._horizon_at is None or moment < self._horizon_at:
            self._horizon_at = moment
            self.scheduler.add_job(self._horizon, "date", run_date=moment, id=HORIZON_JOB, args=[],
                                   replace_existing=True, misfire_grace_time=None, coalesce=True)

    async def _horizon(self) -> None:
        """Schedule the deadlines whose next moment has come within HORIZON (each game's rows read
        afresh), then come back before the next of the others does."""
        call_this("the planning of the deadlines")
        now = self.clock()
        with self._lock:
            self._horizon_at = None
            near = sorted({game for game, sides in self._next.items() for side, moment in sides.items()
                           if (game, side) not in self._jobs and moment <= now + HORIZON})
        for game_id in near:
            await asyncio.to_thread(self._replan, game_id)
        with self._lock:
            later = [moment for game, sides in self._next.items() for side, moment in sides.items()
                     if (game, side) not in self._jobs]
            if later:
                self._look_ahead(min(later) - HORIZON, now)

    def _current(self, game_id: int, side: str, due_at: str) -> dict | None:
        row = self.store.deadline(game_id, side)
        return row if row is not None and row["due_at"] == due_at else None

    async def _fire(self, game_id: int, side: str, due_at: str) -> None:
        """A deadline's moment, and the side's deadline planned while it is acted on, once that is
        done: its expiry's action may give the side a deadline due at once (an absent side's next
        one in the player-turn, `marks`), acted on at once by this same job. APScheduler runs no
        second run of a job while one runs: it skips one due meanwhile ("maximum number of running
        instances reached") and forgets a date job it skipped, so the game stalled. A moment the
        database was too busy for comes again RETRY later (one log line): its job was gone, and
        the game waited for the next start."""
        call_this(f"the {side} deadline of game {game_id}")
        key = (game_id, side)
        due: str | None = due_at
        retry: datetime | None = None
        with self._lock:
            self._firing[key] = None
        try:
            while due is not None:
                await self._act(game_id, side, due)
                due = await asyncio.to_thread(self._planned_meanwhile, key)
        except Exception as error:
            if not isinstance(error, Busy) and not is_busy(error):
                raise
            retry = self.clock() + RETRY
            log.warning("game %s: %s's deadline waits %d s: the database is busy (%s)", game_id, side,
                        RETRY.total_seconds(), error)
        finally:
            with self._lock:
                planned = self._firing.pop(key, None)
            row = None if planned is None and retry is None else \
                await asyncio.to_thread(self.store.deadline, game_id, side)
            if row is not None:  # the action failed (a bug: the scheduler logs it), or a plan came last:
                await asyncio.to_thread(self._schedule, row, planned and planned[0], retry)  # it gets its job

    def _planned_meanwhile(self, key: tuple[int, str]) -> str | None:
        """In a worker thread, once a deadline's moment was acted on: the side's deadline planned
        meanwhile, as stored now, planned; its due time when its moment has come already (the job
        acts on it at once), else None."""
        with self._lock:
            planned, self._firing[key] = self._firing[key], None
        row = None if planned is None else self.store.deadline(*key)
        if planned is None or row is None:
            return None
        now = self.clock()
        if self._moment(row, now, planned[0]) <= now:
            return row["due_at"]
        with self._lock:
            self._firing.pop(key, None)
        self._schedule(row, planned[0])
        return None

    async def _act(self, game_id: int, side: str, due_at: str) -> None:
        """A deadline's moment: its expiry once due, else the reminder of the points passed since
        the last one; then its next moment. The job re-reads its row and does nothing for one
        since met, replaced or cleared."""
        row = await asyncio.to_thread(self._current, game_id, side, due_at)
        if row is None:
            return
        with self._lock:
            self._jobs.discard((game_id, side))
        now = self.clock()
        due, points = await asyncio.to_thread(self._points, row)
        if now >= due:
            offline = max(min(now, self.started) - due, timedelta(0))  # not a wait while the bot ran (RETRY)
            await self.on_expire(game_id, side, offline, due_at)  # it replaces the row and reschedules
            return
        if self._missed(row, points, now):
            await self.on_remind(game_id, side, due, stamp(now))
        fresh = await asyncio.to_thread(self._current, game_id, side, due_at)
        if fresh is not None:
            await asyncio.to_thread(self._schedule, fresh, now)
