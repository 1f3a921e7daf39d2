"""1.2 terrain and stacking, 1.2.2 engage/disengage, 1.2.3 the Kolocha, 1.2.4 support activation,
2.1 movement allowances, Controlled Area (control converts on the way), FAQ 3."""
from __future__ import annotations

from rules.bloody_monday.bm_data import areas
from rules.bloody_monday.movement import Rules, _search, routes, step_cost
from tests.rules.bloody_monday.bm_helpers import at, do, game, position, refused, refused_then_accepted

AREAS = areas()


def kolocha_example() -> dict:
    """1.2.3: a French unit next to 42 and to 54 (area 16); Russians in both, neither contested."""
    return position({"F-I-1": 16, "F-I-2": 16, "R-1-1J": 54, "R-1-2J": 42})


def test_1_2_3_example_new_engagement_across_the_kolocha_costs_3_and_a_light_blue_cube():
    """1.2.3: "to move the Unit above into Area 42 costs 2 MPs. Instead, to move it into Area 54 ...
    costs 3 MPs, and the Unit is marked with a light blue cube (halved in Combat)"."""
    state = kolocha_example()
    g = game(state)
    assert step_cost(g, "french", 16, 16, 42) == 2
    assert step_cost(g, "french", 16, 16, 54) == 3
    state, _ = do(state, "french", "initiative move", "move F-I-1 54", "move F-I-2 42")
    assert state["blocks"]["F-I-1"]["cubes"] == ["light_blue"]
    assert state["blocks"]["F-I-2"]["cubes"] == []


def test_1_2_terrain_costs_and_disengaging():
    """1.2: green 1 MP, yellow and red 2; 1.2.2: disengaging costs one extra MP."""
    state = position({"F-I-1": 42, "R-1-1J": 42})
    g = game(state)
    printed = {"green": 1, "yellow": 2, "red": 2}  # 1.2, as the rule book prints it
    assert {AREAS[n].colour for n in AREAS[42].neighbours} <= set(printed)
    for n in AREAS[42].neighbours:
        extra = 1 + (n in AREAS[42].kolocha)
        assert step_cost(g, "french", 42, 42, n) == printed[AREAS[n].colour] + extra


def test_1_2_2_a_unit_must_stop_when_it_engages():
    """1.2.2: "A Unit must stop if it enters an Area occupied by enemy Units (Engaging)"."""
    state = position({"F-CR-1H": 16, "R-1-2J": 42})
    reach = routes(game(state), "F-CR-1H", Rules(5))
    assert all(42 not in path[:-1] for _, path in reach.values())
    state, _ = do(state, "french", "initiative move")
    _, state = refused_then_accepted(state, "french", "move F-CR-1H 42 41", "1.2.2",
                                     lambda s: s["blocks"]["R-1-2J"].update(where="pool", area=None))
    assert at(state, "F-CR-1H") == 41  # through 42 once nobody holds it


def test_faq_3_support_units_cannot_engage_but_can_disengage():
    """FAQ 3: "Support Units cannot Engage (can Disengage)"."""
    state = position({"F-I-A1": 16, "F-I-D": 42, "R-1-2J": 42, "R-1-1J": 54})
    state, _ = do(state, "french", "initiative move")
    _, moved = refused_then_accepted(state, "french", "move F-I-A1 54", "1.2.2",
                                     lambda s: s["blocks"]["R-1-1J"].update(where="pool", area=None))
    assert at(moved, "F-I-A1") == 54  # entering an empty area is no engagement
    state, _ = do(state, "french", "move F-I-D 16")
    assert at(state, "F-I-D") == 16


def test_1_2_stacking_per_colour_and_the_supreme_commander_overstacks():
    """1.2: a red area holds one unit per player; "Only Supreme Commanders may overstack" (the Great
    Redoubt, 55, taken by the French)."""
    state = position({"F-I-D": 55, "F-I-1": 44, "F-NAP": 44}, control={55: "french", 44: "french"})
    assert AREAS[55].colour == "red"
    state, _ = do(state, "french", "initiative move")
    _, moved = refused_then_accepted(state, "french", "move F-I-1 55", "1.2",
                                     lambda s: s["blocks"]["F-I-D"].update(area=44))  # 55 empty again
    assert at(moved, "F-I-1") == 55
    state, _ = do(state, "french", "move F-NAP 55")
    assert at(state, "F-NAP") == 55


def test_controlled_area_converts_without_stopping():
    """Controlled Area: "Units do not need to stop in an Area in order to covert control"."""
    state = position({"F-CR-1H": 16})
    reach = routes(game(state), "F-CR-1H", Rules(5))
    far = next(path for _, path in sorted(reach.values()) if len(path) >= 2 and all(
        AREAS[n].control == "russian" for n in path))
    state, _ = do(state, "french", "initiative move", f"move F-CR-1H {' '.join(map(str, far))}")
    assert all(state["control"][str(n)] == "french" for n in far)


def test_2_1_fast_and_slow_units():
    """2.1: mounted units have 5 MPs, infantry and foot artillery 3; 9.3 Agility: light cavalry 6."""
    state = position({"F-CR-1LC": 16, "F-I-1": 16})
    g = game(state)
    assert max(c for c, _ in routes(g, "F-I-1", Rules(3)).values()) <= 3
    assert len(routes(g, "F-CR-1LC", Rules(5))) > len(routes(g, "F-I-1", Rules(3)))
    state = position({"F-CR-1LC": 16}, options=["agility"])
    from rules.bloody_monday.movement import allowance
    assert allowance(game(state), "F-CR-1LC") == 6


def test_1_2_2_a_kept_route_search_is_made_again_when_an_enemy_unit_enters_an_area_it_looked_at():
    """Engaging stops a unit (1.2.2): with a Russian jager in 41 the cavalry in 16 can no longer ride
    through 41 to 49 or 64. The search kept from the open map must not answer for the engaged one,
    and the kept answer stays right when the map is open again."""
    def moving(blocks: dict) -> dict:
        state, _ = do(position(blocks), "french", "initiative move")
        return state

    open_map, engaged = moving({"F-CR-1H": 16}), moving({"F-CR-1H": 16, "R-1-2J": 41})
    first = routes(game(open_map), "F-CR-1H", Rules(5))
    again = routes(game(engaged), "F-CR-1H", Rules(5))
    assert {49, 64} <= set(first) and not {49, 64} & set(again)
    assert again == _search(game(engaged), "F-CR-1H", Rules(5))[0]
    assert routes(game(open_map), "F-CR-1H", Rules(5)) == first


def test_1_2_2_engaging_costs_one_extra_mp_in_the_route_search():
    """1.2.2: "Engaging and Disengaging cost ONE extra MP each": the route search's price of entering
    41 rises by one when a Russian jager holds it."""
    def moving(blocks: dict) -> dict:
        state, _ = do(position(blocks), "french", "initiative move")
        return state

    open_price = routes(game(moving({"F-CR-1H": 16})), "F-CR-1H", Rules(5))[41][0]
    assert routes(game(moving({"F-CR-1H": 16, "R-1-2J": 41})), "F-CR-1H", Rules(5))[41][0] == open_price + 1
