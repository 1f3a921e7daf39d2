"""rules/core/session.py: the frame of a game played forward in place, over a stand-in position (a counter)
whose every draw and command is recorded; the systems' own sessions are tested against `apply` in
tests/rules/borodino/test_session.py and tests/rules/bloody_monday/test_session.py."""
from __future__ import annotations

import random

import pytest

from rules.core.errors import RuleViolation
from rules.core.session import Session


class Counter:
    """A position: side "a" is to move until three commands are played; "b" never is."""

    def __init__(self) -> None:
        self.s: dict = {"played": 0}
        self.calls: list[tuple] = []


def counting() -> Session[Counter]:
    def command(p: Counter, side: str, cmd: str) -> list:
        if cmd == "wrong":
            p.s["played"] = 99  # half-changed before the refusal
            raise RuleViolation("Turns of Play", "not now")
        p.s["played"] += 1
        return [{"type": cmd, "side": side}]

    def draw(kind: str):
        return lambda p, side, rng: p.calls.append((kind, side, rng)) or f"{kind} by {side}"

    return Session(Counter(), command, lambda s: ["a"] if s["played"] < 3 else [],
                   legal=lambda p, side: p.calls.append(("legal", side)) or [f"legal for {side}"],
                   sample=draw("sample"), rollout=draw("rollout"),
                   after=lambda p: p.calls.append(("after", p.s["played"])))


def test_each_draw_is_the_position_s_own_for_the_side_and_generator_asked_and_none_for_a_side_not_to_move():
    game, rng = counting(), random.Random(1)
    assert game.legal_commands("a") == ["legal for a"] and game.legal_commands("b") == []
    assert game.sample_command("a", rng) == "sample by a" and game.sample_command("b", rng) is None
    assert game.rollout_command("a", rng) == "rollout by a" and game.rollout_command("b", rng) is None
    assert game.position.calls == [("legal", "a"), ("sample", "a", rng), ("rollout", "a", rng)]


def test_a_command_changes_the_position_in_place_and_the_position_then_forgets_what_it_must():
    game = counting()
    assert game.apply("a", "tick") == [{"type": "tick", "side": "a"}]
    assert game.state == {"played": 1} and game.position.calls == [("after", 1)]
    game.apply("a", "tick")
    game.apply("a", "tick")
    assert game.active_sides() == [] and game.sample_command("a", random.Random(1)) is None


def test_a_refused_command_leaves_the_session_refusing_every_later_use():
    game = counting()
    with pytest.raises(RuleViolation, match=r"Not now \(Turns of Play\)"):
        game.apply("a", "wrong")
    for use in (game.active_sides, lambda: game.state, lambda: game.legal_commands("a")):
        with pytest.raises(RuntimeError, match="start a new session from a state"):
            use()
