"""How strong a Borodino commander is: games against random play or another level,
and its thinking time per player-turn in CPU seconds. A measurement, not a test (`kolocha bench
--ai`, bot/tools/bench_ai.py, plays its own matches the same way); run by hand with
`nice -n 19 python -m rules.borodino.ai.strength SCENARIO SIDE GAMES [FIRST_SEED [LEVEL [OPPONENT]]]`
(OPPONENT: the other side's level, random play when absent).
"""
from __future__ import annotations

import sys
from collections.abc import Hashable

from rules import borodino
from rules.core.ai import Commander, duel
from rules.core.strength import Strength, Timed

__all__ = ["Strength", "measure"]


def measure(scenario: str, side: str, games: int, level: int = 1, first_seed: int = 0,
            opponent: int | None = None) -> Strength:
    """Play `games` games (dice seeds first_seed, first_seed+1, ..., the AI seed equal to the dice
    seed) of `side`'s commander against the other side's commander of level `opponent`, or random
    play; a refused command raises RefusedPlan."""
    out = Strength(scenario, side, level)
    other = next(s for s in borodino.INFO.sides if s != side)
    for seed in range(first_seed, first_seed + games):
        clock: dict[Hashable, float] = {}
        seats: dict[str, Commander | None] = {side: Timed(borodino.commander(level), clock)}  # per player-turn
        seats[other] = borodino.commander(opponent) if opponent else None
        game = duel(borodino, scenario, seed, seats, ai_seed=seed)
        out.count(game.outcome, clock.values())
    return out


def line(result: Strength, opponent: int | None) -> str:
    """The result's line, naming the opponent it played."""
    return result.line().replace("against random play", f"against level {opponent}" if opponent else
                                 "against random play").replace("seconds per", "CPU seconds per")


if __name__ == "__main__":
    args = sys.argv[1:] + [""] * 3
    scenario, side, games = args[0], args[1], int(args[2])
    first, level = int(args[3] or 0), int(args[4] or 1)
    versus = int(args[5]) if args[5] else None
    print(line(measure(scenario, side, games, level, first, versus), versus))
