"""A game ended or moved by hand, and a game whose channel is lost (bot/tables/management.py) without Discord:
`/game cancel` here or by number, a lost channel or server pausing its games with the news by DM, and `/game resume`
in another channel, every refusal in full (over the toy race of tests/bot)."""
from __future__ import annotations

import pytest

from bot.discord.messenger import markup
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    OTHER,
    STRANGER,
    make_tables,
    run,
    seated_game,
    second_game,
)
from tests.bot.tables.room_checks import under_lock

RACE = "toy_system: A short race"


def refused(work) -> str:
    with pytest.raises(TableError) as error:
        run(work())
    return markup(error.value.text)


def paused_text(game_id: int, reason: str) -> str:
    return (f"Game {game_id}: {RACE} is paused: {reason}. Nothing is lost. To go on, its creator or a member with "
            f"Manage Server runs `/game resume game:{game_id}` in a channel of the server; `/game cancel "
            f"game:{game_id}` ends it.")


def stranger_s_game(tables) -> int:
    """A game in CHANNEL created by the Stranger, Anna holding Red and Boris Blue, started."""
    run(tables.lobby.new(STRANGER, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    run(tables.lobby.start(STRANGER, CHANNEL))
    return tables.game_in(CHANNEL)["id"]


def test_a_game_is_ended_here_by_its_creator_or_by_number_by_a_server_manager(service):
    tables = make_tables(service)
    game_id = stranger_s_game(tables)
    other = second_game(tables)
    messenger = tables.delivery.messenger
    assert refused(lambda: tables.management.cancel(ANNA, CHANNEL)) == \
        "Only the game's creator (<@4>) or a member with Manage Server may end a game."
    assert refused(lambda: tables.management.cancel(ANNA, "555", game_id, GUILD)) == \
        f"Only a member with Manage Server may end a game from another channel; in game {game_id}'s channel, its " \
        "creator may too."
    for number, guild in ((99, GUILD), (game_id, "901")):
        assert refused(lambda: tables.management.cancel(MOD, "555", number, guild)) == \
            f"This server has no game {number} running; `/game list` shows its games."
    posted = len(messenger.posts)
    assert run(tables.management.cancel(STRANGER, CHANNEL)) == f"Game {game_id} is ended."
    where, said, _ = messenger.posts[posted]  # the fair dice revealed under it, in the same post
    assert (where, said.splitlines()[0]) == (CHANNEL, f"Stranger ends game {game_id}; no winner.")
    assert service.store.game(game_id)["ended"] == {"winner": None, "reason": "ended by Stranger"}
    assert service.store.deadlines(game_id) == [] and tables.deadlines.next_at(game_id, "red") is None
    assert refused(lambda: tables.management.cancel(MOD, "555", game_id, GUILD)) == \
        f"This server has no game {game_id} running; `/game list` shows its games."
    assert run(tables.management.cancel(MOD, "555", other, GUILD)) == f"Game {other} is ended."
    assert messenger.in_channel(OTHER)[-1].startswith(f"Mod ends game {other}; no winner.\nFair dice of game {other}")


def test_a_lost_channel_pauses_its_game_without_deadlines_and_tells_its_players_and_creator_by_dm(service):
    tables = make_tables(service)
    game_id = stranger_s_game(tables)
    other = second_game(tables)
    messenger = tables.delivery.messenger
    sent = len(messenger.dms)
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert sorted(messenger.dms[sent:]) == [(user, paused_text(game_id, "its channel was deleted"), ())
                                            for user in ("1", "2", "4")]
    assert service.store.game(game_id)["paused"] == "its channel was deleted"
    assert service.store.deadlines(game_id) == [] and tables.deadlines.next_at(game_id, "red") is None
    assert not service.store.game(other)["paused"]
    sent = len(messenger.dms)
    run(tables.management.lose_channel(CHANNEL, "closed again"))  # a paused game is left as it is
    assert len(messenger.dms) == sent and service.store.game(game_id)["paused"] == "its channel was deleted"


def test_a_lost_server_pauses_every_running_game_of_it_and_no_other(service):
    tables = make_tables(service)
    game_id = stranger_s_game(tables)
    other = second_game(tables)
    run(tables.management.cancel(MOD, "555", other, GUILD))
    run(tables.lobby.new(BORIS, "901", "700", "toy_system", "short"))
    elsewhere = tables.game_in("700")["id"]
    messenger = tables.delivery.messenger
    sent = len(messenger.dms)
    run(tables.management.lose_guild(GUILD, "the bot left the server"))
    assert sorted(messenger.dms[sent:]) == [(user, paused_text(game_id, "the bot left the server"), ())
                                            for user in ("1", "2", "4")]
    assert [service.store.game(g)["paused"] for g in (game_id, other, elsewhere)] == \
        ["the bot left the server", None, None]
    run(tables.management.lose_guild(GUILD, "again"))
    assert service.store.game(game_id)["paused"] == "the bot left the server"


def test_a_paused_game_is_resumed_in_a_free_channel_of_its_server_by_its_creator_or_a_manager(service):
    tables = make_tables(service)
    game_id = stranger_s_game(tables)
    other = second_game(tables)
    messenger = tables.delivery.messenger
    assert refused(lambda: tables.management.resume(MOD, GUILD, "300", 99)) == \
        "There is no game 99; `/game list` shows this server's games."
    not_paused = "This server has no paused game {}; only a game whose channel was lost waits to be resumed."
    assert refused(lambda: tables.management.resume(MOD, GUILD, "300", other)) == not_paused.format(other)
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert refused(lambda: tables.management.resume(MOD, "901", "300", game_id)) == not_paused.format(game_id)
    assert refused(lambda: tables.management.resume(ANNA, GUILD, "300", game_id)) == \
        "Only the game's creator (<@4>) or a member with Manage Server may resume a game."
    assert refused(lambda: tables.management.resume(MOD, GUILD, OTHER, game_id)) == \
        "This channel already has a game; resume it in another channel."
    run(tables.management.cancel(MOD, "555", other, GUILD))  # OTHER's game is over: the channel is free
    run(tables.lobby.new(BORIS, GUILD, "600", "toy_system", "short"))  # a game in another channel is no bar
    posted = len(messenger.posts)
    assert markup(run(tables.management.resume(STRANGER, GUILD, OTHER, game_id))) == \
        f"Game {game_id} goes on in <#{OTHER}>."
    assert messenger.posts[posted][:2] == (OTHER, f"Stranger resumes game {game_id} ({RACE}) here.")
    game = service.store.game(game_id)
    assert (game["channel"], game["paused"]) == (OTHER, None)
    assert [row["side"] for row in service.store.deadlines(game_id)] == ["red"]
    assert tables.deadlines.next_at(game_id, "red") is not None
    run(tables.play.submit(ANNA, OTHER, "move r1 0201"))
    assert refused(lambda: tables.management.resume(MOD, GUILD, "300", game_id)) == not_paused.format(game_id)


def test_a_game_ended_while_paused_is_not_resumed_and_one_not_started_goes_on_without_deadlines(service):
    tables = make_tables(service)
    game_id = stranger_s_game(tables)
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert run(tables.management.cancel(MOD, "555", game_id, GUILD)) == f"Game {game_id} is ended."
    assert refused(lambda: tables.management.resume(MOD, GUILD, "300", game_id)) == \
        f"This server has no paused game {game_id}; only a game whose channel was lost waits to be resumed."
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "short"))
    opened = tables.game_in(OTHER)["id"]
    run(tables.management.lose_channel(OTHER, "its channel was deleted"))
    run(tables.management.resume(BORIS, GUILD, "300", opened))
    assert service.store.deadlines(opened) == [] and tables.game_in("300")["id"] == opened


def test_cancel_pause_and_resume_each_do_their_write_under_the_game_s_lock(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    paused = under_lock(tables, tables.management, "_wait", game_id)
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    resumed = under_lock(tables, tables.management, "_go_on", game_id)
    run(tables.management.resume(ANNA, GUILD, "300", game_id))
    ended = under_lock(tables, tables.management, "_end", game_id)
    run(tables.management.cancel(ANNA, "300"))
    assert (paused, resumed, ended) == ([True], [True], [True])


def test_a_game_cancelled_between_the_listing_of_a_lost_channel_and_its_pause_stays_ended(service):
    """The channel's games are listed, then a cancel ends this one before the pause takes its lock: no pause, no DM."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    listed = service.store.games

    def listing_then_cancel(*args, **kwargs):
        games = listed(*args, **kwargs)
        run_cancel = tables.management._end
        run_cancel(MOD, service.store.game(game_id))  # under no lock: the pause has not taken it yet
        return games
    service.store.games = listing_then_cancel
    dms = len(tables.delivery.messenger.dms)
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    del service.store.games
    game = service.store.game(game_id)
    assert game["status"] == "over" and not game["paused"] and game["ended"]["reason"] == "ended by Mod"
    assert tables.delivery.messenger.dms[dms:] == []
