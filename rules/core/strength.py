"""A computer player's strength as measured: its results against random play (or a
weaker level) and the seconds it thought, per player-turn (Borodino, 1812) or per impulse
(Bloody Monday)."""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from rules.core.ai import Clock, Commander, Decision, Stop
from rules.core.system import Event, View

DecisionKey = Callable[[View, Sequence[Event]], Hashable]


def player_turn(view: View, seen: Sequence[Event]) -> Hashable:
    """The decision a plan belongs to when a side decides once per player-turn: (turn, phasing player)."""
    return view["turn"], view["player"]


class Timed:
    """A commander whose planning time, in CPU seconds of its process (`time.process_time`: on a
    shared machine the wall clock mostly measures the other jobs), is summed per decision: the
    plans with the same `key` of their view and events make one decision."""

    def __init__(self, inner: Commander, clock: dict[Hashable, float], key: DecisionKey = player_turn):
        self.inner, self.clock, self.key = inner, clock, key

    def plan(self, view: View, seen: Sequence[Event], rng: random.Random) -> list[Decision]:
        start = time.process_time()
        plan = self.inner.plan(view, seen, rng)
        decision = self.key(view, seen)
        self.clock[decision] = self.clock.get(decision, 0.0) + time.process_time() - start
        return plan


class Budgeted:
    """A commander that thinks within `budget` CPU seconds a decision (the plans with the same
    `key`), as a seat thinks within its wall-clock budget a turn: each plan is made by `make` with
    a `Clock` on this process's CPU time and the decision's deadline. CPU time stands in for an
    idle machine's wall clock: under `nice -n 19` on a shared machine the wall clock mostly
    measures the other jobs."""

    def __init__(self, make: Callable[[Stop], Commander], budget: float, key: DecisionKey = player_turn):
        self.make, self.budget, self.key = make, budget, key
        self.deadlines: dict[Hashable, float] = {}

    def plan(self, view: View, seen: Sequence[Event], rng: random.Random) -> list[Decision]:
        deadline = self.deadlines.setdefault(self.key(view, seen), time.process_time() + self.budget)
        return self.make(Clock(deadline, time.process_time)).plan(view, seen, rng)


@dataclass
class Strength:
    """Results of one side's commander against random play (or a weaker level), and its seconds
    per player-turn or impulse."""

    scenario: str
    side: str
    level: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    turn_seconds: list[float] = field(default_factory=list)
    per: str = "player-turn"  # what each entry of turn_seconds timed
    opponent: str = "random play"

    def count(self, outcome: dict | None, seconds: Iterable[float]) -> None:
        """One more game: its outcome (won, drawn or lost for `side`) and its planning times."""
        winner = (outcome or {}).get("winner")
        if winner == self.side:
            self.wins += 1
        elif winner is None:
            self.draws += 1
        else:
            self.losses += 1
        self.turn_seconds += seconds

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def percentile(self, percent: int) -> float:
        """The seconds spent planning one player-turn or impulse at this percentile (nearest rank).

        >>> Strength("5sep", "french", 1, turn_seconds=[0.4, 0.1, 0.3, 0.2]).percentile(50)
        0.2
        """
        ranked = sorted(self.turn_seconds)
        return ranked[max(0, -(-percent * len(ranked) // 100) - 1)] if ranked else 0.0

    def p95(self) -> float:
        return self.percentile(95)

    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the share of games won (Wilson's score interval: sound at a few
        games and near 0 or 100 %, where the normal one is not).

        >>> [round(x, 3) for x in Strength("5sep", "french", 2, wins=140, losses=60).interval()]
        [0.633, 0.759]
        """
        n = self.games
        if not n:
            return 0.0, 1.0
        z, p = 1.959964, self.wins / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def line(self) -> str:
        return (f"{self.scenario} {self.side} level {self.level}: won {self.wins} of {self.games} against "
                f"{self.opponent} ({self.draws} drawn, {self.losses} lost); seconds per {self.per} p95 "
                f"{self.p95():.2f}, max {max(self.turn_seconds, default=0.0):.2f}")
