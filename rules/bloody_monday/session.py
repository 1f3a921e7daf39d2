"""One game played forward in place: the position a playout or a search keeps between commands.

`apply` copies the state for every command (`game.command_copy`), builds a fresh `Game` for it,
looks its placement up by a key read off every block, and works out twice what the enemy may see
(before and after, so that undo never un-sees a block); every draw builds another `Game`. A
random playout or a search's rollout holds no earlier state and undoes nothing: it only goes
forward. A `Session` takes one copy of the starting state and carries each command out on it in
place, with the same rules (`_command` of rules/bloody_monday/__init__.py) on one `Game` that
lives as long as the session: its placement (blocks by area, contested and enemy-held areas, ...)
follows each move (`Game.place`, `Game.eliminate`) instead of being looked up again, and the
commands drawn are drawn from that same position. Events come back unsealed: nothing is undone
in a session.

The games are the same, command for command and state for state, as through `apply`
(tests/rules/bloody_monday/test_session.py). A command a rule refuses may have changed part of
the position before the refusal, so the session refuses every later use; commands drawn here
are legal by construction (rules/bloody_monday/legal.py).
"""
from __future__ import annotations

from collections.abc import Callable

from rules.bloody_monday import commands as C
from rules.bloody_monday import legal
from rules.bloody_monday.game import Game
from rules.core import session
from rules.core.events import Event
from rules.core.play import copy_state


class Session(session.Session[Game]):
    """A game from `state` on (the caller's `state` is copied, never changed), on one `Game` that
    keeps no placement key (`keyed`)."""

    def __init__(self, state: dict, command: Callable[[Game, str, C.Command], list[Event]],
                 sides: Callable[[dict], list[str]]):
        super().__init__(Game(copy_state(state), keyed=False), command, sides,
                         legal=legal.commands, sample=legal.sample, rollout=legal.rollout)

    @property
    def game(self) -> Game:
        return self.position
