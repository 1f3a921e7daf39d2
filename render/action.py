"""The latest action of a view, and where to crop so that a phone reads it.

Discord shows a picture about 550 px wide on a phone: the whole map then has 12 px counters, so every
post after a change carries a second picture, drawn at that width around the places of the latest
action. The places come from the view's log alone, so they show nothing hidden.
"""
from __future__ import annotations

PHONE_WIDTH = 550  # Discord's preview width on a phone, in pixels
FIGHTS = ("attackers", "defenders", "bombarding")
AFTERMATH = ("retreats", "advances")


def latest_hexes(view: dict) -> list[str]:
    """Borodino: the hexes of the latest attack (its attackers, defenders, bombarding units, the
    retreats, advances and eliminations from them), else of the latest move; from the current
    player-turn's log, or the previous one's at the start of a player-turn. Combat follows
    movement in a player-turn (Sequence of Play), so an attack is always later than every move."""
    log = _busy(view.get("log"), ("moves", "attacks")) or _busy(view.get("last_log"), ("moves", "attacks"))
    if log.get("attacks"):
        fight = {str(h).removeprefix("R") for key in FIGHTS for h in log["attacks"][-1].get(key, [])}
        after = {str(e[end]) for key in AFTERMATH for e in log.get(key, []) if e.get("from") in fight
                 for end in ("from", "to")}
        return sorted(fight | after)
    if log.get("moves"):
        return list(dict.fromkeys(log["moves"][-1].get("path", [])))
    return []


def latest_areas(view: dict) -> list[int]:
    """Bloody Monday: the areas of the latest move (from and to; a battle there is part of it),
    else of the latest battle, else of the latest artillery fire."""
    log = _busy(view.get("log"), ("moves", "battles", "artillery"))
    for key, ends in (("moves", ("from", "to")), ("battles", ("area",)), ("artillery", ("from", "to"))):
        if log.get(key):
            return [int(log[key][-1][end]) for end in ends if log[key][-1].get(end) is not None]
    return []


def _busy(log: dict | None, keys: tuple[str, ...]) -> dict:
    return log if log and any(log.get(k) for k in keys) else {}
