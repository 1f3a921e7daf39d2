"""Deadlines over a fake clock and scheduler: reminders, actions, and restarts that lose no
deadline and repeat no reminder; plus the real APScheduler taking our jobs."""
from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

import pytest
from apscheduler.events import EVENT_JOB_ERROR
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.config import GameSettings
from bot.deadlines import HORIZON, HORIZON_JOB, STEP, Deadlines, stamp, utc_now
from bot.discord.app import ClockedScheduler
from bot.discord.messenger import markup
from bot.player_prefs import PlayerPrefs
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    FakeClock,
    FakeMessenger,
    FakeScheduler,
    make_tables,
    run,
    seated_game,
)

TEN_HOURS = GameSettings(deadline_hours=10, reminders=(5, 1), at_deadline="remind")



def reminders_to(tables, user: str) -> list[str]:
    """The reminders a player was sent, by DM or by a ping in a channel (the toy race's, an open
    game, where they are asked)."""
    messenger = tables.delivery.messenger
    return [t for t in messenger.to(user) + [text for _, text, _ in messenger.posts if f"<@{user}>" in text]
            if " is due <t:" in t or " are due <t:" in t]


def restart(service, clock, messenger, settings=TEN_HOURS):
    """A new bot process over the same database: fresh scheduler, jobs rebuilt from the table."""
    tables = make_tables(service, clock, messenger, defaults=settings)
    run(tables.deadlines.rebuild())
    return tables


def test_reminders_at_their_points_and_never_twice_across_a_restart(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    run(seated_game(tables))
    clock.advance(hours=5)
    assert run(tables.deadlines.scheduler.run_due()) == 1
    assert len(reminders_to(tables, ANNA.id)) == 1
    assert "<@1> Game" in tables.delivery.messenger.in_channel(CHANNEL)[-1]
    tables = restart(service, clock, tables.delivery.messenger)
    run(tables.deadlines.scheduler.run_due())
    assert len(reminders_to(tables, ANNA.id)) == 1  # the restart sent nothing again
    clock.advance(hours=4)
    run(tables.deadlines.scheduler.run_due())
    assert len(reminders_to(tables, ANNA.id)) == 2
    assert reminders_to(tables, BORIS.id) == []


def test_reminders_missed_while_down_come_once(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    run(seated_game(tables))
    clock.advance(hours=9, minutes=30)  # both reminder points passed while the bot was down
    tables = restart(service, clock, tables.delivery.messenger)
    run(tables.deadlines.scheduler.run_due())
    assert len(reminders_to(tables, ANNA.id)) == 1


def test_deadline_missed_while_down_fires_once_late_with_a_note(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    clock.advance(hours=13)
    tables = restart(service, clock, messenger)
    run(tables.deadlines.scheduler.run_due())
    passed = [t for t in messenger.in_channel(CHANNEL) if "has passed" in t]
    assert len(passed) == 1 and "while the bot was offline" in passed[0]
    row = service.store.deadline(game_id, "red")
    assert row["due_at"] == stamp(clock() + timedelta(hours=10))  # remind: the clock restarts
    tables = restart(service, clock, messenger)
    run(tables.deadlines.scheduler.run_due())
    assert len([t for t in messenger.in_channel(CHANNEL) if "has passed" in t]) == 1


def test_deadline_on_time_has_no_note_and_no_deadline_is_lost(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    run(seated_game(tables))
    clock.advance(hours=10)
    run(tables.deadlines.scheduler.run_due())
    passed = [t for t in tables.delivery.messenger.in_channel(CHANNEL) if "has passed" in t]
    assert len(passed) == 1 and "offline" not in passed[0]


def expiring(service, action: str):
    """A started game whose two-hour deadline does `action`, the clock already past it."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(deadline_hours=2, reminders=(),
                                                               at_deadline=action))
    game_id = run(seated_game(tables))
    clock.advance(hours=2)
    return tables, clock, game_id


def test_auto_end_at_the_deadline(service):
    tables, clock, game_id = expiring(service, "end")
    run(tables.deadlines.scheduler.run_due())  # Red absent for the rest of its player-turn: its Dice Phase at once
    ended, rolled = service.store.commands(game_id)[-2:]
    assert (ended["normalised"], ended["user"]) == ("end", "deadline")
    # "end" is not a command of the dice phase: the computer rolls for Red
    assert (rolled["side"], rolled["normalised"], rolled["user"]) == ("red", "roll", "computer")
    said = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert said.startswith("**Deadline, the computer (level 1)** — Red: roll. Why: ")
    assert service.store.deadline(game_id, "red") is None and service.store.deadline(game_id, "blue")
    assert service.replay_check(game_id).ok


def test_forfeit_at_the_deadline(service):
    tables, _, game_id = expiring(service, "forfeit")
    run(tables.deadlines.scheduler.run_due())
    game = service.store.game(game_id)
    assert game["status"] == "over" and game["ended"]["winner"] == "blue"
    ending, reveal = tables.delivery.messenger.in_channel(CHANNEL)[-2:]
    assert "missed the deadline" in ending and f"Fair dice of game {game_id} revealed" in reveal


def test_a_met_deadline_does_nothing_when_its_old_job_fires(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))
    old = service.store.deadline(game_id, "red")["due_at"]
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # a new phase: a new deadline
    assert service.store.deadline(game_id, "red")["due_at"] == old  # same clock time, new key
    assert service.store.deadline(game_id, "red")["phase_key"] == "1:red:dice"
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert service.store.deadline(game_id, "red") is None
    clock.advance(hours=11)
    posts = len(tables.delivery.messenger.posts)
    tables = restart(service, clock, tables.delivery.messenger)
    tables.deadlines.scheduler.jobs.update(
        {"stale": (clock(), tables.deadlines._fire, [game_id, "red", old])})
    run(tables.deadlines.scheduler.run_due())
    passed = [t for _, t, _ in tables.delivery.messenger.posts[posts:]]
    assert len(passed) == 1 and "the deadline for the Blue " in passed[0]


def test_apscheduler_runs_a_past_deadline_job_once(store):
    fired: list[str] = []

    async def handle(*args):
        fired.append(args)

    async def main():
        scheduler = AsyncIOScheduler(timezone="UTC")
        scheduler.start()
        store.create_game("toy_system", "short", 1)
        store.set_deadline(1, "red", stamp(utc_now() - timedelta(hours=1)), "k")
        deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, handle, handle)
        assert await deadlines.rebuild() == 1
        await asyncio.sleep(0.2)
        scheduler.shutdown(wait=False)

    run(main())
    assert len(fired) == 1 and fired[0][:2] == (1, "red")


def test_a_settings_change_reschedules_the_running_deadline(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))
    began = clock()
    clock.advance(hours=2)
    reply = run(tables.lobby.change_settings(ANNA, CHANNEL, {"deadline_hours": 20, "reminders": [2]}))
    assert "Red is now due <t:" in markup(reply)
    assert service.store.deadline(game_id, "red")["due_at"] == stamp(began + timedelta(hours=20))
    assert tables.deadlines.next_at(game_id, "red") == began + timedelta(hours=18)  # not the old 5 h point
    clock.advance(hours=9)  # past the old deadline: nothing happens
    run(tables.deadlines.scheduler.run_due())
    assert not any("has passed" in t for t in tables.delivery.messenger.in_channel(CHANNEL))


def test_a_shortened_deadline_still_leaves_an_hour(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))
    clock.advance(hours=6)
    run(tables.lobby.change_settings(ANNA, CHANNEL, {"deadline_hours": 4, "reminders": []}))
    assert service.store.deadline(game_id, "red")["due_at"] == stamp(clock() + timedelta(hours=1))


def test_cleared_deadlines_take_their_jobs_with_them(service):
    async def main():
        scheduler = AsyncIOScheduler(timezone="UTC")
        scheduler.start()
        tables = make_tables(service, FakeClock(utc_now()), defaults=TEN_HOURS)
        tables.deadlines.scheduler = scheduler  # real jobs, due hours from now
        game_id = await seated_game(tables)
        started = sorted(job.id for job in scheduler.get_jobs())
        await tables.play.submit(ANNA, CHANNEL, "end")
        await tables.play.submit(ANNA, CHANNEL, "roll")  # Red's turn is over: Blue's begins
        after_turn = sorted(job.id for job in scheduler.get_jobs())
        await tables.play.resign(BORIS, CHANNEL)
        left = scheduler.get_jobs()
        scheduler.shutdown(wait=False)
        return game_id, started, after_turn, left

    game_id, started, after_turn, left = run(main())
    assert started == [f"deadline:{game_id}:red"]  # one job: its reminders, then its expiry
    assert after_turn == [f"deadline:{game_id}:blue"]
    assert left == []


def test_a_reminder_is_stored_with_its_mark_or_not_at_all(service, monkeypatch):
    """A reminder's messages are stored in the transaction that marks it sent: the
    process dying in between neither loses it nor sends it twice."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))

    def dies(*args):
        raise SystemExit("killed while storing the reminder")
    monkeypatch.setattr(service.store, "_write_outbox", dies)
    clock.advance(hours=5)
    with pytest.raises(SystemExit):
        run(tables.deadlines.scheduler.run_due())
    monkeypatch.undo()
    assert service.store.deadline(game_id, "red")["reminded_at"] is None
    tables = restart(service, clock, FakeMessenger())
    run(tables.deadlines.scheduler.run_due())
    run(tables.deadlines.scheduler.run_due())
    assert len(reminders_to(tables, ANNA.id)) == 1
    assert len([t for t in tables.delivery.messenger.in_channel(CHANNEL) if " are due " in t]) == 1


class CountingScheduler(AsyncIOScheduler):
    """APScheduler's own, counting the jobs it hands out when asked for all of them."""

    handed = 0

    def get_jobs(self, *args, **kwargs):
        jobs = super().get_jobs(*args, **kwargs)
        self.handed += len(jobs)
        return jobs


def many_deadlines(store, rows: int) -> None:
    """`rows` running toy games, each with Red's deadline hours ahead."""
    due = stamp(utc_now() + timedelta(hours=8))
    with store.transaction():
        for game_id in range(1, rows + 1):
            store.db.execute("INSERT INTO games (id, system, scenario, seed, status, created_at) "
                             "VALUES (?, 'toy_system', 'short', 1, 'active', '2026-03-01')", [game_id])
            store.db.execute("INSERT INTO deadlines (game, side, due_at, phase_key) VALUES (?, 'red', ?, 'k')",
                             [game_id, due])


async def nothing_falls_due(*args):
    raise AssertionError("nothing falls due")


def test_a_start_with_many_deadlines_schedules_them_in_one_pass(store):
    """A start-up schedules each stored deadline without looking through the jobs of the others
    (looking gave a start-up that grew with the square of the games: 1,000 deadlines 2.8 s,
    4,000 28.7 s, offline meanwhile); a command then reschedules its own game alone."""
    rows = 1_000
    many_deadlines(store, rows)

    async def main():
        scheduler = CountingScheduler(timezone="UTC")
        scheduler.start()
        deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, nothing_falls_due, nothing_falls_due)
        assert await deadlines.rebuild() == rows
        scheduled = len(scheduler.get_jobs())
        store.db.execute("DELETE FROM deadlines WHERE game = 7")
        deadlines.reschedule(7)
        left = {job.id for job in scheduler.get_jobs()}
        scheduler.shutdown(wait=False)
        return scheduled, left, scheduler.handed

    scheduled, left, handed = run(main())
    assert scheduled == rows  # each: one job, for its reminders and its expiry
    assert len(left) == rows - 1 and not any(":7:" in job for job in left)
    assert handed == scheduled + len(left)  # only the two looks of this test


def test_a_start_answers_while_it_schedules_the_deadlines(store):
    """The bot connects and answers while a start-up schedules thousands of deadlines: the
    scheduling gives the event loop back every STEP games (a command coming meanwhile is
    answered then), and a game rescheduled meanwhile is taken as it stands."""
    many_deadlines(store, 3 * STEP)

    async def main():
        scheduler = AsyncIOScheduler(timezone="UTC")
        scheduler.start()
        deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, nothing_falls_due, nothing_falls_due)
        rebuilding = asyncio.get_running_loop().create_task(deadlines.rebuild())
        await asyncio.sleep(0)
        seen = len(scheduler.get_jobs())  # what a command arriving meanwhile finds
        store.db.execute("DELETE FROM deadlines WHERE game = ?", [3 * STEP])  # the last game ends
        deadlines.reschedule(3 * STEP)
        count = await rebuilding
        jobs = {job.id for job in scheduler.get_jobs()}
        scheduler.shutdown(wait=False)
        return seen, count, jobs

    seen, count, jobs = run(main())
    assert 0 < seen < 3 * STEP
    assert count == 3 * STEP and len(jobs) == 3 * STEP - 1
    assert f"deadline:{3 * STEP}:red" not in jobs


TWO_DAYS = GameSettings(deadline_hours=48, reminders=(24,), at_deadline="remind")


def test_a_far_deadline_waits_outside_the_scheduler_until_its_moment_comes_near(service):
    """A deadline whose next moment is beyond HORIZON has no job of its own, only the horizon's;
    its reminder and its expiry still come on time, across a restart, and once each."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TWO_DAYS)
    game_id = run(seated_game(tables))
    reminder = clock() + timedelta(hours=24)
    assert tables.deadlines.next_at(game_id, "red") == reminder
    assert set(tables.deadlines.scheduler.jobs) == {HORIZON_JOB}
    assert tables.deadlines.scheduler.jobs[HORIZON_JOB][0] == reminder - HORIZON
    clock.advance(hours=20)
    tables = restart(service, clock, tables.delivery.messenger, TWO_DAYS)
    assert set(tables.deadlines.scheduler.jobs) == {f"deadline:{game_id}:red"}  # within HORIZON now
    clock.advance(hours=4)
    assert run(tables.deadlines.scheduler.run_due()) == 1
    assert len(reminders_to(tables, ANNA.id)) == 1
    assert tables.deadlines.next_at(game_id, "red") == reminder + timedelta(hours=24)
    assert set(tables.deadlines.scheduler.jobs) == {HORIZON_JOB}
    clock.advance(hours=24)
    run(tables.deadlines.scheduler.run_due())  # the horizon's job, then the deadline's
    passed = [t for t in tables.delivery.messenger.in_channel(CHANNEL) if "has passed" in t]
    assert len(passed) == 1 and "offline" not in passed[0] and len(reminders_to(tables, ANNA.id)) == 1


def test_a_start_puts_only_the_near_deadlines_in_the_scheduler(store):
    """Of 1,000 deadlines, 999 with their first reminder 35 hours away and one with its in 3 hours, a
    start-up schedules the one and the horizon's job: the others wait, noted, for their time."""
    many_deadlines(store, 1_000)
    store.db.execute("UPDATE deadlines SET due_at = ? WHERE game > 1", [stamp(utc_now() + timedelta(hours=40))])
    scheduler = FakeScheduler(FakeClock(utc_now()))
    deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, nothing_falls_due, nothing_falls_due,
                          clock=scheduler.clock)
    assert run(deadlines.rebuild()) == 1_000
    assert set(scheduler.jobs) == {"deadline:1:red", HORIZON_JOB}
    assert deadlines.next_at(1_000, "red") == datetime.fromisoformat(store.deadline(1_000, "red")["due_at"]) \
        - timedelta(hours=5)


def test_a_damaged_game_leaves_the_other_deadlines_scheduled(service, caplog):
    """A start-up meets a game whose settings cannot be read and one whose row is damaged: each
    is logged and keeps no job; the deadlines of the others are scheduled all the same."""
    store = service.store
    many_deadlines(store, 3)
    store.db.execute("UPDATE games SET settings = ? WHERE id = 1", ['{"deadline_hours": "soon"}'])
    store.db.execute("UPDATE games SET options = ? WHERE id = 2", ["{not json"])
    tables = make_tables(service, FakeClock(utc_now()))
    assert run(tables.deadlines.rebuild()) == 3
    assert [tables.deadlines.next_at(game_id, "red") is not None for game_id in (1, 2, 3)] == [False, False, True]
    said = [m for m in caplog.messages if "its deadlines are not scheduled" in m]
    assert said == ["game 1: its deadlines are not scheduled: A deadline and its reminders are numbers of "
                    "hours, like 48 and 24, 1.",
                    "game 2: its deadlines are not scheduled: Game 2's stored record is damaged, so it is "
                    "set aside; the server's owner has been told. Every other game goes on."]


# The deadlines alone, over stored rows, a fake scheduler and a fake clock (no table around them).

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)  # FakeClock's start, a Sunday


async def never(*args):
    raise AssertionError("nothing falls due")


def recorder() -> tuple[list[tuple], Callable[..., Awaitable[None]]]:
    """A handler that notes what it is called with, and what it noted."""
    calls: list[tuple] = []

    async def record(*args) -> None:
        calls.append(args)
    return calls, record


def bare(store, clock: FakeClock, settings: GameSettings = TEN_HOURS, prefs: PlayerPrefs = PlayerPrefs(),
         on_remind=never, on_expire=never) -> Deadlines:
    return Deadlines(store, FakeScheduler(clock), lambda _: settings, on_remind, on_expire, clock=clock,
                     prefs_of=lambda game_id, side: prefs)


def running(store, side: str = "red", due: datetime = T0 + timedelta(hours=10), phase: str = "k",
            began: datetime | None = T0, game_id: int | None = None) -> int:
    """A deadline row (in a new game unless one is named); began None: a row from before `began_at` was kept."""
    game_id = game_id or store.create_game("toy_system", "short", 1)
    store.set_deadline(game_id, side, stamp(due), phase, began_at=stamp(began) if began else None)
    return game_id


def test_stamps_are_utc_whatever_the_servers_zone(monkeypatch):
    """Due times are compared and sorted as text in the store: one zone for them all."""
    monkeypatch.setenv("TZ", "Europe/Moscow")
    time.tzset()
    try:
        assert stamp(T0) == "2026-03-01T12:00:00+00:00"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_phase_that_goes_on_keeps_its_deadline_and_when_it_began(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=TEN_HOURS)
    game_id = run(seated_game(tables))
    clock.advance(hours=3)
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))  # the Movement Phase goes on
    row = service.store.deadline(game_id, "red")
    assert (row["due_at"], row["began_at"], row["phase_key"]) == (stamp(T0 + timedelta(hours=10)), stamp(T0),
                                                                  "1:red:movement")
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # a new phase: a new clock
    row = service.store.deadline(game_id, "red")
    assert (row["due_at"], row["began_at"], row["phase_key"]) == (stamp(clock() + timedelta(hours=10)),
                                                                  stamp(clock()), "1:red:dice")


def test_a_plan_reads_its_own_games_rows_and_gives_the_computer_none(store):
    clock = FakeClock(T0 + timedelta(hours=3))
    deadlines = bare(store, clock)
    first = running(store, due=T0 + timedelta(hours=10))
    other = running(store, due=T0 + timedelta(hours=20))  # another game, same side and phase
    assert deadlines.plan(first, ["red"], "k") == {"red": T0 + timedelta(hours=10)}
    assert deadlines.plan(other, ["red"], "k") == {"red": T0 + timedelta(hours=20)}
    assert deadlines.plan(first, ["red"], "k", restart=frozenset({"red"})) == {"red": clock() + timedelta(hours=10)}
    store.take_computer_seat(other, "blue", {"level": 1, "budget": 20, "seed": 1})
    assert deadlines.plan(other, ["red", "blue"], "k") == {"red": T0 + timedelta(hours=20)}


def test_rows_keep_the_start_of_their_own_running_deadline_only(store):
    clock = FakeClock(T0 + timedelta(hours=3))
    deadlines = bare(store, clock)
    first = running(store, due=T0 + timedelta(hours=10))
    running(store, "blue", due=T0 + timedelta(hours=10), game_id=first)  # a side not planned now
    now, kept = stamp(clock()), stamp(T0 + timedelta(hours=10))
    assert deadlines.rows(first, ["red"], "k") == {"red": (kept, "k", stamp(T0))}
    assert deadlines.rows(first, ["red"], "k", {"red": clock() + timedelta(hours=10)}) == \
        {"red": (stamp(clock() + timedelta(hours=10)), "k", now)}  # as announced: a fresh clock
    other = store.create_game("toy_system", "short", 1)  # the same due time in another game lends no start
    assert deadlines.rows(other, ["red"], "k", {"red": T0 + timedelta(hours=10)}) == {"red": (kept, "k", now)}


def test_a_settings_change_reshapes_its_own_games_deadlines_only(store):
    deadlines = bare(store, FakeClock())
    first, other = running(store), running(store)
    longer = GameSettings(deadline_hours=20, reminders=(5, 1))
    assert [(row["game"], row["due_at"]) for row in deadlines.reshaped(first, TEN_HOURS, longer)] == \
        [(first, stamp(T0 + timedelta(hours=20)))]
    assert other != first


def test_a_person_taking_a_side_from_the_computer_gets_a_clock_of_their_own(store):
    """Their game's deadline length, their own time (Blue's player wants deadlines at 20:00)."""
    clock = FakeClock(T0 + timedelta(hours=3))
    game_id = store.create_game("toy_system", "short", 1)
    deadlines = Deadlines(store, FakeScheduler(clock), {game_id: TEN_HOURS}.__getitem__, never, never, clock,
                          lambda game, side: PlayerPrefs(due_hour=20) if side == "blue" else PlayerPrefs())
    due = T0 + timedelta(hours=32)  # 15:00 + 10 h is 01:00 on Monday: due at 20:00 that day
    assert deadlines.renew(game_id, "blue", "1:blue:movement") == due
    row = store.deadline(game_id, "blue")
    assert (row["due_at"], row["phase_key"], row["began_at"], row["reminded_at"]) == \
        (stamp(due), "1:blue:movement", stamp(clock()), None)
    assert deadlines.next_at(game_id, "blue") == due - timedelta(hours=5)


def test_own_time_retimes_a_row_kept_from_before_began_at_from_its_due_time(store):
    """A row without `began_at` began the game's deadline length before it falls due."""
    deadlines = bare(store, FakeClock(), GameSettings(deadline_hours=24, reminders=()), PlayerPrefs(due_hour=20))
    game_id = running(store, due=T0 + timedelta(hours=24), began=None)
    assert [row["due_at"] for row in deadlines.retimed(game_id, ["red"])] == [stamp(T0 + timedelta(hours=32))]


def test_own_time_retimes_the_sides_asked_for_in_their_own_game(store):
    deadlines = bare(store, FakeClock(), GameSettings(deadline_hours=24, reminders=()), PlayerPrefs(due_hour=20))
    game_id = running(store, due=T0 + timedelta(hours=2))  # Red falls due first
    running(store, "blue", due=T0 + timedelta(hours=24), game_id=game_id)
    running(store, "blue", due=T0 + timedelta(hours=24))  # another game
    assert [(row["game"], row["side"], row["due_at"]) for row in deadlines.retimed(game_id, ["blue"])] == \
        [(game_id, "blue", stamp(T0 + timedelta(hours=32)))]


def test_own_time_skips_weekends_where_the_game_says_so_also_in_the_longest_vacation(store):
    """Begun Friday 6 March noon, a day's deadline skipping weekends falls Monday 9 March noon;
    a vacation to Friday 20 March would move it to Tuesday 24 March, but no vacation moves it
    more than 14 days past Monday 9 March."""
    friday = datetime(2026, 3, 6, 12, tzinfo=UTC)
    settings = GameSettings(deadline_hours=24, reminders=(), skip_weekends=True)
    deadlines = bare(store, FakeClock(friday), settings, PlayerPrefs(away_until="2026-03-20"))
    game_id = running(store, due=datetime(2026, 3, 9, 12, tzinfo=UTC), began=friday)
    assert [row["due_at"] for row in deadlines.retimed(game_id, ["red"])] == \
        [stamp(datetime(2026, 3, 23, 12, tzinfo=UTC))]
    deadlines = bare(store, FakeClock(friday), settings, PlayerPrefs(due_hour=20))
    assert [row["due_at"] for row in deadlines.retimed(game_id, ["red"])] == \
        [stamp(datetime(2026, 3, 9, 20, tzinfo=UTC))]


def test_a_reminder_not_stored_waits_for_the_next_moment_rather_than_firing_again(store):
    """The reminder's handler fails to mark it sent: its job moves on to the next point, not back to now."""
    clock = FakeClock()
    told, remind = recorder()
    deadlines = bare(store, clock, on_remind=remind)
    game_id = running(store)
    deadlines.reschedule(game_id)
    clock.advance(hours=5)
    assert run(deadlines.scheduler.run_due()) == 1 and len(told) == 1
    assert deadlines.next_at(game_id, "red") == T0 + timedelta(hours=9)  # the one-hour reminder
    assert deadlines.scheduler.jobs[f"deadline:{game_id}:red"][0] == T0 + timedelta(hours=9)


def test_an_old_job_of_a_replaced_deadline_does_nothing(store):
    """A job carries the due time it was planned for: the side's deadline replaced since (here by a
    shorter one whose reminder has passed), it neither reminds nor expires."""
    clock = FakeClock()
    deadlines = bare(store, clock)
    game_id = running(store)
    deadlines.reschedule(game_id)
    running(store, due=T0 + timedelta(hours=5, minutes=30), game_id=game_id)  # not rescheduled
    clock.advance(hours=5)
    assert run(deadlines.scheduler.run_due()) == 1  # the old job, at the old reminder point: nothing


def test_a_job_that_comes_late_still_runs(store):
    """The machine slept past a reminder point: the job runs when it wakes, however late."""
    clock = FakeClock()
    told, remind = recorder()
    deadlines = bare(store, clock, on_remind=remind)
    deadlines.reschedule(running(store))
    clock.advance(hours=7)
    assert run(deadlines.scheduler.run_due()) == 1
    assert len(told) == 1 and deadlines.scheduler.missed == []


def test_the_horizon_comes_back_for_the_next_far_deadline(store):
    """Two far deadlines, due at +24 h and +25 h: the horizon's job runs at +18 h (six hours before the
    first), gives the first its job, forgets a third cleared meanwhile, and comes back for the
    second, no sooner than half a HORIZON later (+21 h), where it gives the second its job."""
    clock = FakeClock()
    deadlines = bare(store, clock, GameSettings(deadline_hours=48, reminders=()))
    first = running(store, due=T0 + timedelta(hours=24))
    second = running(store, due=T0 + timedelta(hours=25))
    cleared = running(store, due=T0 + timedelta(hours=24))
    assert run(deadlines.rebuild()) == 3
    jobs = deadlines.scheduler.jobs
    assert set(jobs) == {HORIZON_JOB} and jobs[HORIZON_JOB][0] == T0 + timedelta(hours=18)
    store.db.execute("DELETE FROM deadlines WHERE game = ?", [cleared])  # met, by a process not rescheduling it
    clock.advance(hours=18)
    assert run(deadlines.scheduler.run_due()) == 1
    assert set(jobs) == {HORIZON_JOB, f"deadline:{first}:red"} and deadlines.next_at(cleared, "red") is None
    assert jobs[HORIZON_JOB][0] == clock() + HORIZON / 2
    clock.advance(hours=3)
    assert run(deadlines.scheduler.run_due()) == 1
    assert set(jobs) == {f"deadline:{first}:red", f"deadline:{second}:red"}


def test_the_horizon_moves_sooner_for_a_nearer_far_deadline_and_goes_with_the_last(store):
    clock = FakeClock()
    deadlines = bare(store, clock, GameSettings(deadline_hours=48, reminders=()))
    later = running(store, due=T0 + timedelta(hours=40))
    deadlines.reschedule(later)
    sooner = running(store, due=T0 + timedelta(hours=30))
    deadlines.reschedule(sooner)  # its horizon replaces the later one's (APScheduler: one job an id)
    jobs = deadlines.scheduler.jobs
    assert set(jobs) == {HORIZON_JOB} and jobs[HORIZON_JOB][0] == T0 + timedelta(hours=24)
    store.db.execute("DELETE FROM deadlines WHERE game = ?", [sooner])
    deadlines.reschedule(sooner)
    assert jobs[HORIZON_JOB][0] == T0 + timedelta(hours=24)  # noted for the other deadline: kept
    store.db.execute("DELETE FROM deadlines WHERE game = ?", [later])
    deadlines.reschedule(later)
    assert jobs == {} and deadlines.next_at(later, "red") is None


def test_one_sides_deadline_goes_and_the_others_stays(store):
    deadlines = bare(store, FakeClock())
    game_id = running(store)
    running(store, "blue", game_id=game_id)
    deadlines.reschedule(game_id)
    assert [deadlines.next_at(game_id, side) for side in ("red", "blue")] == [T0 + timedelta(hours=5)] * 2
    store.db.execute("DELETE FROM deadlines WHERE game = ? AND side = 'red'", [game_id])
    deadlines.reschedule(game_id)
    assert deadlines.next_at(game_id, "red") is None
    assert deadlines.next_at(game_id, "blue") == T0 + timedelta(hours=5)
    assert set(deadlines.scheduler.jobs) == {f"deadline:{game_id}:blue"}


def test_a_deadline_moved_far_leaves_its_job_and_the_horizon_brings_it_back(store):
    """A near deadline made far (a longer deadline, a vacation) gives up its job; the horizon's
    job gives it a new one when its moment comes near, and it expires on time."""
    clock = FakeClock()
    expired, expire = recorder()
    deadlines = bare(store, clock, GameSettings(deadline_hours=48, reminders=()), on_expire=expire)
    game_id = running(store, due=T0 + timedelta(hours=5))
    deadlines.reschedule(game_id)
    assert set(deadlines.scheduler.jobs) == {f"deadline:{game_id}:red"}
    running(store, due=T0 + timedelta(hours=30), game_id=game_id)
    deadlines.reschedule(game_id)
    assert set(deadlines.scheduler.jobs) == {HORIZON_JOB}
    clock.advance(hours=24)
    run(deadlines.scheduler.run_due())
    assert set(deadlines.scheduler.jobs) == {f"deadline:{game_id}:red"}
    clock.advance(hours=6)
    run(deadlines.scheduler.run_due())
    assert expired == [(game_id, "red", timedelta(0), (T0 + timedelta(hours=30)).isoformat())]


def test_a_start_schedules_step_games_a_turn_of_the_event_loop_each_once(store):
    many_deadlines(store, 3 * STEP)
    scheduler = FakeScheduler(FakeClock(utc_now()))
    deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, never, never, clock=scheduler.clock)
    added: list[str] = []
    add_job = scheduler.add_job
    scheduler.add_job = lambda func, trigger, **kwargs: added.append(kwargs["id"]) or add_job(func, trigger, **kwargs)

    async def main() -> list[int]:
        rebuilding = asyncio.get_running_loop().create_task(deadlines.rebuild())
        seen = []
        for _ in range(3):
            await asyncio.sleep(0)
            seen.append(len(scheduler.jobs))
        await rebuilding
        return seen

    assert run(main()) == [STEP, 2 * STEP, 3 * STEP]
    assert sorted(added) == sorted(f"deadline:{game_id}:red" for game_id in range(1, 3 * STEP + 1))


def test_a_deadline_its_expiry_makes_due_at_once_is_acted_on_by_the_same_job(store, caplog):
    """An absent side's deadline passes and its action plays the phase; the side's next deadline in
    the player-turn falls due at once (Deadlines.marks), planned while the job still runs (the
    change's news goes out meanwhile). APScheduler runs no job twice at once: it skipped the new one
    ('maximum number of running instances reached') and forgot it, a date job, so the game stalled
    until a restart. Now the job acts on it when done with the first; the log stays quiet."""
    clock = FakeClock()
    expired: list[str] = []

    async def main() -> None:
        scheduler = ClockedScheduler(clock)
        scheduler.start()
        again = asyncio.Event()

        async def expire(game_id: int, side: str, late_by: timedelta, due_at: str) -> None:
            expired.append(store.deadline(game_id, side)["phase_key"])
            if len(expired) == 1:
                running(store, due=clock.now, phase="next phase", game_id=game_id)
                deadlines.reschedule(game_id)
                for _ in range(50):  # the change's news is sent: the scheduler runs meanwhile
                    await asyncio.sleep(0)
            else:
                again.set()
        deadlines = Deadlines(store, scheduler, lambda _: TEN_HOURS, never, expire, clock=clock)
        deadlines.reschedule(running(store))
        clock.advance(hours=10)
        scheduler.wakeup()
        await asyncio.wait_for(again.wait(), 30)  # a guard: it fails rather than hangs
        scheduler.shutdown(wait=False)

    run(main())
    assert expired == ["k", "next phase"]
    assert "maximum number of running instances" not in caplog.text


def test_a_deadline_planned_by_an_expiry_that_then_fails_keeps_its_job(store):
    """The expiry's action plans the side's next deadline, five hours on, while its job runs, then
    fails (a bug: the scheduler logs it): that deadline still has its job."""
    clock = FakeClock()

    async def main() -> list[str]:
        scheduler = ClockedScheduler(clock)
        scheduler.start()
        failed = asyncio.Event()
        scheduler.add_listener(lambda event: failed.set(), EVENT_JOB_ERROR)

        async def expire(game_id: int, side: str, late_by: timedelta, due_at: str) -> None:
            running(store, due=clock.now + timedelta(hours=5), phase="next phase", game_id=game_id)
            deadlines.reschedule(game_id)
            raise RuntimeError("a bug")
        deadlines = Deadlines(store, scheduler, lambda _: GameSettings(deadline_hours=10, reminders=()), never,
                              expire, clock=clock)
        game_id = running(store)
        deadlines.reschedule(game_id)
        clock.advance(hours=10)
        scheduler.wakeup()
        await asyncio.wait_for(failed.wait(), 30)  # the job ended; a guard: it fails rather than hangs
        jobs = [f"{job.id} {job.next_run_time:%H:%M}" for job in scheduler.get_jobs()]
        scheduler.shutdown(wait=False)
        return jobs

    assert run(main()) == [f"deadline:1:red {T0 + timedelta(hours=15):%H:%M}"]
