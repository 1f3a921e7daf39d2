"""The frame of every system's `apply`: copy the state, carry the command out on the copy, and
mark what undo may not cross.

A system writes only its rules: a function of a mutable position that changes it and returns the
events. `play` keeps the contract's promises around it: the caller's state is never mutated
(`apply` returns a new one), and a command that rolled a die or revealed hidden information is
irreversible, so undo can neither re-roll a die nor un-see a block (Rally the Troops: "undo is
cleared when dice are rolled or hidden information is revealed"):

    def apply(state, side, cmd):
        return play(state, Battle, lambda b: _command(b, side, cmd))

A system with hidden information also passes `seen`, what the enemy may see of a position; the
command is irreversible when that set grows.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Set
from typing import TypeVar

from rules.core.events import Event, seal
from rules.core.system import State

Position = TypeVar("Position")


def copy_state(state: State) -> State:
    """A deep copy of a state; states are JSON, so the copy is exact.

    >>> a = {"units": {"F-1": {"hex": "3224"}}}
    >>> b = copy_state(a); b["units"]["F-1"]["hex"] = "3223"
    >>> a["units"]["F-1"]["hex"]
    '3224'
    """
    return json.loads(json.dumps(state))


def play(state: State, position: Callable[[State], Position],
         command: Callable[[Position], list[Event]],
         seen: Callable[[Position], Set[str]] | None = None) -> tuple[State, list[Event]]:
    """Run `command` on `position(copy of state)`; return the new state and its events, all of
    them sealed if a die was rolled or `seen` grew. A RulesError from `command` leaves `state`
    as it was.

    >>> from rules.core.dice import new_dice, roll
    >>> state = {"dice": new_dice(1)}
    >>> after, events = play(state, lambda s: s, lambda s: [{"die": roll(s["dice"])}])
    >>> events[0]["irreversible"], state["dice"]["rolls"], after["dice"]["rolls"]
    (True, 0, 1)
    """
    s = copy_state(state)
    p = position(s)
    rolls, before = s["dice"]["rolls"], seen(p) if seen else frozenset()
    events = command(p)
    if s["dice"]["rolls"] != rolls or (seen is not None and not seen(p) <= before):
        seal(events)
    return s, events
