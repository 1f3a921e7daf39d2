"""How strong a Borodino commander is (issue 13.5): games against random play, and its thinking
time per player-turn. A measurement, not a test: `kolocha bench --ai` and the README's figures use
it; run by hand with `nice -n 19 python -m rules.borodino.ai.strength 5sep french 20`.
"""
from __future__ import annotations

import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

from rules import borodino
from rules.core.ai import Commander, Decision, duel


@dataclass
class Strength:
    """Results of one side's commander against random play, and its seconds per player-turn."""

    scenario: str
    side: str
    level: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    turn_seconds: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def p95(self) -> float:
        """The 95th percentile of the seconds spent planning one player-turn (nearest rank)."""
        ranked = sorted(self.turn_seconds)
        return ranked[max(0, -(-95 * len(ranked) // 100) - 1)] if ranked else 0.0

    def line(self) -> str:
        return (f"{self.scenario} {self.side} level {self.level}: won {self.wins} of {self.games} against random "
                f"play ({self.draws} drawn, {self.losses} lost); seconds per player-turn p95 {self.p95():.2f}, "
                f"max {max(self.turn_seconds, default=0.0):.2f}")


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
        winner = (game.outcome or {}).get("winner")
        if winner == side:
            out.wins += 1
        elif winner is None:
            out.draws += 1
        else:
            out.losses += 1
        out.turn_seconds += clock.values()
    return out


if __name__ == "__main__":
    scenario, side, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    print(measure(scenario, side, games, first_seed=int(sys.argv[4]) if len(sys.argv) > 4 else 0).line())
