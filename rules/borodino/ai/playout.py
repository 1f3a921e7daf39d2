"""Self-play from a board on the rollout engine: how level 2 sees what follows a plan.

A playout plays both sides on a board with dice of the AI's own drawing, for a number of Movement
Phases or to the end of the game, in place on one `Session` (rules/borodino/session.py: no copy of
the state per command). Its attacks, retreats, advances and leaders are level 1's, chosen on the
session's own position (what it keeps, such as the enemy contact, serves the choice and the command
alike); its Movement Phases are level 1's aims without its route searches, which took most of a
plan's time (`march_on`): each unit, nearest a victory hex first, draws WALKS random walks by the
rollout policy (rollout.walk: legal paths by construction, stopping at an enemy zone of control) and
ends where the best of them ends by level 1's measure of a hex (level1.place_score), or stays where
none is better; a victory hex held is not left. A walk that ends next to a lone enemy unit and raises
the attack on it to 3-1 or better is taken first, as level 1 closes on the enemy units it strikes
(`strikes`). In the Grand Battle's last day the French march
level 1's column for the east edge first, where it would (level1.edge_column): a search after the
column sets out judged its plans by playouts whose column turned back for the redoubts. What the
board it stops on is worth to a side (`worth`) is first who would win were the game to end there
(SCENARIOS: Victory Conditions, `victory.outcome` read as if the last turn were over), then the
victory hexes it occupies and the Combat Points lost on either side, weighed as level 1 weighs
them (goals.loss_weight).
"""
from __future__ import annotations

import random
from fractions import Fraction

from rules import borodino
from rules.borodino import commands as C
from rules.borodino import victory
from rules.borodino.ai import east_edge, level1
from rules.borodino.ai.goals import loss_weight, objectives
from rules.borodino.ai.leaders import moves as move_leaders
from rules.borodino.battle import Battle, enemy_of, engaged_around
from rules.borodino.legal import may_move
from rules.borodino.movement import why_immobile
from rules.borodino.rollout import walk
from rules.borodino.session import Session
from rules.borodino.tables import odds_column
from rules.core.dice import new_dice
from rules.core.hexes import Hex

WIN = 40    # the game won, in Combat Points (a Schevardino redoubt held is attacks.GROUND: 6)
HOLD = 3    # a victory hex occupied where the playout stops
WALKS = 8   # random walks a unit draws in a playout's Movement Phase, ending where the best ends
STRIKE = "3-1"  # the least CRT column a playout closes on an enemy at (`strikes`): only an Ex strikes the attacker


def playout(state: dict, phases: int, rng: random.Random, first: C.Command | None = None,
            edge: bool = False) -> dict:
    """The board after `first` (when given) and both sides playing from `state` (dice and walks
    drawn from rng) until `phases` more Movement Phases have begun, or the game is over. With
    `edge`, the French march for the east edge (east_edge.py) rather than on the redoubts."""
    play = borodino.session({**state, "dice": new_dice(rng.getrandbits(48))})
    if first is not None:
        play.apply(play.active_sides()[0], first)
    begun = 0
    while play.state["phase"] != "over":
        state, side = play.state, play.active_sides()[0]
        if state["pending"]:
            play.apply(side, borodino.parse(side, level1.choice(play.battle, side).command))
        elif state["phase"] == "movement":
            if begun == phases:
                break
            begun += 1
            if edge and side == "french":
                east_edge.moves(play.battle, lambda cmd: _moved(play, cmd))
            else:
                column = level1.edge_column(play.battle, side)  # the Grand Battle's last day
                level1.march_column(play.battle, column, lambda cmd: _moved(play, cmd))
                march_on(play, side, rng, frozenset(column))
            _leaders(play, side)
        elif state["phase"] == "rally":
            _leaders(play, side)
        else:
            play.apply(side, borodino.parse(side, level1.combat(play.battle, side).command))
    return play.state


def march_on(play: Session, side: str, rng: random.Random, apart: frozenset[str] = frozenset()) -> None:
    """A playout's Movement Phase of the side's units but those `apart` (level 1's column for the east
    edge, marched before: level1.edge_column), on the session (see the module docstring)."""
    b = play.battle
    goals = objectives(b, side)
    for uid in sorted(may_move(b, side), key=lambda u: (level1.nearest(b, level1.start(b, u), goals), u)):
        u = b.unit(uid)
        here = u["hex"] if u["where"] == "map" else None
        if here in goals and b.side_at(here) == side or u["moved"] or uid in apart or why_immobile(b, side, uid):
            continue  # Victory Conditions: a victory hex held is defended, not left; one that may not move
        aims = level1.targets(b, side)
        scores: dict[Hex, tuple[int, int]] = {}  # walks often end alike
        best, best_score = None, None if here is None else (0, level1.place_score(b, side, here, aims))
        for _ in range(WALKS):
            walked = walk(b, uid, rng)
            if walked is not None:
                end = walked[0][-1]
                score = scores.get(end)
                if score is None:
                    score = scores[end] = (strikes(b, side, uid, end), level1.place_score(b, side, end, aims))
                if best_score is None or score > best_score:
                    best, best_score = walked, score
        if best is not None:
            path, cost = best
            move = C.Move(here or uid, path)
            if len(path) > 1:  # a path, not a destination: `movement.apply_move` need not check it
                b.walked[side, move] = cost
            play.apply(side, move)


def strikes(b: Battle, side: str, uid: str, end: Hex) -> int:
    """Level 1's strikes in a playout (level1.strikes, which walks a whole Combat Phase for each try, on
    the rollout engine): the CRT column, counted from the left, that the unit ending its move in `end`
    raises the attack on the one enemy unit next to it to, with the friends already next to that enemy,
    where it is STRIKE or better and the unit raises it; 0 where it strikes none so. An end that
    strikes is taken before any that does not, the higher column first. The unit closes only where
    the odds need it: one that adds no column stays with its aims. The attack is counted as Combat
    reads it: a defender doubled in a town or on a wooded road (Combat J), an attacker but artillery
    halved across a ford or bridge (Combat K); an enemy in a redoubt, or two enemy units in reach,
    are left to level 1's aims (Russian Redoubts E-G; Combat B: each one next to it is owed an attack)."""
    if end == C.OFF:
        return 0
    enemy = enemy_of(side)
    foes = [n for n in engaged_around(b.map, end) if b.side_at(n) == enemy]
    if len(foes) != 1 or foes[0] in b.map.redoubts:
        return 0
    foe = foes[0]
    defence = b.strength(b.at(foe) or "") * b.tables.defence_multiplier.get(b.map.terrain(foe), 1)
    friends = [(h, u) for h in engaged_around(b.map, foe) if (u := b.at(h)) and b.side_at(h) == side and u != uid]

    def column(units: list[tuple[Hex, str]]) -> int:
        halves = sum(b.strength(u) * (1 if not b.is_artillery(u) and b.map.side(h, foe) in b.tables.across_halved
                                      else 2) for h, u in units)
        return b.tables.columns.index(odds_column(Fraction(halves, 2), Fraction(defence)))
    raised = column(friends + [(end, uid)])
    return raised if raised >= b.tables.columns.index(STRIKE) and raised > column(friends) else 0


def _moved(play: Session, cmd: C.Command) -> Battle:
    play.apply("french", cmd)
    return play.battle


def _leaders(play: Session, side: str) -> None:
    """The side's leaders moved as level 1 moves them (Doomed Victory 8.1), then its `end`."""
    for decision in move_leaders(play.state, side)[1]:
        play.apply(side, borodino.parse(side, decision.command))
    play.apply(side, C.End())


def worth(state: dict, side: str) -> Fraction:
    """What the board is worth to `side` (see the module docstring)."""
    b = Battle(state)
    ended = victory.outcome(Battle({**state, "phase": "over"}))
    winner = ended["winner"] if ended else None
    value = Fraction(WIN if winner == side else -WIN if winner else 0)
    enemy = enemy_of(side)
    held = sum(b.side_at(g) == side for g in objectives(b, side))
    value += HOLD * (held - sum(b.side_at(g) == enemy for g in objectives(b, enemy)))
    return value + state["losses"][enemy] - loss_weight(b, side) * state["losses"][side]
