"""Fixtures shared by every test folder."""
from __future__ import annotations

import os
import sys

import pytest

import rules
from rules.core.playout import Playout, PlayoutFailure, random_playout

# pytest keeps each test module with its asserts rewritten (to explain a failure) in __pycache__ beside it,
# unless Python is told to write no bytecode (PYTHONDONTWRITEBYTECODE, set on the development machine):
# then every run, and each worker of `-n auto`, rewrote every test module again, 11 of the 15 CPU seconds
# a worker took to collect the suite. Kept, a later run (the long step after the suite) reads them.
sys.dont_write_bytecode = False

pytest_plugins = ["pytester"]  # tests of the tests' own guards (tests/bot/test_background_failures.py)

# The tests' toy game system (tests/bot/toy_system.py) plays through every front end.
rules.register("toy_system", "tests.bot.toy_system")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `heavy` run first, in their order, then the rest in theirs: `pytest -n auto`
    hands tests to its workers as they ask, so a test of seconds near the end of the collection (the
    type check came last) ran alone while the other worker waited for it; at the start it runs beside
    the others' quick ones, and the workers end together."""
    items.sort(key=lambda item: item.get_closest_marker("heavy") is None)


@pytest.fixture(autouse=True, scope="session")
def _layer_cache(tmp_path_factory):
    """Map layers drawn by the tests go to a folder of the test run, never to ~/.cache."""
    os.environ["KOLOCHA_CACHE"] = str(tmp_path_factory.getbasetemp() / "layers")


@pytest.fixture(autouse=True)
def _forget_memos_under_mutation():
    """Under mutation testing (docs/mutation.md) each mutant runs in a process forked from one that
    already ran the clean code: its memos (`@cache`, dicts that fill themselves, the route searches kept by
    rules.borodino.movement and rules.bloody_monday.movement) would hand back the clean answers
    and hide the mutant, and while mutmut maps which tests reach which function ("stats") they
    would hide the callers, as they would in its check that every test fails when every mutant is
    live ("fail"). Before each test, empty the mutated module's memos (every module's while mapping
    or checking) and the kept searches; outside mutmut, nothing."""
    name = os.environ.get("MUTANT_UNDER_TEST", "")
    if name not in ("stats", "fail") and "__mutmut_" not in name:
        return
    mutated = name.rsplit(".x", 1)[0]  # "rules.borodino.movement.x_step_cost__mutmut_3"
    # a layer kept by one renderer module is drawn by others (terrain's layer holds the map-edge
    # band of band.py), so a mutant anywhere in render/ empties the memos of every render module
    within_render = mutated.startswith("render.")
    for module_name, module in list(sys.modules.items()):
        if (module_name == mutated or (within_render and module_name.startswith("render."))
                or (name in ("stats", "fail") and module_name.startswith(("rules.", "bot.", "render.")))):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
                elif isinstance(value, dict) and hasattr(type(value), "__missing__"):
                    value.clear()  # a memo that fills itself (rules.borodino.battle.RING)
    from rules.bloody_monday import game as bm_game
    from rules.bloody_monday import movement as bm_movement
    from rules.borodino import movement
    movement._searches.clear()
    bm_movement._kept.clear()
    bm_movement._paths.clear()
    bm_game._placements.clear()


@pytest.fixture
def playout(tmp_path):
    """Play a seeded random game; on failure write the script that reproduces it and say where
    (docs/development.md, Fuzzing: the seed and commands as a file `kolocha local --script` replays)."""
    def play(system: str, scenario: str, seed: int, rng_seed: int, options=None, check=None) -> Playout:
        try:
            return random_playout(system, scenario, seed, options, rng_seed=rng_seed, check=check)
        except PlayoutFailure as failure:
            path = tmp_path / f"{system}-{scenario}-{seed}-{rng_seed}.script"
            path.write_text(failure.script())
            raise AssertionError(f"{failure}; replay with `kolocha local --script {path}`") from failure
    return play
