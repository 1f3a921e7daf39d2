"""What a level-1 Bloody Monday commander weighs: the worth of areas and of battles.

Areas (1.1): each star area is worth a victory point and all seven decide the game at once; the
Flèches count only all three together. Battles (5.3): each side rolls its units' dice at their
firepower (2.2-2.3, support units one die, inspired one better, halved across the Kolocha:
`ground.dice_of`, the function the battle rolls with); the defender's ground absorbs the first
hits (1.2.1); the attacker's activated artillery adds its strength in dice at TF (5.3.1). A battle
is judged by its expected hits dealt less hits taken, and by the area it may win, averaged over
the boards drawn from the belief (belief.determinise): the hidden defenders are what the commander
believes, never what they are.
"""
from __future__ import annotations

from collections import deque
from fractions import Fraction
from functools import cache

from rules.bloody_monday import ground
from rules.bloody_monday.bm_data import battlefield
from rules.bloody_monday.game import Game, enemy_of

STAR, FLECHE = 10.0, 4.0  # 1.1: a victory area; one of the three Flèches (worth a point only together)
WIN = 3.0  # a battle that clears the area wins its control (Controlled Area)


def worth(area: int) -> float:
    """What holding an area is worth (1.1)."""
    a = battlefield().areas[area]
    return FLECHE if a.fleche else STAR if a.victory else 0.5


@cache
def _distances(origin: int) -> dict[int, int]:
    """Areas between two areas on the map graph, ignoring terrain (a yardstick, not a route)."""
    areas = battlefield().areas
    out, todo = {origin: 0}, deque([origin])
    while todo:
        n = todo.popleft()
        for m in sorted(areas[n].neighbours):
            if m not in out:
                out[m] = out[n] + 1
                todo.append(m)
    return out


def distance(a: int, b: int) -> int:
    return _distances(a)[b]


def objectives(g: Game, side: str) -> list[int]:
    """The victory areas and Flèches the side does not control yet (1.1)."""
    f = g.field
    return [n for n in (*f.victory_areas, *f.fleches) if g.owner(n) != side]


def expected_hits(g: Game, units: list[str]) -> float:
    """The hits units are expected to score in ground combat (2.2, 2.3, 5.2.2, 1.2.3)."""
    total = Fraction(0)
    for bid in units:
        dice, need = ground.dice_of(g, bid)
        total += dice * Fraction(max(0, 7 - need), 6)
    return float(total)


def toughness(g: Game, units: list[str]) -> int:
    """The hits that eliminate units: strength for combat units, one for support units (2.4)."""
    return sum(1 if g.defs[b].is_support else g.strength(b) for b in units)


def guns(g: Game, side: str, area: int) -> float:
    """5.3.1: expected hits of the side's activated, not exhausted artillery adjacent to `area`,
    at most the supreme commander's strength of them, strength dice at TF each."""
    near = sorted((g.strength(b) for b in g.on_map(side) if g.defs[b].type == "artillery"
                   and g.block(b)["activated"] and not g.exhausted(b) and g.area(b) in g.areas[area].neighbours),
                  reverse=True)
    return sum(near[:g.chief_strength(side)]) * 0.5


def battle_value(g: Game, attacker: str, area: int, joining: tuple[str, ...] = ()) -> float:
    """The attacker's expected gain from a battle in `area` on one board, with `joining` units moved in."""
    defender = enemy_of(attacker)
    mine = [b for b in g.units(area, attacker) if b not in joining] + list(joining)
    theirs = g.units(area, defender)
    if not theirs:
        return 0.0
    dealt = max(0.0, expected_hits(g, mine) + guns(g, attacker, area) - g.defensive_bonus(area, defender))
    taken = expected_hits(g, theirs)
    value = dealt - taken
    if dealt >= toughness(g, theirs):
        value += WIN + worth(area)
    if any(g.defs[b].type == "supreme_commander" for b in theirs):
        value += 2 * dealt  # How to Win A: the enemy supreme commander is in the area
    if any(g.defs[b].type == "supreme_commander" for b in mine):
        value -= 2 * taken
    return value


def average(boards: list[Game], attacker: str, area: int, joining: tuple[str, ...] = ()) -> float:
    """`battle_value` over the boards drawn from the belief."""
    return sum(battle_value(g, attacker, area, joining) for g in boards) / len(boards)
