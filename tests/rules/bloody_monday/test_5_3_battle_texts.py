"""What the players read when a battle is called, word for word (rules/bloody_monday/combat.py,
`start`): the refusals of 5.1 and 5.3 and the event that opens a battle (issue 17.3)."""
from __future__ import annotations

from tests.rules.bloody_monday.bm_helpers import do, position, refused
from tests.rules.bloody_monday.test_5_3_combat import attack_42


def test_5_3_a_battle_opens_with_the_attacker_named():
    state, events = do(attack_42(), "french", "battle 42")
    assert events[0] == {**events[0], "kind": "battle", "area": 42, "to": "all",
                         "text": "French resolves the battle in 42 (5.3)."}
    assert state["battle"]["area"] == 42 and state["battle"]["attacker"] == "french"
    assert state["impulse"]["segment"] == "combat"


def test_5_3_only_a_contested_area_awaiting_battle():
    assert refused(attack_42(), "french", "battle 16", "5.3") == (
        "16 is not a contested area awaiting battle this impulse; choose one that is (5.3).")


def test_5_1_a_tactical_action_needs_an_activated_leader():
    state, _ = do(position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42}), "french", "tactical")
    assert refused(state, "french", "battle 42", "5.1") == (
        "Activate a tactical leader first: each one allows one battle (5.1).")


def test_5_3_no_battle_outside_a_tactical_or_special_action():
    state = position({"F-I-1": 42, "R-1-2J": 42})
    assert state["impulse"] is None
    assert refused(state, "french", "battle 42", "5.3") == (
        "Battles are fought in a Tactical Action or a Special Initiative Action (6.2) (5.3).")
