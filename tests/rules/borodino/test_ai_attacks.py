"""rules/borodino/ai/attacks.py: an attack's exact expectation over the six faces of its CRT column."""
from __future__ import annotations

import random
import re
from fractions import Fraction

from rules import borodino
from rules.borodino import commands as C
from rules.borodino.ai.attacks import RETREAT, expectation
from rules.borodino.ai.goals import loss_weight, objectives
from rules.borodino.battle import Battle
from rules.borodino.odds import forecast
from tests.rules.borodino.helpers import open_ground, position, ring

G = open_ground(4)
D = ring(G)
F7, F7b = "F-I-2", "F-IV-1"  # French 7-4 infantry
R5 = "R-VIII-12"             # Russian 5-4 infantry


def test_one_to_one_is_three_defender_retreats_against_three_attacker_retreats():
    """7 against 5 is the 1-1 column (odds rounded for the defender): CRT faces 1-3 Dr, 4-6 Ar.
    A retreat is worth RETREAT times the points pushed back: (3 x 5/2 - 3 x 7/2) / 6 = -1/2."""
    s = position({F7: D[3], R5: G}, phase="combat")
    e = expectation(Battle(s), "french", C.Attack((D[3],), (G,)), {})
    assert e.odds == "1-1" and RETREAT == Fraction(1, 2)
    assert e.value == Fraction(3 * 5, 6) * RETREAT - Fraction(3 * 7, 6) * RETREAT == Fraction(-1, 2)


def test_two_to_one_counts_the_exchange_at_the_defenders_printed_strength():
    """14 against 5 is 2-1: faces 1-4 Dr (+5/2), 5 Ex (+5 destroyed, -5 given up: CRT Ex),
    6 Ar (both attackers pushed back, -14/2): (4 x 5/2 + 0 - 7) / 6 = 1/2."""
    s = position({F7: D[3], F7b: D[4], R5: G}, phase="combat")
    e = expectation(Battle(s), "french", C.Attack((D[3], D[4]), (G,)), {})
    assert e.odds == "2-1" and e.value == Fraction(1, 2)


def test_a_defender_that_cannot_retreat_is_counted_as_eliminated():
    """Attackers on opposite sides of the defender: every other hex next to it is in a French zone
    of control, so Dr eliminates it (Retreat and Advance): (4 x 5 + 0 - 7) / 6 = 13/6."""
    s = position({F7: D[0], F7b: D[3], R5: G}, phase="combat")
    f = forecast(s, f"{D[0]}+{D[3]} -> {G}")
    assert any(r["result"] == "Dr" and r["blocked"] for r in f["results"])
    e = expectation(Battle(s), "french", C.Attack((D[0], D[3]), (G,)), {})
    assert e.odds == "2-1" and e.value == Fraction(13, 6)


def test_a_victory_hex_the_defender_must_leave_adds_its_ground():
    """The same 1-1 attack on a victory hex: Dr (faces 1-3) drives the defender from it."""
    s = position({F7: D[3], R5: G}, phase="combat")
    e = expectation(Battle(s), "french", C.Attack((D[3],), (G,)), {G: "a victory hex"})
    assert e.value == Fraction(-1, 2) + Fraction(3, 6) * 6


def test_holding_a_victory_hex_counts_it_lost_when_the_attack_fails():
    """Level 2 may value an attack `holding` its victory hexes: the 1-1 attack above, made from a
    victory hex, loses it on faces 4-6 (Ar; Combat H lets the defender advance into it):
    -1/2 - 3/6 x 6. Level 1's measure leaves it out, and a defender's victory hex is unchanged."""
    s = position({F7: D[3], R5: G}, phase="combat")
    attack, ours = C.Attack((D[3],), (G,)), {D[3]: "a victory hex"}
    assert expectation(Battle(s), "french", attack, ours).value == Fraction(-1, 2)
    assert expectation(Battle(s), "french", attack, ours, holding=True).value == Fraction(-1, 2) - Fraction(3, 6) * 6
    theirs = {G: "a victory hex"}
    assert (expectation(Battle(s), "french", attack, theirs, holding=True)
            == expectation(Battle(s), "french", attack, theirs))


def test_the_french_of_7_september_weigh_their_own_losses_double():
    """Victory Conditions (7 Sept): the French substantial victory needs twice the Russian losses,
    and the Russians win a substantial victory when the French lose more. The 1-1 attack above
    risks 7 French points pushed back on faces 4-6: (3 x 5/2 - 2 x 3 x 7/2) / 6 = -9/4."""
    s = position({F7: D[3], R5: G}, phase="combat")
    assert loss_weight(Battle(s), "french") == 2 and loss_weight(Battle(s), "russian") == 1
    e = expectation(Battle(s), "french", C.Attack((D[3],), (G,)), {}, loss_weight(Battle(s), "french"))
    assert e is not None and e.value == Fraction(-9, 4)
    five = position({F7: D[3], R5: G}, scenario="5sep", phase="combat")
    assert loss_weight(Battle(five), "french") == 1


def _from_forecast(state: dict, side: str, attack: C.Attack, goals: dict) -> Fraction:
    """The same expectation read off `odds.forecast`, which tries every retreat path."""
    points = {"french": -1, "russian": 1} if side == "french" else {"french": 1, "russian": -1}

    def signed(described: list[str]) -> int:
        return sum(points[m[1].lower()] * int(m[2]) for d in described
                   if (m := re.match(r"^\S+ \((French|Russian) (\d+)-", d)))
    total = Fraction(0)
    for r in forecast(state, attack.to_text().removeprefix("attack "))["results"]:
        v = signed(r["eliminated"] + r["blocked"]) - r["exchange"] + RETREAT * signed(r["retreat"])
        v += 6 if any(d in goals for d in attack.defenders) and r["result"] in ("De", "Ex", "Dr") else 0
        total += Fraction(len(r["faces"]), 6) * v
    return total


def test_the_one_search_for_an_open_retreat_agrees_with_the_forecast_over_a_random_game():
    """Retreat and Advance, Displacement: every attack offered in a random 7 Sept game is worth
    what odds.forecast (every path tried) says."""
    state, rng, compared = borodino.setup("7sep", 3), random.Random(3), 0
    for _ in range(300):
        side = borodino.active_sides(state)[0]
        if state["phase"] == "combat" and not state["pending"]:
            b, goals = Battle(state), objectives(Battle(state), side)
            for attack in borodino.legal_commands(state, side):
                if isinstance(attack, C.Attack):
                    e = expectation(b, side, attack, goals)
                    assert e is not None and e.value == _from_forecast(state, side, attack, goals)
                    compared += 1
        state, _ = borodino.apply(state, side, borodino.sample_command(state, side, rng))
    assert compared > 30
