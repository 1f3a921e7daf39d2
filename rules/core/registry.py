"""The game-system registry: `rules.load("borodino")` returns the system module.

Only registered systems load; a name never imports an arbitrary module. Systems under development
(and the tests' toy system) are registered with `register()`, or for a whole process with the
environment variable KOLOCHA_SYSTEMS="name=package.module,other=package.other".
"""
from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, cast

from rules.core.errors import CommandError
from rules.core.system import GameSystem

if TYPE_CHECKING:  # mypy checks every shipped system module against the contract
    import rules.bloody_monday
    import rules.borodino
    import rules.campaign_1812

    _CHECKED: tuple[GameSystem, ...] = (rules.borodino, rules.bloody_monday, rules.campaign_1812)

_SYSTEMS = {"bloody_monday": "rules.bloody_monday", "borodino": "rules.borodino",
            "campaign_1812": "rules.campaign_1812"}


def register(name: str, module: str) -> None:
    """Make the system in `module` (a dotted import path) loadable as `name`."""
    _SYSTEMS[name] = module


def _register_from_environment() -> None:
    for pair in filter(None, os.environ.get("KOLOCHA_SYSTEMS", "").split(",")):
        name, _, module = pair.partition("=")
        register(name.strip(), module.strip())


def systems() -> list[str]:
    return sorted(_SYSTEMS)


def load(name: str) -> GameSystem:
    """The module of a game system; CommandError with the player's sentence for a name that
    is not one (what `kolocha local --system` and `/game new` tell a player)."""
    if name not in _SYSTEMS:
        raise CommandError(f"{name!r} is not a game system here; choose one of {', '.join(systems())}.")
    return cast(GameSystem, importlib.import_module(_SYSTEMS[name]))


_register_from_environment()
