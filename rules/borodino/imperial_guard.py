"""The optional Imperial Guard rule (Borodino, Imperial Guard A-C): when Guard units go free.

An unreleased Guard unit may not move within four hexes of the enemy (A: `movement.Limits`);
it is released when an enemy unit comes within three hexes (B1: `movement.release_guards_near`),
or voluntarily (here), one after 15 Combat Points of losses and one more per 10 after that (B2); the
French Old Guard goes last (C).
"""
from __future__ import annotations

from rules.borodino.battle import Battle
from rules.borodino.commands import Release
from rules.borodino.movement import resolve_unit
from rules.core.errors import RuleViolation
from rules.core.events import Event, event


def _held_back(b: Battle, side: str) -> str:
    """The side's Guard units not yet released, by where they stand (their hex, or their id off the map)."""
    held = sorted(b.hex_of(uid) or uid for uid, u in b.s["units"].items() if b.defs[uid].side == side
                  and b.defs[uid].guard and uid not in b.s["released"] and u["where"] in ("map", "waiting"))
    return f"your Guard units not yet released: {', '.join(held)}" if held else "all your Guard units are released"


def release(b: Battle, side: str, cmd: Release) -> list[Event]:
    """Imperial Guard (B2, C): release after 15 CP of losses, one more per 10; the Old Guard last."""
    if not b.option("imperial_guard"):
        raise RuleViolation("Imperial Guard", "this game is played without the optional Imperial Guard rule "
                            "(the option imperial_guard), so no Guard unit waits to be released: each moves and "
                            "attacks as any other unit")
    try:
        uid = resolve_unit(b, cmd.unit)
    except RuleViolation as error:  # no unit there: say which ones may be released instead
        raise RuleViolation("Imperial Guard", f"{error.message}; {_held_back(b, side)}") from None
    refusal = _unreleasable(b, side, uid)
    if refusal is not None:
        raise refusal
    b.s["released"].append(uid)
    b.s["voluntary_releases"][side] += 1
    return [event(f"{b.describe(uid)} is released (Imperial Guard B2).", kind="guard_released", unit=uid)]


def with_release(b: Battle, side: str, uid: str, refused: RuleViolation) -> RuleViolation:
    """A move refused for keeping four hexes from the enemy (A), told that `release` frees the unit
    first where the side may release it now (B2, C); any other refusal as it is."""
    if refused.rule != "Imperial Guard (A)" or _unreleasable(b, side, uid) is not None:
        return refused
    return RuleViolation("Imperial Guard (A, B2)", f"{refused.message.rstrip('.')}; `release {b.hex_of(uid) or uid}` "
                         "frees it first, as your losses allow")


def _unreleasable(b: Battle, side: str, uid: str) -> RuleViolation | None:
    """Why the side may not release the unit now (B2, C), or None where it may."""
    d = b.defs[uid]
    if d.side != side or not d.guard:
        return RuleViolation("Imperial Guard", f"{b.describe(uid)} is not one of your Guard units; "
                             f"{_held_back(b, side)}")
    if uid in b.s["released"]:
        return RuleViolation("Imperial Guard", f"{b.describe(uid)} is already released")
    losses = b.s["losses"][side]
    allowed = 0 if losses < 15 else 1 + (losses - 15) // 10
    if not allowed:
        return RuleViolation("Imperial Guard (B2)", "a Guard unit may be released only after the first 15 Combat "
                             f"Points of your losses; you have lost {losses}")
    if b.s["voluntary_releases"][side] >= allowed:
        units, them = ("unit", "it") if allowed == 1 else ("units", "them all")
        return RuleViolation("Imperial Guard (B2)", f"with {losses} Combat Points lost you may release {allowed} "
                             f"Guard {units}, and have released {them}; the next after {15 + 10 * allowed}")
    others = [g for g, u in b.s["units"].items() if b.defs[g].side == side and b.defs[g].guard
              and g != uid and g not in b.s["released"] and u["where"] in ("map", "waiting", "future")]
    if d.old_guard and others:
        first = sorted(b.hex_of(g) or g for g in others)
        return RuleViolation("Imperial Guard (C)", "the Old Guard must be the last French Guard unit released; "
                             f"release one of the others first: {', '.join(first)}")
    return None

