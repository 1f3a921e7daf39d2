"""Seeded random playouts of whole 1812 games, all three scenarios, with the invariants checked after
every command (rules/core/playout.py); replay determinism; legal_commands and sample_command agree
with the rules."""
from __future__ import annotations

import json
import random

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.core.playout import random_playout, replay
from tests.rules.campaign_1812.c1812_helpers import c1812

PLACES = data.places()


def invariants(state: dict) -> None:
    """What holds after every accepted command."""
    for side in ("french", "russian"):
        for place, stack in state["stacks"][side].items():
            assert int(place) in PLACES and all(n >= 0 for n in stack.values()) and any(stack.values()), (side, place)
    assert set(state["depleted"].values()) <= {50, 100}, "undepleted, 50% or 100% (SUPPLY)"
    assert set(state["control"]) == {str(n) for n, p in PLACES.items() if p.points}
    assert 1 <= state["turn"] <= 13
    active = c1812.active_sides(state)
    assert active or state["phase"] == "over"
    bt = state["battle"]
    if bt and bt["stage"] == "plans" and not state["retreat"]:
        assert active == ["french", "russian"], "battle plans are chosen by both at once (COMBAT)"
    assert json.loads(json.dumps(state)) == state, "the state round-trips through JSON"
    for side, leader in state.get("leaders", {}).items():
        stack = state["stacks"][side].get(str(leader["place"]), {})
        assert stack.get("inf", 0) + stack.get("cav", 0), f"a leader never stands alone ({side})"


@pytest.mark.parametrize("scenario,seed", [("campaign", 1), ("borodino", 2), ("retreat", 3)])
def test_random_playout_of_a_whole_game(playout, scenario, seed):
    result = playout("campaign_1812", scenario, seed, seed * 7, check=invariants)
    assert result.state["phase"] == "over" and result.outcome["winner"] in ("french", "russian")


EVERY_OPTION = dict.fromkeys(c1812.INFO.options, True)


@pytest.mark.parametrize("scenario,seed", [("campaign", 4), ("borodino", 5), ("retreat", 6)])
def test_random_playout_with_every_option(playout, scenario, seed):
    """The later readings and the optional leader rule (rules/campaign_1812/readings.py, leaders.py)."""
    result = playout("campaign_1812", scenario, seed, seed * 7, options=EVERY_OPTION, check=invariants)
    assert result.state["phase"] == "over" and result.state["options"] == sorted(EVERY_OPTION)


def test_replay_is_deterministic():
    """DESIGN: 'replaying the same commands from the same seed gives the same game, bit for bit'."""
    game = random_playout("campaign_1812", "borodino", 5, rng_seed=5, policy="sample")
    again = list(replay(c1812, c1812.setup("borodino", 5), game.commands))
    assert again[-1][0] == game.state


def test_every_listed_command_is_accepted_and_sampling_draws_listed_ones():
    """legal_commands (built legal in movement, tried elsewhere) against the rules themselves."""
    rng = random.Random(11)
    state = c1812.setup("campaign", 11, EVERY_OPTION)
    for _ in range(100):
        side = rng.choice(c1812.active_sides(state))
        legal = c1812.legal_commands(state, side)
        for cmd in legal:
            c1812.apply(state, side, cmd)  # raises if the rules refuse one
        assert c1812.sample_command(state, side, rng) in legal
        state, _ = c1812.apply(state, side, rng.choice(legal))
        if state["phase"] == "over":
            break
    assert state["turn"] > 1
