"""Computer seats at the tables: a game against the computer, a seat handed to
it, a deadline that hands it the seat, a restart, a failing computer, and fog of war."""
from __future__ import annotations

import dataclasses
import time
import types

import pytest

from bot.computer.planner import ThreadPlanner
from bot.computer.replay import rethink
from bot.computer.seat import PlanJob
from bot.config import GameSettings
from bot.delivery import payload_text
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from bot.tables.lobby import Opponent
from bot.words import COMPUTER, plain
from rules.core.ai import Decision
from tests.bot import toy_system, toy_without_computer
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    STRANGER,
    FakeClock,
    make_tables,
    run,
    seated_game,
)



async def against_computer(tables, side: str = "blue", level: int | None = None) -> int:
    """Anna opens the toy race against the computer, playing `side`; every computer plan played."""
    await tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent(side, level))
    await tables.computer.settled()
    return tables.game_in(CHANNEL)["id"]


def test_a_game_against_the_computer_starts_at_once_and_the_computer_plays_its_turn(service):
    """`/game new ... opponent:computer`: Anna takes Blue, the computer Red, the game begins and
    the computer plays its whole player-turn through the service, each command in public with
    its reason; the deadline is Anna's alone."""
    tables = make_tables(service)
    async def test() -> tuple[str, int]:
        reply = await tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short",
                                       against=Opponent("blue"))
        await tables.computer.settled()
        return reply, tables.game_in(CHANNEL)["id"]
    reply, game_id = run(test())
    assert "You play Blue" in reply[0] and "the computer plays the other side" in reply[0].lower()
    assert service.store.seats(game_id) == {"red": COMPUTER, "blue": ANNA.id}
    rows = service.store.commands(game_id)
    assert [r["normalised"] for r in rows][-2:] == ["end", "roll"] and {r["user"] for r in rows} == {COMPUTER}
    posts = tables.delivery.messenger.in_channel(CHANNEL)
    assert "seats the computer as Red in game 1 (level 1, thinking up to 20 s a turn" in posts[2]
    assert any("Red: roll. Why: the die decides the race." in p for p in posts if p.startswith("**Computer** — "))
    assert "<@1>: your move" in posts[-1]
    assert [d["side"] for d in service.store.deadlines(game_id)] == ["blue"]
    assert tables.delivery.messenger.dms == [(ANNA.id, "You play Blue in game 1. Your private news arrives here.", ())]


def test_the_computer_answers_each_turn_and_its_game_replays(service):
    """After each of Anna's turns the computer plays its own, to the end; the game replays."""
    tables = make_tables(service)
    async def test() -> int:
        game_id = await against_computer(tables, "blue")
        while service.store.game(game_id)["status"] != "over":
            first = toy_system.legal_commands(service.load(game_id), "blue")[0].to_text()
            await tables.play.submit(ANNA, CHANNEL, first)  # a move, or end once both ran
            if service.load(game_id)["phase"] == "dice":
                await tables.play.submit(ANNA, CHANNEL, "roll")
                await tables.computer.settled()
        return game_id
    game_id = run(test())
    sides = [r["side"] for r in service.store.commands(game_id)]
    assert sides.count("red") == sides.count("blue") == 12  # 3 turns of 2 moves, end and roll
    assert service.replay_check(game_id).ok
    assert rethink(service, game_id).differs is None  # its plans made again from its seed


def test_the_plans_of_one_computer_turn_share_its_deadline_and_another_command_starts_a_new_one(service):
    """The seat's budget is a turn's: its plans from its side coming to act until another side's
    command (its moves and `end`, then its roll) carry one deadline, set
    before a plan waits for a worker, the budget after the first; after Anna's turn a later one."""
    jobs: list[PlanJob] = []

    class Recording(ThreadPlanner):
        async def plan(self, job: PlanJob) -> list[Decision]:
            jobs.append(job)
            return await super().plan(job)
    tables = make_tables(service, planner=Recording())
    async def test() -> None:
        before = time.monotonic()
        await seated_game(tables)
        await tables.computer.seat(ANNA, CHANNEL, "Red")
        await tables.computer.settled()
        first = len(jobs)
        assert first >= 2 and {j.deadline for j in jobs} == {jobs[0].deadline}
        assert before + 20 <= (jobs[0].deadline or 0) <= time.monotonic() + 20
        for line in ("move b1 0202", "end", "roll"):
            await tables.play.submit(BORIS, CHANNEL, line)
        await tables.computer.settled()
        assert len(jobs) > first and (jobs[first].deadline or 0) > (jobs[0].deadline or 0)
        assert {j.deadline for j in jobs[first:]} == {jobs[first].deadline}
    run(test())


def test_the_computer_takes_a_seat_from_the_creator_and_the_player_is_told(service):
    """`/game seat side:blue player:computer` mid-game: Boris is told by DM, the channel sees
    who sat whom, and when Blue acts the computer plays. A stranger may not (control)."""
    tables = make_tables(service)
    async def test() -> int:
        game_id = await seated_game(tables)
        with pytest.raises(TableError, match="Only the game's creator"):
            await tables.computer.seat(STRANGER, CHANNEL, "blue")
        said = await tables.computer.seat(ANNA, CHANNEL, "Blue")
        assert "in place of" in str(said)
        for line in ("move r1 0201", "end", "roll"):
            await tables.play.submit(ANNA, CHANNEL, line)
        await tables.computer.settled()
        return game_id
    game_id = run(test())
    assert service.store.commands(game_id)[-1]["user"] == COMPUTER
    assert service.store.commands(game_id)[-1]["side"] == "blue"
    assert tables.delivery.messenger.to(BORIS.id)[-1] == (
        "Game 1: the computer now plays Blue in your place. To play again, ask the game's creator "
        "or a member with Manage Server for `/game replace side:blue` naming you.")
    again = run(tables.computer.seat(ANNA, CHANNEL, "blue"))  # at the settings now, a fresh seed
    assert plain(again).startswith("Anna seats the computer again as Blue in game 1 (level 1, thinking up to "
                                   "20 s a turn, its seed ")


def test_no_computer_seat_for_a_system_without_a_commander(tmp_path):
    """A system with no `commander` cannot take a computer seat: one sentence, nothing stored."""
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_without_computer)
    tables = make_tables(service)
    with pytest.raises(TableError, match="^toy_system has no computer player yet, so only a person can take this"):
        run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue")))
    assert service.store.games() == []
    game_id = run(seated_game(tables))  # a person takes it (control)
    with pytest.raises(TableError, match="no computer player yet"):
        run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    assert service.store.seats(game_id)["blue"] == BORIS.id


def test_level_2_is_refused_with_a_sentence_and_level_1_plays(service):
    """13.6: the level is a setting; only level 1 exists."""
    tables = make_tables(service)
    with pytest.raises(TableError, match="^The toy race has a level 1 computer player; level 2 is not built yet.$"):
        run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue", 2)))
    game_id = run(against_computer(tables, "blue", 1))
    assert service.store.computer_seats(game_id)["red"]["level"] == 1
    with pytest.raises(TableError, match="level 2 is not built yet"):
        run(tables.lobby.change_settings(ANNA, CHANNEL, {"ai_level": 2}))
    assert "Settings saved" in run(tables.lobby.change_settings(ANNA, CHANNEL, {"ai_budget": 5}))[0]
    assert tables.settings(game_id).ai_budget == 5.0


def test_a_missed_deadline_hands_the_seat_to_the_computer(service):
    """at_deadline computer: Anna misses Red's deadline; the computer takes the seat (the channel
    and Anna are told) and plays Red's turn at once."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(deadline_hours=2, reminders=(),
                                                               at_deadline="computer"))
    async def test() -> int:
        game_id = await seated_game(tables)
        clock.advance(hours=2)
        await tables.deadlines.scheduler.run_due()
        await tables.computer.settled()
        return game_id
    game_id = run(test())
    assert service.store.seats(game_id)["red"] == COMPUTER
    assert [r["side"] for r in service.store.commands(game_id)] == ["red"] * 4
    posts = tables.delivery.messenger.in_channel(CHANNEL)
    taken = next(p for p in posts if "the computer takes the seat" in p)
    assert taken.startswith("The Red deadline has passed: the computer takes the seat as Red in game 1 "
                            "in place of <@1>")
    assert tables.delivery.messenger.to(ANNA.id)[-1] == (
        "Game 1: your Red deadline has passed, so the computer now plays Red in your place. To play again, ask the "
        "game's creator or a member with Manage Server for `/game replace side:red` naming you.")
    assert [d["side"] for d in service.store.deadlines(game_id)] == ["blue"]


def test_a_missed_deadline_without_a_computer_player_reminds_again(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_without_computer)
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(deadline_hours=2, reminders=(),
                                                               at_deadline="computer"))
    game_id = run(seated_game(tables))
    clock.advance(hours=2)
    run(tables.deadlines.scheduler.run_due())
    assert service.store.seats(game_id)["red"] == ANNA.id
    assert "the computer cannot take the seat: toy_system has no computer player yet" in \
        tables.delivery.messenger.in_channel(CHANNEL)[-1]


def test_a_computer_seat_whose_turn_it_is_plays_when_the_bot_starts(service):
    """A stop before the computer played (its seat stored, its side to act): the next start plays."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.computer.settled())  # the first bot is done before the second starts: one bot a database
    seat = tables.computer.seat_for(game_id)
    service.store.take_computer_seat(game_id, "red", seat.to_dict())  # as if the bot stopped here
    assert service.store.commands(game_id) == []
    restarted = make_tables(GameService(service.store, loader=lambda name: toy_system))
    async def start() -> None:
        await restarted.computer.wake_all()
        await restarted.computer.settled()
    run(start())
    assert [r["normalised"] for r in service.store.commands(game_id)][-2:] == ["end", "roll"]


def broken_toy(plan) -> types.ModuleType:
    """The toy race whose computer plans with `plan(view)`."""
    module = types.ModuleType("broken_toy")
    module.__dict__.update({**vars(toy_system), "__name__": "broken_toy"})
    module.commander = lambda level=1: types.SimpleNamespace(plan=lambda view, seen, rng: plan(view))
    return module


@pytest.mark.logs_errors("kolocha.computer")
def test_a_refused_computer_command_is_said_once_and_the_seat_waits_for_a_person(tmp_path, monkeypatch, caplog):
    """A commander that plans an illegal command: nothing is stored, the channel is told once in
    words that name none of its units (the command and the refusal may name hidden ones: they go
    to the log), and the seat does not try again at the same position; `/game replace` seats a
    person, who gets a deadline (the computer kept none)."""
    module = broken_toy(lambda view: [Decision("move r1 9999", "a bug")])
    monkeypatch.setitem(__import__("sys").modules, "broken_toy", module)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: module)
    tables = make_tables(service)
    async def test() -> int:
        game_id = await against_computer(tables, "blue")
        tables.computer.wake(game_id)
        await tables.computer.settled()
        return game_id
    game_id = run(test())
    assert service.store.commands(game_id) == []
    stops = [p for p in tables.delivery.messenger.in_channel(CHANNEL) if "stops" in p]
    assert stops == ["Game 1: the computer playing Red stops: the rules refuse a command it planned. "
                     "This is logged as a fault of the "
                     "computer player; the game's creator can hand the side to a person with `/game replace`, "
                     "or seat the computer again with `/game seat`."]
    assert "'move r1 9999' (a bug) was refused: Move r1 9999 is not possible now" in caplog.text
    assert stops[0] in [plain(payload_text(row["payload"])) for row in service.store.outbox(game_id)]  # its record
    run(tables.seats.replace(ANNA, CHANNEL, "red", BORIS))  # a person takes over, with a deadline
    assert service.store.seats(game_id)["red"] == BORIS.id and service.store.computer_seats(game_id) == {}
    assert [d["side"] for d in service.store.deadlines(game_id)] == ["red"]
    assert "in place of the computer" in tables.delivery.messenger.in_channel(CHANNEL)[-1]


@pytest.mark.logs_errors("kolocha.computer")
def test_a_computer_that_fails_to_plan_names_nothing_of_its_position_in_public(tmp_path, monkeypatch, caplog):
    """A commander's bug whose message names one of its units: the channel reads that it could
    not plan, the log has the error."""
    def plan(view):
        raise KeyError("r1 at 9999")

    module = broken_toy(plan)
    monkeypatch.setitem(__import__("sys").modules, "broken_toy", module)
    tables = make_tables(GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: module))
    async def test() -> None:
        tables.computer.wake(await against_computer(tables, "blue"))
        await tables.computer.settled()
    run(test())
    stops = [p for p in tables.delivery.messenger.in_channel(CHANNEL) if "stops" in p]
    assert len(stops) == 1 and stops[0].startswith("Game 1: the computer playing Red stops: it could not plan. ")
    assert "r1 at 9999" not in stops[0] and "r1 at 9999" in caplog.text


def test_with_fog_of_war_the_reason_stays_out_of_the_public_line(tmp_path, monkeypatch):
    """In a game with hidden information a computer's reason may name its hidden units: the
    public line has none, the stored command keeps it. Without fog it is public (control)."""
    module = types.ModuleType("hidden_toy")
    module.__dict__.update({**vars(toy_system), "__name__": "hidden_toy"})
    module.INFO = dataclasses.replace(toy_system.INFO, hidden_information=True)
    monkeypatch.setitem(__import__("sys").modules, "hidden_toy", module)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: module)
    tables = make_tables(service)
    game_id = run(against_computer(tables, "blue"))
    posts = tables.delivery.messenger.in_channel(CHANNEL)
    lines = [p for p in posts if p.startswith("**Computer**")]
    assert lines and not any("Why" in p or "runs east" in p for p in lines)
    assert service.store.commands(game_id)[0]["text"].endswith("runs east")


def test_the_computer_consents_to_an_undo_and_declines_a_draw(service):
    """A seat like any other answers what is asked of it: Anna's undo of a command from an
    earlier phase is consented to, her draw offer declined, each said in public with its reason."""
    tables = make_tables(service)
    async def test() -> int:
        game_id = await against_computer(tables, "blue")
        for line in ("move b1 0202", "move b2 0202", "end"):  # now Blue's Dice Phase
            await tables.play.submit(ANNA, CHANNEL, line)
        asked = await tables.play.submit(ANNA, CHANNEL, "undo")
        assert "needs the Red player's consent" in asked
        await tables.computer.settled()
        assert service.load(game_id)["phase"] == "movement"  # `end` taken back
        await tables.play.submit(ANNA, CHANNEL, "draw")
        await tables.computer.settled()
        return game_id
    game_id = run(test())
    posts = tables.delivery.messenger.in_channel(CHANNEL)
    assert any(p.startswith("**Computer** — The Red player consents. The Blue player undoes `end`. Why: the computer "
                            "lets a player take a command back.") for p in posts)
    assert any(p.startswith("**Computer** — The Red player declines the Blue player's draw offer") for p in posts)
    game = service.store.game(game_id)
    assert game["pending_undo"] is None and game["pending_draw"] is None and game["status"] != "over"
