"""Every command a side may give now (the one list that feeds autocomplete, hints and random play).

Moves come from the same route search that checks them (movement.routes); the commands with few
candidates (inspire, battle, restore, artillery fire) are tried against the rules on a copy.
"""
from __future__ import annotations

from collections.abc import Sequence

from rules.bloody_monday import batterie, combat, ground, impulses, movement
from rules.bloody_monday import commands as C
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday.game import Game
from rules.bloody_monday.movement import Rules
from rules.core.errors import RulesError
from rules.core.play import copy_state

END = C.Word("end")


def may_declare_tactical(g: Game, side: str) -> bool:
    """5.1: a Tactical Action needs a leader it can activate (9.8 can lift an exhausted chief)."""
    fresh = any(g.is_leader(b) and not g.exhausted(b) for b in g.on_map(side))
    offensive = g.option("general_offensive") and g.s["initiative"] == side
    return fresh and (g.chief_strength(side) > 0 or offensive)


def _tries(g: Game, side: str, cmds: Sequence[C.Command]) -> list[C.Command]:
    from rules.bloody_monday import dispatch

    out = []
    for cmd in cmds:
        try:
            dispatch(Game(copy_state(g.s)), side, cmd)
        except RulesError:
            continue
        out.append(cmd)
    return out


def _destinations(g: Game, bid: str, rules: Rules) -> list[int]:
    return sorted(n for n, (_, path) in movement.routes(g, bid, rules).items() if g.fits(bid, n))


def _moves(g: Game, side: str) -> list[C.Command]:
    imp = g.s["impulse"]
    if impulses.segment_after(g, "movement"):
        return []
    if imp["kind"] == "tactical":
        impulses.to_segment(g, "movement")
    out: list[C.Command] = []
    limit = impulses.engagement_limit(g, side)
    for bid in g.on_map(side):
        try:
            impulses.may_move(g, bid)
        except RulesError:
            continue
        for n in _destinations(g, bid, impulses.move_rules(g, bid)):
            new = g.has_enemy(side, n) and n not in g.s["contested_at_start"] and n not in imp["new"]
            if not new or len(imp["new"]) < limit:
                out.append(C.Move(bid, (n,)))
        if g.defs[bid].type == "artillery" and imp["kind"] == "tactical" and not g.exhausted(bid):
            here = g.block(bid)["area"]
            reach = _destinations(g, bid, Rules(movement.allowance(g, bid) - 1, engage=False))
            out += [C.Activate(bid, None)] + [C.Activate(bid, n) for n in reach if n != here]
    return out


def _leader_activations(g: Game, side: str) -> list[C.Command]:
    out: list[C.Command] = []
    for bid in g.on_map(side):
        try:
            impulses.may_activate_leader(g, side, bid)
        except RulesError:
            continue
        reach = _destinations(g, bid, Rules(movement.allowance(g, bid) - 1, engage=False))
        out += [C.Activate(bid, None)] + [C.Activate(bid, n) for n in reach]
    return out


def _tactical(g: Game, side: str) -> list[C.Command]:
    imp = g.s["impulse"]
    out: list[C.Command] = []
    if imp["segment"] == "activation":
        out += _leader_activations(g, side)
        if g.option("general_offensive") and not imp["leaders"] and g.s["initiative"] == side and not imp["offensive"]:
            out.append(C.Initiative("offensive"))
    if imp["leaders"]:
        out += _moves(Game(copy_state(g.s)), side)
        if not impulses.segment_after(g, "inspiration"):
            cands = [C.Inspire(ld, b) for ld in imp["leaders"] if ld not in imp["inspired"] for b in g.on_map(side)
                     if g.defs[b].type in ("infantry", "cavalry") and impulses.follows(g, ld, b)]
            out += _tries(g, side, cands)
        out += _battles(g, side)
        if not impulses.due_battles(g):
            out.append(END)
            if g.s["initiative"] == side and any(g.defs[b].type == "cavalry" for b in g.on_map(side)):
                out.append(C.Initiative("raid"))
    return out


def _battles(g: Game, side: str) -> list[C.Command]:
    contested = [C.Battle(n) for n in sorted(g.areas) if g.contested(n)]
    return _tries(g, side, contested)


def _battle_step(g: Game, side: str) -> list[C.Command]:
    bt = g.s["battle"]
    if bt["choice"]:
        return [C.Hit((b,)) for b in bt["choice"]["candidates"]]
    if bt["stage"] == "jagers":
        jagers: list[C.Command] = [C.Ambush(b) for b in ground.jagers(g)]
        jagers += [C.Skirmish(b, n) for b in ground.jagers(g) for n in ground.skirmish_areas(g, b)]
        return jagers + [END]
    if bt["stage"] == "retreat":
        return _retreats(g, side) + [END]
    fire: list[C.Command] = [C.Fire(b, bt["area"]) for b in combat.gunners(g)]
    return fire + [END]


def _retreats(g: Game, side: str) -> list[C.Command]:
    """6.4: each area alone and all together; when not everyone has room, unit-by-unit placements
    that keep the strongest and that keep the weakest."""
    areas = retreats.retreat_areas(g)
    cands: list[C.Command] = [C.Retreat((n,)) for n in areas]
    cands += [C.Retreat(tuple(areas))] if len(areas) > 1 else []
    units = retreats.retreating(g)
    for order in (units, units[:1] + units[:0:-1]):
        places = retreats.greedy(g, order)
        if places and len(places) < len(units):
            cands.append(C.Retreat(tuple(places.values()), tuple(places)))
    return _tries(g, side, list(dict.fromkeys(cands)))


def _logistics(g: Game, side: str) -> list[C.Command]:
    lg = g.s["logistics"]
    cands: list[C.Command] = []
    if lg["stage"] == "choose":
        chief = g.chief(side)
        if g.block(chief)["where"] != "map" or g.exhausted(chief):
            return [END]
        cands += [C.Activate(chief, None)]
        cands += [C.Activate(chief, n) for n in _destinations(
            g, chief, Rules(movement.allowance(g, chief) - 1, engage=False)) if g.friendly(side, n)]
        return _tries(g, side, cands) + [END]
    if lg["stage"] == "reinforce":
        cands += [C.Reinforce(None)] + [C.Reinforce(n) for n in range(1, lg["lv"] - lg["reinforced"])]
    cands += [C.Restore(b) for b in g.on_map(side)
              if g.strength(b) < g.defs[b].strength and g.defs[b].type != "supreme_commander"]
    return _tries(g, side, cands) + [END]


def commands(g: Game, side: str) -> list[C.Command]:
    s = g.s
    if s["phase"] == "logistics":
        return _logistics(g, side)
    if s["battle"]:
        return _battle_step(g, side)
    if s["battery"] is not None:
        shots: list[C.Command] = [C.Fire(b, n) for b in batterie.guns(g) for n in batterie.targets(g, b)]
        return shots + [END]
    imp = s["impulse"]
    if imp is None:
        out: list[C.Command] = [C.Word("tactical")] if may_declare_tactical(g, side) else []
        out.append(C.Word("pass"))
        if s["initiative"] == side:
            out += [C.Initiative("reinforcements"), C.Initiative("move")]
        return out
    if imp["kind"] == "tactical":
        return _tactical(g, side)
    moves = _moves(g, side)
    battles = _battles(g, side) if imp["kind"] == "special" else []
    return moves + battles + ([END] if not impulses.due_battles(g) else [])

