"""One game played forward in place: the frame of a system's `session(state)` (rules/core/playout.py
plays through it where a system offers one).

A random playout or a search's rollout holds no earlier state and undoes nothing: it only goes
forward. A session takes one copy of the starting state and carries each command out on it in
place, with the system's own rules, on one position object that lives as long as the session (a
Borodino `Battle`, a Bloody Monday `Game`; each system's session.py tells what that position
keeps between commands). Events come back unsealed: nothing is undone in a session. A command a
rule refuses may have changed part of the position before the refusal, so the session refuses
every later use.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from rules.core.errors import RulesError
from rules.core.events import Event


class Position(Protocol):
    """A system's position object: it holds the state it changes in place."""

    s: dict


P = TypeVar("P", bound=Position)


class Session(Generic[P]):
    """A game from a position on; `state` holds the position after the last command, a value that
    changes with every `apply`. The system says how its position draws commands (`legal`, `sample`,
    `rollout`: its legal_commands, sample_command and rollout_command on a position) and what the
    position forgets after each command (`after`)."""

    def __init__(self, position: P, command: Callable[[P, str, Any], list[Event]],
                 sides: Callable[[dict], list[str]], *, legal: Callable[[P, str], list[Any]],
                 sample: Callable[[P, str, random.Random], Any | None],
                 rollout: Callable[[P, str, random.Random], Any | None],
                 after: Callable[[P], object] | None = None):
        self._position: P | None = position
        self._command, self._sides = command, sides
        self._legal, self._sample, self._rollout, self._after = legal, sample, rollout, after

    @property
    def position(self) -> P:
        if self._position is None:
            raise RuntimeError("a refused command left this session's position half-changed; "
                               "start a new session from a state")
        return self._position

    @property
    def state(self) -> dict:
        return self.position.s

    def active_sides(self) -> list[str]:
        return self._sides(self.position.s)

    def legal_commands(self, side: str) -> list[Any]:
        p = self.position
        return self._legal(p, side) if side in self._sides(p.s) else []

    def sample_command(self, side: str, rng: random.Random) -> Any | None:
        p = self.position
        return self._sample(p, side, rng) if side in self._sides(p.s) else None

    def rollout_command(self, side: str, rng: random.Random) -> Any | None:
        p = self.position
        return self._rollout(p, side, rng) if side in self._sides(p.s) else None

    def apply(self, side: str, cmd: Any) -> list[Event]:
        """Carry a command out on the session's position; RulesError (and no later use) if illegal."""
        p = self.position
        try:
            events = self._command(p, side, cmd)
        except RulesError:
            self._position = None
            raise
        if self._after is not None:
            self._after(p)
        return events
