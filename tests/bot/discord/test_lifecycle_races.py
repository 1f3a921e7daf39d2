"""Changes of a game's life racing each other: each one reads the game's status inside its own
write transaction, so a cancel queued before a resume leaves the game over (no "resumes" post,
no reminder, no deadline row), and a write to an ended or a no longer paused game is refused."""
from __future__ import annotations

import asyncio

import pytest

from bot.store import AlreadyPaused, GameOver, NotPaused, StoreRefusal
from tests.bot.discord.discord_fakes import BORIS, CHANNEL, GUILD, MOD, STRANGER, make_tables, run, seated_game

ELSEWHERE = "300"


async def cancel_queued_before_resume(tables, game_id: int) -> list[object]:
    """A cancel and a resume of a paused game, both asked while a command holds the game's lock
    (the cancel first): each passed its checks before the lock; they run one after the other."""
    lock = tables.lock(game_id)
    await lock.acquire()
    cancel = asyncio.create_task(tables.management.cancel(MOD, ELSEWHERE, game_id, GUILD))
    while not getattr(lock, "_waiters", None):  # the cancel queues first
        await asyncio.sleep(0.01)
    resume = asyncio.create_task(tables.management.resume(MOD, GUILD, ELSEWHERE, game_id))
    while len(getattr(lock, "_waiters", None) or ()) < 2:  # each passes its checks in a worker
        await asyncio.sleep(0.01)                           # thread, then waits for the lock
    lock.release()
    return await asyncio.gather(cancel, resume, return_exceptions=True)


def test_a_cancel_queued_before_a_resume_leaves_the_game_over(service):
    tables = make_tables(service)

    async def race() -> tuple[int, list[object]]:
        game_id = await seated_game(tables)
        await tables.management.lose_channel(CHANNEL, "its channel was deleted")
        assert service.store.game(game_id)["paused"] and service.store.deadlines(game_id) == []
        return game_id, await cancel_queued_before_resume(tables, game_id)
    game_id, (cancelled, resumed) = run(race())
    assert cancelled == f"Game {game_id} is ended."
    assert isinstance(resumed, Exception) and f"Game {game_id}" in str(resumed)
    game = service.store.game(game_id)
    assert game["status"] == "over" and game["paused"]  # not revived
    assert service.store.deadlines(game_id) == []
    assert not any("resumes game" in text for text in tables.delivery.messenger.in_channel(ELSEWHERE))
    assert tables.deadlines.scheduler.jobs == {}  # no reminder for an ended game


@pytest.fixture
def ended(service) -> int:
    """A started toy game, paused, then cancelled."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    service.store.pause_game(game_id, "its channel was deleted")
    service.store.end_game(game_id, {"winner": None, "reason": "ended by Mod"}, [])
    return game_id


LIFECYCLE = {
    "resume": lambda store, g: store.resume_game(g, ELSEWHERE, [], {"red": ("2030-01-01", "k", "")}),
    "pause": lambda store, g: store.pause_game(g, "paused by its players"),
    "settings": lambda store, g: store.set_settings(g, {"deadline_hours": 1}),
    "replace": lambda store, g: store.take_seat(g, "red", STRANGER.id),
    "resign": lambda store, g: store.end_game(g, {"winner": "blue", "reason": "resigned"}, []),
    "draw": lambda store, g: store.set_pending_draw(g, {"by": "red"}, []),
}


@pytest.mark.parametrize("change", LIFECYCLE)
def test_every_change_of_life_is_refused_once_the_game_is_over(service, ended, change):
    before = (service.store.game(ended), service.store.seats(ended), service.store.outbox(ended))
    with pytest.raises(GameOver):
        LIFECYCLE[change](service.store, ended)
    assert (service.store.game(ended), service.store.seats(ended), service.store.outbox(ended)) == before
    assert service.store.deadlines(ended) == []


def test_a_resume_of_a_running_game_and_a_second_pause_are_refused_in_the_write(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    with pytest.raises(NotPaused, match=f"Game {game_id} is not paused."):
        service.store.resume_game(game_id, CHANNEL, [])
    service.store.pause_game(game_id, "paused by its players")
    with pytest.raises(AlreadyPaused, match=f"Game {game_id} is already paused."):
        service.store.pause_game(game_id, "paused by its players")
    assert issubclass(NotPaused, StoreRefusal) and issubclass(AlreadyPaused, StoreRefusal)
    service.store.resume_game(game_id, CHANNEL, [])  # positive control: a paused game resumes
    assert service.store.game(game_id)["paused"] is None
    assert service.store.seats(game_id)["blue"] == BORIS.id
