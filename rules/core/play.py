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
command is irreversible when that set grows. A system may also pass its own `copy`, one that
shares the parts of the state a command only replaces (copy-on-write): the new state then shares
them with the old one, so states are values never to be changed in place once made.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Set
from typing import Any, TypeVar

from rules.core.errors import RuleViolation
from rules.core.events import Event, seal
from rules.core.system import State

Position = TypeVar("Position")


def copy_state(state: State) -> State:
    """A deep copy of a state, exactly what a JSON round trip would give (tuples become lists,
    keys become strings; anything JSON cannot hold is refused) at half its cost: a copy is made
    for every command and for every command tried out, so random play spends much of its time
    here.

    >>> a = {"units": {"F-1": {"hex": "3224", "path": ("3225",)}}, 7: None}
    >>> b = copy_state(a); b["units"]["F-1"]["hex"] = "3223"
    >>> a["units"]["F-1"]["hex"], b["units"]["F-1"]["path"], b["7"]
    ('3224', ['3225'], None)
    """
    return _copy(state)


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        return {(k if type(k) is str else _json_key(k)): (v if type(v) in _SCALARS else _copy(v))
                for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _SCALARS else _copy(v) for v in value]
    if kind in _SCALARS:
        return value
    raise TypeError(f"a state holds only JSON values, not {kind.__name__}")


def _json_key(key: object) -> str:
    """The string JSON writes for a non-string key (7 -> "7", True -> "true")."""
    if type(key) not in _SCALARS:
        raise TypeError(f"a state's keys are strings, not {type(key).__name__}")
    return json.dumps(key)


def play(state: State, position: Callable[[State], Position],
         command: Callable[[Position], list[Event]],
         seen: Callable[[Position], Set[str]] | None = None,
         copy: Callable[[State], State] = copy_state) -> tuple[State, list[Event]]:
    """Run `command` on `position(copy(state))`; return the new state and its events, all of
    them sealed if a die was rolled or `seen` grew. A RulesError from `command` leaves `state`
    as it was.

    >>> from rules.core.dice import new_dice, roll
    >>> state = {"dice": new_dice(1)}
    >>> after, events = play(state, lambda s: s, lambda s: [{"die": roll(s["dice"])}])
    >>> events[0]["irreversible"], state["dice"]["rolls"], after["dice"]["rolls"]
    (True, 0, 1)
    """
    s = copy(state)
    p = position(s)
    rolls, before = s["dice"]["rolls"], seen(p) if seen else frozenset()
    events = command(p)
    if s["dice"]["rolls"] != rolls or (seen is not None and not seen(p) <= before):
        seal(events)
    return s, events


def refuse_out_of_turn(state: State, side: str, sides: Callable[[State], list[str]], *, over: str,
                       waiting: str) -> None:
    """Refuse a command given after the game's end (citing the rule case `over`) or by a side the game
    does not wait for (citing `waiting`, and naming the side it waits for); the first check of a
    command in the systems that say it the same way."""
    if state["phase"] == "over":
        raise RuleViolation(over, "the game is over; " + (state["outcome"] or {}).get("reason", ""))
    active = sides(state)
    if side not in active:
        raise RuleViolation(waiting, f"the game waits for the {active[0].title()} player")
