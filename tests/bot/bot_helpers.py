"""Helpers for bot/ tests: command streams from random toy games and a straight replay."""
from __future__ import annotations

from bot.service import GameService
from rules.core.playout import random_playout
from tests.bot import toy_system


def toy_commands(scenario: str = "long", seed: int = 7, n: int = 5000) -> list[tuple[str, str]]:
    """The commands of a random toy game: a realistic, reproducible command stream."""
    return random_playout(toy_system, scenario, seed, max_commands=n).commands


def straight_replay(scenario: str, seed: int, commands: list[tuple[str, str]]) -> dict:
    state = toy_system.setup(scenario, seed, None)
    for side, text in commands:
        state, _ = toy_system.apply(state, side, toy_system.parse(side, text))
    return state


def submit_all(service: GameService, game_id: int, lines: list[tuple[str, str]]) -> list:
    return [service.submit(game_id, side, text) for side, text in lines]
