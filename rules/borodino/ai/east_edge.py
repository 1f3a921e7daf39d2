"""The French Decisive victory by the east edge (7 Sept and the Grand Battle): "Move 60 Combat
Points of units off the east edge of the map between the two roads" (Victory Conditions), the
highest degree either side can reach, so it wins against a Russian marginal or substantial one.

A column of French units marches for the exit zone by the way the enemy leaves open: the steps
to it round every Russian unit and the hexes it controls (`steps`), where a unit never stops to
owe an attack (Combat B). The rest of the army stands where it is: a fight it need not give
costs the points a Russian substantial victory counts ("French must have more Combat Point
losses than the Russians"), which with the Russian marginal one makes a Russian decisive
victory, and a draw against the French decisive one. The column is drawn afresh each Movement
Phase from the board (`column`): the units out of contact, the Guard kept back, the fastest to
the zone first, until they and the points already off the map make FORCE.

Level 2's march (level2.by_the_edge) is wary: level 1's Russians close on a French unit within their
reach where they make 2-1 or better (level1.strikes), so its column keeps out of the hexes where the
Russian units that could end their next move beside it make that (`within_reach`, `exposed`) where a
way off them leads nearer the zone, waits where none does, and goes where it is least exposed where it
stands exposed with nowhere safe, but for a unit that would then be late (`late`: never while the
Russians bar every way) and whose points the 60 need; and a unit of the rest exposed and out of
contact steps back out of reach, or where it is least exposed, a redoubt's garrison too (`stand_back`).

Level 1 marches one in the Grand Battle (`in_time`): the Guard and the guns among it, the units
holding redoubts only where the others are too few, once it must set out to leave the 60 in time.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from rules.borodino import commands as C
from rules.borodino import movement
from rules.borodino.ai.contact import engages
from rules.borodino.ai.march import march
from rules.borodino.battle import Battle, engaged_around, zoc_reach
from rules.borodino.battlemap import BattleMap
from rules.borodino.victory import DECISIVE_EXIT, outcome
from rules.borodino.movement import passable_steps
from rules.core.ai import Decision
from rules.core.hexes import Hex

FORCE = 76   # Combat Points the column makes with those already off: the 60 of the victory and a margin for losses
STRIKE = 2  # the odds level 1 strikes a French unit at (level1.strikes: 2-1 and better)
SLACK = 2    # Game-Turns to spare a level-1 column sets out with (`in_time`): the way round the enemy may lengthen
CLOSED = 500  # added to the march where no way round the enemy leads to the zone yet
Apply = Callable[[C.Command], Battle]  # carries out a move, and gives the board after it
BACK = ("steps back out of the Russians' reach: a French Combat Point lost counts towards the Russian Substantial "
        "victory, which with their Marginal one draws against the French Decisive (7 September, Victory Conditions)")
STAND = ("the rest of the army stands out of the Russians' reach: the French Decisive victory is won as the game "
         "stands (7 September, Victory Conditions)")
WHY = ("marches for the east edge: 60 Combat Points off it between the two roads win the French "
       "Decisive victory (7 September, Victory Conditions)")


def won(b: Battle) -> bool:
    """Whether the French win were the game to end now, 60 Combat Points off the east edge, and no
    French unit is in contact: the Decisive victory in hand, the French losses no greater than the
    Russian (no Russian Substantial victory, so no Russian Decisive one to draw against it) or a
    redoubt east of the Front Line not Russian (no Marginal one). Whatever the army fights for then
    can only lose it: a French Combat Point lost with no Russian one lost too brings the Russian
    Substantial victory back. A unit in contact stays and fights (Zones of Control D, Combat B),
    and the army that would stand back from it leaves it to be struck at better odds."""
    if b.s["exited"]["french"] < DECISIVE_EXIT or any(engages(b, "french", b.hex_of(u)) for u in b.on_map("french")):
        return False
    ended = outcome(Battle({**b.s, "phase": "over"}))
    return ended is not None and ended["winner"] == "french"


def open_to(b: Battle, side: str) -> bool:
    """Whether the side may win by the east edge (Victory Conditions: 7 Sept and the Grand Battle)
    and its whole army is on the map: a march weighed while reinforcements are still to come (the
    Grand Battle's 5 and 6 Sept) would hold them off the map with the rest that stands."""
    return side == "french" and b.scenario.exits_east and not any(b.defs[u].side == side for u in b.arrivals)


def steps(b: Battle, h: Hex) -> int:
    """The steps from h to the exit zone round the Russian units and the hexes they control; where
    they bar every way, CLOSED more than the march over the ground (march.py)."""
    free = _free(b.map, _barred(b))
    if h in free:
        return free[h]
    return CLOSED + min(march(b.map, h, e) for e in b.map.east_exits)


def _barred(b: Battle) -> frozenset[Hex]:
    """The hexes a marching unit keeps out of: Russian units and the hexes they control (Zones of
    Control, C), the fronts of intact redoubts among them."""
    out: set[Hex] = set()
    for h in b.units_of("russian"):
        out.add(h)
        out.update(zoc_reach(b.map, h))
    for h in b.s["redoubts"]:
        if b.redoubt_active(h):
            out.update(b.map.redoubts[h].front)
    return frozenset(out)


@lru_cache(maxsize=64)  # a Movement Phase asks again for each unit of the column on the same board
def _free(m: BattleMap, barred: frozenset[Hex]) -> dict[Hex, int]:
    ways = passable_steps(m)
    far = {e: 1 for e in m.east_exits if e not in barred}
    todo = deque(far)
    while todo:
        h = todo.popleft()
        for n, _ in ways.get(h, ()):
            if n not in far and n not in barred:
                far[n] = far[h] + 1
                todo.append(n)
    return far


def phases(b: Battle, uid: str) -> int:
    """The Movement Phases a unit takes to leave by the zone, a step a movement point (`steps`)."""
    return -(-steps(b, b.hex_of(uid)) // b.defs[uid].movement)


def column(b: Battle, keep: frozenset[Hex] = frozenset(), whole: bool = False) -> list[str]:
    """The French units that march for the zone this Movement Phase, the fastest first (see the
    module docstring), those in the hexes of `keep` last; the Guard and the guns too when `whole`."""
    free = [u for u in b.on_map("french") if (whole or not b.defs[u].guard and b.defs[u].kind != "artillery")
            and not engages(b, "french", b.hex_of(u))]
    out, total = [], b.s["exited"]["french"]
    for u in sorted(free, key=lambda u: (b.hex_of(u) in keep, phases(b, u), u)):
        if total >= FORCE:
            break
        out.append(u)
        total += b.strength(u)
    return out


def in_time(b: Battle, keep: frozenset[Hex]) -> list[str]:
    """Level 1's column (level1._movement): `column`, the Guard and the guns among it (at the end no
    reserve is kept for a later battle), the units holding victory hexes (`keep`) only where the
    others are too few, and no more than it needs, once the last of the units that bring the points
    off the map to DECISIVE_EXIT would be late were it to wait SLACK Game-Turns more, and while they
    can still leave in the Game-Turns left (this one and those after it: the French move first,
    Sequence of Play); none before or after that. Setting out earlier would take the column from
    battles the army still fights."""
    left = b.scenario.last_turn - b.s["turn"] + 1
    units, total = column(b, keep, whole=True), b.s["exited"]["french"]
    for n, u in enumerate(units):
        total += b.strength(u)
        if total >= DECISIVE_EXIT:
            due = max(phases(b, v) for v in units[:n + 1])
            return units[:n + 1] if left - SLACK <= due <= left else []
    return []


def destination(b: Battle, uid: str, reach: Reach | None = None) -> Hex | None:
    """Where a unit of the column ends its move: off the map when it can leave, else the hex it
    reaches out of contact nearest the zone by `steps`; None when none is nearer than its own.
    Given the Russians' reach (`within_reach`), it keeps out of the hexes where they could strike
    it (`exposed`): the nearest hex it reaches where they could not, if that is nearer than its own
    or its own is exposed; else it waits where it stands. Where every hex it reaches is exposed, and
    its own too, it takes the one least exposed (the Russian strength that could strike it over its
    own), the nearest among those as much."""
    if movement.why_immobile(b, "french", uid):
        return None
    dests = movement.reachable(b, uid)
    if C.OFF in dests:
        return C.OFF
    here = b.hex_of(uid)
    ways = [(steps(b, h), h) for h in dests if h != C.OFF and not engages(b, "french", h)]
    if reach is not None:
        safe = min(((n, h) for n, h in ways if not exposed(b, uid, h, reach)), default=None)
        if safe is not None and (safe[0] < steps(b, here) or exposed(b, uid, here, reach)):
            return safe[1]
        return least_exposed(b, uid, ways, reach) if exposed(b, uid, here, reach) else None
    best = min(ways, default=None)
    return best[1] if best is not None and best[0] < steps(b, here) else None


Reach = dict[Hex, int]  # the Russian Combat Points that could attack a French unit in a hex next Player-Turn


def within_reach(b: Battle) -> Reach:
    """The hexes where a French unit may be attacked in the Russians' next Player-Turn, each with
    the Combat Points of the Russian units that could attack it there: those that may end their move
    next to it (Combat B), or stand next to it unable to move (a unit that begins in an enemy Zone of
    Control stays: Zones of Control, D)."""
    out: dict[Hex, int] = {}
    for uid in b.on_map("russian"):
        h = b.hex_of(uid)
        ends = [h] if b.in_enemy_zoc("russian", h) else [h, *(e for e in movement.reachable(b, uid) if e != C.OFF)]
        for n in {n for e in ends for n in engaged_around(b.map, e)}:
            out[n] = out.get(n, 0) + b.strength(uid)
    return out


def threat(b: Battle, uid: str, h: Hex, reach: Reach) -> Fraction:
    """The Russian strength that could attack the unit in h over its own there, doubled by the
    terrain (Combat J; a redoubt doubles no French unit: Russian Redoubts A)."""
    return Fraction(reach.get(h, 0), b.strength(uid) * b.tables.defence_multiplier.get(b.map.terrain(h), 1))


def exposed(b: Battle, uid: str, h: Hex, reach: Reach) -> bool:
    """Whether the Russians could strike the unit in h at 2-1 or better, where level 1 closes on a
    French unit (level1.strikes: a column where no result eliminates the attacker)."""
    return threat(b, uid, h, reach) >= STRIKE


def moves(b: Battle, apply: Apply, wary: bool = False) -> list[Decision]:
    """The column's Movement Phase on the board `b`, each move carried out by `apply` (which
    updates b) before the next is chosen; the rest of the army stands. When `wary`, the column
    keeps out of the Russians' reach (`within_reach`, `destination`) but for a unit that would
    then be late (it needs every Game-Turn left to leave) and whose points the 60 need (those off and
    the faster units' fall short of them: the column's margin for losses waits where it is safe), and
    a unit of the rest exposed there out of contact steps back (`stand_back`)."""
    out = []
    reach = within_reach(b) if wary else None
    marching = column(b)
    left = b.scenario.last_turn - b.s["turn"] + 1  # Game-Turns left, this one counted
    ahead = b.s["exited"]["french"]  # the points off and those of the faster units of the column
    for uid in marching:  # each on the map: a move before it leaves every other where it stands
        needed, ahead = ahead < DECISIVE_EXIT, ahead + b.strength(uid)
        to = destination(b, uid, None if needed and late(b, uid, left) else reach)
        if to is not None:
            cmd = C.Move(b.hex_of(uid), (to,))
            b = apply(cmd)
            out.append(Decision(cmd.to_text(), WHY))
            reach = within_reach(b) if wary else None  # a unit gone from a hex no longer bars the Russians' way
    if reach is None:
        return out
    for uid in [u for u in b.on_map("french") if u not in marching]:
        to = stand_back(b, uid, reach)
        if to is not None:
            cmd = C.Move(b.hex_of(uid), (to,))
            b = apply(cmd)
            out.append(Decision(cmd.to_text(), BACK))
            reach = within_reach(b)
    return out


def late(b: Battle, uid: str, left: int) -> bool:
    """Whether a unit of the column needs every Game-Turn of the `left` to leave by the zone, where
    waiting out of the Russians' reach would keep it on the map at the end. Not while the Russians
    bar every way to the zone (`steps`, CLOSED): a unit marched then by the ground alone only walks
    next to them, and waits no longer for a way they open (Game-Turn 27 from the set-up, 0600:
    the cavalry of III and IV Corps marched into 2819, beside the Great Redoubt, and 1816, and was
    struck there in most of the games drawn)."""
    return steps(b, b.hex_of(uid)) < CLOSED and phases(b, uid) >= left


def stand_back(b: Battle, uid: str, reach: Reach) -> Hex | None:
    """Where a unit of the army standing while the column marches steps back to: one the Russians
    could strike where it stands (`exposed`), out of contact, goes to the hex it reaches where they
    could not, nearest the zone (`steps`), or where it finds none, to the one least exposed
    (`least_exposed`), as a unit of the column does (the guns of I Corps, 7 Combat Points, stood in
    their set-up hex 3422 once the column had gone, every hex they reached exposed, and four Russian
    units took them there in Game-Turn 30); None where it is safe, may not move, or stands least
    exposed already. A
    redoubt held is left too: the French Marginal victory it counts towards is outranked by the
    Russian Decisive one the march is made against, and five Russian units make a 2-1 on a 7-4 in one."""
    here = b.hex_of(uid)
    if not exposed(b, uid, here, reach) or movement.why_immobile(b, "french", uid) or engages(b, "french", here):
        return None
    ways = [(steps(b, h), h) for h in movement.reachable(b, uid) if h != C.OFF and not engages(b, "french", h)]
    best = min(((n, h) for n, h in ways if not exposed(b, uid, h, reach)), default=None)
    return best[1] if best is not None else least_exposed(b, uid, ways, reach)


def least_exposed(b: Battle, uid: str, ways: list[tuple[int, Hex]], reach: Reach) -> Hex | None:
    """Of the hexes the unit reaches (`ways`, each with its `steps`) and its own, the one where the
    Russian strength that could strike it is least (`threat`), the nearest the zone among those;
    None where that is its own."""
    here = b.hex_of(uid)
    least = min(ways + [(steps(b, here), here)], key=lambda w: (threat(b, uid, w[1], reach), w))
    return None if least[1] == here else least[1]
