"""The game set-up of a swap: a system whose every game starts from one given position (one of the two a viewer must
not tell apart), and a game service over a new store that plays it."""
from __future__ import annotations

import copy
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from bot.service import GameService
from bot.store import blank
from rules.core.system import GameSystem


class Position:
    """A game system whose every game starts from one given position; the rest is the engine's."""

    def __init__(self, system: ModuleType, state: dict):
        self._system = system
        self._state = state

    def setup(self, scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
        return copy.deepcopy(self._state)

    def options(self) -> dict[str, bool]:
        """The options the position is played with, as a game opened with them stores them: those
        on, and the readings a new game plays unless told, off where it plays without them."""
        played = self._state.get("options", [])
        return {name: name in played for name in self.INFO.options
                if name in played or name in self.INFO.new_game_options}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._system, name)


def game_service(path: Path, position: Position) -> GameService:
    return GameService(blank(path), loader=lambda name: cast(GameSystem, position))
