"""Borodino ARTILLERY, cases A-I (rules/borodino/combat.py, results.py)."""
from __future__ import annotations

from rules import borodino
from rules.borodino.ai.attacks import expectation
from rules.borodino.battle import Battle
from rules.borodino.combat import plan_attack
from rules.borodino.commands import Attack
from tests.rules.borodino.helpers import (battle, force_die, go, hexside_of, open_ground, play, position, refused,
                                          refused_then_accepted, ring, settle, where, without)

G = open_ground(4)
D = ring(G)
ART, ART2 = "F-I-art", "F-IV-art"     # French 7-3 artillery
F7, F4 = "F-I-2", "F-I-5"             # French 7-4, 4-4 infantry
R5, R6, R1 = "R-VIII-12", "R-VIII-2Gr", "R-Was"   # Russian 5-4, 6-4 infantry, 1-5 cavalry
FAR = go(G, 3, 3)                     # two hexes from G, straight through D[3]


def test_artillery_case_a_bombards_at_two_hexes():
    """General Rule: "Artillery bombards a unit from two hexes distance"; (A) "may attack Enemy units
    which are two hexes away"."""
    s = position({ART: FAR, R5: G}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((FAR,), (G,)))
    assert plan.bombarding == [ART] and plan.odds == "1-1"
    assert play(s, "french", f"attack {FAR} -> {G}")[1][0]["kind"] == "combat"
    s3 = position({ART: go(FAR, 3), R5: G}, phase="combat")
    err = refused(s3, "french", f"attack {go(FAR, 3)} -> {G}", "Artillery, General Rule")
    assert "two hexes at most" in str(err)


def test_artillery_case_a_never_forced_by_range_alone():
    """(A) "they are never forced to attack an Enemy unit merely because it is within two hexes"."""
    s = position({ART: FAR, R5: G}, phase="combat")
    s2, _ = play(s, "french", "end")
    assert s2["player"] == "russian"


def test_artillery_case_a_adjacent_artillery_must_attack():
    """(A) "Artillery units must participate in attack if they are adjacent to an Enemy unit"."""
    s = position({ART: D[3], R5: G}, phase="combat")
    err, s2 = refused_then_accepted(s, "french", "end", "Combat (B)", without(R5))
    assert f"{D[3]} (French 7-3 artillery)" in str(err) and s2["player"] == "russian"


def test_artillery_case_a_adjacent_artillery_may_bombard_another_unit():
    """(A) "other Friendly unit could attack the adjacent Enemy unit, while the Artillery unit would be
    free to bombard another Enemy unit two hexes away"."""
    other = go(D[3], 4, 4)  # two hexes from the artillery, not adjacent to anyone
    s = position({ART: D[3], F7: D[2], R5: G, R1: other}, phase="combat")
    force_die(s, 6)  # 7 against 1: 6-1, die 6: De
    s2, events = play(s, "french", f"attack {D[3]} -> {other}")
    assert events[0]["result"] == "De" and s2["units"][R1]["where"] == "eliminated"


def test_artillery_case_b_bombarding_and_adjacent_combine():
    """(B) "Artillery units may combine attacks from adjacent positions, and in the bombardment role"."""
    s = position({ART: FAR, ART2: D[4], F7: D[3], R5: G}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((FAR, D[4], D[3]), (G,)))
    assert plan.attack == 21 and plan.bombarding == [ART] and plan.odds == "4-1"


def test_artillery_case_c_bombarding_artillery_unaffected_by_failed_attacks():
    """(C) "bombarding artillery ... are never destroyed or retreated as a result of their own failed
    attacks"."""
    s = position({"F-VIII-art": FAR, R6: G}, phase="combat")   # 2 against 6: 1-3
    force_die(s, 6)
    s2, events = play(s, "french", f"attack {FAR} -> {G}")
    assert events[0]["result"] == "Ae"
    assert where(s2, "F-VIII-art") == FAR and s2["losses"]["french"] == 0 and s2["pending"] is None


def test_artillery_general_rule_exchange_by_bombarding_artillery_alone():
    """Procedure: "if an 'Exchange' were the result in an attack solely by bombarding artillery, the
    defending unit would be eliminated, but the bombarding units would not be affected"."""
    s = position({ART: FAR, ART2: go(G, 4, 4), R5: G}, phase="combat")   # 14 against 5: 2-1
    force_die(s, 5)
    s2, events = play(s, "french", f"attack {FAR}+{go(G, 4, 4)} -> {G}")
    assert events[0]["result"] == "Ex"
    assert s2["losses"] == {"french": 0, "russian": 5} and where(s2, ART) == FAR


def test_artillery_case_c_cooperating_units_suffer_and_artillery_may_elect_to_retreat():
    """(C) "Bombarding Artillery units may voluntarily elect to suffer an 'Attacker Retreat' ... these other
    units always suffer all combat results"; Retreat: "the victorious player decides in which direction
    they will be retreated" — the French elect, the Russians choose where (this test used to
    let the French choose the hex)."""
    s = position({ART: FAR, F4: D[2], R6: G}, phase="combat")  # 11 against 6: 1-1
    force_die(s, 4)  # Ar
    s2, _ = play(s, "french", f"attack {FAR}+{D[2]} -> {G}")
    step = s2["pending"]["steps"][0]
    assert step["kind"] == "retreat" and step["unit"] == F4 and step["chooser"] == "russian"
    s3, _ = play(s2, "russian", f"retreat {go(D[2], 2)}")
    assert s3["pending"]["steps"][0]["kind"] == "voluntary" and s3["pending"]["steps"][0]["chooser"] == "french"
    s4, _ = play(s3, "french", f"retreat {FAR}")
    step = s4["pending"]["steps"][0]
    assert step["kind"] == "retreat" and step["unit"] == ART and step["chooser"] == "russian"
    back = go(FAR, 3)
    s5, _ = play(s4, "russian", f"retreat {back}")
    assert where(s5, ART) == back and where(s5, F4) == go(D[2], 2)
    s6, _ = play(s3, "french", "stay")
    assert where(s6, ART) == FAR


def test_retreat_the_victor_decides_where_electing_artillery_retreats():
    """Retreat: "the victorious player decides in which direction they will be retreated": the artillery's
    owner may elect the retreat (Artillery C) but may not pick the hex; positive control above."""
    s = position({ART: FAR, F4: D[2], R6: G}, phase="combat")
    force_die(s, 4)  # Ar
    s2, _ = play(s, "french", f"attack {FAR}+{D[2]} -> {G}")
    s3, _ = play(s2, "russian", f"retreat {go(D[2], 2)}")
    error = refused(s3, "french", f"retreat {FAR} {go(FAR, 3)}", "Retreat")
    assert "victorious player decides" in str(error)
    assert play(s3, "french", f"retreat {FAR}")[0]["pending"]["steps"][0]["chooser"] == "russian"


def _across_a_ford() -> tuple[str, str]:
    """Two clear hexes either side of a ford: artillery in one fires on the other from outside any
    Zone of Control (ZOC H: "Zones of Control also do not extend across bridges or fords")."""
    return hexside_of("ford")


def test_artillery_case_c_adjacent_artillery_outside_enemy_zoc_suffers_no_result():
    """(C): "Artillery units attacking from an adjacent position and in an Enemy Zone of Control must
    suffer all the combat results" — so adjacent artillery outside one suffers none, like bombarding
    artillery; it may still elect to retreat."""
    a, d = _across_a_ford()
    s = position({"F-VIII-art": a, R6: d}, phase="combat")   # 2 against 6: 1-3
    force_die(s, 6)  # Ae
    s2, events = play(s, "french", f"attack {a} -> {d}")
    assert events[0]["result"] == "Ae" and where(s2, "F-VIII-art") == a and s2["losses"]["french"] == 0
    force_die(s, 1)  # 1-3, die 1: Ar
    s3, events = play(s, "french", f"attack {a} -> {d}")
    assert events[0]["result"] == "Ar" and where(s3, "F-VIII-art") == a
    assert s3["pending"]["steps"][0] == {"kind": "voluntary", "chooser": "french", "units": ["F-VIII-art"]}


def test_artillery_case_c_the_forecast_and_the_computer_spare_it_as_the_attack_does():
    """One reading of (C) for the attack, `odds` and the computer's expectation: an Ae eliminates
    nobody of artillery attacking across a ford, so the attack costs nothing at any die."""
    a, d = _across_a_ford()
    s = position({"F-VIII-art": a, R6: d}, phase="combat")
    forecast = borodino.odds(s, "french", f"{a} -> {d}")
    ae = next(r for r in forecast["results"] if r["result"] == "Ae")
    assert ae["eliminated"] == []
    b = Battle(s)
    assert expectation(b, "french", Attack((a,), (d,)), {}).value >= 0


def test_artillery_case_c_adjacent_artillery_in_enemy_zoc_suffers_the_result():
    """Positive control: the same artillery attacking a neighbour on open ground (in its Zone of
    Control) is eliminated by an Ae."""
    s = position({"F-VIII-art": D[3], R6: G}, phase="combat")
    force_die(s, 6)
    s2, events = play(s, "french", f"attack {D[3]} -> {G}")
    assert events[0]["result"] == "Ae" and s2["units"]["F-VIII-art"]["where"] == "eliminated"


def test_artillery_case_d_single_unit_when_bombarding():
    """(D) "Artillery units may only attack a single unit when bombarding; when attacking from an
    adjacent position, artillery units may attack as many units as they are adjacent to."""
    s = position({ART: FAR, R5: G, R6: D[2]}, phase="combat")
    refused(s, "french", f"attack {FAR} -> {G}+{D[2]}", "Artillery (D)")
    assert play(s, "french", f"attack {FAR} -> {G}")[1][0]["kind"] == "combat"   # one unit: accepted
    s = position({ART: G, R5: D[0], R6: D[1]}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((G,), (D[0], D[1])))
    assert plan.defence == 11 and plan.bombarding == []


def test_artillery_case_e_no_range_in_defence():
    """(E) "Artillery units may not use their two-hex range in a defensive situation": a Russian attack
    on a unit two hexes from French artillery faces the unit alone."""
    s = position({ART: FAR, F4: D[3], R6: G}, player="russian", phase="combat")
    plan = plan_attack(battle(s), "russian", Attack((G,), (D[3],)))
    assert plan.defence == 4


def test_artillery_case_f_fire_over_units_and_towns():
    """(F) "Artillery units may fire over other intervening units (Enemy or Friendly) and Town hexes"."""
    s = position({ART: FAR, F7: D[3], R5: G}, phase="combat")   # over a friendly unit
    assert plan_attack(battle(s), "french", Attack((FAR, D[3]), (G,))).bombarding == [ART]
    s = position({ART: "3818", R5: "3820"}, phase="combat")    # over Utitsa (3819)
    assert plan_attack(battle(s), "french", Attack(("3818",), ("3820",))).bombarding == [ART]


def test_artillery_case_f_not_over_woods():
    """(F) "Artillery may not fire over Woods hexes to attack Enemy units two hexes away"."""
    s = position({ART: "3321", R5: "3319"}, phase="combat")   # straight through 3320 (woods)
    err = refused(s, "french", "attack 3321 -> 3319", "Artillery (F, I)")
    assert "woods block" in str(err).lower() and "Artillery F, I" in str(err)
    clear_line = position({ART: "3321", R5: "3219"}, phase="combat")   # positive control: a path through clear 3220
    assert play(clear_line, "french", "attack 3321 -> 3219")[1][0]["kind"] == "combat"


def test_artillery_case_i_two_equidistant_paths_one_blocked():
    """(I) "if artillery, when firing a two hexes range, has two equidistant, alternate path of hexes to
    fire through one of which is blocked, and the other not, it may fire at the target hex"."""
    s = position({ART: "3321", R5: "3219"}, phase="combat")   # paths through 3220 (clear) and 3320 (woods)
    force_die(s, 1)
    s2, events = play(s, "french", "attack 3321 -> 3219")
    assert events[0]["odds"] == "1-1" and s2["log"]["attacks"][0]["bombarding"] == ["3321"]


def test_artillery_case_i_no_fire_into_woods_road():
    """(I) "Artillery units may not fire, at any range, into or through woods or woods/road hexes."""
    s = position({ART: "3818", R5: "3817"}, phase="combat")
    err = refused(s, "french", "attack 3818 -> 3817", "Artillery (I)")
    assert "woods" in str(err) and "Artillery I" in str(err)
    town = position({ART: "3818", R5: "3819"}, phase="combat")   # positive control: into Utitsa beside it
    assert play(town, "french", "attack 3818 -> 3819")[1][0]["kind"] == "combat"


def test_artillery_case_g_no_advance_after_bombarding():
    """(G) "When a unit is destroyed or retreated by attacking artillery which is not adjacent to the
    defender, the attacking artillery may not advance."""
    s = position({ART: FAR, R1: G}, phase="combat")   # 7 against 1: 6-1
    force_die(s, 1)
    s2, events = play(s, "french", f"attack {FAR} -> {G}")
    assert events[0]["result"] == "De" and s2["pending"] is None and where(s2, ART) == FAR


def test_artillery_case_h_not_halved_across_fords():
    """(H) "Artillery units attacking across Ford and Bridge hexsides ... do not have their combat
    strength halved."""
    s = position({ART: "1616", R5: "1615"}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack(("1616",), ("1615",)))
    assert plan.attack == 7


def test_artillery_case_h_river_does_not_stop_bombardment():
    """(H) names River hexsides too: bombardment at two hexes crosses the Kolocha."""
    s = position({ART: "2822", R5: "2622"}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack(("2822",), ("2622",)))
    assert plan.attack == 7 and plan.bombarding == [ART]


def test_artillery_case_h_adjacent_across_a_river():
    """Combat (K) "Exception: See Artillery units rules" and (H) "Artillery units attacking across ...
    River hexsides, do not have their combat strength halved": artillery alone fires across a river."""
    s = position({ART: "2723", F7: "2722", R5: "2622"}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack(("2723",), ("2622",)))
    assert plan.attack == 7 and plan.bombarding == []
    err = refused(s, "french", "attack 2723+2722 -> 2622", "Combat (K), Terrain Effects Chart")
    assert "forbidden except to artillery" in str(err)
    assert play(s, "french", "attack 2723 -> 2622")[1][0]["kind"] == "combat"   # the artillery alone: accepted


# --- results with artillery in the attack ---------------------------------------------
def test_artillery_procedure_an_exchange_falls_on_the_cooperating_units_even_if_they_are_too_few():
    """Procedure: "other units cooperating with the bombarding Artillery units from an adjacent position
    ... would suffer the effects of an Exchange result"; the bombarding 7 and the adjacent 4 against a 5
    are 2-1, die 5: Ex. Only the 4 may pay, and it is lost, though it is less than 5."""
    s = position({ART: FAR, F4: D[2], R5: G}, phase="combat")
    force_die(s, 5)
    s2, events = play(s, "french", f"attack {FAR}+{D[2]} -> {G}")
    assert events[0]["result"] == "Ex" and s2["units"][F4]["where"] == "eliminated"
    assert s2["losses"] == {"french": 4, "russian": 5} and where(s2, ART) == FAR


def test_artillery_case_c_only_spared_artillery_may_elect_to_retreat():
    """(C) "Bombarding Artillery units may voluntarily elect to suffer an 'Attacker Retreat'": naming
    anything else is refused, and the refusal names both spared batteries (2 and 4, with a 4 adjacent,
    against a 6: 1-1, die 4: Ar)."""
    other = go(G, 4, 4)   # two hexes from G
    s = position({"F-VIII-art": FAR, "F-V-art": other, F4: D[2], R6: G}, phase="combat")
    force_die(s, 4)
    s2, _ = play(s, "french", f"attack {FAR}+{other}+{D[2]} -> {G}")
    s3, _ = play(s2, "russian", f"retreat {go(D[2], 2)}")
    err = refused(s3, "french", f"retreat {go(D[2], 2)}", "Artillery (C)")
    assert f"`retreat {FAR}`, `retreat {other}` or `stay`" in str(err)  # the player's own guns, each an answer
    s4, _ = play(s3, "french", f"retreat {other}")
    assert s4["pending"]["steps"][0]["unit"] == "F-V-art"


def test_artillery_case_c_artillery_with_no_path_of_retreat_is_not_asked_to_elect_one():
    """(C) lets bombarding artillery elect an Attacker Retreat, and RETREAT forbids enemy Zones of
    Control and rivers. On the west-edge strip (1010: the map edge on one side, the river on the other)
    the 2 bombards 1008 (1-3, die 1: Ar); with a Russian in 1012 both 1009 and 1011 are in Russian Zones
    of Control and nothing is asked. The control: without it the artillery may elect to retreat to 1011."""
    s = position({"F-VIII-art": "1010", R5: "1008", R1: "1012"}, phase="combat")
    force_die(s, 1)
    s2, events = play(s, "french", "attack 1010 -> 1008")
    assert events[0]["result"] == "Ar" and s2["pending"] is None and where(s2, "F-VIII-art") == "1010"
    s = position({"F-VIII-art": "1010", R5: "1008"}, phase="combat")
    force_die(s, 1)
    s2, _ = play(s, "french", "attack 1010 -> 1008")
    assert s2["pending"]["steps"][0] == {"kind": "voluntary", "chooser": "french", "units": ["F-VIII-art"]}


def test_artillery_adjacent_across_a_river_may_not_advance_across_it():
    """Combat (K): units "may move ... across River hexsides only at Fords and Bridges"; the advance after
    combat (H) is such a move. The artillery in 1007 attacks 1108 across the river and 1006 beside it
    (Artillery D, H: 7 against 2, 3-1, die 1: De): it may advance into 1006 only."""
    s = position({ART: "1007", R1: "1108", "R-Cos-1": "1006"}, phase="combat")
    force_die(s, 1)
    s2, events = play(s, "french", "attack 1007 -> 1108+1006")
    assert events[0]["result"] == "De"
    assert events[-1]["text"] == ("French player: you may advance after combat:\n"
                                  "- `advance 1007 1006` moves F-I-art in "
                                  "1007 (French 7-3 artillery) into 1006\n- `stay` advances none")
    refused(s2, "french", "advance 1007 1108", "Combat (H)")
    assert where(play(s2, "french", "advance 1007 1006")[0], ART) == "1006"


def test_artillery_case_c_a_retreat_into_a_vacated_hex_closes_the_advance_into_it():
    """OPTIONAL ADVANCE into "the vacated hex", never into an occupied one. The 4 across the 1616 ford,
    the 2 in 1715 and the artillery across the river in 1716 (out of any Zone of Control, so spared:
    Artillery C) attack the 6 in 1615 (1-1, die 4: Ar). Both attackers retreat; the artillery elects to
    follow and the Russians retreat it into 1616: the 6 may advance into 1715 only. The control: retreated
    elsewhere, 1616 is open too (across the ford)."""
    s = position({F4: "1616", "F-I-cav": "1715", "F-VIII-art": "1716", R6: "1615"}, phase="combat")
    force_die(s, 4)
    s2, events = play(s, "french", "attack 1616+1715+1716 -> 1615")
    assert events[0]["result"] == "Ar"
    s2, _ = play(s2, "russian", "retreat 1617")
    s2, _ = play(s2, "russian", "retreat 1714")
    s2, _ = play(s2, "french", "retreat 1716")
    s3, events = play(s2, "russian", "retreat 1616")
    assert events[-1]["text"] == ("Russian player: you may advance after combat:\n"
                                  "- `advance 1615 1715` moves R-VIII-2Gr "
                                  "in 1615 (Russian 6-4 infantry) into 1715\n- `stay` advances none")
    refused(s3, "russian", "advance 1615 1616", "Combat (H)")
    s4, events = play(s2, "russian", "retreat 1717")
    assert events[-1]["text"] == ("Russian player: you may advance after combat:\n- `advance 1615 <hex>` moves "
                                  "R-VIII-2Gr in 1615 (Russian 6-4 infantry) into 1616 or 1715\n- `stay` advances none")


# --- the option river_artillery: the General Rule's duty across a plain river ---------------------------
def test_artillery_general_rule_adjacent_across_a_plain_river_owes_its_attack_under_river_artillery():
    """General Rule: "Artillery units must participate in combat when adjacent to opposing units"; (A)
    "Artillery units must participate in attack if they are adjacent to an Enemy unit"; (H) lets it attack
    across "River hexsides". Under river_artillery the battery in 2723 facing the 5 in 2622 across the
    Kolocha owes its attack: `end` is refused, and accepted once the 5 has gone (the positive control)."""
    s = position({ART: "2723", R5: "2622"}, phase="combat", options=["river_artillery"])
    err, s2 = refused_then_accepted(s, "french", "end", "Combat (B)", without(R5))
    assert "2723 (French 7-3 artillery)" in str(err) and s2["player"] == "russian"


def test_artillery_across_a_plain_river_once_attacked_lets_the_phase_end_under_river_artillery():
    """The duty is met by the attack itself (Combat B): once the battery has fired across the river,
    `end` is accepted."""
    s = position({ART: "2723", R5: "2622"}, phase="combat", options=["river_artillery"])
    force_die(s, 1)
    s2, _ = play(s, "french", "attack 2723 -> 2622")
    assert play(settle(s2), "french", "end")[0]["player"] == "russian"


def test_artillery_across_a_plain_river_owes_nothing_by_default():
    """Without the option a plain river parts the units as it parts Zones of Control (ZOC H) and all
    other combat (Combat K): the battery may fire across it (H) but `end` is accepted."""
    s = position({ART: "2723", R5: "2622"}, phase="combat")
    assert play(s, "french", "end")[0]["player"] == "russian"


def test_infantry_across_a_plain_river_owes_nothing_even_under_river_artillery():
    """Combat (K): "Units may move and attack across River hexsides only at Fords and Bridges"; the
    General Rule's duty is the artillery's alone, so a 7-4 across the river owes no attack."""
    s = position({F7: "2723", R5: "2622"}, phase="combat", options=["river_artillery"])
    assert play(s, "french", "end")[0]["player"] == "russian"
