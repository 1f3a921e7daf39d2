"""The engine contract (docs/architecture.md) as code: what every game system module declares and exposes.

A system module (rules/borodino, rules/bloody_monday, ...) is itself the implementation: mypy
checks each one against `GameSystem` (rules/core/registry.py assigns them to that type), so a
missing or misspelt entry point is a type error, not a `hasattr` test at run time.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

State = dict  # a JSON-serialisable dict; dice live in it (rules.core.dice)
View = dict  # what one side (or the public, side None) may see: plain JSON (docs/architecture.md)
Event = dict  # {"type": ..., "to": audience, ...}: who may see it travels with it


@dataclass(frozen=True)
class SystemInfo:
    """A game system's metadata, declared once (OpenSpiel's _GAME_TYPE).

    >>> SystemInfo("toy", ("red", "blue"), "short").hidden_information
    False
    """

    name: str  # the name `rules.load` takes
    sides: tuple[str, ...]
    default_scenario: str  # what `kolocha local` and `kolocha bench` play unless told
    options: tuple[str, ...] = ()
    hidden_information: bool = False  # fog of war: front ends show one side's view at a time
    # Options a new game is stored with unless its creator says {name: False}: a system's later
    # readings of its rule book, on for games set up from now on; a game stored before keeps the
    # options it was stored with, so a changed reading never changes how it replays.
    new_game_options: tuple[str, ...] = ()


class Command(Protocol):
    """A typed command; `to_text()` is its normal text, which `parse` reads back."""

    def to_text(self) -> str: ...


class GameSystem(Protocol):
    """The surface every system module exposes (docs/architecture.md, "The engine contract")."""

    INFO: SystemInfo

    def scenarios(self) -> list[dict]: ...

    def setup(self, scenario_id: str, seed: int, options: dict | list | None = None) -> State: ...

    def active_sides(self, state: State) -> list[str]: ...

    def legal_commands(self, state: State, side: str) -> list[Any]: ...

    def sample_command(self, state: State, side: str, rng: random.Random) -> Any | None:
        """One legal command drawn with `rng` (None where `legal_commands` is empty): random
        play and search draw one command where listing them all would cost hundreds."""
        ...

    def parse(self, side: str, text: str) -> Any: ...

    def apply(self, state: State, side: str, cmd: Any) -> tuple[State, list[Event]]: ...

    def view(self, state: State, side: str | None) -> View: ...

    def outcome(self, state: State) -> dict | None: ...

    def odds(self, state: State, side: str | None, text: str) -> dict:
        """What a combat would bring before it is fought, from `side`'s view (None: the public's),
        as data for the front ends to word; CommandError / RuleViolation for a question that is not
        one."""
        ...

    def phase_key(self, state: State) -> str: ...

    def choice(self, state: State) -> dict | None:
        """The mid-turn choice waiting now, {"kind": a kind of `standing_orders()`, "side": its
        chooser}, or None; a choice made at once and in secret by several sides
        adds "sides", those that have not chosen yet (rules.core.standing.choosers)."""
        ...

    def standing_orders(self) -> dict[str, dict[str, str]]:
        """Per kind of choice, the standing orders a player may give and what each does (the
        first is a deadline's default choice; "ask" is always allowed: rules.core.standing)."""
        ...

    def standing_command(self, state: State, side: str, orders: dict[str, str] | None) -> Any | None:
        """The command `side`'s standing `orders` (kind -> order) give at the waiting choice,
        computed from `side`'s own knowledge only; None when no order applies (ask the player)."""
        ...

    def help(self, topic: str | None = None, state: State | None = None) -> str:
        """Help on one command (its whole entry), or the list of all, in the rules of the game in
        `state` (the options and tables it was set up with: a game's help tells its own rules),
        or of a new game (None)."""
        ...
