"""Borodino RUSSIAN REDOUBTS, cases A-J, and Night Movement (C) (rules/borodino/combat.py, turns.py).

The Great Redoubt (2817, strength 6, reconstructed) fronts 2718 2818 2918; its rear hexes are
2717 2816 2917.
"""
from __future__ import annotations

from rules.borodino.combat import owed_attacks, plan_attack
from rules.borodino.commands import Attack
from rules.borodino.movement import cheapest_path, reachable
from tests.rules.borodino.helpers import battle, force_die, play, position, refused, settle, where

GREAT = "2817"
FRONT = ("2718", "2818", "2918")
REAR = ("2717", "2816", "2917")
F7, F7b, F4, ART = "F-I-2", "F-IV-1", "F-I-5", "F-I-art"
R5, R6 = "R-VIII-12", "R-VIII-2Gr"


def _plan(s, side, att, dfn):
    return plan_attack(battle(s), side, Attack(tuple(att), tuple(dfn)))


def test_redoubts_case_a_french_get_no_benefit():
    """(A) "Only Russian units may benefit from being in a redoubt."""
    s = position({F7: GREAT, R5: "2818"}, player="russian", phase="combat")
    plan = _plan(s, "russian", ["2818"], [GREAT])
    assert plan.defence == 7 and plan.odds == "1-2"


def test_redoubts_case_b_french_may_not_move_through_a_front_hexside():
    """(B) "French units may only move through a Front hexside of a redoubt hex as a result of combat."""
    s = position({F7: "2819"})
    refused(s, "french", "move 2819 2818 2817", "Russian Redoubts (B)")
    russian = position({R5: "2819"}, player="russian")   # positive control: (B) binds French units only
    assert where(play(russian, "russian", "move 2819 2818 2817")[0], R5) == GREAT


def test_redoubts_case_b_the_route_search_goes_round_a_front_hexside():
    """(B) binds a destination-only move too: with a French unit in the Great Redoubt (so no Zone of
    Control on its front), 2816 behind it is out of reach of 2819 (4 MP) because the only 4 MP path
    crosses the front 2818/2817; once the redoubt is destroyed, that path is taken."""
    s = position({F7: "2819", F7b: GREAT})
    assert "2816" not in reachable(battle(s), F7)
    s["redoubts"][GREAT]["destroyed"] = True   # the same board, read again: the front no longer binds
    assert reachable(battle(s), F7)["2816"] == 4
    assert cheapest_path(battle(s), F7, "2816") == ("2818", GREAT, "2816")


def test_redoubts_case_b_at_night_a_french_unit_on_a_front_hex_may_not_step_in():
    """(B) with Night Movement (B): a French unit may leave an enemy Zone of Control at night, but not
    through the front hexside of an intact redoubt, by a path or by its destination alone."""
    s = position({F7: "2818"}, scenario="grand", turn=9)
    err = refused(s, "french", "move 2818 2817", "Russian Redoubts (B)")
    assert str(err).startswith("French units may not move through the front hexside 2818/2817 of a redoubt; "
                               "it can reach 2717, 2718, 2918, ")  # the hexes nearest 2817 first
    err = refused(s, "french", "move 2818 2817 2816", "Russian Redoubts (B)")
    assert str(err) == ("French units may not move through the front hexside 2818/2817 of a redoubt "
                        "(Russian Redoubts B).")
    s["redoubts"][GREAT]["destroyed"] = True
    assert where(play(s, "french", "move 2818 2817")[0], F7) == GREAT


def test_redoubts_case_d_entered_from_the_rear():
    """(D) "Redoubts may freely be entered by the French player from the rear if no Russian unit is in
    the redoubt"."""
    s = position({F7: "2716"})
    s2, _ = play(s, "french", "move 2716 2717 2817")
    assert where(s2, F7) == GREAT


def test_redoubts_case_c_zone_of_control_on_the_front_hexes_only():
    """(C) "Redoubts have a Zone of Control ... which extends solely to the three hexes adjacent to the
    Front hexsides. French units must stop ..., may not move out of them ..., and must attack"."""
    b = battle(position({}))
    for h in FRONT:
        assert h in b.zocs["french"]
    for h in REAR:
        assert h not in b.zocs["french"]
    assert "2818" not in b.zocs["russian"]
    s = position({F7: "2818"})
    refused(s, "french", "move 2818 2819", "Zones of Control (D)")
    s = position({F7: "2818"}, phase="combat")
    err = refused(s, "french", "end", "Combat (B)")
    assert "2818 (French 7-4 infantry)" in str(err)
    force_die(s, 6)
    attacked = settle(play(s, "french", "attack 2818 -> 2817")[0])   # positive control: attacked, then end
    assert play(attacked, "french", "end")[0]["player"] == "russian"
    s = position({F7: "2717"})
    s2, _ = play(s, "french", "move 2717 2716")
    assert where(s2, F7) == "2716"


def test_redoubts_case_e_doubled_plus_intrinsic_through_the_front():
    """(E) "Russian units defending in the redoubt when attacked solely through the Front hexsides ...
    have their Combat Strength ... doubled. In addition to this, the intrinsic Combat Strength of the
    redoubt is added"."""
    s = position({F7: "2818", F7b: "2718", R5: GREAT}, phase="combat")
    assert _plan(s, "french", ["2818", "2718"], [GREAT]).defence == 5 * 2 + 6


def test_redoubts_case_f_neither_from_the_rear():
    """(F) "attacked solely from the rear ... the unit is not doubled, nor is the intrinsic Combat Strength
    of the redoubt added in."""
    s = position({F7: "2816", F7b: "2917", R5: GREAT}, phase="combat")
    assert _plan(s, "french", ["2816", "2917"], [GREAT]).defence == 5


def test_redoubts_case_g_intrinsic_only_when_mixed():
    """(G) "attacked both through a Front hexside and a non-Front hexside in combination, the unit is not
    doubled, but the intrinsic Combat Strength of the redoubt is added"."""
    s = position({F7: "2818", F7b: "2917", R5: GREAT}, phase="combat")
    assert _plan(s, "french", ["2818", "2917"], [GREAT]).defence == 5 + 6


def test_redoubts_case_h_artillery_through_a_corner_counts_as_front():
    """(H) "If the path of fire ... passes through a hex corner joining a Front and non-Front hexside, the
    unit is considered to be firing through a Front hexside." 2617 fires past 2717 (rear) and 2718 (front)."""
    s = position({ART: "2617", R5: GREAT}, phase="combat")
    plan = _plan(s, "french", ["2617"], [GREAT])
    assert plan.bombarding == [ART] and plan.defence == 5 * 2 + 6


def test_redoubts_case_h_artillery_from_the_rear():
    """(H) "If it is firing through the rear, the unit in the redoubt is not doubled." """
    s = position({ART: "2815", R5: GREAT}, phase="combat")   # straight through 2816, a rear hex
    assert _plan(s, "french", ["2815"], [GREAT]).defence == 5


def test_redoubts_case_i_empty_redoubt_attacked_alone():
    """(I) "Redoubts may only be attacked by themselves when no Russian unit is in occupation."""
    s = position({F7: "2818"}, phase="combat")
    plan = _plan(s, "french", ["2818"], [GREAT])
    assert plan.redoubt_alone and plan.defence == 6 and plan.odds == "1-1"
    s = position({F7: "2818", R5: "2819"}, phase="combat")
    err = refused(s, "french", "attack 2818 -> 2817+2819", "Russian Redoubts (I)")
    assert "Russian Redoubts I" in str(err)
    alone = position({F7: "2818"}, phase="combat")   # positive control: the empty redoubt by itself
    assert play(alone, "french", "attack 2818 -> 2817")[1][0]["kind"] == "combat"


def test_redoubts_case_h_artillery_may_attack_an_empty_redoubt_from_the_rear():
    """(H) "it may attack a redoubt hex without a Russian unit in it through a non Front hexside"."""
    s = position({ART: "2816"}, phase="combat")
    plan = _plan(s, "french", ["2816"], [GREAT])
    assert plan.redoubt_alone and plan.defence == 0


def test_redoubts_case_i_redoubt_and_occupant_attack_together():
    """(I) "When a Russian occupied redoubt attacks a single Enemy unit, the intrinsic redoubt strength is
    added to the occupying unit's Combat Strength"."""
    s = position({R5: GREAT, F4: "2818"}, player="russian", phase="combat")
    plan = _plan(s, "russian", [GREAT], ["2818"])
    assert plan.attack == 5 + 6 and plan.odds == "2-1"


def test_redoubts_case_i_redoubt_and_occupant_attack_different_units():
    """(I) "A redoubt and a Russian occupant unit may attack differing Enemy units, in which case their
    Combat Strengths are not combined."""
    s = position({R5: GREAT, F4: "2818", F7: "2917"}, player="russian", phase="combat")
    assert _plan(s, "russian", ["R" + GREAT], ["2818"]).attack == 6
    assert _plan(s, "russian", [GREAT], ["2917"]).attack == 5
    err = refused(s, "russian", f"attack R{GREAT} -> 2917", "Russian Redoubts (General Rule)")
    assert "Redoubts" in str(err)
    assert play(s, "russian", f"attack R{GREAT} -> 2818")[1][0]["kind"] == "combat"   # through its front


def test_redoubts_case_i_the_combat_line_names_the_redoubt_whose_strength_attacks():
    """(I): the line of an attack a redoubt joins says what its own strength adds, as `odds` does;
    it read 'R3117 (3) attacks 3118 (2)', the redoubt's notation of the command unexplained."""
    s = position({R5: GREAT, F4: "2818", F7: "2917"}, player="russian", phase="combat")
    force_die(s, 1)
    line = play(s, "russian", f"attack R{GREAT} -> 2818")[1][0]["text"]
    assert line.startswith(f"R{GREAT} (6) attacks 2818 (4) (the Great Redoubt adds 6): ")
    s = position({R5: GREAT, F4: "2818"}, player="russian", phase="combat")
    force_die(s, 1)
    line = play(s, "russian", f"attack {GREAT} -> 2818")[1][0]["text"]
    assert line.startswith(f"{GREAT}+R{GREAT} (11) attack 2818 (4) (the Great Redoubt adds 6): ")


def test_redoubts_case_j_advance_into_a_redoubt_through_its_front():
    """(J) "when a combat result is inflicted on the redoubt which ... would result in permitting the
    attacker to advance, the attacker may advance ... into the redoubt hex, even through a Front hexside."""
    s = position({F7: "2818", F7b: "2718"}, phase="combat")
    force_die(s, 2)  # 14 against 6: 2-1, die 2: Dr
    s2, events = play(s, "french", "attack 2818+2718 -> 2817")
    assert events[0]["result"] == "Dr" and s2["pending"]["steps"][0]["kind"] == "advance"
    s3, _ = play(s2, "french", "advance 2818 2817")
    assert where(s3, F7) == GREAT


def test_redoubts_case_j_french_occupant_cancels_zoc_and_strength():
    """(J) "If a French unit enters a redoubt, the redoubt loses its Zone of Control and its intrinsic
    Combat Strength"."""
    s = position({F7: GREAT})
    b = battle(s)
    assert not b.redoubt_active(GREAT) and "2818" not in b.zocs["french"]


def _end_russian_turn(s):
    s = dict(s)
    s2, _ = play(s, "russian", "end")          # movement -> combat (or straight on)
    if s2["player"] == "russian":
        s2, _ = play(s2, "russian", "end")
    return s2


def test_redoubts_case_j_destroyed_at_the_end_of_a_russian_player_turn():
    """(J) "If at the end of any Russian Player-Turn, there is a French unit in a redoubt hex, that
    redoubt is considered destroyed."""
    s = position({F7: GREAT}, player="russian", turn=30)
    s2 = _end_russian_turn(s)
    assert s2["redoubts"][GREAT]["destroyed"] and s2["turn"] == 31


def test_redoubts_case_j_not_destroyed_at_the_end_of_a_french_player_turn():
    s = position({F7: GREAT}, phase="combat", turn=30)
    s2, _ = play(s, "french", "end")
    assert not s2["redoubts"][GREAT]["destroyed"] and s2["player"] == "russian"


def test_redoubts_case_j_stays_destroyed():
    """(J) "If recaptured by the Russian Player after being destroyed ..., the redoubt is still
    considered destroyed." A destroyed redoubt is clear terrain: no ZOC, no doubling, no strength."""
    s = position({R5: GREAT, F7: "2818"}, phase="combat", turn=30)
    s["redoubts"][GREAT]["destroyed"] = True
    plan = _plan(s, "french", ["2818"], [GREAT])
    assert plan.defence == 5
    s2 = _end_russian_turn(position({R5: GREAT}, player="russian", turn=30) | {"redoubts": s["redoubts"]})
    assert s2["redoubts"][GREAT]["destroyed"]


def test_redoubts_night_movement_case_c_rebuilt_after_the_last_night_phase():
    """Night Movement (C): "If Russian units occupy a 'destroyed' Redoubt hex at the end of the last night
    Movement Phase the 'destroyed' marker is removed". Grand Battle, turn 10 is the last night turn."""
    s = position({R5: GREAT}, scenario="grand", player="russian", turn=10)
    s["redoubts"][GREAT]["destroyed"] = True
    s2, events = play(s, "russian", "end")
    assert not s2["redoubts"][GREAT]["destroyed"] and s2["turn"] == 11
    assert any(e["kind"] == "redoubt_rebuilt" for e in events)


def test_redoubts_not_rebuilt_after_the_first_night_phase():
    s = position({R5: GREAT}, scenario="grand", player="russian", turn=9)
    s["redoubts"][GREAT]["destroyed"] = True
    s2, _ = play(s, "russian", "end")
    assert s2["redoubts"][GREAT]["destroyed"] and s2["turn"] == 10


STRANDED = ("After this attack {} could no longer attack or be attacked, yet every adjacent unit must take part "
            "(no unit attacks or is attacked twice; bombarding artillery attacks one unit, Artillery D); include "
            "them or arrange the attacks differently (Combat B, C, D).")


def test_redoubts_case_i_an_occupant_attacking_with_its_redoubt_may_not_strand_another_front_unit():
    """(I): the occupant attacking a single unit through the front takes the redoubt's strength with it,
    so the redoubt attacks no more this phase; Combat (B): "ALL Enemy units to which there are Friendly
    units adjacent MUST be attacked". With French units on two front hexes, 2817 alone on 2818 would
    leave 2918 to nobody: refused. The redoubt taking 2918 first, or 2817 taking both, is accepted."""
    s = position({R5: GREAT, F4: "2818", F7: "2918"}, player="russian", phase="combat")
    assert str(refused(s, "russian", "attack 2817 -> 2818", "Combat (B, C, D)")) == STRANDED.format(
        "2918 (French 7-4 infantry)")
    force_die(s, 6)
    s2 = settle(play(s, "russian", f"attack R{GREAT} -> 2918")[0])
    assert play(s2, "russian", "attack 2817 -> 2818")[1][0]["kind"] == "combat"
    assert play(s, "russian", "attack 2817 -> 2818+2918")[1][0]["kind"] == "combat"


def test_redoubts_case_c_an_empty_redoubt_attacked_may_not_strand_a_unit():
    """(C): French units on the front hexes "must attack a unit or redoubt"; Combat (B): every enemy unit
    next to them must be attacked. 2818 touches the empty Great Redoubt and a Russian in 2819, 2918
    the redoubt only: if 2818 took the redoubt, 2819 would be left to nobody."""
    s = position({F7: "2818", F4: "2918", R5: "2819"}, phase="combat")
    assert str(refused(s, "french", "attack 2818 -> 2817", "Combat (B, C, D)")) == STRANDED.format(
        "2819 (Russian 5-4 infantry)")
    assert play(s, "french", "attack 2918 -> 2817")[1][0]["kind"] == "combat"   # positive control


def test_redoubts_case_i_the_owed_attack_of_a_redoubt_is_named_by_its_r_hex():
    """(I): once its occupant has attacked, the redoubt alone still owes the French unit on its front an
    attack (Combat B); the arrangement offered names it `R2817`, as the `attack` command does."""
    s = position({R5: GREAT, F4: "2818"}, player="russian", phase="combat")
    s["units"][R5]["attacked"] = True
    assert owed_attacks(battle(s), "russian") == [(("R" + GREAT,), ("2818",))]
    assert play(s, "russian", f"attack R{GREAT} -> 2818")[1][0]["kind"] == "combat"


def test_redoubts_case_i_an_occupied_redoubt_whose_unit_was_attacked_is_no_target():
    """(I) "Redoubts may only be attacked by themselves when no Russian unit is in occupation", and Combat (D):
    "No defending unit may be attacked more than once per turn". Once the Russian in the Great Redoubt has
    been attacked, the French on its front hex 2718 has nothing left to attack there and owes no attack,
    although it stands in the redoubt's Zone of Control (C): the French may end the Combat Phase."""
    s = position({F7b: "2718", R5: GREAT}, phase="combat")
    err = refused(s, "french", "end", "Combat (B)")   # positive control: not yet attacked, it is owed
    assert "2718 (French 7-4 infantry)" in str(err)
    s["units"][R5]["defended"] = True
    refused(s, "french", "attack 2718 -> 2817", "Combat (D)")
    assert owed_attacks(battle(s), "french") == []
    assert play(s, "french", "end")[0]["player"] == "russian"


def test_redoubts_case_i_a_redoubt_named_first_attacks_with_the_unit_beside_it():
    """(I) and Combat (E): the Great Redoubt (intrinsic strength 6), named first, and the 6-4 Grenadiers in
    2819 attack the French 4-4 in 2818 on its front together: 6 + 6 = 12 against 4, 3-1."""
    s = position({R6: "2819", F4: "2818"}, player="russian", phase="combat")
    plan = _plan(s, "russian", ["R" + GREAT, "2819"], ["2818"])
    assert plan.attackers == [R6] and plan.redoubt_attacking == GREAT
    assert plan.attack == 6 + 6 and plan.odds == "3-1"


def test_redoubts_cases_e_f_g_the_plan_names_the_redoubt_only_when_its_strength_is_added():
    """(E, G): attacked through a front hexside, the occupant's defence takes the redoubt's strength, and
    the plan names that redoubt; (F): attacked solely from the rear, it names none."""
    front = _plan(position({F7: "2818", R5: GREAT}, phase="combat"), "french", ["2818"], [GREAT])
    assert front.redoubt_defending == GREAT and not front.redoubt_alone and front.defence == 5 * 2 + 6
    mixed = _plan(position({F7: "2818", F7b: "2917", R5: GREAT}, phase="combat"), "french", ["2818", "2917"], [GREAT])
    assert mixed.redoubt_defending == GREAT and mixed.defence == 5 + 6
    rear = _plan(position({F7: "2816", R5: GREAT}, phase="combat"), "french", ["2816"], [GREAT])
    assert rear.redoubt_defending is None and rear.defence == 5


def test_redoubts_case_j_a_destroyed_redoubt_owes_no_attack_on_its_front():
    """(J): once destroyed, "the redoubt hex is treated as a normal clear terrain hex": it attacks nobody.
    The Russian in 2819 has already attacked, so the French in 2818 (a front hex) is owed an attack only by
    the intact redoubt (Combat B; Redoubts I); with the redoubt destroyed, nobody owes it one."""
    s = position({R5: "2819", F4: "2818"}, player="russian", phase="combat")
    s["units"][R5]["attacked"] = True
    err = refused(s, "russian", "end", "Combat (B)")   # positive control: the intact redoubt owes it
    assert str(err).endswith("still due: 2818 (French 4-4 infantry) (Combat B).")
    s["redoubts"][GREAT]["destroyed"] = True
    assert owed_attacks(battle(s), "russian") == []
    assert play(s, "russian", "end")[0]["phase"] != "combat"


def test_redoubts_case_j_a_destroyed_redoubt_cannot_take_over_an_owed_attack():
    """(J) and Combat (B, C): with the Great Redoubt destroyed, the French in 2818 on its old front can be
    attacked only by the Russian in 2819, who also touches the French in 2820; 2819 attacking 2820 alone
    would leave 2818 to nobody: refused. 2819 taking both (Combat F) is accepted."""
    s = position({R5: "2819", F4: "2818", F7: "2820"}, player="russian", phase="combat")
    s["redoubts"][GREAT]["destroyed"] = True
    err = refused(s, "russian", "attack 2819 -> 2820", "Combat (B, C, D)")
    assert str(err) == STRANDED.format("2818 (French 4-4 infantry)")
    assert play(s, "russian", "attack 2819 -> 2818+2820")[1][0]["kind"] == "combat"


def test_redoubts_case_i_a_redoubt_alone_may_attack_every_unit_on_its_front_at_once():
    """General Rule and (I): the redoubt's strength attacks the hexes beyond its front; Combat (F): a single
    attacker may attack all the defenders it touches. The occupant of the Great Redoubt has attacked; the
    French in 2818 and 2918 are both owed an attack (Combat B) that only the redoubt can make: it must take
    both at once, and taking 2818 alone, which would leave 2918 to nobody, is refused."""
    s = position({R5: GREAT, F4: "2818", F7: "2918"}, player="russian", phase="combat")
    s["units"][R5]["attacked"] = True
    assert owed_attacks(battle(s), "russian") == [(("R" + GREAT,), ("2818", "2918"))]
    err = refused(s, "russian", f"attack R{GREAT} -> 2818", "Combat (B, C, D)")
    assert str(err) == STRANDED.format("2918 (French 7-4 infantry)")
    both = _plan(s, "russian", ["R" + GREAT], ["2818", "2918"])
    assert both.attack == 6 and both.defence == 4 + 7
    assert play(s, "russian", f"attack R{GREAT} -> 2818+2918")[1][0]["kind"] == "combat"


def test_redoubts_case_i_an_exchange_with_an_empty_redoubt_costs_its_intrinsic_strength():
    """(I) an empty redoubt is attacked by itself, with its intrinsic strength (the Great Redoubt's 6);
    CRT Ex: "the attacking unit(s) suffer a loss AT LEAST equal ... to that of the defender", and (J) the
    redoubt itself "is never affected by any combat results". 14 against 6 is 2-1, die 5: Ex; either 7
    covers the 6, the other may then advance into the redoubt."""
    s = position({F7: "2818", F7b: "2718"}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", "attack 2818+2718 -> 2817")
    assert (events[0]["odds"], events[0]["result"]) == ("2-1", "Ex")
    assert events[-1]["text"] == ("French player: choose the attackers the exchange costs you (CRT: Exchange):\n"
                                  "- at least 6 Combat Points of them\n"
                                  "- `lose 2818` for F-I-2 in 2818 (7 Combat Points)\n"
                                  "- `lose 2718` for F-IV-1 in 2718 (7 Combat Points)")
    s3, events = play(s2, "french", "lose 2818")
    assert s3["losses"] == {"french": 7, "russian": 0} and s3["units"][F7]["where"] == "eliminated"
    assert events[-1]["text"] == ("French player: you may advance after combat:\n- `advance 2718 2817` moves F-IV-1 in "
                                  "2718 (French 7-4 infantry) into 2817\n- `stay` advances none")
