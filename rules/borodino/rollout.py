"""The rollout policy: shorter random games for a computer opponent's search.

`rollout_command` plays like `legal.sample_command` except in the Movement Phase, where most of
a random game's commands and time are spent: there it says `end` with probability END_CHANCE,
else draws a unit that may still move (or a Guard release, or a leader's command) alike by
rejection, and moves the unit by a random walk instead of a route search. The walk starts where
the unit stands (a reinforcement on its entry hex); at each hex it stops, where a unit may end
its move, or takes one of the steps the Movement rules allow within the unit's MP (never back
into a hex it has passed), or leaves by the east edge, each alike; it stops on entering an enemy
Zone of Control (ZOC C); a unit whose walk finds nowhere to end is put aside. Every destination
`movement.reachable` lists can be drawn (its cheapest path is such a walk), at other odds than
`sample_command`'s, and the move names the path walked, which `movement.check_path` checks.

A game so played has about half the commands of a `sample_command` game. Fewer moves would
shorten it further, but then the armies rarely meet: with three moves a phase no Guard unit is
ever released (Imperial Guard B2 waits for 15 Combat Points of French losses) and no exchange
asks which units to lose. tests/rules/borodino/test_rollout.py shows that these games give
every kind of command and meet every combat result.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from rules.borodino import commands as C
from rules.borodino import legal
from rules.borodino.battle import Battle, enemy_of
from rules.borodino.movement import Hops, Limits, open_steps, why_immobile
from rules.core.hexes import Hex

END_CHANCE = 1 / 8  # a Movement Phase moves seven units on average


def rollout_command(b: Battle, side: str, rng: random.Random) -> C.Command | None:
    """One legal command of the rollout policy (see the module's docstring)."""
    s = b.s
    if s["pending"] or s["phase"] != "movement":
        return legal.sample_command(b, side, rng)
    if rng.random() < END_CHANCE:
        return C.End()
    units, defs, getrandbits = s["units"], b.defs, rng.getrandbits
    draws: list[str | C.Command] = [*units, *legal.releases(b, side), *legal.leader_commands(b, side)]
    while draws:  # a draw refused is put aside: the first one accepted is drawn alike from all
        i = below(getrandbits, len(draws))
        draw = draws[i]
        draws[i] = draws[-1]
        draws.pop()
        if isinstance(draw, str):
            u = units[draw]
            if defs[draw].side != side or u["moved"] or u["where"] not in ("map", "waiting") \
                    or why_immobile(b, side, draw):
                continue
            walked = walk(b, draw, rng)
            if walked:
                path, cost = walked
                move = C.Move(u["hex"] if u["where"] == "map" else draw, path)  # `legal.ref`
                if len(path) > 1:  # a path, not a destination: `movement.apply_move` need not check it
                    b.walked[side, move] = cost
                return move
        elif not isinstance(draw, C.Release) or legal.may_release(b, side, draw):
            return draw
    return C.End()


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """`rng.randrange(n)` for n > 0 as CPython draws it (the same numbers from the same state,
    tests/rules/borodino/test_rollout.py), without its two calls and checks: a whole number of
    n's bit length, drawn again while not below n."""
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def walk(b: Battle, uid: str, rng: random.Random) -> tuple[tuple[Hex, ...], int] | None:
    """A random legal path for a unit that may move (see the module's docstring) and its cost in
    MP: the hexes entered, ending "off" when it leaves the map; its entry hex alone when a
    reinforcement stops there; None when it has nowhere to end."""
    d, u = b.defs[uid], b.s["units"][uid]
    side, ma = d.side, d.movement
    moved = u["where"] == "waiting"  # a reinforcement has entered its entry hex (ZOC C)
    start = u["entry"] if moved else u["hex"]  # `movement.start_hex`
    limits = Limits(b, uid, start) if d.guard or b.night else None
    refuse = limits.refuse if limits is not None and (limits.guard or limits.night) else None
    tables = b.walking.get(side)
    if tables is None:
        tables = b.walking[side] = _tables(b, side)
    hops, exits, fronts = tables
    occupant, leaving = b.occupant, b.tables.enter
    kept = b.control[side] if b.control is not None else None  # the units' zones, counted move by move
    enemies, seen, getrandbits = b.units_of(enemy_of(side)), {start}, rng.getrandbits
    path: list[Hex] = []
    here, cost, may_end = start, 0, False
    while True:
        if moved:
            occ = occupant.get(here)
            may_end = occ is None or occ == uid
            if here in kept if kept is not None and here not in fronts else b.in_enemy_zoc(side, here):
                return (tuple(path) or (start,), cost) if may_end else None  # ZOC (C): stop
        left = ma - cost
        hop, dearest = hops[here]
        if dearest <= left:  # every step affordable
            options = [n for n in hop if n not in seen and n not in enemies]
        else:
            options = [n for n, c in hop.items() if c <= left and n not in seen and n not in enemies]
        if refuse is not None:
            options = [n for n in options if not refuse(n)]
        leave = here in exits and leaving <= left
        drawn = len(options) + leave + may_end
        if not drawn:
            return None
        k = below(getrandbits, drawn)
        if k < len(options):
            here = options[k]
            cost += hop[here]
            path.append(here)
            seen.add(here)
            moved = True
        elif leave and k == len(options):
            return tuple(path) + (C.OFF,), cost + leaving
        else:
            return tuple(path) or (start,), cost


def _tables(b: Battle, side: str) -> tuple[Hops, frozenset[Hex], dict[Hex, tuple[Hex, ...]]]:
    """What a side's walks read that changes only with the redoubts' marks (kept in
    `Battle.walking`): the steps out of each hex (`movement.open_steps`), the hexes a unit leaves
    the map from (7 Sept victory conditions) and the hexes where a redoubt's zone of control may
    add to the units' (Redoubts C)."""
    if side != "french":
        return open_steps(b, side).hops, frozenset(), {}
    return open_steps(b, side).hops, b.map.east_exits if b.scenario.exits_east else frozenset(), b.fronting
