"""Overviews: `/games mine` across servers, `/game list` filters, and `/help` with
the grammar of the game in the channel."""
from __future__ import annotations

from bot.discord.commands import GameCommands, GamesCommands, help_command
from bot.discord.messenger import markup
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    STRANGER,
    WATCH,
    FakeInteraction,
    make_tables,
    run,
    seated_game,
)

OTHER_GUILD, OTHER_CHANNEL = "901", "300"



def two_games(service):
    """Game 1 in CHANNEL (Anna to move), game 2 on another server (Anna Blue: Boris to move),
    and an open game in WATCH nobody has started."""
    tables = make_tables(service)
    first = run(seated_game(tables))
    run(tables.lobby.new(BORIS, OTHER_GUILD, OTHER_CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(BORIS, OTHER_CHANNEL, "red"))
    run(tables.lobby.join(ANNA, OTHER_CHANNEL, "blue"))
    run(tables.lobby.start(BORIS, OTHER_CHANNEL))
    run(tables.lobby.new(STRANGER, GUILD, WATCH, "toy_system", "long"))
    second = tables.game_in(OTHER_CHANNEL)["id"]
    return tables, first, second


def test_games_mine_puts_my_move_first_across_servers(service):
    tables, first, second = two_games(service)
    mine = markup(tables.overview.mine(ANNA)).splitlines()
    assert mine[0] == "Your move (1):" and mine[1].startswith(f"Game {first} in <#{CHANNEL}>")
    assert mine[2] == "Waiting for others:" and mine[3].startswith(f"Game {second} in <#{OTHER_CHANNEL}>")
    assert "waiting on Red" in mine[3]
    assert "no seat in a running game" in markup(tables.overview.mine(STRANGER))


def test_games_mine_answers_privately_through_the_slash_command(service):
    tables, first, _ = two_games(service)
    asked = FakeInteraction(tables, BORIS)
    run(GamesCommands().mine.callback(GamesCommands(), asked))
    assert asked.calls[0] == ("defer", {"ephemeral": True, "thinking": True})
    assert asked.calls[-1][1]["ephemeral"] and "Your move (1):" in asked.calls[-1][1]["content"]


def test_game_list_filters_by_system_status_and_whom_it_waits_on(service):
    tables, first, second = two_games(service)
    every = markup(tables.overview.listing(GUILD))
    assert f"Game {first} " in every and "open" in every and f"Game {second} " not in every
    playing = markup(tables.overview.listing(GUILD, status="playing"))
    assert f"Game {first} " in playing and "open;" not in playing
    assert markup(tables.overview.listing(GUILD, waiting_on=ANNA.id)).startswith(f"Game {first} ")
    assert markup(tables.overview.listing(GUILD, waiting_on=BORIS.id)) == "No game on this server matches."
    assert markup(tables.overview.listing(GUILD, system="borodino")) == "No game on this server matches."
    assert markup(tables.overview.listing(OTHER_GUILD, waiting_on=BORIS.id)).startswith(f"Game {second} ")
    try:
        tables.overview.listing(GUILD, status="finished")
        raise AssertionError("an unknown status was taken")
    except TableError as error:
        assert error.text == "A game is open, playing, paused, over; not 'finished'."


def test_game_list_through_the_slash_command(service):
    tables, first, _ = two_games(service)
    asked = FakeInteraction(tables, ANNA)
    asked.guild_id = int(GUILD)  # the fake knows no server; the glue reads only its id
    run(GameCommands().list_games.callback(GameCommands(), asked, None, "open", None))
    assert "open" in asked.calls[-1][1]["content"] and f"Game {first} " not in asked.calls[-1][1]["content"]


def test_help_gives_the_grammar_of_the_game_here_and_the_way_in_elsewhere(service):
    tables, first, _ = two_games(service)
    here = markup(tables.overview.help(CHANNEL, None))
    assert here.startswith(f"Game {first}: toy_system: A short race.") and "undo" in here
    assert "orders" in markup(tables.overview.help(CHANNEL, "orders"))
    assert markup(tables.overview.help("555", None)).startswith("No game in this channel.")
    asked = FakeInteraction(tables, STRANGER)
    run(help_command.callback(asked, "undo"))
    assert "take back your own last command" in asked.calls[-1][1]["content"]
