"""Odds before you commit (rules/borodino/odds.py): the odds of an attack, the defender's
modifiers and the chance of each result, read by hand from the rule book's printed Combat Resolution
Table (each die face is one sixth), never from the engine's own table."""
from __future__ import annotations

import json

import pytest

from rules import load
from rules.core.errors import CommandError, RuleViolation
from tests.rules.borodino.helpers import go, open_ground, position, ring

borodino = load("borodino")
G = open_ground(4)
D = ring(G)
F7, F7b, F7c, F4, F4b, FCAV = "F-I-2", "F-IV-1", "F-IV-IG", "F-I-5", "F-V-16", "F-I-cav"
R5, R4, R3C = "R-VIII-12", "R-IV-22", "R-V-2GC"


def odds(state: dict, text: str, side: str | None = "french") -> dict:
    return borodino.odds(state, side, text)


def chances(forecast: dict) -> dict[str, tuple[list[int], float]]:
    return {r["result"]: (r["faces"], r["probability"]) for r in forecast["results"]}


def test_odds_combat_example_eight_against_three_is_two_to_one():
    """Combat, General Rule, Example: "EIGHT-to-THREE ... an odds-situation of TWO-to-ONE". The printed
    2 to 1 column reads Dr Dr Dr Dr Ex Ar: Dr on 1-4 (4 in 6), Ex on 5, Ar on 6; the exchange costs
    the attacker at least the cavalry's 3 points."""
    s = position({F4: D[3], F4b: D[4], R3C: G}, phase="combat")
    f = odds(s, f"{D[3]}+{D[4]} -> {G}")
    assert (f["attack_strength"], f["defence_strength"], f["odds"]) == (8, 3, "2-1")
    assert f["modifiers"] == []
    assert chances(f) == {"Dr": ([1, 2, 3, 4], 4 / 6), "Ex": ([5], 1 / 6), "Ar": ([6], 1 / 6)}
    exchange = next(r for r in f["results"] if r["result"] == "Ex")
    assert exchange["exchange"] == 3 and exchange["eliminated"] == [f"{G} (Russian 3-5 cavalry)"]


def test_odds_combat_case_j_town_doubles_the_defender():
    """(J) "Units defending in Towns DOUBLE their strength": 4 against a 4 in Utitsa is 4 to 8, 1 to 2,
    whose printed column reads Dr Ar Ar Ar Ar Ae."""
    s = position({F4: "3919", R4: "3819"}, phase="combat")
    f = odds(s, "3919 -> 3819")
    assert (f["attack_strength"], f["defence_strength"], f["odds"]) == (4, 8, "1-2")
    assert f["modifiers"] == ["3819 doubled in a town"]
    assert chances(f) == {"Dr": ([1], 1 / 6), "Ar": ([2, 3, 4, 5], 4 / 6), "Ae": ([6], 1 / 6)}


def test_odds_combat_case_k_halved_across_a_ford():
    """(K) "attack across ... Fords and Bridges ... with half of their Combat Strength": 7 halved is 3.5
    against 4, 1 to 2."""
    s = position({F7: "1616", R4: "1615"}, phase="combat")
    f = odds(s, "1616 -> 1615")
    assert (f["attack_strength"], f["odds"]) == (3.5, "1-2")
    assert f["attack_modifiers"] == ["1616 halved across a ford or bridge"] and f["modifiers"] == []


def test_odds_redoubts_case_i_the_redoubt_adds_to_its_occupant_s_attack():
    """Redoubts (I): "When a Russian occupied redoubt attacks a single Enemy unit, the intrinsic redoubt
    strength is added to the occupying unit's Combat Strength": the 5 in the Great Redoubt and its 6
    against a 7 in front of it; the addition is named with the attack, not the defence."""
    s = position({F7: "2818", R5: "2817"}, player="russian", phase="combat")
    f = odds(s, "2817 -> 2818")
    assert (f["attack_strength"], f["defence_strength"], f["odds"]) == (11, 7, "1-1")
    assert f["attack_modifiers"] == ["the Great Redoubt adds 6"] and f["modifiers"] == []


def test_odds_redoubts_case_e_doubled_plus_intrinsic():
    """Redoubts (E): through the front, the 5 in the Great Redoubt is doubled and the redoubt's 6 added:
    14 against 16 is 1 to 2 (rounded for the defender)."""
    s = position({F7: "2818", F7b: "2718", R5: "2817"}, phase="combat")
    f = odds(s, "2818+2718 -> 2817")
    assert (f["attack_strength"], f["defence_strength"], f["odds"]) == (14, 16, "1-2")
    assert f["modifiers"] == ["2817 doubled in its redoubt, attacked only through the front",
                              "the Great Redoubt adds 6"]


def test_odds_redoubts_case_i_an_empty_redoubt_defends_with_its_own_strength():
    """Redoubts (I) "Redoubts may only be attacked by themselves when no Russian unit is in occupation",
    with their own strength through the front (none from the rear, D); (J) a result that would let the
    attacker advance lets him into the redoubt, which itself never retreats. A 7 against the empty
    Great Redoubt's 6 is 1-1."""
    s = position({F7: "2818"}, phase="combat")
    f = odds(s, "2818 -> 2817")
    assert (f["attack_strength"], f["defence_strength"], f["odds"]) == (7, 6, "1-1")
    assert f["modifiers"] == ["the Great Redoubt, empty, defends with its own 6"]
    assert [(r["result"], r.get("redoubt_taken")) for r in f["results"]] == [("Dr", "Great Redoubt"), ("Ar", None)]
    rear = odds(position({"F-I-art": "2616"}, phase="combat"), "2616 -> 2817")  # a gun two hexes behind it
    assert rear["modifiers"] == ["the Great Redoubt, empty and attacked from the rear, has no strength"]
    assert not any(r.get("redoubt_taken") for r in rear["results"])  # bombarding artillery never advances (G)


def test_odds_retreat_and_advance_a_blocked_retreat_is_an_elimination():
    """Retreat and Advance: "If no path of retreat is open ... the retreating unit is ELIMINATED". Three
    7s around a 5 with cavalry behind it: 21 to 5 is 4 to 1, printed De De Dr Dr Ex Ex; on 3 and 4
    the Russian would retreat, but every hex is closed, so those faces eliminate it too."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], FCAV: go(G, 0, 0), R5: G}, phase="combat")
    f = odds(s, f"{D[2]}+{D[3]}+{D[4]} -> {G}")
    assert f["odds"] == "4-1"
    assert chances(f) == {"De": ([1, 2], 2 / 6), "Dr": ([3, 4], 2 / 6), "Ex": ([5, 6], 2 / 6)}
    retreat = next(r for r in f["results"] if r["result"] == "Dr")
    assert retreat["blocked"] == [f"{G} (Russian 5-4 infantry)"] and retreat["retreat"] == []


def test_odds_an_open_retreat_is_not_blocked():
    """Positive control of the test above: without the cavalry behind it the 5 has a path of retreat."""
    s = position({F7: D[2], F7b: D[3], F7c: D[4], R5: G}, phase="combat")
    retreat = next(r for r in odds(s, f"{D[2]}+{D[3]}+{D[4]} -> {G}")["results"] if r["result"] == "Dr")
    assert retreat["retreat"] == [f"{G} (Russian 5-4 infantry)"] and retreat["blocked"] == []


def test_odds_change_nothing_and_roll_no_die():
    """DESIGN: dice are part of the state; asking the odds is a query, so the state stays as it was."""
    s = position({F4: D[3], F4b: D[4], R3C: G}, phase="combat")
    before = json.dumps(s, sort_keys=True)
    odds(s, f"{D[3]}+{D[4]} -> {G}")
    assert json.dumps(s, sort_keys=True) == before


def test_odds_combat_case_a_refused_for_an_attacker_not_adjacent():
    """(A) "the attacking unit(s) must be adjacent": the odds of an illegal attack are refused with the
    rule; once the attacker stands adjacent the same question is answered."""
    far = position({F7: go(G, 3, 3), R5: G}, phase="combat")
    with pytest.raises(RuleViolation, match="not adjacent"):
        odds(far, f"{go(G, 3, 3)} -> {G}")
    near = position({F7: D[3], R5: G}, phase="combat")
    assert odds(near, f"{D[3]} -> {G}")["odds"] == "1-1"


def test_odds_during_movement_judge_the_attack_as_in_the_coming_combat_phase():
    """Asked in the Movement Phase, a unit that attacked last turn counts as fresh (turns.end_movement
    clears the marks), and the Russian player may ask what a French attack would do to him."""
    s = position({F7: D[3], R5: G})
    s["units"][F7]["attacked"] = True
    f = odds(s, f"{D[3]} -> {G}", side="russian")
    assert (f["side"], f["odds"]) == ("french", "1-1")
    assert chances(f) == {"Dr": ([1, 2, 3], 3 / 6), "Ar": ([4, 5, 6], 3 / 6)}


def test_odds_of_something_that_is_not_an_attack_say_what_to_ask():
    """Bad input: one sentence with the shape of a question; positive control: the same units asked
    about as an attack."""
    s = position({F7: D[3], R5: G}, phase="combat")
    with pytest.raises(CommandError, match=r"odds takes an attack, attackers -> defenders"):
        odds(s, f"{D[3]} {G}")
    assert odds(s, f"{D[3]} -> {G}")["odds"] == "1-1"


def test_odds_during_movement_leave_combat_b_to_the_moves_still_to_come():
    """Asked in the Movement Phase, an attack that would now leave two adjacent Russians to nobody
    (Combat B, C) is still forecast: the moves still to come may bring the units that attack them.
    Control: asked in the French Combat Phase, the same attack is refused citing Combat (B, C, D)."""
    units = {F7: G, R5: D[0], "R-VIII-2Gr": D[1], "R-III-3": D[2]}
    assert odds(position(units), f"{G} -> {D[0]}")["odds"] == "1-1"
    with pytest.raises(RuleViolation, match=r"could no longer attack or be attacked"):
        odds(position(units, phase="combat"), f"{G} -> {D[0]}")


def test_odds_combat_case_a_refused_for_an_empty_hex_named_as_the_attacker():
    """(A) "the attacking unit(s) must be adjacent": a hex with no unit in it has nothing to attack
    with, one sentence citing the case; once a unit stands there the same question is answered."""
    s = position({F7: D[3], R5: G}, phase="combat")
    with pytest.raises(CommandError) as refusal:
        odds(s, f"{D[2]} -> {G}")
    assert str(refusal.value) == f"There is no unit in {D[2]} to attack with (Combat A)."
    assert odds(position({F7: D[2], R5: G}, phase="combat"), f"{D[2]} -> {G}")["odds"] == "1-1"


def test_odds_redoubts_case_i_an_empty_redoubt_attacks_for_the_russians_with_its_own_strength():
    """Redoubts (I) and the Terrain Key ("may also attack"): a redoubt named first (R and its hex)
    attacks for the Russian player, with its intrinsic strength alone when no unit occupies it: the
    Great Redoubt's 6 against the French 7 in front of it is under 1 to 1, so 1 to 2 (rounded for
    the defender). The French player may ask what it would do to him."""
    s = position({F7: "2818"}, player="russian", phase="combat")
    for side in ("russian", "french"):
        f = odds(s, "R2817 -> 2818", side=side)
        assert (f["side"], f["attack_strength"], f["defence_strength"], f["odds"]) == ("russian", 6, 7, "1-2")
        assert f["attack_modifiers"] == ["the Great Redoubt adds 6"]


def test_odds_beyond_the_table_give_the_odds_and_the_column_they_are_fought_at():
    """Combat Resolution Table: "Attacks executed at greater than 6 to 1 are treated as 6 to 1" and
    "worse than 1 to 5 ... as 1 to 5": 1 against 7 is 1-7, fought at 1-5; 14 against 1 is 14-1, fought
    at 6-1. Within the table the two agree."""
    worse = odds(position({"F-IIC-2L": D[0], "R-VIII-CGr": G}, phase="combat"), f"{D[0]} -> {G}")
    assert (worse["attack_strength"], worse["defence_strength"], worse["ratio"], worse["odds"]) == (1, 7, "1-7", "1-5")
    better = odds(position({F7: D[0], F7b: D[1], "R-Cos-1": G}, phase="combat"), f"{D[0]}+{D[1]} -> {G}")
    assert (better["attack_strength"], better["defence_strength"], better["ratio"], better["odds"]) == \
        (14, 1, "14-1", "6-1")
    within = odds(position({F4: D[3], F4b: D[4], R3C: G}, phase="combat"), f"{D[3]}+{D[4]} -> {G}")
    assert within["ratio"] == within["odds"] == "2-1"
