"""The swap test of the computer shown thinking (bot/tables/computer.py: Discord's "Kolocha is typing..."):
the French player plays Bloody Monday against the computer from two positions that differ in two Russian
blocks he has not seen, the computer playing the same in both (its plans in the second are those of the
first, the two blocks exchanged), and he observes the same: every post and DM, his kept view, the replies
and where and when the bot is shown typing, in the channel and in his DMs. Its positive control plants a
typing that reads a hidden block."""
from __future__ import annotations

import asyncio
import random
import secrets
from functools import partial
from pathlib import Path

import pytest

from bot.computer.planner import ThreadPlanner
from bot.config import Config
from bot.delivery import Delivery
from bot.service import GameService
from bot.store import Store
from bot.tables import Tables
from bot.tables.computer import Computer
from bot.tables.lobby import Opponent
from bot.tools import fog_check
from rules import bloody_monday
from rules.bloody_monday import swaptest

PAIR = ("R-2-24", "R-2-27")  # infantry of strength 3 in 72 and 70, neither seen nor named by the French
STEPS = 40  # the French orders: a turn and more, with battles whose hits the computer applies


async def french_against_the_computer(state: dict, folder: Path, planner: ThreadPlanner, steps: int) -> list[str]:
    """What the French player observes over `steps` orders of his (drawn from his legal commands), the
    computer Russian, each order answered and the computer's play awaited: the Recorder's posts, DMs and
    typing, his replies, and `/game status`."""
    seen: list[str] = []
    position = fog_check.Position(bloody_monday, state)
    service = GameService(Store(folder / "table.sqlite"), loader=lambda name: position)
    delivery = Delivery(service, fog_check.Recorder(seen), fog_check.view_json, lambda: fog_check.NOON,
                        fog_check.crop_json)
    tables = Tables(service, delivery, fog_check.Unscheduled(), Config(), lambda: fog_check.NOON,
                    systems=("bloody_monday",), planner=planner)
    viewer, channel = fog_check.VIEWER, fog_check.CHANNEL
    await tables.lobby.new(viewer, fog_check.GUILD, channel, "bloody_monday", "bloody_monday", seed=1,
                           against=Opponent("french"))
    await tables.computer.settled()
    game_id = tables.game_in(channel)["id"]
    rng = random.Random(1)
    for _ in range(steps):
        legal = bloody_monday.legal_commands(service.load(game_id), "french")
        if not legal:
            break
        line = swaptest.weighted_choice(rng, legal).to_text()
        seen.append(f"/order {line}: {await tables.play.submit(viewer, channel, line)}")
        await tables.computer.settled()
        seen.append(f"/game status: {tables.overview.status(viewer, channel)}")
    return seen


def observed_in_both(tmp_path: Path, monkeypatch, steps: int = STEPS) -> tuple[list[str], list[str]]:
    monkeypatch.setattr(secrets, "randbelow", lambda below: 7)  # the computer seat's seed, said in the channel
    state = bloody_monday.setup("bloody_monday", 3, [])
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = fog_check.Recording()  # the second computer plays its plans, the two blocks exchanged
    one = asyncio.run(french_against_the_computer(state, tmp_path / "one", first, steps))
    second = fog_check.Replaying(first.plans, partial(fog_check.exchanged, PAIR))
    two = asyncio.run(french_against_the_computer(swaptest.swapped(state, *PAIR), tmp_path / "two", second, steps))
    return one, two


@pytest.mark.heavy
def test_the_computer_thinking_tells_the_french_nothing_of_the_blocks_he_has_not_seen(tmp_path, monkeypatch):
    one, two = observed_in_both(tmp_path, monkeypatch)
    assert fog_check.first_difference(one, two) is None
    shown = [seen for seen in one if seen.startswith("typing at ")]
    assert {"typing at channel:100", "typing at dm:1"} <= set(shown)
    assert any("hit" in seen and "**Computer**" in seen for seen in one)  # it answered a battle's hits


def test_the_check_sees_a_typing_that_reads_a_hidden_block(tmp_path, monkeypatch):
    """The positive control: the computer shown thinking only while R-2-24 stands where it set up, seen at the
    French player's first order, after which the computer thinks over its impulse."""
    thinking_at = Computer._thinking_at

    def reading(self, game_id, side):
        where = self.service.load(game_id)["blocks"][PAIR[0]]["area"]
        return thinking_at(self, game_id, side) if where == 72 else ()

    monkeypatch.setattr(Computer, "_thinking_at", reading)
    assert "typing at" in str(fog_check.first_difference(*observed_in_both(tmp_path, monkeypatch, 1)))
