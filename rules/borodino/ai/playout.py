"""Level-1 self-play from a board: how level 2 sees what follows a plan.

A playout plays both sides by level 1 (its moves, attacks, retreats and leaders) on a board with
dice of the AI's own drawing, for a number of Movement Phases or to the end of the game. What the
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
from rules.borodino.ai import level1
from rules.borodino.ai.goals import loss_weight, objectives
from rules.borodino.ai.leaders import moves as move_leaders
from rules.borodino.battle import Battle, enemy_of
from rules.core.dice import new_dice

WIN = 40    # the game won, in Combat Points (a Schevardino redoubt held is attacks.GROUND: 6)
HOLD = 3    # a victory hex occupied where the playout stops


def playout(state: dict, phases: int, rng: random.Random, first: C.Command | None = None) -> dict:
    """The board after `first` (when given) and level 1 playing both sides from `state` (dice
    drawn from rng) until `phases` more Movement Phases have begun, or the game is over."""
    state = {**state, "dice": new_dice(rng.getrandbits(48))}
    if first is not None:
        state, _ = borodino.apply(state, borodino.active_sides(state)[0], first)
    begun = 0
    while state["phase"] != "over":
        side = borodino.active_sides(state)[0]
        if state["pending"]:
            state, _ = borodino.apply(state, side, borodino.parse(side, level1.choice(state, side).command))
        elif state["phase"] == "movement":
            if begun == phases:
                break
            begun += 1
            _, state = level1.moves(state, side, level1.first)
            state, _ = move_leaders(state, side)
            state, _ = borodino.apply(state, side, C.End())
        elif state["phase"] == "rally":
            state, _ = move_leaders(state, side)
            state, _ = borodino.apply(state, side, C.End())
        else:
            state, _ = borodino.apply(state, side, borodino.parse(side, level1.combat(state, side).command))
    return state


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
