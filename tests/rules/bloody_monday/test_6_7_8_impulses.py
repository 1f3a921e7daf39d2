"""4.0 the Impulses Phase, 6.0-6.4 the Initiative Actions (6.4 is in test_5_3_combat), 7.0 the Pass,
8.0 the Final Phase, 9.8 the General Offensive; FAQ 8, 10, 11."""
from __future__ import annotations

import re

from tests.rules.bloody_monday.bm_helpers import at, do, game, position, refused, strength


def test_setup_the_french_start_with_the_initiative_disc():
    """Setup: "The French player starts the game with the Initiative Disc ... plays the first Impulse"."""
    state = position({})
    assert state["initiative"] == "french" and state["player"] == "french"


def test_6_1_call_for_reinforcements_spends_the_disc():
    """6.1: "The Phasing Player spends the Initiative Disc to deploy a number of Reinforcements equal to
    his LV"; 6.0: the disc "goes to the other player"."""
    state = position({}, pools=["F-G-VG", "F-G-JG", "F-G-VL"])
    state, _ = do(state, "french", "initiative reinforcements")
    assert at(state, "F-G-VG") is not None and state["initiative"] == "russian"
    assert state["player"] == "russian" and state["impulse"] is None


def test_6_2_special_movement_up_to_the_lv_support_units_not_activated():
    """6.2: "move a number of Units up to his LV"; "Support Units can be moved but not activated";
    FAQ 10: the supreme leader moves, and moving a support unit does not reduce it."""
    state = position({"F-NAP": (21, 2), "F-I-A1": 22, "F-I-1": 22, "F-I-2": 22})
    state, _ = do(state, "french", "initiative move")
    assert state["impulse"]["limit"] == 3  # Napoleon 2 + Shevardino
    state, _ = do(state, "french", "move F-I-A1 21", "move F-NAP 22", "move F-I-1 21")
    assert strength(state, "F-I-A1") == 4
    refused(state, "french", "move F-I-2 21", "6.2")
    refused(state, "french", "activate F-I-A1", "6.2, 7.0")


def test_6_3_cavalry_raid_after_a_tactical_action():
    """6.3: "after having completed a Tactical Impulse – spends the Initiative Disc to move a number of
    Cavalry Units up to his LV ... cannot Engage, nor Disengage, and no Combat may be resolved"."""
    state = position({"F-I-D": 16, "F-CR-1LC": 16, "F-I-1": 16, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "initiative raid")
    assert state["impulse"]["kind"] == "raid" and state["initiative"] == "russian"
    refused(state, "french", "move F-I-1 22", "6.3")
    assert refused(state, "french", "move F-CR-1LC 42", "6.3") == (
        "42 holds enemy units and a Cavalry Raid may not engage; choose an area without enemy units (6.3).")
    state, _ = do(state, "french", "move F-CR-1LC 30", "end")
    assert state["player"] == "russian" and strength(state, "F-I-D") == 3


def test_7_0_a_pass_moves_one_unit_without_engaging_faq_11_even_the_chief():
    """7.0: "During a Pass, the Phasing player may move only one of his Units. No Engagement is
    allowed"; FAQ 11: the supreme commander may move in a Pass."""
    state = position({"F-I-1": 16, "R-1-2J": 42})
    state, _ = do(state, "french", "pass")
    refused(state, "french", "move F-I-1 42", "7.0")
    state, _ = do(state, "french", "move F-NAP 22")
    refused(state, "french", "move F-I-1 30", "7.0")


def test_7_0_and_faq_8_two_consecutive_passes_end_the_turn():
    """7.0: "After two consecutive Passes (one per player), the Turn ends"; FAQ 8: until then players
    keep taking impulses."""
    state = position({"F-I-D": 21, "R-1-BT": 69})
    state, _ = do(state, "french", "pass", "end")
    state, _ = do(state, "russian", "tactical", "activate R-1-BT", "end")
    state, _ = do(state, "french", "pass", "end")
    assert state["phase"] == "impulses" and state["turn"] == 1
    state, _ = do(state, "russian", "pass", "end")
    assert state["turn"] == 2 and state["phase"] == "logistics"


def test_8_0_after_turn_4_the_victory_areas_decide():
    """8.0: "If it is the 4th Turn, each player calculates controlled Victory Areas"."""
    state = position({}, turn=4)
    state, _ = do(state, "french", "pass", "end")
    state, events = do(state, "russian", "pass", "end")
    assert state["phase"] == "over" and state["outcome"]["winner"] == "russian"
    assert any(e["kind"] == "outcome" for e in events)
    assert "End of Turn 4 (8.0): the victory areas decide." in [e["text"] for e in events]


def test_10_0_after_turn_4_of_last_blood_the_victory_points_decide():
    """10.0: "the winner is the player with more Victory Points"; the end was told as the victory
    areas deciding, the rule of the battle's scenario."""
    state = position({}, turn=4, scenario="last_blood")
    state, _ = do(state, "french", "pass", "end")
    state, events = do(state, "russian", "pass", "end")
    assert "End of Turn 4 (8.0): the victory points decide (10.0)." in [e["text"] for e in events]
    assert re.fullmatch(r"The Russian player ends Turn 4 with more victory points \(10\.0\): French \d+, Russian \d+\.",
                        state["outcome"]["reason"])


def test_9_10_battle_fatigue_attrition():
    """9.10: "each engaged not-Shielded Unit (TLs and Supreme Commanders included!) suffers one hit"."""
    state = position({"F-I-1": 42, "F-G-VG": 42, "R-1-2J": 42}, options=["battle_fatigue"])
    state, _ = do(state, "french", "pass", "end")
    state, _ = do(state, "russian", "pass", "end")
    assert strength(state, "F-I-1") == 3 and strength(state, "F-G-VG") == 3
    assert strength(state, "R-1-2J") == 2


def test_9_10_attrition_strikes_every_engaged_unit_at_once():
    """9.10: "each engaged not-Shielded Unit ... suffers one hit": the French infantry at its last step
    falls, and the Russian jager it was engaged with takes its hit all the same."""
    state = position({"F-I-1": (42, 1), "R-1-2J": 42}, options=["battle_fatigue"])
    state, _ = do(state, "french", "pass", "end")
    state, events = do(state, "russian", "pass", "end")
    assert state["blocks"]["F-I-1"]["where"] == "eliminated" and strength(state, "R-1-2J") == 2
    fatigue = [(e["to"], e["text"]) for e in events if "9.10" in e["text"]]
    assert fatigue[0] == ("all", "Battle fatigue attrition (9.10): engaged units without a shield take one hit.")
    assert fatigue[1:] == [("russian", "Russian 2J (R-1-2J, infantry) takes a hit: strength 2 (9.10).")]


def test_9_10_a_revealed_units_lost_step_is_told_to_both():
    """9.10: the French infantry in 42, held by the Russian, stands revealed (Contested Area), so both
    players read its lost step; the Russian jager's stays his own."""
    state = position({"F-I-1": 42, "R-1-2J": 42}, options=["battle_fatigue"], control={42: "russian"})
    state, _ = do(state, "french", "pass", "end")
    state, events = do(state, "russian", "pass", "end")
    assert [(e["to"], e["text"]) for e in events if e["kind"] == "hit"] == [
        ("all", "French 1 (F-I-1, infantry) takes a hit: strength 3 (9.10)."),
        ("russian", "Russian 2J (R-1-2J, infantry) takes a hit: strength 2 (9.10).")]


def test_9_8_general_offensive_lifts_an_exhausted_chief_to_4():
    """9.8: "at the beginning of the Impulses Phase of the 4th Turn, Napoleon is exhausted. The French
    Player calls for a General Offensive ... can activate up to four TL"."""
    state = position({"F-NAP": (21, 1), "F-I-D": 21, "F-III-N": 21, "F-IV-E": 21, "F-V-P": 21, "F-CR-M": 22},
                     options=["general_offensive"])
    state, _ = do(state, "french", "tactical", "initiative offensive", "activate F-I-D", "activate F-III-N",
                  "activate F-IV-E", "activate F-V-P")
    refused(state, "french", "activate F-CR-M", "5.1")


def test_5_2_a_unit_moves_once_an_impulse():
    """5.2: each commanded unit moves once in an impulse: a second move of the same unit is refused."""
    state = position({"F-I-D": 21, "F-I-1": 21})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "move F-I-1 22")
    assert "already moved" in refused(state, "french", "move F-I-1 21", "5.2")


def test_6_3_a_cavalry_raid_moves_no_more_units_than_the_lv():
    """6.3: "move a number of Cavalry Units up to his LV": with LV 3 (Napoleon 2 + Shevardino), the
    fourth cavalry unit is refused."""
    state = position({"F-NAP": (21, 2), "F-I-D": 16, "F-CR-1LC": 16, "F-CR-2LC": 16, "F-CR-3LC": 16,
                      "F-CR-1H": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "initiative raid")
    assert state["impulse"]["limit"] == 3
    state, _ = do(state, "french", "move F-CR-1LC 30", "move F-CR-2LC 30", "move F-CR-3LC 30")
    refused(state, "french", "move F-CR-1H 30", "6.3")


def test_4_0_end_needs_an_action_and_a_tactical_action_a_leader():
    """4.0: an impulse is a Tactical Action, a Pass or an Initiative Action: `end` with none under way
    is refused; 5.1: a Tactical Action activates at least one tactical leader before it ends."""
    state = position({"F-I-D": 21})
    assert refused(state, "french", "end", "4.0").startswith("No action is under way; choose `tactical`")
    state, _ = do(state, "french", "tactical")
    assert refused(state, "french", "end", "5.1").startswith("A Tactical Action activates at least one")


def test_7_0_a_pass_opens_in_movement_and_ends_without_deactivation():
    """7.0: a Pass moves one unit: it has no activation segment (5.0) and nothing to deactivate (5.4).
    The next impulse starts a log of its own."""
    state, _ = do(position({}), "french", "pass")
    assert state["impulse"]["segment"] == "movement"
    state, events = do(state, "french", "move F-NAP 22", "end")
    assert [e["text"] for e in events if e["kind"] == "phase"] == ["Russian impulse (4.0)."]
    assert state["log"]["moves"], "the French move is in the impulse's log"
    state, _ = do(state, "russian", "pass")
    assert state["log"] == {"moves": [], "battles": [], "artillery": []}, "each impulse logs its own"


def test_6_1_reinforcements_break_a_run_of_passes_and_open_with_the_isolation_check():
    """7.0: "two consecutive Passes" end the Impulses Phase: a Pass, then the other player's Call for
    Reinforcements, then a Pass is no such pair. 4.0: the reinforcements' impulse opens with the
    isolation check, like any impulse (4.1)."""
    state = position({"R-1-2J": 3}, initiative="russian", pools=["R-1-3"])  # 3, deep in French land: cut off
    state, _ = do(state, "french", "pass", "end")
    state, events = do(state, "russian", "initiative reinforcements")
    assert [e["text"] for e in events if e["kind"] == "isolation"] == [
        "Isolation check (4.1): 1 Russian unit is isolated."]
    state, _ = do(state, "french", "pass", "end")
    assert state["phase"] == "impulses" and state["turn"] == 1 and state["player"] == "russian"


def test_6_3_a_cavalry_raid_moves_after_the_battles():
    """6.3: the raid follows a completed Tactical Impulse, its battles fought: its cavalry moves then."""
    state = position({"F-I-D": 16, "F-I-1": 42, "R-1-2J": 42, "F-I-LC": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "battle 42", "initiative raid", "move F-I-LC 15")
    assert at(state, "F-I-LC") == 15


def test_9_8_a_raid_after_a_general_offensive_counts_the_supreme_commanders_own_stars():
    """9.8: the offensive's strength 4 serves "during his Tactical Impulse"; a Cavalry Raid after it
    (the disc back through a Russian retreat, 6.4) moves up to the LV of Napoleon's own 2 stars and
    Shevardino: 3."""
    state = position({"F-NAP": (21, 2), "F-I-D": 16, "F-CR-1LC": 16}, options=["general_offensive"])
    state, _ = do(state, "french", "tactical", "initiative offensive", "activate F-I-D")
    assert game(state).chief_strength("french") == 4
    state["initiative"] = "french"  # as a Russian retreat (6.4) hands the disc back
    state, _ = do(state, "french", "initiative raid")
    assert state["impulse"]["limit"] == 3 and game(state).chief_strength("french") == 2
