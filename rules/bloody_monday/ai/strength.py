"""How strong a Bloody Monday commander is: games against random play, and its
thinking time per impulse. A measurement, not a test (`kolocha bench --ai`, bot/tools/bench_ai.py,
plays its own matches, timed per impulse as here); run by hand with
`nice -n 19 python -m rules.bloody_monday.ai.strength bloody_monday french 20 [FIRST_SEED]`, or
level 2 against level 1 with `... bloody_monday french 20 FIRST_SEED 2 1`.

Thinking time is the process's CPU time (`time.process_time`), not the clock's: on a shared
machine under `nice -n 19` the wall clock mostly measures the other jobs.
"""
from __future__ import annotations

import sys
from collections.abc import Hashable, Sequence

from rules import bloody_monday
from rules.bloody_monday.game import enemy_of
from rules.core.ai import Commander, duel
from rules.core.strength import Strength, Timed
from rules.core.system import Event, View


def impulse(view: View, seen: Sequence[Event]) -> Hashable:
    """A Bloody Monday decision: one impulse (a Tactical Action, Pass or Initiative Action with
    its battles and hits) or one player's Logistics Phase; each impulse is told by a "phase" event."""
    return view["turn"], view["phase"], sum(1 for e in seen if e.get("kind") == "phase")


def measure(scenario: str, side: str, games: int, level: int = 1, first_seed: int = 0,
            against: int | None = None) -> Strength:
    """Play `games` games (dice seeds first_seed, first_seed+1, ...) of `side`'s commander
    against random play, or against the commander of level `against`; a refused command raises
    RefusedPlan. `turn_seconds` holds the seconds per impulse of `side`'s commander."""
    out = Strength(scenario, side, level, per="impulse",
                   opponent="random play" if against is None else f"level {against}")
    foe = enemy_of(side)
    for seed in range(first_seed, first_seed + games):
        clock: dict[Hashable, float] = {}
        seats: dict[str, Commander | None] = {side: Timed(bloody_monday.commander(level), clock, impulse),
                                              foe: None if against is None else bloody_monday.commander(against)}
        game = duel(bloody_monday, scenario, seed, seats, ai_seed=seed)
        out.count(game.outcome, clock.values())
    return out


if __name__ == "__main__":  # SCENARIO SIDE GAMES [FIRST_SEED [LEVEL [AGAINST_LEVEL]]]
    scenario, side, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    numbers = [int(a) for a in sys.argv[4:7]]
    first_seed, level, against = (numbers + [0, 1, 0][len(numbers):])[:3]
    print(measure(scenario, side, games, level, first_seed, against or None).line(), flush=True)
