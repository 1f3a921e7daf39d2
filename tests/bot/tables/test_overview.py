"""Overviews (bot/tables/overview.py) without Discord: a game's status running, not started and over, a
server's games listed and filtered, a player's own games, help, and the ended games a record is asked of,
every text in full (over the toy race of tests/bot)."""
from __future__ import annotations

import pytest

from bot.config import DEADLINE_HELP, GameSettings
from bot.discord.messenger import markup
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    STRANGER,
    make_tables,
    run,
    seated_game,
)

RACE = "toy_system: A short race"
SEATED = "Blue <@2>, Red <@1>"
SETTINGS = GameSettings().describe()
LINES = {
    1: f"Game 1 in <#100>: {RACE}, playing, waiting on Red; {SEATED}",
    2: f"Game 2 in <#101>: {RACE}, open; no seats",
    3: f"Game 3 in <#102>: {RACE}, paused (paused by its players; `/game resume game:3`); {SEATED}",
    4: f"Game 4 in <#103>: {RACE}, over (Blue wins: Anna resigns for Red); {SEATED}",
}


def refused(work) -> str:
    with pytest.raises(TableError) as error:
        work()
    return markup(error.value.text)


@pytest.fixture
def games(service):
    """Game 1 in CHANNEL, Anna to move; 2 open in 101, hot-seat with an option; 3 in 102 paused; 4 in 103 over."""
    tables = make_tables(service)
    run(seated_game(tables))
    run(tables.lobby.new(BORIS, GUILD, "101", "toy_system", "short", options="bonus", hot_seat=True))
    for channel in ("102", "103"):
        run(tables.lobby.new(BORIS, GUILD, channel, "toy_system", "short"))
        run(tables.lobby.join(ANNA, channel, "red"))
        run(tables.lobby.join(BORIS, channel, "blue"))
        run(tables.lobby.start(BORIS, channel))
    run(tables.absence.pause(MOD, "102"))
    run(tables.play.resign(ANNA, "103"))
    return tables


def test_the_status_of_a_game_running_not_started_or_over(games):
    assert markup(games.overview.status(ANNA, CHANNEL)) == (
        f"Game 1: {RACE}\nTurn 1 | hour 1 | Movement Phase | Red player\nTo move: Red\nSeats: {SEATED}\n"
        f"Red deadline <t:1772539200:R>\nOptions: none; `/help topic:options` says what they play.\n{SETTINGS}")
    assert markup(games.overview.status(STRANGER, "101")) == (
        f"Game 2: {RACE} (hot-seat)\nNot started yet.\nSeats: none taken\nOptions: bonus; `/help topic:options` says "
        f"what they play.\n{SETTINGS}")
    assert markup(games.overview.status(ANNA, "103")) == (
        f"Game 4: {RACE} is over (Blue wins: Anna resigns for Red). Seats: {SEATED}. `/game export` posts its record; "
        "`/game new` starts another game.")
    assert refused(lambda: games.overview.status(ANNA, "555")) == \
        "There is no game running in this channel; `/game new` starts one."


def test_a_server_s_games_are_listed_and_filtered(games):
    assert markup(games.overview.listing(GUILD)) == "\n".join([LINES[1], LINES[2], LINES[3]])
    assert markup(games.overview.listing(GUILD, status="over")) == LINES[4]
    assert markup(games.overview.listing(GUILD, status="paused")) == LINES[3]
    assert markup(games.overview.listing(GUILD, status="open", system="toy_system")) == LINES[2]
    assert markup(games.overview.listing(GUILD, waiting_on=ANNA.id)) == LINES[1]
    assert markup(games.overview.listing("999")) == "No games running on this server; `/game new` starts one."
    assert markup(games.overview.listing(GUILD, system="borodino")) == "No game on this server matches."


def test_a_player_s_own_games_their_move_first_then_the_others_then_the_ended(games):
    assert markup(games.overview.mine(ANNA)) == "\n".join([
        "Your move (1):", LINES[1], "Waiting for others:", LINES[3],
        "Ended (your last 1; `/game export game:<id>` posts a record):", LINES[4]])
    assert markup(games.overview.mine(BORIS)) == "\n".join([
        "Waiting for others:", LINES[1], LINES[3], "Ended (your last 1; `/game export game:<id>` posts a record):",
        LINES[4]])
    assert markup(games.overview.mine(STRANGER)) == \
        "You have no seat in a running game; `/game list` shows a server's games."


def test_help_of_the_game_here_of_deadlines_and_of_the_way_in(games):
    assert markup(games.overview.help(CHANNEL, None, "HOW\n")) == (
        f"Game 1: {RACE}.\nHOW\nToy commands: move ID HEX, end, roll.\n"
        "Also: undo, accept, refuse, draw, status, units, help, map, orders.")
    assert markup(games.overview.help(CHANNEL, " Deadlines ")) == f"Game 1: {RACE}.\n{SETTINGS}\n{DEADLINE_HELP}"
    assert markup(games.overview.help("555", " Deadlines ")) == DEADLINE_HELP
    assert markup(games.overview.help("555", None)) == (
        "No game in this channel. `/game new system:<one of toy_system>` opens one (its `options:` turn optional "
        "rules on by name, or a reading off by name=off), `/game list` shows this server's games, `/games mine` yours.")


def test_a_record_is_asked_of_an_ended_game_of_this_channel_or_this_server(games):
    assert games.overview.archived("103", GUILD, None)["id"] == 4
    assert games.overview.archived(CHANNEL, GUILD, 4)["id"] == 4
    assert refused(lambda: games.overview.archived("555", GUILD, None)) == \
        "No game has been played in this channel; name one: `/game export game:<id>`."
    for guild, game_id in ((GUILD, 99), ("901", 4)):
        assert refused(lambda: games.overview.archived(CHANNEL, guild, game_id)) == \
            f"This server has no game {game_id}; `/game list status:over` lists its ended games."
    assert refused(lambda: games.overview.archived(CHANNEL, GUILD, 1)).startswith("Game 1 is still running")
    assert games.overview.export(games.store.game(4))[:2] == (4, (
        "Game 4 (toy_system short): its 0 commands, which `kolocha local --script` replays, and its replay, one frame "
        "per player-turn."))
    assert refused(lambda: games.overview.verify(99)) == "There is no game 99."
    assert refused(lambda: games.overview.verify(1)) == \
        "Game 1 is still running; its dice are proved once it has ended and its seed is revealed."
    assert games.overview.verify(4).startswith("Game 4: fair dice verified.\n")
