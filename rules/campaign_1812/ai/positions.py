"""The 1812 tactical positions (data/positions.toml) set up: the campaign's set-up with every stack
taken off the map except those the position names, at its Game-Turn, player and step; the French
control the places it lists; a battle where it names one is opened as the Combat Phase opens it."""
from __future__ import annotations

from rules.campaign_1812 import combat
from rules.campaign_1812.commands import Plan
from rules.campaign_1812.game import Game, empty
from rules.campaign_1812.setup import new_state


def position_state(entry: dict) -> dict:
    state = new_state("campaign", int(entry.get("seed", 1)))[0]
    state["stacks"] = {"french": {}, "russian": {}}
    g = Game(state)
    for side in ("french", "russian"):
        for stack in entry.get(side, []):
            g.add(side, int(stack["place"]), {**empty(), **{k: v for k, v in stack.items() if k != "place"}})
    for place in entry.get("held", []):
        state["control"][str(place)] = "french"
    for area, level in entry.get("depleted", {}).items():
        state["depleted"][str(area)] = level
    state.update({"turn": entry.get("turn", 2), "player": entry.get("player", entry["side"]),
                  "phase": entry.get("phase", "movement"), "attrition": entry.get("attrition", 0),
                  "removal": entry.get("removal", 0)})
    if state["phase"] == "combat":
        combat.next_step(g)
        for side, chit in entry.get("plans", {}).items():
            combat.plan(g, side, Plan(chit))
    return state
