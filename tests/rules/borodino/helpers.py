"""Shared helpers for Borodino rule tests: build a position by hand, give commands, find terrain.

Positions are made from a scenario's set-up with every unit removed except those named, so a
test shows exactly the units its rule case is about (compare the diplomacy package's DATC tests).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules import load
from rules.borodino import battlemap
from rules.borodino.battle import Battle
from rules.core.errors import RuleViolation
from rules.core.hexes import within
from tests.rules.controls import cleared
from tests.rules.typed import refusal

borodino = load("borodino")
MAP = battlemap.load()


def position(units: dict[str, str], *, scenario: str = "7sep", player: str = "french",
             phase: str = "movement", options=(), turn: int | None = None, seed: int = 1) -> dict:
    """A state with only `units` (id -> hex) on the map, `player` to act in `phase`."""
    state = borodino.setup(scenario, seed, list(options))
    for uid, u in state["units"].items():
        u.update(where="removed", hex=None)
    for uid, h in units.items():
        state["units"][uid].update(where="map", hex=h)
    for h, r in state["redoubts"].items():
        r["held"] = "russian"
    state.update(player=player, phase=phase, pending=None, frozen=[], unfrozen=[])
    if turn is not None:
        state["turn"] = turn
    return state


def play(state: dict, side: str, text: str) -> tuple[dict, list[dict]]:
    return borodino.apply(state, side, borodino.parse(side, text))


def refused(state: dict, side: str, text: str, rule: str) -> RuleViolation:
    """Assert the command is refused citing exactly `rule`, and that the state is unchanged;
    return the violation."""
    return refusal(borodino, state, side, text, rule)


def refused_then_accepted(state: dict, side: str, text: str, rule: str,
                          clear: Callable[[dict], object]) -> tuple[RuleViolation, dict]:
    """The positive control of a refusal: `text` is refused citing `rule`, and the same command is
    accepted once `clear` has removed the obstacle from a copy. Returns the violation and the state
    after the accepted command."""
    return refused(state, side, text, rule), play(cleared(state, clear), side, text)[0]


def without(*uids: str) -> Callable[[dict], None]:
    """A `clear` for refused_then_accepted: these units leave the map."""
    def clear(state: dict) -> None:
        for uid in uids:
            state["units"][uid].update(where="removed", hex=None)
    return clear


def where(state: dict, uid: str) -> str | None:
    return state["units"][uid]["hex"]


def battle(state: dict) -> Battle:
    return Battle(state)


@cache  # the map never changes; 19 test modules ask for it as they are collected
def open_ground(radius: int = 3, exclude: tuple[str, ...] = ()) -> str:
    """A hex whose whole neighbourhood is clear, with no river, stream, road or redoubt in it."""
    for h in sorted(MAP.hexes):
        area = [h, *within(h, radius)]
        if any(x not in MAP.hexes or MAP.terrain(x) != "clear" or x in MAP.road_hexes for x in area):
            continue
        if any(MAP.side(x, n) for x in area for n in MAP.adjacent(x)):
            continue
        if any(x in exclude for x in area):
            continue
        return h
    raise AssertionError("the map has no open ground of that size")


def go(h: str, *directions: int) -> str:
    """Walk from h in the given directions (0 = towards row 01, then clockwise), one hex each."""
    from rules.core.hexes import from_cube, to_cube
    deltas = ((0, +1, -1), (+1, 0, -1), (+1, -1, 0), (0, -1, +1), (-1, 0, +1), (-1, +1, 0))
    for d in directions:
        x, y, z = to_cube(h)
        dx, dy, dz = deltas[d]
        h = from_cube(x + dx, y + dy, z + dz)
    return h


def force_die(state: dict, value: int) -> None:
    """Set the dice position so the next roll is `value` (a test fixture, never used in play)."""
    from rules.core.dice import roll
    n = state["dice"]["rolls"]
    while True:
        probe = {"seed": state["dice"]["seed"], "rolls": n}
        if roll(probe) == value:
            state["dice"]["rolls"] = n
            return
        n += 1


def hexside_of(kind: str, *, clear: bool = True, road: bool | None = None) -> tuple[str, str]:
    """Two hexes on either side of a hexside of this kind, both clear ground by default."""
    for key, k in sorted(MAP.sides.items()):
        if k != kind:
            continue
        a, b = key.split("/")
        if clear and not all(MAP.terrain(x) in ("clear", "town") for x in (a, b)):
            continue
        if road is not None and (key in MAP.road_sides) != road:
            continue
        return a, b
    raise AssertionError(f"no {kind} hexside fits")


def ring(h: str) -> list[str]:
    """The six neighbours of h in go() direction order: ring(h)[d] == go(h, d)."""
    return [go(h, d) for d in range(6)]


def settle(state: dict) -> dict:
    """Answer every waiting choice after combat: the first retreat or loss offered, never advance."""
    from rules.borodino.commands import Stay
    while state["pending"]:
        side = borodino.active_sides(state)[0]
        options = borodino.legal_commands(state, side)
        cmd = next((c for c in options if isinstance(c, Stay)), options[0])
        state, _ = borodino.apply(state, side, cmd)
    return state


def losses(state: dict) -> dict:
    return state["losses"]
