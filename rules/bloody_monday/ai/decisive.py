"""Level 2's planner: level 1 with two of the rule book's sudden deaths counted from the dice.

The game is won at once by killing the enemy supreme commander (How to Win A) or eliminating 10
enemy blocks that count for morale (How to Win C, 2.4). Level 1 weighs a battle by the mean hits
it expects (judgement.battle_value); here the whole distribution of the hits is used, die by die
(2.2, 2.3: each die hits at its firepower or better; 5.3.1: artillery fire at TF):

* Blocks eliminated: 5.3.6 puts each hit on the strongest unit, combat units before support units
  (5.3.6.1), after the defensive bonus (1.2.1); so the k-th of n combat units falls at the hit that
  leaves none stronger than zero, and a support unit to one hit after them. A battle is worth the
  counting blocks it is expected to eliminate, weighed up as the enemy's morale track fills, less
  the counting blocks it is expected to cost (the defender rolls back at the same time, 5.3.4).
  In level 1 against level 1 the losers' morale track often stood at 5 to 9 (of 10) at the end.
  On top, RUIN × the chance the battle eliminates the enemy's tenth counting block (How to Win C:
  the tenth ends the game), less the chance it costs its own tenth: near the ten, a battle that
  may lose the game is not fought for its mean gain, nor one that may win it passed over.
* The enemy supreme commander: where he stands, a strike goes in when the chance that the attack
  eliminates every unit in his way and him (hits past the defensive bonus, the combat units'
  steps and any support unit stronger than he is) reaches STRIKE; his battle is fought after
  the impulse's other new battles while the enemy holds the Initiative Disc, which he spends to
  retreat from the first battle he expects to lose (6.4): the disc spent, he cannot save his chief.
* Its own supreme commander: the same count turned round. While the enemy units in and beside
  his area may kill him (GUARD), the Initiative Disc is kept for his retreat (6.4): not spent on
  reinforcements (6.1) nor on a retreat from a battle he is not in.
* The last turn: at the end of Turn 4 the victory areas alone decide (8.0; in Last Blood the
  victory points, 10.0, which level 1 does not count), so a side behind on them has nothing to
  keep its steps for. In Turn 4, while behind, an attack on a victory area it lacks is worth, on
  top, LAST_STAND × the area's worth × the chance the attack clears it (every defender's steps and
  the defensive bonus hit, 2.4, 1.2.1; Controlled Area); and where it would pass, behind or level,
  with no leader worth activating (5.1), it spends the Initiative Disc on Special Movement and
  Combat (6.2) rather than let two Passes end the game lost or tied (7.0), even if its supreme
  commander may need the disc: a game lost on victory areas is lost all the same.
* Leaders: a tactical leader may move up to 4 MPs before he activates (5.1), and he commands his
  units within his tactical range of where he is activated (5.1.1). Level 1 activates a leader
  where he stands, and as his units advance he falls behind them: in Turn 4 of dice seed 5 the
  French leaders stood three to five areas behind their corps, commanding nobody, and the French
  passed with the Russians one eliminated block short of losing (How to Win C). Level 2
  activates each leader where he commands most units near an objective or the enemy, off the
  front when that costs none of them (2.4: leaders are fragile).
"""
from __future__ import annotations

from rules.bloody_monday import commands as C
from rules.bloody_monday import ground, impulses, turns
from rules.bloody_monday.ai.judgement import distance, expected_hits, objectives, standing, toughness, worth
from rules.bloody_monday.ai.level1 import Options, Planner
from rules.bloody_monday.game import MORALE_LIMIT, Game, enemy_of, plural

STRIKE = 0.2  # the chance of killing the enemy supreme commander that sends an attack at him
MORALE = 4.0  # the worth of a counting enemy block eliminated (a full step is worth about one)
GUARD = 0.05  # the chance the enemy kills this side's supreme commander that keeps the disc for him
RUIN = 10.0  # the worth of a battle's chance to end the game by eliminating the tenth counting block (How to Win C)
LAST_STAND = 1.0  # in Turn 4 while behind on victory areas, an area's worth again times the chance to clear it


def chances(g: Game, units: list[str]) -> list[float]:
    """Each die the units roll in ground combat, as its chance to hit (2.2, 2.3, 5.2.2, 1.2.3)."""
    out: list[float] = []
    for bid in units:
        dice, need = ground.dice_of(g, bid)
        out += [max(0, 7 - need) / 6] * dice
    return out


def gun_chances(g: Game, side: str, area: int) -> list[float]:
    """5.3.1: the dice of the side's artillery beside `area` that may be activated and fire into
    it (not exhausted; at most the supreme commander's strength of them), strength dice at TF."""
    near = sorted((g.strength(b) for b in g.on_map(side) if g.defs[b].type == "artillery"
                   and not g.exhausted(b) and g.area(b) in g.areas[area].neighbours), reverse=True)
    return [(7 - g.army.hits_on["TF"]) / 6] * sum(near[:g.chief_strength(side)])


def at_least(dice: list[float]) -> list[float]:
    """P(hits >= k) for k = 0 .. len(dice): the dice's hits counted exactly (independent dice)."""
    dist = [1.0]
    for p in dice:
        dist = [(dist[k] if k < len(dist) else 0.0) * (1 - p) + (dist[k - 1] * p if k else 0.0)
                for k in range(len(dist) + 1)]
    return [sum(dist[k:]) for k in range(len(dist))]


def chance_of(tail: list[float], hits: int) -> float:
    """P(hits >= `hits`) from `at_least`'s list."""
    return 1.0 if hits <= 0 else tail[hits] if hits < len(tail) else 0.0


def falls(g: Game, bonus: int, units: list[str]) -> list[int]:
    """The hits at which each counting block (2.4) among `units` is eliminated (5.3.6, 5.3.6.1), in
    order: the owner, choosing among equals, loses first what does not count."""
    combat = sorted((b for b in units if not g.defs[b].is_support), key=lambda b: (g.defs[b].counts_for_morale, b))
    support = [b for b in units if g.defs[b].is_support]
    steps = bonus + toughness(g, combat)
    out = [steps - len(combat) + k + 1 for k, b in enumerate(combat) if g.defs[b].counts_for_morale]
    return sorted(out + [steps + k + 1 for k, b in enumerate(support) if g.defs[b].counts_for_morale])


def eliminations(g: Game, dice: list[float], bonus: int, units: list[str]) -> float:
    """The counting blocks (2.4) among `units` these dice are expected to eliminate (`falls`)."""
    tail = at_least(dice)
    return sum(chance_of(tail, hits) for hits in falls(g, bonus, units))


def ruin(g: Game, dice: list[float], bonus: int, units: list[str], left: int) -> float:
    """The chance these dice eliminate at least `left` counting blocks among `units` (`falls`):
    with `left` the blocks its owner may still lose, the chance the battle ends the game (How to Win C)."""
    hits = falls(g, bonus, units)
    return chance_of(at_least(dice), hits[left - 1]) if 0 < left <= len(hits) else float(left <= 0)


def kill_chance(g: Game, side: str, area: int, attackers: list[str]) -> float:
    """The chance that `attackers`, with the guns beside `area`, kill the enemy supreme commander
    there: hits past the defensive bonus (1.2.1), every combat unit's steps (5.3.6.1) and the support
    units stronger than he is (5.3.6), and one more (2.4: one hit destroys a support unit)."""
    foe = enemy_of(side)
    chief = g.chief(foe)
    units = g.units(area, foe)
    shields = [b for b in units if g.defs[b].is_support and b != chief and g.strength(b) > g.strength(chief)]
    hits = g.defensive_bonus(area, foe) + toughness(g, [b for b in units if not g.defs[b].is_support]) + len(shields)
    return chance_of(at_least(chances(g, attackers) + gun_chances(g, side, area)), hits + 1)


class Decisive(Planner):
    """Level 1's planner with How to Win A and C counted (see the module docstring)."""

    def danger(self, g: Game) -> float:
        """The chance the enemy units in and beside this side's supreme commander's area kill him
        in one battle (How to Win A; 2.4: "Do not leave them unguarded!"), averaged over the draws."""
        chief, foe = g.chief(self.side), enemy_of(self.side)
        if g.block(chief)["where"] != "map":
            return 0.0
        here = g.area(chief)
        near = (here, *sorted(g.areas[here].neighbours))
        total = 0.0
        for drawn in self.draws:
            foes = [b for n in near for b in self.enemies(g, n, drawn) if not g.defs[b].is_support]
            total += kill_chance(g, foe, here, foes) if foes else 0.0
        return total / len(self.draws)

    def impulse(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """Level 1's choice, but the Initiative Disc is not spent on reinforcements while the
        enemy may kill the supreme commander: it is kept for his retreat (6.4, How to Win A); and
        not ahead in the last turn with no leader worth activating, Special Movement and Combat
        rather than a Pass (6.2, 7.0, 8.0)."""
        cmd, why = super().impulse(g, o)
        lead, what = self.lead(g)
        if (cmd == o.word("pass") and g.s["turn"] >= turns.LAST_TURN and lead <= 0 and (special := o.word(
                "initiative move")) and not (g.s["passes"] == 1 and self.winning_pass(g.s))):
            return special, ("spends the Initiative Disc on Special Movement and Combat (6.2): no leader worth "
                             f"activating, and {'behind' if lead else 'level'} on {what} in the last turn, which "
                             "alone decide (8.0), where two Passes would end the game (7.0)")
        if cmd != o.word("initiative reinforcements") or (risk := self.danger(g)) < GUARD:
            return cmd, why
        tactical = o.word("tactical")
        keep = f"keeps the Initiative Disc for the supreme commander's retreat, {risk:.0%} at risk (6.4)"
        if tactical and self.worth_a_tactical(g.s):
            return tactical, f"a Tactical Action (5.0); {keep}"
        passing = o.word("pass")
        assert passing is not None, "a Pass is always offered between impulses (7.0)"
        return passing, f"passes (7.0); {keep}"

    def retreat(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """Level 1's retreats, but a battle without the supreme commander is not left with the
        Initiative Disc while the enemy may kill him elsewhere: it is kept for his retreat (6.4)."""
        cmd, why = super().retreat(g, o)
        area = g.s["battle"]["area"]
        if (not isinstance(cmd, C.Retreat) or g.chief(self.side) in g.units(area, self.side)
                or (risk := self.danger(g)) < GUARD):
            return cmd, why
        stand = o.word("stand")
        assert stand is not None, "the defender may always stand (6.4)"
        return stand, (f"stands in {area}, keeping the Initiative Disc for the supreme commander's retreat: "
                     f"{risk:.0%} at risk (6.4, How to Win A)")

    def target(self, g: Game) -> int | None:
        """Where the enemy supreme commander stands on the working board, if on the map."""
        chief = g.chief(enemy_of(self.side))
        return g.area(chief) if g.block(chief)["where"] == "map" else None

    def value(self, g: Game, area: int, joining: tuple[str, ...] = (), attacker: str | None = None) -> float:
        """Level 1's value, and for this side's own attacks the counting blocks expected eliminated
        on each side and the chance either side's tenth falls, averaged over the draws (How to Win C, 2.4)."""
        base = super().value(g, area, joining, attacker)
        if (attacker or self.side) != self.side:
            return base
        foe = enemy_of(self.side)
        mine = [*g.units(area, self.side), *(b for b in joining if b not in g.units(area, self.side))]
        urgency = 1 + len(g.s["morale"][foe]) / 5  # the enemy's eliminated counting blocks, of 10
        total = ends = 0.0
        for drawn in self.draws:
            theirs = self.enemies(g, area, drawn)
            if theirs:
                dice, cover = chances(g, mine) + gun_chances(g, self.side, area), g.defensive_bonus(area, foe)
                back = chances(g, theirs)  # the defender rolls back at the same time (5.3.4)
                total += urgency * eliminations(g, dice, cover, theirs) - eliminations(g, back, 0, mine)
                ends += (ruin(g, dice, cover, theirs, MORALE_LIMIT - len(g.s["morale"][foe]))
                         - ruin(g, back, 0, mine, MORALE_LIMIT - len(g.s["morale"][self.side])))
        bonus = 0.0
        if self.behind_at_the_end(g) and area in objectives(g, self.side):
            for drawn in self.draws:
                theirs = self.enemies(g, area, drawn)
                if theirs:
                    steps = g.defensive_bonus(area, foe) + toughness(g, theirs)
                    bonus += chance_of(at_least(chances(g, mine) + gun_chances(g, self.side, area)), steps)
            bonus *= LAST_STAND * worth(area)
        return base + (MORALE * total + RUIN * ends + bonus) / len(self.draws)

    def lead(self, g: Game) -> tuple[int, str]:
        """How far this side leads on what decides the game at the end of Turn 4: victory areas
        (8.0), or in Last Blood victory points (10.0)."""
        mine, what = standing(g, self.side)
        return mine - standing(g, enemy_of(self.side))[0], what

    def leader(self, g: Game, o: Options, needed: bool = True) -> tuple[C.Command, str] | None:
        """Level 1's leader, but activated where he commands most units near an objective or the
        enemy: he may move up to 4 MPs before activating (5.1), so a leader left behind by his
        units' advance catches up with them rather than command nobody in the last turns (5.1.1)."""
        imp = g.s["impulse"]
        taken = {u for ld in imp["leaders"] for u in impulses.commanded_by(g, ld)}
        targets = set(self.goals(g)) | set(g.enemy_areas(self.side))
        near = {n for t in targets for n in g.areas[t].neighbours} | targets
        best: tuple[tuple, C.Activate, int] | None = None
        for c in o.of(C.Activate, lambda c: g.is_leader(c.block)):
            here = g.area(c.block) if c.area is None else c.area
            units = [u for u in impulses.commanded_by(g, c.block, here) - taken if not g.defs[u].is_support]
            busy = sum(1 for u in units if min(distance(g.area(u), t) for t in targets) <= 2)
            key = (busy, here not in near, c.area is None, c.block, -here)  # a leader kept off the front (2.4)
            if busy and (best is None or key > best[0]):
                best = key, c, busy
        if best is None:
            return super().leader(g, o, needed)
        _, c, busy = best
        name = g.defs[c.block].name or c.block
        if c.area is None:
            return c, (f"activates {name} (5.1): {plural(busy, 'unit he commands is', 'units he commands are')} "
                       "near the enemy or a victory area")
        return c, (f"moves {name} to {c.area} and activates him there (5.1): "
                   f"{plural(busy, 'unit he commands from there is', 'units he commands from there are')} "
                   "near the enemy or a victory area (5.1.1)")

    def behind_at_the_end(self, g: Game) -> bool:
        """In the last turn and behind on what alone decides at its end (8.0; Last Blood 10.0)."""
        return g.s["turn"] >= turns.LAST_TURN and self.lead(g)[0] < 0

    def attack(self, g: Game, moves: list[C.Move]) -> tuple[C.Command, str] | None:
        """A strike at the enemy supreme commander when it may kill him (How to Win A), else level 1's."""
        imp, area = g.s["impulse"], self.target(g)
        if area is not None and imp["kind"] in ("tactical", "special"):
            mine = g.units(area, self.side)
            movers = sorted({m.block for m in moves if m.path[-1] == area and not g.defs[m.block].is_support
                             and not self.last_defender(g, m.block)}, key=lambda b: (-expected_hits(g, [b]), b))
            engage = area in imp["new"] or len(imp["new"]) < g.chief_strength(self.side)  # 2.6.3: engagements
            room = g.room(self.side, area)
            if movers and room > 0 and (mine or engage):
                group = [b for b in mine + movers[:room] if not g.defs[b].is_support]
                chance = kill_chance(g, self.side, area, group)
                if chance >= STRIKE:
                    return (C.Move(movers[0], (area,)),
                            f"strikes at the enemy supreme commander in {area} with {g.defs[movers[0]].label}: "
                            f"{chance:.0%} to kill him (How to Win A; 5.3.6.1)")
        return super().attack(g, moves)

    def last_defender(self, g: Game, bid: str) -> bool:
        """Level 1's last defenders, and the artillery beside a new battle with the enemy supreme
        commander: the strike counted its fire (5.3.1)."""
        area, imp = self.target(g), g.s["impulse"]
        if (area is not None and imp is not None and area in imp["new"] and g.defs[bid].type == "artillery"
                and g.area(bid) in g.areas[area].neighbours):
            return True
        return super().last_defender(g, bid)

    def fights(self, g: Game, area: int) -> bool:
        """Level 1's battles, and always the one with the enemy supreme commander (its guns beside it)."""
        return area == self.target(g) or super().fights(g, area)

    def action(self, g: Game, o: Options) -> tuple[C.Command, str]:
        """Level 1's choice, but the enemy supreme commander's battle waits for the impulse's other
        new battles while the enemy holds the Initiative Disc (6.4)."""
        cmd, why = super().action(g, o)
        if not isinstance(cmd, C.Battle) or cmd.area != self.target(g) or g.s["initiative"] == self.side:
            return cmd, why
        due = impulses.due_battles(g)
        others = [c for c in o.of(C.Battle) if c.area in due and c.area != cmd.area]
        if not others:
            return cmd, why
        return others[0], (f"fights the new engagement in {others[0].area} before the battle with the enemy "
                           f"supreme commander: a retreat there spends the Initiative Disc (6.4; FAQ 5)")
