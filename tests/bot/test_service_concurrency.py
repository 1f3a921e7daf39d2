"""bot/service/ under concurrency: two writers on one game, one service shared by threads,
a game that ends while a command waits."""
from __future__ import annotations

import random
import threading
from types import SimpleNamespace

from bot.service import SORRY, GameService
from bot.store import Store
from tests.bot import toy_system

WAIT = 10  # seconds a thread may take before the test gives up on it (never reached when green)


def paused_system(judging: threading.Event, go_on: threading.Event) -> SimpleNamespace:
    """The toy system, except that applying a command signals `judging` and then waits for
    `go_on`: the window in which another writer may store a command."""
    def apply(state, side, cmd):
        judging.set()
        assert go_on.wait(WAIT)
        return toy_system.apply(state, side, cmd)

    return SimpleNamespace(**{**vars(toy_system), "apply": apply})


def in_thread(work) -> tuple[threading.Thread, dict]:
    done: dict = {}
    thread = threading.Thread(target=lambda: done.update(result=work()))
    thread.start()
    return thread, done


def test_a_second_writer_cannot_store_a_command_judged_against_an_old_position(store):
    """Two services judge `move` against the same position; the one that stores
    second is refused, nothing stale is stored, and the game stays playable."""
    judging, go_on = threading.Event(), threading.Event()
    fast = GameService(store, loader=lambda name: toy_system)
    slow = GameService(Store(store.path), loader=lambda name: paused_system(judging, go_on))
    game = fast.new_game("toy_system", "short", seed=11)
    thread, slow_result = in_thread(lambda: slow.submit(game, "red", "move r1 0201"))
    assert judging.wait(WAIT)  # the slow service has judged its command at command 0 ...
    assert fast.submit(game, "red", "move r2 0201").accepted  # ... and this one is stored first
    go_on.set()
    thread.join(WAIT)
    refused = slow_result["result"]
    assert not refused.accepted and "Another command was stored" in refused.message
    assert [(c["normalised"], c["issued_against_seq"]) for c in store.commands(game)] == \
        [("move r2 0201", 0)]
    again = slow.submit(game, "red", "move r1 0201")  # judged anew, at command 1: stored
    assert again.accepted and again.seq == 2
    assert fast.load(game) == slow.load(game) and fast.replay_check(game).ok


def test_one_service_serves_several_threads(service, store, game):
    """A GameService made in one thread answers in another (no ProgrammingError:
    each thread has its own SQLite connection)."""
    thread, done = in_thread(lambda: service.submit(game, "red", "move r1 0201"))
    thread.join(WAIT)
    assert done["result"].accepted and done["result"].seq == 1
    assert service.submit(game, "red", "move r2 0201").accepted  # and in the first one again
    assert store.last_seq(game) == 2


def play_randomly(make_service, game: int, seed: int, commands: int) -> list[str]:
    """Random legal commands from one writer; returns those that failed unexpectedly."""
    service = make_service()
    rng = random.Random(seed)
    failures = []
    for _ in range(commands):
        state = service.load(game)
        active = toy_system.active_sides(state)
        if not active:
            break
        side = rng.choice(active)
        text = rng.choice(toy_system.legal_commands(state, side)).to_text()
        result = service.submit(game, side, text)  # may be refused: the other moved first
        if result.message == SORRY:
            failures.append(text)
    return failures


def test_two_writers_in_random_play_never_store_a_stale_command(store):
    """As found: two services (each in its own thread, with its own connection)
    play random legal commands on one game; every stored command was judged against the
    command before it, the game replays cleanly and stays playable."""
    game = GameService(store, loader=lambda name: toy_system).new_game("toy_system", "long", 5)

    def writer() -> GameService:
        return GameService(Store(store.path), loader=lambda name: toy_system)

    runs = [in_thread(lambda n=n: play_randomly(writer, game, n, 150)) for n in range(2)]
    for thread, _ in runs:
        thread.join(WAIT * 3)
    assert [done["result"] for _, done in runs] == [[], []]
    rows = store.commands(game)
    assert len(rows) > 150 and all(r["issued_against_seq"] == r["seq"] - 1 for r in rows)
    service = GameService(store, loader=lambda name: toy_system)
    assert service.replay_check(game).ok
    side = toy_system.active_sides(service.load(game))[0]
    assert service.submit(game, side, toy_system.legal_commands(service.load(game),
                                                                side)[0].to_text()).accepted
