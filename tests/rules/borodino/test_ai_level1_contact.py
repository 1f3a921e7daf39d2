"""rules/borodino/ai/level1.py: where the victory conditions count losses (7 Sept), a unit of either
side does not move into contact only to owe a losing attack (Combat B: "ALL Enemy units to which there are
Friendly units adjacent MUST be attacked"; ZOC D: it may not leave again)."""
from __future__ import annotations

from rules.borodino.ai import level1
from rules.borodino.ai.level1 import HELD, _movement, moves, rash
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
