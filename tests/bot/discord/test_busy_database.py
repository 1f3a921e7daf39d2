"""A database write lock held by another connection: commands are judged and stored
off the event loop, and a write that cannot get the lock soon enough is answered "try again"."""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

from bot.config import GameSettings
from bot.deadlines import RETRY
from bot.delivery import channel_audience, message
from bot.permissions import TableError
from bot.service import BUSY, GameService
from bot.store import Store
from tests.bot import toy_system
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    BOT_ID,
    CHANNEL,
    FakeClock,
    GUILD,
    interaction_data,
    make_tables,
    message_data,
    run,
    seated_game,
    user_data,
)
from tests.bot.discord.test_discord_wire import EPHEMERAL, borodino, play, settle, start, text_of


@contextmanager
def write_lock(store: Store) -> Iterator[sqlite3.Connection]:
    """Another connection holding the file's write lock (a backup, a second process) until the
    body ends or commits it."""
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        if other.in_transaction:
            other.execute("COMMIT")
        other.close()


def service_waiting(tmp_path: Path, seconds: float) -> GameService:
    return GameService(Store(tmp_path / "k.sqlite", busy_seconds=seconds),
                       loader=lambda name: toy_system)


def test_a_write_that_cannot_get_the_lock_is_answered_try_again(tmp_path):
    """The store waits a moment for another writer, then the player reads "try again" and
    nothing was changed; once the lock is free, the same command is accepted."""
    service = service_waiting(tmp_path, 0.01)
    game = service.new_game("toy_system", "short", seed=11)
    with write_lock(service.store):
        refused = service.submit(game, "red", "move r1 0201")
    assert (refused.accepted, refused.message) == (False, BUSY)
    assert "Try again in a moment" in BUSY and service.store.last_seq(game) == 0
    assert service.submit(game, "red", "move r1 0201").accepted


def test_the_event_loop_runs_while_a_command_waits_for_the_write_lock(tmp_path):
    """A command waiting for another connection's write lock waits in a worker thread: the
    event loop goes on (here: it is the loop that releases the lock), then the command is
    stored."""
    tables = make_tables(service_waiting(tmp_path, 60))

    async def scenario() -> str:
        await seated_game(tables)
        with write_lock(tables.store) as other:
            move = asyncio.create_task(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
            await asyncio.sleep(0)
            assert not move.done()  # judged off the loop, waiting for the lock
            other.execute("COMMIT")  # the loop is free, so it can let the command through
        return await move

    assert run(scenario()) == "Red: move r1 0201."
    assert tables.store.last_seq(1) == 1


def test_a_deadline_ends_the_phase_off_the_event_loop(tmp_path):
    """The same for a deadline that ends the phase: the loop stays free while it waits."""
    tables = make_tables(service_waiting(tmp_path, 60), defaults=GameSettings(at_deadline="end"))

    async def scenario() -> None:
        game_id = await seated_game(tables)
        with write_lock(tables.store) as other:
            expiry = asyncio.create_task(tables.clocks.expire(game_id, "red", timedelta(0)))
            await asyncio.sleep(0)
            assert not expiry.done()
            other.execute("COMMIT")
        await expiry

    run(scenario())
    assert [(c["user"], c["normalised"]) for c in tables.store.commands(1)] == [("deadline", "end")]


def test_a_busy_database_reaches_a_table_player_as_try_again(tmp_path):
    tables = make_tables(service_waiting(tmp_path, 0.01))

    async def scenario() -> None:
        await seated_game(tables)
        with write_lock(tables.store), pytest.raises(TableError, match="Try again in a moment"):
            await tables.play.submit(ANNA, CHANNEL, "move r1 0201")
        assert await tables.play.submit(ANNA, CHANNEL, "move r1 0201") == "Red: move r1 0201."

    run(scenario())


def test_a_busy_database_in_any_discord_command_is_answered_try_again(tmp_path, caplog):
    """Whatever command meets "database is locked" answers with the "try again" sentence; the
    admin's log says so in one line, not as a failure with its trace (a /game undo while another
    program held the file logged 40 lines)."""
    async def test(db: Path) -> None:
        wire = await start(db)
        await borodino(wire)

        async def locked(*_: object) -> str:
            raise sqlite3.OperationalError("database is locked")

        wire.tables.play.submit = locked  # type: ignore[method-assign]
        answers = await wire.command(ANNA, "move", {"unit": "3225", "to": "3224"})
        assert any(BUSY in text_of(a) for a in answers)
    play(test, tmp_path)
    busy = [r for r in caplog.records if r.name == "kolocha.discord" and "busy" in r.getMessage()]
    assert [(r.levelname, r.exc_info) for r in busy] == [("WARNING", None)]


def slash(actor, name: str, options: dict, channel: str, kind: int = 2) -> dict:
    """A `/game <name>` interaction (kind 2), or the autocomplete of a `/<name>` field (kind 4:
    the option marked focused)."""
    opts = [{"name": k, "type": 3, "value": v, **({"focused": True} if kind == 4 else {})}
            for k, v in options.items()]
    data = {"id": "1", "name": "game", "type": 1, "options": [{"name": name, "type": 1,
                                                               "options": opts}]}
    if kind == 4:
        data = {"id": "1", "name": name, "type": 1, "options": opts}
    return interaction_data(kind, actor, data, channel)


def button(actor, custom_id: str, channel: str) -> dict:
    """A press of a button on an ephemeral message of the bot."""
    row = {"type": 1, "components": [{"type": 2, "style": 4, "label": "x",
                                      "custom_id": custom_id}]}
    shown = message_data(channel, user_data(BOT_ID, "Kolocha", bot=True), components=[row],
                         flags=EPHEMERAL)
    return interaction_data(3, actor, {"custom_id": custom_id, "component_type": 2}, channel,
                            message=shown)


def test_every_interaction_is_acknowledged_while_another_connection_holds_the_write_lock(
        tmp_path):
    """While another connection holds the database's write lock, `/game new`,
    `join`, `start`, `settings`, a resign button and an autocomplete of five games are all
    acknowledged before the lock is released, and nothing is answered yet; once it is
    released, each is done. A write waiting for the lock on the event loop would freeze every
    other interaction, then answer "try again" while the lock is still held."""
    async def test(db: Path) -> None:
        wire = await start(db)
        tables = wire.tables
        await borodino(wire)  # CHANNEL: started
        for channel in ("902", "903", "904"):
            await tables.lobby.new(ANNA, GUILD, channel, "borodino", "7sep", seed=3)
            await tables.lobby.join(ANNA, channel, "french")
        for channel in ("902", "904"):
            await tables.lobby.join(BORIS, channel, "russian")
        await tables.lobby.start(ANNA, "904")
        resign = tables.game_in("904")["id"]
        payloads = [
            slash(ANNA, "new", {"system": "borodino", "scenario": "7sep"}, "901"),
            slash(BORIS, "join", {"side": "russian"}, "903"),
            slash(ANNA, "start", {}, "902"),
            slash(ANNA, "settings", {"reminders": "2"}, CHANNEL),
            button(BORIS, f"kolocha:resign:{resign}:russian:0", "904"),
            slash(ANNA, "move", {"unit": "32"}, CHANNEL, kind=4)]
        tasks = asyncio.all_tasks()
        first = len(wire.adapter.calls)
        with write_lock(tables.store) as other:
            for payload in payloads:
                wire.client._connection.parse_interaction_create(payload)
            while len(wire.adapter.calls) - first < len(payloads):
                await asyncio.sleep(0.001)  # the loop is free: each handler runs to its defer
            held = wire.adapter.calls[first:]  # the first answer of each, before the release
            other.execute("COMMIT")
        await settle(tasks)
        assert all(kind == "respond" for kind, _ in held)  # acknowledged, nothing answered yet
        assert sorted(payload["type"] for _, payload in held) == [5, 5, 5, 5, 6, 8]
        answers = " | ".join(text_of(call) for call in wire.adapter.calls[first:])
        for done in ("Game 5 is open", "You play Russian in game 3", "Game 2 has started",
                     "Settings saved", "You resigned game 4"):
            assert done in answers
        assert BUSY not in answers
    play(test, tmp_path)


@pytest.mark.parametrize("texts", [("Hear this.",), ("Hear", "this.")])
def test_sending_the_outbox_waits_for_the_write_lock_off_the_event_loop(tmp_path, texts):
    """The first try of a message is stored before it goes (Delivery._send_pieces, _send_run: which
    rows share it, when it began): while another connection holds the write lock, a post that goes
    alone (a map) or texts joined in one message wait in a worker thread and the loop goes on (it
    releases the lock); then the message goes, once, and its rows are marked."""
    tables = make_tables(service_waiting(tmp_path, 60))
    messenger = tables.delivery.messenger

    async def scenario() -> None:
        game_id = await seated_game(tables)
        alone = len(texts) == 1  # with a map
        tables.store.add_outbox(game_id, [(channel_audience(CHANNEL), message(text, 0 if alone else None))
                                          for text in texts])
        with write_lock(tables.store) as other:
            flush = asyncio.create_task(tables.delivery.flush(game_id))
            for _ in range(20):
                await asyncio.sleep(0.001)  # the loop goes on
            assert not flush.done() and messenger.in_channel(CHANNEL)[-1] != "\n".join(texts)
            other.execute("COMMIT")
        assert await flush == len(texts)

    run(scenario())
    assert tables.store.undelivered(1) == []
    assert messenger.in_channel(CHANNEL).count("\n".join(texts)) == 1


def test_sending_the_outbox_while_another_program_holds_the_database_logs_a_warning_line(tmp_path, caplog):
    """Another program holds the database longer than the store waits (BEGIN EXCLUSIVE, as a
    backup may): a flush meeting it logs a warning line, no traceback and no error (which would
    fail this test), and once the file is free the message goes, once."""
    tables = make_tables(service_waiting(tmp_path, 0.05))
    messenger = tables.delivery.messenger
    game_id = run(seated_game(tables))
    tables.store.add_outbox(game_id, [(channel_audience(CHANNEL), message("Hear this."))])
    with write_lock(tables.store) as other:
        other.execute("COMMIT")
        other.execute("BEGIN EXCLUSIVE")
        assert run(tables.delivery.flush(game_id)) == 0
    assert "Hear this." not in messenger.in_channel(CHANNEL)
    busy = [r for r in caplog.records if r.name == "kolocha.delivery"]
    assert busy and all(r.levelno == logging.WARNING and "database is busy" in r.getMessage() and not r.exc_info
                        for r in busy)
    assert run(tables.delivery.flush(game_id)) == 1
    assert messenger.in_channel(CHANNEL).count("Hear this.") == 1


def test_autocomplete_and_end_answer_while_every_worker_thread_waits_for_the_write_lock(tmp_path):
    """With every thread of the default pool taken by commands waiting for another
    connection's write lock, an autocomplete is still answered (from autocomplete's own reading
    threads: readers pass a write lock) and `/end` is acknowledged at once, its question
    following once a thread is free. Discord drops either after 3 s."""
    async def test(db: Path) -> None:
        wire = await start(db)
        tables = wire.tables
        await borodino(wire)
        for channel in ("902", "903"):
            await tables.lobby.new(ANNA, GUILD, channel, "borodino", "7sep", seed=3)
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(max_workers=2))
        tables.store.busy_seconds = 60  # the joins wait for the lock as long as it is held
        first = len(wire.adapter.calls)
        waiting = []
        take_seat = tables.store.take_seat

        def join_and_wait(*args: object) -> None:
            waiting.append(args[0])
            take_seat(*args)

        tables.store.take_seat = join_and_wait  # type: ignore[method-assign]
        with write_lock(tables.store) as other:
            for channel in ("902", "903"):  # two joins: both threads wait for the lock
                wire.client._connection.parse_interaction_create(
                    slash(BORIS, "join", {"side": "russian"}, channel))
            while len(waiting) < 2:
                await asyncio.sleep(0.001)
            wire.client._connection.parse_interaction_create(
                interaction_data(2, ANNA, {"id": "1", "name": "end", "type": 1, "options": []}))
            wire.client._connection.parse_interaction_create(
                slash(ANNA, "move", {"unit": "32"}, CHANNEL, kind=4))
            for _ in range(10_000):  # the loop is free: each handler answers or defers
                if any(payload.get("type") == 8 for _, payload in wire.adapter.calls[first:]):
                    break
                await asyncio.sleep(0.001)
            held = [payload for _, payload in wire.adapter.calls[first:]]
            assert tables.store.seats(2) == tables.store.seats(3) == {}  # both joins still wait
            other.execute("COMMIT")
        completed, = [p for p in held if p.get("type") == 8]
        assert "3225" in [c["value"] for c in completed["data"]["choices"]]
        assert [p.get("type") for p in held].count(5) == 3  # the joins and /end, acknowledged
    play(test, tmp_path)


@pytest.mark.parametrize("action", ["end", "remind"])
def test_a_deadline_due_while_another_program_holds_the_database_is_acted_on_a_minute_later(
        tmp_path, caplog, action):
    """A deadline falls due while another program holds the write lock past the store's wait: its
    action does nothing, says nothing (no 'the phase cannot end by itself: the game records are
    busy', no fresh clock) and its job comes back a minute later (RETRY), one log line and no
    trace; it was gone, and the game waited, its player untold, for the bot's next start."""
    clock = FakeClock()
    tables = make_tables(service_waiting(tmp_path, 0.01), clock,
                         defaults=GameSettings(deadline_hours=2, reminders=(), at_deadline=action))
    game_id = run(seated_game(tables))
    clock.advance(hours=2)
    due = tables.store.deadline(game_id, "red")
    with write_lock(tables.store):
        assert run(tables.deadlines.scheduler.run_due()) == 1
    assert tables.store.deadline(game_id, "red") == due and not tables.store.commands(game_id)
    assert not [t for t in tables.delivery.messenger.in_channel(CHANNEL) if "deadline" in t.lower()]
    assert tables.deadlines.scheduler.jobs[f"deadline:{game_id}:red"][0] == clock() + RETRY
    assert "database is busy" in caplog.text and "Traceback" not in caplog.text
    clock.advance(minutes=2)  # its job came back late, the lock held another round
    run(tables.deadlines.scheduler.run_due())
    told = " ".join(t for t in tables.delivery.messenger.in_channel(CHANNEL) if "eadline" in t)
    assert told and "busy" not in told and "offline" not in told  # the bot never was
    assert (tables.store.commands(game_id)[0]["user"] == "deadline") if action == "end" else \
        tables.store.deadline(game_id, "red")["due_at"] > due["due_at"]
