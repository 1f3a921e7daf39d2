"""Overviews (bot/tables/overview.py) without Discord: a game's status running, not started and over, a
server's games listed and filtered, a player's own games, help, and the ended games a record is asked of,
every text in full (over the toy race of tests/bot)."""
from __future__ import annotations

import pytest

from bot.config import DEADLINE_HELP, GameSettings
from bot.discord.messenger import markup
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from bot.tables.overview import ended_how
from rules.core.registry import _SYSTEMS
from tests.bot import toy_wager
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
    4: f"Game 4 in <#103>: {RACE}, over (the Blue player wins, as Anna resigns for Red); {SEATED}",
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
        f"Game 1: {RACE}\nTurn 1 | hour 1 | Movement Phase | Red player\nSeats: {SEATED}\n"
        f"Red deadline <t:1772539200:R>\nOptions: none; `/help topic:options` says what they play.\n{SETTINGS}")
    assert markup(games.overview.status(STRANGER, "101")) == (
        f"Game 2: {RACE} (hot-seat)\nNot started yet.\nSeats: none taken\nOptions: bonus; `/help topic:options` says "
        f"what they play.\n{SETTINGS}")
    assert markup(games.overview.status(ANNA, "103")) == (
        f"Game 4: {RACE} is over (the Blue player wins, as Anna resigns for Red). Seats: {SEATED}. `/game export` "
        "posts its record; `/game new` starts another game.")
    assert refused(lambda: games.overview.status(ANNA, "555")) == \
        "There is no game running in this channel; `/game new` starts one."


def test_a_status_names_the_options_a_scenario_plays_unasked(store):
    """Last Blood plays every optional rule of Bloody Monday (10.0), none asked at `/game new`: its status names
    them all, as `/help topic:options` tells them on, not 'none', and the case that plays them, which its title
    no longer carries ('Last Blood (10.0)' on the map, 'Last Blood' in every text)."""
    from rules import bloody_monday

    tables = make_tables(GameService(store), systems=("bloody_monday",))
    run(tables.lobby.new(BORIS, GUILD, "104", "bloody_monday", "last_blood"))
    status = markup(tables.overview.status(ANNA, "104"))
    assert f"Options: {', '.join(bloody_monday.INFO.options)} (Last Blood plays them all, 10.0); `/help topic:" \
        "options`" in status
    assert status.startswith("Game 1: Bloody Monday: Last Blood\n")


def test_a_game_the_rules_ended_is_told_in_brackets_without_its_reason_s_full_stop():
    """Borodino's reasons are sentences: in brackets their full stop is dropped ('... 3117, 3218).'
    read '(3018, 3117, 3218).).' in the status of a game over, as the refusal of a command does not)."""
    ended = {"winner": "russian", "reason": "The Russian player holds 3 redoubts (3018, 3117, 3218)."}
    said = ended_how(None, {"ended": ended})  # type: ignore[arg-type]
    assert said == "the Russian player wins, as he holds 3 redoubts (3018, 3117, 3218)"


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
    listed = markup(games.overview.help(CHANNEL, None, "HOW\n"))
    for order in ("order", " /Order"):  # the slash command that gives any of them: their list, not 'Unknown command'
        assert markup(games.overview.help(CHANNEL, order, "HOW\n")) == listed
    assert markup(games.overview.help("555", None)) == (
        "No game in this channel. `/game new system:<one of toy_system>` opens one (its `options:` turn optional "
        "rules on by name, or a reading off by name=off), `/game list` shows this server's games, `/games mine` yours.")


def test_help_after_the_game_here_ended_says_how_it_ended(games):
    """`/help` in the channel of a game just over says how it ended, then how to open another; it
    read 'No game in this channel', as if there had been none."""
    assert markup(games.overview.help("103", None)) == (
        "Game 4 in this channel is over (the Blue player wins, as Anna resigns for Red). `/game new system:<one of "
        "toy_system>` opens another (its `options:` turn optional rules on by name, or a reading off by name=off), "
        "`/game list` shows this server's games, `/games mine` yours.")


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
        f"Game 4: {RACE}, its 0 commands, which `kolocha local --script` replays, and its replay, one frame "
        "per player-turn."))
    assert refused(lambda: games.overview.verify(99)) == "There is no game 99."
    assert refused(lambda: games.overview.verify(1)) == \
        "Game 1 is still running; its dice are proved once it has ended and its seed is revealed."
    assert games.overview.verify(4).startswith("Game 4: fair dice verified.\n")


def _play_to_the_end(tables) -> None:
    """The toy race's three turns, each side ending its Movement Phase and rolling."""
    for _ in range(3):
        for who in (ANNA, BORIS):
            for line in ("end", "roll"):
                run(tables.play.submit(who, CHANNEL, line))


def test_a_game_the_rules_ended_and_one_ended_by_hand_before_anyone_sat_say_how_they_ended(service):
    tables = make_tables(service)
    run(seated_game(tables, seed=1))
    _play_to_the_end(tables)
    run(tables.lobby.new(BORIS, GUILD, "101", "toy_system", "short"))
    run(tables.management.cancel(MOD, "101"))
    over = f"Game 1: {RACE} is over (the Red player wins a decisive victory, as scores 12-9). Seats: {SEATED}."
    assert markup(tables.overview.status(STRANGER, CHANNEL)) == \
        f"{over} `/game export` posts its record; `/game new` starts another game."
    assert markup(tables.overview.status(STRANGER, "101")) == (
        f"Game 2: {RACE} is over (no winner, ended by Mod). Seats: none taken. `/game export` posts its record; "
        "`/game new` starts another game.")
    assert markup(tables.overview.listing(GUILD, status="over")) == "\n".join([
        f"Game 1 in <#100>: {RACE}, over (the Red player wins a decisive victory, as scores 12-9); {SEATED}",
        f"Game 2 in <#101>: {RACE}, over (no winner, ended by Mod); no seats"])
    assert markup(tables.overview.mine(ANNA)) == "\n".join([
        "You have no seat in a running game.", "Ended (your last 1; `/game export game:<id>` posts a record):",
        f"Game 1 in <#100>: {RACE}, over (the Red player wins a decisive victory, as scores 12-9); {SEATED}"])


def test_the_record_of_a_game_holds_its_commands_as_a_script_and_its_replay(service):
    tables = make_tables(service)
    run(seated_game(tables, seed=1))
    _play_to_the_end(tables)
    game_id, said, script, gif = tables.overview.export(tables.store.game(1))
    assert (game_id, said) == (1, f"Game 1: {RACE}, its 12 commands, which `kolocha local --script` replays, "
                                  "and its replay, one frame per player-turn.")
    turn = ["red: end", "red: roll", "blue: end", "blue: roll"]
    assert script.splitlines()[2:] == ["# expect: all-accepted", *turn * 3]
    assert gif.startswith(b"GIF89a")
    run(tables.lobby.new(ANNA, GUILD, "101", "toy_system", "short"))
    run(tables.lobby.join(ANNA, "101", "red"))
    run(tables.lobby.join(BORIS, "101", "blue"))
    run(tables.lobby.start(ANNA, "101"))
    run(tables.play.submit(ANNA, "101", "move r1 0201"))
    run(tables.management.cancel(MOD, "101"))
    assert tables.overview.export(tables.store.game(2))[1] == (
        f"Game 2: {RACE}, its 1 command, which `kolocha local --script` replays, and its replay, one frame "
        "per player-turn.")


def test_a_status_no_game_has_is_refused_with_those_a_game_has(games):
    assert refused(lambda: games.overview.listing(GUILD, status="lost")) == \
        "A game is open, playing, paused, over; not 'lost'."


def test_the_help_of_a_topic_is_the_game_s_own(games):
    assert markup(games.overview.help(CHANNEL, "move")) == \
        f"Game 1: {RACE}.\nmove ID HEX: move a runner one hex east, once per Movement Phase."


def test_a_game_of_orders_at_once_waits_on_both_and_each_player_sees_their_own_plan(tmp_path, monkeypatch):
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager)
    tables = make_tables(service, systems=("toy_system", "toy_wager"))
    run(seated_game(tables, system="toy_wager", scenario="long"))
    for who, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):
        run(tables.play.submit(who, CHANNEL, line))
    assert markup(tables.overview.listing(GUILD)) == (
        "Game 1 in <#100>: toy_wager: Three turns of wagers, playing, waiting on Red and Blue; Blue <@2>, Red <@1>")
    assert "\nYour plan: bold.\n" in markup(tables.overview.status(ANNA, CHANNEL))
    for someone in (BORIS, STRANGER):
        assert "Your plan" not in markup(tables.overview.status(someone, CHANNEL))
    assert markup(tables.overview.help("555", None)).startswith(
        "No game in this channel. `/game new system:<one of toy_system, toy_wager>` opens one")
