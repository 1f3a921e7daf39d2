"""Commands typed to a game system's engine, as a player types them, shared by every system's test
helpers: lines applied in order, and a refusal asserted to cite its rule case and change nothing."""
from __future__ import annotations

import json

import pytest

from rules.core.errors import RuleViolation
from rules.core.system import GameSystem


def typed(system: GameSystem, state: dict, side: str, *texts: str) -> tuple[dict, list[dict]]:
    """Apply command lines in order; returns the last state and all events."""
    events: list[dict] = []
    for text in texts:
        state, new = system.apply(state, side, system.parse(side, text))
        events += new
    return state, events


def refusal(system: GameSystem, state: dict, side: str, text: str, rule: str) -> RuleViolation:
    """Assert the command is refused citing exactly `rule` (the rule book's case) and that the state
    is unchanged; returns the violation."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(RuleViolation) as err:
        typed(system, state, side, text)
    assert json.dumps(state, sort_keys=True) == before
    assert err.value.rule == rule, f"cited {err.value.rule!r}, wanted {rule!r}: {err.value}"
    return err.value
