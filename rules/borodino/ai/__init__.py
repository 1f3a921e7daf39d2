"""Computer opponents for Borodino (issue 13): `commander(level)` gives a `rules.core.ai.Commander`.

Level 1 (level1.py) is scripted on the rule book: victory hexes from the scenario (goals.py),
attacks by their exact expectation over the CRT (attacks.py), on a board rebuilt from the view
with dice of its own (position.py).
"""
from __future__ import annotations

from rules.borodino.ai.level1 import Level1
from rules.core.ai import Commander

LEVELS = (1,)


def commander(level: int = 1) -> Commander:
    """The Borodino commander of a level; ValueError naming the levels there are."""
    if level not in LEVELS:
        raise ValueError(f"Borodino has a level 1 computer opponent; level {level} is not built yet.")
    return Level1()
