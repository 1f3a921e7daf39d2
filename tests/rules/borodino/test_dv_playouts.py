"""Random playouts with the Doomed Victory options on (short here; `kolocha fuzz` plays many more:
every scenario offers dv_rally and dv_leaders, so its all-options runs include them), and the
Shevardino training scenario."""
from __future__ import annotations

import pytest

from rules import load
from rules.borodino import dv_data, scenario_data
from tests.rules.borodino.test_playouts import invariants

borodino = load("borodino")
DV = {"dv_rally": True, "dv_leaders": True}


def dv_invariants(state: dict) -> None:
    """SPI's invariants, and: broken units are on the map or gone, never twice; each leader in play
    stands with a unit of his side; a Rally Phase is only ever some side's leaders moving."""
    invariants(state)
    assert len(state["broken"]) == len(set(state["broken"]))
    defs = scenario_data.units()
    for lid, leader in state["leaders"].items():
        host = leader["with"]
        if leader["where"] == "play" and host is not None:
            assert defs[host].side == dv_data.load().leaders[lid].side, lid
    assert state["phase"] != "rally" or (state["pending"] is None and state["player"] in ("french", "russian"))


@pytest.mark.parametrize("scenario, seed", [("shevardino", 3),
                                            pytest.param("shevardino", 4, marks=pytest.mark.long),
                                            pytest.param("5sep", 5, marks=pytest.mark.long),
                                            pytest.param("7sep", 6, marks=pytest.mark.long)])
def test_random_playout_with_the_doomed_victory_options(scenario, seed, playout):
    result = playout("borodino", scenario, seed, seed, options=DV, check=dv_invariants)
    assert result.state["phase"] == "over" and result.outcome is not None


@pytest.mark.long
def test_each_option_alone_plays_a_whole_game(playout):
    for option, seed in (("dv_rally", 7), ("dv_leaders", 8)):
        result = playout("borodino", "shevardino", seed, seed, options={option: True}, check=invariants)
        assert result.state["phase"] == "over"
        assert ("broken" in result.state) == (option == "dv_rally")
        assert ("leaders" in result.state) == (option == "dv_leaders")


def test_without_the_options_the_state_has_nothing_of_doomed_victory():
    """The Doomed Victory options are options: off, every game decides as before (the replay corpus
    proves it); here, the opening state carries no Doomed Victory key."""
    state = borodino.setup("7sep", 1)
    assert "broken" not in state and "leaders" not in state
    assert "leaders" not in borodino.view(state, None)


def test_shevardino_training_scenario_adapted_to_the_spi_map():
    """Errata, SHEVARDINO TRAINING SCENARIO: "Six turns (2000-2300 hours) ... The player who physically
    occupies the Shevardino redoubt ... at the end of the game wins"; adapted: Game-Turns 3-8 and SPI's
    Schevardino redoubt, said in the title and in `help doomed`."""
    sc = next(x for x in borodino.scenarios() if x["id"] == "shevardino")
    assert sc["last_turn"] - sc["first_turn"] + 1 == 6
    assert "adapted" in sc["title"] and "3222" in sc["title"]
    assert {"dv_rally", "dv_leaders"} <= set(sc["options"])
    assert "adapted to SPI Borodino" in borodino.help("doomed")
    state = borodino.setup("shevardino", 1, DV)
    assert state["turn"] == 3 and state["units"]["F-IC-1L"]["where"] == "map"
    state.update(phase="over")
    state["units"]["R-VII-art"]["where"], state["units"]["R-VII-art"]["hex"] = "eliminated", None
    assert borodino.outcome(state)["winner"] is None
    state["units"]["F-IC-1L"]["hex"] = "3222"
    assert borodino.outcome(state)["winner"] == "french"


def test_the_leaders_start_stacked_with_their_corps():
    """Binding: each leader starts with the first unit of his `starts_with` corps on the map, or
    waits with the first to arrive."""
    state = borodino.setup("7sep", 1, DV)
    view = borodino.view(state, None)
    units = {u["id"]: u for u in view["units"]}
    davout = next(x for x in view["leaders"] if x["id"] == "L-DAVOUT")
    host = state["leaders"]["L-DAVOUT"]["with"]
    assert scenario_data.units()[host].corps == "I Corps (Davout)" and davout["hex"] == units[host]["hex"]
    assert units[host]["leaders"] == ["Davout"]


@pytest.mark.long
def test_level_1_plays_the_options_with_no_refused_command():
    """The computer player ends the Rally Phase without moving leaders and never orders a leader in
    the Movement Phase; a whole Shevardino game, level 1 against level 1."""
    from rules.core.ai import duel
    seats = {"french": borodino.commander(), "russian": borodino.commander()}
    game = duel("borodino", "shevardino", seed=3, seats=seats, options=DV)
    assert game.outcome is not None and any("8.152" in reason for _, _, reason in game.commands)
