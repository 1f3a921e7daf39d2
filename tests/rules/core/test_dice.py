"""rules/core/dice.py: seeded dice whose position lives in the state (DESIGN: Dice are part of the state)."""
from __future__ import annotations

import hashlib
from collections import Counter

from rules.core.dice import FAIR_SEEDS, FIRST_FAIR_SEEDS, new_dice, roll


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


FAIR = -4611686018427387904 - 12345  # -(2**62) - 12345: a seed the bot could draw (FAIR_SEEDS)
FIRST = 4611686018427387904 + 12345  # 2**62 + 12345: a seed the bot could have drawn before (FIRST_FAIR_SEEDS)


def _by_hand(key: str, count: int) -> list[int]:
    return [int(hashlib.sha256(f"{key}:{n}".encode()).hexdigest(), 16) % 6 + 1 for n in range(count)]


def test_fair_seeds_roll_sha256_of_seed_and_position_as_a_player_checks_it():
    """With the revealed seed a player recomputes die n as 1 + SHA-256("<seed>:<n>") mod 6,
    e.g. `printf '%s' '-4611686018427387904:0' | sha256sum`, with nothing but a SHA-256 tool; so the
    seeds drawn before, which stored games hold."""
    assert FAIR in FAIR_SEEDS and -4611686018427387904 not in FAIR_SEEDS and 0 not in FAIR_SEEDS
    assert FIRST in FIRST_FAIR_SEEDS and FIRST - 12346 not in FIRST_FAIR_SEEDS
    assert _rolls(FAIR, 40) == _by_hand(str(FAIR), 40)
    assert _rolls(FIRST, 40) == _by_hand(str(FIRST), 40)


def test_a_stream_of_a_seed_rolls_sha256_of_seed_stream_and_position():
    """A second set of dice from the same seed (a side's own, rolled unseen): die n is
    1 + SHA-256("<seed>:<stream>:<n>") mod 6, apart from the game's own dice."""
    dice = new_dice(FAIR, "french")
    assert [roll(dice) for _ in range(40)] == _by_hand(f"{FAIR}:french", 40)
    assert _by_hand(f"{FAIR}:french", 40) != _by_hand(f"{FAIR}:russian", 40) != _rolls(FAIR, 40)


def test_fair_rolls_are_uniform_over_6000():
    counts = Counter(_rolls(FAIR, 6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= c <= 1150 for c in counts.values()), counts


def test_small_seeds_keep_their_rolls_so_stored_games_replay():
    """Seeds below FAIR_SEEDS (typed by hand, and every game stored before fair dice) roll exactly as
    before: splitmix64 of (seed, position)."""
    assert _rolls(7, 6) == [4, 6, 6, 4, 6, 1]
