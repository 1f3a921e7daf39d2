"""rules/core/ai.py: what a commander is handed, and the duel that plays commanders through the rules."""
from __future__ import annotations

import random

import pytest

from rules.core.ai import Decision, RefusedPlan, addressed_to, decision_rng, duel
from tests.bot import toy_system as toy
from tests.rules.core.fake_systems import Ticking


class Runner:
    """A toy-race commander: move every runner east, then end; roll in the dice phase. It keeps
    what it was handed so the tests can look."""

    def __init__(self):
        self.handed: list[tuple[dict, tuple]] = []

    def plan(self, view, seen, rng):
        self.handed.append((view, tuple(seen)))
        if view["phase"] == "Dice":
            return [Decision("roll", "the dice phase has one command")]
        mine = [u for u in view["units"] if u["side"] == view["player"] and not u["moved"]]
        moves = [Decision(f"move {u['id']} {int(u['hex'][:2]) + 1:02d}{u['hex'][2:]}", "forward") for u in mine]
        return moves + [Decision("end", "every runner has moved")]


def test_a_commander_plays_a_whole_game_through_the_rules():
    red = Runner()
    game = duel("toy_system", "short", seed=4, seats={"red": red})
    assert game.outcome is not None
    assert [(text, reason) for side, text, reason in game.commands[:4] if side == "red"] == [
        ("move r1 0201", "forward"), ("move r2 0201", "forward"), ("end", "every runner has moved"),
        ("roll", "the dice phase has one command")]
    assert {reason for side, _, reason in game.commands if side == "blue"} == {"random play"}


def test_a_commander_is_told_only_the_events_addressed_to_its_side():
    red = Runner()
    duel("toy_system", "short", seed=4, seats={"red": red})
    seen = red.handed[-1][1]
    assert seen and all(addressed_to(e, "red") for e in seen)
    assert any(e["to"] == "red" for e in seen)  # the roller's whispered secret is told to red


def test_a_commander_never_sees_the_state_and_its_generator_ignores_the_dice_seed():
    one, other = Runner(), Runner()
    duel("toy_system", "short", seed=1, seats={"red": one})
    duel("toy_system", "short", seed=2, seats={"red": other})
    assert all("dice" not in view for view, _ in one.handed)
    assert decision_rng(7, 12).random() == decision_rng(7, 12).random() != decision_rng(8, 12).random()


def test_a_refused_plan_is_the_commanders_bug_and_says_what_was_refused():
    class Wrong:
        def plan(self, view, seen, rng):
            return [Decision("move r1 0909", "too far")]

    with pytest.raises(RefusedPlan, match="red planned 'move r1 0909' \\(too far\\) after 0 commands"):
        duel("toy_system", "short", seed=1, seats={"red": Wrong()})


def test_a_game_replays_bit_for_bit_from_its_seeds():
    first = duel("toy_system", "long", seed=3, seats={"red": Runner()}, ai_seed=5, max_commands=60)
    again = duel("toy_system", "long", seed=3, seats={"red": Runner()}, ai_seed=5, max_commands=60)
    assert first.commands == again.commands and len(first.commands) == 60


class Ticker:
    """A commander for the stand-in system: a long plan of ticks; it notes every plan it makes."""

    def __init__(self):
        self.planned: list[tuple[dict, float]] = []

    def plan(self, view, seen, rng):
        self.planned.append((view, rng.random()))
        return [Decision("tick", "a tick")] * 50


def test_a_lone_side_to_move_draws_nothing_and_random_seats_draw_from_the_ai_seed():
    game = duel("toy_system", "short", seed=4, seats={"red": Runner()})
    assert game.commands == duel("toy_system", "short", seed=4, seats={"red": Runner()}, ai_seed=0).commands
    rng, state = random.Random(0), toy.setup("short", 4)
    for side, text, reason in game.commands:
        if side == "blue":
            assert (text, reason) == (rng.choice(toy.legal_commands(state, "blue")).to_text(), "random play")
        state, _ = toy.apply(state, side, toy.parse(side, text))
    assert game.state == state and game.outcome == toy.outcome(state)


def test_the_options_given_are_the_games():
    assert duel("toy_system", "short", seed=4, seats={}, options={"bonus": True}).state["bonus"] is True


def test_a_plan_is_made_again_only_after_another_side_has_moved():
    both = Ticking(active=("a", "b"), ticks=12)
    a, b = Ticker(), Ticker()
    game = duel(both, "only", 0, seats={"a": a, "b": b}, ai_seed=6)
    rng = random.Random(6)
    sides = [rng.choice(["a", "b"]) for _ in range(12)]
    assert [side for side, _, _ in game.commands] == sides
    fresh = [n for n in range(12) if n == 0 or sides[n - 1] != sides[n]]
    assert [(view, x) for view, x in a.planned + b.planned] == sorted(
        [({"played": n, "side": sides[n]}, decision_rng(6, n).random()) for n in fresh],
        key=lambda planned: (planned[0]["side"], planned[0]["played"]))
    assert [c for c in both.calls if c[0] == "parse"] == [("parse", side, "tick") for side in sides]
    assert game.outcome == {"winner": None, "reason": "12 ticks"}


def test_a_random_seat_without_a_command_and_a_commander_without_a_plan_say_so():
    with pytest.raises(AssertionError, match="^a is active but has no legal command$"):
        duel(Ticking(stuck=True), "only", 0, seats={})

    class Idle:
        def plan(self, view, seen, rng):
            return []

    with pytest.raises(RefusedPlan, match="^the a commander planned nothing while a is to move$"):
        duel(Ticking(), "only", 0, seats={"a": Idle()})


def test_the_command_budget_is_5000_by_default():
    assert len(duel(Ticking(), "only", 0, seats={}).commands) == 5000
