"""Everything a viewer observes of a position through both front ends (observed: the table, then the terminal), and
where two such records part (first_difference)."""
from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from bot.tools.fog_check.computers import computer_log
from bot.tools.fog_check.further import Further
from bot.tools.fog_check.lines import LAST, Line
from bot.tools.fog_check.position import Position
from bot.tools.fog_check.table import at_table
from bot.tools.fog_check.terminal import at_terminal

TERMINAL = "-- terminal --"  # where the terminal's observations begin (observed)


def observed(system: ModuleType, state: dict, viewer: str, lines: Sequence[Line],
             hidden: Sequence[str] | None = None, batched: bool = False, terminal: bool = True,
             around: Sequence[str] = (), late: str | None = None, further: Further = Further()) -> list[str]:
    """Everything the viewer observes of the position through both front ends; with `hidden`,
    after the other side's secret orders; `batched`, the orders in one box (see at_table); not
    `terminal`, at the table alone (the hot seat's screen is the other player's while he chooses);
    the maps asked for `around` the places the probes name, at the table and at the terminal; `late`,
    the action of the viewer's own deadline passing at the end, and `further` (see at_table). The lines
    the other player types are typed at the table alone (the terminal's screen is the viewer's)."""
    position = Position(system, state)
    maps = [f"map {' '.join(around)}"] if around else []
    mine = [line.text for line in [*lines, *LAST] if not (line.side and (line.typed or line.held) or line.ahead)]
    with tempfile.TemporaryDirectory() as folder, computer_log(further.planner):
        table = asyncio.run(at_table(position, viewer, [*lines, *LAST], Path(folder), hidden, batched, clocks=True,
                                     around=around, late=late, further=further))
        seat = at_terminal(position, mine + ["map", *maps], Path(folder), viewer, hidden or ()) if terminal else []
    return [seen.replace(folder, "<folder>") for seen in [*table, TERMINAL, *seat]]


def first_difference(one: list[str], two: list[str]) -> str | None:
    """Where two records of observations part, shortly (the observation's start, then each from a
    little before the first character that differs); None when they are the same."""
    for n, (a, b) in enumerate(zip(one, two, strict=False)):
        if a != b:
            at = max(0, next(i for i, (x, y) in enumerate(zip(a + "\0", b + "\1")) if x != y) - 150)
            return f"observation {n}, {a[:60]!r}, from character {at}: {a[at:at + 600]!r} / {b[at:at + 600]!r}"
    if len(one) != len(two):
        return f"{len(one)} observations / {len(two)}"
    return None
