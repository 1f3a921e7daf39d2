"""Plain-text pictures of a view and of events, for the terminal (and Discord code blocks).

Generic over the common core of every view (DESIGN.md, "Views are plain JSON dicts"): game
fields `turn`, `clock`, `phase`, `player`, `to_move`, `prompt`, `notes` (sentences the engine
offers the player: attacks due, losses, ...), `outcome` and a `units` list.
Anything a unit dict holds beyond the core columns and is true shows up as a flag (moved, ...).
"""
from __future__ import annotations

_CORE = ("side", "hex", "area", "id", "type", "strength", "movement")


def side_name(side: str | None) -> str:
    """'french' -> 'French'; None -> 'Nobody'."""
    return side.replace("_", " ").title() if side else "Nobody"


def phase_name(phase: str | None) -> str:
    """'movement' -> 'Movement Phase'; a name that already says Phase is kept."""
    if not phase:
        return "Phase"
    name = str(phase).replace("_", " ").title()
    return name if name.lower().endswith("phase") else f"{name} Phase"


def outcome_line(outcome: dict) -> str:
    who = f"{side_name(outcome['winner'])} wins" if outcome.get("winner") else "No winner"
    return f"Game over: {who} ({outcome.get('level', '')}): {outcome.get('reason', '')}"


def status(view: dict) -> str:
    """The headline and the units table."""
    return headline(view) + "\n\n" + units_table(view.get("units", []))


def headline(view: dict) -> str:
    """Turn, clock, phase and player; then who moves (or the outcome) and the engine's prompt."""
    head = [f"Turn {view.get('turn', '?')}"]
    if view.get("clock"):
        head.append(str(view["clock"]))
    head.append(phase_name(view.get("phase")))
    if view.get("player"):
        head.append(f"{side_name(view['player'])} player")
    lines = [" | ".join(head)]
    if view.get("outcome"):
        lines.append(outcome_line(view["outcome"]))
    elif view.get("to_move"):
        lines.append("To move: " + ", ".join(side_name(s) for s in view["to_move"]))
    if view.get("prompt"):
        lines.append(str(view["prompt"]))
    lines += [str(note) for note in view.get("notes", [])]
    return "\n".join(lines)


def units_table(units: list[dict], where: str | None = None) -> str:
    """One block per side: place, id, type, strength-movement and flags; `where` filters a place.

    Units the viewer may not identify (no "id": a hidden block) are only counted, per place.
    """
    if where is not None:
        units = [u for u in units if _place(u) == where]
    if not units:
        return f"No units at {where}." if where is not None else "No units."
    blocks = []
    for side in dict.fromkeys(u.get("side") for u in units):
        mine = [u for u in units if u.get("side") == side]
        rows = [_unit_row(u) for u in mine if "id" in u]
        hidden: dict[str, int] = {}
        for u in mine:
            if "id" not in u:
                hidden[_place(u)] = hidden.get(_place(u), 0) + 1
        rows += [[place, f"{n} hidden unit{'s' if n > 1 else ''}", "", "", ""] for place, n in hidden.items()]
        widths = [max(len(r[i]) for r in rows) for i in range(4)]
        lines = [f"{side_name(side)}:"]
        for row in rows:
            cells = [cell.ljust(width) for cell, width in zip(row, widths)]
            lines.append(("  " + "  ".join(cells) + "  " + row[4]).rstrip())
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _place(unit: dict) -> str:
    return str(unit.get("hex", unit.get("area", "?")))


def _unit_row(unit: dict) -> list[str]:
    factors = "-".join(str(unit[k]) for k in ("strength", "movement") if k in unit)
    flags = [k for k, v in unit.items() if k not in _CORE and v is True]
    return [_place(unit), str(unit["id"]), str(unit.get("type", "")), factors, " ".join(flags)]


def event_lines(events: list[dict], sides: bool = True) -> list[str]:
    """One line per event; a private one says whom it is for. Log-only events are left out."""
    lines = []
    for event in events:
        to = event.get("to", "all")
        if to == "log":
            continue
        prefix = f"(to {side_name(to)}) " if sides and to != "all" else ""
        lines.append(f"  {prefix}{event.get('text', event.get('kind', ''))}")
    return lines
