"""The computer opponent of 1812: `commander(level)` gives a `rules.core.ai.Commander`.

Level 1 (level1.py) plays by heuristics from its own view: its board and belief about the hidden
enemy stacks (board.py), battles judged on the Battle Plan Chart and the Combat Results Table
(battle.py), and marches on the victory places (manoeuvre.py).
"""
from __future__ import annotations

from rules.campaign_1812.ai.level1 import Level1
from rules.core.ai import Commander

LEVELS = (1,)


def commander(level: int = 1) -> Commander:
    """The 1812 commander of a level; ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"1812 has a computer opponent of level 1; level {level} is not built.")
    return Level1()
