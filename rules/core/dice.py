"""Seeded dice whose position lives in the game state.

A game's dice are the pair (seed, rolls made so far), both plain ints kept in the state, so that
replaying the same commands from the same seed rolls the same numbers, bit for bit, and undoing a
command can never re-roll a die: the count only goes forward. Each roll is a pure function of
(seed, position).

Fair dice: a seed in FAIR_SEEDS, as the bot draws them, rolls die n as 1 + SHA-256("<seed>:<n>") mod
sides, and die n of a stream (a side's own dice, rolled unseen: 1812's forced march and supply) as
1 + SHA-256("<seed>:<stream>:<n>") mod sides, so that no run of published rolls betrays the seed or
the next roll, and anyone holding the revealed seed can recompute every roll with a SHA-256 tool.
FAIR_SEEDS are negative, so that no seed typed by hand is one. Seeds the bot drew before
(FIRST_FAIR_SEEDS) roll their dice as above and their streams as their systems seeded them then; other
seeds (typed by hand, tests, games stored before) roll through splitmix64, small and well mixed but
no secret, exactly as they always did, so every stored game still replays bit for bit.
"""
from __future__ import annotations

from hashlib import sha256

_MASK = (1 << 64) - 1
FAIR_SEEDS = range(-(1 << 63), -(1 << 62))  # 62 secret bits, and still an SQLite INTEGER
FIRST_FAIR_SEEDS = range(1 << 62, 1 << 63)  # what the bot drew before its dice had streams


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
    seed, position, stream = dice["seed"], dice["rolls"], dice.get("stream")
    if stream is not None:
        value = int.from_bytes(sha256(f"{seed}:{stream}:{position}".encode()).digest(), "big")
    elif seed in FAIR_SEEDS or seed in FIRST_FAIR_SEEDS:
        value = int.from_bytes(sha256(f"{seed}:{position}".encode()).digest(), "big")
    else:
        value = _splitmix64((seed * 0x100000001B3 + position) & _MASK)
    dice["rolls"] += 1
    return value % sides + 1


def new_dice(seed: int, stream: str | None = None) -> dict:
    """The dice of a new game: its seed, and no roll made yet (they live in the state); with
    `stream`, a second set of dice from the same seed (rolls "<seed>:<stream>:<n>"; see above).

    >>> new_dice(42)
    {'seed': 42, 'rolls': 0}
    >>> new_dice(42, "french")
    {'seed': 42, 'rolls': 0, 'stream': 'french'}
    """
    return {"seed": int(seed), "rolls": 0, **({"stream": stream} if stream is not None else {})}


def rolls_made(state: dict) -> int:
    """Every die a game has rolled: its dice, and each side's own dice where a system keeps them
    (`side_dice`, 1812's forced march and supply rolls)."""
    return state["dice"]["rolls"] + sum(d["rolls"] for d in state.get("side_dice", {}).values())
