"""rules/borodino/ai/level1.py's mid-turn choices and the reasons a player reads in the channel."""
from __future__ import annotations

from rules.borodino.ai import level1
from rules.borodino.battle import Battle
from tests.rules.borodino.helpers import force_die, go, open_ground, play, position, ring

G = open_ground(4)
D = ring(G)


def test_a_retreat_chosen_for_the_beaten_enemy_says_whose_unit_goes_where():
    """The victor chooses where the beaten unit retreats (Retreat and Advance): the French
    computer sends the Russian unit from the French units' side, naming the hex and whose units
    it counts; it read 'retreats where the fewest enemy units stand next to it' (whose enemy?)."""
    s = position({"F-I-2": D[3], "F-IV-1": D[2], "R-VIII-12": G}, phase="combat")
    force_die(s, 1)  # 2-1, die 1: Dr, the French choose where the Russian goes
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    decision = level1.choice(Battle(s), "french")
    assert decision.command == f"retreat {D[0]}"
    assert decision.reason == ("the victor chooses where a beaten unit retreats (Retreat and Advance): "
                               f"to {D[0]}, the hex offered with the fewest Russian units next to it, "
                               "away from its own side")


def test_bombarding_artillery_alone_keeps_its_hex_and_says_why_without_other_attackers():
    """Bombarding artillery "may voluntarily elect to suffer an 'Attacker Retreat'" (Artillery C):
    the computer keeps it in its hex. Attacking alone it has no companions to retreat with, so the
    reason may not speak of 'the others' (it read 'rather than retreat with the others')."""
    art, far = "F-I-art", go(G, 3, 3)                      # a French 7-3, two hexes from G
    s = position({art: far, "R-VIII-2Gr": G}, phase="combat")  # 7 against 6: 1-1
    force_die(s, 4)  # Ar
    s, _ = play(s, "french", f"attack {far} -> {G}")
    assert s["pending"]["steps"][0]["kind"] == "voluntary"
    decision = level1.choice(Battle(s), "french")
    assert decision.command == "stay"
    assert decision.reason == ("bombarding artillery need not share the attack's retreat, and keeps its hex "
                               "(Artillery C)")


def test_guns_bombarding_at_no_risk_say_so_rather_than_that_the_crt_favours_them():
    """Bombarding artillery suffers no result (Artillery C), so a bombardment at 1-1 gains Combat
    Points where the same odds would lose them for infantry; its reason read 'the CRT favours it'
    (seen at 1-2 in the Grand Battle), which the column does not."""
    art, far = "F-I-art", go(G, 3, 3)                      # a French 7-3, two hexes from G
    s = position({art: far, "R-VIII-2Gr": G}, phase="combat")  # 7 against 6: 1-1
    decision = level1.combat(Battle(s), "french")
    assert decision.command == f"attack {far} -> {G}"
    assert decision.reason == (f"attacks {G} at 1-1 (expected +1.5 Combat Points over the CRT): no result strikes "
                               "the guns that fire it (Artillery C)")
