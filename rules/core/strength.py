"""A computer player's strength as measured (issue 13.5): its results against random play and the
seconds it thought, per player-turn (Borodino) or per impulse (Bloody Monday)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class Strength:
    """Results of one side's commander against random play (or another commander), and its seconds
    per player-turn or impulse."""

    scenario: str
    side: str
    level: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    turn_seconds: list[float] = field(default_factory=list)
    per: str = "player-turn"  # what each entry of turn_seconds timed
    against: str = "random play"  # the other side's player

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

    def p95(self) -> float:
        """The 95th percentile of the seconds spent planning one player-turn or impulse (nearest rank)."""
        ranked = sorted(self.turn_seconds)
        return ranked[max(0, -(-95 * len(ranked) // 100) - 1)] if ranked else 0.0

    def line(self) -> str:
        return (f"{self.scenario} {self.side} level {self.level}: won {self.wins} of {self.games} against "
                f"{self.against} ({self.draws} drawn, {self.losses} lost); seconds per {self.per} "
                f"p95 {self.p95():.2f}, max {max(self.turn_seconds, default=0.0):.2f}")
