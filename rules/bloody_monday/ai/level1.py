"""Level 1: a Bloody Monday commander playing by heuristics on the rule book's priorities.

It plans on boards drawn from its belief about the enemy's hidden blocks (belief.py) and judges
areas and battles with judgement.py. Each plan runs on the first board, command after command,
until a command whose outcome hangs on dice or on hidden blocks (a battle, a gun's fire, a hit, a
retreat, reinforcements, the end of an impulse): the game answers it before the next is chosen.

* Impulse (4.0): a Tactical Action when it has a leader to activate and something to do with him;
  a Pass when the enemy has just passed and it leads on victory areas (7.0: the turn ends), or on
  the last turn would lead once the Pass's one move takes an empty victory area, or when nothing
  is worth a leader's step; the Initiative Disc on reinforcements (6.1) when several wait in the
  pool.
* Tactical Action (5.0): leaders near the enemy or an open victory area first (5.1); then attack
  groups, each formed where the expected hits dealt beat those taken (5.3), victory areas taken
  when empty by units no battle worth fighting holds, the rest closing on the nearest victory area
  it lacks, a last defender never leaving its victory area nor its supreme commander (2.4: "Do not
  leave them unguarded!"); artillery activated beside the battles (5.2.1); one inspiration per
  leader (5.2.2); battles newly engaged first, then those worth fighting; every gun fired (5.3.1).
* Defence: a retreat with the Initiative Disc (6.4) when the battle is expected lost or the supreme
  commander stands in it; hits to the unit whose loss costs least (5.3.6): a unit that does not
  count for morale (2.4), artillery before leaders, the supreme commander last, among equals the
  one whose lost step fires worst (2.2); jagers ambush (9.1).
* Logistics (3.0): the supreme commander activated while he keeps a star to command with (3.1,
  2.6.3), every reinforcement (3.3), steps restored leaders first (3.4-3.6).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules import bloody_monday as bm
from rules.bloody_monday import commands as C
from rules.bloody_monday import impulses, legal, turns
from rules.bloody_monday.ai.belief import Belief, assign, believe, board, candidates
from rules.bloody_monday.ai.judgement import battle_value, distance, expected_hits, objectives, worth
from rules.bloody_monday.game import Game, enemy_of, plural
from rules.core.ai import Decision

DRAWS = 6  # draws of the hidden enemy blocks from the belief to judge battles on
FINAL = (C.Battle, C.Fire, C.Hit, C.Retreat, C.Skirmish, C.Ambush, C.Reinforce, C.Initiative, C.Word)
STEPS = 120  # more commands than any impulse holds
GAIN = 1.0  # a battle not owed is sought only when expected to gain this much (hits and ground)
Drawn = dict[int, list[str]]  # area -> the hidden enemy blocks one draw puts there


class Level1:
    """The heuristic commander (see the module docstring)."""

    def plan(self, view: dict, seen: Sequence[dict], rng: random.Random) -> list[Decision]:
        return planner(view, believe(view, seen), rng).plan()


def planner(view: dict, belief: Belief, rng: random.Random) -> Planner:
    """A planner on a board drawn from the belief, judging battles over DRAWS draws of it."""
    hidden = candidates(view)
    draws = [assign(belief, hidden, rng) for _ in range(DRAWS)]
    placed: list[Drawn] = []
    for drawn in draws:
        where: Drawn = {}
        for bid, area in sorted(drawn.items()):
            if area is not None:
                where.setdefault(area, []).append(bid)
        placed.append(where)
    return Planner(view["viewer"], board(view, belief, draws[0], rng), set(hidden), placed)


class Options:
    """The commands the rules offer now, those that need a trial tried only when asked for
    (legal.candidates: the same list legal_commands gives; it reads the position, and each
    trial runs on a copy)."""

    def __init__(self, state: dict, side: str):
        self.g, self.side = Game(state), side
        self.cands = legal.candidates(self.g, side)

    def of(self, kind: type | tuple[type, ...], want: Callable[[Any], bool] = lambda c: True) -> list[Any]:
        return [c for c, trial in self.cands if isinstance(c, kind) and want(c)
                and (not trial or legal.works(self.g, self.side, c))]

    def word(self, text: str) -> C.Command | None:
        return next((c for c, _ in self.cands if c.to_text() == text), None)


class Planner:
    """One plan on the working board; battles judged over the draws of the hidden enemy blocks."""

    def __init__(self, side: str, state: dict, hidden: set[str], draws: list[Drawn]):
        self.side, self.state, self.hidden, self.draws = side, state, hidden, draws

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
        return out

    def value(self, g: Game, area: int, joining: tuple[str, ...] = (), attacker: str | None = None) -> float:
        """The attacker's (by default this side's) expected gain from a battle in `area`, averaged
        over the draws: the enemy's hidden units there are each draw's, its revealed ones the board's."""
        attacker = attacker or self.side
        total = 0.0
        for drawn in self.draws:
            units = {self.side: g.units(area, self.side), enemy_of(self.side): self.enemies(g, area, drawn)}
            units[self.side] += [b for b in joining if b not in units[self.side]]
            total += battle_value(g, attacker, area, units[attacker], units[enemy_of(attacker)])
        return total / len(self.draws)

    def enemies(self, g: Game, area: int, drawn: Drawn) -> list[str]:
        """The enemy units in `area` in one draw: the board's revealed ones and the draw's hidden ones."""
        return [b for b in g.units(area, enemy_of(self.side)) if b not in self.hidden] + drawn.get(area, [])

    def goals(self, g: Game) -> list[int]:
        """The areas its units make for: the victory areas it lacks (1.1)."""
        return objectives(g, self.side)

    def fights(self, g: Game, area: int) -> bool:
        return self.value(g, area) > GAIN

    def choose(self, s: dict) -> tuple[C.Command, str]:
        o, g = Options(s, self.side), Game(s)
        if s["phase"] == "logistics":
            return self.logistics(g, o)
        if s["battle"]:
            return self.battle(g, o)
        if s["battery"] is not None:
            return self.battery(g, o)
        if s["impulse"] is None:
            return self.impulse(g, o)
        return self.action(g, o)

    # --- the impulse (4.0) ---------------------------------------------------------------------
    def impulse(self, g: Game, o: Options) -> tuple[C.Command, str]:
        me = self.side
        lead, what = self.lead(g)
        passing = o.word("pass")
        assert passing is not None, "a Pass is always offered between impulses (7.0)"
        if g.s["passes"] == 1 and lead > 0:
            return passing, f"passes to end the turn while ahead on {what}, {lead} more (7.0, 8.0)"
        if g.s["passes"] == 1 and g.s["turn"] == turns.LAST_TURN and (taken := self.winning_pass(g.s)):
            return passing, (f"passes to end the game with its one move into {taken}, an empty victory area: "
                             f"ahead on {what} then (7.0, 8.0; Controlled Area)")
        call = o.word("initiative reinforcements")
        room = sum(max(0, g.room(me, n)) for n in turns.deploy_areas(g, me))
        deploy = min(len(g.pool(me)), g.logistics_value(me), room)
        if call and deploy >= 3:
            return call, f"spends the Initiative Disc to deploy {deploy} reinforcements (6.1, 3.3)"
        tactical = o.word("tactical")
        if tactical and self.worth_a_tactical(g.s):
            return tactical, "a Tactical Action: leaders to activate near enemies or victory areas (5.0, 5.1)"
        return passing, "nothing is worth a leader's step this impulse; one unit may move (7.0)"

    def winning_pass(self, s: dict) -> int | None:
        """The empty victory area a Pass's one move takes (`capture`) when that leaves this side
        ahead as the turn ends; None when none does (7.0, 8.0)."""
        after, _ = bm.apply(s, self.side, C.Word("pass"))
        chosen = self.capture(Game(after), Options(after, self.side).of(C.Move))
        if chosen is None:
            return None
        move = chosen[0]
        ahead = self.lead(Game(bm.apply(after, self.side, move)[0]))[0] > 0
        return move.path[-1] if ahead and isinstance(move, C.Move) else None

    def lead(self, g: Game) -> tuple[int, str]:
        """How far this side leads on victory areas (1.1, 8.0), and their name."""
        return g.victory_count(self.side) - g.victory_count(enemy_of(self.side)), "victory areas"

    def worth_a_tactical(self, s: dict) -> bool:
        """5.1: a leader worth activating (one commanding units near the enemy or a victory area)."""
        after, _ = bm.apply(s, self.side, C.Word("tactical"))
        chosen = self.leader(Game(after), Options(after, self.side), needed=False)
        return chosen is not None

    # --- a Tactical Action, a Pass, Initiative movement --------------------------------------------
    def action(self, g: Game, o: Options) -> tuple[C.Command, str]:
        imp = g.s["impulse"]
        if imp["kind"] == "tactical" and imp["segment"] == "activation":
            chosen = self.leader(g, o)
            if chosen:
                return chosen
        moves = o.of(C.Move)
        move = self.attack(g, moves) or self.capture(g, moves) or self.approach(g, moves, imp["kind"] == "pass")
        if move:
            return move
        for c in o.of(C.Activate, lambda c: c.area is None and g.defs[c.block].type == "artillery"):
            near = [n for n in sorted(g.areas[g.area(c.block)].neighbours) if g.contested(n) and self.fights(g, n)]
            if near:
                return c, f"activates its artillery beside the battle in {near[0]} (5.2.1)"
        inspire = self.inspiration(g, o)
        if inspire:
            return inspire
        due = impulses.due_battles(g)
        for c in o.of(C.Battle, lambda c: c.area in due):
            return c, f"fights the new engagement in {c.area} first, as it must (5.3; FAQ 5)"
        for c in o.of(C.Battle, lambda c: self.fights(g, c.area)):
            return c, f"fights in {c.area}: expected {self.value(g, c.area):+.1f} hits and ground (5.3)"
        end = o.word("end")
        if end:
            return end, "no move, battle or inspiration left worth making (5.4)"
        offensive = o.word("initiative offensive")  # a Tactical Action declared (not by it) under an exhausted chief
        if offensive:
            return offensive, ("calls a General Offensive: its exhausted supreme commander activates no leader "
                               "otherwise (9.8, 2.6.3)")
        raise AssertionError(f"no command chosen in a {imp['kind']} action ({imp['segment']} segment)")

    def leader(self, g: Game, o: Options, needed: bool = True) -> tuple[C.Command, str] | None:
        """5.1: the fresh leader commanding most units within two areas of an objective or enemy
        (the first one offered when a Tactical Action still `needed` one)."""
        me = self.side
        imp = g.s["impulse"]
        taken = {u for ld in imp["leaders"] for u in impulses.commanded_by(g, ld)}
        targets = set(self.goals(g)) | set(g.enemy_areas(me))
        offered = o.of(C.Activate, lambda c: c.area is None and g.is_leader(c.block))
        best: tuple[int, str] | None = None
        for c in offered:
            units = [u for u in impulses.commanded_by(g, c.block) - taken if not g.defs[u].is_support]
            busy = sum(1 for u in units if min(distance(g.area(u), t) for t in targets) <= 2)
            if busy and (best is None or (busy, c.block) > best):
                best = (busy, c.block)
        if best is None:
            if needed and offered and not imp["leaders"]:
                return offered[0], "a Tactical Action activates at least one leader (5.1)"
            return None
        busy, bid = best
        return (C.Activate(bid, None),
                f"activates {g.defs[bid].name or bid} (5.1): "
                f"{plural(busy, 'unit he commands is', 'units he commands are')} near the enemy or a victory area")

    def attack(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """5.3: the attack group worth most: units join an enemy area while the battle is expected to gain."""
        me = self.side
        imp = g.s["impulse"]
        if imp["kind"] not in ("tactical", "special"):
            return None
        by_area: dict[int, list[str]] = {}
        free: dict[str, bool] = {}  # asked once per block, not per move
        for m in moves:
            if not g.has_enemy(me, m.path[-1]):
                continue
            if m.block not in free:
                free[m.block] = not self.last_defender(g, m.block)
            if free[m.block]:
                by_area.setdefault(m.path[-1], []).append(m.block)
        for area in imp["new"]:  # a battle begun must be fought (FAQ 5): its group is completed first
            movers = sorted(by_area.get(area, []), key=lambda b: (-expected_hits(g, [b]), b))
            if movers and self.value(g, area, (movers[0],)) > self.value(g, area):
                return (C.Move(movers[0], (area,)),
                        f"joins the attack on {area} with {g.defs[movers[0]].label} (5.3)")
        best: tuple[float, int, str] | None = None
        for area, movers in sorted(by_area.items()):
            group: tuple[str, ...] = ()
            for b in sorted(movers, key=lambda b: (-expected_hits(g, [b]), b)):
                group += (b,)
                value = self.value(g, area, group)
                if value > GAIN:
                    if best is None or value > best[0]:
                        best = (value, area, group[0])
                    break
        if best is None:
            return None
        value, area, bid = best
        return (C.Move(bid, (area,)),
                f"attacks {area} with {g.defs[bid].label} (expected {value:+.1f} hits and ground, 5.3)")

    def capture(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """Controlled Area: an enemy victory area left empty is taken by entering it (1.1), by a
        unit not needed where it stands: neither a last defender nor one in a battle worth fighting
        (5.3; FAQ 6: a battle already joined may be fought this impulse)."""
        goals = self.goals(g)
        open_ = [m for m in moves if m.path[-1] in goals and not g.at[m.path[-1]]
                 and not self.last_defender(g, m.block) and not self.fighting(g, m.block)]
        if not open_:
            return None
        m = min(open_, key=lambda m: (-worth(m.path[-1]), g.strength(m.block), m.block))
        return m, f"takes {m.path[-1]}, an empty victory area (1.1; Controlled Area)"

    def fighting(self, g: Game, bid: str) -> bool:
        """Whether the block stands in a contested area whose battle is worth fighting (`fights`)."""
        here = g.area(bid)
        return g.contested(here) and self.fights(g, here)

    def approach(self, g: Game, moves: list[C.Move], quiet: bool) -> tuple[C.Command, str] | None:
        """Units not in contact close on the nearest victory area their side lacks (1.1)."""
        me = self.side
        goals = self.goals(g)
        if not goals:
            return None
        best: tuple[int, str, int] | None = None
        held: dict[str, bool] = {}  # a block kept where it is (asked once per block, not per move)

        def kept(bid: str, here: int) -> bool:
            if bid not in held:
                held[bid] = (g.defs[bid].is_support or g.contested(here) or self.last_defender(g, bid)
                             or any(g.has_enemy(me, n) for n in g.areas[here].neighbours))
            return held[bid]
        for m in moves:
            here, there = g.area(m.block), m.path[-1]
            if g.has_enemy(me, there) or kept(m.block, here):
                continue
            gain = min(distance(here, t) for t in goals) - min(distance(there, t) for t in goals)
            if gain > 0 and (best is None or (gain, m.block, -there) > (best[0], best[1], -best[2])):
                best = (gain, m.block, there)
        if best is None:
            return None
        gain, bid, there = best
        goal = min(goals, key=lambda t: (distance(there, t), t))
        why = "the one unit a Pass moves (7.0)" if quiet else "movement (5.2)"
        away = plural(distance(there, goal), "area", "areas")
        return C.Move(bid, (there,)), f"closes on {goal}, a victory area it lacks, {away} away: {why}"

    def last_defender(self, g: Game, bid: str) -> bool:
        """Whether `bid` is the last combat unit in a victory area of its side (1.1), or beside its
        supreme commander (How to Win A; 2.4: "Do not leave them unguarded!")."""
        here = g.area(bid)
        if worth(here) < 1 and g.chief(self.side) not in g.units(here, self.side):
            return False
        return not [b for b in g.units(here, self.side) if b != bid and not g.defs[b].is_support]

    def inspiration(self, g: Game, o: Options) -> tuple[C.Command, str] | None:
        """5.2.2: each leader inspires the strongest unit about to fight."""
        fights = o.of(C.Inspire, lambda c: g.contested(g.area(c.block)))
        if not fights:
            return None
        c = max(fights, key=lambda c: (g.strength(c.block), c.block, c.leader))
        return c, f"inspires {g.defs[c.block].label} before the battle in {g.area(c.block)}: one better to hit (5.2.2)"

    # --- battles (5.3, 6.4, 9.1) -----------------------------------------------------------------
    def battle(self, g: Game, o: Options) -> tuple[C.Command, str]:
        bt = g.s["battle"]
        for c in o.of(C.Fire):
            return c, f"fires {g.defs[c.block].label} into {c.area}: its strength in dice at TF (5.3.1)"
        if bt["choice"]:
            return self.hit(g, o.of(C.Hit))
        if bt["stage"] == "retreat":
            return self.retreat(g, o)
        for c in o.of(C.Ambush):
            return c, f"{g.defs[c.block].label} lies in ambush: it rolls before any other unit (9.1)"
        end = o.word("end")  # the artillery step: its guns loaded, none may fire (5.3.1, 2.6.3)
        assert end is not None, "a battle step with no choice left offers `end`"
        return end, "no gun left to fire (5.3.1)"

    def hit(self, g: Game, hits: list[C.Hit]) -> tuple[C.Command, str]:
        """5.3.6: the owner chooses among equally strong units: the cheapest loss. The step a hit
        takes rolls the unit's firepower at its strength (2.2, 2.3): among equals, the die that
        hits least often is the one given up."""
        rank = ("artillery", "tactical_leader", "supreme_commander")

        def cost(c: C.Hit) -> tuple:
            bid = c.blocks[0]
            d = g.defs[bid]
            dies = d.is_support or g.strength(bid) <= 1
            return (rank.index(d.type) if d.type in rank else -1, dies and d.counts_for_morale,
                    "yellow" in g.cubes(bid), -g.army.hits_on[d.firepower_at(g.strength(bid))], bid)
        c = min(hits, key=cost)
        d = g.defs[c.blocks[0]]
        why = "no loss for morale (2.4, 5.3.6)" if not d.counts_for_morale else \
            "artillery before leaders, the supreme commander last (5.3.6)" if d.is_support else \
            "the least costly loss (5.3.6)"
        return c, f"the hit goes to {d.label}: {why}"

    def retreat(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """6.4: retreat when the battle is expected lost for the defender, or the chief is in it."""
        bt = g.s["battle"]
        area = bt["area"]
        stand = -self.value(g, area, attacker=bt["attacker"])
        chief = g.chief(self.side) in g.units(area, self.side)
        retreats = sorted(o.of(C.Retreat), key=lambda c: (-len(c.areas), c.to_text()))
        if retreats and hands_all(g, self.side, area):
            return o.word("stand") or retreats[0], (
                f"stands in {area}: a retreat would hand the {enemy_of(self.side).title()} player all 7 "
                "victory areas (6.4, How to Win B)")
        if retreats and (chief or stand < -1):
            why = ("the supreme commander stands in it (How to Win A)" if chief
                   else f"expected {stand:+.1f} if it stands")
            return retreats[0], f"spends the Initiative Disc to retreat from {area}: {why} (6.4)"
        word = o.word("stand")
        assert word is not None, "the defender may always stand (6.4)"
        return word, f"stands in {area}: expected {stand:+.1f} (6.4)"

    def battery(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """9.2: each gun fires once, into the adjacent area where the most Russian blocks stand."""
        shots = o.of(C.Fire)
        if shots:
            c = max(shots, key=lambda c: (len(g.units(c.area, "russian")), worth(c.area), -c.area, c.block))
            return c, f"the Grande Batterie fires {g.defs[c.block].label} into {c.area}, the most Russian blocks (9.2)"
        end = o.word("end")
        assert end is not None, "the Grande Batterie may always stop (9.2)"
        return end, "every Grande Batterie gun has fired (9.2)"

    # --- the Logistics Phase (3.0) --------------------------------------------------------------
    def logistics(self, g: Game, o: Options) -> tuple[C.Command, str]:
        me = self.side
        end = o.word("end")
        assert end is not None, "a player may always end his logistics (3.1)"
        if g.s["logistics"]["stage"] == "choose":
            chief = g.chief(me)
            needs = g.pool(me) or any(g.strength(b) < g.defs[b].strength for b in g.on_map(me))
            if g.block(chief)["where"] == "map" and g.strength(chief) >= 3 and needs:
                here = o.of(C.Activate, lambda c: c.area is None) or o.of(C.Activate)
                if here:
                    return here[0], (f"activates the supreme commander at {g.strength(chief)} stars for "
                                     "reinforcements and restored steps, keeping a star to command with (3.1, 2.6.3)")
            return end, "keeps the supreme commander's strength for the impulses (3.1)"
        for c in o.of(C.Reinforce, lambda c: c.count is None):
            return c, "deploys every reinforcement the Logistics Value allows (3.3)"
        order = ("tactical_leader", "artillery", "infantry", "cavalry")
        restores = o.of(C.Restore)
        if restores:
            c = min(restores, key=lambda c: (order.index(g.defs[c.block].type),
                                             g.strength(c.block) - g.defs[c.block].strength, c.block))
            return c, (f"restores a step of {g.defs[c.block].label}: leaders, then artillery, then combat units "
                       "(3.1, 3.4-3.6)")
        return end, "the Logistics Value is spent (3.2)"


def hands_all(g: Game, side: str, area: int) -> bool:
    """Whether the enemy would control every victory area, the Flèches all three, once the side
    leaves `area` to the attacker by a retreat (6.4): a sudden death (How to Win B, 1.1)."""
    foe = enemy_of(side)
    return all(n == area or g.owner(n) == foe for n in (*g.field.victory_areas, *g.field.fleches))
