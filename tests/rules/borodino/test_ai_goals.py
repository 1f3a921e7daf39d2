"""rules/borodino/ai/goals.py: a side's aims are its own victory conditions (SCENARIOS: Victory
Conditions), and a reason names the scenario it speaks of."""
from __future__ import annotations

import random

from rules import borodino
from rules.borodino.ai.goals import exit_decides, objectives
from rules.borodino.ai.positions import position_state
from rules.borodino.battle import Battle
from rules.core import positions

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


def test_6_sept_a_reason_says_that_any_three_redoubts_win():
    """6 Sept: "The player who at the end of the game holds three or more of the redoubts on the map
    ... is the winner": a reason names each redoubt as one of any three, not as one of three that win."""
    aims = objectives(Battle(borodino.setup("6sep", 1)), "french")
    assert len(aims) > 3 and aims["3222"] == "the Schevardino redoubt counts towards the three or more redoubts " \
        "held at the end that win 6 Sept"


def test_a_unit_whose_exit_brings_the_french_to_sixty_combat_points_leaves_by_the_east_edge():
    """"French Decisive victory: Move 60 Combat Points of units off the east edge" (7 September):
    with 55 off, the 7-4 next to the edge leaves, every redoubt French or not; with 40 off it would
    bring them to 47 only, and level 1 keeps it for the redoubts."""
    entry = {p.id: p for p in positions.load("borodino", borodino.INFO.sides)}["exit-for-the-decisive-victory"].entry
    plan = borodino.commander(1).plan(borodino.view(position_state(entry), "french"), (), random.Random(0))
    assert "move 2803 off" in [d.command for d in plan]
    short = position_state({**entry, "exited": {"french": 40}})
    assert exit_decides(Battle(position_state(entry)), "french", "F-IV-1")
    assert not exit_decides(Battle(short), "french", "F-IV-1")
    plan = borodino.commander(1).plan(borodino.view(short, "french"), (), random.Random(0))
    assert not any(d.command.endswith(" off") for d in plan)
