"""Seeded dice whose position lives in the game state.

A game's dice are the pair (seed, rolls made so far), both plain ints kept in the state, so that
replaying the same commands from the same seed rolls the same numbers, bit for bit, and undoing a
command can never re-roll a die: the count only goes forward. Each roll is a pure function of
(seed, position): splitmix64, which is small, fast and well mixed.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def roll(dice: dict, sides: int = 6) -> int:
    """Roll one die, advancing `dice` ({"seed": int, "rolls": int}) in place; returns 1..sides.
    The same seed gives the same rolls, in every process and on every machine:

    >>> dice = new_dice(7)
    >>> roll(dice), roll(dice), dice
    (4, 6, {'seed': 7, 'rolls': 2})
    """
    value = _splitmix64((dice["seed"] * 0x100000001B3 + dice["rolls"]) & _MASK)
    dice["rolls"] += 1
    return value % sides + 1


def new_dice(seed: int) -> dict:
    return {"seed": int(seed), "rolls": 0}
