"""What a Borodino side fights for, read from the scenario's victory conditions (SCENARIOS:
Victory Conditions): the hexes to take or hold, each with the sentence a reason quotes."""
from __future__ import annotations

from fractions import Fraction

from rules.borodino.battle import Battle
from rules.borodino.victory import DECISIVE_EXIT
from rules.core.hexes import Hex


SCENARIO_NAMES = {"5sep": "5 Sept", "shevardino": "Shevardino"}  # how a reason names the scenario


def objectives(b: Battle, side: str) -> dict[Hex, str]:
    """The victory hexes of the scenario for this side, each with why it matters.

    5 Sept and Shevardino: the Schevardino redoubt decides the game; 6 Sept: any three or more redoubts held win;
    7 Sept and the Grand Battle: the French need every redoubt (the Flèches and the Great Redoubt)
    for a marginal victory, the Russians every redoubt east of the front line ("Russian Marginal
    victory: occupy all redoubt hexes at the end of the game that were on the east side of the Front
    Line at the beginning of the game"), so the Schevardino redoubt, west of it, is no Russian aim."""
    kind = b.scenario.victory
    if kind == "schevardino":
        r = b.map.deciding_redoubt
        name = SCENARIO_NAMES.get(b.scenario.id, b.scenario.id)
        return {r.hex: f"the {r.name} decides the {name} scenario"}
    if kind == "three_redoubts":
        return {h: f"the {r.name} counts towards the three or more redoubts held at the end that win 6 Sept"
                for h, r in b.map.redoubts.items()}
    if side == "russian":
        return {h: f"the {r.name} is a victory hex (every redoubt east of the front line held wins a marginal "
                   "victory)" for h, r in b.map.redoubts.items() if not b.scenario.west_of_front(h)}
    return {h: f"the {r.name} is a victory hex (every redoubt held wins a marginal victory)"
            for h, r in b.map.redoubts.items()}


def doubling(b: Battle, h: Hex) -> bool:
    """Whether a defender in h is doubled by its terrain (Combat J; Terrain Effects Chart)."""
    return b.tables.defence_multiplier.get(b.map.terrain(h), 1) != 1 or h in b.map.redoubts


def counts_losses(b: Battle) -> bool:
    """Whether the victory conditions count Combat Point losses (7 Sept, the Grand Battle): there
    an attack owed at poor odds (Combat B) throws away what decides a substantial victory."""
    return b.scenario.victory == "grand"


def loss_weight(b: Battle, side: str) -> Fraction:
    """What one Combat Point of the side's own losses costs beside one of the enemy's.

    7 Sept and the Grand Battle count losses: "French Substantial victory: Russians must have twice
    as many or more Combat Point losses as the French" and "Russian Substantial victory: French
    must have more Combat Point losses than the Russians", which outranks the French marginal
    victory of holding every redoubt. So the French weigh a point of their own at two Russian
    ones; elsewhere a point is a point."""
    return Fraction(2) if counts_losses(b) and side == "french" else Fraction(1)


def exit_decides(b: Battle, side: str, uid: str) -> bool:
    """Whether this unit leaving by the east edge brings the French to the 60 Combat Points of a
    Decisive victory, the best 7 Sept and the Grand Battle offer (Victory Conditions)."""
    exited = b.s["exited"]["french"]
    return side == "french" and b.scenario.victory == "grand" and exited < DECISIVE_EXIT <= exited + b.strength(uid)
