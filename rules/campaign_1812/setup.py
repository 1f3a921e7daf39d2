"""The opening position of a scenario (data/scenarios.toml): stacks, control, depleted areas, the
dice, and the first Player-Turn begun (the Russian one: SEQUENCE OF PLAY)."""
from __future__ import annotations

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812 import turns
from rules.campaign_1812.leaders import place_leaders
from rules.campaign_1812.game import SIDES, Game
from rules.core.dice import FAIR_SEEDS, new_dice


def new_state(scenario_id: str, seed: int, tables: dict | None = None,
              options: list[str] | None = None) -> tuple[dict, list]:
    """The state and the events of its first steps (reinforcements, the first attrition roll).
    The chosen options (readings.py) are kept in the state; a game without any has no `options`
    entry, as games had before there were options."""
    sc = data.scenarios()[scenario_id]
    control = {str(n): ("french" if n in sc.french_control else "russian")
               for n, p in data.places().items() if p.points}
    state: dict = {
        "system": "campaign_1812", "scenario": scenario_id, "tables": tables,
        "turn": sc.first_turn, "player": None, "phase": "setup",
        "stacks": {side: {} for side in SIDES}, "moved": {}, "marched": {}, "fought": [],
        "depleted": {str(a): level for a, level in sc.depleted.items()}, "control": control,
        "attrition": 0, "battle": None, "retreat": None, "removal": 0, "log": [], "outcome": None,
        "dice": new_dice(seed), "side_dice": own_dice(seed),
    }
    if options:
        state["options"] = sorted(options)
    if "leaders" in state.get("options", ()):
        place_leaders(state)
    g = Game(state)
    for side in SIDES:
        for stack in sc.stacks[side]:
            g.add(side, stack.place, stack.counts)
    return state, turns.begin_player_turn(g, turns.ORDER[0])


def own_dice(seed: int) -> dict:
    """Each side's own dice (the Forced March Table and the Unsupplied Chart, rolled unseen by
    the other, one die per corps of a hidden stack: SPI's 1812 rules, MOVEMENT and SUPPLY): for a
    seed the bot draws, a stream of the game's committed seed per side, rolled by SHA-256 like
    every other die; a game begun with another seed keeps the dice it was played with
    (seed * 4 + 1 and + 2), so that it replays bit for bit."""
    if seed in FAIR_SEEDS:
        return {side: new_dice(seed, side) for side in SIDES}
    return {side: new_dice(seed * 4 + 1 + i) for i, side in enumerate(SIDES)}
