"""The engine contract (docs/architecture.md): `apply` never changes the state it is given. The engines copy
a state only in part (copy-on-write: a new state shares the parts no command changed with the one
before it, rules.core.play), so this plays random games of every scenario of every system, with
every option on and with none, keeps the text of every state it passed through, and checks at
the end that none of them changed, and that every state is still plain JSON."""
from __future__ import annotations

import json
import random

import pytest

import rules

GAMES = [(name, sc["id"], on) for name in ("borodino", "bloody_monday", "campaign_1812")
         for sc in rules.load(name).scenarios() for on in (False, True)]


@pytest.mark.parametrize("system_name, scenario, all_options", GAMES)
def test_no_state_a_game_passed_through_has_changed(system_name, scenario, all_options):
    system = rules.load(system_name)
    options = {name: True for sc in system.scenarios() if sc["id"] == scenario
               for name in sc["options"]} if all_options else {}
    rng = random.Random(len(GAMES))
    state = system.setup(scenario, 5, options)
    kept: list[tuple[dict, str]] = []
    while len(kept) < 150 and system.active_sides(state):
        kept.append((state, json.dumps(state, sort_keys=True)))
        side = rng.choice(system.active_sides(state))
        state, _ = system.apply(state, side, system.sample_command(state, side, rng))
        assert json.loads(json.dumps(state)) == state, "a state holds only JSON values (no tuples)"
    changed = [i for i, (old, text) in enumerate(kept) if json.dumps(old, sort_keys=True) != text]
    assert len(kept) == 150 or system.outcome(state), "the game ran 150 commands or to its end"
    assert not changed, f"states changed after commands {changed[:5]}"
