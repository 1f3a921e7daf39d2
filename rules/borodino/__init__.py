"""Borodino (SPI, 1972): the rules engine behind the contract of DESIGN.md.

    state = setup("7sep", seed=1)
    state, events = apply(state, "french", parse("french", "move 3225 3224"))

State is a JSON dict; dice live in it (rules.core.dice); `apply` never mutates its input.
"""
from __future__ import annotations

from rules.borodino import battlemap, movement, results, scenario_data, turns
from rules.borodino import commands as C
from rules.borodino.battle import SIDES, Battle, copy_state
from rules.borodino.combat import capable_edges, obligations, plan_attack
from rules.borodino.help import help
from rules.borodino.victory import outcome as _outcome
from rules.borodino.views import view as _view
from rules.core.dice import new_dice, roll
from rules.core.errors import CommandError, RuleViolation
from rules.core.hexes import col_row

NAME = "borodino"
OPTIONS = ("imperial_guard", "additional_forces")
DEFAULT_SCENARIO = "7sep"  # the great day: what `kolocha local` and `kolocha bench` play unless told
HIDDEN_INFORMATION = False  # an open game: both players see the whole board

__all__ = [
    "NAME",
    "OPTIONS",
    "SIDES",
    "active_sides",
    "apply",
    "help",
    "legal_commands",
    "outcome",
    "parse",
    "phase_key",
    "scenarios",
    "setup",
    "view",
]


def scenarios() -> list[dict]:
    return [{"id": sc.id, "title": sc.title, "sides": list(SIDES), "first_turn": sc.first_turn,
             "last_turn": sc.last_turn, "options": sorted(sc.options)}
            for sc in scenario_data.scenarios().values()]


def _options(sc: scenario_data.Scenario, options: dict | list | None) -> list[str]:
    if isinstance(options, dict):
        chosen = sorted(k for k, v in options.items() if v)
    else:
        chosen = sorted(options or [])
    for name in chosen:
        if name not in sc.options:
            allowed = ", ".join(sorted(sc.options)) or "none"
            raise CommandError(f"{name!r} is not an option of the {sc.title} (options: {allowed}).")
    return chosen


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    """The opening position of a scenario, French to move."""
    all_scenarios = scenario_data.scenarios()
    if scenario_id not in all_scenarios:
        raise CommandError(f"Unknown scenario {scenario_id!r}; choose one of {', '.join(all_scenarios)}.")
    sc = all_scenarios[scenario_id]
    opts = _options(sc, options)
    defs = scenario_data.units()

    def unit(where: str, h: str | None = None, **extra) -> dict:
        return {"where": where, "hex": h, "moved": False, "attacked": False, "defended": False,
                "advanced": False, **extra}

    units = {uid: unit("map", h) for uid, h in sc.setup.items()}
    arrivals = list(sc.reinforcements) + (list(sc.additional_forces) if "additional_forces" in opts else [])
    for r in arrivals:
        units[r.unit] = unit("future", arrives=r.turn, entry_key=r.entry, entry=None)
    occupied = {h: uid for uid, h in sc.setup.items()}
    redoubts = {}
    for h in battlemap.load().redoubts:
        holder = defs[occupied[h]].side if h in occupied else ("french" if h in sc.destroyed_redoubts else "russian")
        redoubts[h] = {"destroyed": h in sc.destroyed_redoubts, "held": holder, "attacked": False}
    frozen = sorted(uid for uid, h in sc.setup.items()
                    if sc.frozen_max_column is not None and defs[uid].side == "russian"
                    and col_row(h)[0] <= sc.frozen_max_column)
    state = {
        "system": NAME, "scenario": sc.id, "options": opts, "dice": new_dice(seed),
        "turn": sc.first_turn, "player": "french", "phase": "movement", "units": units,
        "redoubts": redoubts, "losses": {"french": 0, "russian": 0}, "exited": {"french": 0, "russian": 0},
        "pending": None, "frozen": frozen, "unfrozen": [], "released": [],
        "voluntary_releases": {"french": 0, "russian": 0},
        "log": turns.new_log(sc.first_turn, "french"), "last_log": turns.new_log(sc.first_turn, "french"),
    }
    turns.start_player_turn(Battle(state))
    return state


def active_sides(state: dict) -> list[str]:
    """Who may act now: the chooser of a waiting step, else the phasing player; none when over."""
    if state["phase"] == "over":
        return []
    if state["pending"]:
        return [state["pending"]["steps"][0]["chooser"]]
    return [state["player"]]


def parse(side: str, text: str) -> C.Command:
    """Text -> command; CommandError with a hint when the text is not a command."""
    return C.parse(text)


def phase_key(state: dict) -> str:
    """Commands issued under the same key may be taken back without the opponent's consent."""
    return f"{state['turn']}:{state['player']}:{state['phase']}"


def outcome(state: dict) -> dict | None:
    return _outcome(Battle(state))


def view(state: dict, side: str | None) -> dict:
    return _view(Battle(state), side, active_sides(state))


def apply(state: dict, side: str, cmd: C.Command) -> tuple[dict, list[dict]]:
    """Apply a command for a side; returns (new state, events). Raises RuleViolation if illegal."""
    s = copy_state(state)
    b = Battle(s)
    if s["phase"] == "over":
        raise RuleViolation("Turns of Play", "the game is over; " + (_outcome(b) or {}).get("reason", ""))
    if s["pending"]:
        chooser = s["pending"]["steps"][0]["chooser"]
        if side != chooser or not isinstance(cmd, (C.Retreat, C.Advance, C.Lose, C.Stay)):
            raise RuleViolation("Combat, General Rule", "a combat result is carried out before anything else; "
                                f"the game waits for this choice: {results.prompt(b)}")
        events = results.choose(b, side, cmd)
    else:
        events = _phasing_command(b, side, cmd)
    if s["phase"] == "over":
        result = _outcome(b) or {}
        events.append({"kind": "outcome", "to": "all", "irreversible": False, "text": result["reason"], **result})
    return s, events


def _phasing_command(b: Battle, side: str, cmd: C.Command) -> list[dict]:
    s = b.s
    phase = f"{s['player'].title()} {s['phase'].title()} Phase"
    if side != s["player"]:
        raise RuleViolation("Turns of Play", f"it is the {phase}; no {side.title()} movement or attacking "
                            "takes place during the enemy Player-Turn")
    if isinstance(cmd, C.Move):
        if s["phase"] != "movement":
            raise RuleViolation("Turns of Play", f"it is the {phase}: no movement takes place during a Combat Phase")
        return movement.apply_move(b, side, cmd)
    if isinstance(cmd, C.Attack):
        if s["phase"] != "combat":
            raise RuleViolation("Turns of Play", f"it is the {phase}: no combat takes place during a Movement Phase; "
                                "`end` it first")
        return _attack(b, side, cmd)
    if isinstance(cmd, C.Release):
        return _release(b, side, cmd)
    if isinstance(cmd, C.End):
        if s["phase"] == "movement":
            return turns.end_movement(b)
        due_a, due_d = obligations(b, side)
        if due_a or due_d:
            names = [b.describe(a) for a in sorted(due_a)] + [b.describe(b.occupant[h]) if h in b.occupant else f"the redoubt at {h}"
                                                               for h in sorted(due_d)]
            raise RuleViolation("Combat (B)", "every unit adjacent to the enemy must attack and every adjacent enemy "
                                f"be attacked; still due: {', '.join(names)}")
        return turns.end_player_turn(b)
    raise RuleViolation("Combat", "nothing is waiting for that choice now")


def _attack(b: Battle, side: str, cmd: C.Attack) -> list[dict]:
    plan = plan_attack(b, side, cmd)
    die = roll(b.s["dice"])
    result = b.tables.result(plan.odds, die)
    for a in plan.attackers:
        b.unit(a)["attacked"] = True
    for d in plan.defenders:
        b.unit(d)["defended"] = True
        if d in b.s["frozen"]:  # 5 Sept special rules: a French attack frees the unit
            b.s["frozen"].remove(d)
    for h in (plan.redoubt_attacking, plan.redoubt_defending if plan.redoubt_alone else None):
        if h:
            b.s["redoubts"][h]["attacked"] = True
    att_hexes = [b.unit(a)["hex"] for a in plan.attackers] + ([f"R{plan.redoubt_attacking}"] if plan.redoubt_attacking else [])
    def_hexes = [b.unit(d)["hex"] for d in plan.defenders] or [plan.redoubt_defending]
    b.s["log"]["attacks"].append({"side": side, "attackers": att_hexes, "defenders": def_hexes,
                                  "bombarding": [b.unit(a)["hex"] for a in plan.bombarding],
                                  "odds": plan.odds, "die": die, "result": result})
    notes = f" ({'; '.join(plan.notes)})" if plan.notes else ""
    text = (f"{'+'.join(att_hexes)} ({_num(plan.attack)}) attack {'+'.join(def_hexes)} ({_num(plan.defence)}){notes}: "
            f"{plan.odds}, die {die}: {result}.")
    events = [{"kind": "combat", "to": "all", "text": text, "irreversible": True, "odds": plan.odds, "die": die,
               "result": result, "attackers": att_hexes, "defenders": def_hexes}]
    return events + results.start_result(b, plan, result)


def _num(x) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _release(b: Battle, side: str, cmd: C.Release) -> list[dict]:
    """Imperial Guard (B2, C): release after 15 CP of losses, one more per 10; the Old Guard last."""
    if not b.option("imperial_guard"):
        raise RuleViolation("Imperial Guard", "the Imperial Guard rule is not in play in this game")
    uid = movement.resolve_unit(b, cmd.unit)
    d = b.defs[uid]
    if d.side != side or not d.guard:
        raise RuleViolation("Imperial Guard", f"{b.describe(uid)} is not one of your Guard units")
    if uid in b.s["released"]:
        raise RuleViolation("Imperial Guard", f"{b.describe(uid)} is already released")
    losses = b.s["losses"][side]
    allowed = 0 if losses < 15 else 1 + (losses - 15) // 10
    if b.s["voluntary_releases"][side] >= allowed:
        raise RuleViolation("Imperial Guard (B2)", f"with {losses} Combat Points lost you may release {allowed} Guard "
                            "unit(s) voluntarily (one after 15, one more per 10 after that), and have used them")
    others = [g for g, u in b.s["units"].items() if b.defs[g].side == side and b.defs[g].guard
              and g != uid and g not in b.s["released"] and u["where"] in ("map", "waiting", "future")]
    if d.old_guard and others:
        raise RuleViolation("Imperial Guard (C)", "the Old Guard must be the last French Guard unit released")
    b.s["released"].append(uid)
    b.s["voluntary_releases"][side] += 1
    return [{"kind": "guard_released", "to": "all", "irreversible": False, "unit": uid,
             "text": f"{b.describe(uid)} is released (Imperial Guard B2)."}]


def legal_commands(state: dict, side: str) -> list[C.Command]:
    """Every command `side` may give now (attacks: the useful shapes, not every combination)."""
    if side not in active_sides(state):
        return []
    b = Battle(copy_state(state))
    if state["pending"]:
        return _choice_commands(b)
    out: list[C.Command] = []
    if state["phase"] == "movement":
        for uid, u in sorted(state["units"].items()):
            if u["where"] not in ("map", "waiting") or b.side(uid) != side or movement.why_immobile(b, side, uid):
                continue
            ref = u["hex"] if u["where"] == "map" else uid
            out += [C.Move(ref, (dest,)) for dest in sorted(movement.reachable(b, uid))]
        if b.option("imperial_guard"):
            out += [C.Release(b.unit(g)["hex"] or g) for g in sorted(state["units"]) if b.defs[g].side == side
                    and b.defs[g].guard and g not in state["released"] and state["units"][g]["where"] == "map"
                    and _try(b, side, C.Release(g))]
        return out + [C.End()]
    for cmd in _attack_candidates(b, side):
        if _try(b, side, cmd):
            out.append(cmd)
    due_a, due_d = obligations(b, side)
    return out + ([] if due_a or due_d else [C.End()])


def _try(b: Battle, side: str, cmd: C.Command) -> bool:
    try:
        if isinstance(cmd, C.Attack):
            plan_attack(b, side, cmd)
        else:
            apply(b.s, side, cmd)
        return True
    except RuleViolation:
        return False


def _attack_candidates(b: Battle, side: str) -> list[C.Attack]:
    """Single attacks, all-on-one and one-on-all shapes: enough to meet every obligation."""
    edges = capable_edges(b, side)
    by_target: dict[str, list[str]] = {}
    for a, targets in edges.items():
        for t in targets:
            by_target.setdefault(t, []).append(b.unit(a)["hex"])
    out: dict[str, C.Attack] = {}
    for t, hexes in sorted(by_target.items()):
        for h in hexes:
            out[f"{h}>{t}"] = C.Attack((h,), (t,))
        if len(hexes) > 1:
            out["+".join(sorted(hexes)) + ">" + t] = C.Attack(tuple(sorted(hexes)), (t,))
    for a, targets in edges.items():
        adjacent = [t for t in targets if t in b.map.adjacent(b.unit(a)["hex"]) and b.at(t)]
        if len(adjacent) > 1:
            out[b.unit(a)["hex"] + ">" + "+".join(sorted(adjacent))] = C.Attack((b.unit(a)["hex"],), tuple(sorted(adjacent)))
    if side == "russian":
        for h, r in sorted(b.map.redoubts.items()):
            for f in sorted(r.front):
                occ = b.at(f)
                if occ and b.side(occ) == "french":
                    out[f"R{h}>{f}"] = C.Attack((f"R{h}",), (f,))
    return list(out.values())


def _choice_commands(b: Battle) -> list[C.Command]:
    step = b.s["pending"]["steps"][0]
    kind = step["kind"]
    if kind == "retreat":
        return [C.Retreat(h) for h, _ in results.retreat_options(b, step["unit"], b.unit(step["unit"])["hex"],
                                                               frozenset(step["taken"]))]
    if kind == "advance":
        advances: list[C.Command] = [C.Advance(b.unit(u)["hex"], h) for u, h in results.advance_options(b, step)]
        return advances + [C.Stay()]
    if kind == "lose":
        return [C.Lose(tuple(b.unit(u)["hex"] for u in combo)) for combo in results.loss_options(b, step)]
    arts = [u for u in step["units"] if b.unit(u)["where"] == "map"]
    voluntary: list[C.Command] = [C.Retreat(h, b.unit(u)["hex"]) for u in arts
                                  for h, _ in results.retreat_options(b, u, b.unit(u)["hex"], frozenset())]
    return voluntary + [C.Stay()]
