"""Game tables and games that end while a command waits for the game's lock: the
waiting command reads the game again under the lock and is refused, so an ended game never
comes back to life (no command stored, no new deadline, no scheduler job)."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.config import GameSettings
from bot.permissions import TableError
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    make_tables,
    run,
    seated_game,
)


async def queued(tables, game_id: int, *calls):
    """Run `calls` as tasks that queue, in order, behind a command holding the game's lock;
    return their outcomes (a result, or the exception raised)."""
    lock = tables.lock(game_id)
    await lock.acquire()
    tasks = []
    for n, call in enumerate(calls, 1):
        tasks.append(asyncio.create_task(call))
        while len(lock._waiters or ()) < n:  # it reads the game (in a worker thread) and queues
            assert not tasks[-1].done()
            await asyncio.sleep(0.001)
    assert all(not task.done() for task in tasks)
    lock.release()
    return await asyncio.gather(*tasks, return_exceptions=True)


def assert_ended_for_good(tables, game_id: int, winner: str | None) -> None:
    game = tables.store.game(game_id)
    assert (game["status"], game["ended"]["winner"]) == ("over", winner)
    assert tables.store.commands(game_id) == [] and tables.store.deadlines(game_id) == []
    assert tables.deadlines.scheduler.get_jobs() == []


def test_a_move_queued_behind_a_resignation_is_refused(service):
    """A move waits for the lock while the mover resigns: the move is refused ("is over") and
    the game stays over with Blue the winner."""
    tables = make_tables(service)

    async def scenario():
        game_id = await seated_game(tables)
        return game_id, await queued(tables, game_id, tables.play.resign(ANNA, CHANNEL),
                                     tables.play.submit(ANNA, CHANNEL, "move r1 0201"))

    game_id, (resigned, move) = run(scenario())
    assert resigned == f"You resigned game {game_id}."
    assert isinstance(move, TableError) and f"Game {game_id} is over (the Blue player wins" in str(move)
    assert_ended_for_good(tables, game_id, "blue")


def test_a_move_queued_behind_nothing_is_played(service):
    """Positive control: the same queued move, with no resignation before it, is played."""
    tables = make_tables(service)

    async def scenario():
        game_id = await seated_game(tables)
        return game_id, await queued(tables, game_id,
                                     tables.play.submit(ANNA, CHANNEL, "move r1 0201"))

    game_id, (move,) = run(scenario())
    assert move == "Red: move r1 0201." and tables.store.last_seq(game_id) == 1


def test_a_start_queued_behind_a_cancel_is_refused(service):
    """`/game start` waits for the lock while the creator cancels: no start, no deadline."""
    tables = make_tables(service)

    async def scenario():
        await tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short")
        await tables.lobby.join(ANNA, CHANNEL, "red")
        await tables.lobby.join(BORIS, CHANNEL, "blue")
        game_id = tables.game_in(CHANNEL)["id"]
        return game_id, await queued(tables, game_id, tables.management.cancel(ANNA, CHANNEL),
                                     tables.lobby.start(BORIS, CHANNEL))

    game_id, (cancelled, start) = run(scenario())
    assert cancelled == f"Game {game_id} is ended."
    assert isinstance(start, TableError) and f"Game {game_id} is over" in str(start)
    assert tables.store.game(game_id)["started_at"] is None
    assert_ended_for_good(tables, game_id, None)


@pytest.mark.parametrize("at_deadline", ["remind", "end", "forfeit"])
def test_a_deadline_expiring_behind_a_cancel_does_nothing(service, at_deadline):
    """A deadline falls due while a cancel holds the lock: whatever its action, it finds the
    game over and leaves it so (no forfeit winner, no phase end, no new deadline)."""
    tables = make_tables(service, defaults=GameSettings(at_deadline=at_deadline))

    async def scenario():
        game_id = await seated_game(tables)
        return game_id, await queued(tables, game_id, tables.management.cancel(ANNA, CHANNEL),
                                     tables.clocks.expire(game_id, "red", timedelta(0)))

    game_id, (cancelled, expired) = run(scenario())
    assert cancelled == f"Game {game_id} is ended." and expired is None
    assert_ended_for_good(tables, game_id, None)


def test_a_second_resignation_keeps_the_first_winner(service):
    """Both players resign at once: the first ends the game, the second is told it is over."""
    tables = make_tables(service)

    async def scenario():
        game_id = await seated_game(tables)
        return game_id, await queued(tables, game_id, tables.play.resign(BORIS, CHANNEL),
                                     tables.play.resign(ANNA, CHANNEL))

    game_id, (first, second) = run(scenario())
    assert first == f"You resigned game {game_id}."
    assert isinstance(second, TableError) and "is over (the Red player wins" in str(second)
    assert_ended_for_good(tables, game_id, "red")
