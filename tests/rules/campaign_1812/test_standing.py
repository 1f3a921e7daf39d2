"""1812 standing orders: every mid-turn choice -- the Battle Plan, attrition, the
defender's choice, a retreat, the Victory Point Index removal -- can be made by an order, so that a
deadline's default choice never stalls a game."""
import pytest

from rules.campaign_1812.commands import Retreat
from rules.campaign_1812.game import Game
from rules.core.standing import choosers, defaults
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position
from tests.rules.campaign_1812.test_combat import battle
from tests.rules.standing_playout import play


@pytest.mark.parametrize("side", ["french", "russian"])
def test_random_play_where_one_side_never_chooses(side):
    """A random stretch of play: each choice of `side` is made by its order, which the rules accept."""
    game = play("campaign_1812", "borodino", seed=1, side=side, pick=1, max_commands=400)
    assert "plan" in {waiting["kind"] for waiting, _, _ in game.made}


def test_battle_plans_wait_for_every_side_whose_chit_is_not_down():
    """COMBAT: 'each Player selects a battle tactic ... Both Players simultaneously reveal': the
    choice falls to both until a chit is down, then to the other alone."""
    state = battle({"inf": 3}, {"inf": 2})
    assert choosers(c1812.choice(state)) == ["french", "russian"]
    state, _ = do(state, "russian", "plan cordon")
    assert choosers(c1812.choice(state)) == ["french"]
    assert c1812.standing_command(state, "russian", {"plan": "bold"}) is None  # its chit is down


@pytest.mark.parametrize("order, attacker, defender", [("steady", "plan assault", "plan entrench"),
                                                       ("bold", "plan outflank", "plan counterattack"),
                                                       ("cautious", "plan reconnaissance", "plan withdraw")])
def test_a_plan_order_gives_the_chit_of_the_side_s_role(order, attacker, defender):
    state = battle({"inf": 3}, {"inf": 2})
    given = {side: c1812.standing_command(state, side, {"plan": order}).to_text() for side in ("french", "russian")}
    assert given == {"french": attacker, "russian": defender}


def test_attrition_falls_on_the_nearest_or_the_deepest_enemy_stack():
    """ATTRITION: 'These losses are selected by the opponent' -- from where the enemy's markers stand."""
    state = position({15: {"inf": 2}}, {18: {"inf": 1}, 1: {"inf": 1}}, player="russian", phase="attrition",
                     attrition=1)
    near = c1812.standing_command(state, "french", {"attrition": "nearest"}).to_text()
    deep = c1812.standing_command(state, "french", {"attrition": "deepest"}).to_text()
    assert (near, deep) == ("attrit 18", "attrit 1")
    assert c1812.standing_command(state, "russian", {"attrition": "nearest"}) is None  # not its choice


def test_the_defender_s_choice_fights_or_falls_back_towards_its_own_edge():
    """The Battle Plan Chart's 'D choice' (Assault against Withdraw): retreat (Dr(D) & stop) or
    fight (go CRS-PS-RAC); falling back goes to the place farthest east for the Russians."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    assert c1812.choice(state) == {"kind": "defence", "side": "russian"}
    assert c1812.standing_command(state, "russian", {"defence": "fight"}).to_text() == "fight"
    back = c1812.standing_command(state, "russian", {"defence": "fall_back"})
    places = Game(state).places
    away = [c for c in c1812.legal_commands(state, "russian") if isinstance(c, Retreat)]
    assert back in away and places[back.to].xy[0] == max(places[c.to].xy[0] for c in away)


def test_the_default_of_every_kind_is_an_order_the_rules_accept():
    """A deadline's default choice (the first order of each kind) is always a legal command."""
    game = play("campaign_1812", "retreat", seed=4, side="russian", pick=0, max_commands=400)
    for state, (waiting, _, text) in zip(game.before, game.made, strict=True):
        assert c1812.parse("russian", text) in c1812.legal_commands(state, "russian"), (waiting, text)
    assert set(defaults(c1812.standing_orders())) == set(c1812.standing_orders())


def test_the_french_remove_the_corps_their_order_names():
    """VICTORY CONDITIONS: 'the loss of one corps (of his choice)'."""
    state = position({15: {"inf": 2, "cav": 1}, 18: {"inf": 1}}, phase="removal", removal=1)
    assert c1812.standing_command(state, "french", {"removal": "cavalry_first"}).to_text() == "remove 15 cav"
    assert c1812.standing_command(state, "french", {"removal": "infantry_first"}).to_text() == "remove 15 inf"


def test_the_french_attrition_is_chosen_by_the_russians():
    """ATTRITION: 'These losses are selected by the opponent': in the French Player-Turn, the Russian."""
    state = position({15: {"inf": 2}, 32: {"inf": 1}}, {29: {"inf": 1}}, player="french", phase="attrition",
                     attrition=1)
    assert c1812.choice(state) == {"kind": "attrition", "side": "russian"}
    near = c1812.standing_command(state, "russian", {"attrition": "nearest"}).to_text()
    deep = c1812.standing_command(state, "russian", {"attrition": "deepest"}).to_text()
    assert (near, deep) == ("attrit 32", "attrit 15")


def test_the_nearest_stack_is_counted_in_places_to_my_own_not_by_how_far_it_sees():
    """Galicia, next to the Russians in Lutsk, is nearer them than Mogilev (three places off), though from
    Mogilev, in the middle of the map, every place is fewer steps away than from Galicia in its corner."""
    state = position({32: {"inf": 1}, 18: {"inf": 1}}, {29: {"inf": 1}}, player="french", phase="attrition",
                     attrition=1)
    near = c1812.standing_command(state, "russian", {"attrition": "nearest"}).to_text()
    deep = c1812.standing_command(state, "russian", {"attrition": "deepest"}).to_text()
    assert (near, deep) == ("attrit 32", "attrit 18")


def test_a_side_without_stacks_still_chooses_where_attrition_falls():
    """With no stack of its own to measure from, the order takes the enemy stack of the lowest number."""
    state = position({15: {"inf": 2}, 12: {"inf": 1}}, None, player="french", phase="attrition", attrition=1)
    for order in ("nearest", "deepest"):
        assert c1812.standing_command(state, "russian", {"attrition": order}).to_text() == "attrit 12"


def test_both_sides_choose_their_plans_at_once_and_the_first_is_named():
    state = battle({"inf": 3}, {"inf": 2})
    assert c1812.choice(state) == {"kind": "plan", "side": "french", "sides": ["french", "russian"]}


def test_a_plan_order_whose_chit_a_players_own_tables_lack_gives_their_first():
    """A player's own tables may offer other chits: the order then gives the first of the side's role."""
    from tests.rules.campaign_1812.test_data import _doc
    tables = _doc("tables.toml")
    plans = tables["battle_plans"]
    plans["attacker"] = ["contact", "outflank", "reconnaissance"]
    for key in ("cells", "first_cells"):
        plans[key] = {d: [row[3], row[0], row[2]] for d, row in plans[key].items()}
    state = position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march", tables=tables)
    state, _ = do(state, "french", "end")
    assert c1812.standing_command(state, "french", {"plan": "steady"}).to_text() == "plan contact"
    assert c1812.standing_command(state, "russian", {"plan": "steady"}).to_text() == "plan entrench"


def test_the_french_fall_back_west_and_only_where_no_enemy_stands():
    """The French defend Smolensk; their own stack stands in Vitebsk, the Russians' in Mogilev (further west):
    falling back goes to Vitebsk, the westernmost place without an enemy stack."""
    state = position({15: {"inf": 2}, 10: {"inf": 1}}, {15: {"inf": 3}, 18: {"inf": 1}}, player="russian",
                     phase="march")
    state, _ = do(state, "russian", "end", "plan assault")
    state, _ = do(state, "french", "plan withdraw")
    assert c1812.choice(state) == {"kind": "defence", "side": "french"}
    assert c1812.standing_command(state, "french", {"defence": "fall_back"}).to_text() == "retreat 10"


def test_a_defender_with_nowhere_to_go_fights_whatever_its_order():
    """Kiev's every neighbour holds a French stack: no retreat is open, so falling back is fighting."""
    state = battle({"inf": 3}, {"inf": 2}, place=27, more_french={p: {"inf": 1} for p in (22, 26, 28)})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    assert c1812.standing_command(state, "russian", {"defence": "fall_back"}).to_text() == "fight"


@pytest.mark.parametrize("order, stacks, removed", [
    ("cavalry_first", {12: {"inf": 1}, 18: {"inf": 3}}, "remove 18 inf"),
    ("infantry_first", {12: {"cav": 1}, 18: {"cav": 1}}, "remove 12 cav"),
    ("infantry_first", {12: {"inf": 1}, 18: {"inf": 1}}, "remove 12 inf")])
def test_the_removal_takes_the_other_kind_when_none_of_the_first_is_left_from_the_largest_stack(order, stacks,
                                                                                                removed):
    """The largest stack holding the kind gives the corps (of equal ones, the lowest place)."""
    state = position(stacks, phase="removal", removal=1)
    assert c1812.standing_command(state, "french", {"removal": order}).to_text() == removed


def test_attrition_on_the_enemy_s_one_stack_is_forced():
    """ATTRITION: with one enemy marker on the map there is one stack to name, as both players see."""
    state = position({15: {"inf": 2}}, {18: {"inf": 1}}, player="russian", phase="attrition", attrition=1)
    (cmd, why) = c1812.forced_answer(state)
    assert (cmd.to_text(), why) == ("attrit 18", "the only Russian stack")
    do(state, "french", cmd.to_text())


def test_a_retreat_with_one_place_to_go_is_forced_and_a_defender_with_none_fights():
    """COMBAT: a retreat goes to an adjacent place without an enemy stack; with one such place the answer
    is forced, and the defender's choice with none is to fight (the markers show both)."""
    g = Game(position({15: {"inf": 1}}, {15: {"inf": 3}}))
    free, *held = g.neighbours(15)
    state = position({15: {"inf": 1}}, {15: {"inf": 3}, **{n: {"inf": 1} for n in held}}, phase="combat",
                     retreat={"side": "french", "place": 15, "battle": False})
    (cmd, why) = c1812.forced_answer(state)
    assert (cmd, why) == (Retreat(free), f"the only place next to {g.name(15)} without an enemy stack")
    state = battle({"inf": 3}, {"inf": 2}, more_french={n: {"inf": 1} for n in g.neighbours(15)})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    (cmd, why) = c1812.forced_answer(state)
    assert (cmd.to_text(), why) == ("fight", f"every place next to {g.name(15)} holds a French stack, so there "
                                             "is no retreat")


def test_hidden_choices_are_never_forced():
    """A battle plan may name a cavalry withdrawal and the removal a kind of corps: what a stack holds is
    hidden, so these are asked even where one answer is legal."""
    state = position({15: {"cav": 1}}, phase="removal", removal=1)
    assert [c.to_text() for c in c1812.legal_commands(state, "french")] == ["remove 15 cav"]
    assert c1812.forced_answer(state) is None
    assert c1812.forced_answer(battle({"inf": 3}, {"inf": 2})) is None
