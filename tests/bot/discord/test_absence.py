"""Absence: `/game leave` in the lobby, `/game pause` and `/game resume` by the
players' agreement or a member with Manage Server."""
from __future__ import annotations

from datetime import timedelta

import pytest

from bot.discord.commands import GameCommands
from bot.discord.messenger import markup
from bot.permissions import TableError
from bot.words import plain
from tests.bot.discord.discord_fakes import (ANNA, BORIS, CHANNEL, GUILD, MOD, STRANGER, FakeClock,
                                             FakeInteraction, make_tables, run, seated_game)



def refused(coro) -> str:
    with pytest.raises(TableError) as error:
        run(coro)
    return str(error.value.text)


def test_leave_frees_a_seat_in_the_lobby_only(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    game_id = tables.game_in(CHANNEL)["id"]
    assert run(tables.absence.leave(ANNA, CHANNEL)) == f"You left game {game_id}."
    assert service.store.seats(game_id) == {}
    assert "takes it" in tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert refused(tables.absence.leave(ANNA, CHANNEL)) == f"You have no seat in game {game_id}."
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    run(tables.lobby.start(ANNA, CHANNEL))
    assert "has started" in refused(tables.absence.leave(BORIS, CHANNEL))
    assert service.store.seats(game_id) == {"red": ANNA.id, "blue": BORIS.id}


def test_a_pause_needs_the_other_players_consent_and_stops_the_clock(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert "must agree" in plain(run(tables.absence.pause(ANNA, CHANNEL)))
    assert service.store.game(game_id)["paused"] is None and service.store.deadlines(game_id)
    assert "must agree" in plain(run(tables.absence.pause(ANNA, CHANNEL)))  # asking again is no consent
    assert run(tables.absence.pause(BORIS, CHANNEL)) == f"Game {game_id} is paused."
    assert service.store.game(game_id)["paused"] and service.store.deadlines(game_id) == []
    assert "is paused" in refused(tables.play.submit(ANNA, CHANNEL, "end"))
    assert "must agree" in plain(run(tables.absence.resume(BORIS, CHANNEL)))
    assert run(tables.absence.resume(ANNA, CHANNEL)) == f"Game {game_id} is going on."
    assert service.store.game(game_id)["paused"] is None
    assert [row["side"] for row in service.store.deadlines(game_id)] == ["red"]
    assert run(tables.play.submit(ANNA, CHANNEL, "end"))


def test_a_pause_asked_and_not_agreed_to_lapses_after_48_hours(service):
    """A request does not hang forever; the ask says when it lapses, and the other
    player's `/game pause` after that is a new request, not a consent."""
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    asked = markup(run(tables.absence.pause(ANNA, CHANNEL)))
    lapses = int((clock() + timedelta(hours=48)).timestamp())
    assert asked == (f"You asked to pause game {game_id}; the Blue player must agree (the request "
                     f"lapses <t:{lapses}:R>).")
    assert f"the request lapses <t:{lapses}" in tables.delivery.messenger.in_channel(CHANNEL)[-1]
    clock.advance(hours=48)
    assert "the Red player must agree" in plain(run(tables.absence.pause(BORIS, CHANNEL)))
    assert service.store.game(game_id)["paused"] is None
    clock.advance(hours=47)
    assert run(tables.absence.pause(ANNA, CHANNEL)) == f"Game {game_id} is paused."  # within 48 h: consent


def test_a_member_with_manage_server_pauses_alone_and_strangers_cannot(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert "Only a player" in refused(tables.absence.pause(STRANGER, CHANNEL))
    assert run(tables.absence.pause(MOD, CHANNEL)) == f"Game {game_id} is paused."
    assert refused(tables.absence.pause(ANNA, CHANNEL)) == f"Game {game_id} is already paused."
    asked = FakeInteraction(tables, MOD)
    asked.guild_id = int(GUILD)
    run(GameCommands().resume.callback(GameCommands(), asked, None))
    assert asked.calls[-1][1]["content"] == f"Game {game_id} is going on."
