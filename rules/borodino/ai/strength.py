"""How strong a Borodino commander is (issue 13.5): games against random play, and its thinking
time per player-turn. A measurement, not a test: `kolocha bench --ai` and the README's figures use
it; run by hand with `nice -n 19 python -m rules.borodino.ai.strength 5sep french 20`.
"""
from __future__ import annotations

import sys
import time
from collections import defaultdict

from rules import borodino
from rules.core.ai import Commander, Decision, duel
from rules.core.strength import Strength

__all__ = ["Strength", "measure"]


class _Timed:
    """A commander whose planning time is summed per player-turn (turn, phasing player)."""

    def __init__(self, inner: Commander, clock: dict[tuple[int, str], float]):
        self.inner, self.clock = inner, clock

    def plan(self, view: dict, seen: object, rng: object) -> list[Decision]:
        start = time.perf_counter()
        plan = self.inner.plan(view, seen, rng)  # type: ignore[arg-type]
        self.clock[(view["turn"], view["player"])] += time.perf_counter() - start
        return plan


def measure(scenario: str, side: str, games: int, level: int = 1, first_seed: int = 0) -> Strength:
    """Play `games` games (dice seeds first_seed, first_seed+1, ...) of `side`'s commander
    against random play; a refused command raises RefusedPlan."""
    out = Strength(scenario, side, level)
    for seed in range(first_seed, first_seed + games):
        clock: dict[tuple[int, str], float] = defaultdict(float)
        game = duel(borodino, scenario, seed, {side: _Timed(borodino.commander(level), clock)}, ai_seed=seed)
        out.count(game.outcome, clock.values())
    return out


if __name__ == "__main__":
    scenario, side, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(measure(scenario, side, games, first_seed=int(sys.argv[4]) if len(sys.argv) > 4 else 0).line())
