"""Orders by direct message (bot/tables/direct.py) without Discord, over the toy race: the game they
act in (the one waiting for the sender, their only one, or the one named by `game N`), and the
reply that lists the sender's games when it cannot tell."""
from __future__ import annotations

import pytest

from bot.permissions import TableError
from bot.words import plain
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, GUILD, OTHER, STRANGER, make_tables, run, seated_game


def _two_games(tables) -> tuple[int, int]:
    """Anna plays Red in CHANNEL (her move) and Blue in OTHER against Boris (his move)."""
    first = run(seated_game(tables))
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "long"))
    run(tables.lobby.join(BORIS, OTHER, "red"))
    run(tables.lobby.join(ANNA, OTHER, "blue"))
    run(tables.lobby.start(BORIS, OTHER))
    return first, tables.game_in(OTHER)["id"]


def test_a_direct_message_acts_in_the_only_game_waiting_for_the_sender(service):
    tables = make_tables(service)
    first, second = _two_games(tables)
    assert plain(run(tables.direct.message(ANNA, "move r1 0201\nend"))) == \
        f"Game {first}: 1. ✅ Red: move r1 0201. r1 moves to 0201\n2. ✅ Red: end. red ends the Movement Phase"
    assert (service.store.last_seq(first), service.store.last_seq(second)) == (2, 0)
    assert plain(run(tables.direct.message(BORIS, "  game 2: move r1 0201"))) == "Game 2: Red: move r1 0201."
    assert service.store.last_seq(second) == 1


def test_with_no_game_waiting_the_reply_lists_the_games_and_how_to_name_one(service):
    tables = make_tables(service)
    first, second = _two_games(tables)
    for line in ("move r1 0201", "end", "roll"):  # Red's turn in the first game is over: Boris moves
        run(tables.play.submit(ANNA, CHANNEL, line))
    with pytest.raises(TableError) as refused:
        run(tables.direct.message(ANNA, "status"))
    assert plain(refused.value.text) == (
        "None of your games waits for you; which one is this for?\n"
        f"Game {first} in #{CHANNEL}: toy_system: A short race\nGame {second} in #{OTHER}: toy_system: A long race\n"
        f"Start your message with the game's number: `game {first}` and then your orders, e.g. `game {first} status`.")
    assert "Turn 1" in plain(run(tables.direct.message(ANNA, f"GAME {second} status")))


def test_two_games_waiting_are_counted_and_marked(service):
    tables = make_tables(service)
    first, second = _two_games(tables)
    run(tables.play.submit(BORIS, OTHER, "end"))
    run(tables.play.submit(BORIS, OTHER, "roll"))  # the second game waits for Anna's Blue too
    with pytest.raises(TableError) as refused:
        run(tables.direct.message(ANNA, "status"))
    assert plain(refused.value.text).startswith(
        "2 of your games wait for you; which one is this for?\n"
        f"Game {first} in #{CHANNEL}: toy_system: A short race, waits for you\n"
        f"Game {second} in #{OTHER}: toy_system: A long race, waits for you\n")


def test_a_game_named_that_the_sender_does_not_play_is_refused_with_the_list(service):
    tables = make_tables(service)
    first, _ = _two_games(tables)
    with pytest.raises(TableError) as refused:
        run(tables.direct.message(ANNA, "game 99 status"))
    assert plain(refused.value.text).startswith(f"You have no seat in a running game 99.\nGame {first} in #{CHANNEL}")
    with pytest.raises(TableError, match="^You have no seat in a running game; `/game join` in a game's channel"):
        run(tables.direct.message(STRANGER, "status"))
    run(tables.management.cancel(ANNA, CHANNEL))
    assert "Turn 1" in plain(run(tables.direct.message(ANNA, "status")))  # her only game left: no choice


def test_an_undo_request_or_a_draw_offer_of_the_other_side_waits_for_its_answer(service):
    tables = make_tables(service)
    first, second = _two_games(tables)
    for line in ("move r1 0201", "end", "roll"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    run(tables.play.submit(BORIS, CHANNEL, "draw"))  # Boris's offer waits for Anna in the first game
    assert "drawn by agreement" in plain(run(tables.direct.message(ANNA, "accept")))
    assert service.store.game(first)["status"] == "over"
    assert service.store.last_seq(second) == 0
