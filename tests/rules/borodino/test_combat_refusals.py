"""What a player reads when an attack is refused, word for word (rules/borodino/combat.py), and
the notes and owed attacks the engine tells.

The case tests check which rule is cited; these pin the whole sentence, so that a reason lost or
garbled, or a check that lets the wrong side or the wrong unit through, fails here.
"""
from __future__ import annotations

import pytest

from rules.borodino.combat import owed_attacks, plan_attack
from rules.borodino.commands import Attack
from rules.core.errors import Moot, RuleViolation
from tests.rules.borodino.helpers import battle, borodino, go, open_ground, play, position, refused, ring

G = open_ground(4)          # 2705
N = go(G, 0)                # 2704
D = ring(G)
F7, F7b, R5 = "F-I-2", "F-IV-1", "R-VIII-12"   # French 7-4 infantry (two), Russian 5-4 infantry
GREAT = "2817"              # the Great Redoubt, fronting 2718 2818 2918


def _flagged(units: dict, flags: dict, **kw) -> dict:
    s = position(units, phase="combat", **kw)
    for uid, flag in flags.items():
        s["units"][uid][flag] = True
    return s


FRENCH = [
    # (position, command, rule, sentence)
    (position({F7: G, R5: N}, phase="combat"), f"attack {G}+{G} -> {N}", "Combat (I)",
     "A unit is named twice; each takes part once, as an integral whole (Combat I)."),
    (position({F7: G, R5: N}, phase="combat"), f"attack R{GREAT} -> {N}", "Russian Redoubts (A)",
     "Only the Russians attack with a redoubt's own strength (R2817); French units never benefit from the "
     "redoubts (Russian Redoubts A)."),
    (position({F7: G, R5: N}, phase="combat"), f"attack {go(G, 3)} -> {N}", "Combat (A)",
     f"There is no unit of yours in {go(G, 3)} (Combat A)."),
    (position({F7: G, R5: N}, phase="combat"), f"attack {N} -> {N}", "Combat (A)",
     f"There is no unit of yours in {N} (Combat A)."),
    (position({F7: G, R5: N}, phase="combat"), f"attack {G} -> {go(G, 1)}", "Combat (A)",
     f"There is no enemy unit in {go(G, 1)} (Combat A)."),
    (position({F7: G, F7b: go(G, 1), R5: N}, phase="combat"), f"attack {G} -> {go(G, 1)}", "Combat (A)",
     f"{go(G, 1)} (French 7-4 infantry) is your own unit (Combat A)."),
    (_flagged({F7: G, R5: N}, {F7: "advanced"}), f"attack {G} -> {N}", "Combat (D)",
     f"{G} (French 7-4 infantry) has advanced after combat this phase; no unit attacks more than once "
     "(Combat D)."),
    (_flagged({F7: G, R5: N}, {F7: "attacked"}), f"attack {G} -> {N}", "Combat (D, I)",
     f"{G} (French 7-4 infantry) has already attacked this phase; no unit attacks more than once, nor splits "
     "its strength between attacks (Combat D, I)."),
    (_flagged({F7: G, R5: N}, {R5: "advanced"}), f"attack {G} -> {N}", "Combat (D)",
     f"{N} (Russian 5-4 infantry) has advanced after combat this phase; no unit is attacked more than once "
     "(Combat D)."),
    (_flagged({F7: G, R5: N}, {R5: "defended"}), f"attack {G} -> {N}", "Combat (D)",
     f"{N} (Russian 5-4 infantry) has already been attacked this phase; no unit is attacked more than once "
     "(Combat D)."),
    (position({F7: "2818", R5: "2716"}, phase="combat"), "attack 2818 -> 2817+2716", "Russian Redoubts (I)",
     "An empty redoubt is attacked by itself, not together with units (Russian Redoubts I)."),
    (position({F7: "2723", R5: "2622"}, phase="combat"), "attack 2723 -> 2622", "Combat (K), Terrain Effects Chart",
     "Combat across the river hexside 2723/2622 is forbidden except to artillery; infantry and cavalry attack "
     "only across fords and bridges (Combat K, Terrain Effects Chart)."),
    (position({F7: D[3], F7b: D[4], R5: G}, phase="combat"), f"attack {D[3]} -> {G}", "Combat (B, C, D)",
     f"After this attack {D[4]} (French 7-4 infantry) could no longer attack or be attacked, yet every adjacent "
     "unit must take part (no unit attacks or is attacked twice; bombarding artillery attacks one unit, "
     "Artillery D); include them or arrange the attacks differently (Combat B, C, D)."),
]


@pytest.mark.parametrize("state, command, rule, sentence", FRENCH, ids=[c[1] for c in FRENCH])
def test_each_french_refusal_reads_exactly(state, command, rule, sentence):
    assert str(refused(state, "french", command, rule)) == sentence


def _russian(units: dict, **redoubt) -> dict:
    s = position(units, player="russian", phase="combat")
    s["redoubts"][GREAT].update(redoubt)
    return s


RUSSIAN = [
    (_russian({R5: G}), f"attack R{G} -> {N}", "Russian Redoubts (A)",
     f"There is no redoubt in {G}; the redoubts are in 2817, 3018, 3117, 3218, 3222 (Russian Redoubts A)."),
    (_russian({R5: "2818", F7: "2718"}, destroyed=True), "attack R2817 -> 2718", "Russian Redoubts (I, J)",
     "The redoubt at 2817 cannot attack now (destroyed, held by the French, or it has already attacked) "
     "(Russian Redoubts I, J)."),
    (_russian({R5: "2818", F7: "2718"}, attacked=True), "attack R2817 -> 2718", "Russian Redoubts (I, J)",
     "The redoubt at 2817 cannot attack now (destroyed, held by the French, or it has already attacked) "
     "(Russian Redoubts I, J)."),
    (_russian({R5: "2819", F7: "2918"}), "attack 2819 -> 2817", "Combat (A)",   # an empty redoubt: French targets only
     "There is no enemy unit in 2817 (Combat A)."),
    (_russian({R5: "2816", F7: "2716"}), "attack R2817+2816 -> 2716", "Russian Redoubts (General Rule)",
     "A redoubt's strength attacks only the three hexes beyond its front hexsides (2718, 2818, 2918), not 2716 "
     "(Russian Redoubts General Rule)."),
]


@pytest.mark.parametrize("state, command, rule, sentence", RUSSIAN, ids=[c[1] for c in RUSSIAN])
def test_each_russian_refusal_reads_exactly(state, command, rule, sentence):
    assert str(refused(state, "russian", command, rule)) == sentence


@pytest.mark.parametrize("attack", [Attack((), (N,)), Attack((G,), ())], ids=["no attackers", "no defenders"])
def test_an_attack_built_without_attackers_or_defenders_is_refused(attack):
    """Typed commands always name both; an attack built by a program (a computer player) may not."""
    s = position({F7: G, R5: N}, phase="combat")
    with pytest.raises(RuleViolation) as err:
        borodino.apply(s, "french", attack)
    assert str(err.value) == ("An attack names its attackers and the enemy units it attacks: `attack <hex> -> <hex>` "
                              "(Combat A).")


def test_no_attack_is_owed_across_a_river():
    """Combat (B) binds units "to which there are Friendly units adjacent" that may attack them: across a
    river hexside no unit may (Combat K), so the French may end the Combat Phase."""
    s = position({F7: "2723", R5: "2622"}, phase="combat")
    s2, _ = play(s, "french", "end")
    assert (s2["player"], s2["phase"]) == ("russian", "movement")
    assert owed_attacks(battle(s), "french") == []


def test_the_owed_attacks_are_named_by_the_attackers_hexes():
    """Two French units next to one Russian: the arrangement the engine offers is both against it."""
    s = position({F7: D[3], F7b: D[4], R5: G}, phase="combat")
    assert owed_attacks(battle(s), "french") == [(tuple(sorted((D[3], D[4]))), (G,))]


@pytest.mark.parametrize("defender_hex, attacker_hex, note", [
    ("3808", "3708", "3808 doubled in woods/road"),
    ("2208", "2207", "2208 doubled in a town"),
])
def test_the_doubling_terrain_is_named_in_the_notes(defender_hex, attacker_hex, note):
    """Terrain Effects Chart: towns and woods/road hexes double the defence; the odds note says which."""
    s = position({R5: defender_hex, F7: attacker_hex}, phase="combat")
    plan = plan_attack(battle(s), "french", Attack((attacker_hex,), (defender_hex,)), check_obligations=False)
    assert plan.notes == [note] and plan.odds == "1-2"


def test_a_broken_unit_is_refused_for_being_broken():
    """Doomed Victory 6.10: "Since broken units have no FRONT hexsides for combat, they may not attack, but
    defend normally". The refusal says so (not that the unit has already attacked); the control, unbroken,
    attacks."""
    s = position({F7: G, R5: N}, phase="combat", options=["dv_rally"])
    s["broken"] = [F7]
    assert str(refused(s, "french", f"attack {G} -> {N}", "Doomed Victory 6.10")) == (
        f"{G} (French 7-4 infantry) is broken: broken units may not attack, but defend normally, until rallied "
        "in the Rally Phase (Doomed Victory 6.10).")
    s["broken"] = []
    assert play(s, "french", f"attack {G} -> {N}")[0]["units"][F7]["attacked"]


def test_a_redoubt_aimed_at_two_hexes_off_its_front_names_both():
    """Russian Redoubts (General Rule): the redoubt's strength "may only be used when attacking the three
    gray colored hexes adjacent to the Front hexsides"; 2717 and 2917 are behind the Great Redoubt."""
    s = _russian({R5: "2816", F7: "2717", F7b: "2917"})
    assert str(refused(s, "russian", f"attack R{GREAT} -> 2717+2917", "Russian Redoubts (General Rule)")) == (
        "A redoubt's strength attacks only the three hexes beyond its front hexsides (2718, 2818, 2918), not "
        "2717, 2917 (Russian Redoubts General Rule).")


def test_an_attack_that_strands_two_enemy_units_names_both():
    """Combat (B, C): the French in G touches the Russians in three hexes around it and nobody else does;
    attacking one of them alone would leave the other two to nobody: the refusal names both."""
    s = position({F7: G, R5: D[0], "R-VIII-2Gr": D[1], "R-III-3": D[2]}, phase="combat")
    assert str(refused(s, "french", f"attack {G} -> {D[0]}", "Combat (B, C, D)")) == (
        f"After this attack {D[1]} (Russian 6-4 infantry), {D[2]} (Russian 5-4 infantry) could no longer "
        "attack or be attacked, yet every adjacent unit must take part (no unit attacks or is attacked twice; "
        "bombarding artillery attacks one unit, Artillery D); include them or arrange the attacks differently "
        "(Combat B, C, D).")
    assert play(s, "french", f"attack {G} -> {'+'.join(sorted(D[:3]))}")[1][0]["kind"] == "combat"


@pytest.mark.parametrize("phase, command, doing", [("movement", "stay", "`move` your units, then `end` it"),
                                                    ("combat", f"retreat {N}", "`attack`, then `end` it")])
def test_a_combat_results_answer_with_none_waiting_says_what_the_phase_asks_instead(phase, command, doing):
    """Combat: `retreat`, `advance`, `lose` and `stay` answer a result's choice; with none waiting the
    refusal says so and what the phase asks, where it read 'Nothing is waiting for that choice now'."""
    err = refused(position({F7: G, R5: N}, phase=phase), "french", command, "Combat")
    verb = command.split()[0]
    assert str(err) == (f"`{verb}` answers a combat result's choice after an attack, and none is waiting; it is "
                        f"the French {phase.title()} Phase: {doing} (Combat).")


def test_stay_with_no_advance_open_in_the_combat_phase_is_moot_elsewhere_a_mistake():
    """Combat H: `stay` declines an advance after combat; in the Combat Phase with none open it is refused
    as moot (rules.core.errors.Moot: played, it would change nothing), which one of several orders in a
    message is passed over for; in the Movement Phase it is an order of the wrong phase."""
    assert isinstance(refused(position({F7: G, R5: N}, phase="combat"), "french", "stay", "Combat"), Moot)
    assert not isinstance(refused(position({F7: G, R5: N}, phase="movement"), "french", "stay", "Combat"), Moot)
    assert not isinstance(refused(position({F7: G, R5: N}, phase="combat"), "french", f"retreat {N}", "Combat"), Moot)


def test_an_attack_from_the_hex_a_unit_advanced_from_tells_where_it_went():
    """'attack 3120 -> 3218' after 3120's unit had advanced into 3119 read 'There is no unit of yours
    in 3120' (seen in kolocha local, 6 September); it says where the unit went (Combat H)."""
    state = position({F7: G, R5: N}, phase="combat")
    state["log"]["advances"].append({"unit": F7, "side": "french", "from": go(G, 3), "to": G})
    assert str(refused(state, "french", f"attack {go(G, 3)} -> {N}", "Combat (A)")) == (
        f"There is no unit of yours in {go(G, 3)}: {G} (French 7-4 infantry) advanced from it after combat "
        "(Combat A).")
