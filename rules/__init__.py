"""The games: data, state, legality, dice and per-side views. Standard library only.

`rules.load(name)` returns a game system module honouring the engine contract (docs/architecture.md):
scenarios, setup, active_sides, legal_commands, parse, apply, view, outcome.
"""
from rules.core.registry import load, register, systems

__all__ = ["load", "register", "systems"]
