"""The process dies right after a change is committed, before anything is sent. Each
announcement was stored in the change's own transaction, so the next start sends it, once: the
opening line of a game, a settings post, a map post, the notice of a new deadline after one
passed, and the turn mark that spectators one turn behind are shown from. The deadlines a change
announces are stored with it too, so the next start schedules exactly what the players were told."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.config import GameSettings
from bot.store import Store
from bot.tables import Tables
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    WATCH,
    FakeClock,
    FakeMessenger,
    make_tables,
    run,
    seated_game,
)


class Killed(BaseException):
    """The process ends here (SIGKILL, a power cut): no handler of the bot sees it."""


def killed_after(monkeypatch: pytest.MonkeyPatch, method: str) -> None:
    """From now on the process dies as soon as Store.<method> has committed."""
    commit = getattr(Store, method)

    def then_die(self: Store, *args: object, **kwargs: object) -> object:
        commit(self, *args, **kwargs)
        raise Killed(method)
    monkeypatch.setattr(Store, method, then_die)


def restarted(tables: Tables, monkeypatch: pytest.MonkeyPatch, clock: FakeClock) -> Tables:
    """The next start over the same database: the store whole again, nothing in memory, and
    what the outbox holds sent (as the bot's outbox job does at start-up)."""
    monkeypatch.undo()
    after = make_tables(tables.service, clock, FakeMessenger(), defaults=tables.config.defaults)
    run(after.delivery.flush())
    assert run(after.delivery.flush()) == 0  # nothing is left to send twice
    return after


def posts(tables: Tables, channel: str = CHANNEL) -> list[str]:
    return tables.delivery.messenger.in_channel(channel)


def test_the_opening_line_of_a_new_game_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    killed_after(monkeypatch, "create_game")
    with pytest.raises(Killed):
        run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    after = restarted(tables, monkeypatch, clock)
    opened, = posts(after)
    assert opened.startswith("Anna opens game 1: toy_system: A short race.")
    assert after.settings(1) == after.config.defaults  # the settings came with the game


def test_a_settings_post_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    killed_after(monkeypatch, "set_settings")
    with pytest.raises(Killed):
        run(tables.lobby.change_settings(ANNA, CHANNEL, {"deadline_hours": 72}))
    after = restarted(tables, monkeypatch, clock)
    changed, = [p for p in posts(after) if "changes the settings" in p]
    assert changed.startswith(f"Anna changes the settings of game {game_id}: ")
    assert "Red is now due <t:" in changed
    due = clock() + timedelta(hours=72)  # stored with the settings, as the post says
    assert after.store.deadline(game_id, "red")["due_at"] == due.isoformat(timespec="seconds")


def test_a_map_post_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    run(seated_game(tables))
    killed_after(monkeypatch, "add_outbox")
    with pytest.raises(Killed):
        run(tables.play.map(BORIS, CHANNEL))
    after = restarted(tables, monkeypatch, clock)
    requested, = [p for p in posts(after) if "at Boris's request" in p]
    assert after.delivery.messenger.posts[-1][2][0].startswith(b"PNG turn=1")


def test_the_notice_of_a_new_deadline_survives_a_crash(service, monkeypatch):
    """At a deadline set to "remind again", the new deadline and its notice commit together."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="remind"))
    game_id = run(seated_game(tables))
    clock.advance(hours=48)
    killed_after(monkeypatch, "set_deadline")
    with pytest.raises(Killed):
        run(tables.clocks.expire(game_id, "red", timedelta(0)))
    after = restarted(tables, monkeypatch, clock)
    notice, = [p for p in posts(after) if "has passed" in p]
    assert notice.startswith(f"<@{ANNA.id}> Game {game_id}: the deadline for the Red Movement Phase (turn 1) has "
                             "passed. New deadline <t:")
    assert not [t for t in after.delivery.messenger.to(ANNA.id) if "has passed" in t]  # told once, pinged
    due = clock() + timedelta(hours=48)
    assert after.store.deadline(game_id, "red")["due_at"] == due.isoformat(timespec="seconds")


def test_the_turn_mark_of_delayed_spectators_survives_a_crash(service, monkeypatch):
    """The command that begins game turn 2 is stored with the mark of that turn: spectators one
    turn behind are shown the start of turn 2 when turn 3 begins, though the process died
    right after that command's commit."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(spectator_delay=True))
    run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    who = {"red": ANNA, "blue": BORIS}
    turn = [("red", "end"), ("red", "roll"), ("blue", "end"), ("blue", "roll")]
    for side, line in turn[:-1]:
        run(tables.play.submit(who[side], CHANNEL, line))
    killed_after(monkeypatch, "append")
    with pytest.raises(Killed):
        run(tables.play.submit(BORIS, CHANNEL, "roll"))  # turn 2 begins
    after = restarted(tables, monkeypatch, clock)
    begun, = posts(after, WATCH)
    assert "one turn behind: the start of turn 1" in begun
    for side, line in turn:  # turn 3 begins
        run(after.play.submit(who[side], CHANNEL, line))
    shown = posts(after, WATCH)[-1]  # turn 1's story, then where it ended: the start of turn 2
    assert "one turn behind: turn 1.\n" in shown and shown.endswith("\nTurn 2 | hour 2 | Movement Phase | Red player")
    assert after.delivery.messenger.posts[-1][2][0].startswith(b"PNG turn=2")


def due_in_post(post: str) -> str:
    """The due time a post announces (Discord's <t:epoch:...> mark), as the store writes it."""
    epoch = int(post.split("<t:")[1].split(":")[0].split(">")[0])
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds")


def test_the_deadline_a_command_announces_commits_with_it(service, monkeypatch):
    """Red ends its Movement Phase: its Dice Phase begins with a fresh deadline, announced in
    the post and stored in the command's transaction, so the next start schedules it."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    clock.advance(hours=5)
    killed_after(monkeypatch, "append")
    with pytest.raises(Killed):
        run(tables.play.submit(ANNA, CHANNEL, "end"))
    after = restarted(tables, monkeypatch, clock)
    system, state = after.service.system(game_id), after.service.load(game_id)
    row, = after.store.deadlines(game_id)
    assert (row["side"], row["phase_key"]) == ("red", system.phase_key(state))
    assert row["due_at"] == (clock() + timedelta(hours=48)).isoformat(timespec="seconds")
    told, = [p for p in posts(after) if p.startswith("**Anna** — Red: end.")]
    assert due_in_post(told) == row["due_at"]
    assert run(after.deadlines.rebuild()) == 1
    reminder = datetime.fromisoformat(row["due_at"]) - timedelta(hours=24)  # the default reminder
    assert after.deadlines.next_at(game_id, "red") == reminder


def test_a_side_whose_phase_ended_keeps_no_deadline_after_a_crash(service, monkeypatch):
    """Red's player-turn ends with its roll: Blue is to move, and Red's row went in the same
    transaction (no stale Red deadline fires after the restart)."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    killed_after(monkeypatch, "append")
    with pytest.raises(Killed):
        run(tables.play.submit(ANNA, CHANNEL, "roll"))
    after = restarted(tables, monkeypatch, clock)
    assert [row["side"] for row in after.store.deadlines(game_id)] == ["blue"]


def test_the_first_deadline_commits_with_the_start(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    killed_after(monkeypatch, "start_game")
    with pytest.raises(Killed):
        run(tables.lobby.start(ANNA, CHANNEL))
    after = restarted(tables, monkeypatch, clock)
    row, = after.store.deadlines(1)
    begun, = [p for p in posts(after) if p.startswith("Game 1 begins.")]
    assert row["side"] == "red" and due_in_post(begun) == row["due_at"]


def test_a_pause_and_a_resume_carry_their_deadlines_through_a_crash(service, monkeypatch):
    """A pause stops the clock: no deadline is left to expire in a paused game; the resume's fresh
    deadlines are stored with it."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    killed_after(monkeypatch, "pause_game")
    with pytest.raises(Killed):
        run(tables.absence.pause(MOD, CHANNEL))
    after = restarted(tables, monkeypatch, clock)
    assert after.store.deadlines(game_id) == []
    clock.advance(hours=100)
    killed_after(monkeypatch, "resume_game")
    with pytest.raises(Killed):
        run(after.absence.resume(MOD, CHANNEL))
    again = restarted(after, monkeypatch, clock)
    row, = again.store.deadlines(game_id)
    assert (row["side"], row["due_at"]) == ("red", (clock() + timedelta(hours=48)).isoformat(timespec="seconds"))
