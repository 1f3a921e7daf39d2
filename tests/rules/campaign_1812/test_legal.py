"""legal.py: every command a side may give now, as autocomplete, hints and random play offer them --
each one the rules accept, and none they would accept left out (one position a phase, listed in full)."""
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position
from tests.rules.campaign_1812.test_combat import battle
from tests.rules.campaign_1812.test_leaders import napoleon, with_leaders


def listed(state: dict, side: str) -> list[str]:
    return [c.to_text() for c in c1812.legal_commands(state, side)]


def test_attrition_offers_every_enemy_stack():
    """ATTRITION: 'These losses are selected by the opponent': the Russian attrition, chosen by the French."""
    state = position({15: {"inf": 2}}, {18: {"inf": 1}, 1: {"inf": 1}}, player="russian", phase="attrition",
                     attrition=1)
    assert listed(state, "french") == ["attrit 1", "attrit 18"]


def test_a_movement_phase_offers_each_stack_whole_or_a_unit_of_each_kind_to_every_neighbour():
    """MOVEMENT: a moved stack is done; 'French depot units can only move if accompanied by a supply unit',
    so a French depot alone stays, and with a supply unit it goes along."""
    state = position({4: {"inf": 1}, 5: {"depot": 1}, 30: {"cav": 1}, 32: {"inf": 1, "supply": 1, "depot": 1}},
                     {1: {"inf": 1}}, moved={"4": {"inf": 1, "cav": 0, "supply": 0, "depot": 0}})
    assert listed(state, "french") == [
        "move 30 5", "move 30 5 1 cav", "move 30 11", "move 30 11 1 cav", "move 30 13", "move 30 13 1 cav",
        "move 30 31", "move 30 31 1 cav",
        "move 32 29", "move 32 29 1 inf", "move 32 29 1 supply 1 depot",
        "move 32 31", "move 32 31 1 inf", "move 32 31 1 supply 1 depot", "end"]


def test_russian_depots_and_supply_units_move_alone():
    """Reconstructed (movement.py): Russian depots move like supply units."""
    state = position(None, {20: {"supply": 1}, 28: {"depot": 1}, 29: {"supply": 1, "depot": 1}}, player="russian")
    assert listed(state, "russian") == [
        *(f"move 20 {n}{part}" for n in (13, 29, 31, 211) for part in ("", " 1 supply")),
        "move 28 22", "move 28 27", "move 28 29", "move 28 212",
        *(f"move 29 {n}{part}" for n in (20, 28, 32, 211) for part in ("", " 1 supply 1 depot")), "end"]


def test_forced_marches_offer_corps_only():
    """MOVEMENT: 'Supply units ... may not force march': a supply unit alone is not offered."""
    state = position({14: {"supply": 1}, 23: {"inf": 2, "supply": 1}}, {1: {"inf": 1}}, phase="march")
    assert listed(state, "french") == [
        "march 23 15", "march 23 15 1 inf", "march 23 18", "march 23 18 1 inf", "march 23 24", "march 23 24 1 inf",
        "march 23 26", "march 23 26 1 inf", "march 23 34", "march 23 34 1 inf", "march 23 161",
        "march 23 161 1 inf", "end"]


def test_a_leader_not_yet_moved_is_offered_with_an_infantry_corps():
    """The optional leader rule: `leader` takes him along with the corps named, once a Player-Turn."""
    state = with_leaders({10: {"cav": 1}, 12: {"inf": 2}}, {1: {"inf": 1}}, {"french": napoleon(12)})
    offered = listed(state, "french")
    assert [c for c in offered if c.startswith("move 10 ")] == [
        f"move 10 {n}{part}" for n in (7, 9, 12, 14, 15, 18) for part in ("", " 1 cav")]
    assert [c for c in offered if c.endswith(" leader")] == [
        f"move 12 {n} 1 inf leader" for n in (6, 9, 10, 11, 13, 14)]
    state["leaders"]["french"]["moved"] = True
    assert not [c for c in listed(state, "french") if c.endswith(" leader")]


def test_the_supply_segment_offers_a_depot_where_a_supply_unit_stands():
    state = position({14: {"supply": 1}, 15: {"inf": 1}}, {1: {"inf": 1}}, phase="supply")
    assert listed(state, "french") == ["depot 14", "end"]


def test_battle_plans_offer_every_chit_and_each_withdrawal_of_the_cavalry():
    """COMBAT: the cavalry may withdraw to an adjacent place without an enemy stack -- one of its own
    included; a side without cavalry has only its chits."""
    state = battle({"inf": 3, "cav": 1}, {"inf": 2}, more_french={10: {"inf": 1}}, more_russian={18: {"inf": 1}})
    assert listed(state, "french") == [
        f"plan {chit}{away}" for chit in ("outflank", "assault", "reconnaissance", "contact")
        for away in ("", " withdraw 10", " withdraw 23", " withdraw 161")]
    assert listed(state, "russian") == ["plan withdraw", "plan entrench", "plan counterattack", "plan cordon"]


def test_the_defender_s_choice_offers_fight_and_each_retreat():
    """The Battle Plan Chart's 'D choice': fight, or retreat to an adjacent place without an enemy stack --
    here the French defend Smolensk, with their own stack in Vitebsk and the Russians' in Mogilev."""
    state = position({15: {"inf": 2}, 10: {"inf": 1}}, {15: {"inf": 3}, 18: {"inf": 1}}, player="russian",
                     phase="march")
    state, _ = do(state, "russian", "end")
    state, _ = do(state, "russian", "plan assault")
    state, _ = do(state, "french", "plan withdraw")
    assert listed(state, "french") == ["fight", "retreat 10", "retreat 23", "retreat 161"]
    assert listed(state, "russian") == []
