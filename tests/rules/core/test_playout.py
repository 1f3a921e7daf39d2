"""rules/core/playout.py over stand-in systems: which policy calls which entry point, with what;
the budget, the end of a game, and the failures' sentences."""
from __future__ import annotations

import random

import pytest

from rules.core.commands import Word
from rules.core.playout import Copying, PlayoutFailure, _draw, _game, fuzz, policies, random_playout, replay
from tests.rules.core.fake_systems import Ticking


def test_rollout_is_a_policy_only_of_a_system_with_its_own_rollout_command():
    assert policies("toy_system") == ("uniform", "sample")
    assert policies("borodino") == ("uniform", "sample", "rollout")
    assert policies(Ticking()) == ("uniform", "sample")
    assert policies(Ticking(rollout=True)) == ("uniform", "sample", "rollout")


def test_each_policy_draws_from_its_own_entry_point_with_the_state_side_and_generator():
    rng = random.Random(3)
    state = {"played": 7}
    with_rollout = Ticking(rollout=True)
    assert _draw(Copying(with_rollout, state), "b", rng, "rollout") == Word("tick")
    assert _draw(Copying(with_rollout, state), "b", rng, "sample") == Word("tock")
    assert with_rollout.calls == [("rollout", 7, "b", rng), ("sample", 7, "b", rng)]
    plain = Ticking()
    assert _draw(Copying(plain, state), "a", rng, "rollout") == Word("tock")  # "sample" again
    assert plain.calls == [("sample", 7, "a", rng)]


def test_a_playout_goes_through_the_systems_session_unless_a_check_must_see_each_state():
    class WithSession(Ticking):
        def session(self, state: dict) -> str:
            return f"a session from {state}"

    with_session = WithSession()
    assert _game(with_session, {"played": 0}, None) == "a session from {'played': 0}"
    copying = _game(with_session, {"played": 0}, print)
    assert isinstance(copying, Copying) and copying.state == {"played": 0}
    assert isinstance(_game(Ticking(), {"played": 0}, None), Copying)


def test_the_uniform_policy_draws_one_legal_command_and_none_when_there_is_none():
    ticking = Ticking()
    drawn = [_draw(Copying(ticking, {"played": 0}), "a", random.Random(seed), "uniform") for seed in range(8)]
    assert drawn == [random.Random(seed).choice([Word("tick"), Word("tock")]) for seed in range(8)]
    assert ticking.calls == [("legal", 0, "a")] * 8
    assert _draw(Copying(Ticking(stuck=True), {"played": 0}), "a", random.Random(0), "uniform") is None


def test_a_playout_stops_at_the_end_of_the_game_with_its_outcome():
    ticking = Ticking(active=("a", "b"), ticks=6)
    played = random_playout(ticking, "only", 1, rng_seed=4, policy="sample")
    assert len(played.commands) == 6 and {text for _, text in played.commands} == {"tock"}
    assert played.state == {"played": 6, "options": None}
    assert played.outcome == {"winner": None, "reason": "6 ticks"}
    assert [c for c in ticking.calls if c[0] == "parse"] == [("parse", side, "tock") for side, _ in played.commands]


def test_a_playout_picks_the_side_to_move_with_its_generator_and_parses_as_that_side():
    ticking = Ticking(active=("a", "b"), ticks=10)
    played = random_playout(ticking, "only", 1, rng_seed=9, policy="rollout")
    rng = random.Random(9)
    assert [side for side, _ in played.commands] == [rng.choice(["a", "b"]) for _ in range(10)]
    assert [c[:3] for c in ticking.calls if c[0] == "sample"] == [
        ("sample", n, side) for n, (side, _) in enumerate(played.commands)]
    assert [c for c in ticking.calls if c[0] == "parse"] == [("parse", side, "tock") for side, _ in played.commands]


def test_the_defaults_are_generator_seed_0_the_uniform_policy_and_5000_commands():
    endless = Ticking()
    played = random_playout(endless, "only", 2)
    assert len(played.commands) == 5000 and played.outcome is None
    assert played.commands[:40] == random_playout(Ticking(), "only", 2, rng_seed=0, max_commands=40,
                                                  policy="uniform").commands
    assert {c[0] for c in endless.calls} == {"legal", "parse"}


def test_a_side_to_move_without_a_command_fails_the_playout_saying_so():
    with pytest.raises(PlayoutFailure) as failure:
        random_playout(Ticking(stuck=True), "only", 5, rng_seed=1)
    assert str(failure.value) == ("ticking only seed=5 rng_seed=1 uniform policy during set-up: "
                                  "AssertionError: a is active but has no legal command")


def test_fuzz_starts_at_seed_0_with_the_uniform_policy_and_the_5000_command_budget():
    def check(state: dict) -> None:
        if state["played"] == 5000:
            raise AssertionError("the budget is 5000 commands")

    failures = fuzz(Ticking(), "only", 2, check=check)
    assert [(f.seed, f.rng_seed, f.policy, len(f.commands)) for f in failures] == [
        (0, 0, "uniform", 5000), (1, 1, "uniform", 5000)]
    assert failures[0].script().splitlines()[1] == (
        "# random playout rng_seed=0, uniform policy, failed: AssertionError: the budget is 5000 commands")


def test_fuzz_passes_its_command_budget_to_every_game():
    seen = []
    assert fuzz(Ticking(), "only", 2, first_seed=4, max_commands=3, check=lambda s: seen.append(s["played"])) == []
    assert seen == [1, 2, 3, 1, 2, 3]


def test_replay_parses_each_command_as_the_side_that_sent_it():
    ticking = Ticking(active=("a", "b"))
    states = list(replay(ticking, ticking.setup("only", 0), [("a", "tick"), ("b", "tock")]))
    assert states == [({"played": 1, "options": None}, [{"text": "a tick", "to": "all"}]),
                      ({"played": 2, "options": None}, [{"text": "b tock", "to": "all"}])]
    assert ticking.calls == [("parse", "a", "tick"), ("parse", "b", "tock")]


def test_fuzz_stops_each_game_at_5000_commands_by_default():
    def check(state: dict) -> None:
        if state["played"] > 5000:
            raise AssertionError("played past the budget")

    assert fuzz(Ticking(), "only", 1, check=check) == []


def test_a_playout_with_a_check_never_opens_a_session():
    """A session changes one state in place; a check that may keep the states sees each one apart."""
    class NoSessionWanted(Ticking):
        def session(self, state: dict):
            raise AssertionError("a check must see each state")

    seen: list[dict] = []
    random_playout(NoSessionWanted(ticks=3), "only", 1, policy="sample", check=seen.append)
    assert [state["played"] for state in seen] == [1, 2, 3]
