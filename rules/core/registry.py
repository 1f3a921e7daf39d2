"""The game-system registry: `rules.load("borodino")` returns the system module."""
from __future__ import annotations

import importlib
from types import ModuleType

_SYSTEMS = {"bloody_monday": "rules.bloody_monday", "borodino": "rules.borodino"}


def systems() -> list[str]:
    return sorted(_SYSTEMS)


def load(name: str) -> ModuleType:
    """The module of a game system; it exposes the contract of DESIGN.md."""
    try:
        return importlib.import_module(_SYSTEMS[name])
    except KeyError:
        raise KeyError(f"unknown game system {name!r}; known: {', '.join(systems())}") from None
