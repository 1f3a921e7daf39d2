"""Fixtures shared by every test folder."""
from __future__ import annotations

import pytest

import rules
from rules.core.playout import Playout, PlayoutFailure, random_playout

# The tests' toy game system (tests/bot/toy_system.py) plays through every front end.
rules.register("toy_system", "tests.bot.toy_system")


@pytest.fixture(autouse=True, scope="session")
def _layer_cache(tmp_path_factory):
    """Map layers drawn by the tests go to a folder of the test run, never to ~/.cache."""
    import os

    os.environ["KOLOCHA_CACHE"] = str(tmp_path_factory.getbasetemp() / "layers")


@pytest.fixture
def playout(tmp_path):
    """Play a seeded random game; on failure write the script that reproduces it and say where
    (STYLE.md: the fuzzer writes the seed and commands as a file `kolocha local --script` replays)."""
    def play(system: str, scenario: str, seed: int, rng_seed: int, options=None, check=None) -> Playout:
        try:
            return random_playout(system, scenario, seed, options, rng_seed=rng_seed, check=check)
        except PlayoutFailure as failure:
            path = tmp_path / f"{system}-{scenario}-{seed}-{rng_seed}.script"
            path.write_text(failure.script())
            raise AssertionError(f"{failure}; replay with `kolocha local --script {path}`") from failure
    return play
