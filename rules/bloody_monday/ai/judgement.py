"""What a level-1 Bloody Monday commander weighs: the worth of areas and of battles.

Areas (1.1): each star area is worth a victory point and all seven decide the game at once; the
Flèches count only all three together. Battles (5.3): each side rolls its units' dice at their
firepower (2.2-2.3, support units one die, inspired one better, halved across the Kolocha:
`ground.dice_of`, the function the battle rolls with); the defender's ground absorbs the first
hits (1.2.1); the attacker's activated artillery adds its strength in dice at TF (5.3.1). A battle
is judged by its expected hits dealt less hits taken, and by the area it may win (the more likely
as the hits expected approach what eliminates every defender, 2.4); the commander
averages it over several draws of the hidden enemy blocks from its belief (belief.assign): they
are what it believes, never what they are.
"""
from __future__ import annotations

from collections import deque
from functools import cache

from rules.bloody_monday import ground
from rules.bloody_monday.bm_data import battlefield
from rules.bloody_monday.game import Game, enemy_of
from rules.bloody_monday.victory import last_blood_points

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


def standing(g: Game, side: str) -> tuple[int, str]:
    """What decides the game at the end of Turn 4, and its name: the victory areas held (8.0), or
    in Last Blood the victory points (10.0: the Flèches, the victory areas, the enemy units eliminated)."""
    if g.s["scenario"] == "last_blood":
        return last_blood_points(g, side), "victory points"
    return g.victory_count(side), "victory areas"


def expected_hits(g: Game, units: list[str]) -> float:
    """The hits units are expected to score in ground combat (2.2, 2.3, 5.2.2, 1.2.3)."""
    total = 0.0
    for bid in units:
        dice, need = ground.dice_of(g, bid)
        total += dice * max(0, 7 - need) / 6
    return total


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


def battle_value(g: Game, attacker: str, area: int, attackers: list[str], defenders: list[str]) -> float:
    """The attacker's expected gain from a battle in `area` between these units (their dice read
    off board `g`; the defenders may be drawn from the belief rather than those on `g`)."""
    if not defenders:
        return 0.0
    defender = enemy_of(attacker)
    dealt = max(0.0, expected_hits(g, attackers) + guns(g, attacker, area) - g.defensive_bonus(area, defender))
    taken = expected_hits(g, defenders)
    clear = min(1.0, dealt / toughness(g, defenders)) ** 2  # a rough chance of clearing the area
    value = dealt - taken + clear * (WIN + worth(area))
    if any(g.defs[b].type == "supreme_commander" for b in defenders):
        value += 2 * dealt  # How to Win A: the enemy supreme commander is in the area
    if any(g.defs[b].type == "supreme_commander" for b in attackers):
        value -= 2 * taken
    return value
