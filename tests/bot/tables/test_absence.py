"""Absence (bot/tables/absence.py) without Discord: a seat left in the lobby, a game paused and resumed
by agreement, by a manager or by a player alone at the table, each said in full in the channel, and
one's own time (over the toy race of tests/bot)."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.config import GameSettings
from bot.discord.messenger import markup
from bot.permissions import Actor
from bot.player_prefs import PlayerPrefs
from bot.tables.lobby import Opponent
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
)
from tests.bot.tables.room_checks import refused, under_lock


def test_seats_are_left_in_the_lobby_in_one_line_naming_each(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "short"))
    run(tables.lobby.join(BORIS, OTHER, "red"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    held = under_lock(tables, tables.absence, "_leave", game_id)
    assert run(tables.absence.leave(ANNA, CHANNEL)) == f"You left game {game_id}."
    assert held == [True]
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"Anna leaves the Blue and Red seat of game {game_id}; `/game join` takes it."
    assert service.store.seats(game_id) == {} and service.store.seats(game_id + 1) == {"red": BORIS.id}


def test_a_seat_is_kept_once_the_game_has_started(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert refused(tables.absence.leave(BORIS, CHANNEL)) == (
        f"Game {game_id} has started, so its seats are kept: `/game resign` ends your part, or the creator or a "
        "member with Manage Server seats a substitute with `/game replace`.")
    assert refused(tables.absence.pause(STRANGER, CHANNEL)) == \
        f"Only a player of game {game_id}, or a member with Manage Server, may pause it."


def test_a_pause_and_a_resume_are_asked_agreed_and_said_in_full(service):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))
    channel = tables.delivery.messenger.in_channel
    lapses = f"<t:{int((clock() + timedelta(hours=48)).timestamp())}:R>"
    held = under_lock(tables, tables.absence, "_decide", game_id)
    assert markup(run(tables.absence.pause(ANNA, CHANNEL))) == \
        f"You asked to pause game {game_id}; the Blue player must agree (the request lapses {lapses})."
    assert channel(CHANNEL)[-1] == (
        f"Anna asks to pause game {game_id}: <@{BORIS.id}> (Blue) agrees with `/game pause` (or a member with "
        f"Manage Server does it); the request lapses {lapses}.")  # pinged: it waits for his word
    assert run(tables.absence.pause(BORIS, CHANNEL)) == f"Game {game_id} is paused."
    assert channel(CHANNEL)[-1] == (f"Anna asked and Boris agreed: game {game_id} is paused; no deadlines run and "
                                    "no orders are taken until `/game resume`.")
    assert service.store.game(game_id)["paused"] == "paused by its players"
    assert tables.deadlines.next_at(game_id, "red") is None  # its clock's job is gone too
    assert markup(run(tables.absence.resume(BORIS, CHANNEL))) == \
        f"You asked to resume game {game_id}; the Red player must agree (the request lapses {lapses})."
    assert channel(CHANNEL)[-1] == (
        f"Boris asks to resume game {game_id}: <@{ANNA.id}> (Red) agrees with `/game resume` (or a member with "
        f"Manage Server does it); the request lapses {lapses}.")
    assert run(tables.absence.resume(ANNA, CHANNEL)) == f"Game {game_id} is going on."
    fresh = f"<t:{int((clock() + timedelta(hours=48)).timestamp())}:R>"
    assert channel(CHANNEL)[-1] == (f"Boris asked and Anna agreed: game {game_id} goes on; the deadlines start "
                                    f"afresh. <@{ANNA.id}> (Red) is due {fresh}.")  # who moves, pinged
    assert held == [True] * 4
    assert tables.deadlines.next_at(game_id, "red") == clock() + timedelta(hours=24)  # the fresh one's reminder
    assert service.store.game(game_id)["paused"] is None and service.store.game(game_id + 1)["paused"] is None
    assert refused(tables.absence.resume(ANNA, CHANNEL)) == f"Game {game_id} is not paused."


def test_a_manager_or_a_player_alone_at_the_table_pauses_at_once(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    run(tables.lobby.start(ANNA, CHANNEL))
    game_id = tables.game_in(CHANNEL)["id"]
    assert run(tables.absence.pause(MOD, CHANNEL)) == f"Game {game_id} is paused."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"Mod pauses game {game_id}: no deadlines run and no orders are taken until `/game resume`."
    assert run(tables.absence.resume(ANNA, CHANNEL)) == f"Game {game_id} is going on."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"Anna resumes game {game_id}: the deadlines start afresh. <@{ANNA.id}> (Red) is due <t:1772539200:R>."


def test_a_game_not_started_has_nothing_to_pause(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    assert refused(tables.absence.pause(ANNA, CHANNEL)) == \
        f"Game {game_id} has not started; there is nothing to pause."


def test_a_player_who_also_manages_the_server_pauses_alone_without_agreeing_to_their_own_request(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.absence.pause(ANNA, CHANNEL))
    assert run(tables.absence.pause(Actor(ANNA.id, "Anna", manage_guild=True), CHANNEL)) == f"Game {game_id} is paused."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"Anna pauses game {game_id}: no deadlines run and no orders are taken until `/game resume`."


def test_against_the_computer_the_player_pauses_alone(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue")))
    run(tables.computer.settled())
    game_id = tables.game_in(CHANNEL)["id"]
    assert run(tables.absence.pause(ANNA, CHANNEL)) == f"Game {game_id} is paused."
    assert run(tables.absence.resume(ANNA, CHANNEL)) == f"Game {game_id} is going on."
    run(tables.computer.settled())


def test_a_request_kept_from_before_names_were_kept_is_told_by_the_side_that_asked(service):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    service.store.set_pending_pause(game_id, {"by": "red", "action": "pause", "asked_at": clock().isoformat()}, [])
    assert run(tables.absence.pause(BORIS, CHANNEL)) == f"Game {game_id} is paused."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == (
        f"The Red player asked and Boris agreed: game {game_id} is paused; no deadlines run and no orders are taken "
        "until `/game resume`.")


def test_own_time_is_shown_set_and_refused_in_its_own_words(service):
    tables = make_tables(service)
    assert run(tables.absence.prefs(ANNA, {})) == PlayerPrefs().describe()
    assert run(tables.absence.prefs(ANNA, {"quiet": " 22 - 7", "remind": "dm"})) == \
        PlayerPrefs(quiet=(22, 7), remind="dm").describe()
    assert run(tables.absence.prefs(ANNA, {})) == PlayerPrefs(quiet=(22, 7), remind="dm").describe()
    assert run(tables.absence.prefs(ANNA, {"quiet": "none"})) == PlayerPrefs(remind="dm").describe()
    assert refused(tables.absence.prefs(ANNA, {"quiet": "22-"})) == \
        "'22-' are not quiet hours; give them as from-to, like 22-7."
    assert refused(tables.absence.prefs(ANNA, {"quiet": "-7"})) == \
        "'-7' are not quiet hours; give them as from-to, like 22-7."
    assert refused(tables.absence.prefs(ANNA, {"away_until": "2026-03-16"})).startswith(
        "A vacation lasts at most 14 days (until 2026-03-15 at the latest)")  # from the table's clock
    assert run(tables.absence.prefs(ANNA, {"away_until": "2026-03-15"})) == \
        PlayerPrefs(remind="dm", away_until="2026-03-15").describe()


def test_own_time_retimes_each_running_game_under_its_lock_and_says_so_there(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(deadline_hours=24, reminders=(12,)))
    game_id = run(seated_game(tables))  # Anna's Red due Monday 2 March, 12:00
    for channel in (OTHER, "102", "103", "104"):  # one more running, one paused, one not started, one ended
        run(tables.lobby.new(BORIS, GUILD, channel, "toy_system", "short"))
        run(tables.lobby.join(ANNA, channel, "red"))
        run(tables.lobby.join(BORIS, channel, "blue"))
    for channel in (OTHER, "102", "104"):
        run(tables.lobby.start(BORIS, channel))
    run(tables.absence.pause(MOD, "102"))
    run(tables.management.cancel(BORIS, "104"))
    held: list[bool] = []
    retime = tables.absence._retime

    def spy(actor, game, sides):  # whether the lock of the game retimed is held
        held.append(tables.lock(game).locked())
        return retime(actor, game, sides)
    tables.absence._retime = spy
    said = markup(run(tables.absence.prefs(ANNA, {"away_until": "2026-03-04"})))
    due = f"<t:{int(datetime(2026, 3, 6, tzinfo=UTC).timestamp())}:R>"  # back on the 5th, + 24 h
    assert said == (f"{PlayerPrefs(away_until='2026-03-04').describe()} In game {game_id}, Red is now due {due}. "
                    f"In game {game_id + 1}, Red is now due {due}.")
    assert held == [True, True]
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"Anna changed their own time (`/prefs`). In game {game_id}, Red is now due {due}."
    assert tables.delivery.messenger.in_channel(OTHER)[-1] == \
        f"Anna changed their own time (`/prefs`). In game {game_id + 1}, Red is now due {due}."
    assert tables.deadlines.next_at(game_id, "red") == datetime(2026, 3, 5, 12, tzinfo=UTC)  # its reminder
    assert service.store.deadlines(game_id + 2) == [] and service.store.deadlines(game_id + 3) == []
    assert run(tables.absence.prefs(BORIS, {"remind": "dm"})) == PlayerPrefs(remind="dm").describe()  # nothing moved
