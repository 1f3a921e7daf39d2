"""Level 2: level 1 with the sudden deaths counted (decisive.py), and optionally a search.

The seat's level 2 (`Level2()`, ITERATIONS = 0) plays decisive.Decisive: level 1's planner with
How to Win A and C counted from the dice. Measured against level 1 it wins more games from both
seats (README, "Level 2 (Bloody Monday)"), while the search below, at 12 iterations an impulse,
won no more than level 1 and cost about 15 CPU seconds a game, and at 8 an impulse won 1 of 20
games as the French where the seat's won 4 (the same dice seeds). `Level2(iterations=n)` searches:

At the start of each of its impulses (4.0) the commander chooses a macro action: an impulse type
(a Tactical Action, a Pass, the Initiative Disc on reinforcements, 6.1) and, for a Tactical
Action, the leader activated first (5.1) and the area his attack or advance is aimed at (5.3, 1.1),
or level 1's own choice. A macro is carried out by the Decisive planner with those three fixed
(`MacroPlanner`): the moves, battles, hits and retreats follow its priorities, and in every
macro a guard is kept with the supreme commander while the enemy near him could kill him (How to
Win A; 2.4: "Supreme Commanders, Tactical Leaders and Artillery are fragile. Do not leave them
unguarded!"), and an exposed one moves before his logistics activation (3.1): in 10 of 20 games of
level 1 against itself (dice seeds 100-119) the French lost by Napoleon's death.

The search (single-observer ISMCTS): each iteration draws one position consistent with what the
side has seen, from its belief about the enemy's hidden blocks (belief.assign, with dice of the
AI's own drawing), then walks the tree from the root: at each impulse start on the way, the side
to move chooses among the macros this position offers by UCB1 over those offered, the count of
times a macro was offered standing in for its parent's visits. Both sides play the Decisive planner
(with the guard) on the drawn position, which the search treats as known, between impulse starts and, past
the tree, for ROLLOUT more impulses; the position reached is scored by `evaluate`: victory areas (1.1, 8.0),
the morale track (2.4, How to Win C), steps left, the supreme commanders' strength and guard (How
to Win A), and the game's outcome when it ends.

The same view, events and AI seed give the same choice: the iterations are counted, not timed.
Within an impulse, once the macro's first commands are sent, the plans that follow (after each
battle) and the Logistics Phases are the Decisive planner's with the guard (the macro LEVEL1).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from rules import bloody_monday as bm
from rules.bloody_monday import commands as C
from rules.bloody_monday import impulses
from rules.bloody_monday.ai.belief import Belief, assign, believe, board, candidates
from rules.bloody_monday.ai.judgement import distance, expected_hits, objectives, toughness
from rules.bloody_monday.ai.decisive import Decisive
from rules.bloody_monday.ai.level1 import Options, planner
from rules.bloody_monday.game import Game, enemy_of
from rules.core.ai import Decision

ITERATIONS = 0  # determinised playouts per impulse choice (0: no search, the Decisive planner alone)
ROLLOUT = 0  # impulse starts played by level 1 past the tree before the position is scored
LEADERS = 2  # leaders tried first in a Tactical Action, the busiest by level 1's count (5.1)
TARGETS = 2  # areas aimed at per leader, the nearest enemy or victory areas to his units
EXPLORE = 0.7  # UCB1's exploration constant, for rewards in [-1, 1]
STEPS = 600  # commands played in one iteration at most (a safety net: impulses end long before)


class Macro(NamedTuple):
    """An impulse's plan in three choices; `kind` "level1" leaves all three to level 1."""

    kind: str  # "level1", "tactical", "pass" or "initiative"
    leader: str | None = None
    target: int | None = None

    def key(self) -> tuple[str, str, int]:
        return (self.kind, self.leader or "", -1 if self.target is None else self.target)


LEVEL1 = Macro("level1")


class MacroPlanner(Decisive):
    """Level 1's planner held to a macro: its impulse type, its first leader, its target area."""

    def __init__(self, side: str, state: dict, hidden: set[str], draws: list, macro: Macro):
        super().__init__(side, state, hidden, draws)
        self.macro = macro

    def impulse(self, g: Game, o: Options) -> tuple[C.Command, str]:
        word = {"tactical": "tactical", "pass": "pass", "initiative": "initiative reinforcements"}.get(self.macro.kind)
        chosen = o.word(word) if word else None
        if chosen is None:
            return super().impulse(g, o)
        why = {"tactical": f"a Tactical Action{self.aim(g)} (5.0, 5.1)",
               "pass": "a Pass: one unit may move, and two Passes end the turn (7.0)",
               "initiative": "spends the Initiative Disc to deploy reinforcements now (6.1, 3.3)"}[self.macro.kind]
        return chosen, f"{why}; chosen by search over playouts"

    def aim(self, g: Game, leader: bool = True) -> str:
        m = self.macro
        who = f" with {g.defs[m.leader].name or m.leader}" if m.leader and leader else ""
        return who + (f" aimed at {m.target}" if m.target is not None else "")

    def leader(self, g: Game, o: Options, needed: bool = True) -> tuple[C.Command, str] | None:
        m, imp = self.macro, g.s["impulse"]
        if m.leader and imp is not None and not imp["leaders"]:
            first = o.of(C.Activate, lambda c: c.block == m.leader and c.area is None)
            if first:
                return first[0], f"activates {g.defs[m.leader].name or m.leader}{self.aim(g, False)} (5.1)"
        return super().leader(g, o, needed)

    def goals(self, g: Game) -> list[int]:
        t = self.macro.target
        return [t] if t is not None and t in objectives(g, self.side) else super().goals(g)

    def last_defender(self, g: Game, bid: str) -> bool:
        """Level 1's last defenders, and a guard kept with the supreme commander: a combat unit
        stays beside him while the others there have fewer steps than twice the threat around
        him (How to Win A; 5.3.6.1)."""
        if super().last_defender(g, bid):
            return True
        here, chief = g.area(bid), g.chief(self.side)
        if g.defs[bid].is_support or chief not in g.units(here, self.side):
            return False
        others = [u for u in g.units(here, self.side) if u not in (bid, chief) and not g.defs[u].is_support]
        return toughness(g, others) < 2 * threat(g, self.side, here)

    def attack(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        guard = self.guard(g, moves)
        if guard:
            return guard
        t = self.macro.target
        if t is not None:
            moves = [m for m in moves if m.path[-1] == t or m.path[-1] in g.s["impulse"]["new"]]
        return super().attack(g, moves)

    def logistics(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """Level 1's Logistics Phase, but a supreme commander activated where he is exposed moves
        first to the friendly area where his guard best meets the threat (3.1: "may also be moved
        before activating")."""
        cmd, why = super().logistics(g, o)
        chief = g.chief(self.side)
        if not isinstance(cmd, C.Activate) or exposed(g, self.side) <= 0:
            return cmd, why
        moves = o.of(C.Activate, lambda c: c.block == chief and c.area is not None)
        safest = min(moves, key=lambda c: (shortfall(g, self.side, c.area or 0), c.area), default=None)
        if safest is None or shortfall(g, self.side, safest.area or 0) >= shortfall(g, self.side, g.area(chief)):
            return cmd, why
        return safest, (f"moves the supreme commander to {safest.area}, away from the enemy around "
                        f"{g.area(chief)}, and activates him there (3.1; How to Win A)")

    def guard(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """The strongest combat unit free to go joins the supreme commander while his guard is
        short of the threat around him (`exposed`; 2.4: "Do not leave them unguarded!")."""
        chief = g.chief(self.side)
        if g.block(chief)["where"] != "map" or exposed(g, self.side) <= 0:
            return None
        here = g.area(chief)
        free = [m for m in moves if m.path[-1] == here and not g.defs[m.block].is_support
                and not g.contested(g.area(m.block)) and not self.last_defender(g, m.block)]
        if not free:
            return None
        m = max(free, key=lambda m: (g.strength(m.block), m.block))
        return m, (f"joins the guard of the supreme commander in {here}: the enemy around him is expected to roll "
                   f"{threat(g, self.side, here):.1f} hits (How to Win A; 2.4, 5.3.6.1)")


REACH = {0: 1.0, 1: 1.0, 2: 0.5, 3: 0.25}  # an enemy unit's share of the threat by its distance (2.1)


def threat(g: Game, side: str, area: int) -> float:
    """The hits the enemy's combat units in and beside `area` are expected to roll (2.2, 2.3), half
    those two areas away and a quarter three away (fast units move 5 MPs, 2.1)."""
    return sum(expected_hits(g, [u]) * REACH.get(distance(g.area(u), area), 0.0)
               for u in g.on_map(enemy_of(side)) if not g.defs[u].is_support)


def shortfall(g: Game, side: str, here: int) -> float:
    """Twice the threat around `here` less the guard the side's supreme commander would have there
    (his strength and the steps of the side's combat units in it)."""
    chief = g.chief(side)
    guard = toughness(g, [u for u in g.units(here, side) if u != chief and not g.defs[u].is_support])
    return 2 * threat(g, side, here) - guard - g.strength(chief)


def exposed(g: Game, side: str, here: int | None = None) -> float:
    """How far the guard of the side's supreme commander (his strength and the steps of the combat
    units beside him) falls short of twice the threat around him, where he stands or in `here`: How
    to Win A, and 5.3.6.1, support units are hit after the combat units."""
    chief = g.chief(side)
    if g.block(chief)["where"] != "map":
        return 0.0
    return max(0.0, shortfall(g, side, g.area(chief) if here is None else here))


def macros(g: Game, side: str) -> list[Macro]:
    """The macros a position offers `side` at an impulse start: level 1's own, a Pass, the
    Initiative Disc on reinforcements (6.1), and Tactical Actions with one of its LEADERS busiest
    leaders (5.1) aimed at each of the TARGETS nearest enemy or victory areas to his units."""
    out = [LEVEL1, Macro("pass")]
    offered = {c.to_text() for c in bm.legal_commands(g.s, side)}
    if "initiative reinforcements" in offered and g.pool(side):
        out.append(Macro("initiative"))
    if "tactical" not in offered:
        return out
    after = Game(bm.apply(g.s, side, C.Word("tactical"))[0])
    aims = set(objectives(g, side)) | set(g.enemy_areas(side))
    if not aims:
        return out
    leaders: list[tuple[int, str, list[int]]] = []
    for c in Options(after.s, side).of(C.Activate, lambda c: c.area is None and after.is_leader(c.block)):
        units = [u for u in impulses.commanded_by(after, c.block) if not after.defs[u].is_support]
        if not units:
            continue
        near = sorted(aims, key=lambda t: (min(distance(after.area(u), t) for u in units), t))
        near = [t for t in near if min(distance(after.area(u), t) for u in units) <= 2][:TARGETS]
        if near:
            leaders.append((len(units), c.block, near))
    for _, bid, near in sorted(leaders, key=lambda x: (-x[0], x[1]))[:LEADERS]:
        out += [Macro("tactical", bid, None)] + [Macro("tactical", bid, t) for t in near]
    return out


def evaluate(state: dict, side: str) -> float:
    """A position's worth to `side` in [-1, 1]: the outcome when the game is over, else victory
    areas held (1.1, 8.0), blocks lost to the morale track (2.4, How to Win C), steps left, and
    the supreme commanders' strength (How to Win A)."""
    out = state["outcome"]
    if out is not None:
        return 0.0 if out["winner"] is None else 1.0 if out["winner"] == side else -1.0
    g, foe = Game(state), enemy_of(side)
    areas = g.victory_count(side) - g.victory_count(foe)
    morale = len(state["morale"][foe]) - len(state["morale"][side])

    def steps(who: str) -> int:
        return sum(g.strength(b) for b in (*g.on_map(who), *g.pool(who)) if not g.defs[b].is_support)
    chiefs = g.chief_strength(side) - g.chief_strength(foe)
    late = 1.0 + 0.25 * state["turn"]  # the areas count at the end of Turn 4 (8.0)
    return math.tanh(0.12 * late * areas + 0.06 * morale + 0.01 * (steps(side) - steps(foe)) + 0.03 * chiefs
                     + 0.08 * (exposed(g, foe) - exposed(g, side)))


def impulse_start(state: dict) -> str | None:
    """The side choosing an impulse (4.0) now, or None."""
    if state["phase"] != "impulses" or state["battle"] or state["battery"] is not None or state["impulse"]:
        return None
    active = bm.active_sides(state)
    return active[0] if active else None


@dataclass
class Node:
    """A choice made at an impulse start: its visits, summed rewards (for the side that chose it)
    and the times it was offered; children by macro."""

    visits: int = 0
    total: float = 0.0
    offered: int = 0
    children: dict[tuple, Node] = field(default_factory=dict)


class Search:
    """ISMCTS from the side's impulse start (see the module docstring)."""

    def __init__(self, view: dict, belief: Belief, rng: random.Random, rollout: int = ROLLOUT):
        self.view, self.belief, self.rng, self.rollout = view, belief, rng, rollout
        self.side = view["viewer"]
        self.hidden = candidates(view)
        self.root = Node()
        self.known: dict[tuple, Macro] = {}  # each macro by its key

    def best(self, iterations: int) -> Macro:
        """The root's most visited macro after `iterations` playouts (ties: the best total, then the key)."""
        for _ in range(iterations):
            self.iterate(board(self.view, self.belief, assign(self.belief, self.hidden, self.rng), self.rng))
        ranked = sorted(self.root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].total, kv[0]))
        return self.known[ranked[0][0]] if ranked else LEVEL1

    def iterate(self, state: dict) -> None:
        path: list[tuple[Node, str]] = []
        node: Node | None = self.root
        macro, owner, left, steps = LEVEL1, "", self.rollout, 0
        while state["outcome"] is None and steps < STEPS:
            mover = impulse_start(state)
            if mover is not None:
                if node is not None:
                    macro, node = self.select(node, Game(state), mover, path)
                    owner = mover
                else:
                    left -= 1
                    if left < 0:
                        break
                    macro = LEVEL1
            side = bm.active_sides(state)[0]
            cmd, _ = MacroPlanner(side, state, set(), [{}], macro if side == owner else LEVEL1).choose(state)
            state, _ = bm.apply(state, side, cmd)
            steps += 1
        reward = evaluate(state, self.side)
        for n, chooser in path:
            n.visits += 1
            n.total += reward if chooser == self.side else -reward

    def select(self, node: Node, g: Game, mover: str, path: list[tuple[Node, str]]) -> tuple[Macro, Node | None]:
        """UCB1 among the macros offered here; an untried one is expanded and the walk leaves the tree."""
        offered = macros(g, mover)
        for m in offered:
            node.children.setdefault(m.key(), Node()).offered += 1
            self.known.setdefault(m.key(), m)
        untried = [m for m in offered if node.children[m.key()].visits == 0]
        if untried:
            m = untried[self.rng.randrange(len(untried))]
            path.append((node.children[m.key()], mover))
            return m, None

        def ucb(m: Macro) -> float:
            child = node.children[m.key()]
            return child.total / child.visits + EXPLORE * math.sqrt(math.log(child.offered) / child.visits)
        m = max(offered, key=lambda m: (ucb(m), m.key()))
        path.append((node.children[m.key()], mover))
        return m, node.children[m.key()]


class Level2:
    """The level-2 commander: level 1 with the sudden deaths counted (decisive.Decisive); with
    `iterations` > 0, ISMCTS at its impulse starts over macros carried out by that planner."""

    def __init__(self, iterations: int = ITERATIONS, rollout: int = ROLLOUT):
        self.iterations, self.rollout = iterations, rollout

    def plan(self, view: dict, seen: Sequence[dict], rng: random.Random) -> list[Decision]:
        belief = believe(view, seen)
        base = planner(view, belief, rng)
        if not self.iterations:
            return Decisive(base.side, base.state, base.hidden, base.draws).plan()
        macro = LEVEL1
        if impulse_start(view["position"]) == view["viewer"]:
            macro = Search(view, belief, rng, self.rollout).best(self.iterations)
        return MacroPlanner(base.side, base.state, base.hidden, base.draws, macro).plan()
