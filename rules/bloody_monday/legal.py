"""Every command a side may give now (the one list that feeds autocomplete, hints and random play).

Moves come from the same route search that checks them (movement.routes); the commands with few
candidates (inspire, battle, restore, artillery fire) are tried against the rules on a copy. The
list is built as candidates, each marked whether it still needs that trial: `commands` tries
them all, `sample` only the one it draws (rejection sampling: uniform over the legal commands
without trying every one).
"""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from itertools import accumulate

from rules.bloody_monday import batterie, combat, ground, impulses, movement
from rules.bloody_monday import commands as C
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday.game import Game, Impulse, trial
from rules.bloody_monday.movement import Rules
from rules.core.errors import RulesError

END = C.Word("end")
STAND = C.Word("stand")  # the defender declines to retreat (6.4); `end` says the same, as it did before `stand`


def may_declare_tactical(g: Game, side: str) -> bool:
    """5.1: a Tactical Action needs a leader it can activate (9.8 can lift an exhausted chief)."""
    fresh = any(not g.exhausted(b) for b in g.leaders(side))
    offensive = g.option("general_offensive") and g.s["initiative"] == side
    return fresh and (g.chief_strength(side) > 0 or offensive)


Candidate = tuple[C.Command, bool]  # (command, whether it must still be tried on a copy)


class Moves:
    """One unit's moves, with an artillery's activations (kind "move"), or one tactical leader's
    activations (kind "Activate"), all sure, searched only when counted, listed or drawn, and
    counted without being listed: a position offers hundreds of moves, a uniform draw needs their
    count and one of them, a rollout draw (`rollout`) one unit's."""

    def __init__(self, g: Game, bid: str, barred: frozenset[int] | None = None):
        """`barred`: the areas a unit's move may not end in (`_moves`); None for a leader."""
        self.g, self.bid, self.barred = g, bid, barred
        self.kind = "Activate" if barred is None else "move"
        self._count: int | None = None
        self._found: tuple[list[int], list[int | None]] | None = None

    def _rules(self) -> tuple[Rules | None, Rules | None]:
        """The rules of its moves and of its activation (5.1, 5.2.1: MPs less the one the
        activation costs), for those it has."""
        g, bid = self.g, self.bid
        activation = Rules(movement.allowance(g, bid) - 1, engage=False)
        if self.barred is None:
            return None, activation
        gun = g.defs[bid].type == "artillery" and g.s["impulse"]["kind"] == "tactical" and not g.exhausted(bid)
        return impulses.move_rules(g, bid), activation if gun else None

    def _areas(self) -> tuple[list[int], list[int | None]]:
        """The areas it may move to, and those where it may be activated, with None for where it
        stands (5.1, 5.2, 5.2.1)."""
        if self._found is None:
            move, activation = self._rules()
            dests = _destinations(self.g, self.bid, move, self.barred or frozenset()) if move else []
            guns: list[int | None] = [None, *_destinations(self.g, self.bid, activation)] if activation else []
            self._found = dests, guns
        return self._found

    @property
    def count(self) -> int:
        if self._count is None:
            if self._found is None:
                move, activation = self._rules()
                self._count = (_count(self.g, self.bid, move, self.barred or frozenset()) if move else 0) + \
                    (1 + _count(self.g, self.bid, activation) if activation else 0)
            else:
                self._count = len(self._found[0]) + len(self._found[1])
        return self._count

    def make(self) -> list[C.Command]:
        dests, guns = self._areas()
        out: list[C.Command] = [C.Move(self.bid, (n,)) for n in dests]
        return out + [C.Activate(self.bid, n) for n in guns]

    def command(self, i: int) -> C.Command:
        """`make()[i]`, made alone."""
        dests, guns = self._areas()
        return C.Move(self.bid, (dests[i],)) if i < len(dests) else C.Activate(self.bid, guns[i - len(dests)])


Entry = Candidate | Moves


def commands(g: Game, side: str) -> list[C.Command]:
    """Every legal command, in the order of the candidates."""
    return [cmd for cmd, trial in candidates(g, side) if not trial or works(g, side, cmd)]


def candidates(g: Game, side: str) -> list[Candidate]:
    """What `side` might command now, in order, each marked whether it must still be tried."""
    out: list[Candidate] = []
    for entry in _entries(g, side):
        if isinstance(entry, Moves):
            out += _sure(entry.make())
        else:
            out.append(entry)
    return out


class _Drawing:
    """The candidates as a list to draw from, a unit's moves made only when one of them is drawn;
    `drop(i)` puts the last candidate in the place of the i-th and shortens the list."""

    def __init__(self, entries: Sequence[Entry]):
        self.entries = entries
        self.ends = list(accumulate(e.count if isinstance(e, Moves) else 1 for e in entries))
        self.size = self.ends[-1] if entries else 0
        self.moved: dict[int, Candidate] = {}

    def __getitem__(self, i: int) -> Candidate:
        if i in self.moved:
            return self.moved[i]
        k = bisect_right(self.ends, i)
        entry = self.entries[k]
        if not isinstance(entry, Moves):
            return entry
        return entry.command(i - self.ends[k] + entry.count), False

    def drop(self, i: int) -> None:
        self.moved[i] = self[self.size - 1]
        self.size -= 1


def sample(g: Game, side: str, rng: random.Random) -> C.Command | None:
    """One legal command, each alike, trying only the candidates drawn (None: there is none)."""
    left = _Drawing(_entries(g, side))
    while left.size:
        i = rng.randrange(left.size)
        cmd, trial = left[i]
        if not trial or works(g, side, cmd):
            return cmd
        left.drop(i)
    return None


def rollout(g: Game, side: str, rng: random.Random) -> C.Command | None:
    """The rollout policy, for searches that play many games to their end: a kind of command
    alike (move, activate, inspire, battle, end, each Initiative Action, ...), then a candidate of
    that kind alike (a unit, for moves), then one of its commands. Every legal command may be
    drawn, none that is not; a draw searches one unit's routes (and counts the leaders'
    activations), and an impulse ends after a few moves instead of after nearly every commanded
    unit has moved, so whole games cost a fraction of uniform ones
    (tests/rules/bloody_monday/test_rollout_policy.py shows that they still meet every kind of
    command and of battle and game outcome)."""
    kinds: dict[str, list[Entry]] = {}
    for entry in _entries(g, side):
        kinds.setdefault(_kind(entry), []).append(entry)
    left = list(kinds.values())
    while left:
        k = rng.randrange(len(left))
        group = left[k]
        if isinstance(group[0], Moves) and group[0].kind == "Activate":  # each activation alike
            activations = _Drawing(group)
            return activations[rng.randrange(activations.size)][0]
        while group:
            i = rng.randrange(len(group))
            entry = group[i]
            if isinstance(entry, Moves):
                if entry.count:
                    return entry.command(rng.randrange(entry.count))
            elif not entry[1] or works(g, side, entry[0]):
                return entry[0]
            group[i] = group[-1]
            group.pop()
        left[k] = left[-1]
        left.pop()
    return None


def _kind(entry: Entry) -> str:
    if isinstance(entry, Moves):
        return entry.kind
    cmd = entry[0]
    if isinstance(cmd, C.Word):
        return cmd.verb
    if isinstance(cmd, C.Initiative):
        return f"initiative {cmd.action}"
    return type(cmd).__name__


def works(g: Game, side: str, cmd: C.Command) -> bool:
    """Whether the rules accept the command here: asked of the rule's own checks where it has
    them (`_CHECKS`), else tried on a copy."""
    from rules.bloody_monday import dispatch

    check = _CHECKS.get(type(cmd))
    try:
        if check is None:
            dispatch(trial(g), side, cmd)
        else:
            check(g, cmd)
    except RulesError:
        return False
    return True


# The checks that refuse a candidate exactly when carrying it out would (in the stage of the turn
# where it is offered, naming blocks by id), asked instead of a trial: most inspirations offered
# are refused (the unit is not adjacent, or already inspired), and a trial copies the position.
_CHECKS: dict[type, Callable[[Game, Any], None]] = {
    C.Inspire: lambda g, cmd: impulses.may_inspire(g, cmd.leader, cmd.block)}


def _sure(cmds: Sequence[C.Command]) -> list[Candidate]:
    return [(cmd, False) for cmd in cmds]


def _to_try(cmds: Sequence[C.Command]) -> list[Candidate]:
    return [(cmd, True) for cmd in cmds]


def _destinations(g: Game, bid: str, rules: Rules, barred: frozenset[int] = frozenset()) -> list[int]:
    """The areas the block may end a move in, in order: reachable, with room for it (1.2), not barred."""
    full = _full(g, bid)
    return [n for n in movement.reach(g, bid, rules) if n not in full and n not in barred]


def _count(g: Game, bid: str, rules: Rules, barred: frozenset[int] = frozenset()) -> int:
    """How many `_destinations` there are, counted without listing them."""
    return len(movement.routes(g, bid, rules).keys() - _full(g, bid) - barred)


def _full(g: Game, bid: str) -> frozenset[int]:
    """The areas without room for the block (1.2: a supreme commander may overstack)."""
    return frozenset() if g.defs[bid].type == "supreme_commander" else g.full(g.side(bid))


def _moves(g: Game, side: str) -> list[Moves]:
    imp: Impulse = g.s["impulse"]
    if impulses.segment_after(g, "movement"):
        return []
    units = frozenset(impulses.commanded(g)) if imp["kind"] == "tactical" else frozenset()
    # 2.6.3: once the impulse's new engagements are made, no move may make another
    made = len(imp["new"]) >= impulses.engagement_limit(g, side)
    barred = g.enemy_areas(side) - set(g.s["contested_at_start"]) - set(imp["new"]) if made else frozenset()
    return [Moves(g, bid, barred) for bid in impulses.movers(g, side, units)]


def _leader_activations(g: Game, side: str) -> list[Moves]:
    """5.1: each leader that may be activated now, with where it may go first, searched only when
    counted, listed or drawn."""
    return [Moves(g, bid) for bid in impulses.activatable(g, side)]


def _tactical(g: Game, side: str) -> list[Entry]:
    imp: Impulse = g.s["impulse"]
    out: list[Entry] = []
    if imp["segment"] == "activation":
        out += _leader_activations(g, side)
        if g.option("general_offensive") and not imp["leaders"] and g.s["initiative"] == side and not imp["offensive"]:
            out += _sure([C.Initiative("offensive")])
    if imp["leaders"]:
        out += _moves(g, side)
        if not impulses.segment_after(g, "inspiration"):
            cands = [C.Inspire(ld, b) for ld in imp["leaders"] if ld not in imp["inspired"]
                     for fol in (impulses.followers(g, ld),) for b in g.on_map(side)
                     if g.defs[b].type in ("infantry", "cavalry") and b in fol]
            out += _to_try(cands)
        out += _battles(g)
        if not impulses.due_battles(g):
            out += _sure([END])
            if g.s["initiative"] == side and any(g.defs[b].type == "cavalry" for b in g.on_map(side)):
                out += _sure([C.Initiative("raid")])
    return out


def _battles(g: Game) -> list[Candidate]:
    return _to_try([C.Battle(n) for n in sorted(g.contested_areas())])


def _battle_step(g: Game) -> list[Candidate]:
    bt = g.s["battle"]
    if bt["choice"]:
        return _sure([C.Hit((b,)) for b in bt["choice"]["candidates"]])
    if bt["stage"] == "jagers":
        jagers: list[C.Command] = [C.Ambush(b) for b in ground.jagers(g)]
        jagers += [C.Skirmish(b, n) for b in ground.jagers(g) for n in ground.skirmish_areas(g, b)]
        return _sure(jagers + [END])
    if bt["stage"] == "retreat":
        return _retreats(g) + _sure([STAND])
    fire: list[C.Command] = [C.Fire(b, bt["area"]) for b in combat.gunners(g)]
    return _sure(fire + [END])


def _retreats(g: Game) -> list[Candidate]:
    """6.4: each area alone and all together; when not everyone has room, unit-by-unit placements
    that keep the strongest and that keep the weakest."""
    areas = retreats.retreat_areas(g)
    cands: list[C.Command] = [C.Retreat((n,)) for n in areas]
    cands += [C.Retreat(tuple(areas))] if len(areas) > 1 else []
    units = retreats.retreating(g)
    for order in (units, units[:1] + units[:0:-1]):
        places = retreats.greedy(g, order)
        if places and len(places) < len(units):
            cands.append(C.Retreat(tuple(places.values()), tuple(places)))
    return _to_try(list(dict.fromkeys(cands)))


def _logistics(g: Game, side: str) -> list[Candidate]:
    lg = g.s["logistics"]
    cands: list[C.Command] = []
    if lg["stage"] == "choose":
        chief = g.chief(side)
        if g.entry(chief)["where"] != "map" or g.exhausted(chief):
            return _sure([END])
        cands += [C.Activate(chief, None)]
        cands += [C.Activate(chief, n) for n in _destinations(
            g, chief, Rules(movement.allowance(g, chief) - 1, engage=False)) if g.friendly(side, n)]
        return _to_try(cands) + _sure([END])
    if lg["stage"] == "reinforce":
        cands += [C.Reinforce(None)] + [C.Reinforce(n) for n in range(1, lg["lv"] - lg["reinforced"])]
    cands += [C.Restore(b) for b in g.on_map(side)
              if g.strength(b) < g.defs[b].strength and g.defs[b].type != "supreme_commander"]
    return _to_try(cands) + _sure([END])


def _entries(g: Game, side: str) -> Sequence[Entry]:
    """What `side` might command now, in order: candidates, and units' moves still to make."""
    s = g.s
    if s["phase"] == "logistics":
        return _logistics(g, side)
    if s["battle"]:
        return _battle_step(g)
    if s["battery"] is not None:
        shots: list[C.Command] = [C.Fire(b, n) for b in batterie.guns(g) for n in batterie.targets(g, b)]
        return _sure(shots + [END])
    imp: Impulse | None = s["impulse"]
    if imp is None:
        out: list[C.Command] = [C.Word("tactical")] if may_declare_tactical(g, side) else []
        out.append(C.Word("pass"))
        if s["initiative"] == side:
            out += [C.Initiative("reinforcements"), C.Initiative("move")]
        return _sure(out)
    if imp["kind"] == "tactical":
        return _tactical(g, side)
    out2: list[Entry] = [*_moves(g, side)]
    out2 += _battles(g) if imp["kind"] == "special" else []
    return out2 + (_sure([END]) if not impulses.due_battles(g) else [])
