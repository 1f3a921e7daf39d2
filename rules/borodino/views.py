"""What a side sees: the whole Borodino board (a game of open information), as plain JSON."""
from __future__ import annotations

from rules.borodino import results, scenario_data
from rules.borodino.battle import Battle
from rules.borodino.combat import obligations
from rules.borodino.victory import outcome


def _unit(b: Battle, uid: str) -> dict:
    d, u = b.defs[uid], b.unit(uid)
    return {"id": uid, "side": d.side, "hex": u["hex"], "type": d.kind, "strength": d.strength,
            "movement": d.movement, "name": d.name, "corps": d.corps, "moved": u["moved"],
            "attacked": u["attacked"], "advanced": u["advanced"], "guard": d.guard,
            "released": uid in b.s["released"], "frozen": uid in b.s["frozen"] and uid not in b.s["unfrozen"]}


def view(b: Battle, side: str | None, to_move: list[str]) -> dict:
    """The public view; Borodino hides nothing, so every side's view is the same."""
    s = b.s
    units = sorted(b.occupant.values(), key=lambda uid: b.unit(uid)["hex"])
    due_a, due_d = obligations(b, s["player"]) if s["phase"] == "combat" else (set(), set())
    return {
        "system": "borodino", "scenario": s["scenario"], "title": b.scenario.title, "viewer": side,
        "turn": s["turn"], "first_turn": b.scenario.first_turn, "last_turn": b.scenario.last_turn,
        "day": scenario_data.day(s["turn"]), "clock": scenario_data.clock(s["turn"]), "night": b.night,
        "phase": s["phase"], "player": s["player"], "to_move": to_move, "prompt": results.prompt(b),
        "units": [_unit(b, uid) for uid in units],
        "waiting": [dict(_unit(b, uid), entry=u["entry"]) for uid, u in sorted(s["units"].items())
                    if u["where"] == "waiting"],
        "eliminated": sorted(uid for uid, u in s["units"].items() if u["where"] == "eliminated"),
        "exited": sorted(uid for uid, u in s["units"].items() if u["where"] == "exited"),
        "redoubts": [{"hex": h, "name": b.map.redoubts[h].name, "strength": b.map.redoubts[h].strength,
                      "front": sorted(b.map.redoubts[h].front), "destroyed": r["destroyed"], "held": r["held"]}
                     for h, r in sorted(s["redoubts"].items())],
        "losses": dict(s["losses"]), "exited_points": dict(s["exited"]),
        "must_attack": sorted(b.unit(a)["hex"] for a in due_a), "must_be_attacked": sorted(due_d),
        "options": list(s["options"]), "log": s["log"], "last_log": s["last_log"],
        "outcome": outcome(b),
    }
