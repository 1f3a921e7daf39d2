"""Shared fixtures for bot/ tests: a temporary store and a service over the toy system."""
from __future__ import annotations

import gc
import logging

import pytest

from bot.service import GameService
from bot.store import Store, blank
from tests.bot import toy_system
from tests.bot.discord.discord_fakes import end_loop


@pytest.fixture
def store(tmp_path) -> Store:
    """A store of the test's own, a copy of an empty one (bot.store.blank: tests/bot/test_store.py
    opens new files, migrated)."""
    return blank(tmp_path / "games.sqlite")


@pytest.fixture
def service(store) -> GameService:
    return GameService(store, loader=lambda name: toy_system)


@pytest.fixture
def game(service) -> int:
    return service.new_game("toy_system", "short", seed=11)


class _Errors(logging.Handler):
    """Keeps every record at ERROR or above."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def _no_failure_in_the_background(request):
    """A failure no player's reply shows (the computer's play, a send, a task whose exception nobody
    retrieved, an event loop's handler) is logged at ERROR by the bot or asyncio: it fails the test
    that caused it. A test that provokes one on purpose says which loggers with
    `@pytest.mark.logs_errors("kolocha.delivery", ...)`."""
    handler = _Errors()
    watched = [logging.getLogger(name) for name in ("kolocha", "asyncio")]
    for logger in watched:
        logger.addHandler(handler)
    yield
    end_loop()
    gc.collect()  # a task that failed unobserved is reported when it is collected
    gc.freeze()  # what outlived the test is not scanned again: the next test's collection is of its own objects
    for logger in watched:
        logger.removeHandler(handler)
    marker = request.node.get_closest_marker("logs_errors")
    allowed = tuple(marker.args) if marker else ()
    unexpected = [r for r in handler.records if not r.name.startswith(allowed)]
    if unexpected:
        pytest.fail("logged in the background:\n" + "\n".join(
            f"{r.name}: {r.getMessage()}" + (f" ({r.exc_info[1]!r})" if r.exc_info else "") for r in unexpected[:5])
            + (f"\n... and {len(unexpected) - 5} more" if len(unexpected) > 5 else ""), pytrace=False)
