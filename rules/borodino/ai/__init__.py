"""Computer opponents for Borodino: `commander(level)` gives a `rules.core.ai.Commander`.

Level 1 (level1.py) is scripted on the rule book: victory hexes from the scenario (goals.py),
marched to by the steps the ground allows (march.py), attacks by their exact expectation over the
CRT (attacks.py) and, in the Grand Battle's last day, by what a result changes in the game's
result for a side not ahead (stakes.py), a French column for the east edge there once it must set
out to arrive in time (east_edge.py), leaders moved under Doomed Victory (leaders.py), on a board
rebuilt from the view with dice of its own (position.py). Level 2 (level2.py) evolves whole Movement Phase plans from
level 1's best few options per unit, shortlists them by the expected combat and level 1's reply,
and plays the one whose playouts (playout.py) end best; in 7 Sept and the Grand Battle it may
march a column for the east edge (east_edge.py).
"""
from __future__ import annotations

from rules.borodino.ai.level1 import Level1
from rules.borodino.ai.level2 import Level2
from rules.core.ai import Commander, Stop

LEVELS = (1, 2)


def commander(level: int = 1, stop: Stop | None = None) -> Commander:
    """The Borodino commander of a level (level 2 searches until `stop` says so, its whole effort
    without one); ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"Borodino has computer opponents of levels 1 and 2; level {level} is not built.")
    return Level1() if level == 1 else Level2(stop)
