"""Deadlines over a fake clock and scheduler: reminders, actions, and restarts that lose no
deadline and repeat no reminder; plus the real APScheduler taking our jobs."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

import pytest
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.config import GameSettings
from bot.deadlines import HORIZON, HORIZON_JOB, STEP, Deadlines, stamp, utc_now
from bot.discord.messenger import markup
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

TEN_HOURS = GameSettings(deadline_hours=10, reminders=(5, 1))



def reminders_to(tables, user: str) -> list[str]:
    return [t for t in tables.delivery.messenger.to(user) if "is due <t:" in t]


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
    passed = [t for t in messenger.in_channel(CHANNEL) if "deadline has passed" in t]
    assert len(passed) == 1 and "while the bot was offline" in passed[0]
    row = service.store.deadline(game_id, "red")
    assert row["due_at"] == stamp(clock() + timedelta(hours=10))  # remind: the clock restarts
    tables = restart(service, clock, messenger)
    run(tables.deadlines.scheduler.run_due())
    assert len([t for t in messenger.in_channel(CHANNEL) if "deadline has passed" in t]) == 1


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
    run(tables.deadlines.scheduler.run_due())
    assert service.store.commands(game_id)[-1]["normalised"] == "end"
    assert service.store.commands(game_id)[-1]["user"] == "deadline"
    assert service.store.deadline(game_id, "red")["phase_key"] == "1:red:dice"
    clock.advance(hours=2)  # "end" is not a command of the dice phase: the computer rolls for Red
    run(tables.deadlines.scheduler.run_due())
    rolled = service.store.commands(game_id)[-1]
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
    assert len(passed) == 1 and "Blue deadline has passed" in passed[0]


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
    assert len([t for t in tables.delivery.messenger.in_channel(CHANNEL) if "is due" in t]) == 1


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


TWO_DAYS = GameSettings(deadline_hours=48, reminders=(24,))


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
    passed = [t for t in tables.delivery.messenger.in_channel(CHANNEL) if "deadline has passed" in t]
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
    assert "game 1: its deadlines are not scheduled" in caplog.text
    assert "game 2: its deadlines are not scheduled" in caplog.text
