"""The sequence of play (Borodino, TURNS OF PLAY), reinforcements, night and redoubt upkeep.

French Player-Turn then Russian, each a Movement Phase then a Combat Phase; Game-Turns run from
the scenario's first to its last. Night turns (Grand Battle 9-10, 25-26) have no Combat Phase.
"""
from __future__ import annotations

from functools import partial

from rules.borodino import dv_leaders, rally_phase, scenario_data
from rules.borodino.battle import Battle
from rules.borodino.combat import contact
from rules.core.errors import RuleViolation
from rules.core.events import Event, event
from rules.core.hexes import Hex, distance

phase_event = partial(event, kind="phase")  # news of the sequence of play, to all


def entry_hex(b: Battle, key: str, side: str, empty: bool = False) -> Hex:
    """Where a reinforcement enters (Scenarios: How to use): its road end, unless "enemy units are in
    occupation" of it; then "the nearest map-edge hex not in an Enemy Zone of Control". An entry hex
    merely in an enemy Zone of Control is still used (the unit stops there, ZOC C). `empty`: a hex no
    unit stands in, for placing a unit at the end of the phase (Movement: one unit per hex)."""
    road, _, end = key.rpartition("_")
    hexes = b.map.road(road).hexes
    h = hexes[0] if end == "west" else hexes[-1]
    occ = b.at(h)
    if occ is None or (b.side(occ) == side and not empty):
        return h

    def usable(x: Hex) -> bool:
        occ = b.at(x)
        return ((occ is None or (b.side(occ) == side and not empty)) and not b.in_enemy_zoc(side, x)
                and not (x in b.map.woods and x not in b.map.road_hexes))

    edge = sorted(b.map.edge_hexes, key=lambda x: (distance(h, x), x))
    return next((x for x in edge if usable(x)), h)


def start_player_turn(b: Battle) -> list[Event]:
    """Open the phasing player's Movement Phase: clear marks, bring on reinforcements."""
    s = b.s
    s["phase"] = "movement"
    s["last_log"], s["log"] = s["log"], new_log(s["turn"], s["player"])
    for uid in b.may_be_marked("moved"):
        if s["units"][uid]["moved"]:
            b.edit(uid)["moved"] = False
    events = [phase_event(f"Game-Turn {s['turn']} ({scenario_data.day(s['turn'])}, {scenario_data.clock(s['turn'])}): "
                     f"{s['player'].title()} Movement Phase.", turn=s["turn"], player=s["player"])]
    if "leaders" in s:  # Doomed Victory 8.10: which leaders are active this Player-Turn
        for leader in s["leaders"].values():
            leader["moved"] = False
        events += dv_leaders.activate(b, s["player"])
    units = s["units"]
    for uid in b.arrivals:  # told in the status, with how they enter (views.notes), not again as an event
        u = units[uid]
        if u["where"] not in ("future", "waiting") or b.side(uid) != s["player"]:
            continue
        if u["where"] == "future" and u["arrives"] > s["turn"]:
            continue
        u = b.edit(uid)
        u["where"] = "waiting"
        u["entry"] = entry_hex(b, u["entry_key"], s["player"])
    return events


def new_log(turn: int, player: str) -> dict:
    """What happened in one Player-Turn, for pictures and replays."""
    return {"turn": turn, "player": player, "moves": [], "attacks": [], "retreats": [],
            "advances": [], "eliminated": []}


def place_reinforcements(b: Battle) -> list[Event]:
    """Scenarios: "reinforcements are placed on their respective entry hexes as called for on the
    Reinforcement Chart": one not moved on during its turn of arrival is placed on its entry hex at the
    end of the Movement Phase, never held back. The rule book says where to go only when the enemy holds
    the entry hex ("the nearest map-edge hex not in an Enemy Zone of Control", see entry_hex); when a
    friendly unit stands there, we read the same: no two units end the phase in one hex (Movement)."""
    events = []
    units = b.s["units"]
    for uid in sorted(uid for uid in b.arrivals if units[uid]["where"] == "waiting"):
        if b.side(uid) != b.s["player"]:
            continue
        u = b.unit(uid)
        h = entry_hex(b, u["entry_key"], b.side(uid), empty=True)
        b.place(uid, h)
        b.edit(uid)["moved"] = True
        b.s["log"]["moves"].append({"unit": uid, "side": b.side(uid), "path": [h]})
        instead = f", its entry hex {u['entry']} being taken" if u.get("entry") not in (None, h) else ""
        d = b.defs[uid]  # named as a move names one entering: 'F-I-art (French 7-3 artillery)'
        events.append(phase_event(f"{uid} ({d.side.title()} {d.value} {d.kind}) is placed on the map at {h} in its "
                                  "turn of arrival"
                                  f"{instead} (Scenarios: reinforcements are placed on their entry hexes).",
                                  kind="move", unit=uid, path=[h]))
    return events


def end_movement(b: Battle) -> list[Event]:
    """Close the Movement Phase (placing reinforcements not moved on); open the Combat Phase, skipped at
    night or when no attack is possible."""
    s = b.s
    events = place_reinforcements(b)
    if b.night:
        return events + [phase_event("Night: no Combat Phase (Night Movement).")] + end_player_turn(b)
    s["phase"] = "combat"
    for uid in b.may_be_marked("combat"):
        u = s["units"][uid]
        if u["attacked"] or u["defended"] or u["advanced"]:
            u = b.edit(uid)
            u["attacked"] = u["defended"] = u["advanced"] = False
    for r in s["redoubts"].values():
        r["attacked"] = False
    events.append(phase_event(f"{s['player'].title()} Combat Phase.", turn=s["turn"], player=s["player"]))
    if not contact(b, s["player"]).edges:  # no unit, nor a redoubt's own strength (Redoubts I), may attack
        return events + [phase_event("No attack is possible; the Combat Phase ends.")] + end_player_turn(b)
    return events


def end_combat(b: Battle, side: str) -> list[Event]:
    """`end` in the Combat Phase: refused while Combat (B) still owes an attack, naming what is due."""
    due = contact(b, side).required  # the obligations (Combat B), as the draw of this `end` found them
    due_a, due_d = [key for kind, key in due if kind == "a"], [key for kind, key in due if kind == "d"]
    if due_a or due_d:
        names = [b.describe(a) for a in sorted(due_a)] + [b.describe(b.occupant[h]) if h in b.occupant
                                                           else f"the redoubt at {h}" for h in sorted(due_d)]
        raise RuleViolation("Combat (B)", "every unit adjacent to the enemy must attack and every adjacent enemy "
                            f"be attacked; still due: {', '.join(names)}")
    return end_player_turn(b)


def end_player_turn(b: Battle) -> list[Event]:
    """Redoubt upkeep, then the next Player-Turn or Game-Turn, or the end of the game."""
    s = b.s
    events: list[Event] = []
    if s["player"] == "russian":
        events += _destroy_redoubts(b)
        if scenario_data.is_night(s["turn"]) and not scenario_data.is_night(s["turn"] + 1):
            events += _rebuild_redoubts(b)
        if s["turn"] == 8 and s["frozen"]:
            s["frozen"] = []
            if s["turn"] < b.scenario.last_turn:  # the 5 September scenarios end here: nothing to tell
                events.append(phase_event("The 5 September restrictions on Russian movement end "
                                          "(Grand Battle special rules)."))
        if b.doomed:  # Doomed Victory 3.2: the Rally Phase comes before the next Game-Turn
            return events + rally_phase.begin(b, next_game_turn)
        return events + next_game_turn(b)
    s["player"] = "russian"
    return events + start_player_turn(b)


def end_rally(b: Battle, side: str) -> list[Event]:
    """`end` in the Rally Phase (Doomed Victory 8.152)."""
    return rally_phase.end(b, side, next_game_turn)


def next_game_turn(b: Battle) -> list[Event]:
    """The next Game-Turn's French Player-Turn, or the end of the game after the last."""
    s = b.s
    if s["turn"] >= b.scenario.last_turn:
        s["phase"] = "over"
        s["log"], s["last_log"] = new_log(s["turn"], s["player"]), s["log"]
        return [phase_event("The last Game-Turn is over.", kind="game_over")]
    s["turn"] += 1
    s["player"] = "french"
    return start_player_turn(b)


def _destroy_redoubts(b: Battle) -> list[Event]:
    """Redoubts (J): a French unit in a redoubt at the end of a Russian Player-Turn destroys it."""
    out = []
    for h, r in sorted(b.s["redoubts"].items()):
        occ = b.at(h)
        if not r["destroyed"] and occ and b.side(occ) == "french":
            b.mark_destroyed(h, True)
            out.append(phase_event(f"The {b.map.redoubts[h].name} at {h} is destroyed (Russian Redoubts J).",
                              kind="redoubt_destroyed", hex=h))
    return out


def _rebuild_redoubts(b: Battle) -> list[Event]:
    """Night Movement (C): Russians in a destroyed redoubt after the last night phase rebuild it."""
    out = []
    for h, r in sorted(b.s["redoubts"].items()):
        occ = b.at(h)
        if r["destroyed"] and occ and b.side(occ) == "russian":
            b.mark_destroyed(h, False)
            out.append(phase_event(f"The Russians rebuild the {b.map.redoubts[h].name} at {h} (Night Movement C).",
                              kind="redoubt_rebuilt", hex=h))
    return out
