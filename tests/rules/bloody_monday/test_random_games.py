"""Seeded random playouts of whole Bloody Monday games with the invariants checked after every
command (rules/core/playout.py); a failure writes a replayable script under the pytest tmp dir."""
from __future__ import annotations

import json

import pytest

from rules import load
from rules.bloody_monday import bm_data
from rules.bloody_monday.game import Game
from rules.core.playout import random_playout, replay

bm = load("bloody_monday")
BLOCKS = bm_data.blocks()
AREAS = bm_data.areas()


def invariants(state: dict) -> None:
    """What holds after every accepted command."""
    g = Game(state)
    for bid, b in state["blocks"].items():
        d = BLOCKS[bid]
        assert b["where"] in ("map", "pool", "eliminated"), bid
        assert (b["area"] is not None) == (b["where"] == "map"), bid
        assert b["where"] == "eliminated" or 1 <= b["strength"] <= d.strength, \
            f"{bid} strength {b['strength']} outside 1..{d.strength} (2.3)"
    for n, a in AREAS.items():
        for side in ("french", "russian"):
            here = [b for b in g.units(n, side) if BLOCKS[b].type != "supreme_commander"]
            assert len(here) <= a.terrain.stacking, f"{side} overstacks {n} ({a.colour}): {here} (1.2)"
        sides = {BLOCKS[b].side for b in g.units(n)}
        assert len(sides) != 1 or g.owner(n) in sides, f"{n}: sole occupant does not control it"
    for side in ("french", "russian"):
        chiefs = [b for b in BLOCKS if BLOCKS[b].side == side and BLOCKS[b].type == "supreme_commander"
                  and state["blocks"][b]["where"] == "map"]
        assert len(chiefs) == 1 or state["phase"] == "over", f"{side} has {len(chiefs)} supreme commanders"
        lost = [b for b, x in state["blocks"].items() if x["where"] == "eliminated" and BLOCKS[b].side == side
                and BLOCKS[b].counts_for_morale]
        assert sorted(lost) == sorted(state["morale"][side]), "the morale track is the counting losses (2.4)"
        assert len(lost) <= 10
    assert 1 <= state["turn"] <= 4
    assert json.loads(json.dumps(state)) == state, "the state round-trips through JSON"


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.long), pytest.param(3, marks=pytest.mark.long)])
def test_random_playout_of_a_whole_game(playout, seed):
    result = playout("bloody_monday", "bloody_monday", seed, seed * 7, check=invariants)
    assert result.state["phase"] == "over" and result.outcome is not None
    assert result.outcome["level"] in ("sudden death", "victory", "tie")


def test_random_playout_with_every_option(playout):
    result = playout("bloody_monday", "bloody_monday", 4, 5, check=invariants,
                     options={name: True for name in bm.INFO.options})
    assert result.state["phase"] == "over"


def test_replay_is_deterministic():
    """DESIGN: "replaying the same commands from the same seed gives the same game, bit for bit"."""
    played = random_playout("bloody_monday", "bloody_monday", 7, rng_seed=4, max_commands=300)
    *_, (state, _) = replay(bm, bm.setup("bloody_monday", 7), played.commands)
    assert json.dumps(state, sort_keys=True) == json.dumps(played.state, sort_keys=True)


def test_a_different_seed_gives_a_different_setup():
    """Setup: "no two games will begin exactly alike"."""
    a, b = bm.setup("bloody_monday", 1), bm.setup("bloody_monday", 2)
    assert a["blocks"] != b["blocks"]
    assert bm.setup("bloody_monday", 1) == a
