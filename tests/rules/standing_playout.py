"""A random game in which one side's mid-turn choices are all made by its standing orders,
shared by the systems' tests."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import rules
from rules.core.standing import choosers


@dataclass
class StandingGame:
    outcome: dict | None
    made: list[tuple[dict, str, str]] = field(default_factory=list)  # (choice, order, command)
    before: list[dict] = field(default_factory=list)  # the state each choice was made in


def play(name: str, scenario: str, seed: int, side: str, pick: int, max_commands: int = 3000) -> StandingGame:
    """The other side and `side`'s own turns play random commands; each choice of `side` is made
    by the `pick`-th order of its kind (cycling), read back through the grammar like a typed one."""
    system = rules.load(name)
    state, rng = system.setup(scenario, seed), random.Random(seed)
    table = system.standing_orders()
    orders = {kind: list(given)[pick % len(given)] for kind, given in table.items()}
    game = StandingGame(None)
    for _ in range(max_commands):
        if system.outcome(state) is not None:
            break
        mover = system.active_sides(state)[0]
        waiting = system.choice(state)
        if waiting and side in choosers(waiting):
            mover = side
            cmd = system.standing_command(state, side, orders)
            assert cmd is not None, f"no command for {waiting}"
            game.made.append((waiting, orders[waiting["kind"]], cmd.to_text()))
            game.before.append(state)
        else:
            cmd = system.sample_command(state, mover, rng)
        state, _ = system.apply(state, mover, system.parse(mover, cmd.to_text()))
        game.outcome = system.outcome(state)
    return game
