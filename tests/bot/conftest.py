"""Shared fixtures for bot/ tests: a temporary store and a service over the toy system."""
from __future__ import annotations

import pytest

from bot.service import GameService
from bot.store import Store
from tests.bot import toy_system


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(tmp_path / "games.sqlite")


@pytest.fixture
def service(store) -> GameService:
    return GameService(store, loader=lambda name: toy_system)


@pytest.fixture
def game(service) -> int:
    return service.new_game("toy_system", "short", seed=11)
