"""Shared helpers for 1812 rule tests: a position built by hand, commands given, dice rigged.

A position starts from the campaign set-up with every stack taken off the map except those named,
in the phase asked, so a test shows exactly the stacks its rule case is about.
"""
from __future__ import annotations

from rules import load
from rules.campaign_1812.game import Game, empty
from rules.core.dice import roll
from tests.rules.typed import refusal, typed

c1812 = load("campaign_1812")


def position(french: dict[int, dict] | None = None, russian: dict[int, dict] | None = None, *,
             turn: int = 2, player: str = "french", phase: str = "movement", held=(11,), **fields) -> dict:
    """A state with only the stacks given ({place: {"inf": 2, ...}}), at `turn`, `player`, `phase`; the
    French control the victory places `held` (Kovno alone by default: the index of turn 2 met)."""
    state = c1812.setup("campaign", 1)
    state["stacks"] = {"french": {}, "russian": {}}
    g = Game(state)
    for side, stacks in (("french", french or {}), ("russian", russian or {})):
        for place, counts in stacks.items():
            g.add(side, place, {**empty(), **counts})
    for place in held:
        state["control"][str(place)] = "french"
    state.update({"turn": turn, "player": player, "phase": phase, "attrition": 0, **fields})
    return state


def do(state: dict, side: str, *texts: str) -> tuple[dict, list[dict]]:
    """Apply command lines in order; returns the last state and all events."""
    return typed(c1812, state, side, *texts)


def refused(state: dict, side: str, text: str, rule: str) -> str:
    """The command is refused citing exactly `rule`, and the state is unchanged; returns the sentence."""
    return str(refusal(c1812, state, side, text, rule))


def rig(dice: dict, *faces: int) -> None:
    """Move `dice` to the first position whose next rolls are `faces` (the game's own generator)."""
    for start in range(dice["rolls"], dice["rolls"] + 200_000):
        probe = {"seed": dice["seed"], "rolls": start}
        if all(roll(probe) == f for f in faces):
            dice["rolls"] = start
            return
    raise AssertionError(f"no position rolls {faces}")


def stack(state: dict, side: str, place: int) -> dict[str, int]:
    return Game(state).stack(side, place)


def texts(events: list[dict], to: str | None = None) -> list[str]:
    return [e["text"] for e in events if to is None or e["to"] == to]
