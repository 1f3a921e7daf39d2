"""Issue 8.3: the process dies right after a change is committed, before anything is sent. Each
announcement was stored in the change's own transaction, so the next start sends it, once: the
opening line of a game, a settings post, a map post, the notice of a new deadline after one
passed, and the turn mark that spectators one turn behind are shown from."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.config import GameSettings
from bot.store import Store
from bot.tables import Tables
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    WATCH,
    FakeClock,
    FakeMessenger,
    make_tables,
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
    asyncio.run(after.delivery.flush())
    assert asyncio.run(after.delivery.flush()) == 0  # nothing is left to send twice
    return after


def posts(tables: Tables, channel: str = CHANNEL) -> list[str]:
    return tables.delivery.messenger.in_channel(channel)


def test_the_opening_line_of_a_new_game_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    killed_after(monkeypatch, "create_game")
    with pytest.raises(Killed):
        asyncio.run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    after = restarted(tables, monkeypatch, clock)
    opened, = posts(after)
    assert opened.startswith("Anna opens game 1: toy_system short.")
    assert after.settings(1) == after.config.defaults  # the settings came with the game


def test_a_settings_post_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = asyncio.run(seated_game(tables))
    killed_after(monkeypatch, "set_settings")
    with pytest.raises(Killed):
        asyncio.run(tables.lobby.change_settings(ANNA, CHANNEL, {"deadline_hours": 72}))
    after = restarted(tables, monkeypatch, clock)
    changed, = [p for p in posts(after) if "changes the settings" in p]
    assert changed.startswith(f"Anna changes the settings of game {game_id}: ")
    assert "Red is now due <t:" in changed
    due = clock() + timedelta(hours=72)  # stored with the settings, as the post says
    assert after.store.deadline(game_id, "red")["due_at"] == due.isoformat(timespec="seconds")


def test_a_map_post_survives_a_crash(service, monkeypatch):
    clock = FakeClock()
    tables = make_tables(service, clock)
    asyncio.run(seated_game(tables))
    killed_after(monkeypatch, "add_outbox")
    with pytest.raises(Killed):
        asyncio.run(tables.play.map(BORIS, CHANNEL))
    after = restarted(tables, monkeypatch, clock)
    requested, = [p for p in posts(after) if "at Boris's request" in p]
    assert after.delivery.messenger.posts[-1][2][0].startswith(b"PNG turn=1")


def test_the_notice_of_a_new_deadline_survives_a_crash(service, monkeypatch):
    """At a deadline set to "remind again", the new deadline and its notice commit together."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="remind"))
    game_id = asyncio.run(seated_game(tables))
    clock.advance(hours=48)
    killed_after(monkeypatch, "set_deadline")
    with pytest.raises(Killed):
        asyncio.run(tables.clocks.expire(game_id, "red", timedelta(0)))
    after = restarted(tables, monkeypatch, clock)
    notice, = [p for p in posts(after) if "has passed" in p]
    assert notice.startswith(f"<@{ANNA.id}> Game {game_id}: the Red deadline has passed. New "
                             "deadline <t:")
    dm, = [t for t in after.delivery.messenger.to(ANNA.id) if "has passed" in t]
    due = clock() + timedelta(hours=48)
    assert after.store.deadline(game_id, "red")["due_at"] == due.isoformat(timespec="seconds")


def test_the_turn_mark_of_delayed_spectators_survives_a_crash(service, monkeypatch):
    """The command that begins game turn 2 is stored with the mark of that turn: spectators one
    turn behind are shown the start of turn 2 when turn 3 begins, though the process died
    right after that command's commit."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(spectator_delay=True))
    asyncio.run(seated_game(tables))
    asyncio.run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    who = {"red": ANNA, "blue": BORIS}
    turn = [("red", "end"), ("red", "roll"), ("blue", "end"), ("blue", "roll")]
    for side, line in turn[:-1]:
        asyncio.run(tables.play.submit(who[side], CHANNEL, line))
    killed_after(monkeypatch, "append")
    with pytest.raises(Killed):
        asyncio.run(tables.play.submit(BORIS, CHANNEL, "roll"))  # turn 2 begins
    after = restarted(tables, monkeypatch, clock)
    begun, = posts(after, WATCH)
    assert "one turn behind: the start of turn 1" in begun
    for side, line in turn:  # turn 3 begins
        asyncio.run(after.play.submit(who[side], CHANNEL, line))
    assert "one turn behind: the start of turn 2" in posts(after, WATCH)[-1]
    assert after.delivery.messenger.posts[-1][2][0].startswith(b"PNG turn=2")
