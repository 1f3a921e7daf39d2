"""Where the level-1 commander sends its stacks (MOVEMENT) and which corps it force marches, from
its own board (board.py): each stack in turn, largest first, goes where it is worth most, whole
or by sending one infantry corps off, or stays.

What a place is worth to a group of corps ending there, in infantry corps (CORPS a corps, POINT
a Victory Point):
* a victory place to take (VICTORY CONDITIONS: the French take what they lack with infantry, the
  Russians take back what the French hold) that no other group is already sent to;
* a battle with the enemy marker there, at its expectation on the Battle Plan Chart and the
  Combat Results Table (battle.py) against the infantry the side believes there; a group without
  infantry never walks into a marker (COMBAT: confronted by enemy infantry, it must retreat);
* the corps that would starve there (SUPPLY: a 100% depleted area, no depot with them or next
  door, the Unsupplied Chart's odds);
* a lone small group beside an enemy marker believed stronger is in danger;
* the pull of the victory places still to take, their points over the distance to them, so that
  an army with nothing near marches on the ones that count most (Moscow's five points).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.ai.battle import Stacks, expected
from rules.campaign_1812.ai.board import Board, about, distances
from rules.campaign_1812.game import counted
from rules.core.ai import Decision

CORPS = 4.0  # a corps, in the planner's units
POINT = 10.0  # a Victory Point taken
PULL = 6.0  # the weight of the places still to take, far off
STAY = 0.2  # what a move must gain over staying
LAST = 0.25  # what a French corps counts for in the last Player-Turn
SLACK = 4.0  # corps to spare over the attrition still to come, below which each counts for more
UNITS = ("inf", "cav", "supply", "depot")


@dataclass
class Group:
    """Units that move together: what they hold."""

    inf: int = 0
    cav: int = 0
    supply: int = 0
    depot: int = 0

    @property
    def corps(self) -> int:
        return self.inf + self.cav

    def counts(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in UNITS}

    def without(self, other: Group) -> Group:
        return Group(*(getattr(self, k) - getattr(other, k) for k in UNITS))

    def text(self) -> str:
        return counted(self.counts())

    def words(self) -> str:
        return "".join(f" {n} {k}" for k, n in self.counts().items() if n)


class Manoeuvre:
    """One side's Movement Phase, planned on its board."""

    def __init__(self, b: Board):
        self.b = b
        self.claimed: set[int] = set()  # victory places a group is sent to take
        self.arriving: dict[int, int] = {}  # place -> own corps there once the plan is done
        self.depots = {p for p, st in b.mine.items() if st["depot"]}
        self.corps = CORPS * precious(b)
        self.spots: set[int] = set()  # where the plan puts a stack of its own

    def plan(self) -> list[Decision]:
        b, out = self.b, []
        for place, st in b.mine.items():
            self.arriving[place] = st["inf"] + st["cav"]
            if b.wanted(place) and st["inf"]:
                self.claimed.add(place)  # taken where it stands at the end of the Player-Turn
        order = sorted((p for p in b.mine if any(b.free[p].values())), key=lambda p: (-b.corps(p), p))
        for place in order:
            out += self.stack(place)
        return out

    def stack(self, place: int) -> list[Decision]:
        """The moves of one stack: where the whole goes (or stays), then one infantry corps sent to
        each victory place next door that is free to take, the stack keeping infantry of its own;
        the French send their cavalry and spare supply units off as stacks of their own (decoys).
        The stack is what the rules let move on (its view's `free_to_move`): under corps_move_once
        the corps that came in this Player-Turn stay (MOVEMENT: "Each corps can move one area")."""
        b = self.b
        st = b.free[place]
        depot = st["depot"] if st["supply"] or b.side == "russian" else 0  # MOVEMENT: French depots go with supply
        group = Group(st["inf"], st["cav"], st["supply"], depot)
        if not group.inf and b.side == "french":
            return self.decoy(place, group, stays=True)
        if not group.corps:
            return []
        here = self.worth(place, group, place) + STAY
        dest, best = place, here
        for n in b.neighbours(place):
            value = self.worth(n, group, place)
            if value > best:
                dest, best = n, value
        out: list[Decision] = []
        keep = max(1, round(2 * b.belief.get(dest, 0.0))) if dest in b.enemy else 1
        if dest != place and b.wanted(dest) and dest not in b.enemy:
            self.claimed.add(dest)
        self.spots.add(dest)
        for n in sorted(b.neighbours(place), key=lambda n: (-b.wanted(n), n)):
            one = Group(inf=1)
            if (group.inf <= keep or n == dest or n in b.enemy or n in self.claimed or not b.wanted(n)
                    or self.worth(n, one, place) <= self.worth(place, one, place) + STAY):
                continue
            out.append(self.send(place, n, one, self.why(n, one, place)))
            group = group.without(one)
        if b.side == "french":
            spare = Group(cav=group.cav, supply=max(0, group.supply - 1))
            for kind in ("cav", "supply"):
                for _ in range(getattr(spare, kind)):
                    one = Group(**{kind: 1})
                    out += self.decoy(place, one, stays=dest != place)
                    group = group.without(one)
        if dest != place:
            why = self.why(dest, group, place)
            if dest in self.claimed and b.wanted(dest) and dest not in b.enemy:
                why = f"{b.name(dest)} is worth {b.points(dest)} VP and no enemy stack stands there"
            out.append(self.send(place, dest, group, why))
        return out

    def decoy(self, place: int, group: Group, stays: bool) -> list[Decision]:
        """Where French units without infantry stand: apart from every other stack, so that the
        enemy, who cannot see what a stack holds (STACKING), spends attrition on it (ATTRITION: an
        infantry corps is lost first, nothing where there is no corps); away from enemy markers,
        in supply. `stays`: the place it is in is one to choose."""
        b = self.b
        if not any(group.counts().values()):
            return []  # a French depot alone never moves (Movement)
        choices = ([place] if stays else []) + [n for n in b.neighbours(place) if n not in b.enemy]
        if not choices:
            return []

        def safe(n: int) -> float:
            near = sum(1 for m in b.neighbours(n) if m in b.enemy)
            crowded = n in self.spots or (n in b.mine and n != place)
            return -3.0 * near - 6.0 * crowded - 4.0 * self.starving(n, group, place) * group.corps
        to = max(choices, key=lambda n: (safe(n), n == place, -n))
        self.spots.add(to)
        if to == place:
            return []
        return [self.send(place, to, group, "a stack of its own away from the enemy, who cannot tell it from one "
                          "of infantry")]

    def send(self, place: int, to: int, part: Group, why: str) -> Decision:
        """A move planned: the board of the plan updated, the decision said."""
        self.arriving[place] -= part.corps
        self.arriving[to] = self.arriving.get(to, 0) + part.corps
        self.spots.add(to)
        if self.b.wanted(to) and part.inf and to not in self.b.enemy:
            self.claimed.add(to)
        if part.depot:
            self.depots.discard(place)
            self.depots.add(to)
        return Decision(f"move {place} {to}{part.words()}", f"{part.text()} from {self.b.name(place)} to "
                        f"{self.b.name(to)}: {why}")

    def worth(self, place: int, group: Group, origin: int) -> float:
        b = self.b
        if not group.corps:
            return 0.0
        value = 0.0
        if place in b.enemy:
            if not group.inf:
                return -self.corps * group.corps
            believed = b.belief.get(place, 1.0)
            fight = expected(Stacks(group.inf, group.cav, believed, believed / 5), b.side == "french", b.tables,
                             b.chart())
            value += self.corps * fight
            if fight > 0.3:
                value += POINT * b.wanted(place) * 0.5
        elif (place not in self.claimed or place == origin) and (group.inf or b.side == "russian"):
            value += POINT * b.wanted(place)
        value -= self.corps * group.corps * self.starving(place, group, origin)
        value -= self.danger(place, group)
        return value + PULL * self.pull(place)

    def starving(self, place: int, group: Group, origin: int) -> float:
        """The chance a corps there is eliminated in the Supply Segment (SUPPLY, the Unsupplied Chart)."""
        b = self.b
        depot = bool(group.depot) or place in self.depots
        if b.supplied(place, depot):
            if b.area_depleted(place) == 100 or depot:
                return 0.0
            corps = self.arriving.get(place, 0) + (group.corps if place != origin else 0)
            steps = max((s for least, s in b.tables.depletion["with_supply" if group.supply else "without_supply"]
                         if corps >= least), default=0)
            if b.area_depleted(place) + 50 * steps < 100:
                return 0.0
            if not b.winter and any(n in self.depots for n in b.neighbours(place)):
                return 0.0
        if b.side == "russian" and b.control.get(place) == "russian":
            return 0.0
        doomed = b.tables.unsupplied["winter" if b.winter else "normal"]
        return len(doomed) / 6

    def danger(self, place: int, group: Group) -> float:
        """A small group beside (or under) an enemy believed stronger may be attacked and lost."""
        b = self.b
        near = [b.belief.get(n, 1.0) for n in (place, *b.neighbours(place)) if n in b.enemy]
        if not near or group.inf >= 4:
            return 0.0
        threat = max(near)
        return self.corps * 0.3 * group.corps if threat > 1.5 * max(group.inf, 0.5) else 0.0

    def pull(self, place: int) -> float:
        """Points still to take over the distance to them (the nearest such place counts most)."""
        b = self.b
        far = distances(place)
        best = 0.0
        for target, held in b.control.items():
            points = b.wanted(target)
            if points and target not in self.claimed:
                best = max(best, points / (1 + far[target]))
        return best

    def why(self, place: int, part: Group, origin: int) -> str:
        b = self.b
        if place in b.enemy:
            return f"it attacks the enemy stack there (believed {about(b.belief.get(place, 1.0))})"
        if b.wanted(place) and place not in self.claimed and (part.inf or b.side == "russian"):
            return f"{b.name(place)} is worth {b.points(place)} VP and no enemy stack stands there"
        target = max((t for t in b.control if b.wanted(t) and t not in self.claimed),
                     key=lambda t: (b.wanted(t) / (1 + distances(place)[t]), -t), default=None)
        if target is not None:
            return f"closer to {b.name(target)} ({b.points(target)} VP)"
        if self.danger(origin, part) > self.danger(place, part):
            return f"away from the enemy stacks next to {b.name(origin)}, believed stronger"
        if self.starving(origin, part, origin) > self.starving(place, part, origin):
            return f"{b.name(place)} can feed it and {b.name(origin)} cannot (Supply)"
        return "a safer place to stand"


def marches(b: Board) -> list[Decision]:
    """Forced marches (MOVEMENT): only while the French fall short of the Victory Point Index of the
    next Game-Turn (or of victory on the last), one infantry corps at a time onto a victory place
    to take next door with no enemy marker, when the Forced March Table's odds of arriving are
    worth its odds of losing the corps; never the last infantry of a place being taken."""
    if not short(b):
        return []
    table = b.tables.forced_march["winter" if b.winter else "normal"]
    corps = CORPS * precious(b)
    arrive, lost = table.count("march") / 6, table.count("eliminated") / 6
    out, aimed = [], set()
    for place in sorted(b.mine, key=lambda p: (-b.corps(p), p)):
        spare = b.free_to_march[place]["inf"] - (1 if b.wanted(place) else 0)
        for n in b.neighbours(place):
            if spare <= 0:
                break
            points = b.wanted(n)
            if not points or n in b.enemy or b.corps(n) or n in aimed or arrive * POINT * points <= lost * corps:
                continue
            aimed.add(n)
            tries = min(spare, 2 if b.view["turn"] == b.view["last_turn"] else 1)  # the last chance: two dice
            spare -= tries
            out.append(Decision(f"march {place} {n} {tries} inf", f"a forced march from {b.name(place)} on "
                                f"{b.name(n)} ({points} VP), where no enemy stack stands"))
    return out


def precious(b: Board) -> float:
    """How many times its usual worth a corps counts: more as the side's corps come near what the
    attrition of the Player-Turns left will take (ATTRITION: the table's mean loss), since a side
    left without corps has lost (the French) or cannot hold what it has."""
    t = b.tables
    if b.side == "french" and b.view["turn"] == b.view["last_turn"]:
        return LAST  # the last Player-Turn: the points count, and one corps left is enough
    left = b.view["last_turn"] - b.view["turn"] + 1
    slack = sum(b.corps(p) for p in b.mine) - left * sum(t.attrition[b.side]) / 6
    return 1.0 if slack >= SLACK else min(4.0, 1.0 + (SLACK - slack) / 2)


def short(b: Board) -> bool:
    """Whether the French points fall short of what the next Game-Turn's index asks (the last
    turn: victory); the Russians: whether the French points reach it (VICTORY CONDITIONS)."""
    v = b.view
    need = v["index_track"][v["turn"]] if v["turn"] < v["last_turn"] else b.tables.to_win
    return (v["vp"] < need) == (b.side == "french")
