"""Level 1: a scripted Borodino commander built on the rule book.

It plans on a board rebuilt from its view (position.py). Movement: every unit, nearest first,
steps towards the victory hexes its side does not hold yet (goals.py) by the way the ground
allows (march.py: round rivers and woods), a unit standing in one it holds stays to defend it,
and among equal steps prefers terrain that doubles a defender (Combat J); units close on an enemy
unit within their reach where the attack they will owe it is at good odds and gains (`strikes`), as
few as make the odds the attack aims for, the rest going about their own aims (`_fewest`).
The whole Movement Phase is planned move by move on the rebuilt board, then `end`. Where the
victory conditions count Combat Point losses (goals.counts_losses: 7 Sept and the Grand Battle,
both sides), the plan is checked against the Combat Phase it leads to (`rash`): a unit that moved next to an
enemy only to owe a losing attack (Combat B; ZOC D keeps it there) is held back out of contact
and the plan made again. Level 2 and the playouts use `moves` unchecked. Combat: every attack
the rules offer is scored by its exact expectation over the CRT (attacks.py); the best is made
while it gains, and while an attack is still owed (Combat B) the least costly one is made (a
soak-off); then `end`. An attack's result is rolled before the next is chosen, so combat is
planned one attack at a time. Mid-turn choices: a beaten enemy unit, whose retreat the victor
chooses (Retreat and Advance), goes where the fewest of its own side stand next to it; advance
into a victory hex or towards one; lose the fewest Combat Points. In the Grand Battle, from the end
of its last night, a side not ahead weighs each attack's results also by what they change in the
game's result (stakes.py), by the losses alone until the last two Game-Turns: an attack at poor odds
that may drive the enemy from the redoubt his marginal victory needs, or bring the losses to a level
that outranks his, is made, and a unit moving next to such an enemy is not held back as rash, unless
the Combat Phase is worth more without its move (a gun that would bombard from two hexes off:
`_stand_to_fire`). There too the French march a column for the east edge once it must set out to
leave 60 Combat Points off it in time, where that Decisive victory would better their result
(`for_the_edge`).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from rules import borodino
from rules.borodino import commands as C
from rules.borodino import movement
from rules.borodino.ai import east_edge
from rules.borodino.ai.leaders import moves as move_leaders
from rules.borodino.ai.attacks import Expectation, expectation
from rules.borodino.ai.contact import engages
from rules.borodino.ai.goals import counts_losses, doubling, exit_decides, loss_weight, objectives
from rules.borodino.ai.march import march
from rules.borodino.ai.position import rebuild
from rules.borodino.ai.stakes import SCENARIOS, Stakes, bettered_by_the_edge
from rules.borodino.battle import Battle, enemy_of, engaged_around
from rules.borodino.battlemap import BattleMap
from rules.borodino.combat import contact
from rules.borodino.legal import attack_candidates, legal_commands, may_attack, may_move
from rules.core.ai import Decision
from rules.core.hexes import Hex

GAIN = Fraction(1, 2)  # an attack not owed is made only when it is expected to gain this much
HOLD = Fraction(0)     # a combined attack a move would owe (Combat B) worth less than this is rash
REPLANS = 3            # movement plans redone, each holding back the rash units found so far
FRONT = 4              # a French unit on a Russian redoubt's front: two hexes' march, in half hexes (place_score)
STRIKES = 4            # enemy units in reach a Movement Phase tries closing on (_advance)
FEWEST = 6             # of the units closing on one, the strongest among which the fewest needed are sought (_fewest)
Closing = tuple[str, str]  # why a unit closes on an enemy: the head, said each time, and the rest, said once
UNSAID: Closing = ("", "")  # a closing weighed, not yet said (`strikes`)
HELD = "; keeps out of contact, where the attack owed would lose (Combat B)"


class Level1:
    """The scripted commander (see the module docstring)."""

    def plan(self, view: dict, seen: object, rng: random.Random) -> list[Decision]:
        side = view["viewer"]
        state = rebuild(view, rng)
        if state["pending"]:
            return [choice(Battle(state), side)]
        if state["phase"] == "movement":
            return _movement(state, side)
        if state["phase"] == "rally":
            moved = move_leaders(state, side)[1]
            why = "the leaders have moved" if moved else "no leader need move to rally a broken unit"
            return moved + [Decision("end", f"{why} (Doomed Victory 8.152)")]
        return [combat(Battle(state), side)]


# --- where to go -----------------------------------------------------------------------------
def targets(b: Battle, side: str) -> dict[Hex, str]:
    """The victory hexes the side does not occupy yet; all of them once it occupies every one."""
    goals = objectives(b, side)
    open_ = {h: why for h, why in goals.items() if b.side_at(h) != side}
    return open_ or goals


def nearest(b: Battle, h: Hex, targets: dict[Hex, str]) -> tuple[int, Hex]:
    """The march to the nearest target (march.py: around rivers and woods), and that target."""
    return _nearest(b.map, h, tuple(targets))


@lru_cache(maxsize=1 << 16)  # hexes times the sets of victory hexes not yet taken: bounded for a long-lived bot
def _nearest(m: BattleMap, h: Hex, targets: tuple[Hex, ...]) -> tuple[int, Hex]:
    """`nearest` on the ground alone, which never changes: worked out once per hex and targets."""
    return min((march(m, h, t), t) for t in targets)


def place_score(b: Battle, side: str, h: Hex, targets: dict[Hex, str]) -> int:
    """How good a hex is to end in, in half hexes (whole numbers keep the measure exact and
    quick): minus the march to the nearest target (march.py), 3 more in a target, a half more where
    the terrain doubles a defender (Combat J), two hexes' march less for a French unit on the front
    of a Russian redoubt (`_fronts`: the attack it owes there meets the garrison doubled and the
    redoubt's strength added, Russian Redoubts C, E-G; from the rear hexes it meets neither)."""
    if h == C.OFF:  # leaving by the east edge counts towards the French decisive victory, once
        held = all(b.side_at(g) == side for g in objectives(b, side))  # every redoubt is French (marginal)
        return 2 if side == "french" and held else -200
    d, _ = nearest(b, h, targets)
    return -2 * d + (6 if h in targets else 0) + (1 if doubling(b, h) else 0) - (FRONT if _fronts(b, side, h) else 0)


def movers(state: dict, side: str) -> list[str]:
    """The units that may move, nearest a victory hex first (the order level 1 moves them in):
    those the Movement Phase's commands move (legal.py), Doomed Victory leaders apart."""
    b = Battle(state)
    goals = objectives(b, side)
    uids = [u for u in may_move(b, side) if movement.reachable(b, u)]
    return sorted(uids, key=lambda u: (nearest(b, start(b, u), goals)[0], u))


def options(b: Battle, side: str, uid: str) -> list[Hex | None]:
    """Where the unit may end its move, best first by level 1's measure (None: it stays)."""
    here = b.hex_of(uid) if b.unit(uid)["where"] == "map" else None
    aims = targets(b, side)
    if here in objectives(b, side) and b.side_at(here) == side:
        return [None]  # Victory Conditions: a victory hex held is defended, not left
    dests = {} if movement.why_immobile(b, side, uid) else movement.reachable(b, uid)
    if C.OFF in dests and exit_decides(b, side, uid):
        return [C.OFF]  # Victory Conditions: the French Decisive victory, whatever the redoubts
    ranked: list[tuple[int, int, Hex]] = [(-place_score(b, side, h, aims), 1, h) for h in dests]
    if here is not None:
        ranked.append((-place_score(b, side, here, aims), 0, here))
    return [None if stay == 0 else h for _, stay, h in sorted(ranked)] or [None]


Pick = Callable[[int, list[Hex | None]], int]


def moves(state: dict, side: str, pick: Pick, held: frozenset[str] = frozenset(),
          drawn: frozenset[Hex] = frozenset(), order: list[str] | None = None,
          closers: Mapping[str, Hex] | None = None,
          said: Mapping[Hex, Closing] | None = None) -> tuple[list[Decision], dict]:
    """A Movement Phase played on the rebuilt board, each mover in level 1's order ending where
    `pick(its index, its options)` says; a unit in `held` keeps to its options out of contact when
    it has any, any other ends next to an enemy in `drawn` when it can, and a unit of `closers` next
    to the enemy unit it closes on (`_movement`, `_advance`: `said` gives the reason of each closing
    on an enemy for the attack it offers, whole the first time, its head alone after).
    `order`: `movers(state, side)` when the caller has it (each mover's route search, once per
    plan). The moves with their reasons, and the board after them."""
    plan: list[Decision] = []
    told: set[str] = set()  # the aims the plan's reasons have given (`_why_place`)
    closers, said = closers or {}, said or {}
    for n, uid in enumerate(movers(state, side) if order is None else order):
        b = Battle(state)
        choices = options(b, side, uid)
        target = closers.get(uid)
        if uid in held:
            kept = [h for h in choices if not engages(b, side, h)]
        else:
            pulled = drawn if target is None else drawn | {target}
            kept = [h for h in choices if engages(b, side, h, pulled)][:1] if pulled else []
        best = (kept or choices)[pick(n, kept or choices) % len(kept or choices)]
        if best is None:
            continue
        here = b.hex_of(uid) if b.unit(uid)["where"] == "map" else None
        cmd = C.Move(here or uid, (best,))
        state, _ = borodino.apply(state, side, cmd)
        why = "leaves by the east edge" if best == C.OFF else _why_place(b, best, targets(b, side), told)
        if kept and uid not in held and target is not None and best != C.OFF and \
                target in engaged_around(b.map, best):
            head, rest = said.get(target, UNSAID)
            why = head if target in told else head + rest
            told.add(target)
        elif kept and uid not in held:
            why = f"joins the attack owed next to it, at better odds (Combat B, E); {why}"
        elif kept and engages(b, side, choices[pick(n, choices) % len(choices)]):
            why += HELD
        plan.append(Decision(cmd.to_text(), why))
    return plan, state


def first(n: int, choices: list[Hex | None]) -> int:
    """Level 1's pick among a unit's options: the best."""
    return 0


def _movement(state: dict, side: str) -> list[Decision]:
    marched, state, column = for_the_edge(state, side)
    order = [u for u in movers(state, side) if u not in column]
    (plan, after), held, drawn = checked(state, side, order)
    if Stakes.of(Battle(state), side) is not None:
        plan, after = _stand_to_fire(state, side, (plan, after), held, drawn, order)
    plan, after = _advance(state, side, (plan, after), held, drawn, order)
    state = after
    _, leaders_moved = move_leaders(state, side)  # Doomed Victory 8.1: after the units they lead
    return marched + plan + leaders_moved + [Decision("end", why_end(marched + plan, held))]


def checked(state: dict, side: str, order: list[str]) -> tuple[tuple[list[Decision], dict], frozenset[str],
                                                               frozenset[Hex]]:
    """The Movement Phase of the units in `order` checked for rash contacts where the victory conditions
    count Combat Point losses (`rash`): the plan made again, up to REPLANS times, holding back the units
    found rash so far and drawing friends to the enemy units attacked at a loss. The plan and the board
    after it, with the units held back and the enemy units drawn to."""
    plan, after = moves(state, side, first, order=order)
    held: frozenset[str] = frozenset()
    drawn: frozenset[Hex] = frozenset()
    for _ in range(REPLANS if counts_losses(Battle(state)) else 0):
        bad, losing = rash(state, after, side)
        if not (bad - held or losing - drawn):
            break
        held, drawn = held | bad, drawn | losing
        plan, after = moves(state, side, first, held, drawn, order)
    return (plan, after), held, drawn


def for_the_edge(state: dict, side: str) -> tuple[list[Decision], dict, frozenset[str]]:
    """In the Grand Battle, a French column that marches for the east edge in time to leave 60 Combat
    Points off it, where that French Decisive victory would better the result (`edge_column`): its
    moves, the board after them and the column, whose units make no other move; none, the board and
    no unit where there is no such column. Level 2 marches the same column and searches the rest of
    the army's moves, its playouts marching it too. Before, the French ahead sat out the end: in dice
    seed 1 of level 1 against itself, every redoubt theirs and two Russian units left, they moved
    nothing from Game-Turn 29 to 39 with 75 Combat Points on the map, and the Russians' last attack
    drew the game."""
    b = Battle(state)
    column = edge_column(b, side)
    now = [state]

    def apply(cmd: C.Command) -> Battle:
        now[0], _ = borodino.apply(now[0], side, cmd)
        return Battle(now[0])
    why = (f"{east_edge.WHY}; the column's last unit leaves within the {b.scenario.last_turn - b.s['turn'] + 1} "
           "Game-Turns left")
    return [Decision(cmd.to_text(), why) for cmd in march_column(b, column, apply)], now[0], frozenset(column)


def edge_column(b: Battle, side: str) -> list[str]:
    """The Grand Battle's French column for the east edge (east_edge.in_time), where the French
    Decisive victory would better the result (stakes.bettered_by_the_edge); the victory hexes held
    keep their units but where the others are too few. None elsewhere."""
    if b.scenario.id not in SCENARIOS or not east_edge.open_to(b, side) or not bettered_by_the_edge(b):
        return []
    return east_edge.in_time(b, frozenset(h for h in objectives(b, side) if b.side_at(h) == side))


def march_column(b: Battle, column: list[str], apply: east_edge.Apply) -> list[C.Move]:
    """The column's moves for the east edge (east_edge.destination), each carried out by `apply`
    (which gives the board after it) before the next is chosen."""
    out = []
    for uid in column:
        to = east_edge.destination(b, uid)
        if to is not None:
            cmd = C.Move(b.hex_of(uid), (to,))
            b = apply(cmd)
            out.append(cmd)
    return out


def why_end(plan: list[Decision], held: frozenset[str]) -> str:
    """Why the Movement Phase ends: every unit that should move has moved, or, where none moved, why
    none did (the line read 'every unit that should move has moved' over phases where nothing moved)."""
    if plan:
        return "every unit that should move has moved (Sequence of Play)"
    if held:
        return "no unit moves: those that could close on the enemy do better where they stand (Combat B)"
    return "no unit moves: none has a better hex within its reach (Sequence of Play)"


def _stand_to_fire(state: dict, side: str, planned: tuple[list[Decision], dict], held: frozenset[str],
                   drawn: frozenset[Hex], order: list[str]) -> tuple[list[Decision], dict]:
    """A side playing for the result (stakes.py) holds back a unit that moved into contact where
    the Combat Phase is worth more without its move: a gun that would bombard a redoubt's occupant
    from two hexes off at 1-1 walked next to it to owe an attack at 1-2 (Artillery A, Combat B), as
    the rash check, which asks only whether the owed attack loses, let it. Each such unit in turn,
    its plan kept when the Combat Phase it leads to is worth more (`_walk`)."""
    plan, after = planned
    best = _walk(state, after, side)[2]
    b0, b1 = Battle(state), Battle(after)
    closing = [u for h, u in b1.stands[side].items()
               if (b0.unit(u)["where"] != "map" or b0.hex_of(u) != h) and engages(b1, side, h)]
    for uid in closing:
        other, later = moves(state, side, first, held | {uid}, drawn, order)
        if (worth := _walk(state, later, side)[2]) > best:
            plan, after, held, best = other, later, held | {uid}, worth
    return plan, after


def _advance(state: dict, side: str, planned: tuple[list[Decision], dict], held: frozenset[str],
             drawn: frozenset[Hex], order: list[str]) -> tuple[list[Decision], dict]:
    """The plan with units brought into contact where the attack they offer is worth making
    (`strikes`), each closing move saying the attack it closes for (`closing`)."""
    closers = strikes(state, side, planned[1], held, drawn, order)
    if not closers:
        return planned
    _, after = moves(state, side, first, held, drawn, order, closers)
    said = closing(state, side, after, frozenset(closers.values()))
    return moves(state, side, first, held, drawn, order, closers, said)


def strikes(state: dict, side: str, after: dict, held: frozenset[str] = frozenset(),
            drawn: frozenset[Hex] = frozenset(), order: list[str] | None = None) -> dict[str, Hex]:
    """The units a Movement Phase closes on enemy units with, and the enemy unit each closes on,
    beside the plan that left `after`: an enemy unit within the movers' reach is struck when the
    Combat Phase then chosen (`_walk`) attacks it at odds whose column eliminates no attacker (CRT:
    2-1 and better), expected to gain at least GAIN, the whole Combat Phase worth GAIN more, and no
    unit that moved owing an attack at a loss it did not owe before (Combat B: an attack once in
    contact is owed, and ZOC D keeps it there). Terrain shows in the odds: a defender in a town, on
    a wooded road or in a redoubt is doubled (Combat J). It is struck with what the odds need
    (`_fewest`), the rest of the movers going about their own aims. Before, level 1 marched on the
    victory hexes alone: once it held them all it waited beside them, and an enemy unit left alone
    within its reach was never struck. The enemy units with the most hexes around them in reach
    first, at most STRIKES of them tried, each kept only where it betters the plan."""
    order = movers(state, side) if order is None else order
    bad, _, best, _ = _walk(state, after, side)
    b = Battle(state)
    free = [u for u in order if u not in held and not movement.why_immobile(b, side, u)]
    reach = {h for u in free for h in movement.reachable(b, u) if h != C.OFF}
    enemy = enemy_of(side)
    near = sorted({n for h in reach for n in engaged_around(b.map, h) if b.side_at(n) == enemy},
                  key=lambda n: (-sum(h in reach for h in engaged_around(b.map, n)), n))
    closers: dict[str, Hex] = {}
    for h in near[:STRIKES]:
        def struck(units: tuple[str, ...], h: Hex = h) -> Strike | None:
            _, later = moves(state, side, first, held, drawn, order, {**closers, **dict.fromkeys(units, h)})
            worse, _, worth, chosen = _walk(state, later, side)
            odds, value = chosen.get(h, ("", Fraction(-1)))
            good = worse <= bad and worth >= best + GAIN and value >= GAIN and "Ae" not in b.tables.faces(odds)
            return Strike(value, worth, later) if good else None
        others = tuple(u for u in free if u not in closers)
        every = struck(others)
        if every is not None:
            units, done = _fewest(b, _closed_on(b, Battle(every.later), others, h), every, struck)
            closers.update(dict.fromkeys(units, h))
            best = done.worth
    return closers


class Strike(NamedTuple):
    """A strike weighed (`strikes`): its attack's expected value, the whole Combat Phase's, and the
    board after the moves."""

    value: Fraction
    worth: Fraction
    later: dict


def _fewest(b: Battle, came: list[str], every: Strike,
            struck: Callable[[tuple[str, ...]], Strike | None]) -> tuple[tuple[str, ...], Strike]:
    """The fewest of the units that `came` next to an enemy unit when every mover could close on
    it whose attack is worth as much (`struck`: at the odds column it aims for, the best the CRT
    gives them, Combat Results Table), the weakest first among as many, and that strike; all of
    them where none fewer do. The odds need no more: a 2-point cavalry unit struck by three
    divisions is at 6-1 with two, and past 6-1 the CRT reads the attack as 6-1 (Combat, General
    Rule), while each unit kept out of it goes about its own aim. Tried among the FEWEST strongest
    that came (each try a Movement Phase and its Combat Phase walked)."""
    pool = sorted(came, key=lambda u: (-b.strength(u), u))[:FEWEST]
    fewer = sorted((c for k in range(1, len(came)) for c in combinations(pool, k)),
                   key=lambda c: (len(c), sum(b.strength(u) for u in c), c))
    for units in fewer:
        tried = struck(units)
        if tried is not None and tried.value >= every.value:
            return units, tried
    return tuple(came), every


def _closed_on(b: Battle, after: Battle, units: tuple[str, ...], h: Hex) -> list[str]:
    """The units that moved (from `b`) to end next to the enemy unit in h (`after`)."""
    around = engaged_around(b.map, h)
    return [u for u in units if after.unit(u)["where"] == "map" and after.hex_of(u) in around
            and (b.unit(u)["where"] != "map" or b.hex_of(u) != after.hex_of(u))]


def closing(state: dict, side: str, after: dict, hexes: frozenset[Hex]) -> dict[Hex, Closing]:
    """Why units close on each enemy of `hexes` (`strikes`), read from the Combat Phase the board
    `after` the moves opens (`_walk`): the attack made on it, at its odds and expectation. Level
    2's plan may hold back every unit that would close on one (no attack on it then, and no move
    that says so)."""
    chosen = _walk(state, after, side)[3]
    return {h: (f"closes on {h} to attack it at {chosen[h][0]}", f" (expected {float(chosen[h][1]):+.1f} Combat "
                "Points over the CRT): the odds favour the attack it will owe (Combat B)") if h in chosen else
            (f"closes on {h} to attack it", " (Combat B)") for h in hexes}


def rash(before: dict, after: dict, side: str) -> tuple[frozenset[str], frozenset[Hex]]:
    """The units that moved into contact where the attack they would owe is expected to lose,
    and the enemy units that units which did not move must attack at a loss (where friends that
    join the attack would better its odds, Combat E).

    Combat (B): "ALL Enemy units to which there are Friendly units adjacent MUST be attacked", and
    ZOC (D): a unit in an enemy controlled hex may not leave it. So a unit that ends its move next
    to an enemy unit has bought an attack. The Combat Phase after the moves is walked as `combat`
    would choose its attacks, without rolling: each attack chosen marks its units as having fought
    (Combat D). A unit that moved and is then owed an attack worth less than HOLD (a soak-off
    at bad odds) is rash. Friends that moved later in the same plan count: a unit arriving first
    at a good combined attack is not rash."""
    bad, losing, _, _ = _walk(before, after, side)
    return bad, losing


Chosen = dict[Hex, tuple[str, Fraction]]  # each enemy hex attacked in a walk: the odds and the attack's value


def _walk(before: dict, after: dict, side: str) -> tuple[frozenset[str], frozenset[Hex], Fraction, Chosen]:
    """`rash`'s walk of the Combat Phase after the moves: the rash units, the enemy units attacked at
    a loss from where units stood, the value of every attack chosen, and each defender's attack."""
    old = Battle(before)
    state, _ = borodino.apply(after, side, C.End())
    b = Battle(state)
    goals = objectives(b, side)  # a unit taking a victory hex is worth its attack (Victory Conditions)
    moved = {u for h, u in b.stands[side].items()
             if (old.unit(u)["where"] != "map" or old.hex_of(u) != h) and h not in goals}
    out: set[str] = set()
    losing: set[Hex] = set()
    total = Fraction(0)
    chosen_at: Chosen = {}
    fights = state["phase"] == "combat" and state["player"] == side  # else no combat phase follows
    while fights and (chosen := _chosen(b, side)) is not None:
        e, attack, owed = chosen
        if not (owed or e.value >= GAIN):
            break
        total += e.value
        chosen_at.update((h, (e.odds, e.value)) for h in attack.defenders)
        units = [u for h in attack.attackers if (u := b.at(h))]
        if e.value < HOLD:
            movers_in = moved.intersection(units)
            out |= movers_in
            if not movers_in:  # units that stood there already: friends may join them (Combat E)
                losing |= set(attack.defenders)
        for u in units:
            b.edit(u)["attacked"] = True
        for h in attack.defenders:
            if (d := b.at(h)) is not None:
                b.edit(d)["defended"] = True
            elif h in state["redoubts"]:
                state["redoubts"][h]["attacked"] = True
        b = Battle(state)
    return frozenset(out), frozenset(losing), total, chosen_at


def _fronts(b: Battle, side: str, h: Hex) -> bool:
    """Whether a French unit in h stands on the front of a redoubt with its strength and ZOC
    (Russian Redoubts C, E-G): the attack it owes there meets the garrison doubled."""
    return side == "french" and h in b.fronting and any(map(b.redoubt_active, b.fronting[h]))


def start(b: Battle, uid: str) -> Hex:
    """Where a unit moves from: its hex, or the road end it enters by (Reinforcements)."""
    u = b.unit(uid)
    start = u["hex"] if u["where"] == "map" else u.get("entry")
    assert start is not None, f"{uid} moves but is neither on the map nor at an entry hex"
    return start


def _why_place(b: Battle, h: Hex, targets: dict[Hex, str], told: set[str]) -> str:
    """Why a unit ends its move in h: the aim it takes or closes on, and what the aim is worth the
    first time a plan names it (`told`: those named before; a channel reads every reason)."""
    d, t = nearest(b, h, targets)
    where = f"takes {t}" if d == 0 else f"closes on {t}, a march of {d} hex{'es' if d > 1 else ''}"
    worth = "" if targets[t] in told else f": {targets[t]}"
    told.add(targets[t])
    return where + worth + ("; doubled in its terrain (Combat J)" if d and doubling(b, h) else "")


# --- combat ----------------------------------------------------------------------------------
def combat(b: Battle, side: str, holding: bool = False) -> Decision:
    """The next command of the Combat Phase (see the module docstring); level 2 asks it `holding`
    its victory hexes (attacks.expectation)."""
    chosen = _chosen(b, side, holding)
    if chosen is not None:
        best, attack, owed = chosen
        if owed or best.value >= GAIN:
            why = _why_attack(attack, best, objectives(b, side), owed and best.value < GAIN)
            return Decision(attack.to_text(), why)
    return Decision("end", "no attack left that is owed or expected to gain (Combat B)")


def _chosen(b: Battle, side: str, holding: bool = False) -> tuple[Expectation, C.Attack, bool] | None:
    """The legal attack worth most by its expectation (attacks.py), and whether an attack is owed
    (Combat B: `end` is refused); None when no attack is left. The attacks `legal_commands` would
    try are scored first and checked against Combat B-D best first, up to the first legal one:
    an attack the rules refuse has no expectation or fails that check."""
    goals, weight, stakes = objectives(b, side), loss_weight(b, side), Stakes.of(b, side)
    now = contact(b, side)
    scored = sorted(((e, a.to_text(), a) for a in attack_candidates(b, side, now)
                     if (e := expectation(b, side, a, goals, weight, holding, now, stakes))),
                    key=lambda x: (x[0].value, x[1]), reverse=True)
    best = next(((e, attack) for e, _, attack in scored if may_attack(b, side, attack, now)), None)
    return None if best is None else (best[0], best[1], bool(now.required))


def _why_attack(attack: C.Attack, e: Expectation, goals: dict[Hex, str], soak: bool) -> str:
    target = "+".join(attack.defenders)
    head = f"attacks {target} at {e.odds} (expected {float(e.value - e.stake):+.1f} Combat Points over the CRT)"
    chances, changes = e.turns
    if chances and not soak:
        odds = "on every result" if chances == 6 else f"{chances} chance{'s' * (chances > 1)} in 6 that"
        return f"{head}: {e.aim}: {odds} {changes} (Victory Conditions)"
    if soak:
        return head + ": the cheapest attack that meets the attacks owed (Combat B)"
    hexes = [d for d in attack.defenders if d in goals]
    if hexes:
        return f"{head}: {goals[hexes[0]]}"
    return head + (": no result strikes the guns that fire it (Artillery C)" if e.spared else ": the CRT favours it")


# --- mid-turn choices -------------------------------------------------------------------------
def choice(b: Battle, side: str) -> Decision:
    """The choice a combat result waits for (see the module docstring)."""
    step = b.s["pending"]["steps"][0]
    options = legal_commands(b, side)
    aims = targets(b, side)
    if step["kind"] == "lose":
        lose = min((c for c in options if isinstance(c, C.Lose)),
                   key=lambda c: (sum(b.strength(b.at(h) or "") for h in c.units), c.units))
        return Decision(lose.to_text(), "gives up the fewest Combat Points the exchange allows (CRT, Ex)")
    if step["kind"] == "retreat":
        retreats = [c for c in options if isinstance(c, C.Retreat)]
        best = max(retreats, key=lambda c: (-_enemies_near(b, side, c.to), place_score(b, side, c.to, aims), c.to))
        return Decision(best.to_text(), _why_retreat(side, best.to))
    if step["kind"] == "advance":
        advances = [c for c in options if isinstance(c, C.Advance) and c.to]
        scored = [(place_score(b, side, c.to or "", aims) - place_score(b, side, c.unit, aims), c.to_text())
                  for c in advances]
        if scored and max(scored)[0] > 0:
            gain, text = max(scored)
            return Decision(text, "advances after combat towards the victory hexes (Retreat and Advance)")
        return Decision("stay", "no advance brings a unit nearer a victory hex")
    return Decision("stay", "bombarding artillery need not share the attack's retreat, and keeps its hex (Artillery C)")


def _why_retreat(side: str, to: Hex) -> str:
    """The reason of a retreat chosen: the unit retreating is the enemy's, the victor choosing."""
    beaten = enemy_of(side).title()
    return (f"the victor chooses where a beaten unit retreats (Retreat and Advance): to {to}, the hex "
            f"offered with the fewest {beaten} units next to it, away from its own side")


def _enemies_near(b: Battle, side: str, h: Hex) -> int:
    return sum(1 for n in b.map.adjacent(h) if b.side_at(n) == enemy_of(side))
