"""rules/campaign_1812/ai/board.py: what the level-1 commander knows and believes, read from its own view and the
events told to its side: where its units are supplied, and what the enemy's markers hold after a battle it saw
(STACKING: 'The opposing Player may not learn the composition of the stack unless he is willing to do battle')."""
from __future__ import annotations

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812 import supply
from rules.campaign_1812.ai.board import read
from rules.campaign_1812.ai.positions import position_state
from rules.campaign_1812.game import Game
from rules.core.ai import addressed_to, decision_rng
from tests.rules.campaign_1812.c1812_helpers import c1812, position, rig


@pytest.mark.parametrize("options", [[], ["depot_supply"]])
@pytest.mark.parametrize("turn", [5, 11])
@pytest.mark.parametrize("side", ["french", "russian"])
def test_the_commander_counts_supply_as_the_rules_do_in_every_place(options, turn, side):
    """SUPPLY: depleted areas, depots with the units, next door out of winter (WINTER) or projecting into
    adjacent areas under depot_supply, and the Russians' own places in a game without it."""
    depleted = {"15": 100, "16": 100, "12": 100, "9": 100, "10": 100, "14": 100, "6": 50, "30": 100, "23": 100,
                "17": 100}
    state = position({12: {"inf": 2}, 6: {"depot": 1, "supply": 1}, 161: {"inf": 1}, 17: {"depot": 1}},
                     {15: {"inf": 3}, 14: {"depot": 1}, 30: {"inf": 1}, 23: {"inf": 1}}, player=side, turn=turn,
                     depleted=depleted, options=options, held=(11, 12, 6))
    board = read(c1812.view(state, side), [])
    for place in data.places():
        with_depot = bool(board.mine.get(place, {}).get("depot"))
        assert board.supplied(place, with_depot) == supply.supplied(Game(state), side, place), place


def _after_a_russian_battle(french: list[dict]) -> tuple[dict, list[dict]]:
    """A Russian Assault of six corps on the French in Vilna, entrenched: 6 against their doubled corps, a 6
    rolled: A1 D1, both stay. Played on to the French Player-Turn's attrition, which the Russian chooses; the
    events told to the Russian side on the way."""
    state = position_state({"side": "russian", "player": "russian", "phase": "combat", "turn": 4, "held": [11, 12],
                            "french": french, "russian": [{"place": 12, "inf": 6}, {"place": 10, "inf": 1}]})
    state["log"].append({"turn": 3, "place": 12, "lines": [
        "Battle of Vilna (12): French Assault against Russian Cordon. French: 9 infantry corps; Russian: 1 infantry "
        "corps."]})  # a battle of the Game-Turn before: what it showed has moved on since
    rig(state["dice"], 6)
    seen: list[dict] = []
    for side, command in (("russian", "plan assault"), ("french", "plan entrench")):
        state, events = c1812.apply(state, side, c1812.parse(side, command))
        seen += [e for e in events if addressed_to(e, "russian")]
    assert (state["phase"], state["player"]) == ("attrition", "french")
    return state, seen


def _attrition(state: dict, seen: list[dict]) -> tuple[str, str]:
    (decision,) = c1812.commander().plan(c1812.view(state, "russian"), tuple(seen), decision_rng(7, 0))
    return decision.command, decision.reason


@pytest.mark.parametrize("french,believed,unseen", [
    # the French the set-up, the reinforcements and the mean attrition leave, less the 3 corps still seen in
    # Vilna (4 shown, 1 lost) and, once told, the corps lost there: East Prussia is believed to hold the rest
    ([{"place": 12, "inf": 4}, {"place": 30, "inf": 2}], 8, 9),
    # ... spread over two markers
    ([{"place": 12, "inf": 4}, {"place": 30, "inf": 2}, {"place": 31, "depot": 1}], 4, 5),
    # both corps in Vilna lost, told: two fewer
    ([{"place": 12, "inf": 2}, {"place": 30, "inf": 2}], 10, 12),
])
def test_a_battle_seen_tells_what_is_left_in_its_place_and_the_losses_count_against_the_rest(french, believed, unseen):
    state, seen = _after_a_russian_battle(french)
    tail = "infantry corps, 2 places from mine"
    assert _attrition(state, seen) == ("attrit 30", f"the enemy stack in East Prussia is believed to hold about "
                                                    f"{believed} {tail}")
    assert _attrition(state, []) == ("attrit 30", f"the enemy stack in East Prussia is believed to hold about "
                                                  f"{unseen} {tail}")


@pytest.mark.parametrize("options,turn,believed", [([], 1, 10), ([], 2, 10), (["fort_reinforcements"], 1, 11),
                                                   (["fort_reinforcements"], 2, 12)])
def test_the_reinforcements_believed_are_those_the_game_s_options_bring(options, turn, believed):
    """REINFORCEMENTS: the schedule is printed for both players; under fort_reinforcements (readings.py) a Russian
    corps arrives on Game-Turns 1 and 2 as well, and only then is it counted in the Russian stacks."""
    state = position({30: {"inf": 5}}, {12: {"inf": 2}}, player="russian", phase="attrition", attrition=1, turn=turn,
                     options=options)
    (decision,) = c1812.commander().plan(c1812.view(state, "french"), (), decision_rng(7, 0))
    assert (decision.command, decision.reason) == (
        "attrit 12", f"the enemy stack in Vilna is believed to hold about {believed} infantry corps, 2 places from "
        "mine")


def test_the_stack_a_battle_showed_is_believed_to_hold_what_it_showed_less_its_losses():
    """Vilna showed four French corps and lost one: believed three, more than any of seven markers elsewhere."""
    french = [{"place": 12, "inf": 4}] + [{"place": p, "inf": 1} for p in (30, 31, 32, 5, 29, 20, 28)]
    state, seen = _after_a_russian_battle(french)
    assert _attrition(state, seen) == ("attrit 12", "the enemy stack in Vilna is believed to hold about 3 infantry "
                                                    "corps, where a stack of mine stands")


@pytest.mark.parametrize("viewer,player,turn,believed", [
    # the Russians' 10 infantry corps of the set-up and the corps of Game-Turn 3, less a sixth of a corps for each
    # Russian Player-Turn begun (the Russians play first: three by the French Player-Turn of Game-Turn 3), spread
    # over the markers, the one where the set-up put a lone depot (Smolensk) counting a fifth
    ("french", "french", 3, {12: 8.75, 15: 1.75}),
    ("french", "russian", 3, {12: 8.75, 15: 1.75}),
    ("french", "french", 2, {12: 29 / 3.6, 15: 29 / 18}),
    # the French 17 of the set-up, less 7/6 for each French Player-Turn begun: three in the French Player-Turn of
    # Game-Turn 3, two in the Russian Player-Turn before it; no lone French depot there
    ("russian", "french", 3, {12: 6.75, 15: 6.75}),
    ("russian", "russian", 3, {12: 22 / 3, 15: 22 / 3}),
])
def test_the_enemy_corps_believed_are_the_set_up_s_and_reinforcements_less_the_mean_attrition_spread_over_markers(
        viewer, player, turn, believed):
    """ATTRITION: 'a die is rolled to determine attrition losses' for every Player-Turn: the belief counts the
    table's mean loss of each enemy Player-Turn begun; a marker standing where the set-up put a lone depot counts
    a fifth of one that did not."""
    enemy = {12: {"inf": 2}, 15: {"inf": 1}}
    state = position(enemy if viewer == "russian" else {30: {"inf": 5}},
                     {12: {"inf": 2}, 15: {"inf": 1}} if viewer == "french" else {1: {"inf": 1}},
                     player=player, turn=turn)
    assert read(c1812.view(state, viewer), []).belief == pytest.approx(believed)


def test_a_marker_not_seen_holds_what_the_seen_ones_leave_and_half_a_corps_at_least():
    """The French Player-Turn of Game-Turn 3: ten Russian corps and a reinforcement, less half a corps of mean
    attrition (10 1/2), and a battle this Game-Turn showed ten in Vilna: Minsk's marker is believed to hold the half
    corps left."""
    seen = {"turn": 3, "place": 12, "lines": ["Battle of Vilna (12): French Assault against Russian Cordon. French: 9 "
                                              "infantry corps; Russian: 10 infantry corps."]}
    state = position({30: {"inf": 5}}, {12: {"inf": 10}, 14: {"inf": 1}}, turn=3, log=[seen])
    assert read(c1812.view(state, "french"), []).belief == {12: 10, 14: 0.5}
