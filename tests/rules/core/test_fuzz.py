"""rules/core/playout.fuzz: many random games of one scenario, failures returned with their scripts."""
from __future__ import annotations

from rules.core.playout import fuzz


def test_fuzz_plays_every_game_and_returns_none_when_all_pass():
    seen = []
    failures = fuzz("borodino", "5sep", 2, first_seed=3, max_commands=20, progress=lambda i, f: seen.append((i, f)))
    assert failures == [] and seen == [(3, None), (4, None)]


def test_fuzz_returns_each_failure_with_the_script_that_reproduces_it():
    def check(state: dict) -> None:
        if state["log"]["moves"]:
            raise AssertionError("a unit moved")

    failures = fuzz("borodino", "5sep", 3, first_seed=0, max_commands=60, check=check)
    assert len(failures) == 3, "every random game moves a unit within 60 commands"
    script = failures[0].script()
    assert script.startswith(f"# kolocha system=borodino scenario=5sep seed={failures[0].seed}")
    assert "a unit moved" in script and script.count("\n") == len(failures[0].commands) + 3


def test_a_sampled_playout_names_its_policy_in_the_script_that_replays_it():
    def check(state: dict) -> None:
        if state["log"]["moves"]:
            raise AssertionError("a unit moved")

    failure, = fuzz("borodino", "5sep", 1, first_seed=2, max_commands=60, check=check, policy="sample")
    assert "sample policy" in str(failure)
    assert "# random playout rng_seed=2, sample policy, failed: AssertionError: a unit moved" in failure.script()
    assert failure.commands[-1][1].startswith("move ")
