"""Setting up a game (Borodino, Setting Up The Game; SCENARIOS): the opening state of a scenario.

The scenario's set-up places the units; reinforcements wait "future" until their Game-Turn
(Turn Record/Reinforcement Chart), the Additional Forces with them when that option is chosen;
each redoubt starts held by whoever stands in it; the 5 Sept special rules freeze the Russians
north of the Great Redoubt. The Doomed Victory options add the broken units and the leaders.
"""
from __future__ import annotations

from rules.borodino import battlemap, dv_leaders, scenario_data, turns
from rules.borodino.battle import Battle, Unit
from rules.core.dice import new_dice
from rules.core.hexes import col_row


def new_state(system: str, sc: scenario_data.Scenario, seed: int, opts: list[str]) -> dict:
    """The opening position of a scenario, French to move."""
    defs = scenario_data.units()

    def unit(where: str, h: str | None = None) -> Unit:
        return Unit(where=where, hex=h, moved=False, attacked=False, defended=False, advanced=False)

    units = {uid: unit("map", h) for uid, h in sc.setup.items()}
    arrivals = list(sc.reinforcements) + (list(sc.additional_forces) if "additional_forces" in opts else [])
    for r in arrivals:
        units[r.unit] = unit("future")
        units[r.unit].update({"arrives": r.turn, "entry_key": r.entry, "entry": None})
    occupied = {h: uid for uid, h in sc.setup.items()}
    redoubts = {}
    for h in battlemap.load().redoubts:
        holder = defs[occupied[h]].side if h in occupied else ("french" if h in sc.destroyed_redoubts else "russian")
        redoubts[h] = {"destroyed": h in sc.destroyed_redoubts, "held": holder, "attacked": False}
    frozen = sorted(uid for uid, h in sc.setup.items()
                    if sc.frozen_max_column is not None and defs[uid].side == "russian"
                    and col_row(h)[0] <= sc.frozen_max_column)
    state = {
        "system": system, "scenario": sc.id, "options": opts, "dice": new_dice(seed),
        "turn": sc.first_turn, "player": "french", "phase": "movement", "units": units,
        "redoubts": redoubts, "losses": {"french": 0, "russian": 0}, "exited": {"french": 0, "russian": 0},
        "pending": None, "frozen": frozen, "unfrozen": [], "released": [],
        "voluntary_releases": {"french": 0, "russian": 0},
        "log": turns.new_log(sc.first_turn, "french"), "last_log": turns.new_log(sc.first_turn, "french"),
    }
    if "dv_rally" in opts:  # Doomed Victory 6.10: the units under a BROKEN marker
        state["broken"] = []
    if "dv_leaders" in opts:  # Doomed Victory 8.1-8.15
        state["leaders"] = dv_leaders.new_leaders(units, defs, [r.unit for r in arrivals])
    turns.start_player_turn(Battle(state))
    return state
