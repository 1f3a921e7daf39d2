"""What the chooser reads after a combat result, word for word (rules/borodino/results.py): the
questions asked (retreat, advance, exchange) and the refusals of a wrong answer, which repeat the
question once and cite it once (issue 17.3)."""
from __future__ import annotations

from tests.rules.borodino.helpers import force_die, go, open_ground, play, position, refused, ring

G = open_ground(4)          # 2705
D = ring(G)
F7, F7b, R5 = "F-I-2", "F-IV-1", "R-VIII-12"   # French 7-4 infantry (two), Russian 5-4 infantry
RETREAT = "French player: choose where 2705 (Russian 5-4 infantry) retreats: `retreat <hex>`, one of 2704, 2804, 2604"


def _dr() -> tuple[dict, list[dict]]:
    """2706 attacks 2705 at 1-1 and rolls a 1: Dr, the attacker chooses the retreat."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)
    return play(s, "french", f"attack {D[3]} -> {G}")


def test_the_retreat_question_and_its_refusals():
    s, events = _dr()
    assert [e["text"] for e in events] == ["2706 (7) attack 2705 (5): 1-1, die 1: Dr.", RETREAT + "."]
    assert str(refused(s, "french", f"retreat {D[3]} {D[0]}", "Retreat")) == (
        "The unit retreating now is 2705 (Russian 5-4 infantry) (Retreat).")
    assert str(refused(s, "french", f"retreat {D[3]}", "Retreat")) == (
        "2705 (Russian 5-4 infantry) may not retreat to 2706: units retreat one hex, not into enemy units, enemy "
        "Zones of Control, non-road woods, across rivers or off the map, and displace a friendly unit only when no "
        "empty hex is open. Choose 2704, 2804, 2604 (Retreat).")
    assert str(refused(s, "french", f"advance {D[3]} {G}", "Retreat")) == (
        f"That is not the answer waiting. {RETREAT} (Retreat).")
    s2, events = play(s, "french", f"retreat {G} {D[0]}")   # the retreating unit may be named by its hex
    assert [e["text"] for e in events] == ["2705 (Russian 5-4 infantry) retreats to 2704.",
                                           "French player: you may advance after combat (`advance 2706 2705`) "
                                           "or `stay`."]


def test_the_advance_question_its_refusal_and_the_advance():
    s, _ = _dr()
    s, _ = play(s, "french", f"retreat {D[0]}")
    assert str(refused(s, "french", f"advance {D[3]} {D[0]}", "Combat (H)")) == (
        "That advance is not open; choose one of: advance 2706 2705, or stay (Combat H).")
    s2, events = play(s, "french", f"advance {D[3]} {G}")
    assert events[0] == {**events[0], "kind": "advance", "unit": F7, "path": [D[3], G],
                         "text": "2705 (French 7-4 infantry) advances from 2706 into 2705."}
    assert s2["log"]["advances"] == [{"unit": F7, "side": "french", "from": D[3], "to": G}]


def test_the_exchange_question_and_its_refusals():
    """CRT Ex: two 7s attacked a 5; either 7 alone covers it, so those are the sets offered."""
    s = position({F7: D[3], F7b: D[2], R5: G}, phase="combat")
    force_die(s, 5)
    s, events = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    question = ("French player: the exchange costs you at least 5 Combat Points of the attackers; choose: "
                "lose 2805; lose 2706 (CRT: Exchange).")
    assert [e["text"] for e in events] == ["2805+2706 (14) attack 2705 (5): 2-1, die 5: Ex.",
                                           "2705 (Russian 5-4 infantry) is eliminated.", question]
    assert str(refused(s, "french", f"lose {D[2]}+{D[3]}", "CRT: Exchange")) == (
        "Those units are not one of the smallest sets that cover the exchange. " + question)
    assert str(refused(s, "french", "stay", "CRT: Exchange")) == "That is not the answer waiting. " + question
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
    """Displacement: the 6-4 in 2704 leaves first (the victor chooses where), then the 5-4 takes 2704."""
    R6, F7c = "R-VIII-2Gr", "F-IV-IG"
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G, R6: D[0]}, phase="combat")
    force_die(s, 3)   # 21 against 5: 4-1, die 3: Dr, and 2704 is the only hex open
    s, events = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    assert events[1] == {**events[1], "kind": "displaced", "unit": R6, "by": R5,
                         "text": "2704 (Russian 6-4 infantry) is displaced by 2705 (Russian 5-4 infantry) retreating "
                                 "into 2704."}
    s2, events = play(s, "french", f"retreat {go(D[0], 0)}")
    assert [(e["kind"], e["unit"], e["path"]) for e in events[:2]] == [
        ("retreat", R6, [D[0], go(D[0], 0)]), ("retreat", R5, [G, D[0]])]
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
ELECT = ("French player: artillery spared by the result ({}) may elect to retreat with the others: "
         "`retreat <artillery hex>` (the Russian player then chooses where), or `stay` (Artillery C).")


def _spared() -> tuple[dict, list[dict]]:
    """2707's artillery bombards with 2805's 4-4 infantry a 6 in 2705 at 1-1: die 4, Ar; the Russian
    has retreated the infantry to 2906, the French may elect the gun's retreat."""
    s = position({ART: FAR, F4: D[2], R6: G}, phase="combat")
    force_die(s, 4)
    s, _ = play(s, "french", f"attack {FAR}+{D[2]} -> {G}")
    return play(s, "russian", f"retreat {go(D[2], 2)}")


def test_artillery_c_the_spared_artillery_is_asked_whether_it_retreats_with_the_others():
    """(C) "Bombarding Artillery units may voluntarily elect to suffer an 'Attacker Retreat'"; Retreat:
    "the victorious player decides in which direction they will be retreated"."""
    s, events = _spared()
    assert [e["text"] for e in events] == ["2805 (French 4-4 infantry) retreats to 2906.", ELECT.format(FAR)]
    assert events[-1]["chooser"] == "french"
    s2, events = play(s, "french", f"retreat {FAR}")
    assert events[0] == {**events[0], "kind": "elects_retreat", "unit": ART,
                         "text": "2707 (French 7-3 artillery) elects to retreat with the others (Artillery C)."}
    assert events[1]["text"] == ("Russian player: choose where 2707 (French 7-3 artillery) retreats: `retreat <hex>`, "
                                 "one of 2806, 2807, 2708, 2607, 2606.")
    assert [e["text"] for e in play(s, "french", "stay")[1]] == [  # or it stays, and the victor may advance
        "Russian player: you may advance after combat (`advance 2705 2805`) or `stay`."]


def test_artillery_c_two_spared_guns_are_offered_and_each_elects_alone():
    """Two guns bombard alone (7 and 2 against 6: 1-1, die 4, Ar): both are offered; the one that
    elects to retreat leaves the other still to decide."""
    s = position({ART: FAR, "F-VIII-art": go(G, 2, 2), R6: G}, phase="combat")
    force_die(s, 4)
    s, events = play(s, "french", f"attack {FAR}+{go(G, 2, 2)} -> {G}")
    assert events[-1]["text"] == ELECT.format(f"{FAR}, {go(G, 2, 2)}")
    s, _ = play(s, "french", f"retreat {go(G, 2, 2)}")
    s, events = play(s, "russian", f"retreat {go(G, 2, 2, 2)}")
    assert events[-1]["text"] == ELECT.format(FAR) and s["pending"]["steps"][0]["units"] == [ART]


def test_artillery_c_refusals_name_the_spared_guns_and_leave_the_hex_to_the_victor():
    s, _ = _spared()
    assert str(refused(s, "french", f"retreat {FAR} {go(FAR, 3)}", "Retreat")) == (
        "The victorious player decides in which direction a unit retreats: elect the retreat with `retreat 2707` "
        "and the Russian player chooses where (Artillery C) (Retreat).")
    for not_spared in (D[0], G):   # an empty hex, the defender's own
        assert str(refused(s, "french", f"retreat {not_spared}", "Artillery (C)")) == (
            "Name a spared artillery unit of this attack that can retreat: `retreat <its hex>` (2707), or `stay` "
            "(Artillery C).")
    assert str(refused(s, "french", f"lose {FAR}", "Artillery (C)")) == (
        "That is not the answer waiting. " + ELECT.format(FAR))
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
