"""News at the tables (bot/tables/news.py) without Discord, over the toy race of tests/bot: the
private thread offered for a player's news, where a paused game's public news goes, and the end of
a game its players ended, in its channel and to its spectators."""
from __future__ import annotations

import pytest

from bot.permissions import TableError
from bot.words import plain
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    STRANGER,
    WATCH,
    ServerError,
    make_tables,
    run,
    second_game,
    seated_game,
)
from tests.bot.discord.discord_fakes import picture as drawn


# -- a private thread for a player's news --------------------------------------------------------

def test_a_private_thread_is_opened_in_the_game_s_own_channel_named_after_the_game(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)
    messenger = tables.delivery.messenger
    titles = []
    opened = messenger.private_thread

    async def titled(channel, user, title):
        titles.append(title)
        return await opened(channel, user, title)
    messenger.private_thread = titled
    assert plain(run(tables.news.inbox(ANNA, CHANNEL))) == \
        f"Your private news of game {game_id} now goes to #800, which only you can see."
    assert messenger.threads == {"800": (CHANNEL, ANNA.id)} and titles == [f"Game {game_id}: private news"]
    assert service.store.private_thread(game_id, ANNA.id) == "800"
    messenger.moderators.add(STRANGER.id)  # asked again: the same thread, and who else may read it
    assert plain(run(tables.news.inbox(ANNA, CHANNEL))) == (
        f"Your private news of game {game_id} now goes to #800. No other player of this game can read it; "
        f"besides you, @{STRANGER.id} can (Discord shows every private thread to the server's owner and to "
        "members with Administrator or Manage Threads).")
    assert list(messenger.threads) == ["800"]


def test_no_private_thread_where_another_player_could_read_it_and_one_held_is_given_up(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    run(tables.news.inbox(ANNA, CHANNEL))
    messenger.moderators.add(BORIS.id)  # Boris may now read every private thread
    with pytest.raises(TableError) as refused:
        run(tables.news.inbox(ANNA, CHANNEL))
    assert str(refused.value) == (
        f"A private thread here would not be private from the other players: @{BORIS.id} may read every "
        "private thread in this channel (the server's owner and members with Administrator or Manage Threads "
        "can). Your private news keeps coming by DM: allow DMs from this server's members (Privacy Settings), "
        "or read it in the replies to your commands here.")
    assert service.store.private_thread(game_id, ANNA.id) is None
    assert service.store.private_thread(game_id, BORIS.id) is None
    with pytest.raises(TableError):  # nothing held: refused the same, and still none opened
        run(tables.news.inbox(ANNA, CHANNEL))
    assert list(messenger.threads) == ["800"]


def test_only_the_game_s_players_may_have_a_private_thread(service):
    tables = make_tables(service)
    run(seated_game(tables))
    with pytest.raises(TableError, match=r"^You have no seat in this game; only its players get private news\.$"):
        run(tables.news.inbox(STRANGER, CHANNEL))
    assert tables.delivery.messenger.threads == {}


@pytest.mark.logs_errors("kolocha.news")
def test_no_private_thread_when_who_may_read_it_cannot_be_told(service, caplog):
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    async def unknown(*args):
        raise ServerError("who may read it")
    tables.delivery.messenger.onlookers = unknown
    with pytest.raises(TableError, match=r"^I could not check who else may read a private thread here, so I open "
                                         r"none; your private news keeps coming by DM\.$"):
        run(tables.news.inbox(ANNA, CHANNEL))
    assert tables.delivery.messenger.threads == {}
    assert f"game {game_id}: who may read private threads could not be checked" in caplog.messages


# -- where public news goes ----------------------------------------------------------------------

def test_the_public_news_of_a_paused_game_goes_to_each_of_its_people_by_dm(service):
    """A paused game's channel may be gone: its public news goes to its players by DM, in the
    order of their ids, never to the computer; running again, to its channel."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.news.places(service.store.game(game_id)) == [f"channel:{CHANNEL}"]
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert tables.news.places(service.store.game(game_id)) == [f"user:{ANNA.id}", f"user:{BORIS.id}"]
    tables.computer.take(game_id, "red", None, "Boris seats the computer")
    assert tables.news.places(service.store.game(game_id)) == [f"user:{BORIS.id}"]


# -- the end of a game its players ended ---------------------------------------------------------

def test_a_resignation_is_told_with_the_final_map_in_the_channel_and_to_spectators(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # Red's Dice Phase: "Roll the die."
    run(tables.play.resign(BORIS, CHANNEL))
    final = service.system(game_id).view(service.load(game_id), None)
    headline = "Turn 1 | hour 1 | Dice Phase | Red player"  # no one to move, nothing asked: the game is over
    messenger = tables.delivery.messenger
    assert messenger.posts[-3:-1] == [
        (CHANNEL, f"Boris resigns for Blue: Red wins game {game_id}.\n{headline}", (drawn(final),)),
        (WATCH, f"Game {game_id}: Boris resigns for Blue: Red wins game {game_id}.\n{headline}", (drawn(final),))]
    where, text, _ = messenger.posts[-1]
    assert where == CHANNEL and text.startswith(f"Fair dice of game {game_id} revealed: seed ")


def test_a_resigned_game_keeps_how_it_ended_and_no_deadline(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.deadlines.next_at(game_id, "red") is not None
    run(tables.play.resign(BORIS, CHANNEL))
    assert tables.deadlines.next_at(game_id, "red") is None
    with pytest.raises(TableError, match=rf"^Game {game_id} is over \(Red wins: Boris resigns for Blue\); it takes no "
                                         r"more commands\.$"):
        tables.current(game_id)
