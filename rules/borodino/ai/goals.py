"""What a Borodino side fights for, read from the scenario's victory conditions (SCENARIOS:
Victory Conditions): the hexes to take or hold, each with the sentence a reason quotes."""
from __future__ import annotations

from rules.borodino.battle import Battle
from rules.core.hexes import Hex


def objectives(b: Battle) -> dict[Hex, str]:
    """Victory hexes of the scenario, each with why it matters.

    5 Sept: the Schevardino redoubt decides the game; 6 Sept: three redoubts win; 7 Sept and the
    Grand Battle: the French need every redoubt (the Flèches and the Great Redoubt) for a marginal
    victory, the Russians every redoubt east of the front line."""
    kind = b.scenario.victory
    if kind == "schevardino":
        r = b.map.deciding_redoubt
        return {r.hex: f"the {r.name} decides the 5 Sept scenario"}
    if kind == "three_redoubts":
        return {h: f"the {r.name} is one of the three redoubts that win 6 Sept" for h, r in b.map.redoubts.items()}
    return {h: f"the {r.name} is a victory hex (every redoubt held wins a marginal victory)"
            for h, r in b.map.redoubts.items()}


def doubling(b: Battle, h: Hex) -> bool:
    """Whether a defender in h is doubled by its terrain (Combat J; Terrain Effects Chart)."""
    return b.tables.defence_multiplier.get(b.map.terrain(h), 1) != 1 or h in b.map.redoubts
