"""What every system's session (a game played forward in place: rules/borodino/session.py,
rules/bloody_monday/session.py) must show against `apply`, shared by the systems' tests."""
from __future__ import annotations

import json
import random

from rules.core.playout import random_playout
from rules.core.system import GameSystem


def through_apply(state: dict) -> None:
    """A `check` for `random_playout`: with one, a playout goes through `apply` (rules.core.playout)."""


def plays_as_apply(system: GameSystem, policy: str, commands: int, scenario: str, options: dict) -> None:
    """The same random game through the session and through `apply`: the same commands, final
    state and outcome, played to its end or for `commands` commands."""
    seed = len(scenario) + len(options)
    fast = random_playout(system, scenario, seed, options, rng_seed=seed, policy=policy,
                          max_commands=commands)
    slow = random_playout(system, scenario, seed, options, rng_seed=seed, policy=policy,
                          max_commands=commands, check=through_apply)
    assert fast.commands == slow.commands
    assert fast.state == slow.state and fast.outcome == slow.outcome
    assert len(fast.commands) == commands or fast.outcome is not None


def follows_apply(system: GameSystem, start: dict, seed: int, commands: int) -> dict:
    """Rollout commands drawn in a session and carried out both there and through `apply`: after
    each, the same active sides, events and state; `start` is never changed. The last state."""
    text = json.dumps(start, sort_keys=True)
    game, state, rng = system.session(start), start, random.Random(seed)  # type: ignore[attr-defined]
    for _ in range(commands):
        if not game.active_sides():
            break
        side = game.active_sides()[0]
        assert game.active_sides() == system.active_sides(state)
        cmd = game.rollout_command(side, rng)
        assert cmd is not None
        state, events = system.apply(state, side, cmd)
        assert [e["text"] for e in game.apply(side, cmd)] == [e["text"] for e in events]
        assert game.state == state
    assert json.dumps(start, sort_keys=True) == text
    return state
