"""rules/core/ai.py: what a commander is handed, and the duel that plays commanders through the rules."""
from __future__ import annotations

import random

import pytest

from rules.core.ai import Decision, RefusedPlan, addressed_to, decision_rng, duel


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
