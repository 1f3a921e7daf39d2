"""A computer seat through the game service: what it is given, what it
sends, how it is stored, and that it replays."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import signal
import subprocess
import sys
import time
import types
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

import rules
from bot.computer import planner as planner_module
from bot.computer.planner import Hung, ProcessPlanner, workers
from bot.computer.replay import rethink
from bot.computer.seat import (Memory, NoComputer, PlanJob, commander_for, new_seat, next_job, plan, searches, send,
                               stops_in)
from bot.service import GameService, record
from bot.store import blank
from bot.words import COMPUTER
from rules.core.registry import _SYSTEMS
from tests.bot import toy_system


def computers(service: GameService, game_id: int, *sides: str, seed: int = 5) -> None:
    for side in sides:
        system = service.system(game_id)
        service.store.take_computer_seat(game_id, side, new_seat(system, 1, 60.0, seed).to_dict())


def play_out(service: GameService, game_id: int, limit: int = 500) -> list:
    """Every plan of the computer seats sent until none acts (or `limit` commands)."""
    memory, sent = Memory(), []
    while (job := next_job(service, memory, game_id)) is not None and len(sent) < limit:
        done = send(service, game_id, job, plan(job), lambda decision: record)
        assert done and all(result.accepted for _, result in done), done[-1][1].message
        sent += done
    return sent


def test_a_computer_game_is_stored_command_by_command_with_its_reasons_and_replays(service, game):
    """13.1: each command goes through the service (validated, stored, user 'computer', its
    reason with its text) and the stored game replays from its seed."""
    computers(service, game, "red", "blue")
    sent = play_out(service, game)
    rows = service.store.commands(game)
    assert service.system(game).outcome(service.load(game)) is not None
    assert len(rows) == len(sent) and {row["user"] for row in rows} == {COMPUTER}
    assert rows[0]["text"] == f"{rows[0]['normalised']} — {sent[0][0].reason}"
    assert service.replay_check(game).ok


@pytest.mark.parametrize(("system", "level", "searching"), [
    ("borodino", 2, True), ("borodino", 1, False), ("bloody_monday", 2, False), ("campaign_1812", 1, False)])
def test_a_seat_searches_where_its_commander_takes_a_clock(system, level, searching):
    """Only a level whose commander searches within a clock says at the terminal that it is thinking and for
    how long: Bloody Monday's level 2 weighs sudden-death wins without a search."""
    assert searches(rules.load(system), level) is searching


def test_a_plan_stops_at_the_game_s_end(tmp_path):
    """A plan whose command ends the game sends nothing after it, where its sides may still act (as
    Bloody Monday's do after a victory, How to Win C): the next was refused, 'The game is over', and
    logged as the computer's fault. A race played to its end, then again to its last plan, given one
    command more."""
    module = types.ModuleType("open_ended_race")
    module.__dict__.update({**vars(toy_system), "active_sides": lambda state: list(toy_system.SIDES)
                            if toy_system.outcome(state) else [state["player"]]})
    service = GameService(blank(tmp_path / "race.sqlite"), loader=lambda name: module)
    first, again = (service.new_game("toy_system", "short", seed=3) for _ in range(2))
    computers(service, first, "red", "blue")
    computers(service, again, "red", "blue")
    memory, plans = Memory(), []
    while (job := next_job(service, memory, first)) is not None:
        plans.append(send(service, first, job, plan(job), lambda decision: record))
    for decision, result in (sent for done in plans[:-1] for sent in done):
        assert service.submit(again, result.side, decision.command, user=COMPUTER).accepted
    job = next_job(service, Memory(), again)
    decisions = plan(job)
    assert [d.command for d in decisions] == [d.command for d, _ in plans[-1]]
    done = send(service, again, job, [*decisions, decisions[-1]], lambda decision: record)
    assert [d.command for d, _ in done] == [d.command for d in decisions] and all(r.accepted for _, r in done)
    assert service.store.game(again)["status"] == "over"


def test_the_same_seed_plays_the_same_game_and_another_seed_another(tmp_path):
    """13.6: a computer seat's play is a function of its own seed (a reported blunder replays)."""
    def game_with(seed: int, name: str) -> list[str]:
        service = GameService(blank(tmp_path / name), loader=lambda _: toy_system)
        game_id = service.new_game("toy_system", "short", seed=11)
        computers(service, game_id, "red", "blue", seed=seed)
        play_out(service, game_id)
        return [row["normalised"] for row in service.store.commands(game_id)]
    assert game_with(1, "a.sqlite") == game_with(1, "b.sqlite")
    assert any(game_with(1, "c.sqlite") != game_with(seed, f"{seed}.sqlite") for seed in (2, 3, 4))


def test_a_computer_games_plans_are_made_again_from_the_stored_seed(service, game, capsys):
    """13.6: `kolocha replay GAME --computer` makes every plan again from the seat's seed, each
    computer command with its reason; another seed disowns them, and says which first."""
    computers(service, game, "red", "blue", seed=1)
    play_out(service, game)
    again = rethink(service, game)
    assert again.differs is None and len(again.commands) == len(service.store.commands(game))
    assert re.fullmatch(r"\[1\] Red: move (r\d) 0201 — \1 runs east \(planned after command 0\)",
                        again.lines()[0])
    disowned = []
    for seed in (2, 3, 4, 5):  # as if another seed had been stored with the seats
        service.store.db.execute("UPDATE ai_seats SET seed = ? WHERE game = ?", [seed, game])
        disowned.append(rethink(service, game).differs)
    assert any(d and d.startswith(f"Game {game}: command ") and "is not what its plan gives now" in d
               for d in disowned)


def test_the_job_holds_the_sides_view_and_only_the_events_told_to_it(service, game):
    """13.2: the computer is handed view(state, side) and the events addressed to its side or
    to all, never the state (the dice live there) nor another side's or the log's events."""
    service.submit(game, "red", "end")
    service.submit(game, "red", "roll")  # tells red a secret, the log the dice position
    computers(service, game, "blue")
    job = next_job(service, Memory(), game)
    state = service.load(game)
    assert job.side == "blue" and job.view == toy_system.view(state, "blue")
    assert "dice" not in json.dumps(job.view)
    assert [e["to"] for e in job.seen] and {e["to"] for e in job.seen} <= {"all", "blue"}
    assert not any("secret" in e["text"] for e in job.seen)


def test_borodino_decisions_do_not_change_with_the_dice_seed(tmp_path):
    """13.2: with the computer's own seed fixed, two games that differ only in their dice seed
    give it the same job and it plans the same commands."""
    def first_plan(dice: int) -> tuple[PlanJob, list]:
        service = GameService(blank(tmp_path / f"{dice}.sqlite"))
        game_id = service.new_game("borodino", "5sep", seed=dice)
        computers(service, game_id, "french", seed=9)
        job = next_job(service, Memory(), game_id)
        return job, plan(job)
    (job, decisions), (other, again) = first_plan(1), first_plan(2)
    assert job == other and decisions == again and decisions[-1].command == "end"


def test_memory_forgets_what_an_undo_took_back(service, game):
    """The events a side was told come from the stored commands: an undone command's are gone."""
    memory = Memory()
    service.submit(game, "red", "move r1 0201")
    assert any("r1 moves" in e["text"] for e in memory.told(service, game, "blue"))
    service.submit(game, "red", "undo")
    service.submit(game, "red", "move r2 0201")
    told = [e["text"] for e in memory.told(service, game, "blue")]
    assert told == ["r2 moves to 0201"]


def test_a_command_that_no_longer_replays_is_passed_over_to_the_stored_position(service, game, caplog):
    """A game begun before an upgrade that mended a rule its commands met goes on from its stored
    position: the computer keeps what its side was told up to the command that no longer replays,
    and what it is told from there on, where replaying raised at every deadline and plan after (a
    Shevardino game across the Reinforcement Chart's change: 'F-V-18 is not on the map')."""
    assert service.submit(game, "red", "move r1 0201").accepted and service.submit(game, "red", "end").accepted
    service.store.db.execute("UPDATE commands SET normalised = 'move r9 0201' WHERE game = ? AND seq = 2", [game])
    memory = Memory()  # the bot started again on the new version
    with caplog.at_level(logging.WARNING, "kolocha.computer"):
        told = [e["text"] for e in memory.told(service, game, "blue")]
    assert told == ["r1 moves to 0201"]
    assert caplog.messages == [f"game {game}: command 2 (red: move r9 0201) no longer replays from the seed under "
                               "this version, so its computer goes on from the stored position, without what the "
                               "commands from there told: Move r9 0201 is not possible now (Toy: Sequence A)."]
    assert service.submit(game, "red", "roll").accepted
    assert [e["text"] for e in memory.told(service, game, "blue")][:1] == told
    assert len(memory.told(service, game, "blue")) > 1 and len(caplog.messages) == 1


def test_a_system_without_a_commander_cannot_take_a_computer_seat(monkeypatch):
    """A system with no `commander` refuses in one sentence; the toy race has one (control)."""
    monkeypatch.setitem(_SYSTEMS, "toy_plain", "tests.bot.toy_without_computer")
    with pytest.raises(NoComputer, match="^toy_system has no computer player yet, so only a "
                       "person can take this seat.$"):
        new_seat(rules.load("toy_plain"), 1, 60.0)
    assert new_seat(toy_system, 1, 60.0, seed=4).seed == 4


def test_a_level_not_built_is_refused_in_the_systems_own_sentence():
    """13.6: Borodino has levels 1 and 2; level 3 is refused with the system's sentence (control: 2)."""
    with pytest.raises(NoComputer, match="^Borodino has computer opponents of levels 1 and 2; level 3 is not built.$"):
        new_seat(rules.load("borodino"), 3, 60.0)
    assert new_seat(rules.load("borodino"), 2, 60.0).level == 2


def test_a_borodino_level_2_seat_stopped_by_its_clock_is_planned_again_at_the_same_steps(tmp_path):
    """A seat's level 2 searches until its turn's deadline: stopped by the clock, its first
    command says at which steps (seat.STOPPED), and made again stopped at those steps (as
    `kolocha replay --computer` does) it gives the same plan; with no time at all it plays level
    1's plan."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "5sep", seed=2)
    service.store.take_computer_seat(game_id, "french", new_seat(rules.load("borodino"), 2, 20.0, 4).to_dict())
    job = next_job(service, Memory(), game_id)
    at_once = plan(replace(job, deadline=time.monotonic()))
    assert at_once[0].reason.endswith("[the clock stopped its search at step 0]")  # no plan scored beyond the first two
    assert stops_in(f"{at_once[0].command} — {at_once[0].reason}") == (0,)  # here one board: nothing to play out
    assert "(level 2: every plan it scored moves as level 1's)" in at_once[0].reason
    level_1 = plan(PlanJob(**{**job.__dict__, "module": "rules.borodino", "level": 1}))
    assert [d.command for d in at_once] == [d.command for d in level_1]
    cut = (5, 7)  # five plans scored after the first two, then two rounds of playouts
    stopped = plan(replace(job, stops=cut))
    assert stops_in(f"{stopped[0].command} — {stopped[0].reason}") == cut and stopped == plan(replace(job, stops=cut))
    assert "of 7 plans" in stopped[0].reason and "in 1 playout each" in stopped[0].reason
    assert not any("level 2" in d.reason for d in stopped[1:])  # said once, on the plan's first command


def test_a_bloody_monday_seat_of_level_2_is_planned_by_level_2():
    """13.6: `level:2` gives Bloody Monday's level-2 commander (rules/bloody_monday/ai/level2.py)
    (control: level 1 gives level 1's)."""
    from rules.bloody_monday.ai import Level1, Level2
    system = rules.load("bloody_monday")
    assert isinstance(commander_for(system, new_seat(system, 2, 60.0).level), Level2)
    assert isinstance(commander_for(system, 1), Level1)


def test_the_worker_process_plans_what_the_thread_plans_and_a_hung_one_is_ended(service, game, monkeypatch):
    """The bot's planner thinks in another process (the event loop never waits for it) and gives
    the same plan as planning in this one; a worker that gives no plan long past its deadline is
    taken for hung and ended, and the next plan gets a fresh one. One worker per core but one."""
    computers(service, game, "red")
    job = next_job(service, Memory(), game)
    monkeypatch.setattr(planner_module, "GRACE", 0.0)

    async def both() -> tuple[list, list]:
        planner = ProcessPlanner()
        try:
            with pytest.raises(Hung, match="^its worker gave no plan 0 s after it began$"):
                await planner.plan(replace(job, deadline=time.monotonic() - 1, budget=0.0))
            return await planner.plan(job), plan(job)
        finally:
            planner.close()
    in_process, here = asyncio.run(both())
    assert in_process == here and [d.command for d in here][-1] == "end"
    assert ProcessPlanner(3).count == 3 and ProcessPlanner().count == workers(os.cpu_count())


def test_a_plan_under_way_when_the_planner_closes_ends_cancelled(service, game, monkeypatch):
    """A stop closes the planner (its workers ended) and cancels the plans under way: each ends
    cancelled, as a stop is, never as a plan that failed (it raised an AttributeError, ending its
    closed worker again, which the seat took for 'it could not plan' and told the channel so)."""
    computers(service, game, "red")
    job = next_job(service, Memory(), game)

    class Thinking(ProcessPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            return Future()  # a plan that takes its time, in no process at all
    monkeypatch.setattr(planner_module, "new_worker", lambda: Thinking(1))

    async def stopped() -> None:
        planner = ProcessPlanner(1)
        planning = asyncio.get_running_loop().create_task(planner.plan(job))
        await asyncio.sleep(0)  # under way
        planner.close()
        planning.cancel()
        with pytest.raises(asyncio.CancelledError):
            await planning
    asyncio.run(stopped())


def test_borodino_computer_against_computer_through_the_service(tmp_path):
    """Smoke test: 5 Sept, both sides the computer, through the service, no
    command refused, for the first game turns (the whole game runs under the `long` mark)."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "5sep", seed=3)
    computers(service, game_id, "french", "russian")
    sent = play_out(service, game_id, limit=80)
    assert len(sent) >= 80 and {result.side for _, result in sent} == {"french", "russian"}
    assert service.replay_check(game_id).ok
    units = service.load(game_id)["units"]
    named = {w for row in service.store.commands(game_id) for w in row["normalised"].split() if w[:2] in ("F-", "R-")}
    assert "F-I-art" in named and named <= set(units)  # an id as the game spells it, never `F-I-ART`
    assert rethink(service, game_id).differs is None


@pytest.mark.long
def test_a_whole_borodino_game_between_computers_through_the_service(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "5sep", seed=3)
    computers(service, game_id, "french", "russian")
    play_out(service, game_id, limit=5000)
    assert rules.load("borodino").outcome(service.load(game_id)) is not None
    assert service.replay_check(game_id).ok


@pytest.mark.long
def test_a_worker_ends_when_the_bot_is_killed_outright(tmp_path):
    """A bot killed by SIGKILL (or the out-of-memory killer) cannot end its planner's workers: each
    ends by itself within seconds, and no orphan keeps its memory."""
    script = ("import os, signal\n"
              "from bot.computer.planner import new_worker\n"
              "print(new_worker().submit(os.getpid).result(), flush=True)\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    said = tmp_path / "worker"
    with said.open("w") as out:  # a file, not a pipe: the worker holds what the bot's stdout was
        bot = subprocess.Popen([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[3], stdout=out)
    assert bot.wait(timeout=60) == -signal.SIGKILL  # reaped, as the bot's parent (systemd, a shell) does
    worker = int(said.read_text())
    for _ in range(100):
        try:
            os.kill(worker, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    raise AssertionError("the worker outlived the bot by 10 seconds")
