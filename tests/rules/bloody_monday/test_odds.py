"""Odds before you commit (rules/bloody_monday/odds.py): the expected hits of a battle or of
a gun's fire, from what the asker may know. Expected values are worked by hand from the rule book:
2.2 "SF hits at 6, DF at 5 & 6, TF at 4, 5 & 6, QF at 3, 4, 5 & 6", so a die hits with 1, 2, 3 or 4
chances in 6; 2.3 a unit rolls as many dice as its strength, a support unit one die."""
from __future__ import annotations

import json

import pytest

from rules.core.errors import CommandError, RuleViolation
from tests.rules.bloody_monday.bm_helpers import bm, position

FRONT = {"F-G-VG": 41, "F-I-5": 41, "R-1-1J": 41, "R-1-A1": 41, "R-1-BT": 41}


def battle_41() -> dict:
    """The French Old Guard (3, TF) inspired and the 5th Division (4, QF) across the Kolocha attack
    area 41 (green), held by a Russian jager (3, SF), an artillery and Bagration's leader."""
    state = position(FRONT, control={41: "russian"})
    state["blocks"]["F-G-VG"]["cubes"] = ["yellow"]
    state["blocks"]["F-I-5"]["cubes"] = ["light_blue"]
    return state


def test_odds_5_3_4_expected_hits_of_each_side_seen_by_the_russian_player():
    """The Russian player knows his own blocks, and sees the French ones, the non-owner's units in a
    contested area (Contested Area). French: the inspired Old Guard hits at 3-6 (5.2.2), 3 x 4/6 = 2;
    the 5th halved across the Kolocha rolls 2 dice (1.2.3) at QF, 2 x 4/6 = 4/3; 10/3 in all.
    Russian: the jager 3 x 1/6, the artillery one die at SF 1/6, the leader one die at TF 3/6: 7/6."""
    f = bm.odds(battle_41(), "russian", "41")
    french, russian = f["sides"]["french"], f["sides"]["russian"]
    assert (f["attacker"], f["defender"], f["bonus"]) == ("french", "russian", 0)
    assert [(u["dice"], u["hits_on"]) for u in french["known"]] == [(3, 3), (2, 3)]
    assert french["hidden"] == 0 and french["expected"] == pytest.approx(10 / 3)
    assert sorted((u["dice"], u["hits_on"]) for u in russian["known"]) == [(1, 4), (1, 6), (3, 6)]
    assert russian["hidden"] == 0 and russian["expected"] == pytest.approx(7 / 6)


def test_odds_fog_of_war_hidden_enemy_blocks_are_only_counted():
    """Setup, Fog of War: the French player sees the three Russian blocks in 41 only as blocks; they
    count as three average unseen Russian blocks, whatever they are."""
    f = bm.odds(battle_41(), "french", "41")
    russian = f["sides"]["russian"]
    assert russian["known"] == [] and russian["hidden"] == 3
    assert russian["expected"] == pytest.approx(3 * russian["hidden_each"])
    assert f["sides"]["french"]["expected"] == pytest.approx(10 / 3)
    assert "R-1-1J" not in json.dumps(f) and "Jager" not in json.dumps(f)


def test_odds_swap_test_two_hidden_enemy_blocks_exchanged_give_the_same_answer():
    """DESIGN, the swap test: exchange a hidden Russian block in the battle with another hidden one
    elsewhere (place, strength and markers): the French player's forecast does not change."""
    state = battle_41()
    state["blocks"]["R-G-1LG"].update(where="map", area=69)
    state["blocks"]["R-1-1J"]["strength"] = 2
    swapped = json.loads(json.dumps(state))
    a, b = swapped["blocks"]["R-1-1J"], swapped["blocks"]["R-G-1LG"]
    swapped["blocks"]["R-1-1J"], swapped["blocks"]["R-G-1LG"] = b, a
    assert bm.odds(swapped, "french", "41") == bm.odds(state, "french", "41")
    assert bm.odds(swapped, "russian", "41") != bm.odds(state, "russian", "41")  # the owner does see it


def test_odds_1_2_1_defensive_bonus_and_5_3_1_artillery_fire():
    """5.3.1: "Each activated Artillery rolls as many dice as its Strength ... and has TF": a gun of 4
    scores 4 x 3/6 = 2 hits on average, 0-4 hits with chances 1, 4, 6, 4, 1 in 16; firing into a
    yellow area, the defender's ground absorbs the first hit (1.2.1)."""
    state = position({"F-I-A1": 43, "R-1-1J": 40}, control={40: "russian", 43: "french"})
    f = bm.odds(state, "french", "F-I-A1 40")
    assert (f["dice"], f["hits_on"], f["expected"], f["bonus"]) == (4, 4, 2.0, 1)
    assert f["chances"] == [1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]


def test_odds_5_3_1_a_gun_fires_only_into_an_adjacent_area():
    """5.3.1: artillery supports battles "in adjacent Areas": refused for an area further away, answered
    once the gun stands next to it."""
    far = position({"F-I-A1": 21, "R-1-1J": 40}, control={40: "russian"})
    with pytest.raises(RuleViolation, match="adjacent"):
        bm.odds(far, "french", "F-I-A1 40")
    near = position({"F-I-A1": 43, "R-1-1J": 40}, control={40: "russian", 43: "french"})
    assert bm.odds(near, "french", "F-I-A1 40")["expected"] == 2.0


def test_odds_5_3_a_battle_needs_a_contested_area():
    """5.3 / Contested Area: no battle where one side stands alone; refused, then answered once the
    French stand in the area too."""
    alone = position({"R-1-1J": 41}, control={41: "russian"})
    with pytest.raises(RuleViolation, match="not contested"):
        bm.odds(alone, "french", "41")
    assert bm.odds(battle_41(), "french", "41")["area"] == 41


def test_odds_of_two_areas_is_told_how_odds_are_asked():
    """`odds 41 42` read its first area as a gun ("'41' is not one of your blocks on the map"): no
    gun is named by a number, so two numbers are refused with the forms odds takes."""
    with pytest.raises(CommandError) as refusal:
        bm.odds(battle_41(), "french", "41 42")
    assert str(refusal.value) == ("odds takes a battle area (`odds 41`) or an artillery and the area it would "
                                  "fire into (`odds f-i-a1 41`).")


def test_odds_change_nothing_and_roll_no_die():
    """A query: the state, its dice included, stays as it was."""
    state = battle_41()
    before = json.dumps(state, sort_keys=True)
    bm.odds(state, "french", "41")
    bm.odds(state, "russian", "41")
    assert json.dumps(state, sort_keys=True) == before


def test_odds_5_3_1_a_block_not_an_artillery_is_refused_with_what_to_name():
    """5.3.1: only "activated Artillery" fire before a battle; `odds <block> <area>` naming an
    infantry is refused citing the case and asking for one of the asker's guns, and answered once a
    gun is named."""
    state = position({"F-I-1": 43, "F-I-A1": 43, "R-1-1J": 40}, control={40: "russian", 43: "french"})
    with pytest.raises(RuleViolation) as refusal:
        bm.odds(state, "french", "F-I-1 40")
    assert str(refusal.value) == "French 1 (F-I-1, infantry) is not an artillery; name one of your guns (5.3.1)."
    assert bm.odds(state, "french", "F-I-A1 40")["kind"] == "fire"
