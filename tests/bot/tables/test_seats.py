"""Seats changing hands (bot/tables/seats.py) without Discord: a substitute seated at once where no view
is hidden, or with the consent of the player holding the seat where one is (the toy wager keeps each
side's bet secret), every line said in full (over the toy race and the toy wager of tests/bot)."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.discord.messenger import markup
from bot.service import GameService
from bot.store import blank
from bot.tables.lobby import Opponent
from rules.core.registry import _SYSTEMS
from tests.bot import toy_wager
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    OTHER,
    STRANGER,
    FakeClock,
    make_tables,
    run,
    seated_game,
    thread_of_anna,
)
from tests.bot.tables.room_checks import refused, under_lock


@pytest.fixture
def wager(tmp_path, monkeypatch):
    """Tables over the toy wager: Anna plays Red, Boris Blue; a newer game in OTHER."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager)
    tables = make_tables(service, systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_wager", "long"))
    return tables, game_id


def test_where_no_view_is_hidden_the_creator_seats_a_substitute_at_once(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))
    messenger = tables.delivery.messenger
    held = under_lock(tables, tables.seats, "_seat_or_ask", game_id)
    assert markup(run(tables.seats.replace(ANNA, CHANNEL, " Blue ", STRANGER))) == \
        f"<@{STRANGER.id}> plays Blue in game {game_id}."
    assert held == [True]
    assert messenger.in_channel(CHANNEL)[-1] == \
        f"Anna seats <@{STRANGER.id}> as Blue in game {game_id} in place of <@{BORIS.id}>."
    assert messenger.to(STRANGER.id)[-1] == f"Game {game_id}: you now play Blue (seated by Anna) in <#{CHANNEL}>."
    assert service.store.seats(game_id) == {"red": ANNA.id, "blue": STRANGER.id}
    assert refused(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER)) == f"<@{STRANGER.id}> already plays Blue."
    assert refused(tables.seats.replace(ANNA, CHANNEL, "blue", ANNA)) == (
        "You already play Red; one person plays both sides only in a game created as hot-seat.")
    run(tables.seats.replace(ANNA, CHANNEL, "blue", BORIS))
    assert refused(tables.seats.replace(ANNA, CHANNEL, "red", BORIS)) == (
        f"<@{BORIS.id}> already plays Blue; one person plays both sides only in a game created as hot-seat.")
    run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER))
    assert refused(tables.seats.replace(BORIS, CHANNEL, "blue", BORIS)) == (
        "Only the game's creator (<@1>) or a member with Manage Server may seat a substitute.")
    assert refused(tables.seats.replace(ANNA, CHANNEL, "green", BORIS)) == \
        "'green' is not a side of this game; choose red or blue."


def test_a_free_seat_is_filled_before_the_start_without_a_word_of_whom_it_replaces(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.seats.replace(ANNA, CHANNEL, "blue", BORIS))
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == f"Anna seats <@{BORIS.id}> as Blue in game {game_id}."
    assert tables.delivery.messenger.to(BORIS.id) == [
        f"Game {game_id}: you now play Blue (seated by Anna) in <#{CHANNEL}>."]


def test_a_player_taking_her_seat_back_from_the_computer_is_told_so_not_seated_by_herself(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.seats.replace(ANNA, CHANNEL, "red", ANNA))
    assert tables.store.seats(game_id)["red"] == ANNA.id
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"<@{ANNA.id}> takes the Red seat in game {game_id} in place of the computer."
    assert tables.delivery.messenger.to(ANNA.id)[-1] == f"Game {game_id}: you now play Red in <#{CHANNEL}>."


def test_a_hidden_sides_seat_changes_hands_only_when_its_player_agrees(wager):
    tables, game_id = wager
    messenger = tables.delivery.messenger
    answer = markup(run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER)))
    assert answer == (
        f"The Blue seat changes hands once <@{BORIS.id}>, who holds it, agrees: I have asked them (the other side's "
        "view is hidden from you, so only they, or a member with Manage Server who does not play in this game, may "
        "hand it over).")
    assert tables.store.seats(game_id)["blue"] == BORIS.id
    assert messenger.in_channel(CHANNEL)[-1] == \
        f"Anna asks <@{BORIS.id}> to hand the Blue seat of game {game_id} to <@{STRANGER.id}>."
    assert (BORIS.id, messenger.to(BORIS.id)[-1], {"action": "cede", "other": "hold", "game": game_id, "side": "blue",
                                                    "seq": int(STRANGER.id)}) == messenger.buttons[-1]
    assert messenger.to(BORIS.id)[-1] == (
        f"Game {game_id}: Anna asks you to hand the Blue seat of game {game_id} to <@{STRANGER.id}>, who would see "
        "everything your side sees. Hand it over, or keep it? (`/game replace` by you hands it over too.)")
    assert refused(tables.seats.answer_seat(ANNA, game_id, "blue", STRANGER.id, True)) == \
        "Only the Blue player may answer this."
    assert refused(tables.seats.answer_seat(BORIS, game_id, "blue", MOD.id, True)) == \
        "This button has expired: no request to hand over your seat waits for your answer."
    assert refused(tables.seats.answer_seat(BORIS, game_id, "red", STRANGER.id, True)) == \
        "This button has expired: no request to hand over your seat waits for your answer."
    held = under_lock(tables, tables.seats, "_answer_seat", game_id)
    assert run(tables.seats.answer_seat(BORIS, game_id, "blue", STRANGER.id, False)) == "You keep the Blue seat."
    assert messenger.in_channel(CHANNEL)[-1] == f"<@{BORIS.id}> keeps the Blue seat of game {game_id}."
    assert tables.store.game(game_id)["pending_seat"] is None
    assert refused(tables.seats.answer_seat(BORIS, game_id, "blue", STRANGER.id, True)) == \
        "This button has expired: no request to hand over your seat waits for your answer."
    run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER))
    assert markup(run(tables.seats.answer_seat(BORIS, game_id, "blue", STRANGER.id, True))) == \
        f"You handed the Blue seat to <@{STRANGER.id}>."
    assert held == [True] * 3
    assert tables.store.seats(game_id)["blue"] == STRANGER.id
    assert messenger.in_channel(CHANNEL)[-1] == \
        f"Anna seats <@{STRANGER.id}> as Blue in game {game_id} in place of <@{BORIS.id}>."
    assert "your view as Blue" in messenger.read_by(STRANGER.id)[-1]


def test_a_hidden_side_is_handed_over_at_once_by_its_player_or_a_manager_who_plays_no_part(wager):
    tables, game_id = wager
    assert markup(run(tables.seats.replace(BORIS, CHANNEL, "blue", STRANGER))) == \
        f"<@{STRANGER.id}> plays Blue in game {game_id}."
    assert markup(run(tables.seats.replace(MOD, CHANNEL, "blue", BORIS))) == \
        f"<@{BORIS.id}> plays Blue in game {game_id}."
    assert tables.store.seats(game_id)["blue"] == BORIS.id
    seated_mod = {"red": ANNA.id, "blue": MOD.id}
    assert tables.seats.needs_consent(tables.store.game(game_id), seated_mod, MOD, ANNA.id)
    assert not tables.seats.needs_consent(tables.store.game(game_id), seated_mod, MOD, MOD.id)


def test_a_private_thread_the_newcomer_could_read_carries_its_players_news_no_more(wager):
    tables, game_id = wager
    messenger = tables.delivery.messenger
    messenger.closed.add(ANNA.id)
    run(tables.news.inbox(ANNA, CHANNEL))
    messenger.closed.clear()
    messenger.moderators.add(MOD.id)  # who may read every private thread
    run(tables.seats.replace(ANNA, CHANNEL, "blue", MOD))
    assert tables.store.private_thread(game_id, ANNA.id) is not None  # asked, not yet seated
    run(tables.seats.answer_seat(BORIS, game_id, "blue", MOD.id, True))
    assert tables.store.private_thread(game_id, ANNA.id) is None
    assert messenger.to(ANNA.id)[-1] == (
        f"Game {game_id}: your private thread in <#{CHANNEL}> no longer carries your news of game {game_id}: "
        f"<@{MOD.id}> may read it (the server's owner and members with Administrator or Manage Threads can). "
        "It comes by DM again.")


def test_a_manager_seating_one_who_reads_every_thread_gives_the_players_thread_up(service):
    tables, game_id, messenger = thread_of_anna(service)
    messenger.moderators.add(STRANGER.id)
    run(tables.seats.replace(MOD, CHANNEL, "blue", STRANGER))
    assert tables.store.private_thread(game_id, ANNA.id) is None


class Thinking:
    """A computer that never finishes its plan: its side stays to act."""

    async def plan(self, job):
        await asyncio.Event().wait()

    def close(self) -> None:
        pass


@pytest.fixture
def thinking(service):
    """Tables whose computer never finishes thinking, stopped at the end."""
    tables = make_tables(service, FakeClock(), planner=Thinking())
    yield tables
    tables.computer.stop()


def test_a_person_taking_the_acting_side_from_the_computer_gets_a_deadline(service, thinking):
    tables, clock = thinking, thinking.deadlines.clock
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue")))
    game_id = tables.game_in(CHANNEL)["id"]
    assert service.store.deadlines(game_id) == []  # Red, the computer's, acts: no clock
    run(tables.seats.replace(ANNA, CHANNEL, "red", BORIS))
    assert [(row["side"], row["due_at"]) for row in service.store.deadlines(game_id)] == [
        ("red", (clock() + timedelta(hours=48)).isoformat())]


def test_no_deadline_for_a_seat_taken_from_the_computer_before_the_start_or_while_paused(service, thinking):
    tables = thinking
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.seats.replace(ANNA, CHANNEL, "red", BORIS))
    assert service.store.deadlines(game_id) == []
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.lobby.start(ANNA, CHANNEL))
    run(tables.absence.pause(ANNA, CHANNEL))  # alone against the computer
    run(tables.seats.replace(ANNA, CHANNEL, "red", BORIS))
    assert service.store.deadlines(game_id) == []


def test_the_newcomer_sees_the_sides_view_as_of_the_last_command_and_a_request_waiting_lapses(wager):
    tables, game_id = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER))
    run(tables.seats.replace(MOD, CHANNEL, "red", STRANGER))  # a manager who plays no part: at once
    assert tables.delivery.messenger.read_by(STRANGER.id)[-1].startswith(
        f"Game {game_id}: your view as Red, as of command 1 (this message is kept up to date):\n")
    # Anna's view, hers no more, says it is kept no longer (it read 'kept up to date', frozen from then on)
    assert (f"Game {game_id}: your view as Red, as of command 1 (no longer kept up to date: the Red seat went to "
            f"<@{STRANGER.id}>):\n") in tables.delivery.messenger.read_by(ANNA.id)[-1]
    assert refused(tables.seats.answer_seat(BORIS, game_id, "blue", STRANGER.id, True)) == \
        "This button has expired: no request to hand over your seat waits for your answer."
    assert tables.store.seats(game_id) == {"red": STRANGER.id, "blue": BORIS.id}


def test_a_person_replacing_a_person_keeps_the_running_deadline(service):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    due = service.store.deadlines(game_id)[0]["due_at"]
    clock.advance(hours=5)
    run(tables.seats.replace(ANNA, CHANNEL, "red", STRANGER))
    assert [(row["side"], row["due_at"]) for row in service.store.deadlines(game_id)] == [("red", due)]
