"""rules/campaign_1812/data/positions.toml: the tactical test positions of 1812 load, and level 1
finds the known set (rules/core/positions.py; `kolocha bench --ai --positions` counts them)."""
from __future__ import annotations

import pytest

from rules.campaign_1812.ai.positions import position_state
from rules.core import positions
from tests.rules.position_sets import holds_twenty_for_both_sides
from tests.rules.campaign_1812.c1812_helpers import c1812


def _set() -> list[positions.Position]:
    return positions.load("campaign_1812", c1812.INFO.sides)


def test_the_set_holds_twenty_positions_for_both_sides_each_with_its_source():
    holds_twenty_for_both_sides(_set(), c1812.INFO.sides)


def test_each_position_is_a_position_of_the_rules_where_its_side_decides():
    for p in _set():
        state = position_state(p.entry)
        assert p.side in c1812.active_sides(state), p.id
        assert c1812.legal_commands(state, p.side), p.id


def test_level_1_finds_every_position():
    """The defender's chit against the Grande Armée was its one miss while it took the attacker's chits as
    even (it entrenched one corps against seven); it weighs the attacker's likely chits now (battle.answered)."""
    missed = {p.id for p in _set()
              if not p.judge(positions.plans(p, position_state(p.entry), c1812.view, c1812.commander(1)))}
    assert missed == set()


def test_a_position_without_a_sound_move_or_with_a_broken_pattern_is_refused():
    entry = {"id": "x", "title": "x", "provenance": "x", "side": "french", "sound": ["^move"]}
    assert positions.parse({"position": [entry]}, ("french", "russian"))[0].sound == ("^move",)
    with pytest.raises(positions.PositionError, match="position x has no 'sound'"):
        positions.parse({"position": [{**entry, "sound": []}]}, ("french", "russian"))
    with pytest.raises(positions.PositionError, match="is not a regular expression"):
        positions.parse({"position": [{**entry, "unsound": ["("]}]}, ("french", "russian"))
    with pytest.raises(positions.PositionError, match="'prussian' is not a side"):
        positions.parse({"position": [{**entry, "side": "prussian"}]}, ("french", "russian"))


def test_a_position_names_only_what_it_needs():
    """No Russian stack and no place held named: the French corps stand alone on the map, at Game-Turn 2, in
    the Movement Phase of their own Player-Turn, and the commander plans there."""
    state = position_state({"side": "french", "french": [{"place": 11, "inf": 2}]})
    assert state["stacks"]["russian"] == {} and "french" not in state["control"].values()
    assert (state["turn"], state["player"], state["phase"]) == (2, "french", "movement")
    assert positions.plans(positions.Position("alone", "", "", "french", ("^move",), (), {}), state, c1812.view,
                           c1812.commander(1))[-1] == "end"
