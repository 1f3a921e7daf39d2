"""Computer opponents for Bloody Monday: `commander(level)` gives a `rules.core.ai.Commander`.

Level 1 (level1.py) plays by heuristics on the rule book's priorities, on boards drawn from its
belief about the enemy's hidden blocks (belief.py): what its side has seen, never the state.
Level 2 (level2.py, decisive.py) is level 1 with two sudden deaths counted from the dice: strikes at
the enemy supreme commander and the enemy's counting blocks eliminated (How to Win A and C); its
leaders moved up to their units before they activate (5.1), and the last turn played for the win
by what decides it (8.0; Last Blood 10.0).
"""
from __future__ import annotations

from rules.bloody_monday.ai.level1 import Level1
from rules.bloody_monday.ai.level2 import Level2
from rules.core.ai import Commander

LEVELS = (1, 2)


def commander(level: int = 1) -> Commander:
    """The Bloody Monday commander of a level; ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"Bloody Monday has computer opponents of levels 1 and 2; level {level} is not built.")
    return Level1() if level == 1 else Level2()
