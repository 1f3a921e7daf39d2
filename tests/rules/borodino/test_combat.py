"""Borodino COMBAT A-K, the Combat Resolution Table, RETREAT AND ADVANCE, Displacement
(rules/borodino/combat.py, results.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.borodino.combat import contact, plan_attack
from rules.borodino.commands import Attack
from rules.borodino.tables import load as load_tables
from rules.borodino.tables import odds_column
from rules.core.errors import RuleViolation
from tests.rules.borodino.helpers import (battle, borodino, force_die, go, open_ground, play, position, refused,
                                          refused_then_accepted, ring, settle, where, without)

G = open_ground(4)
D = ring(G)
F7, F7b, F7c = "F-I-2", "F-IV-1", "F-IV-IG"      # French 7-4 infantry
F4, F4b = "F-I-5", "F-V-16"                      # French 4-4 infantry
FCAV = "F-I-cav"                                 # French 2-5
R5, R6, R4, R3C = "R-VIII-12", "R-VIII-2Gr", "R-IV-22", "R-V-2GC"  # Russian 5-4, 6-4, 4-4, 3-5 cavalry
R4b = "R-IV-23"


def odds(state, text: str) -> str:
    from rules.borodino.commands import parse
    return plan_attack(battle(state), state["player"], parse(text)).odds


# --- the table and the odds --------------------------------------------------------------------
PRINTED_CRT = """
1 Ae Ar Ar Dr Dr Dr De De De De
2 Ae Ae Ar Ar Dr Dr Dr De De De
3 Ae Ae Ae Ar Dr Dr Dr Dr De De
4 Ae Ae Ae Ar Ar Dr Dr Dr De De
5 Ae Ae Ae Ar Ar Ex Dr Ex Ex De
6 Ae Ae Ae Ae Ar Ar Ex Ex Ex De
"""


def test_crt_as_printed():
    """COMBAT RESOLUTION TABLE, copied from the rule book."""
    t = load_tables()
    assert t.columns == ("1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
    for line in PRINTED_CRT.strip().splitlines():
        die, *row = line.split()
        assert [t.result(c, int(die)) for c in t.columns] == row


@pytest.mark.parametrize("att,dfn,col", [(8, 3, "2-1"), (3, 8, "1-3"), (7, 10, "1-2"), (5, 5, "1-1"),
                                         (11, 4, "2-1"), (40, 2, "6-1"), (1, 11, "1-5"), (Fraction(7, 2), 5, "1-2")])
def test_combat_odds_rounded_for_the_defender(att, dfn, col):
    """"the ratio is always rounded off in favor of the defending unit(s)"; beyond 6-1 is 6-1,
    worse than 1-5 is 1-5."""
    assert odds_column(Fraction(att), Fraction(dfn)) == col


def test_combat_example_two_infantry_of_eight_against_three_cavalry():
    """Example: "Two French Infantry units (... EIGHT ...) attack one Russian Cavalry unit (... THREE).
    ... an odds-situation of TWO-to-ONE."""
    s = position({F4: D[3], F4b: D[4], R3C: G}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((D[3], D[4]), (G,)))
    assert (plan.attack, plan.defence, plan.odds) == (8, 3, "2-1")


# --- cases A-K -------------------------------------------------------------------------------
def test_combat_case_a_attackers_must_be_adjacent():
    """(A) "the attacking unit(s) must be adjacent to that Enemy unit"."""
    s = position({F7: go(G, 3, 3), R5: G}, phase="combat")
    err = refused(s, "french", f"attack {go(G, 3, 3)} -> {G}", "Combat (A)")
    assert "not adjacent" in str(err) and "Combat A" in str(err)
    adjacent = position({F7: D[3], R5: G}, phase="combat")   # positive control: the same unit beside it
    assert play(adjacent, "french", f"attack {D[3]} -> {G}")[1][0]["kind"] == "combat"


def test_combat_case_b_end_refused_while_attacks_are_due():
    """(B) "ALL Enemy units to which there are Friendly units adjacent MUST be attacked ... ALL
    Friendly units which are adjacent to Enemy units MUST participate in an attack"."""
    s = position({F7: D[3], R5: G}, phase="combat")
    err, s2 = refused_then_accepted(s, "french", "end", "Combat (B)", without(R5))
    assert f"{D[3]} (French 7-4 infantry)" in str(err) and f"{G} (Russian 5-4 infantry)" in str(err)
    assert s2["player"] == "russian"


def test_combat_case_b_an_attack_may_not_strand_another_obligation():
    """(B, D): attacking with one unit so that another adjacent unit can no longer attack is refused."""
    s = position({F7: D[3], F7b: D[4], R5: G}, phase="combat")
    err, _ = refused_then_accepted(s, "french", f"attack {D[3]} -> {G}", "Combat (B, C, D)", without(F7b))
    assert D[4] in str(err)


def test_combat_case_c_attacker_chooses_order_and_allocation():
    """(C) "The Attacking Player has the choice of resolving his attacks in any order he wishes"."""
    far = go(G, 0, 0, 0)
    s = position({F7: D[3], R5: G, F7b: go(far, 3), R6: far}, phase="combat")
    force_die(s, 3)
    s2 = settle(play(s, "french", f"attack {go(far, 3)} -> {far}")[0])
    force_die(s2, 3)
    s3 = settle(play(s2, "french", f"attack {D[3]} -> {G}")[0])
    s3, _ = play(s3, "french", "end")
    assert s3["player"] == "russian"


def test_combat_case_d_each_unit_attacks_and_is_attacked_once():
    """(D) "No defending unit may be attacked more than once per turn, nor may any attacking unit attack
    more than once per turn."""
    other = go(G, 4, 4)
    s = position({F7: D[2], F7b: D[4], R5: G, R6: other}, phase="combat")
    force_die(s, 4)  # 7 against 5: 1-1, die 4: Ar
    s2, events = play(s, "french", f"attack {D[2]} -> {G}")
    assert events[0]["result"] == "Ar"
    s2 = settle(s2)
    err = refused(s2, "french", f"attack {D[4]} -> {G}", "Combat (D)")
    assert "already been attacked" in str(err)
    fresh = position({F7b: D[4], R5: G}, phase="combat")   # positive control: G not yet attacked
    assert play(fresh, "french", f"attack {D[4]} -> {G}")[1][0]["kind"] == "combat"
    assert where(s2, F7) != D[2] and battle(s2).unit(F7)["attacked"]  # retreated, it may not attack again


def test_combat_case_d_attacker_once():
    other = go(G, 4, 4)
    s = position({F7: D[4], F7b: D[2], R5: G, R6: other}, phase="combat")
    force_die(s, 1)  # 7 against 6: 1-1, die 1: Dr
    s2 = settle(play(s, "french", f"attack {D[4]} -> {other}")[0])
    err = refused(s2, "french", f"attack {D[4]} -> {G}", "Combat (D, I)")
    assert "already attacked" in str(err)
    fresh = position({F7: D[4], R5: G}, phase="combat")   # positive control: a unit that has not attacked
    assert play(fresh, "french", f"attack {D[4]} -> {G}")[1][0]["kind"] == "combat"


def test_combat_case_e_attackers_total_their_strengths():
    """(E) "The Combat Strengths of the attacking units are totaled into one combined Combat Strength"."""
    s = position({F7: D[2], F7b: D[3], F4: D[4], R5: G}, phase="combat")
    assert odds(s, f"attack {D[2]}+{D[3]}+{D[4]} -> {G}") == "3-1"   # 18 against 5


def test_combat_case_f_one_attacker_against_several_defenders():
    """(F) "A single attacking unit may make an attack against two or more defending units"."""
    s = position({F7: G, R4: D[0], R4b: D[1]}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((G,), (D[0], D[1])))
    assert (plan.attack, plan.defence, plan.odds) == (7, 8, "1-2")


def test_combat_case_g_diversionary_attacks_at_poor_odds():
    """(G) "Players may deliberately make attacks at poor odds" (worse than 1-5 counts as 1-5)."""
    s = position({FCAV: D[3], "R-V-1G": G}, phase="combat")
    force_die(s, 2)
    s2, events = play(s, "french", f"attack {D[3]} -> {G}")
    assert events[0]["odds"] == "1-5" and events[0]["result"] == "Ae"
    assert s2["units"][FCAV]["where"] == "eliminated" and s2["losses"]["french"] == 2


def test_combat_case_i_strength_used_as_a_whole():
    """(I) "The Combat Strength of a unit must be used as an integral whole. That is, it may not
    split in order to apply some Strength Points to one attack and some to another." A 7 next to
    two enemy units may attack both at once with all 7, but not one and then the other."""
    alone = position({F7: G, R5: go(G, 0), R6: go(G, 1)}, phase="combat")
    plan = plan_attack(battle(alone), "french", Attack((G,), (go(G, 0), go(G, 1))))
    assert (plan.attack, plan.defence) == (7, 11)  # the whole 7 against both
    s = position({F7: G, F7b: go(G, 1, 1), R5: go(G, 0), R6: go(G, 1)}, phase="combat")
    force_die(s, 1)  # 7 against 5: 1-1, die 1: Dr
    s2 = settle(play(s, "french", f"attack {G} -> {go(G, 0)}")[0])
    err = refused(s2, "french", f"attack {G} -> {go(G, 1)}", "Combat (D, I)")
    assert "splits its strength" in str(err)
    s3, events = play(s2, "french", f"attack {go(G, 1, 1)} -> {go(G, 1)}")  # another unit may
    assert events[0]["kind"] == "combat"


def test_combat_a_unit_is_named_once_in_an_attack():
    """A unit listed twice in one attack does not count twice (Combat I)."""
    s = position({F7: D[3], R5: G}, phase="combat")
    refused(s, "french", f"attack {D[3]}+{D[3]} -> {G}", "Combat (I)")
    events = play(s, "french", f"attack {D[3]} -> {G}")[1]   # positive control: named once, 7 against 5
    assert (events[0]["kind"], events[0]["odds"]) == ("combat", "1-1")


def test_combat_case_j_town_doubles():
    """(J) "A unit with a basic strength of FOUR Combat Points would defend (in a Town hex) as if it
    had a strength of EIGHT"."""
    s = position({F4: "3919", F4b: "3920", R4: "3819"}, phase="combat")  # Utitsa
    plan = plan_attack(battle(s), "french", Attack(("3919", "3920"), ("3819",)))
    assert (plan.attack, plan.defence, plan.odds) == (8, 8, "1-1")


def test_combat_exchange_against_a_doubled_defender_costs_the_printed_strength():
    """CRT Ex: "In the case of a doubled Defender, the Attacker loses Strength Points equal to the printed
    (undoubled) Defender's strength." 16 against a 4 doubled to 8 is 2-1; die 5: Ex; one 7 pays for 4."""
    s = position({F7: "3919", F7b: "3920", FCAV: "3818", R4: "3819"}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", "attack 3919+3920+3818 -> 3819")
    assert events[0]["odds"] == "2-1" and events[0]["result"] == "Ex"
    assert s2["losses"]["russian"] == 4
    step = s2["pending"]["steps"][0]
    assert step["kind"] == "lose" and step["need"] == 4
    err = refused(s2, "french", "lose 3818", "CRT: Exchange")
    assert "at least 4" in str(err)
    s3, _ = play(s2, "french", "lose 3919")
    assert s3["losses"]["french"] == 7 and where(s3, F7b) == "3920" and where(s3, FCAV) == "3818"


def test_combat_case_k_bridge_halves_the_attacker():
    """(K) "Units may move and attack across River hexsides only at Fords and Bridges ... with half of
    their Combat Strength"."""
    s = position({F7: "2319", R5: "2318"}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack(("2319",), ("2318",)))
    assert (plan.attack, plan.odds) == (Fraction(7, 2), "1-2")


def test_combat_case_k_ford_halves_the_attacker():
    s = position({F7: "1616", F7b: "1617", R4: "1615"}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack(("1616",), ("1615",)))
    assert (plan.attack, plan.defence, plan.odds) == (Fraction(7, 2), 4, "1-2")


def test_combat_case_k_no_combat_across_a_river():
    """(K) / TEC: "Combat through river hexsides is forbidden"."""
    s = position({F7: "2723", R5: "2622"}, phase="combat")
    err = refused(s, "french", "attack 2723 -> 2622", "Combat (K), Terrain Effects Chart")
    assert "river" in str(err) and "forbidden" in str(err) and "Combat K" in str(err)
    ford = position({F7: "1616", R4: "1615"}, phase="combat")   # positive control: across a ford
    assert play(ford, "french", "attack 1616 -> 1615")[1][0]["kind"] == "combat"


def test_combat_case_k_streams_have_no_effect():
    """(K) "Stream hexsides have no effect on Combat."""
    s = position({F7: "1907", R5: "2007"}, phase="combat")
    assert odds(s, "attack 1907 -> 2007") == "1-1"


# --- the results, through real attacks ------------------------------------------------------
def test_crt_ae_attacker_eliminated():
    """Ae: "The attacking unit(s) is eliminated and immediately removed from the map."""
    s = position({F4: D[3], R6: G}, phase="combat")
    force_die(s, 6)  # 4 against 6: 1-2, die 6: Ae
    s2, events = play(s, "french", f"attack {D[3]} -> {G}")
    assert events[0]["result"] == "Ae"
    assert s2["units"][F4]["where"] == "eliminated" and s2["losses"] == {"french": 4, "russian": 0}


def test_crt_ar_attacker_retreats_where_the_victor_chooses():
    """Ar: "The attacking unit(s) is immediately moved back one hex"; "the victorious player decides in
    which direction they will be retreated"."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 4)  # 1-1, die 4: Ar
    s2, _ = play(s, "french", f"attack {D[3]} -> {G}")
    step = s2["pending"]["steps"][0]
    assert step["kind"] == "retreat" and step["chooser"] == "russian"
    refused(s2, "french", f"retreat {go(D[3], 3)}", "Combat, General Rule")
    err = refused(s2, "russian", f"retreat {D[2]}", "Retreat")  # in the Russian zone of control
    assert go(D[3], 3) in str(err)
    s3, _ = play(s2, "russian", f"retreat {go(D[3], 3)}")
    assert where(s3, F7) == go(D[3], 3)


def test_crt_dr_defender_retreats_where_the_attacker_chooses():
    """Dr: "The defending unit(s) is immediately moved back one hex" (the attacker, the victor, chooses)."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)
    s2, _ = play(s, "french", f"attack {D[3]} -> {G}")
    assert s2["pending"]["steps"][0]["chooser"] == "french"
    s3, _ = play(s2, "french", f"retreat {D[0]}")
    assert where(s3, R5) == D[0]


def test_crt_de_defender_eliminated():
    """De: "The defending unit(s) is eliminated and immediately removed from the map"."""
    s = position({F7: D[3], F7b: D[2], F7c: D[4], R5: G}, phase="combat")
    force_die(s, 1)  # 21 against 5: 4-1, die 1: De
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[0]["result"] == "De" and s2["units"][R5]["where"] == "eliminated"
    assert s2["losses"] == {"french": 0, "russian": 5}


def test_crt_ex_exchange_attacker_chooses_losses():
    """Ex: "the attacking unit(s) suffer a loss AT LEAST equal ... Only those attacking units directly
    involved in that particular attack may be used"."""
    s = position({F7: D[3], F4: D[2], F7b: go(G, 3, 3, 3), R5: G}, phase="combat")
    force_die(s, 5)  # 11 against 5: 2-1, die 5: Ex
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert events[0]["result"] == "Ex" and s2["losses"]["russian"] == 5
    # the smallest sets covering 5: the 7 alone (the 4 alone is too little)
    assert s2["pending"] is None or s2["pending"]["steps"][0]["kind"] == "advance"
    assert s2["units"][F7]["where"] == "eliminated" and s2["losses"]["french"] == 7
    assert where(s2, F4) == D[2] and where(s2, F7b) == go(G, 3, 3, 3)


def test_retreat_elimination_when_no_path_is_open():
    """"If no path of retreat is open to the retreating unit ... the retreating unit is ELIMINATED"."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], FCAV: go(G, 0, 0), R5: G}, phase="combat")
    force_die(s, 3)  # 21 against 5: 4-1, die 3: Dr
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[0]["result"] == "Dr"
    assert s2["units"][R5]["where"] == "eliminated" and "no path of retreat" in events[1]["text"]


def test_retreat_displacement():
    """Displacement: "if the only safe hex ... is already occupied by ... uninvolved, Friendly unit, then
    the uninvolved unit is displaced ... and its position is taken by the retreating unit"."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0]}, phase="combat")
    force_die(s, 3)
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert s2["pending"]["steps"][0]["kind"] == "retreat" and s2["pending"]["steps"][0]["unit"] == R6
    s3, _ = play(s2, "french", f"retreat {go(D[0], 0)}")
    assert where(s3, R6) == go(D[0], 0) and where(s3, R5) == D[0]


def test_retreat_displacement_chosen_whole_is_chosen_hex_by_hex():
    """Displacement: the victor chooses the displaced unit's retreat too, nothing rolled between, so
    `retreat 2704 then 2703` names both at once and leaves the game as the two answers one after the other."""
    s = position({F7: D[2], F7b: D[3], R5: G, R6: D[0], "R-VIII-CGr": D[5]}, phase="combat")
    force_die(s, 2)  # 2-1, die 2: Dr
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    one, first = play(s, "french", f"retreat {D[0]}")
    by_hex, then = play(one, "french", f"retreat {go(D[0], 0)}")
    whole, events = play(s, "french", f"retreat {D[0]} then {go(D[0], 0)}")
    assert whole == by_hex and where(whole, R6) == go(D[0], 0) and where(whole, R5) == D[0]
    assert [e for e in events] == [e for e in first if e["kind"] != "choice"] + then
    refused(s, "french", f"retreat {D[0]} then {go(D[0], 0)} then 2602", "Retreat")  # no third retreat waits
    refused(s, "french", f"retreat {D[0]} then {G}", "Retreat")  # the second hex refused as alone
    advanced, _ = play(by_hex, "french", f"advance {D[2]} {G}")  # Combat H, the victor's again
    assert play(s, "french", f"retreat {D[0]} then {go(D[0], 0)} then advance {D[2]} {G}")[0] == advanced
    refused(s, "french", f"retreat {D[0]} then stay", "Retreat")  # the displaced unit's retreat comes first


def test_attack_with_its_answers_written_ahead_is_the_attack_and_its_answers_one_by_one():
    """The victor chooses where the beaten units retreat (Retreat; Displacement) and whether to advance
    (Combat H), nothing rolled between them once the die is read, so the attacker may give them with the
    attack: `attack 2805+2706 -> 2705 then retreat 2704 then 2703 then advance 2805 2705` leaves the game
    as the attack and its three answers one after the other, no question left between them."""
    s = position({F7: D[2], F7b: D[3], R5: G, R6: D[0], "R-VIII-CGr": D[5]}, phase="combat")
    force_die(s, 2)  # 2-1, die 2: Dr
    answers = [f"retreat {D[0]}", f"retreat {go(D[0], 0)}", f"advance {D[2]} {G}"]
    by_hand, told = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    for answer in answers:
        by_hand, more = play(by_hand, "french", answer)
        told = [e for e in told if e["kind"] != "choice"] + more
    whole, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G} then retreat {D[0]} then {go(D[0], 0)} "
                         f"then advance {D[2]} {G}")
    assert whole == by_hand and whole["pending"] is None and where(whole, F7) == G
    assert [(e["kind"], e["text"]) for e in events] == [(e["kind"], e["text"]) for e in told]  # the die: irreversible


def test_attack_answers_written_ahead_to_a_choice_the_result_does_not_bring_are_passed_over():
    """An answer to a choice the result leaves the attacker is his; one it does not bring changes nothing:
    after a De (4-1, die 1) the retreat written is passed over and `stay` declines the advance (Combat H);
    after an Ar (2-1, die 6) nothing is his to choose, and the Russian victor is asked (Retreat)."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G}, phase="combat")
    force_die(s, 1)
    stayed, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G} then retreat {D[0]} then stay")
    assert events[0]["result"] == "De" and stayed["pending"] is None and where(stayed, F7) == D[2]
    s = position({F7: D[2], F7b: D[3], R5: G}, phase="combat")
    force_die(s, 6)
    beaten, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G} then retreat {D[0]} then stay")
    assert events[0]["result"] == "Ar" and beaten["pending"]["steps"][0]["chooser"] == "russian"
    assert beaten == play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")[0]


def test_attack_answer_written_ahead_that_the_result_leaves_unfit_is_asked():
    """An exchange (4-1, die 5) costs the attackers at least 5 Combat Points, the attacker choosing which (CRT:
    Exchange): `then lose 2805` pays it, and the advance written for the unit lost is not open (Combat H):
    the event says so and the advance is asked of him, as it would have been."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G} then lose {D[2]} then advance {D[2]}")
    assert events[0]["result"] == "Ex" and s2["units"][F7]["where"] == "eliminated"
    assert [e["kind"] for e in events[-2:]] == ["unfit", "choice"]
    assert events[-2]["text"] == (f"`advance {D[2]}`, written with the attack, does not fit its result (Combat H): "
                                  "the choice is asked.")
    assert s2["pending"]["steps"][0]["kind"] == "advance" and s2["pending"]["steps"][0]["chooser"] == "french"


def test_attack_answers_written_ahead_are_refused_before_the_die_where_they_name_no_attacker():
    """Only the attackers next to the defender may advance (Combat H) and pay an exchange (CRT: Exchange):
    answers that name others are refused before the die, nothing rolled; the same attack with the
    attacker's own answers is accepted."""
    s = position({F7: D[2], F7b: D[3], F4: go(G, 1, 1), R5: G}, phase="combat")
    refused(s, "french", f"attack {D[2]}+{D[3]} -> {G} then advance {go(G, 1, 1)}", "Combat (H)")
    refused(s, "french", f"attack {D[2]}+{D[3]} -> {G} then lose {go(G, 1, 1)}", "CRT: Exchange")
    assert play(s, "french", f"attack {D[2]}+{D[3]} -> {G} then lose {D[2]} then advance {D[3]}")[0] != s


def test_retreat_chain_displacement():
    """"Displaced units can themselves displace other Friendly units in a sort of chain reaction"."""
    units = {F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0], R4: go(G, 0, 0),
             FCAV: go(G, 0, 1, 1), F4: go(G, 0, 5, 5)}
    s = position(units, phase="combat")
    force_die(s, 3)
    s2, _ = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert where(s2, R5) == D[0] and where(s2, R6) == go(G, 0, 0) and where(s2, R4) == go(G, 0, 0, 0)


def test_retreat_displacement_that_would_eliminate_eliminates_the_retreating_unit():
    """"If the displacement would cause the uninvolved unit to be eliminated ..., the retreating unit is
    instead eliminated and no displacement takes place."""
    units = {F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0], FCAV: go(G, 0, 1, 1), F4: go(G, 0, 5, 5),
             F4b: go(G, 0, 0, 0)}
    s = position(units, phase="combat")
    force_die(s, 3)
    s2, _ = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert s2["units"][R5]["where"] == "eliminated" and where(s2, R6) == D[0]


def test_retreat_no_displacement_while_an_empty_hex_is_open():
    """"Units may not be forced to displace other Friendly units if they have other paths of retreat"."""
    s = position({F7: D[3], R5: G, R6: D[0]}, phase="combat")
    force_die(s, 1)
    s2, _ = play(s, "french", f"attack {D[3]} -> {G}")
    refused(s2, "french", f"retreat {D[0]}", "Retreat")
    s3, _ = play(s2, "french", f"retreat {D[1]}")   # positive control: the empty hex beside it
    assert where(s3, R5) == D[1] and where(s3, R6) == D[0]


def test_optional_advance_by_the_victor():
    """OPTIONAL ADVANCE: "the victorious unit ... may advance into the vacated hex ... A unit is never
    forced to advance."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)
    s2, _ = play(s, "french", f"attack {D[3]} -> {G}")
    s2, _ = play(s2, "french", f"retreat {D[0]}")
    assert s2["pending"]["steps"][0]["kind"] == "advance"
    stayed, _ = play(s2, "french", "stay")
    assert where(stayed, F7) == D[3] and stayed["pending"] is None
    advanced, events = play(s2, "french", f"advance {D[3]} {G}")
    assert where(advanced, F7) == G and events[0]["kind"] == "advance"


def test_advanced_units_not_attacked_or_attacking_again():
    """"Advancing units may not participate in another attack or defense in the Combat Phase in which
    they advance"."""
    other = D[1]
    s = position({F7: D[3], F7b: D[2], F7c: D[4], F4: go(G, 1, 1), R5: G, R6: other}, phase="combat")
    force_die(s, 1)  # 4-1, die 1: De
    s2, _ = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    s2, _ = play(s2, "french", f"advance {D[3]} {G}")
    err = refused(s2, "french", f"attack {G} -> {other}", "Combat (D)")
    assert "advanced after combat" in str(err)
    # the enemy next to the advanced unit is still due an attack from the unit at go(G, 1, 1)
    force_die(s2, 1)
    s3 = settle(play(s2, "french", f"attack {go(G, 1, 1)} -> {other}")[0])
    s3, _ = play(s3, "french", "end")
    assert s3["player"] == "russian"


def test_combat_case_b_units_adjacent_across_a_ford_or_bridge_must_attack():
    """(B) "ALL Enemy units to which there are Friendly units adjacent MUST be attacked" — adjacency, not
    Zones of Control: the Terrain Effects Chart lets units attack across Ford and Bridge hexsides
    ("Unit attacking across have their Combat Strength halved"), so there the attack is owed even though
    no Zone of Control crosses."""
    for french, russian in (("1616", "1615"), ("2319", "2318")):   # a ford, a bridge
        s = position({F7: french, R4: russian}, phase="combat")
        error = refused(s, "french", "end", "Combat (B)")
        assert french in str(error) and russian in str(error)
        force_die(s, 1)
        s2 = settle(play(s, "french", f"attack {french} -> {russian}")[0])
        assert play(s2, "french", "end")[0]["player"] == "russian"  # positive control: once attacked


def test_combat_case_b_no_attack_is_owed_across_a_plain_river():
    """TEC: "Combat through river hexsides is forbidden", so nothing is owed across one: `end` is accepted."""
    s = position({F7: "2723", R5: "2622"}, phase="combat")
    assert play(s, "french", "end")[0]["player"] == "russian"


# --- the smallest sets of an exchange, the prompts and the advance ---------------------
def test_crt_ex_a_set_that_covers_the_loss_exactly_is_one_of_the_smallest():
    """Ex: "the attacking unit(s) suffer a loss AT LEAST equal (in terms of strength points) to that of
    the defender". 4+7+2 against a 4 is 3-1, die 6: Ex. The 4 alone covers 4 exactly and the 7 alone
    covers it; the 4 with the 2 is more than needed (the 4 alone suffices), so it is not offered."""
    s = position({F4: D[2], F7: D[3], FCAV: D[4], R4: G}, phase="combat")
    force_die(s, 6)
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert (events[0]["odds"], events[0]["result"]) == ("3-1", "Ex")
    assert events[-1]["text"] == ("French player: choose the attackers the exchange costs you (CRT: Exchange):\n"
                                  "- at least 4 Combat Points of them\n"
                                  f"- `lose {D[2]}` for F-I-5 in {D[2]} (4 Combat Points)\n"
                                  f"- `lose {D[3]}` for F-I-2 in {D[3]} (7 Combat Points)")
    refused(s2, "french", f"lose {D[2]}+{D[4]}", "CRT: Exchange")
    s3, _ = play(s2, "french", f"lose {D[2]}")
    assert s3["units"][F4]["where"] == "eliminated" and s3["losses"]["french"] == 4
    assert where(s3, F7) == D[3] and where(s3, FCAV) == D[4]


def test_crt_ex_the_prompt_names_each_smallest_set_of_several_units():
    """Ex against a 5 with 4+4+2 (2-1, die 5): no unit alone covers 5, any two do, and no two are more
    than needed; the prompt names the three pairs."""
    s = position({F4: D[2], F4b: D[3], FCAV: D[4], R5: G}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[-1]["text"] == (
        "French player: choose the attackers the exchange costs you (CRT: Exchange):\n"
        "- at least 5 Combat Points of them\n"
        f"- `lose {D[2]}+{D[3]}` for F-I-5 in {D[2]} and F-V-16 in {D[3]} (8 Combat Points)\n"
        f"- `lose {D[2]}+{D[4]}` for F-I-5 in {D[2]} and F-I-cav in {D[4]} (6 Combat Points)\n"
        f"- `lose {D[3]}+{D[4]}` for F-V-16 in {D[3]} and F-I-cav in {D[4]} (6 Combat Points)")
    s3, _ = play(s2, "french", f"lose {D[3]}+{D[4]}")
    assert s3["losses"]["french"] == 6 and where(s3, F4) == D[2]


def test_optional_advance_the_prompt_and_the_refusal_name_every_open_advance():
    """OPTIONAL ADVANCE: "the victorious unit responsible for the Enemy ... retreat may advance into the
    vacated hex": both attackers may; a wrong answer cites Combat (H) and names both."""
    s = position({F7: D[3], F7b: D[2], R5: G}, phase="combat")
    force_die(s, 1)  # 14 against 5: 2-1, die 1: Dr
    s2, _ = play(s, "french", f"attack {D[3]}+{D[2]} -> {G}")
    s3, events = play(s2, "french", f"retreat {D[0]}")
    assert events[-1]["text"] == (f"French player: you may advance after combat:\n- `advance {D[3]} {G}` moves F-I-2 "
                                  f"in {D[3]} (French 7-4 infantry) into {G}\n- `advance {D[2]} {G}` moves F-IV-1 in "
                                  f"{D[2]} (French 7-4 infantry) into {G}\n- `stay` advances none")
    err = refused(s3, "french", f"advance {D[3]} {D[4]}", "Combat (H)")
    assert f"choose one of: advance {D[3]} {G}, advance {D[2]} {G}, or stay" in str(err)
    err = refused(s3, "french", f"lose {D[3]}", "Combat (H)")   # not the answer waiting
    assert "That is not the answer waiting; French player: you may advance after combat" in str(err)
    s4, _ = play(s3, "french", f"advance {D[2]} {G}")
    assert where(s4, F7b) == G and where(s4, F7) == D[3]


def test_optional_advance_after_an_exchange_by_the_attacker_left_standing():
    """Ex, then OPTIONAL ADVANCE: 7+4 against a 5 (2-1, die 5); the 7, named first, pays the exchange
    and the 4 left standing may still advance into the vacated hex."""
    s = position({F7: D[3], F4: D[2], R5: G}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", f"attack {D[3]}+{D[2]} -> {G}")
    assert events[0]["result"] == "Ex" and s2["units"][F7]["where"] == "eliminated"
    assert events[-1]["text"] == (f"French player: you may advance after combat:\n"
                                  f"- `advance {D[2]} {G}` moves F-I-5 in "
                                  f"{D[2]} (French 4-4 infantry) into {G}\n- `stay` advances none")
    s3, _ = play(s2, "french", f"advance {D[2]} {G}")
    assert where(s3, F4) == G


def test_retreat_the_prompt_names_the_unit_each_displacement_would_push():
    """Displacement: with every safe hex held by an uninvolved friendly unit, the victor chooses which one
    is displaced; the prompt names the unit in each hex."""
    s = position({F7: D[3], R5: G, R6: D[0], R4: D[1], R4b: D[5]}, phase="combat")
    force_die(s, 1)  # 7 against 5: 1-1, die 1: Dr; D[2] and D[4] are in the French zone of control
    s2, events = play(s, "french", f"attack {D[3]} -> {G}")
    assert events[-1]["text"] == (  # a point a hex, each a line on a phone
        f"French player: choose where R-VIII-12 in {G} (Russian 5-4 infantry) retreats:\n"
        f"- `retreat {D[0]}`, displacing {R6} (Russian 6-4 infantry)\n- `retreat {D[1]}`, displacing {R4} (Russian "
        f"4-4 infantry)\n- `retreat {D[5]}`, displacing {R4b} (Russian 4-4 infantry)\n"
        "- or all at once: `retreat <hex> then <hex> then stay`")  # the displaced unit's, then the advance
    s3, _ = play(s2, "french", f"retreat {D[1]}")
    assert s3["pending"]["steps"][0]["unit"] == R4


def test_retreat_never_across_a_river():
    """RETREAT: a retreat moves the unit one hex, and "Units may not move through a river hexside" (Terrain
    Effects Chart). 2622 lies on the Kolocha: 2621, 2722 and 2723 are across it; the French 7 in 2623
    holds 2523 in its zone of control, so 2522 is the only hex open and the retreat goes there at once."""
    s = position({F7: "2623", R5: "2622"}, phase="combat")
    force_die(s, 1)  # 7 against 5: 1-1, die 1: Dr
    s2, events = play(s, "french", "attack 2623 -> 2622")
    assert events[1]["text"] == "2622 (Russian 5-4 infantry) retreats to 2522."
    assert where(s2, R5) == "2522"


def test_retreat_displacement_only_of_an_uninvolved_unit():
    """Displacement: only "another, uninvolved, Friendly unit" is displaced. The French 2 in D[3] retreats
    (1-1, die 4: Ar); of its safe hexes, two hold the bombarding artillery of the same attack (involved)
    and one an uninvolved French 4, which is displaced; the Russian player chooses where it goes."""
    arts = {"F-V-art": go(D[3], 2), "F-VIII-art": go(D[3], 3)}   # 4 and 2, two hexes from G
    s = position({FCAV: D[3], **arts, F4: go(D[3], 4), R6: G}, phase="combat")
    force_die(s, 4)  # 2+4+2 against 6: 1-1, die 4: Ar
    s2, events = play(s, "french", f"attack {D[3]}+{go(D[3], 2)}+{go(D[3], 3)} -> {G}")
    assert events[0]["result"] == "Ar"
    step = s2["pending"]["steps"][0]
    assert (step["kind"], step["unit"], step["chooser"]) == ("retreat", F4, "russian")
    s3, _ = play(s2, "russian", f"retreat {go(D[3], 4, 4)}")
    assert where(s3, F4) == go(D[3], 4, 4) and where(s3, FCAV) == go(D[3], 4)


def test_retreat_displacement_blocked_when_the_displaced_unit_is_hemmed_in_by_friends():
    """Displacement: "If the displacement would cause the uninvolved unit to be eliminated ..., the
    retreating unit is instead eliminated". The Russian 5 in G may only go to D[0], held by an uninvolved
    6; the 6's only safe hexes hold two more Russians whose own way out is all French zone of control, so
    no chain is open and the 5 is eliminated. The control: with one of them gone, the chain opens."""
    units = {F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0], R4: go(G, 0, 0), R4b: go(G, 0, 1),
             F4: go(G, 0, 5, 5), F4b: go(G, 0, 0, 0, 1), FCAV: go(G, 1, 1, 1)}   # the French hem them in
    s = position(units, phase="combat")
    force_die(s, 3)  # 21 against 5: 4-1, die 3: Dr
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[1]["text"] == f"{G} (Russian 5-4 infantry) is eliminated: it has no path of retreat (Retreat)."
    assert where(s2, R6) == D[0] and where(s2, R4b) == go(G, 0, 1)
    del units[R4b]
    s = position(units, phase="combat")
    force_die(s, 3)
    s2, _ = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert where(s2, R6) == go(G, 0, 1) and where(s2, R5) == D[0]


def test_retreat_into_a_woods_road_hex_only_along_the_road():
    """RETREAT forbids "non-Road Woods"; a retreat is a one-hex move, and Woods/Road hexes "may only be
    entered ... by traveling along the road" (Movement; the reading ZOC (I) gives the advance). The 5 in
    3708, attacked from 3607 (1-1, die 1: Dr), may not enter the woods/road hex 3808 across a non-road
    hexside: 3807 and 3709 are open."""
    s = position({F7: "3607", R5: "3708"}, phase="combat")
    force_die(s, 1)
    s2, events = play(s, "french", "attack 3607 -> 3708")
    assert events[-1]["text"] == ("French player: choose where R-VIII-12 in 3708 (Russian 5-4 infantry) retreats:\n"
                                  "- `retreat <hex>`, one of 3807, 3709\n- or all at once: `retreat <hex> then stay`")
    refused(s2, "french", "retreat 3808", "Retreat")
    assert where(play(s2, "french", "retreat 3709")[0], R5) == "3709"


def test_optional_advance_into_a_woods_road_hex_only_along_the_road():
    """ZOC (I): a unit in a Woods/Road hex "may be attacked by adjacent Enemy units even through a non-road
    hexside. In such instances, however, Advance after Combat option may not be exercised except along
    roads." The Old Guard (11) in 3708 attacks 3808 (woods/road, doubled as a town: 2) and 3608 (1): 3-1,
    die 1: De; it may advance into 3608 only."""
    s = position({"F-IG-OG": "3708", "R-Was": "3808", "R-Cos-1": "3608"}, phase="combat")
    force_die(s, 1)
    s2, events = play(s, "french", "attack 3708 -> 3808+3608")
    assert events[0]["result"] == "De"
    assert events[-1]["text"] == ("French player: you may advance after combat:\n"
                                  "- `advance 3708 3608` moves F-IG-OG in "
                                  "3708 (French 11-4 infantry) into 3608\n- `stay` advances none")
    refused(s2, "french", "advance 3708 3808", "Combat (H)")


def test_retreat_never_into_an_enemy_occupied_hex():
    """RETREAT: units may not retreat "into Enemy-occupied hexes", and only a Friendly unit is displaced.
    The 5 in 1516 is attacked from 1415 (1-1, die 1: Dr); the French 4 in 1616, which has already attacked
    this phase (Combat D), is outside any French Zone of Control, with the empty 1615 behind it across the
    ford; the other hexes are in French Zones of Control or across the river. No path is open: the 5 is
    eliminated and the French 4 stays where it is."""
    s = position({F7: "1415", F4: "1616", R5: "1516"}, phase="combat")
    s["units"][F4]["attacked"] = True
    force_die(s, 1)
    s2, events = play(s, "french", "attack 1415 -> 1516")
    assert events[1]["text"] == "1516 (Russian 5-4 infantry) is eliminated: it has no path of retreat (Retreat)."
    assert where(s2, F4) == "1616"


def test_combat_an_attack_planned_twice_in_one_position_is_planned_once():
    """An attack drawn and then carried out in one position (a session, rules/borodino/session.py) is
    checked against Combat (A-K) and the obligations (B-D) once: the plan kept with the position's
    contact is handed out again (control: in another position it is planned afresh)."""
    s = position({F7: G, R5: D[0]}, phase="combat")
    b, cmd = battle(s), Attack((G,), (D[0],))
    first = plan_attack(b, "french", cmd)
    assert plan_attack(b, "french", cmd) is first and (first.attack, first.defence) == (7, 5)
    again = plan_attack(battle(s), "french", cmd)
    assert again is not first and again.attackers == first.attackers


def test_combat_case_b_an_attack_weighed_unchecked_is_still_checked_against_the_obligations():
    """(B, D): an attack weighed before the obligations are asked (the computer's expectation, with
    the position's contact given) is planned once, and checking it afterwards still refuses the
    attack that would strand another obligation; the one that strands none is the plan weighed."""
    s = position({F7: D[3], F7b: D[4], R5: G}, phase="combat")
    b = battle(s)
    now = contact(b, "french")
    alone, together = Attack((D[3],), (G,)), Attack(tuple(sorted((D[3], D[4]))), (G,))
    assert plan_attack(b, "french", alone, check_obligations=False, now=now).attackers == [F7]
    with pytest.raises(RuleViolation, match=f"{D[4]} .*Combat B, C, D"):
        plan_attack(b, "french", alone, now=now)
    weighed = plan_attack(b, "french", together, check_obligations=False, now=now)
    assert plan_attack(b, "french", together, now=now) is weighed


def test_the_view_owes_the_retreat_s_unit_and_hexes_then_nothing():
    """While the victor chooses where an Ar retreats (Retreat), the view's `owed` holds the
    retreating unit's hex and the hexes it may go to; then the victor's advance (Combat H): the
    hex it may advance into and where it stands; once it stays, nothing is owed."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 4)  # 1-1, die 4: Ar
    s2, _ = play(s, "french", f"attack {D[3]} -> {G}")
    owed = borodino.view(s2, None)["owed"]
    assert D[3] in owed and go(D[3], 3) in owed and D[2] not in owed  # D[2]: in the Russian ZOC
    s3, _ = play(s2, "russian", f"retreat {go(D[3], 3)}")
    assert s3["pending"]["steps"][0]["kind"] == "advance" and borodino.view(s3, None)["owed"] == sorted([D[3], G])
    s4, _ = play(s3, "russian", "stay")
    assert borodino.view(s4, None)["owed"] == []
