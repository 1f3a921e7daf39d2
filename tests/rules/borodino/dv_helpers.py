"""Helpers for the Doomed Victory option tests: positions with leaders, and dice forced in a row."""
from __future__ import annotations

from rules.core.dice import roll
from tests.rules.borodino.helpers import open_ground, position

G = open_ground(4)
BOTH = ("dv_rally", "dv_leaders")


def force_dice(state: dict, *values: int) -> None:
    """Set the dice position so the next rolls are `values`, in order (a test fixture only)."""
    n = state["dice"]["rolls"]
    while True:
        probe = {"seed": state["dice"]["seed"], "rolls": n}
        if all(roll(probe) == v for v in values):
            state["dice"]["rolls"] = n
            return
        n += 1


def dv_position(units: dict[str, str], *, options=BOTH, leaders: dict[str, str] | None = None,
                **kw) -> dict:
    """`position` with the Doomed Victory options; only the `leaders` named (id -> unit id) are in
    play, each stacked with that unit and active."""
    state = position(units, options=options, **kw)
    for lid, leader in state.get("leaders", {}).items():
        host = (leaders or {}).get(lid)
        leader.update({"with": host, "where": "play" if host else "absent", "active": True, "moved": False})
    return state


def kinds(events: list[dict]) -> list[str]:
    return [e.get("kind", "") for e in events]
