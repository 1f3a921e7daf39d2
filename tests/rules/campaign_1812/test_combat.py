"""COMBAT and the Battle Plan Chart (SPI's 1812 overview), case by case. The French are the phasing player, so the
attacker; each test starts at the end of their forced marches."""
import pytest

from rules.campaign_1812.campaign_data import CHART_CODES
from rules.campaign_1812.combat import CODE_WORDS, column
from rules.core.errors import CommandError
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


def test_a_combat_phase_with_nothing_to_fight_says_so():
    """A Combat Phase where no area holds infantry of both players read 'Combat Phase.' on a line of
    its own, the next Player-Turn under it; it says no battle is fought and why. One with a battle
    or a confronted stack to retreat opens as before, the battle or the retreat under it."""
    def opened(french: dict, russian: dict) -> list[str]:
        _, events = do(position({15: french}, {15: russian}, phase="march"), "french", "end")
        return texts(events, "all")[:2]

    assert opened({"cav": 1}, {"cav": 2})[0] == (
        "Combat Phase: no area holds infantry of both players, so no battle is fought (Combat).")
    assert opened({"inf": 3}, {"inf": 2}) == ["Combat Phase.", "Battle in Smolensk (15): the French player attacks "
                                             "(Combat)."]
    assert opened({"cav": 1}, {"inf": 2})[0] == "Combat Phase."


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
    assert sentence == ("Vitebsk (10) holds a French stack; retreat to an adjacent place without an enemy stack: "
                        "Mogilev (18), Roslavl (23), Vyazma (161) (Combat: Retreat After Combat).")
    assert refused(state, "russian", "retreat 17", "Combat: Retreat After Combat") == (
        "Moscow (17) is not next to Smolensk (15); retreat to an adjacent place without an enemy stack: Mogilev "
        "(18), Roslavl (23), Vyazma (161) (Combat: Retreat After Combat).")
    assert refused(state, "russian", "retreat 15", "Combat: Retreat After Combat") == (
        "A retreat leaves its place; retreat to an adjacent place without an enemy stack: Mogilev (18), Roslavl "
        "(23), Vyazma (161) (Combat: Retreat After Combat).")
    assert do(state, "russian", "retreat 18")[0]["stacks"]["russian"]["18"]["inf"] == 2


def test_chart_outflank_against_entrench_costs_the_attacker_a_corps_then_combat():
    """Chart: 'A-1c' then 'go CRS-PS-RAC'."""
    _, lines = fought({"inf": 4}, {"inf": 2}, 3, "outflank", "entrench")
    assert "The French lose 1 infantry corps." in lines
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
    assert "The Russians withdraw 1 cavalry corps to Roslavl (23) before the battle." in texts(events, "all")
    assert stack(state, "russian", 23)["cav"] == 1 and stack(state, "russian", 15)["cav"] == 0
    state = battle({"inf": 3, "cav": 2}, {"inf": 2})
    state, _ = do(state, "french", "plan contact withdraw 10")
    state, events = do(state, "russian", "plan cordon")
    assert "The French withdraw 2 cavalry corps to Vitebsk (10) before the battle." in texts(events, "all")
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


def russian_attack(french: dict, russian: dict, place: int = 15, **more) -> dict:
    """The Russian Combat Phase opened with these two stacks in `place`: the Russians attack, the French defend."""
    state = position({place: french, **more.get("more_french", {})}, {place: russian}, player="russian",
                     phase="march")
    state, _ = do(state, "russian", "end")
    return state


def test_a_french_stack_confronted_without_infantry_retreats_like_a_russian_one():
    """COMBAT: a confronted stack retreats next door, to a place without an enemy stack (its own are no
    bar); the events say where, for the front ends."""
    state = battle({"cav": 1}, {"inf": 2}, more_french={23: {"inf": 1}})
    assert state["retreat"] == {"side": "french", "place": 15, "battle": False}
    state, events = do(state, "french", "retreat 23")
    assert events[0] == {"kind": "retreat", "to": "all", "text": "The French stack in Smolensk (15) retreats to "
                         "Roslavl (23).", "irreversible": False, "place": 15, "dest": 23}
    assert stack(state, "french", 23) == {"inf": 1, "cav": 1, "supply": 0, "depot": 0}
    told = battle({"cav": 1}, {"inf": 2})
    _, events = do(position({15: {"cav": 1}}, {15: {"inf": 2}}, phase="march"), "french", "end")
    assert events[1] == {"kind": "retreat", "to": "all", "text": "The French stack in Smolensk (15) must retreat: it "
                         "has no infantry and is confronted by Russian infantry (Combat).", "irreversible": False,
                         "place": 15}
    assert told["retreat"]["side"] == "french"


def test_a_stack_eliminated_where_it_is_confronted_and_the_next_step_both_told():
    """A French cavalry stack confronted in Smolensk with a Russian stack in every place next door is
    eliminated; the same `end` then opens the battle of Vyazma (or the Russian retreat from East Prussia),
    and both are told."""
    russian = {15: {"inf": 2}, 10: {"inf": 1}, 18: {"inf": 1}, 23: {"inf": 1}, 161: {"inf": 2}}
    state = position({15: {"cav": 1}, 161: {"inf": 2}}, russian, phase="march")
    state, events = do(state, "french", "end")
    assert events[1:3] == [
        {"kind": "eliminated", "to": "all", "text": "The French stack in Smolensk (15) is eliminated, confronted "
         "by enemy infantry with nowhere to retreat: 1 cavalry corps.", "irreversible": False, "place": 15},
        {"kind": "battle", "to": "all", "text": "Battle in Vyazma (161): the French player attacks (Combat).",
         "irreversible": False, "place": 161}]
    assert "15" not in state["stacks"]["french"] and state["battle"]["place"] == 161
    state = position({15: {"cav": 1}, 30: {"inf": 1}}, {**russian, 30: {"cav": 1}}, phase="march")
    state, events = do(state, "french", "end")
    assert [e["kind"] for e in events] == ["phase", "eliminated", "retreat"]
    assert state["retreat"] == {"side": "russian", "place": 30, "battle": False}


def test_the_defender_plays_defender_chits_and_each_side_is_told_its_own_plan():
    state = battle({"inf": 3, "cav": 2}, {"inf": 2, "cav": 1})
    assert refused(state, "russian", "plan assault", "Battle Plan Chart") == (
        "As the defender you choose one of withdraw, entrench, counterattack, cordon (Battle Plan Chart).")
    state, events = do(state, "russian", "plan cordon withdraw 23")
    assert events == [{"kind": "plan", "to": "russian", "text": "Your Battle Plan in Smolensk (15): Cordon, cavalry "
                       "withdrawing to Roslavl (23).", "irreversible": False}]
    state, events = do(state, "french", "plan contact")
    assert texts(events, "french") == ["Your Battle Plan in Smolensk (15): Contact."]
    assert events[1]["kind"] == "battle" and events[1]["place"] == 15 and events[1]["to"] == "all"


def test_the_battle_plan_charts_codes_are_told_with_what_they_mean():
    """The chart's codes (Dr(D), CRS, ...) are explained only in `help chits`: the line that tells them
    says what each does; the battle's record keeps the codes as the overview prints them."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan reconnaissance")
    state, events = do(state, "russian", "plan withdraw")
    assert "The Battle Plan Chart: Dr(D) (the defender retreats after combat), stop (the battle ends)." in texts(events)
    assert "The Battle Plan Chart: Dr(D), stop." in c1812.view(state, None)["battle"]["lines"]
    assert set(CODE_WORDS) == CHART_CODES


def test_cavalry_withdraws_next_to_its_own_stacks_and_is_told_where_it_may_go():
    """Either side's cavalry may withdraw to a place next door without an enemy stack, its own there or not."""
    state = battle({"inf": 3, "cav": 2}, {"inf": 2}, more_french={23: {"inf": 1}})
    state, _ = do(state, "french", "plan contact withdraw 23")
    state, _ = do(state, "russian", "plan cordon")
    assert stack(state, "french", 23)["cav"] == 2
    state = battle({"inf": 3}, {"inf": 2, "cav": 1}, more_french={18: {"inf": 1}})
    assert refused(state, "russian", "plan cordon withdraw 18", "Combat") == (
        "Cavalry withdraws to an adjacent place without an enemy stack: Vitebsk (10), Roslavl (23), Vyazma (161) "
        "(Combat).")
    hemmed = battle({"inf": 3}, {"inf": 2, "cav": 1}, more_french={n: {"inf": 1} for n in (10, 18, 23, 161)})
    assert refused(hemmed, "russian", "plan cordon withdraw 23", "Combat") == (
        "Cavalry withdraws to an adjacent place without an enemy stack: there is none (Combat).")


def test_a_retreat_after_combat_is_told_in_the_battle_and_the_battle_waits_for_it():
    """Withdraw against Reconnaissance, 'Dr(D) & stop': the chart's codes told; the revealed battle (both plans
    shown) waits for the Russian retreat, which its account then tells; the account stays in the public log.
    The retreat waited for is told as the French and the public's prompt asks it, which the channel's headline
    says under it (the line said it a third time, after the chart's code and before the prompt)."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan reconnaissance")
    state, events = do(state, "russian", "plan withdraw")
    assert texts(events, "all")[-1] == "The Russian stack in Smolensk (15) must retreat." == \
        c1812.view(state, "french")["prompt"]
    lines = ["Battle of Smolensk (15): French Reconnaissance against Russian Withdraw. French: 3 infantry corps; "
             "Russian: 2 infantry corps.", "The Battle Plan Chart: Dr(D), stop.",
             "The Russian player must retreat from Smolensk (15) (`retreat <place>`)."]
    assert c1812.view(state, None)["battle"] == {"place": 15, "attacker": "french", "defender": "russian",
                                                 "stage": "resolving", "lines": lines,
                                                 "plans": {"french": "reconnaissance", "russian": "withdraw"}}
    state, _ = do(state, "russian", "retreat 23")
    assert c1812.view(state, None)["log"] == [{"turn": 2, "place": 15, "lines": [
        *lines, "The Russian stack in Smolensk (15) retreats to Roslavl (23)."]}]


def test_chart_withdraw_against_outflank_costs_the_defender_a_corps_before_it_retreats():
    """First reading, Withdraw x Outflank: 'D-1c', 'Dr(D)', go PS-RAC. With no corps left in Smolensk after the
    loss there is no pursuit, though the Russians have corps elsewhere and the French surplus cavalry."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan outflank")
    state, events = do(state, "russian", "plan withdraw")
    assert "The Russians lose 1 infantry corps." in texts(events) and stack(state, "russian", 15)["inf"] == 1
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    state = battle({"inf": 3, "cav": 2}, {"inf": 1}, more_russian={1: {"inf": 1}})
    rolls = state["dice"]["rolls"]
    state, _ = do(state, "french", "plan outflank")
    state, events = do(state, "russian", "plan withdraw")
    assert not any(t.startswith("Pursuit") for t in texts(events)) and state["dice"]["rolls"] == rolls


def test_stop_and_no_effect_end_the_battle_without_a_pursuit():
    """'Dr(D) & stop' and 'no effect': no die is rolled, however much cavalry the attacker has."""
    for russian_plan, french_plan in (("withdraw", "reconnaissance"), ("entrench", "contact")):
        state = battle({"inf": 3, "cav": 3}, {"inf": 2})
        rolls = state["dice"]["rolls"]
        state, _ = do(state, "french", f"plan {french_plan}")
        state, events = do(state, "russian", f"plan {russian_plan}")
        assert not any(t.startswith("Pursuit") for t in texts(events)) and state["dice"]["rolls"] == rolls


def own_chart(**cells: list[list[str]]) -> dict:
    """The shipped tables with these rows of the Battle Plan Chart (a defender chit's row, one cell per
    attacker chit), as a player's own table file may give them."""
    from tests.rules.campaign_1812.test_data import _doc
    doc = _doc("tables.toml")
    del doc["battle_plans"]["first_cells"]
    doc["battle_plans"]["cells"].update(cells)
    return doc


def test_a_players_chart_is_read_code_by_code():
    """A player's own chart: 'stop' ends the cell (what follows is not carried out); a defender's choice ends it
    too; a retreat due twice (Dr(D) and a Dr on the Combat Results Table) is one retreat."""
    tables = own_chart(withdraw=[["CRS"], ["CRS"], ["Dr(D)", "stop", "A-1c"], ["Dchoice", "A-1c"]],
                       cordon=[["CRS"], ["Dr(D)", "CRS"], ["CRS"], ["CRS"]])
    for french_plan in ("reconnaissance", "contact"):
        state = position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march", tables=tables)
        state, _ = do(state, "french", "end", f"plan {french_plan}")
        state, _ = do(state, "russian", "plan withdraw", "retreat 23")
        assert stack(state, "french", 15)["inf"] == 3 and state["battle"] is None, french_plan
    state = position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march", tables=tables)
    state, _ = do(state, "french", "end", "plan assault")
    rig(state["dice"], 3)  # 3 against 2, die 3 modified 4: D1 Dr
    state, events = do(state, "russian", "plan cordon")
    assert "Combat Results Table: 3 against 2, column 3-2, die 3 (modified 4): D1 Dr." in texts(events)
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    state, _ = do(state, "russian", "retreat 23")
    assert state["battle"] is None and stack(state, "russian", 23)["inf"] == 1


def test_the_combat_results_table_die_stays_on_the_table_and_its_losses_fall_where_it_says():
    """The modified die is 0 at the least and 7 at the most (the rows of data/tables.toml); 'A<n>' is the
    attacker's loss, 'D<n>' the defender's, 'Ar' the attacker's retreat."""
    state = russian_attack({"inf": 2}, {"inf": 2})
    rig(state["dice"], 1)
    state, _ = do(state, "russian", "plan assault")
    state, events = do(state, "french", "plan cordon")
    assert "Combat Results Table: 2 against 2, column 1-1, die 1 (modified 0): A1 Ar." in texts(events)
    assert stack(state, "russian", 15)["inf"] == 1 and stack(state, "french", 15)["inf"] == 2
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    state, lines = fought({"inf": 3}, {"inf": 3}, 6, "assault", "cordon")
    assert "Combat Results Table: 3 against 3, column 1-1, die 6 (modified 7): D2 Dr." in lines
    assert stack(state, "russian", 15)["inf"] == 1 and stack(state, "french", 15)["inf"] == 3
    state = position({15: {"inf": 3}}, {15: {"inf": 3}}, phase="march", options=["leaders"],
                     leaders={"french": {"name": "Napoleon", "place": 15, "rating": 2, "moved": False}})
    state, _ = do(state, "french", "end")
    rig(state["dice"], 6)
    state, _ = do(state, "french", "plan assault")
    state, events = do(state, "russian", "plan cordon")
    assert "Combat Results Table: 3 against 3, column 1-1, die 6 (modified 7): D2 Dr." in texts(events)


def pursued(french: dict, russian: dict, die: int) -> tuple[dict, list[str]]:
    """Reconnaissance against Cordon (first reading: 'Dr(D)', go PS-RAC): only the pursuit die, rigged."""
    state = battle(french, russian)
    rig(state["dice"], die)
    state, _ = do(state, "french", "plan reconnaissance")
    state, events = do(state, "russian", "plan cordon")
    return state, [e["text"] for e in events if e["kind"] == "battle"]


def test_the_pursuit_table_by_surplus_and_die():
    """Rows by surplus 1, 2, 3 or more: one surplus corps and a 1, D1; four (the last row) and a 1, D2; one and
    a 6, Ac1: the pursuer loses a cavalry corps."""
    state, lines = pursued({"inf": 2, "cav": 1}, {"inf": 2}, 1)
    assert "Pursuit: 1 surplus French cavalry, die 1: D1." in lines
    assert "The Russians lose 1 infantry corps in the pursuit." in lines and stack(state, "russian", 15)["inf"] == 1
    _, lines = pursued({"inf": 2, "cav": 4}, {"inf": 3}, 1)
    assert "Pursuit: 4 surplus French cavalry, die 1: D2." in lines
    state, lines = pursued({"inf": 2, "cav": 2}, {"inf": 2, "cav": 1}, 6)
    assert lines[-3:-1] == ["Pursuit: 1 surplus French cavalry, die 6: Ac1.", "The French lose 1 cavalry corps."]
    assert stack(state, "french", 15)["cav"] == 1 and stack(state, "russian", 15)["inf"] == 2
    state, lines = pursued({"inf": 2, "cav": 1}, {"inf": 2}, 4)
    assert lines[-2] == "Pursuit: 1 surplus French cavalry, die 4: - (no effect)."  # the table's '-', said
    assert "Pursuit: 1 surplus French cavalry, die 4: -." in c1812.view(state, None)["battle"]["lines"]


def test_a_pursuit_takes_infantry_first_then_cavalry():
    """D2 against one infantry and one cavalry corps takes both; against one infantry and three cavalry corps,
    one of each; against one infantry corps alone, that one, and nothing more is told."""
    state, lines = pursued({"inf": 2, "cav": 4}, {"inf": 1, "cav": 1}, 1)
    assert lines[-3:] == ["Pursuit: 3 surplus French cavalry, die 1: D2.",
                          "The Russians lose 1 infantry corps in the pursuit.", "The Russians lose 1 cavalry corps."]
    assert not state["stacks"]["russian"]
    state, _ = pursued({"inf": 2, "cav": 6}, {"inf": 1, "cav": 3}, 1)
    assert stack(state, "russian", 15) == {"inf": 0, "cav": 2, "supply": 0, "depot": 0}
    _, lines = pursued({"inf": 2, "cav": 3}, {"inf": 1}, 1)
    assert lines[-2:] == ["Pursuit: 3 surplus French cavalry, die 1: D2.",
                          "The Russians lose 1 infantry corps in the pursuit."]
    state = battle({"inf": 3, "cav": 4}, {"inf": 1, "cav": 1})
    rig(state["dice"], 1)
    state, _ = do(state, "french", "plan outflank")  # Withdraw x Outflank: D-1c, Dr(D), go PS-RAC
    state, events = do(state, "russian", "plan withdraw")
    assert [e["text"] for e in events if e["kind"] == "battle"][-2:] == [
        "Pursuit: 3 surplus French cavalry, die 1: D2.", "The Russians lose 1 cavalry corps."]


def test_the_defenders_choice_is_told_and_a_french_defender_may_fall_back_onto_its_own_stack():
    state = russian_attack({"inf": 2}, {"inf": 3}, more_french={23: {"inf": 1}})
    state, _ = do(state, "russian", "plan assault")
    state, events = do(state, "french", "plan withdraw")
    assert texts(events, "all")[-1] == "Battle of Smolensk (15): the French player's choice." == \
        c1812.view(state, None)["prompt"]  # what the choice is, the chart's line tells; how, the French prompt
    assert c1812.view(state, None)["battle"]["lines"][-1] == (
        "Defender's choice: the French player retreats (`retreat <place>`) or fights (`fight`).")  # the record's
    state, _ = do(state, "french", "retreat 23")
    assert stack(state, "french", 23)["inf"] == 3 and state["battle"] is None


def test_a_defender_who_fights_and_must_retreat_leaves_the_battle_resolving():
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault", )
    state, _ = do(state, "russian", "plan withdraw")
    rig(state["dice"], 3)  # 3 against 2, die 3 modified 4: D1 Dr
    state, _ = do(state, "russian", "fight")
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    assert c1812.view(state, "french")["battle"]["stage"] == "resolving"


def test_an_attacker_with_nowhere_to_retreat_after_combat_is_eliminated():
    """'A1 Ar' against the French in Smolensk with a Russian stack in every place next door: the last French
    corps there is eliminated."""
    russian = {15: {"inf": 4}, **{n: {"inf": 1} for n in (10, 18, 23, 161)}}
    state = position({15: {"inf": 2}}, russian, phase="march")
    state, _ = do(state, "french", "end")
    rig(state["dice"], 1)  # 2 against 4, column 1-2, die 1 modified 2: A1 Ar
    state, _ = do(state, "french", "plan assault")
    state, events = do(state, "russian", "plan cordon")
    assert ("The French stack in Smolensk (15) is eliminated, with nowhere to retreat: 1 infantry corps."
            in texts(events, "all"))
    assert "15" not in state["stacks"]["french"] and state["retreat"] is None and state["battle"] is None


def test_a_leader_retreats_with_his_stack():
    """Leaders: a confronted stack's leader goes with it (leaders.py: he never stands alone)."""
    state = position({15: {"inf": 2}}, {15: {"cav": 1}}, phase="march", options=["leaders"],
                     leaders={"russian": {"name": "Kutuzov", "place": 15, "rating": 1, "moved": False}})
    state, _ = do(state, "french", "end")
    state, events = do(state, "russian", "retreat 23")
    assert state["leaders"]["russian"]["place"] == 23
    assert texts(events, "russian") == ["Kutuzov goes with them to Roslavl (23)."]


def test_a_battle_takes_plans_first_then_only_the_retreat_or_the_choice_the_chart_calls_for():
    """'Prior to any infantry battle each player selects a Battle Plan' (COMBAT): no `fight` or `retreat` before;
    once both plans are revealed no plan is given again: a retreat the chart ordered ('Dr(D) & stop') waits for
    `retreat`, and the defender's choice ('D choice') waits for `fight` or `retreat`."""
    state = battle({"inf": 3}, {"inf": 2})
    for side, text in (("french", "fight"), ("russian", "retreat 23")):
        assert refused(state, side, text, "Combat") == (
            "Prior to any infantry battle each player selects a Battle Plan: `plan <chit> [withdraw <place>]` "
            "(Combat).")
    state, _ = do(state, "french", "plan reconnaissance")
    waits, _ = do(state, "russian", "plan withdraw")
    for text in ("plan cordon", "fight"):  # where the stack may go is said with the refusal
        assert refused(waits, "russian", text, "Combat") == (
            "Your stack in Smolensk (15) must retreat first: `retreat <place>`, to one of Vitebsk (10), Mogilev "
            "(18), Roslavl (23), Vyazma (161) (Combat).")
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault")
    choice, _ = do(state, "russian", "plan withdraw")
    assert refused(choice, "russian", "plan cordon", "Battle Plan Chart") == (
        "Both plans are revealed; the defender now chooses: `fight` or `retreat <place>`, to one of Vitebsk (10), "
        "Mogilev (18), Roslavl (23), Vyazma (161) (Battle Plan Chart).")


def test_plans_revealed_while_the_battle_waits_on_the_defender_are_beyond_undo():
    """Both chits are revealed together (COMBAT): a battle left waiting on the defender's choice ('D choice') or on
    his retreat ('Dr(D) & stop') has rolled no die, and still neither player may take his plan back once he has
    seen the other's."""
    for french_plan, stage in (("assault", "choice"), ("reconnaissance", "resolving")):
        state = battle({"inf": 3}, {"inf": 2})
        state, _ = do(state, "french", f"plan {french_plan}")
        after, events = do(state, "russian", "plan withdraw")
        assert after["battle"]["stage"] == stage and after["dice"]["rolls"] == state["dice"]["rolls"]
        assert events and all(e["irreversible"] for e in events)


def fight_the_phase(state: dict, french: str, russian: str) -> dict:
    """The Combat Phase of `state` fought out, each battle's plans given as `french` and `russian` (those a
    side's chit kept for the phase already placed not given again), every other choice its first legal answer."""
    while state["phase"] == "combat":
        waiting = c1812.choice(state)
        side = waiting["side"]
        given = {"french": french, "russian": russian}[side] if waiting["kind"] == "plan" else \
            c1812.legal_commands(state, side)[0].to_text()
        state, _ = do(state, side, given)
    return state


def test_a_chit_kept_for_every_battle_of_the_phase_is_placed_as_each_opens():
    """COMBAT: "Prior to any infantry battle, each Player selects a battle tactic by placing a chit": the
    phasing player attacks in each battle of his Combat Phase and his opponent defends, so one chit may
    answer them all, as a player at the table says once "Assault everywhere". `plan assault all` in Minsk
    (14) places the chit there and in Smolensk (15) as it opens, told to its player alone, the Russian
    alone asked (the French may still change it there, as any chit down); the phase ends where the same chit
    given at each battle ends it, nothing kept after it.
    A chit kept for the phase sends no cavalry away: a withdrawal names one battle's place."""
    state = battle({"inf": 3}, {"inf": 2}, more_french={14: {"inf": 3}}, more_russian={14: {"inf": 2}})
    assert state["battle"]["place"] == 14
    kept, events = do(state, "french", "plan assault all")
    assert texts(events) == ["Your Battle Plan in Minsk (14): Assault, kept for every battle of this phase."]
    assert events[0]["to"] == "french" and kept["plans"] == {"french": "assault"}
    kept, _ = do(kept, "russian", "plan entrench")
    while kept["battle"] is None or kept["battle"]["place"] != 15:
        kept, _ = do(kept, c1812.choice(kept)["side"], c1812.legal_commands(kept, c1812.choice(kept)["side"])[0]
                     .to_text())
    assert kept["battle"]["plans"] == {"french": "assault", "russian": None}
    assert c1812.choice(kept)["sides"] == ["russian"]  # both may still act: the French may change his chit
    assert fight_the_phase(kept, "plan assault", "plan entrench") == fight_the_phase(state, "plan assault",
                                                                                     "plan entrench")
    assert "plans" not in fight_the_phase(kept, "plan assault", "plan entrench")
    with pytest.raises(CommandError):
        c1812.parse("french", "plan assault all withdraw 13")
    assert refused(state, "french", "plan entrench all", "Battle Plan Chart") == (
        "As the attacker you choose one of outflank, assault, reconnaissance, contact (Battle Plan Chart).")
