"""Tactical test positions: moments of a game with the moves a sound player makes there, as data
(`rules/<system>/data/positions.toml`), validated on load; `kolocha bench --ai --positions` counts
how many each computer level finds, and the tests check that level 1 finds a known subset.

A position names the side to decide, where it comes from (`provenance`: the rule case or the
moment of the battle), and regular expressions over the commands the side plans there: `sound`,
of which one must be planned, and `unsound`, of which none may be. How the position is set up is
the system's own (its `position_state(entry)`).
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rules.core.ai import Commander, addressed_to, decision_rng
from rules.core.errors import CommandError
from rules.core.system import GameSystem

RULES = Path(__file__).parent.parent


class PositionError(CommandError):
    """A position file breaks its format; the sentence names the entry."""


@dataclass(frozen=True)
class Position:
    id: str
    title: str
    provenance: str
    side: str
    sound: tuple[str, ...]
    unsound: tuple[str, ...]
    entry: dict

    def judge(self, commands: list[str]) -> bool:
        """Whether a plan is sound: one of `sound` is planned, none of `unsound`.

        >>> p = Position("x", "x", "x", "french", (r"^move 11 12",), (r"^march",), {})
        >>> p.judge(["move 11 12 1 inf", "end"]), p.judge(["march 11 12 1 inf"]), p.judge(["end"])
        (True, False, False)
        """
        return (any(re.search(r, c) for r in self.sound for c in commands)
                and not any(re.search(r, c) for r in self.unsound for c in commands))


def parse(doc: dict, sides: tuple[str, ...]) -> list[Position]:
    out, seen = [], set()
    for entry in doc.get("position", []):
        where = f"position {entry.get('id', '?')}"
        for key in ("id", "title", "provenance", "side", "sound"):
            if not entry.get(key):
                raise PositionError(f"{where} has no {key!r}.")
        if entry["id"] in seen:
            raise PositionError(f"{where} is listed twice.")
        if entry["side"] not in sides:
            raise PositionError(f"{where}: {entry['side']!r} is not a side; choose one of {', '.join(sides)}.")
        for pattern in [*entry["sound"], *entry.get("unsound", [])]:
            try:
                re.compile(pattern)
            except re.error as error:
                raise PositionError(f"{where}: {pattern!r} is not a regular expression ({error}).") from None
        seen.add(entry["id"])
        out.append(Position(entry["id"], entry["title"], entry["provenance"], entry["side"], tuple(entry["sound"]),
                            tuple(entry.get("unsound", [])), entry))
    return out


def load(system: str, sides: tuple[str, ...]) -> list[Position]:
    """The positions of a system (none when it has no file)."""
    path = RULES / system / "data" / "positions.toml"
    if not path.exists():
        return []
    with open(path, "rb") as f:
        return parse(tomllib.load(f), sides)


def plans(position: Position, state: dict, view: Callable[[dict, str], dict], commander: Commander) -> list[str]:
    """The commands the commander plans in the position, from its view (no events told)."""
    seen = [e for e in position.entry.get("told", []) if addressed_to(e, position.side)]
    return [d.command for d in commander.plan(view(state, position.side), tuple(seen), decision_rng(0, 0))]


def played(system: GameSystem, state: dict, entry: dict) -> dict:
    """The position after its `commands` (side and line) are played through the rules from `state`
    (a battle under way, a result waiting for a choice); PositionError when its `side` is not the
    one the rules wait for there."""
    for side, text in entry.get("commands", []):
        state, _ = system.apply(state, side, system.parse(side, text))
    if system.active_sides(state) != [entry["side"]]:
        raise PositionError(f"position {entry['id']}: the {entry['side'].title()} player does not decide there; "
                            f"{', '.join(system.active_sides(state)) or 'nobody'} does.")
    return state
