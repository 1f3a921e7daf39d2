"""rules/borodino/ai/goals.py: a side's aims are its own victory conditions (SCENARIOS: Victory
Conditions), and a reason names the scenario it speaks of."""
from __future__ import annotations

from rules import borodino
from rules.borodino.ai.goals import objectives
from rules.borodino.battle import Battle

SCHEVARDINO = "3222"


def test_7_sept_the_russians_aim_at_the_redoubts_east_of_the_front_line_only():
    """"Russian Marginal victory: occupy all redoubt hexes at the end of the game that were on the
    east side of the Front Line at the beginning of the game"; the French need every redoubt."""
    for scenario in ("7sep", "grand"):
        b = Battle(borodino.setup(scenario, 1))
        french, russian = objectives(b, "french"), objectives(b, "russian")
        assert SCHEVARDINO in french and (SCHEVARDINO in russian) == (scenario == "grand")  # east of it on 5 Sept
        assert set(russian) == {h for h in b.map.redoubts if not b.scenario.west_of_front(h)}
        assert set(french) == set(b.map.redoubts) and "2817" in russian  # the Great Redoubt: both


def test_the_deciding_redoubt_names_the_scenario_it_decides():
    assert objectives(Battle(borodino.setup("5sep", 1)), "russian")[SCHEVARDINO].endswith("the 5 Sept scenario")
    assert objectives(Battle(borodino.setup("shevardino", 1)), "french")[SCHEVARDINO].endswith(
        "decides the Shevardino scenario")
