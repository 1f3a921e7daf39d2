"""`kolocha bench --ai --positions`: how many of each system's tactical test positions
(rules/<system>/data/positions.toml, rules/core/positions.py) each computer level finds, that is
plans one of the sound moves there and none of the unsound ones; the positions missed are named.
A level the system does not offer is said so; a system without positions is said so."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

import rules
from bot.computer.seat import NoComputer, commander_for
from rules.core import positions

LEVELS = (1, 2)


def run(systems: Iterable[str], say: Callable[[str], None]) -> None:
    say("system          level  found  of  missed")
    for name in systems:
        system = rules.load(name)
        found = positions.load(name, system.INFO.sides)
        if not found:
            say(f"{name:<15} -      no tactical positions yet")
            continue
        setup = importlib.import_module(f"rules.{name}.ai.positions").position_state
        for level in LEVELS:
            try:
                commander_for(system, level)
            except NoComputer:
                say(f"{name:<15} {level:>5}  no level {level} yet")
                continue
            missed = [p.id for p in found
                      if not p.judge(positions.plans(p, setup(p.entry), system.view, commander_for(system, level)))]
            say(f"{name:<15} {level:>5}  {len(found) - len(missed):>5}  {len(found):>2}  {', '.join(missed) or '-'}")
