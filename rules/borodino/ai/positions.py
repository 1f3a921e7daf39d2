"""The Borodino tactical positions (data/positions.toml) set up: the scenario's opening state with
only the units the position names on the map, each in its hex, at its Game-Turn, player and phase.

The units left out are eliminated, their Combat Points counted as losses as the engine counts a
unit taken off the map. A redoubt is held by whoever stands in it (Russian Redoubts Strength), an
empty one as the scenario holds it; `destroyed` lists redoubts destroyed besides the scenario's own
(Destroyed Marker); `exited`, the Combat Points already off the east edge (7 September Victory
Conditions); `commands` are then played through the rules (an attack whose result waits for a
choice), so a command the rules refuse is refused with the rule's own sentence.

A position the rules could not reach is refused with a sentence naming it: a unit the scenario
does not have, a hex off the map or in woods off the road (Movement), two units in one hex
(Movement: one unit a hex), or a side named to decide where the rules have another decide.
"""
from __future__ import annotations

from rules import borodino
from rules.borodino.battle import Battle
from rules.borodino.scenario_data import units as unit_defs
from rules.core import positions
from rules.core.positions import PositionError


def position_state(entry: dict) -> dict:
    where = f"position {entry['id']}"
    scenario = entry.get("scenario", "7sep")
    state = borodino.setup(scenario, int(entry.get("seed", 1)))
    placed = _placed(state, entry, where)
    defs = unit_defs()
    for uid, u in state["units"].items():
        u.update(where="map", hex=placed[uid]) if uid in placed else u.update(where="eliminated", hex=None)
    state["losses"] = {side: sum(defs[uid].strength for uid, u in state["units"].items()
                                 if u["where"] == "eliminated" and defs[uid].side == side)
                       for side in ("french", "russian")}
    occupant = {h: uid for uid, h in placed.items()}
    destroyed = [h for h, r in state["redoubts"].items() if r["destroyed"]] + entry.get("destroyed", [])
    for h, r in state["redoubts"].items():
        holder = defs[occupant[h]].side if h in occupant else ("french" if h in destroyed else r["held"])
        r.update(held=holder, destroyed=h in destroyed)
    state["frozen"] = [uid for uid in state["frozen"] if uid in placed]
    state["exited"].update(entry.get("exited", {}))
    state.update({"turn": entry.get("turn", state["turn"]), "player": entry.get("player", entry["side"]),
                  "phase": entry.get("phase", "movement")})
    for log in ("log", "last_log"):
        state[log].update(turn=state["turn"], player=state["player"])
    return positions.played(borodino, state, entry)


def _placed(state: dict, entry: dict, where: str) -> dict[str, str]:
    """The units the position names, each with its hex ('F-I-2 3225'), checked against the map."""
    b, placed = Battle(state), dict[str, str]()
    for item in entry.get("units", []):
        words = item.split()
        if len(words) != 2 or words[0] in placed:
            raise PositionError(f"{where}: {item!r} is not a unit and its hex, each unit once ('F-I-2 3225').")
        uid, h = words
        if uid not in state["units"]:
            raise PositionError(f"{where}: {uid} is not a unit of the {entry.get('scenario', '7sep')} scenario.")
        if not b.map.on_map(h) or b.map.terrain(h) == "woods":
            raise PositionError(f"{where}: {uid} cannot stand in {h}: off the map or in woods off the road "
                                "(Movement).")
        if h in placed.values():
            raise PositionError(f"{where}: two units stand in {h} (Movement: one unit a hex).")
        placed[uid] = h
    return placed
