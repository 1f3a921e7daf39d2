"""What the chooser reads after a combat result, word for word (rules/borodino/results.py): the
questions asked (retreat, advance, exchange) and the refusals of a wrong answer, which repeat the
question once and cite it once."""
from __future__ import annotations

from tests.rules.borodino.helpers import borodino, force_die, go, open_ground, play, position, refused, ring

G = open_ground(4)          # 2705
D = ring(G)
F7, F7b, R5 = "F-I-2", "F-IV-1", "R-VIII-12"   # French 7-4 infantry (two), Russian 5-4 infantry
RETREAT = ("French player: choose where R-VIII-12 in 2705 (Russian 5-4 infantry) retreats: `retreat <hex>`, one of "
           "2704, 2804, 2604")
CHAIN = "\n- or all at once: `retreat <hex> then stay`"  # the advance after it is the victor's too (Combat H)
POINTED = ("French player: choose where R-VIII-12 in 2705 (Russian 5-4 infantry) retreats:\n- `retreat <hex>`, one of "
           "2704, 2804, 2604" + CHAIN)  # the short sentence, its answers and the chain a point each


def _dr() -> tuple[dict, list[dict]]:
    """2706 attacks 2705 at 1-1 and rolls a 1: Dr, the attacker chooses the retreat."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)
    return play(s, "french", f"attack {D[3]} -> {G}")


def test_the_retreat_question_and_its_refusals():
    s, events = _dr()
    assert [e["text"] for e in events] == ["2706 (7) attacks 2705 (5): 1-1, die 1: Dr.", POINTED]
    assert str(refused(s, "french", f"retreat {D[3]} {D[0]}", "Retreat")) == (
        "The unit retreating now is R-VIII-12 in 2705 (Russian 5-4 infantry) (Retreat).")
    assert str(refused(s, "french", f"retreat {D[3]}", "Retreat")) == (
        "R-VIII-12 in 2705 (Russian 5-4 infantry) may not retreat to 2706: units retreat one hex, not into enemy "
        "units, enemy Zones of Control, non-road woods, across rivers or off the map, and displace a friendly unit "
        "only when no empty hex is open; choose 2704, 2804, 2604 (Retreat).")
    assert str(refused(s, "french", "retreat 9999", "Retreat")) == (  # seen in kolocha local: the hex rules read
        "9999 is not on the map; R-VIII-12 in 2705 (Russian 5-4 infantry) retreats to one of 2704, 2804, 2604 "
        "(Retreat).")
    assert str(refused(s, "french", f"advance {D[3]} {G}", "Retreat")) == (
        f"That is not the answer waiting; {RETREAT} (Retreat).")
    s2, events = play(s, "french", f"retreat {G} {D[0]}")   # the retreating unit may be named by its hex
    assert [e["text"] for e in events] == ["2705 (Russian 5-4 infantry) retreats to 2704.",
                                           "French player: you may advance after combat:\n- `advance 2706 2705` "
                                           "moves F-I-2 in 2706 (French 7-4 infantry) into 2705\n"
                                           "- `stay` advances none"]


def test_the_advance_question_its_refusal_and_the_advance():
    s, _ = _dr()
    s, _ = play(s, "french", f"retreat {D[0]}")
    assert str(refused(s, "french", f"advance {D[3]} {D[0]}", "Combat (H)")) == (
        "That advance is not open: 2704 is not the hex the attack vacated next to 2706 (French 7-4 infantry); "
        "choose one of: advance 2706 2705, or stay (Combat H).")
    assert str(refused(s, "french", f"advance {D[0]} {G}", "Combat (H)")) == (
        "That advance is not open: 2704 (Russian 5-4 infantry) is not one of the victorious units that may advance; "
        "choose one of: advance 2706 2705, or stay (Combat H).")
    assert str(refused(s, "french", f"advance {D[1]} {G}", "Combat (H)")) == (
        "That advance is not open: there is no unit in 2804; choose one of: advance 2706 2705, or stay (Combat H).")
    s2, events = play(s, "french", f"advance {D[3]} {G}")
    assert events[0] == {**events[0], "kind": "advance", "unit": F7, "path": [D[3], G],
                         "text": "2706 (French 7-4 infantry) advances into 2705."}  # 2705 once, as a move says it
    assert s2["log"]["advances"] == [{"unit": F7, "side": "french", "from": D[3], "to": G}]


def test_the_exchange_question_and_its_refusals():
    """CRT Ex: two 7s attacked a 5; either 7 alone covers it, so those are the sets offered."""
    s = position({F7: D[3], F7b: D[2], R5: G}, phase="combat")
    force_die(s, 5)
    s, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    question = ("French player: the exchange costs you at least 5 Combat Points of the attackers; choose: "
                "`lose 2805` for F-IV-1 in 2805 (7 Combat Points); or `lose 2706` for F-I-2 in 2706 (7 Combat Points) "
                "(CRT: Exchange).")  # a refusal says it in one sentence; the question, a point an answer
    asked = ("French player: choose the attackers the exchange costs you (CRT: Exchange):\n- at least 5 Combat "
             "Points of them\n- `lose 2805` for F-IV-1 in 2805 (7 Combat Points)\n- `lose 2706` for F-I-2 in 2706 "
             "(7 Combat Points)")
    assert [e["text"] for e in events] == ["2805+2706 (14) attack 2705 (5): 2-1, die 5: Ex.",
                                           "2705 (Russian 5-4 infantry) is eliminated.", asked]
    assert str(refused(s, "french", f"lose {D[2]}+{D[3]}", "CRT: Exchange")) == (
        "Those units are not one of the smallest sets that cover the exchange; " + question)
    assert str(refused(s, "french", "stay", "CRT: Exchange")) == "That is not the answer waiting; " + question
    s2, events = play(s, "french", f"lose {D[2]}")
    assert events[0]["text"] == "2805 (French 7-4 infantry) is eliminated."
    assert s2["losses"] == {"french": 7, "russian": 5}


def test_a_retreat_is_told_and_logged():
    s, _ = _dr()
    s2, events = play(s, "french", f"retreat {D[0]}")
    assert events[0] == {**events[0], "kind": "retreat", "unit": R5, "path": [G, D[0]],
                         "text": "2705 (Russian 5-4 infantry) retreats to 2704."}
    assert s2["log"]["retreats"] == [{"unit": R5, "side": "russian", "from": G, "to": D[0]}]


def test_a_displacement_is_told_then_both_retreats_logged_in_order():
    """Displacement: the 6-4 in 2704 leaves first (the victor chooses where), then the 5-4 takes 2704; the
    5-4's move, told as it displaced ('... retreating into 2704'), is logged without a second line (a chain
    of eight read eight lines again at its end, seen on simcord in a 7 Sept Russian Combat Phase)."""
    R6, F7c = "R-VIII-2Gr", "F-IV-IG"
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0]}, phase="combat")
    force_die(s, 3)   # 21 against 5: 4-1, die 3: Dr, and 2704 is the only hex open
    s, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[1] == {**events[1], "kind": "displaced", "unit": R6, "by": R5,
                         "text": "2704 (Russian 6-4 infantry) is displaced by 2705 (Russian 5-4 infantry) retreating "
                                 "into 2704."}
    s2, events = play(s, "french", f"retreat {go(D[0], 0)}")
    assert [(e["kind"], e["unit"], e["path"], e["to"]) for e in events[:2]] == [
        ("retreat", R6, [D[0], go(D[0], 0)], "all"), ("retreat", R5, [G, D[0]], "log")]
    assert s2["log"]["retreats"] == [{"unit": R6, "side": "russian", "from": D[0], "to": go(D[0], 0)},
                                     {"unit": R5, "side": "russian", "from": G, "to": D[0]}]


def test_an_elimination_is_told_and_logged():
    """De at 4-1: the defender is removed; the event and the log name it and the hex it died in."""
    s = position({F7: D[3], F7b: D[2], "F-IV-IG": D[4], R5: G}, phase="combat")
    force_die(s, 1)
    s2, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[1] == {"kind": "eliminated", "to": "all", "text": "2705 (Russian 5-4 infantry) is eliminated.",
                         "irreversible": True, "unit": R5, "hex": G}
    assert s2["log"]["eliminated"] == [{"unit": R5, "hex": G, "side": "russian"}]


# -- artillery's voluntary retreat (Artillery C) and displaced artillery (Displacement) ----------------------

ART, ART2, F4, R6 = "F-I-art", "F-IV-art", "F-I-5", "R-VIII-2Gr"   # French 7-3 artillery (two), 4-4 infantry;
# Russian 6-4 infantry
FAR = go(G, 3, 3)   # 2707: bombards G from two hexes
ELECT = ("French player: guns the result spared may still retreat (Artillery C):\n- the Russian player then "
         "chooses where each goes\n- {}\n- `stay` elects none")  # the question; a refusal says it in one line
ELECT_IN_ONE = ("French player: artillery spared by the result may still elect to retreat, the Russian player then "
                "choosing where: {}, or `stay` (Artillery C).")
GUN = "`retreat 2707` for F-I-art in 2707 (French 7-3 artillery)"


def _spared() -> tuple[dict, list[dict]]:
    """2707's artillery bombards with 2805's 4-4 infantry a 6 in 2705 at 1-1: die 4, Ar; the Russian
    has retreated the infantry to 2906, the French may elect the gun's retreat."""
    s = position({ART: FAR, F4: D[2], R6: G}, phase="combat")
    force_die(s, 4)
    s, _ = play(s, "french", f"attack {FAR}+{D[2]} -> {G}")
    return play(s, "russian", f"retreat {go(D[2], 2)}")


def test_artillery_c_the_spared_artillery_is_asked_whether_it_retreats_all_the_same():
    """(C) "Bombarding Artillery units may voluntarily elect to suffer an 'Attacker Retreat'"; Retreat:
    "the victorious player decides in which direction they will be retreated"."""
    s, events = _spared()
    assert [e["text"] for e in events] == ["2805 (French 4-4 infantry) retreats to 2906.", ELECT.format(GUN)]
    assert events[-1]["chooser"] == "french"
    s2, events = play(s, "french", f"retreat {FAR}")
    assert events[0] == {**events[0], "kind": "elects_retreat", "unit": ART,
                         "text": "2707 (French 7-3 artillery) elects to retreat all the same (Artillery C)."}
    assert events[1]["text"] == ("Russian player: choose where F-I-art in 2707 (French 7-3 artillery) retreats:\n"
                                 "- `retreat <hex>`, one of 2806, 2807, 2708, 2607, 2606" + CHAIN)
    assert [e["text"] for e in play(s, "french", "stay")[1]] == [  # or it stays, and the victor may advance
        "Russian player: you may advance after combat:\n- `advance 2705 2805` moves R-VIII-2Gr in 2705 (Russian 6-4 "
        "infantry) into 2805\n- `stay` advances none"]


def test_artillery_c_two_spared_guns_are_offered_and_each_elects_alone():
    """Two guns bombard alone (7 and 2 against 6: 1-1, die 4, Ar): both are offered, in words that
    name no "others" to retreat with; the one that elects to retreat leaves the other still to decide."""
    s = position({ART: FAR, "F-VIII-art": go(G, 2, 2), R6: G}, phase="combat")
    force_die(s, 4)
    s, events = play(s, "french", f"attack {FAR}+{go(G, 2, 2)} -> {G}")
    assert events[-1]["text"] == ("French player: guns the result spared may still retreat (Artillery C):\n- the "
                                  f"Russian player then chooses where each goes\n- {GUN}\n- `retreat 2906` for "
                                  "F-VIII-art in 2906 (French 2-3 artillery)\n- `stay` elects none")
    s, _ = play(s, "french", f"retreat {go(G, 2, 2)}")
    s, events = play(s, "russian", f"retreat {go(G, 2, 2, 2)}")
    assert events[-1]["text"] == ELECT.format(GUN) and s["pending"]["steps"][0]["units"] == [ART]


def test_artillery_c_refusals_name_the_spared_guns_and_leave_the_hex_to_the_victor():
    s, _ = _spared()
    assert str(refused(s, "french", f"retreat {FAR} {go(FAR, 3)}", "Retreat")) == (
        "The victorious player decides in which direction a unit retreats: elect the retreat with `retreat 2707` "
        "and the Russian player chooses where (Artillery C) (Retreat).")
    for not_spared in (D[0], G):   # an empty hex, the defender's own
        assert str(refused(s, "french", f"retreat {not_spared}", "Artillery (C)")) == (
            "Name a spared artillery unit of this attack that can retreat: `retreat 2707` or `stay` (Artillery C).")
    assert str(refused(s, "french", f"lose {FAR}", "Artillery (C)")) == (
        "That is not the answer waiting; " + ELECT_IN_ONE.format(GUN))
    assert play(s, "french", f"retreat {FAR}")[0]["pending"]["steps"][0]["unit"] == ART  # positive control


def _displacing(into: int) -> dict:
    """2805's 4-4 infantry attacks a 6 in 2705 alone at 1-2: die 4, Ar. Its three hexes away from the
    enemy hold uninvolved French units (artillery in 2905, infantry in 2906 and 2806): the Russian
    retreats it into the one in direction `into` of 2805, displacing that unit (to the hex beyond)."""
    a, b, c = (go(D[2], d) for d in (1, 2, 3))
    s = position({F4: D[2], R6: G, ART2: a, "F-I-2": b, "F-IV-1": c, "R-VIII-12": go(a, 1, 1)}, phase="combat")
    force_die(s, 4)
    s, _ = play(s, "french", f"attack {D[2]} -> {G}")
    displaced = go(D[2], into)
    s, _ = play(s, "russian", f"retreat {displaced}")
    s, _ = play(s, "russian", f"retreat {go(displaced, 0 if into == 1 else 2)}")
    return play(s, "russian", "stay")[0]


def test_displacement_displaced_artillery_may_not_fire_that_combat_phase():
    """Displacement: "Artillery units which are displaced, and have not yet engaged combat during that
    Combat Phase, may not fire in that Combat Phase." The gun pushed from 2905 to 2904 may not bombard
    3104; the same gun left in place (an infantry displaced instead) may."""
    s = _displacing(1)
    assert s["units"][ART2]["hex"] == "2904" and s["units"][ART2]["attacked"] is True
    refused(s, "french", "attack 2904 -> 3104", "Combat (D, I)")
    s = _displacing(2)   # the infantry displaced instead keeps its attack too: the rule takes artillery's only
    assert s["units"][ART2]["hex"] == "2905" and s["units"][ART2]["attacked"] is False
    assert s["units"]["F-I-2"]["hex"] != "2906" and s["units"]["F-I-2"]["attacked"] is False
    assert play(s, "french", "attack 2905 -> 3104")[1][0]["kind"] == "combat"


# -- run on without a choice: no path of retreat, forced retreats, a forced loss, a gun that cannot retreat -------

def test_retreat_a_unit_with_no_path_of_retreat_is_eliminated_and_the_victor_may_still_advance():
    """Retreat: "If no path of retreat is open to the retreating unit ... then the retreating unit is
    ELIMINATED"; Optional Advance: "Whenever a hex is vacated as a result of combat, the victorious unit
    ... may advance". Three 7s in 2804, 2706 and 2604 hold every hex around 2705 or its Zone of Control;
    21 against 5 is 4-1, die 3: Dr."""
    s = position({F7: D[1], F7b: D[3], "F-IV-IG": D[5], R5: G}, phase="combat")
    force_die(s, 3)
    s2, events = play(s, "french", f"attack {D[1]}+{D[3]}+{D[5]} -> {G}")
    assert [e["text"] for e in events][1:] == [
        "2705 (Russian 5-4 infantry) is eliminated: it has no path of retreat (Retreat).",
        "French player: you may advance after combat:\n- `advance 2804 2705` moves F-I-2 in 2804 (French 7-4 "
        "infantry) into 2705\n- `advance 2706 2705` moves F-IV-1 in 2706 (French 7-4 infantry) into 2705\n"
        "- `advance 2604 2705` moves F-IV-IG in 2604 (French 7-4 infantry) into 2705\n- `stay` advances none"]
    assert events[-1] == {**events[-1], "kind": "choice", "chooser": "french"}
    assert s2["log"]["eliminated"] == [{"unit": R5, "hex": G, "side": "russian"}] and s2["losses"]["russian"] == 5


def test_retreat_two_defenders_each_with_one_hex_open_retreat_at_once_and_both_are_told():
    """Retreat: each retreating unit is moved; where one hex alone is open the victor has nothing to
    choose. 2804 and 2604 (14) attack 2705 and 2704 (11): 1-1, die 1, Dr. 2705 may go only to 2706
    (2805 and 2605 touch the attackers), 2704 only to 2703 (2803 and 2603 likewise)."""
    s = position({F7: D[1], "F-IV-IG": D[5], R5: G, R6: D[0]}, phase="combat")
    force_die(s, 1)
    _, events = play(s, "french", f"attack {D[1]}+{D[5]} -> {G}+{D[0]}")
    assert [e["text"] for e in events] == [
        "2804+2604 (14) attack 2705+2704 (11): 1-1, die 1: Dr.",
        "2705 (Russian 5-4 infantry) retreats to 2706.", "2704 (Russian 6-4 infantry) retreats to 2703.",
        "French player: you may advance after combat:\n- `advance 2804 <hex>` moves F-I-2 in 2804 (French 7-4 "
        "infantry) into 2705 or 2704\n- `advance 2604 <hex>` moves F-IV-IG in 2604 (French 7-4 infantry) into 2705 "
        "or 2704\n- `stay` advances none"]


def test_crt_exchange_a_forced_loss_is_taken_at_once_and_the_survivor_may_advance():
    """CRT Ex: 2706's 7 and 2805's 4 (11) attack a 5 at 2-1, die 5. Only the 7 alone covers the 5 (the
    4 does not, 7+4 is not a smallest set), so it is lost without a question; the 4 may advance."""
    s = position({F7: D[3], F4: D[2], R5: G}, phase="combat")
    force_die(s, 5)
    _, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert [e["text"] for e in events] == [
        "2805+2706 (11) attack 2705 (5): 2-1, die 5: Ex.", "2705 (Russian 5-4 infantry) is eliminated.",
        "2706 (French 7-4 infantry) is eliminated.",
        "French player: you may advance after combat:\n- `advance 2805 2705` moves F-I-5 in 2805 (French 4-4 "
        "infantry) into 2705\n- `stay` advances none"]


def test_artillery_c_a_spared_gun_with_no_retreat_open_is_not_asked_and_the_victor_may_advance():
    """Artillery (C) offers the spared gun a retreat all the same; a gun whose every neighbour is
    an enemy Zone of Control (Retreat) cannot take it, so the victor is asked about the advance next.
    2704's 4 and 2707's gun (11) attack a 6 in 2705 at 1-1, die 4: Ar. Russians in 2907, 2608 and 2605
    hold 2806, 2807, 2708, 2607 and 2606 in their Zones of Control, 2706 lies in 2705's; the control
    without them asks about the gun."""
    blockers = {"R-VIII-12": "2907", "R-VI-24": "2608", "R-VI-7": D[4]}
    for extra, asked in ((blockers, "Russian player: you may advance after combat:\n- `advance 2705 2704` moves "
                          "R-VIII-2Gr in 2705 (Russian 6-4 infantry) into 2704\n- `stay` advances none"),
                         ({}, ELECT.format(GUN))):
        s = position({F4: D[0], ART: FAR, R6: G, **extra}, phase="combat")
        force_die(s, 4)
        s, _ = play(s, "french", f"attack {D[0]}+{FAR} -> {G}")
        _, events = play(s, "russian", "retreat 2703")
        assert [e["text"] for e in events] == ["2704 (French 4-4 infantry) retreats to 2703.", asked]


def test_displacement_a_chain_never_turns_back_into_a_hex_of_its_own_chain():
    """Displacement: "Displaced units can themselves displace other Friendly units in a sort of chain
    reaction". 2706's 7 attacks a 6 in 2705 at 1-1, die 1: Dr. Uninvolved Russians fill every hex the
    chain could use (4-4s next to 2705 and in 2703, 5-4s beyond), so the 6 displaces 2704's 4-4, which
    displaces 2703's. The hexes offered to the last one are its neighbours ahead (2702, 2802, 2803,
    2603, 2602), never 2704, which the unit displacing it is leaving (nor 2705)."""
    fours = dict(zip(("R-VI-24", "R-IV-22", "R-IV-23", "R-VII-26"), (D[0], D[1], D[5], "2703")))
    fives = dict(zip(("R-II-17", "R-II-4", "R-III-3", "R-VI-7", R5), ("2702", "2802", "2803", "2603", "2602")))
    s = position({F7: D[3], R6: G, **fours, **fives}, phase="combat")
    force_die(s, 1)
    s, _ = play(s, "french", f"attack {D[3]} -> {G}")
    s, _ = play(s, "french", f"retreat {D[0]}")
    s, events = play(s, "french", "retreat 2703")
    assert [e["text"] for e in events] == [
        "2703 (Russian 4-4 infantry) is displaced by 2704 (Russian 4-4 infantry) retreating into 2703.",
        "French player: choose where R-VII-26 in 2703 (Russian 4-4 infantry) retreats:"
        + "".join(f"\n- `retreat {h}`, displacing {uid} (Russian 5-4 infantry)" for uid, h in fives.items())
        + "\n- or all at once: `retreat <hex> then <hex> then stay`"]
    refused(s, "french", f"retreat {D[0]}", "Retreat")
    assert play(s, "french", "retreat 2802")[1][0]["kind"] == "displaced"   # the control: ahead is open


def test_artillery_c_bombarding_artillery_is_told_it_suffers_nothing_from_an_ae_or_an_ex():
    """(C) "bombarding artillery ... are never destroyed or retreated as a result of their own failed
    attacks", and "if an 'Exchange' were the result in an attack solely by bombarding artillery, the
    defending unit would be eliminated, but the bombarding unit" is not: the result says so, where it
    said 'Ae.' and nothing more, as if the gun's fate had been forgotten."""
    s = position({"F-V-art": FAR, R6: G}, phase="combat")  # 4 against 6: 1-2
    force_die(s, 6)
    _, events = play(s, "french", f"attack {FAR} -> {G}")
    assert [e["text"] for e in events][:2] == [
        f"{FAR} (4) attacks {G} (6): 1-2, die 6: Ae.",
        f"{FAR} (French 4-3 artillery) is untouched by the result (Artillery C)."]
    s = position({ART: FAR, "R-Mil-1": G}, phase="combat")  # 7 against 3: 2-1
    force_die(s, 5)
    after, events = play(s, "french", f"attack {FAR} -> {G}")
    assert [e["text"] for e in events][:3] == [
        f"{FAR} (7) attacks {G} (3): 2-1, die 5: Ex.",
        f"{FAR} (French 7-3 artillery) is untouched by the result (Artillery C).",
        f"{G} (Russian 3-3 infantry) is eliminated."]
    assert after["units"][ART]["where"] == "map" and after["pending"] is None


def test_artillery_c_three_guns_untouched_are_named_as_a_list():
    """Three bombarding guns (7, 7 and 4 against 6: 3-1, die 6, Ex) are named 'A, B and C'."""
    guns = {ART: FAR, ART2: go(G, 0, 0), "F-V-art": go(G, 1, 1)}
    s = position({**guns, R6: G}, phase="combat")
    force_die(s, 6)
    _, events = play(s, "french", f"attack {FAR}+{go(G, 0, 0)}+{go(G, 1, 1)} -> {G}")
    assert events[1]["text"] == (f"{FAR} (French 7-3 artillery), {go(G, 0, 0)} (French 7-3 artillery) and "
                                 f"{go(G, 1, 1)} (French 4-3 artillery) are untouched by the result (Artillery C).")


def test_an_exchange_of_one_combat_point_says_it_in_the_singular():
    """Two 1-5 cavalry attack a 1-5 at 2-1, die 5: Ex; the question and its answers say '1 Combat
    Point', where they said '1 Combat Points'."""
    s = position({"F-VIII-cav": D[3], "F-IIIC-3L": D[2], "R-Was": G}, phase="combat")
    force_die(s, 5)
    s, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert events[-1]["text"] == ("French player: choose the attackers the exchange costs you (CRT: Exchange):\n"
                                  "- at least 1 Combat Point of them\n"
                                  "- `lose 2805` for F-IIIC-3L in 2805 (1 Combat Point)\n"
                                  "- `lose 2706` for F-VIII-cav in 2706 (1 Combat Point)")
    assert borodino.in_words_in_game(s, "french", borodino.parse("french", "lose 2706")) == \
        "Lose F-VIII-cav in 2706 (1 Combat Point)"


def test_bombarding_artillery_asked_to_advance_is_told_why_it_may_not():
    """Artillery G: "When a unit is destroyed or retreated by attacking artillery which is not adjacent
    to the defender, the attacking artillery may not advance." 'advance 3121 3119' of a battery that
    had fired from two hexes read only 'That advance is not open' (seen in kolocha local, 6
    September); it says why."""
    art = "F-I-art"
    s = position({F7: D[3], art: go(G, 3, 3), R5: G}, phase="combat")
    force_die(s, 1)
    s, _ = play(s, "french", f"attack {D[3]}+{go(G, 3, 3)} -> {G}")
    s, _ = play(s, "french", f"retreat {D[0]}")
    assert str(refused(s, "french", f"advance {go(G, 3, 3)} {G}", "Artillery (G)")) == (
        f"That advance is not open: {go(G, 3, 3)} (French 7-3 artillery) bombarded from two hexes off, and artillery "
        f"that does may not advance; choose one of: advance {D[3]} {G}, or stay (Artillery G).")
