"""What every room of the tables shares (bot/tables/__init__.py), over the toy race of tests/bot:
the game at a channel's table, fresh deadlines for a game that goes on, waiting for the commands
under way, and the private reply that carries what closed DMs held back."""
from __future__ import annotations

import asyncio

import pytest

from bot.config import GameSettings
from bot.delivery import message, user_audience
from bot.permissions import TableError
from bot.tables import INBOX_OFFER
from bot.words import plain
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, GUILD, FakeClock, make_tables, run, seated_game

NO_GAME = r"^There is no game running in this channel; `/game new` starts one\.$"


def test_a_channel_s_table_holds_no_game_once_its_game_is_over_until_a_new_one_opens(service):
    """Once its game is over, the table says how the game ended to those who still speak to it (a
    `/game undo` just after the last move), not that there is none."""
    tables = make_tables(service)
    with pytest.raises(TableError, match=NO_GAME):
        tables.game_in(CHANNEL)
    game_id = run(seated_game(tables))
    assert tables.game_in(CHANNEL)["id"] == game_id
    run(tables.play.resign(BORIS, CHANNEL))
    with pytest.raises(TableError) as over:
        tables.game_in(CHANNEL)
    assert str(over.value) == (f"Game {game_id} in this channel is over (the Red player wins, as Boris resigns for "
                               "Blue); `/game new` starts another.")
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    assert tables.game_in(CHANNEL)["id"] == game_id + 1


def test_a_game_resumed_elsewhere_gets_fresh_deadlines_for_the_sides_to_move_kept_through_their_phase(service):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert service.store.deadlines(game_id) == [] and tables.deadlines.next_at(game_id, "red") is None
    run(tables.management.resume(ANNA, GUILD, "300", game_id))
    assert [row["side"] for row in service.store.deadlines(game_id)] == ["red"]
    assert tables.deadlines.next_at(game_id, "red") is not None
    due = service.store.deadline(game_id, "red")["due_at"]
    clock.advance(hours=1)
    run(tables.play.submit(ANNA, "300", "move r1 0201"))  # the same phase: the same deadline
    assert service.store.deadline(game_id, "red")["due_at"] == due


def test_quiesce_waits_for_the_command_under_way(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    async def under_way() -> None:
        lock = tables.lock(game_id)
        await lock.acquire()
        waiting = asyncio.ensure_future(tables.quiesce())
        await asyncio.sleep(0)  # quiesce runs until it waits for the lock
        assert not waiting.done()
        lock.release()
        await waiting
    run(under_way())


def test_a_private_reply_carries_what_closed_dms_held_back_and_offers_a_thread(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    tables.delivery.messenger.closed.add(ANNA.id)
    run(tables.delivery.send(game_id, [(user_audience(ANNA.id), message("held news"))]))
    reply = tables.private(ANNA, "Done.")
    assert plain(reply.text) == f"Done.\n\nWhile your DMs were closed:\nGame {game_id}: held news{INBOX_OFFER}"
    assert [row["id"] for row in reply.held] == [row["id"] for row in service.store.undelivered_to(ANNA.id)]
    assert tables.private(BORIS, "Done.").text == "Done."  # nothing held for Boris


def test_a_game_stored_without_settings_follows_the_server_s_configured_defaults(service):
    """A game whose row holds no settings (stored before games kept their own, or opened outside the tables) is
    shown and timed by the defaults the server's configuration sets, not the built-in ones."""
    defaults = GameSettings(deadline_hours=12, reminders=(3,), at_deadline="forfeit")
    tables = make_tables(service, defaults=defaults)
    game_id = service.new_game("toy_system", "short", seed=1, guild=GUILD, channel=CHANNEL)
    assert service.store.game(game_id)["settings"] == {}
    assert tables.settings(game_id) == defaults
    assert run(tables.lobby.change_settings(ANNA, CHANNEL, {})) == defaults.describe()
