"""The guard of tests/bot/conftest.py: a failure that no reply shows (a task that dies unobserved,
the computer's play logged as failed) fails the test that caused it, unless the test says it
provokes that logger's errors on purpose."""
from __future__ import annotations

import pytest

CONFTEST = "from tests.bot.conftest import _no_failure_in_the_background  # noqa: F401\n"

TESTS = '''
import asyncio
import logging

import pytest

from tests.bot.discord.discord_fakes import run


async def broken() -> None:
    raise RuntimeError("lost in the background")


async def start() -> None:
    asyncio.get_running_loop().create_task(broken())


def test_a_task_dies_unobserved():
    run(start())


def test_the_computer_play_fails():
    logging.getLogger("kolocha.computer").error("game 1: the computer's play failed")


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_send_fails_on_purpose():
    logging.getLogger("kolocha.delivery").error("outbox row 1 to channel:100 failed; kept for a retry")


@pytest.mark.logs_errors("kolocha.delivery")
def test_another_logger_fails_too():
    logging.getLogger("kolocha.computer").error("game 1: the computer's play failed")


def test_a_warning_is_no_failure():
    logging.getLogger("kolocha.delivery").warning("cannot react in channel 100")
'''


@pytest.mark.logs_errors("kolocha.computer", "kolocha.delivery", "asyncio")  # the inner tests', in this process
def test_a_background_failure_fails_the_test_that_caused_it(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_guarded=TESTS)
    result = pytester.runpytest("-p", "no:xdist", "-p", "no:cacheprovider",
                                "-W", "ignore::pytest.PytestUnknownMarkWarning")
    result.assert_outcomes(passed=5, errors=3)
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_a_task_dies_unobserved*", "*asyncio: Task exception was never retrieved*",
        "*ERROR at teardown of test_the_computer_play_fails*", "*kolocha.computer: game 1*",
        "*ERROR at teardown of test_another_logger_fails_too*"])
