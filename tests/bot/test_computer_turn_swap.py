"""The swap test of the computer's turn at a Discord table: against a computer that plays the same
commands whatever its hidden blocks are, what the person observes must be the same whatever they
are: its lines and maps, how many posts they go in and when (the computer's news goes out together
once its side no longer acts: bot/tables/computer.py), the questions and deadlines that follow."""
from __future__ import annotations

import asyncio
import hashlib
import tempfile
from pathlib import Path

import pytest

from bot.config import Config
from bot.delivery import Delivery
from bot.tables import Tables
from bot.tables.lobby import Opponent
from bot.tools import fog_check
from rules import bloody_monday
from rules.core.ai import Decision

LINES = ["pass", "end"]  # the French player's Pass (7.0), moving nothing
swaptest = pytest.importorskip("rules.bloody_monday.swaptest", reason="the engine's swap test has not landed yet")


class Scripted:
    """A computer seat's planner that passes (7.0) whatever its side holds, moving nothing: its reason,
    `said`."""

    def __init__(self, said=lambda job: "it passes"):
        self.said = said
        self.plans = 0

    async def plan(self, job) -> list[Decision]:
        self.plans += 1
        prompt = str(job.view.get("prompt"))
        ending = "Pass:" in prompt or job.view["phase"] == "logistics"  # its Pass moves nothing; nor its logistics
        return [Decision(text, self.said(job)) for text in ([] if ending else ["pass"]) + ["end"]]

    def close(self) -> None:
        """Nothing to stop."""


async def against_the_computer(state: dict, lines: list[str], folder: Path, planner: Scripted) -> list[str]:
    """The French player's game against the computer (the Russians) from `state`: what they observe
    while giving `lines`, the computer playing after each until its side no longer acts."""
    seen: list[str] = []
    position = fog_check.Position(bloody_monday, state)
    service = fog_check.game_service(folder / "table.sqlite", position)
    delivery = Delivery(service, fog_check.Recorder(seen), fog_check.view_json, lambda: fog_check.NOON,
                        fog_check.crop_json)
    tables = Tables(service, delivery, fog_check.Unscheduled(), Config(), lambda: fog_check.NOON,
                    systems=(bloody_monday.INFO.name,), planner=planner)
    await tables.lobby.new(fog_check.VIEWER, fog_check.GUILD, fog_check.CHANNEL, bloody_monday.INFO.name,
                           "bloody_monday", seed=1, against=Opponent("french", 1))
    await tables.computer.settled()
    for line in lines:
        reply = await fog_check.awaited(tables.play.submit(fog_check.VIEWER, fog_check.CHANNEL, line))
        seen.append(f"/order {line}: {reply}")
        seen.append(f"while the computer plays: {len(seen)} observations")
        await tables.computer.settled()
        seen += fog_check.looks(tables, service)
    return seen


@pytest.fixture(autouse=True)
def one_seed(monkeypatch):
    """The computer's seat takes the same seed in both games (a fresh one each is told in public)."""
    from bot.computer import seat
    from bot.tables import computer

    monkeypatch.setattr(computer, "new_seat", lambda system, level, budget: seat.new_seat(system, level, budget, 1))


def observed(lines: list[str], said=lambda job: "it passes") -> tuple[list[str], list[str], int]:
    """What the French player observes in the first impulse of seed 3's game in two positions that
    exchange Kutuzov and R-1-3 (both unseen), and how many plans the computer made in the first."""
    state = bloody_monday.setup("bloody_monday", 3, [])
    seen, plans = [], 0
    for position in (state, swaptest.swapped(state, "R-KUT", "R-1-3")):
        planner = Scripted(said)
        with tempfile.TemporaryDirectory() as folder:
            seen.append(asyncio.run(against_the_computer(position, lines, Path(folder), planner)))
        plans = plans or planner.plans
    return seen[0], seen[1], plans


def test_what_a_player_observes_of_the_computers_turn_is_the_same_whatever_the_hidden_blocks_are():
    """The French player passes; the computer passes too, which ends the Impulses Phase (7.0), and
    ends its Logistics Phase of Game-Turn 2 (3.0): two plans, told in one post."""
    one, two, plans = observed(LINES)
    assert plans >= 2
    assert any(line.startswith("posted in 100: **Computer** — Russian: pass.") for line in one)
    assert fog_check.first_difference(one, two) is None


def test_the_check_sees_the_computers_turn(monkeypatch):
    """The positive control: plant a leak (the computer's reason, which names what its side holds, told
    in public in a game with fog of war) and the check shows it in the computer's post."""
    from bot.tables.news import Change

    monkeypatch.setattr(Change, "_why", lambda self, system: f" Why: {self.why}.")
    one, two, _ = observed(LINES, lambda job: f"it holds {hashlib.sha256(str(job.view).encode()).hexdigest()}")
    assert "**Computer**" in str(fog_check.first_difference(one, two))
