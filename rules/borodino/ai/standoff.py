"""Where the French stand where the victory conditions count Combat Point losses (7 Sept, the
Grand Battle: goals.counts_losses): off the enemy's front, with their guns two hexes from him.

"French Substantial victory: Russians must have twice as many or more Combat Point losses as the
French, with a minimum of 40 Combat points", and "Russian Substantial victory: French must have
more Combat Point losses than the Russians", which outranks the French Marginal victory of holding
every redoubt (SPI's Borodino rules (1972), 7 September Battle Game, Victory Conditions). A French
unit that ends its move next to an enemy owes him an attack that Player-Turn and every one after
while they stand so (Combat B; ZOC D keeps it there), against a defender doubled by the redoubts,
towns and woods the Russians stand in (Combat J), and stands to be attacked in the Russian
Player-Turn. Level 1 against itself, 7 Sept dice seeds 1-10: the French attacks owed cost them 416
Combat Points for 72 Russian ones, and every game was a Russian victory or a draw. Bombarding
guns suffer no result of their own attack (Artillery C): from two hexes, with no enemy next to
them, they inflict losses for none. So a French unit counts a hex next to an enemy it must attack
as CONTACT half hexes farther from its aims (level1.place_score's measure; a victory hex, or a
redoubt's garrison faced from the rear, apart: taking a redoubt is worth its attack), and French
guns count a hex from which they may bombard an enemy, none next to them, as BATTERY half hexes
nearer, CONCERT more for each other gun that may fire on the same unit. In the last LAST
Game-Turns the French close on the redoubts as before: who occupies them at the end decides the
Marginal victories."""
from __future__ import annotations

from collections.abc import Collection

from rules.borodino import commands as C
from rules.borodino.ai.goals import counts_losses, objectives
from rules.borodino.battle import RING, RING2, Battle, enemy_of
from rules.borodino.combat import strike_refusal
from rules.core.hexes import Hex

CONTACT = 20  # a French unit ending next to an enemy it must attack: ten hexes' march, in half hexes
BATTERY = 8   # French guns ending where they bombard an enemy at no risk: four hexes' march
CONCERT = 4   # and for each other French gun that may fire on the same enemy unit: two hexes' march
LAST = 2      # the last Game-Turns, in which the French close on the redoubts whatever the contact


def adjustment(b: Battle, side: str, uid: str, h: Hex | None) -> int:
    """What standing in h adds to level 1's measure of the hex for this unit, in half hexes (see
    the module docstring): nothing but for the French where losses count."""
    if h is None or h == C.OFF or not applies(b, side):
        return 0
    goals = objectives(b, side)
    if h not in goals and engages(b, side, h, goals):
        return -CONTACT
    return battery(b, side, uid, h) if b.is_artillery(uid) else 0


def applies(b: Battle, side: str) -> bool:
    """Whether the side stands off (see the module docstring): the French where losses count, but
    for the last LAST Game-Turns, where who occupies the redoubts at the end decides the Marginal
    victories (a French unit in one Russian redoubt denies the Russian one) and few attacks owed
    are left to pay."""
    return side == "french" and counts_losses(b) and b.s["turn"] <= b.scenario.last_turn - LAST


def engages(b: Battle, side: str, h: Hex, goals: Collection[Hex]) -> bool:
    """Whether a unit of the side in h must attack an enemy unit next to it (Combat B) other than
    a garrison of a victory hex it faces from the rear (Russian Redoubts F-G: neither doubled nor
    with the redoubt's strength added, the attack that takes the redoubt)."""
    enemy = enemy_of(side)
    rear = h not in b.fronting
    return any(b.side_at(n) == enemy and b.engaged(h, n) and not (rear and n in goals) for n in RING[h])


def battery(b: Battle, side: str, uid: str, h: Hex) -> int:
    """What guns ending in h, none of the enemy next to them, gain as a battery: BATTERY when they
    may fire on an enemy unit two hexes off (Artillery, General Rule; woods block the fire,
    Artillery F, I), and CONCERT more for each other gun of theirs that may fire on the same unit.
    Guns that fire together reach the odds that eliminate: one 7-3 bombarding a 4-4 is 1-1, whose
    results (Dr, Ar) destroy nothing where a retreat is open; 21 against 4 is 5-1, eliminated on 5
    faces of 6 (CRT)."""
    enemy = enemy_of(side)
    best = None
    for n in RING2[h] - RING[h]:
        if b.side_at(n) == enemy and strike_refusal(b.map, True, h, n) is None:
            guns = sum(1 for g in RING2[n] if g != h and (a := b.at(g)) is not None and a != uid and b.side(a) == side
                       and b.is_artillery(a) and strike_refusal(b.map, True, g, n) is None)
            best = max(best or 0, guns)
    return 0 if best is None else BATTERY + CONCERT * best
