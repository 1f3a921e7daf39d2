"""Every command a side may give now: the one list that feeds autocomplete, hints and random play.

Moves come from the same route search that checks them (`movement.reachable`); attacks are the
useful shapes (each single attack, all attackers on one target, one attacker on all its adjacent
targets, a redoubt on its front) tried against `combat.plan_attack`; after combat, the choices
the waiting step offers (`results`).
"""
from __future__ import annotations

import random

from rules.borodino import commands as C
from rules.borodino import dv_leaders, imperial_guard, leader_moves, movement, results
from rules.borodino.attack_cover import Contact
from rules.borodino.battle import Battle
from rules.borodino.combat import contact, owed_attacks, plan_attack
from rules.core.errors import RuleViolation
from rules.core.play import copy_state


def legal_commands(b: Battle, side: str) -> list[C.Command]:
    """The commands of the phasing side (or of the chooser of a waiting step) in this position."""
    if b.s["pending"]:
        return _choice_commands(b)
    if b.s["phase"] == "rally":
        return leader_commands(b, side) + [C.End()]
    if b.s["phase"] == "movement":
        return _movement_commands(b, side) + leader_commands(b, side)
    now = contact(b, side)
    out: list[C.Command] = [cmd for cmd in attack_candidates(b, side, now) if may_attack(b, side, cmd, now)]
    return out + ([] if now.required else [C.End()])


def sample_command(b: Battle, side: str, rng: random.Random) -> C.Command | None:
    """One legal command drawn without listing them all (random play, search): at a choice, one
    of its options; in movement, `end`, a Guard release or a unit that can move, each alike, then
    one of that unit's destinations; in combat, the attack shapes in random order until one is
    legal, `end` among them once no attack is owed. None only where `legal_commands` is empty."""
    if b.s["pending"]:
        return rng.choice(_choice_commands(b))
    if b.s["phase"] == "rally":
        return rng.choice(leader_commands(b, side) + [C.End()])
    now: Contact | None = None
    if b.s["phase"] == "movement":
        draws: list[str | Shape | C.Command] = [C.End(), *may_move(b, side), *releases(b, side),
                                                *leader_commands(b, side)]
    else:
        now = contact(b, side)
        draws = [*attack_shapes(b, side, now), *([] if now.required else [C.End()])]
    rng.shuffle(draws)
    for draw in draws:
        if isinstance(draw, str):
            dests = sorted(movement.reachable(b, draw))
            if dests:
                return C.Move(ref(b, draw), (rng.choice(dests),))
        elif isinstance(draw, tuple):
            attack = C.Attack(*draw)
            if may_attack(b, side, attack, now):
                return attack
        elif not isinstance(draw, C.Release) or may_release(b, side, draw):
            return draw
    return None


def _movement_commands(b: Battle, side: str) -> list[C.Command]:
    out: list[C.Command] = []
    for uid in may_move(b, side):
        out += [C.Move(ref(b, uid), (dest,)) for dest in sorted(movement.reachable(b, uid))]
    candidates = releases(b, side)
    return out + [cmd for cmd in candidates if may_release(b, side, cmd)] + [C.End()]


def leader_commands(b: Battle, side: str) -> list[C.Command]:
    """Every leader move open to the side (Doomed Victory 8.1, 8.152); none without `dv_leaders`."""
    if "leaders" not in b.s:
        return []
    moves: list[C.Command] = [C.Move(lid, (h,)) for lid in leader_moves.movers(b, side)
                              for h in sorted(leader_moves.destinations(b, lid))]
    return moves + _assignments(b, side)


def _assignments(b: Battle, side: str) -> list[C.Command]:
    """The reassignments of leaders to leaderless corps open now (Doomed Victory 8.14)."""
    leaders = b.s["leaders"]
    fallen = [lid for lid, x in sorted(leaders.items()) if x["where"] == "removed" and x["commands"]]
    if not fallen or b.s["phase"] != "movement":
        return []
    out: list[C.Command] = []
    for lid in dv_leaders.on_map(b, side):
        for f in fallen:
            try:
                dv_leaders.assign(Battle(copy_state(b.s)), side, lid, f)
                out.append(C.Assign(lid, f))
            except RuleViolation:
                pass
    return out


def may_move(b: Battle, side: str) -> list[str]:
    """The side's units on the map or waiting to enter that may still move this phase."""
    return [uid for uid, u in sorted(b.s["units"].items()) if u["where"] in ("map", "waiting")
            and not u["moved"] and b.side(uid) == side and not movement.why_immobile(b, side, uid)]


def ref(b: Battle, uid: str) -> str:
    """How a command names a unit: its hex on the map, its id while it waits to enter."""
    u = b.unit(uid)
    return b.hex_of(uid) if u["where"] == "map" else uid


def releases(b: Battle, side: str) -> list[C.Release]:
    """Guard units that a `release` might free (Imperial Guard B2), not yet checked."""
    if not b.option("imperial_guard"):
        return []
    return [C.Release(b.hex_of(g) or g) for g in sorted(b.s["units"]) if b.defs[g].side == side
            and b.defs[g].guard and g not in b.s["released"] and b.s["units"][g]["where"] == "map"]


def may_attack(b: Battle, side: str, cmd: C.Attack, now: Contact | None = None) -> bool:
    """Whether the attack is legal; `now`: `combat.contact(b, side)` when the caller has it."""
    try:
        plan_attack(b, side, cmd, now=now)
        return True
    except RuleViolation:
        return False


def may_release(b: Battle, side: str, cmd: C.Release) -> bool:
    try:
        imperial_guard.release(Battle(copy_state(b.s)), side, cmd)
        return True
    except RuleViolation:
        return False


def attack_candidates(b: Battle, side: str, now: Contact | None = None) -> list[C.Attack]:
    """Single attacks, all-on-one and one-on-all shapes, and the attacks of an arrangement that
    meets every owed attack (combat.owed_attacks), so that the list is never empty while one is due;
    `now`: `combat.contact(b, side)` when the caller has it."""
    return [C.Attack(attackers, defenders) for attackers, defenders in attack_shapes(b, side, now)]


Shape = tuple[tuple[str, ...], tuple[str, ...]]  # an attack's attacker refs and defender hexes


def attack_shapes(b: Battle, side: str, now: Contact | None = None) -> list[Shape]:
    """`attack_candidates` as (attackers, defenders), in the same order: a random draw makes the
    command of the one it tries, not of every candidate."""
    now = now or contact(b, side)
    units = b.s["units"]
    edges = {a: list(targets) for a, targets in now.edges.items() if a in units}  # capable_edges
    by_target: dict[str, list[str]] = {}
    for a, targets in edges.items():
        for t in targets:
            by_target.setdefault(t, []).append(b.hex_of(a))
    out: dict[str, Shape] = {}
    for t, hexes in sorted(by_target.items()):
        for h in hexes:
            out[f"{h}>{t}"] = (h,), (t,)
        if len(hexes) > 1:
            out["+".join(sorted(hexes)) + ">" + t] = tuple(sorted(hexes)), (t,)
    for a, targets in edges.items():
        adjacent = [t for t in targets if t in b.map.adjacent(b.hex_of(a)) and b.at(t)]
        if len(adjacent) > 1:
            here, aimed = b.hex_of(a), tuple(sorted(adjacent))
            out[here + ">" + "+".join(aimed)] = (here,), aimed
    for atts, defs in owed_attacks(b, side, now):
        out["+".join(atts) + ">" + "+".join(defs)] = atts, defs
    if side == "russian":
        for h, r in sorted(b.map.redoubts.items()):
            for f in sorted(r.front):
                occ = b.at(f)
                if occ and b.side(occ) == "french":
                    out[f"R{h}>{f}"] = (f"R{h}",), (f,)
    return list(out.values())


def _choice_commands(b: Battle) -> list[C.Command]:
    step = b.s["pending"]["steps"][0]
    kind = step["kind"]
    if kind == "retreat":
        return [C.Retreat(h) for h, _ in results.options_of(b, step)]
    if kind == "advance":
        advances: list[C.Command] = [C.Advance(b.hex_of(u), h) for u, h in results.advance_options(b, step)]
        return advances + [C.Stay()]
    if kind == "lose":
        return [C.Lose(tuple(b.hex_of(u) for u in combo)) for combo in results.loss_options(b, step)]
    electing: list[C.Command] = [C.Retreat(b.hex_of(u)) for u in step["units"] if b.unit(u)["where"] == "map"
                                 and results.retreat_options(b, u, b.hex_of(u), frozenset())]
    return electing + [C.Stay()]
