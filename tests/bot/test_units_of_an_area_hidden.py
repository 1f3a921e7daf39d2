"""Fog of war (1812): `units 16`, an area sub-divided, lists the stacks of Vyazma (161) and Borodino (162) by
name; what the Russian player reads of it, at the table and at the terminal, is the same whatever the French
stack in Vyazma (161) holds, the check seeing the hidden stack counted there."""
from __future__ import annotations

from bot import text
from bot.tools import fog_check
from rules import campaign_1812
from rules.campaign_1812 import swaptest

LINES = [fog_check.Line("units 16"), fog_check.Line("units 16", typed=True), fog_check.Line("units Vyazma")]


def _french(state: dict) -> list[int]:
    return sorted(int(place) for place in state["stacks"]["french"])


def test_units_of_an_area_sub_divided_says_the_same_whatever_the_hidden_stack_there_holds():
    state = campaign_1812.setup("borodino", 1, [])
    other = next(p for p in _french(state) if state["stacks"]["french"][str(p)] != state["stacks"]["french"]["161"])
    swapped = swaptest.swapped(state, "french", 161, other)
    one = fog_check.observed(campaign_1812, state, "russian", LINES)
    two = fog_check.observed(campaign_1812, swapped, "russian", LINES)
    assert fog_check.first_difference(one, two) is None
    assert sum("Vyazma (161)        1 hidden stack" in seen for seen in one) >= 3  # each line answered, both ends


def test_the_check_sees_a_units_answer_that_reads_the_hidden_stack(monkeypatch):
    """A positive control: an answer to `units 16` that says what the French stack in Vyazma (161) holds (planted
    here, as a leak would) is seen."""
    state = campaign_1812.setup("borodino", 1, [])
    other = next(p for p in _french(state) if state["stacks"]["french"][str(p)] != state["stacks"]["french"]["161"])
    swapped = swaptest.swapped(state, "french", 161, other)
    units_table = text.units_table

    def leaky(units: list[dict], where=None, **kwargs) -> str:
        told = units_table(units, where, **kwargs)
        if where == ("161", "162"):
            told += f" ({leaked[0]})"
        return told
    monkeypatch.setattr(text, "units_table", leaky)
    leaked = [state["stacks"]["french"]["161"]]
    one = fog_check.observed(campaign_1812, state, "russian", LINES[:1], terminal=False)
    leaked[0] = swapped["stacks"]["french"]["161"]
    two = fog_check.observed(campaign_1812, swapped, "russian", LINES[:1], terminal=False)
    assert fog_check.first_difference(one, two) is not None
