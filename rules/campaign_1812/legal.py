"""Every command a side may give now (autocomplete, hints, random play): candidates built from the
position, kept when the rules accept them on a copy -- one source of legality, the rules
themselves. Moves and forced marches, by far the most numerous, are built legal (one place on,
only what is free to go) and not tried one by one; the tests check that the rules accept each."""
from __future__ import annotations

import random
from collections.abc import Callable

from rules.campaign_1812.commands import Attrit, Command, Counts, Depot, March, Move, Plan, Remove, Retreat
from rules.campaign_1812.game import Game, enemy_of
from rules.campaign_1812.leaders import leader
from rules.core.commands import Word
from rules.core.errors import RulesError
from rules.core.play import copy_state

Try = Callable[[dict, Command], bool]


def candidates(g: Game, side: str) -> list[Command]:
    s = g.s
    phase = s["phase"]
    if phase == "attrition":
        return [Attrit(p) for p in g.stacks(enemy_of(side))]
    if phase == "movement":
        return [*_moves(g, side, Move, "moved"), Word("end")]
    if phase == "march":
        return [*_moves(g, side, March, "marched"), Word("end")]
    if phase == "supply":
        return [*(Depot(p) for p in g.stacks(side) if g.stack(side, p)["supply"]), Word("end")]
    if phase == "removal":
        return [Remove(p, k) for p in g.stacks(side) for k in ("inf", "cav") if g.stack(side, p)[k]]
    return _combat(g, side)


def _moves(g: Game, side: str, kind: type[Move], key: str) -> list[Command]:
    out: list[Command] = []
    for place in g.stacks(side):
        free = g.free(key, place)
        if not (free["inf"] or free["cav"] or (kind is Move and free["supply"] + free["depot"])):
            continue
        if kind is Move and side == "french" and not (free["inf"] or free["cav"] or free["supply"]):
            continue  # depots alone: French depots move only with a supply unit
        parts: list[Counts] = [()] + [((k, 1),) for k in ("inf", "cav") if free[k]]
        if kind is Move and free["supply"]:
            parts.append((("supply", 1), ("depot", 1)) if free["depot"] else (("supply", 1),))
        out += [kind(place, n, part) for n in g.neighbours(place) for part in parts]
        x = leader(g, side, place)
        if kind is Move and x and not x["moved"] and free["inf"]:
            out += [Move(place, n, (("inf", 1),), leader=True) for n in g.neighbours(place)]
    return out


def _combat(g: Game, side: str) -> list[Command]:
    r, bt = g.s["retreat"], g.s["battle"]
    if r:
        return [Retreat(n) for n in g.retreat_places(side, r["place"])]
    if bt is None:
        return []
    if bt["stage"] == "choice":
        return [Word("fight"), *(Retreat(n) for n in g.retreat_places(side, bt["place"]))]
    chits = g.tables.attacker_plans if side == bt["attacker"] else g.tables.defender_plans
    away = g.retreat_places(side, bt["place"]) if g.stack(side, bt["place"])["cav"] else []
    return [Plan(c, w) for c in chits for w in (None, *away)]


def _built_legal(g: Game) -> bool:
    return g.s["phase"] in ("movement", "march")


def commands(g: Game, side: str, accepts: Try) -> list[Command]:
    pool = candidates(g, side)
    return pool if _built_legal(g) else [c for c in pool if accepts(g.s, c)]


def sample(g: Game, side: str, rng: random.Random, accepts: Try) -> Command | None:
    """One legal command, each candidate alike, trying only those drawn."""
    pool = candidates(g, side)
    rng.shuffle(pool)
    return next((c for c in pool if _built_legal(g) or accepts(g.s, c)), None)


def accepter(apply: Callable[[dict, str, Command], object], side: str) -> Try:
    def accepts(state: dict, cmd: Command) -> bool:
        try:
            apply(copy_state(state), side, cmd)
        except RulesError:
            return False
        return True
    return accepts
