"""Seeded random playouts of whole Borodino games, with the invariants checked after every command
(rules/core/playout.py). A failure writes a replayable script under the pytest tmp dir."""
from __future__ import annotations

import json

import pytest

from rules import load
from rules.borodino import battlemap, scenario_data
from rules.core.playout import random_playout, replay

borodino = load("borodino")
MAP = battlemap.load()
UNITS = scenario_data.units()
PLACES = {"map", "waiting", "future", "eliminated", "exited", "removed"}


def invariants(state: dict) -> None:
    """What holds after every accepted command."""
    on_map = [(uid, u["hex"]) for uid, u in state["units"].items() if u["where"] == "map"]
    hexes = [h for _, h in on_map]
    assert len(hexes) == len(set(hexes)), "two units share a hex (Movement)"
    for uid, h in on_map:
        assert MAP.on_map(h), f"{uid} is off the map at {h}"
        assert not (h in MAP.woods and h not in MAP.road_hexes), f"{uid} stands in non-road woods {h}"
    for uid, u in state["units"].items():
        assert u["where"] in PLACES, (uid, u["where"])
        assert (u["hex"] is not None) == (u["where"] == "map"), uid
    for side in ("french", "russian"):
        lost = sum(UNITS[uid].strength for uid, u in state["units"].items()
                   if u["where"] == "eliminated" and UNITS[uid].side == side)
        assert state["losses"][side] == lost, f"{side} losses {state['losses'][side]} != eliminated {lost}"
        gone = sum(UNITS[uid].strength for uid, u in state["units"].items()
                   if u["where"] == "exited" and UNITS[uid].side == side)
        assert state["exited"][side] == gone
    assert state["exited"]["russian"] == 0, "only French units leave the map"
    wrong = [(h, uid) for uid, h in on_map
             if h in state["redoubts"] and state["redoubts"][h]["held"] != UNITS[uid].side]
    assert not wrong, f"redoubts held by the side not in them: {wrong}"
    sc = scenario_data.scenarios()[state["scenario"]]
    assert sc.first_turn <= state["turn"] <= sc.last_turn
    assert not (scenario_data.is_night(state["turn"]) and state["phase"] == "combat"), \
        "no combat at night (Night Movement)"
    assert json.loads(json.dumps(state)) == state, "the state round-trips through JSON"


@pytest.mark.parametrize("scenario", ["5sep", pytest.param("6sep", marks=pytest.mark.long),
                                      pytest.param("7sep", marks=pytest.mark.long)])
def test_random_playout_of_a_whole_game(scenario, playout):
    result = playout("borodino", scenario, 3, 11, check=invariants)
    assert result.state["phase"] == "over" and result.outcome is not None
    assert result.outcome["level"] in ("victory", "draw", "marginal", "substantial", "decisive")


@pytest.mark.long
def test_random_playout_of_the_grand_battle_with_options(playout):
    result = playout("borodino", "grand", 5, 2, check=invariants,
                     options={"imperial_guard": True, "additional_forces": True})
    assert result.state["phase"] == "over" and result.state["turn"] == 40


def test_replay_is_deterministic():
    """DESIGN: "replaying the same commands from the same seed gives the same game, bit for bit"."""
    played = random_playout("borodino", "5sep", 7, rng_seed=4, max_commands=400)
    *_, (state, _) = replay(borodino, borodino.setup("5sep", 7), played.commands)
    assert json.dumps(state, sort_keys=True) == json.dumps(played.state, sort_keys=True)


def test_a_different_seed_gives_different_dice():
    """Same commands, another seed: the dice differ (their position lives in the state)."""
    from rules.core.dice import roll
    a, b = borodino.setup("7sep", 1)["dice"], borodino.setup("7sep", 2)["dice"]
    assert [roll(a) for _ in range(20)] != [roll(b) for _ in range(20)]
