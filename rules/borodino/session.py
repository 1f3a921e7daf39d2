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

from collections.abc import Callable

from rules.borodino import commands as C
from rules.borodino import legal, rollout
from rules.borodino.battle import Battle, command_copy
from rules.core import session
from rules.core.events import Event


class Session(session.Session[Battle]):
    """A game from `state` on (the caller's `state` is copied, never changed), on one `Battle`
    that keeps the zones of control and units by hex up to date as units move (`keep_control`)."""

    def __init__(self, state: dict, command: Callable[[Battle, str, C.Command], list[Event]],
                 sides: Callable[[dict], list[str]]):
        battle = Battle(command_copy(state))
        battle.keep_control()
        super().__init__(battle, command, sides, legal=legal.legal_commands, sample=legal.sample_command,
                         rollout=rollout.rollout_command, after=Battle.after_command)

    @property
    def battle(self) -> Battle:
        return self.position
