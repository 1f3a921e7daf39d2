"""The two choices made before a game starts, checked alike in every system: the scenario and
the optional rules. A name the system does not offer is refused with the player's sentence,
and the options become one normal form, a sorted list of names, whatever the front end sent.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from rules.core.errors import CommandError

Scenario = TypeVar("Scenario")


def scenario(known: Mapping[str, Scenario], scenario_id: str) -> Scenario:
    """The scenario of that name; CommandError naming the ones there are.

    >>> scenario({"7sep": "the great day"}, "7sep")
    'the great day'
    >>> scenario({"7sep": "the great day"}, "8sep")
    Traceback (most recent call last):
    rules.core.errors.CommandError: '8sep' is not a scenario here; choose one of 7sep.
    """
    if scenario_id not in known:
        raise CommandError(f"{scenario_id!r} is not a scenario here; choose one of {', '.join(known)}.")
    return known[scenario_id]


def chosen_options(options: dict | list | None, offered: Iterable[str], game: str) -> list[str]:
    """The options asked for ({name: on} or a list of names), sorted; CommandError for one that
    `game` does not offer, asked on or off.

    >>> chosen_options({"imperial_guard": True, "additional_forces": False},
    ...                ("additional_forces", "imperial_guard"), "the Great Battle")
    ['imperial_guard']
    >>> chosen_options(["cossacks"], (), "the Great Battle")
    Traceback (most recent call last):
    rules.core.errors.CommandError: 'cossacks' is not an option of the Great Battle (options: none).
    >>> chosen_options({"cossacks": False}, ("shields",), "Bloody Monday")
    Traceback (most recent call last):
    rules.core.errors.CommandError: 'cossacks' is not an option of Bloody Monday (options: shields).
    """
    offered = list(offered)
    chosen = sorted(k for k, v in options.items() if v) if isinstance(options, dict) else sorted(options or [])
    for name in options or []:
        if name not in offered:
            raise CommandError(f"{name!r} is not an option of {game} "
                               f"(options: {', '.join(offered) or 'none'}).")
    return chosen


def for_a_new_game(new_game_options: Iterable[str], options: dict | list | None) -> dict:
    """The options a new game is stored and set up with: the system's new-game options (its
    current readings, `SystemInfo.new_game_options`) unless `options` turns one off, and those asked.

    >>> for_a_new_game(("depot_supply", "chart_fragments"), {"chart_fragments": False, "leaders": True})
    {'depot_supply': True, 'chart_fragments': False, 'leaders': True}
    >>> for_a_new_game((), ["imperial_guard"])
    {'imperial_guard': True}
    """
    named = dict.fromkeys(options, True) if isinstance(options, list) else dict(options or {})
    return {**dict.fromkeys(new_game_options, True), **named}
