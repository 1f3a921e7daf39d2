"""A seat handed to the computer (bot/tables/computer.py) without Discord: who may hand it, the refusal when a person's
seat in a game with hidden units needs their consent, the level asked for, and the game of the caller's own
channel, under its lock (over the toy race of tests/bot, and the same race with its units hidden)."""
from __future__ import annotations

import asyncio
import threading
import types

import pytest

from bot.computer.planner import Hung, ThreadPlanner
from bot.computer.seat import PlanJob, send
from bot.config import GameSettings
from bot.service import BUSY, GameService, Result
from bot.tables import computer as computer_tables
from bot.tables.computer import Computer
from bot.store import blank
from bot.words import COMPUTER
from rules.core.ai import Decision
from rules.core.system import SystemInfo
from tests.bot import toy_system
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    MOD,
    STRANGER,
    make_tables,
    run,
    seated_game,
    second_game,
)
from tests.bot.tables.room_checks import refused, under_lock


def hidden_race() -> types.ModuleType:
    """The toy race with its units hidden: a person's seat goes to the computer only with their consent."""
    module = types.ModuleType("hidden_race")
    info = SystemInfo(name="toy_system", sides=toy_system.SIDES, default_scenario="short", hidden_information=True)
    module.__dict__.update({**vars(toy_system), "INFO": info})  # its name kept: the computer plans over the race
    return module


@pytest.fixture
def hidden(tmp_path):
    service = GameService(blank(tmp_path / "hidden.sqlite"), loader=lambda name: hidden_race())
    tables = make_tables(service)
    return tables, run(seated_game(tables))


def test_only_the_creator_or_a_manager_hands_a_seat_to_the_computer(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert refused(tables.computer.seat(STRANGER, CHANNEL, "blue")) == \
        "Only the game's creator (<@1>) or a member with Manage Server may hand a seat to the computer (a player "\
        "hands their own)."
    assert service.store.seats(game_id)["blue"] == BORIS.id


def test_a_player_hands_their_own_hidden_seat_to_the_computer(hidden):
    """The refusal to the creator says only Boris (or an outside manager) may hand Boris's seat over in a
    game with hidden information: Boris, neither creator nor manager, was refused as not the creator."""
    tables, game_id = hidden
    run(tables.computer.seat(BORIS, CHANNEL, "blue"))
    assert tables.store.seats(game_id)["blue"] == COMPUTER
    run(tables.computer.settled())
    assert refused(tables.computer.seat(BORIS, CHANNEL, "red")).startswith("Only the game's creator (<@1>)")


def test_in_a_hidden_game_a_person_s_seat_goes_to_the_computer_only_as_they_or_an_outside_manager_hand_it(hidden):
    tables, game_id = hidden
    assert refused(tables.computer.seat(ANNA, CHANNEL, "blue")) == (
        "<@2> holds the Blue seat: in a game with hidden information only they, or a member with Manage Server who "
        "does not play in it, may hand it to the computer, whose seat then goes to anyone without asking.")
    playing_manager = type(MOD)(BORIS.id, BORIS.name, manage_guild=True)
    run(tables.computer.seat(playing_manager, CHANNEL, "blue"))  # his own seat: no one else's consent
    assert tables.store.seats(game_id)["blue"] == COMPUTER
    run(tables.computer.settled())
    run(tables.computer.seat(MOD, CHANNEL, "red"))  # a manager who plays no part in the game
    assert tables.store.seats(game_id) == {"red": COMPUTER, "blue": COMPUTER}
    run(tables.computer.settled())


def test_the_creator_hands_her_own_hidden_seat_to_the_computer(hidden):
    tables, game_id = hidden
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    assert tables.store.seats(game_id)["red"] == COMPUTER
    run(tables.computer.settled())


def test_the_computer_takes_the_seat_at_the_level_asked_in_the_caller_s_game_under_its_lock(service):
    tables = make_tables(service, defaults=GameSettings(ai_level=2))  # a level the toy race lacks
    game_id = run(seated_game(tables))
    other = second_game(tables)  # opened after Anna's, in another channel
    held = under_lock(tables, tables.computer, "_take_from", game_id)
    sent = under_lock(tables, tables.computer, "_send", game_id)
    said = run(tables.computer.seat(ANNA, CHANNEL, "blue", level=1))
    assert held == [True]
    assert "seats the computer as Blue in game 1 in place of" in str(said) and "(level 1," in str(said)
    assert service.store.seats(game_id)["blue"] == COMPUTER
    assert service.store.computer_seats(game_id)["blue"]["level"] == 1
    assert COMPUTER not in service.store.seats(other).values()
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))  # Blue's turn: the computer sends its plan under the lock
    run(tables.computer.settled())
    assert sent and all(sent) and service.store.commands(game_id)[-1]["user"] == COMPUTER


def sendings(tables, game_id: int) -> list[int]:
    """The commands stored at each flush that sent something, in the order they came."""
    played, flush = [], tables.delivery.flush

    async def counted(game=None):
        seq, sent = tables.service.store.last_seq(game_id), await flush(game)
        played.extend([seq] if sent else [])
        return sent
    tables.delivery.flush = counted
    return played


def test_what_the_computer_plays_is_sent_together_once_it_has_played(service):
    """Blue's player-turn is two plans (its Movement Phase, then the roll): the news of both goes
    out in one sending once the computer has played, not a sending a plan (a Bloody Monday battle's
    hits, a command each, were a post of one line each)."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    played = sendings(tables, game_id)
    run(tables.play.submit(ANNA, CHANNEL, "roll"))  # Blue's turn: the computer moves, ends, rolls
    run(tables.computer.settled())
    assert [row["user"] for row in service.store.commands(game_id)][-2:] == [COMPUTER, COMPUTER]
    assert played == [2, service.store.last_seq(game_id)]  # Anna's roll, then all the computer played
    assert service.store.undelivered(game_id) == []


def rolled_into_the_next_turn() -> types.ModuleType:
    """The toy race whose roll passes to the next player within the phase (its phase key unchanged): no
    headline and no map of its own, the next player asked by a ping under the roll, as where a question
    falls to a person without a new phase."""
    module = types.ModuleType("rolled_race")
    module.__dict__.update(vars(toy_system))
    module.phase_key = lambda state: f"{state['turn']}:" + (
        state["player"] if state["phase"] == "movement" else next(s for s in toy_system.SIDES if s != state["player"]))
    return module


def test_what_the_computer_plays_past_a_phase_reads_its_lines_then_one_map(store):
    """Red's player-turn played by the computer: its moves and `end` began the Dice Phase, whose headline and
    map were posted above the roll, which passes the game to Blue without a map of its own: the Dice Phase's
    map, then the roll under it with Blue's ping, as a person's orders in one message read before they were
    made one account. Its lines read in order, then the headline of the position it leaves and its one map
    (Play.map_last); Blue's ping, a notice of its own, under them."""
    service = GameService(store, loader=lambda name: rolled_into_the_next_turn())
    tables = make_tables(service)
    run(seated_game(tables))
    before = len(tables.delivery.messenger.posts)
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.computer.settled())
    posts = [(text, pictures) for where, text, pictures in tables.delivery.messenger.posts[before:]
             if where == CHANNEL][1:]  # after the seating's line
    assert [len(pictures) for _, pictures in posts] == [1, 0], posts
    said = posts[0][0]
    assert said.index("red ends the Movement Phase") < said.index("red rolls") < \
        said.index("| Movement Phase | Blue player"), said
    assert "| Dice Phase |" not in said and posts[1][0].startswith("<@2> Game 1: your move, due ")


def test_a_computer_holding_both_sides_sends_each_player_turn_before_it_plays_the_next(service):
    """The computer seated as Red and Blue plays the race to its end alone: its news goes out at each
    new player-turn, before the next is planned, where it went out only once the game was over."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    played = sendings(tables, game_id)
    run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.computer.settled())
    last = service.store.last_seq(game_id)
    assert service.store.game(game_id)["status"] == "over"
    began = sorted({service.store.player_turn_start(game_id, seq) for seq in range(1, last + 1)})
    assert began == [0, 4, 8, 12, 16, 20, last]  # the commands each player-turn began after, and the end
    # the seatings' lines, sent at command 0 (by one flush or, as tasks interleave, by more: the count varies with
    # the host's load), then each player-turn once, as the next began
    assert played[:2] == [0, 0] and [seq for seq in played if seq] == began[1:]
    assert service.store.undelivered(game_id) == []


def test_the_side_handed_to_the_computer_keeps_no_deadline_in_the_schedule(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.deadlines.next_at(game_id, "red") is not None
    run(tables.computer.seat(ANNA, CHANNEL, "red"))  # Red is to move: its deadline goes with its player
    assert tables.deadlines.next_at(game_id, "red") is None
    run(tables.computer.settled())


class FailingOnce(ThreadPlanner):
    """A planner whose first plan fails with `error`."""

    def __init__(self, error: Exception) -> None:
        self.error: Exception | None = error

    async def plan(self, job: PlanJob) -> list[Decision]:
        if self.error is not None:
            error, self.error = self.error, None
            raise error
        return await super().plan(job)


HUNG_LINE = ("game {}: the red computer stops at command 0: its worker gave no plan 90 s after it began (that worker "
             "was ended); the side waits there until `/game seat` seats the computer again, `/game replace` hands it "
             "to a person, or the bot starts again")


@pytest.mark.logs_errors("kolocha.computer")
@pytest.mark.parametrize("error, why, logged", [
    (RuntimeError("a commander's bug"), "it could not plan", ("ERROR", "game {}: the red computer could not plan")),
    (Hung("its worker gave no plan 90 s after it began"),
     "it could not plan (its worker gave no plan 90 s after it began)", ("WARNING", HUNG_LINE))])
def test_a_computer_that_stopped_says_why_and_plays_once_seated_again(service, caplog, error, why, logged):
    """Its plan failed once, at this position: the channel reads why (a hung worker's own words), the log names the
    game and the side, a bug with its traceback, a hung worker in one sentence (it read a traceback of the
    planner's wait that told nothing more); `/game seat` again makes it try afresh."""
    tables = make_tables(service, planner=FailingOnce(error))
    game_id = run(seated_game(tables))
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.computer.settled())
    assert service.store.last_seq(game_id) == 0  # it stopped at the start
    stopped = tables.delivery.messenger.in_channel(CHANNEL)[-1].splitlines()  # joined to the seating when both wait
    assert stopped[-1].startswith(f"Game {game_id}: the computer playing Red stops: {why}. This is logged")
    said = [r for r in caplog.records if r.name == "kolocha.computer"]
    assert [(r.levelname, r.getMessage()) for r in said] == [(logged[0], logged[1].format(game_id))]
    assert bool(said[0].exc_info) == (logged[0] == "ERROR")
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.computer.settled())
    assert service.store.last_seq(game_id) > 0
    assert {row["user"] for row in service.store.commands(game_id)} == {COMPUTER}


@pytest.mark.logs_errors("kolocha.computer")
def test_a_plan_that_fails_while_its_seat_is_being_taken_leaves_the_seat_stopped(service, monkeypatch):
    """The computer's look at the game (the start woke it) finds the seat just stored and its plan fails before
    the seating is done: the seat waits at that position, said once. The seating's end forgot the failure, and the
    computer, woken by its own seating, played on as if seated again (a race under load)."""
    tables = make_tables(service, planner=FailingOnce(RuntimeError("a commander's bug")))
    game_id = run(seated_game(tables))
    run(tables.computer.settled())
    looking, stored, failed = threading.Event(), threading.Event(), threading.Event()
    job, take_seat, give_up = tables.computer._job, service.store.take_computer_seat, tables.computer._give_up

    def first_look(game_id: int) -> PlanJob | None:
        if not looking.is_set():
            looking.set()
            assert stored.wait(60)  # the seat is stored meanwhile
        return job(game_id)

    def seat_stored(*args: object) -> None:
        take_seat(*args)
        stored.set()
        assert failed.wait(60)  # the seating ends once the plan has failed

    async def gave_up(*args: object) -> None:
        await give_up(*args)
        failed.set()
    monkeypatch.setattr(tables.computer, "_job", first_look)
    monkeypatch.setattr(service.store, "take_computer_seat", seat_stored)
    monkeypatch.setattr(tables.computer, "_give_up", gave_up)

    async def seat_while_it_looks() -> None:
        tables.computer.wake(game_id)
        await asyncio.to_thread(looking.wait, 60)
        await tables.computer.seat(ANNA, CHANNEL, "red")
        await tables.computer.settled()
    run(seat_while_it_looks())
    assert service.store.last_seq(game_id) == 0
    said = tables.delivery.messenger.in_channel(CHANNEL)
    assert sum(f"Game {game_id}: the computer playing Red stops" in text for text in said) == 1


def test_the_computer_looks_for_a_request_to_answer_under_the_game_s_lock(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    run(tables.computer.settled())
    held = under_lock(tables, tables.computer, "_answer", game_id)

    async def woken() -> None:
        tables.computer.wake(game_id)  # nothing else holds the game's lock now
        await tables.computer.settled()
    run(woken())
    assert held == [True]


def test_a_stop_while_the_computer_stores_its_plan_waits_for_it(service, monkeypatch):
    """SIGTERM while the computer's plan is being stored (in a worker thread, under the game's
    lock): the stop cancels its play, yet the lock stays held until the thread is done, so the
    stop's wait for each game's lock (Tables.quiesce) waits for the plan before the store closes;
    the lock was let go at once, and the store closed under the thread ('Cannot operate on a
    closed database', its plan half stored and the computer's command logged as refused)."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    storing, stored = threading.Event(), threading.Event()
    send = Computer._send

    def slow(self, *args):
        storing.set()
        stored.wait()
        return send(self, *args)
    monkeypatch.setattr(Computer, "_send", slow)

    async def stopped() -> bool:
        await tables.computer.seat(ANNA, CHANNEL, "red")
        await asyncio.to_thread(storing.wait)
        tables.computer.stop()
        await asyncio.gather(*tables.computer._tasks.values(), return_exceptions=True)
        held = tables.lock(game_id).locked()
        stored.set()
        await tables.quiesce()
        return held
    assert run(stopped())
    assert service.store.last_seq(game_id) > 0


def test_a_computer_woken_once_the_bot_stops_plans_nothing(service):
    """A command stored while the bot stops (one the stop waits for) wakes the computer, whose side is to
    act: it planned, and sent its plan after the store had closed ('Cannot operate on a closed database',
    a traceback in the admin's log). Stopped, it plans nothing; the next start plays its side."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    tables.computer.stop()
    run(tables.play.submit(ANNA, CHANNEL, "roll"))  # Blue's turn
    run(tables.computer.settled())
    assert tables.computer._tasks == {} and service.store.commands(game_id)[-1]["user"] == ANNA.id
    started = make_tables(service)
    run(started.computer.wake_all())
    run(started.computer.settled())
    assert service.store.commands(game_id)[-1]["user"] == COMPUTER


def test_a_plan_the_busy_database_refused_is_sent_again_and_no_fault_is_said(service, monkeypatch, caplog):
    """Another program holds the database past the store's wait as the computer sends its plan: the
    store refuses it ('the game records are busy'). The channel read 'the computer playing Red stops:
    the rules refuse a command it planned. This is logged as a fault of the computer player' and the
    seat waited at that position for a person; now the plan is made and sent again a moment later
    (BUSY_PAUSE), one log line."""
    tables = make_tables(service)
    tables.computer.busy_pause = 0
    game_id = run(seated_game(tables))
    tries: list[int] = []

    def busy_at_first(service, game_id, job, decisions, compose_for, phase=None):
        tries.append(job.played)
        if len(tries) > 1:
            return send(service, game_id, job, decisions, compose_for, phase)
        return [(decisions[0], Result(False, BUSY, job.played, job.side))]  # what the service answers then
    monkeypatch.setattr(computer_tables, "send", busy_at_first)
    run(tables.computer.seat(ANNA, CHANNEL, "red"))
    run(tables.computer.settled())
    assert tries[:2] == [0, 0] and service.store.last_seq(game_id) > 0
    assert not [t for t in tables.delivery.messenger.in_channel(CHANNEL) if "stops" in t]
    assert [r.levelname for r in caplog.records if r.name == "kolocha.computer"] == ["WARNING"]


@pytest.mark.parametrize("ending", ["resign", "cancel", "forfeit"])
def test_a_game_its_players_end_leaves_nothing_kept_of_it(service, ending):
    """Games against the computer resigned, cancelled or forfeited one after another: none leaves its
    lock, its sending lock, the computer's task, what each side was told, its turn's clock or its position behind (a
    bot up for a month kept each such game's whole position and story: only a game ended by a command
    was let go, the computer's next look finding it over)."""
    tables = make_tables(service)
    for _ in range(3):
        run(seated_game(tables))
        run(tables.computer.seat(ANNA, CHANNEL, "blue"))
        run(tables.play.submit(ANNA, CHANNEL, "end"))
        run(tables.play.submit(ANNA, CHANNEL, "roll"))  # Blue's turn: the computer plays it
        run(tables.computer.settled())
        game_id = tables.game_in(CHANNEL)["id"]
        assert tables.computer.memory._games and tables.computer.clock._turns  # kept while the game runs
        assert tables.service._cache.games() == [game_id]
        run(tables.play.resign(ANNA, CHANNEL) if ending == "resign" else tables.management.cancel(
            ANNA, CHANNEL) if ending == "cancel" else tables.news.concede(game_id, "red", "Red forfeits"))
        run(tables.computer.settled())
    computer = tables.computer
    assert (computer.memory._games, computer.clock._turns, computer._tasks, computer._failed) == ({}, {}, {}, {})
    assert len(tables._locks) == len(tables._arrivals) == len(tables.delivery._sending) == 0
    assert tables.service._cache.games() == []  # nor its position
