"""One game played forward in place: the position a playout or a search keeps between commands.

`apply` copies the state for every command and builds a fresh `Battle` (the hex index, each
side's units by hex) for every command and every draw, so that no state a caller holds ever
changes. A random playout or a search's rollout holds no earlier state: it only goes forward. A
`Session` takes one copy of the starting state and carries each command out on it in place,
with the same rules (`_command` of rules/borodino/__init__.py) on one `Battle` that lives as long
as the session: the hex index and the units by side follow each move instead of being rebuilt,
and the enemy contact worked out in combat (by the `end` of the Movement Phase, or by a draw)
is the one the next attack drawn is checked against, until a unit changes. What depends on more
than the units (zones of control, which count the redoubts; route searches) is forgotten between
commands (`Battle.after_command`).

The games are the same, command for command and state for state, as through `apply`
(tests/rules/borodino/test_session.py). A command a rule refuses may have changed part of the
position before the refusal, so the session refuses every later use; commands drawn here are
legal by construction (`legal`, `rollout`).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import NoReturn

from rules.borodino import commands as C
from rules.borodino import legal, rollout
from rules.borodino.battle import Battle, command_copy
from rules.core.errors import RulesError
from rules.core.events import Event


class Session:
    """A game from `state` on (the caller's `state` is copied, never changed); `state` holds the
    position after the last command, a value that changes with every `apply`."""

    def __init__(self, state: dict, command: Callable[[Battle, str, C.Command], list[Event]],
                 sides: Callable[[dict], list[str]]):
        self.b: Battle | None = Battle(command_copy(state))
        self.b.keep_control()
        self._command, self._sides = command, sides

    @property
    def battle(self) -> Battle:
        return self.b or self._refused()

    def _refused(self) -> NoReturn:
        raise RuntimeError("a refused command left this session's position half-changed; "
                           "start a new session from a state")

    @property
    def state(self) -> dict:
        return self.battle.s

    def active_sides(self) -> list[str]:
        return self._sides((self.b or self._refused()).s)

    def legal_commands(self, side: str) -> list[C.Command]:
        return legal.legal_commands(self.battle, side) if side in self.active_sides() else []

    def sample_command(self, side: str, rng: random.Random) -> C.Command | None:
        return legal.sample_command(self.battle, side, rng) if side in self.active_sides() else None

    def rollout_command(self, side: str, rng: random.Random) -> C.Command | None:
        b = self.b or self._refused()
        return rollout.rollout_command(b, side, rng) if side in self._sides(b.s) else None

    def apply(self, side: str, cmd: C.Command) -> list[Event]:
        """Carry a command out on the session's position; RulesError (and no later use) if illegal."""
        b = self.b or self._refused()
        try:
            events = self._command(b, side, cmd)
        except RulesError:
            self.b = None
            raise
        b.after_command()
        return events
