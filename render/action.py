"""The latest action of a view, and where to crop so that a phone reads it.

Discord shows a picture about 550 px wide on a phone: the whole map then has 12 px counters, so every
post after a change carries a second picture, drawn at that width around the places of the latest
action and of what the game now waits on. The places come from the view alone (its log, and `owed`,
where the rules say the game waits: attacks due, a battle's hits), so they show nothing hidden; what
is owed is the engine's to say, the crop only frames it.
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
        return list(dict.fromkeys(h for move in _last_moves(log["moves"]) for h in move.get("path", [])))
    return []


def _last_moves(moves: list[dict]) -> list[dict]:
    """The latest move; or, where it is a unit set on a hex without moving (a path of one hex: the
    reinforcements not moved on, placed together on their entry hexes when the Movement Phase
    ends, Scenarios), every such placement that ends the log."""
    if len(moves[-1].get("path", [])) != 1:
        return moves[-1:]
    placed = len(moves)
    while placed > 0 and len(moves[placed - 1].get("path", [])) == 1:
        placed -= 1
    return moves[placed:]


def crop_hexes(view: dict) -> list[str]:
    """Borodino: the hexes of the latest action and of what is owed now. Once attacks are owed and
    none has been made yet, the latest moves belong to the Movement Phase before: the picture is then
    of the attacks due (Sequence of Play)."""
    owed = [str(h) for h in view.get("owed", [])]
    if owed and view.get("phase") == "combat" and not (view.get("log") or {}).get("attacks"):
        return owed
    return sorted({*latest_hexes(view), *owed})


def crop_areas(view: dict) -> list[int]:
    """Bloody Monday: the areas of the latest action and of what is owed now (battles due). While a
    battle is under way (`battle`, its area) every command acts in it, where its hits are applied and
    its retreats go (`owed`): the picture is then of the battle alone."""
    owed = sorted(int(n) for n in view.get("owed", []))
    if view.get("battle") is not None and owed:
        return owed
    return sorted({*latest_areas(view), *owed})


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
