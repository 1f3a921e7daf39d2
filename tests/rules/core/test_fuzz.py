"""rules/core/playout.fuzz: many random games of one scenario, failures returned with their scripts."""
from __future__ import annotations

from rules.core.playout import PlayoutFailure, fuzz, random_playout


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


def test_a_failure_names_its_game_and_writes_the_whole_script():
    """A worked example of PlayoutFailure: its sentence and the script `kolocha local --script` replays."""
    failure = PlayoutFailure("borodino", "7sep", 5, {"imperial_guard": True, "additional_forces": False,
                                                     "night": True}, 9,
                             [("french", "move 3224 3223"), ("russian", "end")], ValueError("two\nlines"))
    assert str(failure) == ("borodino 7sep seed=5 rng_seed=9 uniform policy at command 2 (russian: end): "
                            "ValueError: two\nlines")
    assert failure.script() == ("# kolocha system=borodino scenario=7sep seed=5 options=imperial_guard,night\n"
                                "# random playout rng_seed=9, uniform policy, failed: ValueError: two lines\n"
                                "# expect: all-accepted\n"
                                "french: move 3224 3223\n"
                                "russian: end\n")
    at_setup = PlayoutFailure("borodino", "5sep", 1, None, 0, [], KeyError("x"), policy="sample")
    assert str(at_setup) == "borodino 5sep seed=1 rng_seed=0 sample policy during set-up: KeyError: 'x'"
    assert at_setup.script().splitlines()[0] == "# kolocha system=borodino scenario=5sep seed=1"


def test_a_random_playout_returns_its_commands_final_state_and_outcome():
    played = random_playout("borodino", "5sep", 3, max_commands=10)
    assert len(played.commands) == 10 and played.outcome is None
    replayed = random_playout("borodino", "5sep", 3, max_commands=10)
    assert replayed.commands == played.commands and replayed.state == played.state
    assert played.state["dice"]["seed"] == 3


def test_fuzz_plays_with_the_options_given_and_reports_each_failure_as_it_comes():
    def check(state: dict) -> None:
        raise AssertionError(f"options {state['options']}")

    seen = []
    failures = fuzz("borodino", "5sep", 2, first_seed=7, options={"imperial_guard": True}, max_commands=5,
                    check=check, progress=lambda i, f: seen.append((i, f)))
    assert [f.seed for f in failures] == [7, 8] and seen == [(7, failures[0]), (8, failures[1])]
    assert "options ['imperial_guard']" in str(failures[0]) and len(failures[0].commands) == 1
    assert failures[0].script().startswith("# kolocha system=borodino scenario=5sep seed=7 options=imperial_guard\n")
