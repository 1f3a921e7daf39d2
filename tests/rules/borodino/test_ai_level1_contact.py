"""rules/borodino/ai/level1.py: where the victory conditions count losses (7 Sept), a unit of either
side does not move into contact only to owe a losing attack (Combat B: "ALL Enemy units to which there are
Friendly units adjacent MUST be attacked"; ZOC D: it may not leave again); in any scenario units close on
an enemy they strike at good odds, and say so."""
from __future__ import annotations

import random

from rules import borodino
from rules.borodino.ai import level1
from rules.borodino.ai.positions import position_state
from rules.borodino.ai.level1 import HELD, _movement, moves, rash
from rules.core import positions
from rules.core.hexes import distance
from tests.rules.borodino.helpers import go, open_ground, position, ring

G = open_ground(4)
D = ring(G)
CAV, F7, F7b = "F-I-cav", "F-I-2", "F-IV-1"  # French 2-5 cavalry, two 7-4 infantry
R5 = "R-VIII-12"                              # Russian 5-4 infantry
FAR = {CAV: go(G, 3, 3, 3), F7: go(G, 0, 0, 0), F7b: go(G, 1, 1, 1)}  # three hexes out


def test_combat_b_a_lone_unit_moving_next_to_an_enemy_at_1_3_is_rash():
    """2 against 5 is 1-3, owed once the cavalry stands next to the infantry."""
    before = position({**FAR, R5: G})
    after = position({**FAR, CAV: D[3], R5: G})
    assert rash(before, after, "french")[0] == {CAV}


def test_combat_b_friends_moving_in_the_same_plan_make_the_attack_good():
    """Positive control: the two infantry arrive too, 16 against 5 is 3-1, and no one is rash."""
    before = position({**FAR, R5: G})
    after = position({CAV: D[3], F7: D[0], F7b: D[1], R5: G})
    assert rash(before, after, "french")[0] == frozenset()


def _next_to_g(n: int, choices: list) -> int:
    """A pick that ends the move next to G whenever the unit's options allow it."""
    return next((i for i, h in enumerate(choices) if h is not None and distance(h, G) == 1), 0)


def test_combat_b_a_held_unit_ends_its_move_out_of_contact():
    state = position({CAV: FAR[CAV], R5: G})
    free, after = moves(state, "french", _next_to_g)
    assert distance(after["units"][CAV]["hex"], G) == 1 and not free[0].reason.endswith(HELD)
    held, after = moves(state, "french", _next_to_g, frozenset({CAV}))
    assert distance(after["units"][CAV]["hex"], G) > 1 and held[0].reason.endswith(HELD)


def test_combat_b_the_russians_of_7_sept_do_not_walk_into_a_losing_attack_either(monkeypatch):
    """"Russian Substantial victory: French must have more Combat Point losses than the Russians":
    the Russian 2-4 Guard infantry that would end next to a French 7-4 (1-4, and owed) is held back."""
    R2, F = "R-V-3G", "F-I-2"
    state = position({R2: go(G, 3, 3, 3), F: G}, player="russian")
    _, after = moves(state, "russian", _next_to_g)
    assert rash(state, after, "russian")[0] == {R2}  # the unchecked plan walks in
    monkeypatch.setattr(level1, "first", _next_to_g)  # the plan's own pick would walk in next to G
    plan = _movement(state, "russian")
    assert plan[0].command.startswith(f"move {go(G, 3, 3, 3)} ") and distance(plan[0].command.split()[-1], G) > 1


def _plan_in(position_id: str) -> list:
    entry = next(p for p in positions.load("borodino", borodino.INFO.sides) if p.id == position_id)
    state = position_state(entry.entry)
    return level1.Level1().plan(borodino.view(state, entry.side), (), random.Random(0))


def test_combat_b_units_close_on_an_enemy_they_strike_at_good_odds_and_say_so():
    """Nothing threatens the Schevardino redoubt the Russians hold (5 Sept, Game-Turn 4); the two
    divisions beside it close on the lone French 2-5 cavalry in the open, 9 against 2, a 4-1 (CRT:
    no result eliminates the attacker), each move saying the attack it closes for, why the first
    time (a channel reads every reason). Before, they waited beside the redoubt."""
    plan = _plan_in("strike-the-lone-cavalry")
    assert [(d.command, d.reason) for d in plan if d.command.startswith("move ")] == [
        ("move 3122 3023", "closes on 2924 to attack it at 4-1 (expected +1.0 Combat Points over the CRT): the odds "
                           "favour the attack it will owe (Combat B)"),
        ("move 3224 2923", "closes on 2924 to attack it at 4-1")]


def test_combat_j_no_unit_closes_on_a_division_doubled_in_a_town():
    """7 Sept: a French division in Borodino (a town, Combat J: doubled) and a 1-point cavalry
    unit in the open are both within the Russians' reach: they close on the cavalry at 6-1, none on the town,
    and the rest march on as before."""
    plan = _plan_in("strike-in-the-open-not-the-town")
    ends = {d.command.split()[-1]: d.reason for d in plan if d.command.startswith("move ")}
    assert not set(ends) & set(ring("2319"))
    assert [h for h, why in ends.items() if why.startswith("closes on 2620 to attack it at 6-1")] == ["2619", "2520"]
    assert ends["2516"] == "closes on 2817, a march of 3 hexes"


def test_combat_b_units_close_on_an_enemy_with_what_the_odds_need_and_the_rest_go_about_their_aims():
    """7 Sept: three divisions within reach of a 1-point cavalry unit in the open. The 6-4 alone makes
    6-1, the CRT's last column (odds past it are resolved as 6-1, Combat, General Rule), so it alone
    closes; the 4-4 and the 5-4 march for the Great Redoubt, each move saying why in one line.
    Before, all three closed, 15 against 1."""
    plan = _plan_in("strike-with-what-the-odds-need")
    assert [(d.command, d.reason) for d in plan] == [
        ("move 2616 2619", "closes on 2620 to attack it at 6-1 (expected +1.0 Combat Points over the CRT): the odds "
                           "favour the attack it will owe (Combat B)"),
        ("move 2517 2717", "closes on 2817, a march of 1 hex"),
        ("move 2417 2718", "closes on 2817, a march of 1 hex"),
        ("move 2215 2516", "closes on 2817, a march of 3 hexes"),
        ("end", "every unit that should move has moved (Sequence of Play)")]


def test_a_closing_level_2_held_back_says_no_odds():
    """Level 2's plan may hold back every unit that would close on an enemy level 1 strikes (its
    HOLD_BACK); the board it leaves attacks no one there, and the reason weighed for that enemy names
    no odds, as no attack on it is made."""
    entry = next(p for p in positions.load("borodino", borodino.INFO.sides) if p.id == "strike-the-lone-cavalry")
    state = position_state(entry.entry)
    assert level1.closing(state, "russian", state, frozenset({"2924"})) == {
        "2924": ("closes on 2924 to attack it", " (Combat B)")}
