"""Shared helpers for Bloody Monday rule tests: build a position by hand, give commands.

Positions start from a seeded set-up with every block sent back to its pool except those named,
so a test shows exactly the blocks its rule case is about (compare the diplomacy package's DATC
tests). The supreme commanders stay at their icons (21, 69) unless placed elsewhere.
"""
from __future__ import annotations

from collections.abc import Callable

from rules import load
from rules.bloody_monday.game import SIDES, Game
from tests.rules.controls import cleared
from tests.rules.typed import refusal, typed

bm = load("bloody_monday")
CHIEFS = {"F-NAP": 21, "R-KUT": 69}


def position(blocks: dict[str, int | tuple[int, int]], *, player: str = "french", options=(),
             control: dict[int, str] | None = None, pools: list[str] | None = None, **fields) -> dict:
    """A state with only `blocks` (id -> area, or (area, strength)) and the chiefs on the map; every
    other block waits in its pool, or with `pools` only those do and the rest are out of play."""
    state = bm.setup("bloody_monday", 1, list(options))
    for bid, b in state["blocks"].items():
        b.update(where="pool" if pools is None or bid in pools else "eliminated", area=None)
    for bid, where in {**CHIEFS, **blocks}.items():
        area, strength = where if isinstance(where, tuple) else (where, None)
        state["blocks"][bid].update(where="map", area=area)
        if strength is not None:
            state["blocks"][bid]["strength"] = strength
    for n, side in (control or {}).items():
        state["control"][str(n)] = side
    state.update(player=player, **fields)
    return state


def do(state: dict, side: str, *texts: str) -> tuple[dict, list[dict]]:
    """Apply command lines in order; returns the last state and all events."""
    return typed(bm, state, side, *texts)


def refused(state: dict, side: str, text: str, rule: str) -> str:
    """The command is refused citing exactly `rule` (the rule book's case), and the state is
    unchanged; returns the sentence."""
    return str(refusal(bm, state, side, text, rule))


def refused_then_accepted(state: dict, side: str, text: str, rule: str,
                          clear: Callable[[dict], object]) -> tuple[str, dict]:
    """The positive control of a refusal: `text` is refused citing `rule`, and the same command is
    accepted once `clear` has removed the obstacle from a copy. Returns the sentence and the state
    after the accepted command."""
    return refused(state, side, text, rule), do(cleared(state, clear), side, text)[0]


def game(state: dict) -> Game:
    return Game(state)


def at(state: dict, bid: str) -> int | None:
    return state["blocks"][bid]["area"]


def strength(state: dict, bid: str) -> int:
    return int(state["blocks"][bid]["strength"])


def battle(g: Game, area: int, attacker: str = "french", **fields) -> dict:
    """Open a battle in `area` by hand (a tactical impulse of `attacker` with one leader), at the
    ground-combat stage unless told otherwise."""
    from rules.bloody_monday import impulses

    impulses.begin(g, attacker, "tactical")
    g.s["impulse"]["leaders"] = ["F-G-B" if attacker == "french" else "R-G-L"]
    bt = {"area": area, "attacker": attacker, "defender": "russian" if attacker == "french" else "french",
          "stage": "ground", "fired": [], "bonus": 0, "shields": [], "volleys": None, "volley": 0,
          "rolled": [], "ambush": [], "stood": [], "due": {"french": 0, "russian": 0},
          "hits": {"french": 0, "russian": 0}, "shown": False, "choice": None, **fields}
    g.s["battle"] = bt
    return bt


def placement_answers(g: Game) -> tuple:
    """Every answer a placement keeps, each asked for (so that a command carries them over)."""
    return (g.contested_areas(), {side: g.enemy_areas(side) for side in SIDES},
            {side: g.full(side) for side in SIDES}, {side: g.on_map(side) for side in SIDES},
            {(side, n): g.room(side, n) for side in SIDES for n, ids in g.at.items() if ids}, g.at)


def guns_on_42(**extra) -> dict:
    """Davout leads F-I-1 into 42, held by two Russian infantry tied at 3 and Barclay; two French guns in 16
    fire into it, the first done: the Russian has 3 hits to apply (the seed's dice), among equals (5.3.6)."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-A1": 16, "F-I-A2": 16, "R-1-4": 42, "R-1-11": 42, "R-1-BT": 42,
                      **extra})
    state["blocks"]["F-I-A2"]["activated"] = True
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42", "battle 42",
                  "fire F-I-A1 42")
    assert state["battle"]["choice"]["candidates"] == ["R-1-11", "R-1-4"] and state["battle"]["due"]["russian"] == 3
    return state


def two_battles(**blocks) -> dict:
    """A French Tactical Action with two battles to fight, in 44 and in 54, the Russian holding the disc
    with areas to retreat into from each (45 between them, 42, 33): the battle in 44 at his retreat (6.4)."""
    control = {n: "french" for n in (51, 52, 54, 55)} | {42: "russian", 45: "russian", 33: "russian"}
    state = position({"F-I-1": 44, "R-1-3": 44, "F-I-2": 54, "R-1-4": 54, **blocks}, initiative="russian",
                     control=control)
    battle(game(state), 44, stage="retreat")
    state["impulse"].update(leaders=["F-G-B", "F-I-D"], segment="combat")
    return state
