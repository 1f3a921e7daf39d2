"""`odds` in 1812: the Combat Results Table of a battle once the rules have shown both
stacks and both chits; before, a refusal that says why (the chits and the enemy stack are secret)."""
import copy

import pytest

from rules.campaign_1812.game import enemy_of
from rules.core.errors import CommandError, RuleViolation
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, rig
from tests.rules.campaign_1812.test_combat import battle, own_chart
from tests.rules.campaign_1812.test_leaders import kutuzov, napoleon


def _at_the_defender_s_choice() -> dict:
    """Assault against Withdraw: the chart's 'D choice' -- fight goes to the Combat Results Table."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    return state


def test_before_the_plans_are_revealed_odds_say_why_there_are_none():
    state = battle({"inf": 3}, {"inf": 2})
    for side in ("french", "russian", None):
        with pytest.raises(RuleViolation) as refusal:
            c1812.odds(state, side, "15")
        assert "two secret Battle Plans" in str(refusal.value) and "(Stacking)" in str(refusal.value)
    assert c1812.odds(_at_the_defender_s_choice(), "russian", "15")["kind"] == "results"  # the control


@pytest.mark.parametrize("die", range(1, 7))
def test_the_odds_are_the_results_the_battle_rolls(die):
    """Each die's line of the forecast is what fighting on brings with that die."""
    state = _at_the_defender_s_choice()
    table = c1812.odds(state, "russian", "15")
    assert sum(r["probability"] for r in table["results"]) == pytest.approx(1)
    expected = next(r["result"] for r in table["results"] if die in r["faces"])
    rig(state["dice"], die)
    _, events = do(state, "russian", "fight")
    assert any(f"die {die} " in e["text"] and e["text"].endswith(f": {expected}.") for e in events)


def test_once_the_table_is_rolled_odds_are_refused_while_the_retreats_are_under_way():
    """Fought (die 2, D1 Dr: the Russians lose a corps and must retreat), the battle's table is no more to be
    rolled: `odds` says so rather than forecast it 'if it is fought' again, with the stacks as they are now."""
    state = _at_the_defender_s_choice()
    rig(state["dice"], 2)
    state, _ = do(state, "russian", "fight")
    assert state["retreat"] == {"side": "russian", "place": 15, "battle": True}
    for side in ("french", "russian", None):
        with pytest.raises(RuleViolation) as refusal:
            c1812.odds(state, side, "15")
        assert str(refusal.value) == (
            "The Battle of Smolensk (15) has gone past the Combat Results Table to its retreats; `odds` gives the "
            "table before it is rolled, at the defender's choice (Combat).")


def test_odds_name_a_battle_place():
    state = _at_the_defender_s_choice()
    with pytest.raises(CommandError):
        c1812.odds(state, "french", "smolensk")
    with pytest.raises(RuleViolation, match="No battle is being fought in Vitebsk"):
        c1812.odds(state, "french", "10")


def test_the_forecast_in_full():
    """What a front end shows: the battle's title, the note on pursuit, and each result with its faces, its
    chance and its meaning in words (3 against 2, column 3-2, the die +1 for the French attack)."""
    assert c1812.odds(_at_the_defender_s_choice(), "french", "15") == {
        "kind": "results",
        "title": "Battle of Smolensk (15), if it is fought: French 3 against Russian 2 infantry, column 3-2, die +1 "
                 "for French leadership",
        "notes": ["then the attacker's surplus cavalry pursues (the Pursuit Step)"],
        "results": [
            {"faces": [1], "probability": 1 / 6, "result": "D1", "meaning": "the defender loses 1 infantry corps"},
            {"faces": [2, 3], "probability": 2 / 6, "result": "D1 Dr",
             "meaning": "the defender loses 1 infantry corps, the defender retreats"},
            {"faces": [4, 5, 6], "probability": 3 / 6, "result": "D2 Dr",
             "meaning": "the defender loses 2 infantry corps, the defender retreats"}]}


def _choice_at(french: dict, russian: dict, attacker: str, plan: str, **fields) -> dict:
    """The defender's choice in Smolensk after `plan` against Withdraw (the chart's 'D choice')."""
    state = position({15: french}, {15: russian}, player=attacker, phase="march", **fields)
    state, _ = do(state, attacker, "end", f"plan {plan}")
    state, _ = do(state, enemy_of(attacker), "plan withdraw")
    return state


DOUBLING = own_chart(withdraw=[["Acx2", "Dchoice"], ["Dchoice"], ["Dcx2", "Dchoice"], ["Dchoice"]])


@pytest.mark.parametrize("attacker, french, russian, plan, fields, strengths, title", [
    ("french", {"inf": 3}, {"inf": 2}, "outflank", {"tables": DOUBLING},
     "French 6 against Russian 2 infantry (French counted double, cx2)", "column 3-1, die +1 for French leadership"),
    ("french", {"inf": 3}, {"inf": 2}, "reconnaissance", {"tables": DOUBLING},
     "French 3 against Russian 4 infantry (Russian counted double, cx2)", "column 1-2, die +1 for French leadership"),
    ("french", {"inf": 3}, {"inf": 1}, "assault", {},
     "French 3 against Russian 1 infantry", "column 3-1, die +1 for French leadership"),
    ("russian", {"inf": 2}, {"inf": 2}, "assault", {},
     "Russian 2 against French 2 infantry", "column 1-1, die -1 for French leadership"),
    ("french", {"inf": 2}, {"inf": 2}, "assault",
     {"options": ["leaders"], "leaders": {"french": napoleon(15), "russian": kutuzov(15)}},
     "French 2 against Russian 2 infantry", "column 1-1, die +1 for the leaders present"),
    ("french", {"inf": 3}, {"inf": 1}, "assault", {"options": ["leaders"], "leaders": {"french": napoleon(15)}},
     "French 3 against Russian 1 infantry", "column 3-1, die +2 for the leaders present"),
    ("russian", {"inf": 2}, {"inf": 2}, "assault", {"options": ["leaders"], "leaders": {"french": napoleon(30)}},
     "Russian 2 against French 2 infantry", "column 1-1, die +0 for the leaders present")])
def test_the_forecast_is_what_each_die_brings(attacker, french, russian, plan, fields, strengths, title):
    """Corps doubled by the chart, a lone defending corps, the Russians attacking (the die one less, down to the
    table's first row), the leaders present (up to its last row): each die's result is what fighting brings."""
    state = _choice_at(french, russian, attacker, plan, **fields)
    table = c1812.odds(state, "french", "15")
    assert table["title"] == f"Battle of Smolensk (15), if it is fought: {strengths}, {title}"
    for die in range(1, 7):
        expected = next(r["result"] for r in table["results"] if die in r["faces"])
        rigged = copy.deepcopy(state)
        rig(rigged["dice"], die)
        _, events = do(rigged, enemy_of(attacker), "fight")
        assert any(f"die {die} " in e["text"] and e["text"].endswith(f": {expected}.") for e in events), die


def test_each_result_is_told_in_words_for_the_side_it_falls_on():
    """The Russians attack, 2 against 2: the die one less (column 1-1), from the attacker's loss and retreat up."""
    table = c1812.odds(_choice_at({"inf": 2}, {"inf": 2}, "russian", "assault"), "russian", "15")
    assert [(r["faces"], r["result"], r["meaning"]) for r in table["results"]] == [
        ([1], "A1 Ar", "the attacker loses 1 infantry corps, the attacker retreats"),
        ([2], "A1", "the attacker loses 1 infantry corps"),
        ([3, 4], "A1 D1", "the attacker loses 1 infantry corps, the defender loses 1 infantry corps"),
        ([5], "D1", "the defender loses 1 infantry corps"),
        ([6], "D1 Dr", "the defender loses 1 infantry corps, the defender retreats")]


def test_the_refusals_say_what_odds_takes_and_why_none_are_given():
    state = _at_the_defender_s_choice()
    sentences = {}
    for text in ("15 16", "99", "16", "10"):
        with pytest.raises((CommandError, RuleViolation)) as refusal:
            c1812.odds(state, "french", text)
        sentences[text] = str(refusal.value)
    with pytest.raises(RuleViolation) as refusal:
        c1812.odds(battle({"inf": 3}, {"inf": 2}), "french", "15")
    assert sentences == {
        "15 16": "odds takes the place of a battle: `odds 15`, the battle under way in Smolensk (15).",
        "99": "There is no place 99 on the map: name an area by its number, 1 to 36, or a sub-area: "
              "Vyazma (161), Borodino (162), Pinsk (211), Turov (212) (The Game Map).",
        "16": "Area 16 is sub-divided: name its sub-area, Vyazma (161) or Borodino (162) (The Game Map).",
        "10": "No battle is being fought in Vitebsk (10) (the battle under way is in Smolensk (15)); odds are given "
              "for the battle under way at the defender's choice, once both Battle Plans are revealed (Combat)."}
    with pytest.raises(RuleViolation) as none:
        c1812.odds(position({15: {"inf": 1}}), "french", "15")
    assert str(none.value) == ("No battle is being fought in Smolensk (15); odds are given for the battle under way at "
                               "the defender's choice, once both Battle Plans are revealed (Combat).")
    assert str(refusal.value) == (
        "The Battle of Smolensk (15) turns on two secret Battle Plans and a stack hidden until both are down "
        "(Stacking), and no public roster tells what the enemy has left to average over; `odds` gives the Combat "
        "Results Table at the defender's choice, once both are revealed (Combat).")


def test_odds_without_a_place_names_the_battle_under_way_as_the_example():
    """Asked in the Battle of Kovno, the example named Smolensk (15), a place of no battle (seen in kolocha local)."""
    for text in ("", "11 12"):
        with pytest.raises(CommandError) as refusal:
            c1812.odds(battle({"inf": 3}, {"inf": 2}, place=11), "french", text)
        assert str(refusal.value) == "odds takes the place of a battle: `odds 11`, the battle under way in Kovno (11)."
    with pytest.raises(CommandError) as refusal:
        c1812.odds(position({15: {"inf": 1}}), "french", "")
    assert str(refusal.value) == "odds takes the place of a battle: `odds 15`."
