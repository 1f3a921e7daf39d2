"""COMBAT and the Battle Plan Chart (SPI's 1812 overview), case by case. The French are the phasing player, so the
attacker; each test starts at the end of their forced marches."""
from rules.campaign_1812.combat import column
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused, rig, stack, texts
from tests.rules.controls import cleared


def battle(french: dict, russian: dict, place: int = 15, **extra) -> dict:
    """The French Combat Phase opened with these two stacks in `place` (and any `extra` stacks)."""
    state = position({place: french, **extra.get("more_french", {})}, {place: russian, **extra.get("more_russian", {})},
                     phase="march")
    state, _ = do(state, "french", "end")
    return state


def fought(french: dict, russian: dict, die: int, french_plan: str, russian_plan: str) -> tuple[dict, list[str]]:
    """The battle of these two stacks in 15, its next die rigged to `die`, fought with these two
    battle plans: the state after, and the lines told to all."""
    state = battle(french, russian)
    rig(state["dice"], die)
    state, _ = do(state, "french", f"plan {french_plan}")
    state, events = do(state, "russian", f"plan {russian_plan}")
    return state, texts(events, "all")


def test_combat_occurs_where_both_players_have_infantry():
    """'Combat occurs in each area where both Players have infantry units present during the combat phase.'"""
    state = battle({"inf": 3}, {"inf": 2})
    assert state["battle"]["place"] == 15 and state["battle"]["attacker"] == "french"
    quiet = battle({"cav": 1}, {"cav": 2})  # cavalry against cavalry: no battle
    assert quiet["battle"] is None and quiet["phase"] == "supply"


def test_both_players_choose_at_once_and_neither_learns_whether_the_other_has():
    """'Prior to any infantry battle, each Player selects a battle tactic by placing a chit ... face down
    ... Both Players simultaneously reveal their choices.'"""
    state = battle({"inf": 3}, {"inf": 2})
    assert c1812.active_sides(state) == ["french", "russian"]
    before = {side: c1812.view(state, side) for side in ("russian", None)}
    state, events = do(state, "french", "plan assault")
    assert texts(events) == ["Your Battle Plan in Smolensk (15): Assault."] and events[0]["to"] == "french"
    assert c1812.active_sides(state) == ["french", "russian"]
    assert {side: c1812.view(state, side) for side in ("russian", None)} == before
    assert c1812.view(state, "french")["battle"]["my_plan"] == "assault"
    state, _ = do(state, "french", "plan outflank")  # a chit face down may still be changed
    assert state["battle"]["plans"]["french"] == "outflank"


def test_the_attacker_plays_attacker_chits_and_the_defender_defender_chits():
    state = battle({"inf": 3}, {"inf": 2})
    sentence = refused(state, "french", "plan cordon", "Battle Plan Chart")
    assert sentence == ("As the attacker you choose one of outflank, assault, reconnaissance, contact "
                        "(Battle Plan Chart).")
    refused(state, "russian", "plan assault", "Battle Plan Chart")
    assert do(state, "russian", "plan cordon")[0]["battle"]["plans"]["russian"] == "cordon"


def test_both_chits_are_revealed_together_with_both_stacks():
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "russian", "plan entrench")
    state, events = do(state, "french", "plan contact")  # entrench x contact: no effect
    assert texts(events, "all")[0] == ("Battle of Smolensk (15): French Contact against Russian Entrench. "
                                       "French: 3 infantry corps; Russian: 2 infantry corps.")
    assert all(e["irreversible"] for e in events)  # undo may not un-reveal it
    assert state["battle"] is None
    assert stack(state, "french", 15)["inf"] == 3 and stack(state, "russian", 15)["inf"] == 2


def test_chart_withdraw_against_reconnaissance_the_defender_retreats_and_the_battle_stops():
    """Chart: 'Dr(D) & stop' -- the defender retreats; no die is rolled."""
    state = battle({"inf": 3}, {"inf": 2, "supply": 1})
    rolls = state["dice"]["rolls"]
    state, _ = do(state, "french", "plan reconnaissance")
    state, events = do(state, "russian", "plan withdraw")
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    assert c1812.active_sides(state) == ["russian"]
    state, _ = do(state, "russian", "retreat 23")
    assert stack(state, "russian", 23) == {"inf": 2, "cav": 0, "supply": 1, "depot": 0}
    assert state["dice"]["rolls"] == rolls and state["battle"] is None


def test_a_retreat_goes_next_door_without_enemy_infantry():
    state = battle({"inf": 3}, {"inf": 2}, more_french={10: {"inf": 1}})
    state, _ = do(state, "french", "plan reconnaissance")
    state, _ = do(state, "russian", "plan withdraw")
    sentence = refused(state, "russian", "retreat 10", "Combat: Retreat After Combat")
    assert sentence == ("Retreat to an adjacent place without an enemy stack: 18, 23, 161 "
                        "(Combat: Retreat After Combat).")
    assert do(state, "russian", "retreat 18")[0]["stacks"]["russian"]["18"]["inf"] == 2


def test_chart_outflank_against_entrench_costs_the_attacker_a_corps_then_combat():
    """Chart: 'A-1c' then 'go CRS-PS-RAC'."""
    _, lines = fought({"inf": 4}, {"inf": 2}, 3, "outflank", "entrench")
    assert "French loses 1 infantry corps." in lines
    assert "Combat Results Table: 3 against 2, column 3-2, die 3 (modified 4): D1 Dr." in lines


def test_chart_assault_against_entrench_doubles_the_defender():
    """Chart: 'cx2' -- the entrenched corps count double in the Combat Resolution Step."""
    _, lines = fought({"inf": 4}, {"inf": 2}, 1, "assault", "entrench")
    assert "Combat Results Table: 4 against 4, column 1-1, die 1 (modified 2): A1 D1." in lines


def test_chart_counterattack_switches_attacker_and_defender():
    """Chart: 'A&D switch' -- the defender becomes the attacker for all further steps; here the Russian
    cavalry surplus then pursues the French (go PS-RAC)."""
    state, lines = fought({"inf": 2}, {"inf": 2, "cav": 2}, 1, "reconnaissance", "counterattack")
    assert "A&D switch: the Russian player is now the attacker." in lines
    assert "Pursuit: 2 surplus Russian cavalry, die 1: D1." in lines
    assert stack(state, "french", 15)["inf"] == 1


def test_defenders_choice_retreat_or_fight():
    """Chart: 'Dr(D) or go CRS-PS-RAC, D choice' (Withdraw against Assault)."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    assert c1812.active_sides(state) == ["russian"] and state["battle"]["stage"] == "choice"
    refused(state, "french", "fight", "Sequence of Play")
    fought, events = do(state, "russian", "fight")
    assert any(t.startswith("Combat Results Table") for t in texts(events))
    gone, _ = do(state, "russian", "retreat 23")
    assert stack(gone, "russian", 23)["inf"] == 2 and gone["battle"] is None


def test_cavalry_confronted_by_infantry_without_friendly_infantry_must_retreat():
    """'Cavalry may not engage in battles with infantry (being forced to retreat if confronted by opposing
    infantry unless friendly infantry units are also present.)'"""
    state = battle({"inf": 2}, {"cav": 1})
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": False}
    state, events = do(state, "russian", "retreat 161")
    assert stack(state, "russian", 161)["cav"] == 1 and state["phase"] == "supply"
    together = battle({"inf": 2}, {"cav": 1, "inf": 1})  # with friendly infantry it stays for the battle
    assert together["retreat"] is None and together["battle"]["place"] == 15


def test_a_confronted_stack_with_nowhere_to_go_is_eliminated():
    french = {n: {"inf": 1} for n in (10, 18, 23, 161)}
    state = battle({"inf": 2}, {"cav": 1}, more_french=french)
    assert not state["stacks"]["russian"] and state["retreat"] is None


def test_cavalry_may_always_withdraw_before_an_infantry_battle():
    """'Cavalry may always retreat prior to infantry vs. infantry combat.'"""
    state = battle({"inf": 3, "cav": 2}, {"inf": 2, "cav": 1})
    refused(state, "russian", "plan cordon withdraw 17", "Combat")
    state, _ = do(state, "russian", "plan cordon withdraw 23")
    state, events = do(state, "french", "plan contact")  # cordon x contact: no effect
    assert "Russian cavalry (1) withdraws to Roslavl (23) before the battle." in texts(events, "all")
    assert stack(state, "russian", 23)["cav"] == 1 and stack(state, "russian", 15)["cav"] == 0
    no_cavalry = battle({"inf": 3}, {"inf": 2})
    sentence = refused(no_cavalry, "russian", "plan cordon withdraw 23", "Combat")
    assert sentence == "You have no cavalry in Smolensk (15) to withdraw (Combat)."


def test_pursuit_needs_surplus_cavalry():
    """'This after-battle pursuit is based upon the relative strengths of each Player's cavalry.'"""
    equal = battle({"inf": 2, "cav": 1}, {"inf": 2, "cav": 1})
    rig(equal["dice"], 6)
    equal, _ = do(equal, "french", "plan reconnaissance")
    equal, events = do(equal, "russian", "plan cordon")  # cordon x reconnaissance: Dr(D), go PS-RAC
    assert not any(t.startswith("Pursuit") for t in texts(events))
    more = battle({"inf": 2, "cav": 3}, {"inf": 2, "cav": 1})
    rig(more["dice"], 1)
    more, _ = do(more, "french", "plan reconnaissance")
    more, events = do(more, "russian", "plan cordon")
    assert "Pursuit: 2 surplus French cavalry, die 1: D1." in texts(events)


def test_the_combat_results_table_column_favours_the_defender():
    columns = ("1-3", "1-2", "1-1", "3-2", "2-1", "3-1")
    assert [column(columns, a, 2) for a in (1, 2, 3, 4, 5, 6, 9)] == [1, 2, 3, 4, 4, 5, 5]
    assert column(columns, 1, 4) == 0


def test_french_leadership_adds_one_when_they_attack_and_takes_one_when_they_defend():
    """'leaders are accounted for by a rule that adjusts the die roll to reflect French superiority.'"""
    _, lines = fought({"inf": 2}, {"inf": 2}, 3, "assault", "cordon")
    assert "Combat Results Table: 2 against 2, column 1-1, die 3 (modified 4): D1." in lines
    russian = position({15: {"inf": 2}}, {15: {"inf": 2}}, player="russian", phase="march")
    russian, _ = do(russian, "russian", "end")
    rig(russian["dice"], 3)
    russian, _ = do(russian, "russian", "plan assault")
    russian, events = do(russian, "french", "plan cordon")
    assert "Combat Results Table: 2 against 2, column 1-1, die 3 (modified 2): A1 D1." in texts(events)
