"""Borodino TURNS OF PLAY, reinforcements, the 5 Sept special rules, Night Movement, Imperial Guard and
Additional Forces (rules/borodino/turns.py, movement.py, __init__.py)."""
from __future__ import annotations

import pytest

from rules.borodino import scenario_data
from rules.borodino.movement import reachable
from rules.borodino.turns import entry_hex
from rules.core.errors import CommandError
from rules.core.hexes import distance
from tests.rules.borodino.helpers import battle, borodino, go, open_ground, play, position, refused, where

G = open_ground(4)


def test_sequence_of_play_french_then_russian_movement_then_combat():
    """"1. First the French Player-Turn; 2. Then the Russian Player-Turn", each "a. The Movement-Phase
    b. The Combat-Phase"; then "the passage of one complete Game-Turn"."""
    s = position({"F-I-2": G, "R-VIII-12": go(G, 0)}, turn=30)
    s, _ = play(s, "french", "end")
    assert (s["player"], s["phase"]) == ("french", "combat")
    s = position({"F-I-2": G, "R-VIII-12": go(G, 0, 0, 0, 0)}, turn=30)
    s, _ = play(s, "french", "end")   # no attack possible: straight to the Russian Player-Turn
    assert (s["turn"], s["player"], s["phase"]) == (30, "russian", "movement")
    s, _ = play(s, "russian", "end")
    assert (s["turn"], s["player"], s["phase"]) == (31, "french", "movement")


@pytest.mark.parametrize("scenario,first,last", [("5sep", 1, 8), ("6sep", 11, 24), ("7sep", 27, 40),
                                                 ("grand", 1, 40)])
def test_scenario_length(scenario, first, last):
    """Each scenario's span of the Turn Record Chart; the game ends after the last Russian Player-Turn."""
    assert borodino.setup(scenario, 1)["turn"] == first
    s = position({}, scenario=scenario, player="russian", turn=last)
    s, _ = play(s, "russian", "end")
    assert s["phase"] == "over" and borodino.outcome(s) is not None
    assert "game is over" in str(refused(s, "french", "end", "Turns of Play"))


def test_grand_battle_night_turns_have_no_combat():
    """Night Movement: "between each day of battle, there are two Game-Turns of 'night' ... combat is
    forbidden". Grand Battle turns 9-10 and 25-26."""
    assert [t for t in range(1, 41) if scenario_data.is_night(t)] == [9, 10, 25, 26]
    s = position({"F-I-2": G, "R-VIII-12": go(G, 0)}, scenario="grand", turn=25)
    s, events = play(s, "french", "end")
    assert (s["player"], s["phase"]) == ("russian", "movement")
    assert any("no Combat Phase" in e["text"] for e in events)


def test_an_attack_at_night_is_refused_citing_the_night_not_the_phase():
    """Night Movement: "Units may not engage in combat during these night periods": an attack in a
    night's Movement Phase is told so, not to `end` the phase first (no Combat Phase follows); by day
    it is (Turns of Play)."""
    s = position({"F-I-2": G, "R-VIII-12": go(G, 0)}, scenario="grand", turn=9)
    assert str(refused(s, "french", f"attack {G} -> {go(G, 0)}", "Night Movement")) == (
        "It is night: units may not engage in combat, and no Combat Phase follows the French Movement Phase "
        "(Night Movement).")
    s["turn"] = 8
    assert "`end` it first" in str(refused(s, "french", f"attack {G} -> {go(G, 0)}", "Turns of Play"))


def test_night_movement_case_a_only_away_from_the_enemy():
    """(A) "Any unit which begins the Movement Phase within three hexes or less of an Enemy unit may only
    move into hexes which are further from any Enemy unit than its starting hex."""
    enemy = go(G, 0, 0, 0)
    s = position({"F-I-2": G, "R-VIII-12": enemy}, scenario="grand", turn=9)
    err = refused(s, "french", f"move {G} {go(G, 1)}", "Night Movement (A)")   # stays three hexes away
    assert str(err).startswith("At night a unit that begins within three hexes of the enemy may only move further "
                               f"from it: it begins 3 away, {go(G, 1)} is 3; it can reach ")
    s2, _ = play(s, "french", f"move {G} {go(G, 3)}")
    assert distance(where(s2, "F-I-2"), enemy) == 4


def test_night_movement_case_a_a_unit_two_hexes_off_may_step_to_three():
    """(A) "may only move into hexes which are further from any Enemy unit than its starting hex": from
    two hexes away, a hex three away is further, and allowed; another two away is not."""
    enemy = go(G, 0, 0)
    s = position({"F-I-2": G, "R-VIII-12": enemy}, scenario="grand", turn=9)
    beside = next(h for h in reachable(battle(position({"F-I-2": G}, scenario="grand", turn=8)), "F-I-2")
                  if distance(h, G) == 1 and distance(h, enemy) == 2)
    err = refused(s, "french", f"move {G} {beside}", "Night Movement (A)")
    assert f"it begins 2 away, {beside} is 2" in str(err)
    assert distance(where(play(s, "french", f"move {G} {go(G, 3)}")[0], "F-I-2"), enemy) == 3


def test_night_movement_case_a_not_within_three_hexes():
    """(A) "unit may move to within three hexes of an Enemy unit" is read as: may not (the rest of the case
    forbids closing): a unit five hexes away may not come to three."""
    enemy = go(G, 0, 0, 0, 0, 0)
    s = position({"F-I-cav": G, "R-VIII-12": enemy}, scenario="grand", turn=9)
    assert str(refused(s, "french", f"move {G} {go(G, 0, 0)}", "Night Movement (A)")).startswith(
        f"At night no unit may move within three hexes of the enemy ({go(G, 0, 0)} is 3 from the nearest enemy); "
        "it can reach ")
    s["turn"] = 8   # positive control: the same move by day
    assert where(play(s, "french", f"move {G} {go(G, 0, 0)}")[0], "F-I-cav") == go(G, 0, 0)


def test_night_movement_case_a_four_hexes_off_is_allowed():
    """(A) "never within three hexes": a unit five hexes from the enemy may come to four, no nearer;
    with no enemy unit on the map it moves freely."""
    enemy = go(G, 3, 3, 3, 3, 3)
    s = position({"F-I-cav": G, "R-VIII-12": enemy}, scenario="grand", turn=9)
    reach = [h for h in reachable(battle(s), "F-I-cav") if h != "off"]
    assert min(distance(h, enemy) for h in reach) == 4
    assert go(G, 3) in reach and distance(go(G, 3), enemy) == 4
    alone = position({"F-I-cav": G}, scenario="grand", turn=9)
    assert go(G, 3, 3, 3, 3, 3) in reachable(battle(alone), "F-I-cav")


def test_night_movement_case_b_adjacent_units_may_leave():
    """(B) "Units adjacent to enemy units at the end of the 1900 turn may move out of that adjacent hex
    during either of the two night movement phases."""
    s = position({"F-I-2": G, "R-VIII-12": go(G, 0)}, scenario="grand", turn=9)
    s2, _ = play(s, "french", f"move {G} {go(G, 3)} {go(G, 3, 3)}")
    assert where(s2, "F-I-2") == go(G, 3, 3)


def test_reinforcements_enter_at_the_road_ends():
    """"reinforcements are placed on their respective entry hexes as called for on the Reinforcement
    Chart. Placing entering units on the proper entry hex requires no expenditure of Movement Points."""
    s = borodino.setup("5sep", 1)
    u = s["units"]["F-IC-1L"]
    assert u["where"] == "waiting" and u["entry"] == "2630"   # the new road's west end
    s2, events = play(s, "french", "move F-IC-1L 2629 2628 2528 2527 2526")
    assert where(s2, "F-IC-1L") == "2526"
    assert events[0]["path"] == ["2630", "2629", "2628", "2528", "2527", "2526"]
    assert events[0]["text"] == "F-IC-1L (French 2-5 cavalry) moves on at 2630 to 2526 (5 MP)."
    s3, events = play(s, "french", "move F-IC-1L 2630")
    assert where(s3, "F-IC-1L") == "2630" and events[0]["path"] == ["2630"]
    assert events[0]["text"] == "F-IC-1L (French 2-5 cavalry) is placed on its entry hex 2630 (0 MP)."
    s4, events = play(s, "french", "move F-IC-1L 2628")   # the destination alone: the cheapest path from 2630
    assert events[0]["path"] == ["2630", "2629", "2628"]
    s5, events = play(s, "french", "move F-IC-1L 2630 2629")   # a path may name the entry hex first
    assert where(s5, "F-IC-1L") == "2629" and events[0]["path"] == ["2630", "2629"]


def test_reinforcements_at_the_nearest_free_edge_hex_when_the_entry_is_enemy_held():
    """"If enemy units are in occupation of Friendly reinforcement entry hexes ... these reinforcements
    enter on the nearest map-edge hex not in an Enemy Zone of Control."""
    s = position({"R-VIII-12": "2630"}, scenario="5sep")
    h = entry_hex(battle(s), "new_road_west", "french")
    assert h != "2630" and h in battle(s).map.edge_hexes
    assert distance(h, "2630") == 2 and not battle(s).in_enemy_zoc("french", h)


def test_5sep_frozen_units_do_not_move_before_1500():
    """5 Sept special rules: "The Russian Player may not move any of the units north of the Great Redoubt
    until 15.00" (turn 4)."""
    s = borodino.setup("5sep", 1)
    assert "R-V-1G" in s["frozen"] and "R-VIII-CGr" not in s["frozen"]
    s.update(player="russian")
    h = s["units"]["R-V-1G"]["hex"]
    free = dict(s, frozen=[uid for uid in s["frozen"] if uid != "R-V-1G"])
    to = min(reachable(battle(free), "R-V-1G"))
    err = refused(s, "russian", f"move {h} {to}", "5 September special rules")
    assert "5 September" in err.rule and "1500" in str(err)
    assert where(play(free, "russian", f"move {h} {to}")[0], "R-V-1G") == to   # positive control: not frozen


def test_5sep_one_more_frozen_unit_per_turn():
    """"on 15.00, the Russian Player may move one of the frozen units, on 16.00 he may move that one plus
    another one"."""
    s = borodino.setup("5sep", 1)
    s.update(player="russian", turn=4)
    a, b = "R-Cos-1", "R-Cos-2"
    ha, hb = s["units"][a]["hex"], s["units"][b]["hex"]
    da = min(reachable(battle(s), a))
    db = min(h for h in reachable(battle(s), b) if h != da)
    s2, _ = play(s, "russian", f"move {ha} {da}")
    err = refused(s2, "russian", f"move {hb} {db}", "5 September special rules")
    assert str(err) == (f"{hb} (Russian 1-6 cavalry) is frozen: only 1 frozen unit may have begun moving by now, one "
                        f"more each Game-Turn from 1500, and {da} (Russian 1-6 cavalry) has (5 September special "
                        "rules).")
    s2["turn"] = 5
    s3, _ = play(s2, "russian", f"move {hb} {db}")
    assert where(s3, b) == db


def test_5sep_a_french_attack_frees_a_frozen_unit():
    """"if a French unit attacks a Russian unit north of the Great Redoubt, the Russian unit is
    automatically released ... not counted against the normal release"."""
    from tests.rules.borodino.helpers import force_die, settle
    s = position({"F-I-2": G, "R-V-1G": go(G, 0)}, scenario="5sep", phase="combat", turn=2)
    s["frozen"] = ["R-V-1G"]
    force_die(s, 1)
    s2 = settle(play(s, "french", f"attack {G} -> {go(G, 0)}")[0])
    assert "R-V-1G" not in s2["frozen"]


def test_grand_battle_frozen_units_released_after_turn_8():
    """Grand Battle: the September 5th restrictions hold "until the end of the September 5th 1900 (8th)
    Russian Player-Turn"."""
    s = position({}, scenario="grand", player="russian", turn=8)
    s["frozen"] = ["R-V-1G"]
    s2, _ = play(s, "russian", "end")
    assert s2["frozen"] == [] and s2["turn"] == 9


@pytest.mark.parametrize("scenario,told", [("grand", True), ("5sep", False), ("shevardino", False)])
def test_the_end_of_the_5sep_restrictions_is_told_only_where_the_game_goes_on(scenario, told):
    """The restrictions end "Beginning on the next Russian Player-Turn" of the Grand Battle; in the
    5 September and Shevardino scenarios the 8th Game-Turn is the last, so nothing is said."""
    options = ["dv_rally"] if scenario == "shevardino" else []
    s = position({}, scenario=scenario, player="russian", turn=8, options=options)
    s["frozen"] = ["R-V-1G"]
    _, events = play(s, "russian", "end")
    assert any("restrictions on Russian movement end" in e.get("text", "") for e in events) is told


def test_imperial_guard_case_a_not_within_four_hexes():
    """Imperial Guard (A) "No Guard unit ... may deliberately move within four hexes of an opposing
    Player's unit, unless it has been released."""
    enemy = go(G, 3, 3, 3, 3, 3, 3)
    s = position({"F-IG-YG": G, "R-VIII-12": enemy}, options=["imperial_guard"])
    err = refused(s, "french", f"move {G} {go(G, 3, 3)}", "Imperial Guard (A)")
    s = position({"F-IG-YG": G, "R-VIII-12": enemy})   # without the option
    s2, _ = play(s, "french", f"move {G} {go(G, 3, 3)}")
    assert where(s2, "F-IG-YG") == go(G, 3, 3)


def test_imperial_guard_case_b1_released_by_an_enemy_within_three_hexes():
    """(B1) "If an Enemy unit moves to within three hexes of a Guard unit, that Guard unit considered to
    have been released"."""
    s = position({"F-IG-YG": G, "R-VIII-12": go(G, 0, 0, 0, 0, 0)}, options=["imperial_guard"], player="russian")
    s2, events = play(s, "russian", f"move {go(G, 0, 0, 0, 0, 0)} {go(G, 0, 0, 0)}")
    assert "F-IG-YG" in s2["released"] and any(e["kind"] == "guard_released" for e in events)


def test_imperial_guard_case_b1_a_guard_unit_is_released_once():
    """(B1): a Guard unit already released is not released again when another enemy unit comes near:
    no second announcement, no second entry."""
    s = position({"F-IG-YG": G, "R-VIII-12": go(G, 0, 0, 0, 0, 0)}, options=["imperial_guard"], player="russian")
    s["released"] = ["F-IG-YG"]
    s2, events = play(s, "russian", f"move {go(G, 0, 0, 0, 0, 0)} {go(G, 0, 0, 0)}")
    assert [e["kind"] for e in events] == ["move"] and s2["released"] == ["F-IG-YG"]


def test_imperial_guard_case_a_four_hexes_is_the_boundary():
    """(A) "within four hexes": with an enemy unit four hexes away, a neighbouring hex five away may be
    entered, one four away may not, and the refusal says how far the hex is, and from which enemy (it
    read '(2805 is 4 away)', leaving the player to find the unit four hexes off)."""
    enemy = go(G, 3, 3, 3, 3)
    s = position({"F-IG-YG": G, "R-VIII-12": enemy}, options=["imperial_guard"])
    five, four = go(G, 1), go(G, 2)
    assert (distance(five, enemy), distance(four, enemy)) == (5, 4)
    err = refused(s, "french", f"move {G} {four}", "Imperial Guard (A)")
    assert str(err).startswith(f"An unreleased Guard unit may not move within four hexes of an enemy unit "
                               f"({four} is 4 from the enemy in {enemy}); it can reach ")
    assert where(play(s, "french", f"move {G} {five}")[0], "F-IG-YG") == five


def test_imperial_guard_case_a_names_the_release_its_side_may_make_now():
    """(A) with (B2): a Guard unit held back by the enemy near was told only where it could go; where the
    side's losses let it release one now, the refusal names the `release` that frees this one (seen in a
    7 September Game-Turn 40, the French 91 Combat Points down). Not where the losses do not allow it, nor
    for the Old Guard while another Guard unit waits (C)."""
    enemy = go(G, 3, 3, 3, 3)
    s = position({"F-IG-YG": G, "R-VIII-12": enemy}, options=["imperial_guard"])
    s["losses"]["french"] = 15
    err = refused(s, "french", f"move {G} {go(G, 2)}", "Imperial Guard (A, B2)")
    assert str(err).endswith(f"; `release {G}` frees it first, as your losses allow (Imperial Guard A, B2).")
    released, _ = play(s, "french", f"release {G}")
    assert where(play(released, "french", f"move {G} {go(G, 2)}")[0], "F-IG-YG") == go(G, 2)
    s["losses"]["french"] = 14
    refused(s, "french", f"move {G} {go(G, 2)}", "Imperial Guard (A)")
    s = position({"F-IG-OG": G, "F-IG-YG": go(G, 0, 0), "R-VIII-12": enemy}, options=["imperial_guard"])
    s["losses"]["french"] = 15
    refused(s, "french", f"move {G} {go(G, 2)}", "Imperial Guard (A)")


def test_imperial_guard_case_b1_three_hexes_is_the_boundary():
    """(B1) "to within three hexes": an enemy unit stopping four hexes from the Guard unit releases
    nothing; three hexes away releases that Guard unit, and the event names it."""
    far = go(G, 3, 3, 3, 3, 3, 3)
    s = position({"F-IG-YG": G, "R-VIII-12": far}, options=["imperial_guard"], player="russian")
    s2, events = play(s, "russian", f"move {far} {go(G, 3, 3, 3, 3)}")
    assert s2["released"] == [] and [e["kind"] for e in events] == ["move"]
    s2, events = play(s, "russian", f"move {far} {go(G, 3, 3, 3)}")
    assert s2["released"] == ["F-IG-YG"]
    assert events[1] == {**events[1], "kind": "guard_released", "unit": "F-IG-YG",
                         "text": f"{G} (French 7-4 infantry) is released: an enemy unit came within three hexes "
                                 "(Imperial Guard B1)."}


def test_imperial_guard_case_b1_only_an_enemy_unit_releases():
    """(B1) "an Enemy unit": a French unit moving next to its own Guard unit releases nothing."""
    s = position({"F-IG-YG": G, "F-I-2": go(G, 3, 3, 3, 3, 3)}, options=["imperial_guard"])
    s2, events = play(s, "french", f"move {go(G, 3, 3, 3, 3, 3)} {go(G, 3, 3)}")
    assert s2["released"] == [] and [e["kind"] for e in events] == ["move"]


def test_imperial_guard_case_a_an_explicit_path_is_refused_too():
    """(A) holds hex by hex along a path: the first hex within four hexes of the enemy is named."""
    enemy = go(G, 3, 3, 3, 3)
    s = position({"F-IG-YG": G, "R-VIII-12": enemy}, options=["imperial_guard"])
    err = refused(s, "french", f"move {G} {go(G, 1)} {go(G, 1, 3)}", "Imperial Guard (A)")
    assert str(err) == (f"An unreleased Guard unit may not move within four hexes of an enemy unit "
                        f"({go(G, 1, 3)} is 4 from the enemy in {enemy}) (Imperial Guard A).")
    assert where(play(s, "french", f"move {G} {go(G, 1)} {go(G, 1, 2)}")[0], "F-IG-YG") == go(G, 1, 2)


def test_imperial_guard_case_b2_and_c_voluntary_release_old_guard_last():
    """(B2) release one Guard unit after 15 CP of losses, another per 10 more; (C) the Old Guard last."""
    s = position({"F-IG-YG": G, "F-IG-OG": go(G, 3, 3)}, options=["imperial_guard"])
    s["losses"]["french"] = 14
    assert str(refused(s, "french", "release F-IG-YG", "Imperial Guard (B2)")) == (
        "A Guard unit may be released only after the first 15 Combat Points of your losses; "
        "you have lost 14 (Imperial Guard B2).")
    s["losses"]["french"] = 15
    assert str(refused(s, "french", "release F-IG-OG", "Imperial Guard (C)")) == (
        f"The Old Guard must be the last French Guard unit released; release one of the others first: {G} "
        "(Imperial Guard C).")
    s2, _ = play(s, "french", "release F-IG-YG")
    assert "F-IG-YG" in s2["released"]
    assert str(refused(s2, "french", "release F-IG-MG", "Imperial Guard (B2)")) == (
        "With 15 Combat Points lost you may release 1 Guard unit, and have released it; "
        "the next after 25 (Imperial Guard B2).")
    assert play(s, "french", f"release {G}")[0]["released"] == s2["released"]  # a unit named by its hex


def test_imperial_guard_a_release_of_no_guard_unit_names_those_that_may_be():
    """(B2) "he may voluntarily release any one of his Guard units": naming an empty hex or a unit that
    is not of the Guard is refused under the Imperial Guard rule (not Movement), with the Guard units
    still held back."""
    s = position({"F-IG-YG": G, "F-IG-OG": go(G, 3, 3), "F-I-2": go(G, 3)}, options=["imperial_guard"])
    s["losses"]["french"] = 15
    held = f"your Guard units not yet released: {G}, {go(G, 3, 3)}"
    assert str(refused(s, "french", f"release {go(G, 0)}", "Imperial Guard")) == (
        f"There is no unit in {go(G, 0)}; {held} (Imperial Guard).")
    assert str(refused(s, "french", f"release {go(G, 3)}", "Imperial Guard")) == (
        f"{go(G, 3)} (French 7-4 infantry) is not one of your Guard units; {held} (Imperial Guard).")


def test_additional_forces_only_in_the_grand_battle():
    """Additional Forces (A) "This rule may only be used when playing the Grand Battle Game"; (B) eleven
    3-3 infantry, one a turn from turn 11 to 21."""
    with pytest.raises(CommandError):
        borodino.setup("7sep", 1, ["additional_forces"])
    s = borodino.setup("grand", 1, ["additional_forces"])
    extra = sorted((u["arrives"], uid) for uid, u in s["units"].items() if uid.startswith("R-AF-"))
    assert [t for t, _ in extra] == list(range(11, 22))
    assert not any(uid.startswith("R-AF-") for uid in borodino.setup("grand", 1)["units"])


def test_reinforcements_are_placed_in_their_turn_of_arrival_not_held_off_the_map():
    """Scenarios: "In all four scenarios reinforcements are placed on their respective entry hexes as
    called for on the Reinforcement Chart": a reinforcement not moved on is on its entry hex when the
    Movement Phase ends, not waiting off the map for a later turn."""
    s = borodino.setup("5sep", 1)
    assert s["units"]["F-IC-1H"]["where"] == "waiting" and s["units"]["F-IC-1H"]["entry"] == "2630"
    s2, events = play(s, "french", "end")
    assert where(s2, "F-IC-1H") == "2630" and s2["units"]["F-IC-1H"]["where"] == "map"
    assert not [uid for uid, u in s2["units"].items() if u["where"] == "waiting" and uid.startswith("F-")]
    assert any(e.get("unit") == "F-IC-1H" and e["text"].startswith("F-IC-1H (French 2-5 cavalry) is placed on the map "
                                                                    "at 2630") for e in events)


def test_a_turn_s_reinforcements_are_told_once_with_how_they_enter():
    """The post that opens a Player-Turn holds its events and then its status: the status names the
    reinforcements that have come, by entry hex, and how to move them on, where the player looks
    while moving; the events do not list them again (they listed them above the same list)."""
    s, _ = play(borodino.setup("5sep", 1), "french", "end")
    s, events = play(s, "russian", "end")
    told = [e["text"] for e in events] + borodino.view(s, "french")["notes"]
    arrived = sorted(uid for uid, u in s["units"].items() if u["where"] == "waiting")
    assert arrived and all(sum(t.count(uid) for t in told) == 1 for uid in arrived)
    assert "Reinforcements of this Game-Turn, waiting to enter at 2630: F-I-5 (4-4 infantry), " \
        "F-IIIC-3L (1-5 cavalry), F-IIIC-6H (2-5 cavalry) and F-IIIC-X (2-5 cavalry). `move <id> <hex>` " \
        "moves one on; one not moved on is placed on its entry hex when the phase ends (Scenarios)." in told


def test_reinforcements_sharing_an_entry_hex_end_in_separate_hexes():
    """Movement: "Units may NOT finish their Movement Phase in the same hex as other units": when the entry
    hex is taken, the next reinforcement goes to the nearest map-edge hex not in an Enemy Zone of
    Control, as the rule book says for an enemy-held entry."""
    s = borodino.setup("5sep", 1)
    arriving = sorted(uid for uid, u in s["units"].items() if u["where"] == "waiting")
    s2, events = play(s, "french", "end")
    placed = [where(s2, uid) for uid in arriving]
    assert len(arriving) > 1 and len(set(placed)) == len(placed)
    assert all(h in battle(s2).map.edge_hexes for h in placed)
    elsewhere = [e["text"] for e in events if e.get("path") and e["path"][-1] != s["units"][e["unit"]]["entry"]]
    assert elsewhere and all(f"its entry hex {s['units'][t.split()[0]]['entry']} being taken" in t
                             for t in elsewhere)   # the player is told why it is not where it was announced


def test_reinforcements_enter_an_entry_hex_in_an_enemy_zone_of_control_and_stop_there():
    """Scenarios: only "If enemy units are in occupation of Friendly reinforcement entry hexes" do
    reinforcements go elsewhere; an entry hex merely in an enemy Zone of Control is used, and the unit
    stops there (ZOC C: "they must stop upon entering the first enemy controlled hex")."""
    s = position({"R-VIII-12": "2730"}, scenario="5sep")   # next to the new road's west end, 2630
    s["units"]["F-IC-1L"].update(where="future", arrives=1, entry_key="new_road_west", entry=None)
    s["turn"] = 1
    from rules.borodino.turns import start_player_turn
    start_player_turn(battle(s))
    assert s["units"]["F-IC-1L"]["entry"] == "2630" and battle(s).in_enemy_zoc("french", "2630")
    refused(s, "french", "move F-IC-1L 2630 2629", "Zones of Control (C)")
    assert "2629" not in reachable(battle(s), "F-IC-1L")
    assert where(play(s, "french", "move F-IC-1L 2630")[0], "F-IC-1L") == "2630"
