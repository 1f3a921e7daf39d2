"""Level 1: a Bloody Monday commander playing by heuristics on the rule book's priorities.

It plans on boards drawn from its belief about the enemy's hidden blocks (belief.py) and judges
areas and battles with judgement.py. Each plan runs on the first board, command after command,
until a command whose outcome hangs on dice or on hidden blocks (a battle, a gun's fire, a hit, a
retreat, reinforcements, the end of an impulse): the game answers it before the next is chosen.

* Impulse (4.0): a Tactical Action when it has a leader to activate and something to do with him;
  a Pass when the enemy has just passed and it leads on victory areas (7.0: the turn ends), or
  when nothing is worth a leader's step; the Initiative Disc on reinforcements (6.1) when several
  wait in the pool.
* Tactical Action (5.0): leaders near the enemy or an open victory area first (5.1); then attack
  groups, each formed where the expected hits dealt beat those taken (5.3), victory areas taken
  when empty, the rest closing on the nearest victory area it lacks, a last defender never leaving
  its victory area; artillery activated beside the battles (5.2.1); one inspiration per leader
  (5.2.2); battles newly engaged first, then those worth fighting; every gun fired (5.3.1).
* Defence: a retreat with the Initiative Disc (6.4) when the battle is expected lost or the supreme
  commander stands in it; hits to the unit whose loss costs least (5.3.6): a unit that does not
  count for morale (2.4), artillery before leaders, the supreme commander last; jagers ambush (9.1).
* Logistics (3.0): the supreme commander activated while he keeps a star to command with (3.1,
  2.6.3), every reinforcement (3.3), steps restored leaders first (3.4-3.6).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from rules import bloody_monday as bm
from rules.bloody_monday import commands as C
from rules.bloody_monday import impulses
from rules.bloody_monday.ai.belief import believe, determinise
from rules.bloody_monday.ai.judgement import average, distance, expected_hits, objectives, worth
from rules.bloody_monday.game import Game, enemy_of
from rules.core.ai import Decision

BOARDS = 6  # positions drawn from the belief to judge battles on
FINAL = (C.Battle, C.Fire, C.Hit, C.Retreat, C.Skirmish, C.Ambush, C.Reinforce, C.Initiative, C.Word)
STEPS = 120  # more commands than any impulse holds


class Level1:
    """The heuristic commander (see the module docstring)."""

    def plan(self, view: dict, seen: Sequence[dict], rng: random.Random) -> list[Decision]:
        side = view["viewer"]
        belief = believe(view, seen)
        boards = [determinise(view, belief, rng) for _ in range(BOARDS)]
        return Planner(side, boards).plan()


class Planner:
    """One plan on the first board; battles judged on all of them."""

    def __init__(self, side: str, boards: list[dict]):
        self.side, self.state, self.others = side, boards[0], boards[1:]

    def boards(self) -> list[Game]:
        return [Game(self.state)] + [Game(b) for b in self.others]

    def plan(self) -> list[Decision]:
        out: list[Decision] = []
        for _ in range(STEPS):
            if self.side not in bm.active_sides(self.state):
                break
            cmd, reason = self.choose(self.state)
            out.append(Decision(cmd.to_text(), reason))
            if isinstance(cmd, FINAL) and cmd.to_text() not in ("tactical", "pass"):
                break
            self.state, _ = bm.apply(self.state, self.side, cmd)
            self.others = [bm.apply(b, self.side, cmd)[0] for b in self.others]
        return out

    def choose(self, s: dict) -> tuple[C.Command, str]:
        legal = bm.legal_commands(s, self.side)
        if s["phase"] == "logistics":
            return self.logistics(Game(s), legal)
        if s["battle"]:
            return self.battle(Game(s), legal)
        if s["battery"] is not None:
            return self.battery(Game(s), legal)
        if s["impulse"] is None:
            return self.impulse(Game(s), legal)
        return self.action(Game(s), legal)

    # --- the impulse (4.0) ---------------------------------------------------------------------
    def impulse(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        me, enemy = self.side, enemy_of(self.side)
        texts = {c.to_text(): c for c in legal}
        lead = g.victory_count(me) - g.victory_count(enemy)
        if g.s["passes"] == 1 and lead > 0:
            return texts["pass"], f"passes to end the turn while ahead on victory areas, {lead} more (7.0, 8.0)"
        if "initiative reinforcements" in texts and len(g.pool(me)) >= 3 and g.logistics_value(me) >= 3:
            return texts["initiative reinforcements"], (f"spends the Initiative Disc to call {len(g.pool(me))} "
                                                        "waiting reinforcements (6.1)")
        if "tactical" in texts and self.worth_a_tactical(g):
            return texts["tactical"], "a Tactical Action: leaders to activate and enemies or victory areas in reach (5.0)"
        return texts["pass"], "nothing is worth a leader's step this impulse; one unit may move (7.0)"

    def worth_a_tactical(self, g: Game) -> bool:
        trial = Planner(self.side, [bm.apply(g.s, self.side, C.Word("tactical"))[0]])
        return any(d.command.startswith(("move", "battle")) for d in trial.plan())

    # --- a Tactical Action, a Pass, Initiative movement --------------------------------------------
    def action(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        imp = g.s["impulse"]
        if imp["kind"] == "tactical" and imp["segment"] == "activation":
            chosen = self.leader(g, legal)
            if chosen:
                return chosen
        moves = [c for c in legal if isinstance(c, C.Move)]
        move = self.attack(g, moves) or self.capture(g, moves) or self.approach(g, moves, imp["kind"] == "pass")
        if move:
            return move
        for c in legal:
            if isinstance(c, C.Activate) and c.area is None and g.defs[c.block].type == "artillery":
                near = [n for n in g.areas[g.area(c.block)].neighbours if g.contested(n) and self.fights(n)]
                if near:
                    return c, f"activates its artillery beside the battle in {near[0]} (5.2.1)"
        inspire = self.inspiration(g, legal)
        if inspire:
            return inspire
        battles = [c for c in legal if isinstance(c, C.Battle)]
        due = impulses.due_battles(g)
        for c in battles:
            if c.area in due:
                return c, f"fights the new engagement in {c.area} first, as it must (5.3; FAQ 5)"
        for c in battles:
            if self.fights(c.area):
                return c, f"fights in {c.area}: expected {self.value(c.area):+.1f} hits and ground (5.3)"
        ends = [c for c in legal if c.to_text() == "end"]
        if ends:
            return ends[0], "no move, battle or inspiration left worth making (5.4)"
        return legal[0], "the only command the rules leave"

    def leader(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str] | None:
        """5.1: the fresh leader commanding most units within two areas of an objective or enemy."""
        me = self.side
        imp = g.s["impulse"]
        taken = set(imp["commanded"]) | {u for ld in imp["leaders"] for u in impulses.commanded_by(g, ld)}
        targets = set(objectives(g, me)) | set(g.enemy_areas(me))
        best: tuple[int, str] | None = None
        for c in legal:
            if not (isinstance(c, C.Activate) and c.area is None and g.is_leader(g.resolve(me, c.block))):
                continue
            bid = g.resolve(me, c.block)
            units = [u for u in impulses.commanded_by(g, bid) - taken if not g.defs[u].is_support]
            busy = sum(1 for u in units if min(distance(g.area(u), t) for t in targets) <= 2)
            if busy and (best is None or (busy, bid) > best):
                best = (busy, bid)
        if best is None and not imp["leaders"]:
            first = next((c for c in legal if isinstance(c, C.Activate) and c.area is None), None)
            return first and (first, "a Tactical Action activates at least one leader (5.1)")
        if best is None:
            return None
        busy, bid = best
        return (C.Activate(bid, None),
                f"activates {g.defs[bid].name or bid} (5.1): {busy} units he commands are near the enemy or a "
                "victory area")

    def attack(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """5.3: the attack group worth most: units join an enemy area while the battle is expected to gain."""
        me = self.side
        imp = g.s["impulse"]
        if imp["kind"] not in ("tactical", "special"):
            return None
        by_area: dict[int, list[str]] = {}
        for m in moves:
            if g.has_enemy(me, m.path[-1]):
                by_area.setdefault(m.path[-1], []).append(m.block)
        for area in imp["new"]:  # a battle begun must be fought (FAQ 5): its group is completed first
            movers = sorted(by_area.get(area, []), key=lambda b: (-expected_hits(g, [b]), b))
            if movers and average(self.boards(), me, area, (movers[0],)) > self.value(area):
                return (C.Move(movers[0], (area,)),
                        f"joins the attack on {area} with {g.defs[movers[0]].label} (5.3)")
        best: tuple[float, int, str] | None = None
        for area, movers in sorted(by_area.items()):
            strongest = sorted(movers, key=lambda b: (-expected_hits(g, [b]), b))
            group: tuple[str, ...] = ()
            for b in strongest:
                group += (b,)
                value = average(self.boards(), me, area, group)
                if value > 0 and (best is None or (value, -area, group[0]) > (best[0], -best[1], best[2])):
                    best = (value, area, group[0])
                    break
        if best is None:
            return None
        value, area, bid = best
        return (C.Move(bid, (area,)),
                f"attacks {area} with {g.defs[bid].label} (expected {value:+.1f} hits and ground, 5.3)")

    def capture(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """Controlled Area: an enemy victory area left empty is taken by entering it (1.1)."""
        me = self.side
        open_ = [m for m in moves if m.path[-1] in objectives(g, me) and not g.at[m.path[-1]]
                 and not self.last_defender(g, m.block)]
        if not open_:
            return None
        m = min(open_, key=lambda m: (-worth(m.path[-1]), g.strength(m.block), m.block))
        return m, f"takes {m.path[-1]}, an empty victory area (1.1; Controlled Area)"

    def approach(self, g: Game, moves: list[C.Move], quiet: bool) -> tuple[C.Command, str] | None:
        """Units not in contact close on the nearest victory area their side lacks (1.1)."""
        me = self.side
        goals = objectives(g, me)
        if not goals:
            return None
        best: tuple[int, str, int] | None = None
        for m in moves:
            here, there = g.area(m.block), m.path[-1]
            d = g.defs[m.block]
            if (d.is_support or g.has_enemy(me, there) or g.contested(here) or self.last_defender(g, m.block)
                    or any(g.has_enemy(me, n) for n in g.areas[here].neighbours)):
                continue
            gain = min(distance(here, t) for t in goals) - min(distance(there, t) for t in goals)
            if gain > 0 and (best is None or (gain, m.block, -there) > (best[0], best[1], -best[2])):
                best = (gain, m.block, there)
        if best is None:
            return None
        gain, bid, there = best
        goal = min(goals, key=lambda t: (distance(there, t), t))
        why = "the one unit a Pass moves (7.0)" if quiet else "movement (5.2)"
        return C.Move(bid, (there,)), f"closes on {goal}, a victory area it lacks, {distance(there, goal)} areas away: {why}"

    def last_defender(self, g: Game, bid: str) -> bool:
        """Whether `bid` is the last combat unit in a victory area of its side (1.1)."""
        here = g.area(bid)
        if worth(here) < 1:
            return False
        others = [b for b in g.units(here, self.side) if b != bid and not g.defs[b].is_support]
        return not others

    def inspiration(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str] | None:
        """5.2.2: each leader inspires the strongest unit about to fight."""
        fights = [c for c in legal if isinstance(c, C.Inspire) and g.contested(g.area(c.block))]
        if not fights:
            return None
        c = max(fights, key=lambda c: (g.strength(c.block), c.block, c.leader))
        return c, f"inspires {g.defs[c.block].label} before the battle in {g.area(c.block)}: one better to hit (5.2.2)"

    def value(self, area: int) -> float:
        return average(self.boards(), self.side, area)

    def fights(self, area: int) -> bool:
        return self.value(area) > 0

    # --- battles (5.3, 6.4, 9.1) -----------------------------------------------------------------
    def battle(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        bt = g.s["battle"]
        for c in legal:
            if isinstance(c, C.Fire):
                return c, f"fires {g.defs[c.block].label} into {c.area}: its strength in dice at TF (5.3.1)"
        if bt["choice"]:
            return self.hit(g, legal)
        if bt["stage"] == "retreat":
            return self.retreat(g, legal)
        for c in legal:
            if isinstance(c, C.Ambush):
                return c, f"{g.defs[c.block].label} lies in ambush: it rolls before any other unit (9.1)"
        return [c for c in legal if c.to_text() == "end"][0], "no gun left to fire (5.3.1)"

    def hit(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        """5.3.6: the owner chooses among equally strong units: the cheapest loss."""
        def cost(c: C.Command) -> tuple:
            assert isinstance(c, C.Hit)
            bid = c.blocks[0]
            d = g.defs[bid]
            dies = d.is_support or g.strength(bid) <= 1
            rank = ("artillery", "tactical_leader", "supreme_commander")
            return (rank.index(d.type) if d.type in rank else -1, dies and d.counts_for_morale,
                    "yellow" in g.cubes(bid), bid)
        c = min(legal, key=cost)
        assert isinstance(c, C.Hit)
        d = g.defs[c.blocks[0]]
        why = "no loss for morale (2.4)" if not d.counts_for_morale else \
            "artillery before leaders, the supreme commander last" if d.is_support else "the least costly loss"
        return c, f"the hit goes to {d.label}: {why} (5.3.6)"

    def retreat(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        """6.4: retreat when the battle is expected lost for the defender, or the chief is in it."""
        bt = g.s["battle"]
        area = bt["area"]
        stand = -average(self.boards(), bt["attacker"], area)
        chief = g.chief(self.side) in g.units(area, self.side)
        retreats = sorted((c for c in legal if isinstance(c, C.Retreat)), key=lambda c: (-len(c.areas), c.to_text()))
        if retreats and (chief or stand < -1):
            why = "the supreme commander stands in it (How to Win A)" if chief else f"expected {stand:+.1f} if it stands"
            return retreats[0], f"spends the Initiative Disc to retreat from {area}: {why} (6.4)"
        return [c for c in legal if c.to_text() == "end"][0], f"stands in {area}: expected {stand:+.1f} (6.4)"

    def battery(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        """9.2: each gun fires once, into the adjacent area where the most Russian blocks stand."""
        shots = [c for c in legal if isinstance(c, C.Fire)]
        if not shots:
            return legal[-1], "every Grande Batterie gun has fired (9.2)"
        c = max(shots, key=lambda c: (len(g.units(c.area, "russian")), worth(c.area), -c.area, c.block))
        return c, f"the Grande Batterie fires {g.defs[c.block].label} into {c.area}, the most Russian blocks (9.2)"

    # --- the Logistics Phase (3.0) --------------------------------------------------------------
    def logistics(self, g: Game, legal: list[C.Command]) -> tuple[C.Command, str]:
        me = self.side
        lg = g.s["logistics"]
        end = [c for c in legal if c.to_text() == "end"][0]
        if lg["stage"] == "choose":
            activations = [c for c in legal if isinstance(c, C.Activate)]
            chief = g.chief(me)
            needs = g.pool(me) or any(g.strength(b) < g.defs[b].strength for b in g.on_map(me))
            if activations and g.strength(chief) >= 3 and needs:
                c = next((a for a in activations if a.area is None), activations[0])
                return c, (f"activates the supreme commander at {g.strength(chief)} stars for reinforcements "
                           "and restored steps, keeping a star to command with (3.1, 2.6.3)")
            return end, "keeps the supreme commander's strength for the impulses (3.1)"
        for c in legal:
            if isinstance(c, C.Reinforce) and c.count is None:
                return c, "deploys every reinforcement the Logistics Value allows (3.3)"
        restores = [c for c in legal if isinstance(c, C.Restore)]
        if restores:
            order = ("tactical_leader", "artillery", "infantry", "cavalry")
            c = min(restores, key=lambda c: (order.index(g.defs[c.block].type),
                                             g.strength(c.block) - g.defs[c.block].strength, c.block))
            return c, f"restores a step of {g.defs[c.block].label}: leaders, then artillery, then combat units (3.1, 3.4-3.6)"
        return end, "the Logistics Value is spent (3.2)"
