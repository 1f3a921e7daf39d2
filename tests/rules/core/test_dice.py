"""rules/core/dice.py: seeded dice whose position lives in the state (DESIGN: Dice are part of the state)."""
from __future__ import annotations

from collections import Counter

from rules.core.dice import new_dice, roll


def _rolls(seed: int, n: int) -> list[int]:
    dice = new_dice(seed)
    return [roll(dice) for _ in range(n)]


def test_same_seed_same_rolls():
    assert _rolls(7, 50) == _rolls(7, 50)


def test_different_seeds_differ():
    assert _rolls(7, 50) != _rolls(8, 50)


def test_position_advances_and_a_roll_depends_only_on_seed_and_position():
    dice = new_dice(3)
    first = [roll(dice) for _ in range(10)]
    assert dice == {"seed": 3, "rolls": 10}
    again = {"seed": 3, "rolls": 4}
    assert roll(again) == first[4] and again["rolls"] == 5


def test_dice_are_json_ints():
    assert new_dice("12") == {"seed": 12, "rolls": 0}


def test_rolls_are_uniform_over_6000():
    counts = Counter(_rolls(2024, 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= c <= 1150 for c in counts.values()), counts


def test_other_die_sizes():
    dice = new_dice(1)
    values = {roll(dice, 10) for _ in range(500)}
    assert values == set(range(1, 11))
