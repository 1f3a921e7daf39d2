"""1.2 terrain and stacking, 1.2.2 engage/disengage, 1.2.3 the Kolocha, 1.2.4 support activation,
2.1 movement allowances, Controlled Area (control converts on the way), FAQ 3."""
from __future__ import annotations

from rules.bloody_monday import movement
from rules.bloody_monday.bm_data import areas, battlefield
from rules.bloody_monday.movement import Rules, _search, distances, ground_steps, routes, step_cost
from tests.rules.bloody_monday.bm_helpers import at, do, game, position, refused, refused_then_accepted

AREAS = areas()


def moving(blocks: dict) -> dict:
    """A position with `blocks`, the French player in an initiative move."""
    state, _ = do(position(blocks), "french", "initiative move")
    return state


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
    _, moved = refused_then_accepted(state, "french", "move F-I-A1 54", "1.2.2, FAQ 3",
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
    open_map, engaged = moving({"F-CR-1H": 16}), moving({"F-CR-1H": 16, "R-1-2J": 41})
    first = routes(game(open_map), "F-CR-1H", Rules(5))
    again = routes(game(engaged), "F-CR-1H", Rules(5))
    assert {49, 64} <= set(first) and not {49, 64} & set(again)
    assert again == _search(game(engaged), "F-CR-1H", Rules(5))[0]
    assert routes(game(open_map), "F-CR-1H", Rules(5)) == first


def test_1_2_2_engaging_costs_one_extra_mp_in_the_route_search():
    """1.2.2: "Engaging and Disengaging cost ONE extra MP each": the route search's price of entering
    41 rises by one when a Russian jager holds it."""
    open_price = routes(game(moving({"F-CR-1H": 16})), "F-CR-1H", Rules(5))[41][0]
    assert routes(game(moving({"F-CR-1H": 16, "R-1-2J": 41})), "F-CR-1H", Rules(5))[41][0] == open_price + 1


def test_1_2_2_a_path_passes_through_friendly_units_and_may_spend_every_mp():
    """1.2.2: only an area "occupied by enemy Units" stops a unit and costs an extra MP; 2.1: "Slow
    Units ... have 3 MPs", every one of which a path may spend. The green areas 4, 5 and 6 cost 1 MP
    each (1.2), French units stand in all three; 6 to 7 crosses the Kolocha (1.2.3: 1 + 1)."""
    state = moving({"F-I-1": 3, "F-I-2": 4, "F-I-3": 5, "F-I-4": 6})
    assert refused(state, "french", "move F-I-1 4 5 6 7", "2.1") == (
        "The path costs 5 MPs and French 1 (F-I-1, infantry) has 3; choose a nearer area (2.1).")
    state, _ = do(state, "french", "move F-I-1 4 5 6")
    assert at(state, "F-I-1") == 6


def test_1_2_2_a_path_out_of_an_engaged_area_pays_for_disengaging():
    """1.2.2: "Engaging and Disengaging cost ONE extra MP each": engaged in 3 by a Russian jager, a
    French infantry (3 MPs) walks the green 4 and 5 (1 + 1 + 1), not on to 6 (4 MPs)."""
    engaged = moving({"F-I-1": 3, "R-1-1J": 3})
    assert refused(engaged, "french", "move F-I-1 4 5 6", "2.1") == (
        "The path costs 4 MPs and French 1 (F-I-1, infantry) has 3; choose a nearer area (2.1).")
    state, _ = do(engaged, "french", "move F-I-1 4 5")
    assert at(state, "F-I-1") == 5


def test_1_2_3_each_step_is_priced_by_its_colour_and_the_kolocha_once_per_map(monkeypatch):
    """1.2: green 1 MP, yellow and red 2; 1.2.3: +1 across the Kolocha (the example: 16 to 42 is a
    green step, 16 to 54 crosses the river). The steps are worked out once per map."""
    monkeypatch.setattr(movement, "_ground", {})  # worked out afresh here, not by an earlier test
    field = battlefield()
    steps = ground_steps(field)
    assert steps[16] == ((15, 1), (17, 1), (18, 1), (42, 1), (54, 2))
    assert steps[1] == ((2, 1), (13, 2), (14, 1))  # 13 is yellow
    assert steps[44] == ((42, 2), (45, 1), (51, 1), (52, 2), (54, 1), (55, 2))  # 52, 55 red; 42 across
    assert ground_steps(field) is steps


# French cavalry in 94 (green; its only neighbours, 93 and 95, are green) with every Russian unit on
# the map next to it: engaging either costs 1 + 1 MPs (1.2, 1.2.2), and the search looks at 93-95 only.
SURROUNDED = {"F-CR-1H": 94, "R-KUT": 93, "R-1-1J": 95}


def test_1_2_2_a_kept_route_search_is_made_again_when_the_block_is_engaged_where_it_stands(monkeypatch):
    """1.2.2: "Engaging and Disengaging cost ONE extra MP each": once a Russian jager enters 94 too,
    leaving it costs one more, 3 MPs. The search kept from the first position must not answer for
    the second (every area it looked at now holds enemy units), nor the second's for the first."""
    monkeypatch.setattr(movement, "_kept", {})  # searches kept by earlier tests do not answer here
    free, engaged = moving(SURROUNDED), moving({**SURROUNDED, "R-1-2J": 94})
    for state, price in ((free, 2), (engaged, 3), (free, 2)):
        assert routes(game(state), "F-CR-1H", Rules(5)) == {93: (price, (93,)), 95: (price, (95,))}


def test_1_2_route_searches_are_handed_out_again_and_emptied_when_full(monkeypatch):
    """`routes` keeps a search and hands the same answer out for the same position; its searches
    hold at most `_KEPT_AREAS` areas (here 10: two searches of two areas, each kept with its routes
    and their order, 5 apiece), emptied when full, and answers as before after (1.2, 1.2.2: 1 + 1)."""
    monkeypatch.setattr(movement, "_kept", {})
    monkeypatch.setattr(movement, "_held", [0])
    monkeypatch.setattr(movement, "_KEPT_AREAS", 10)
    g = game(moving(SURROUNDED))
    for mp in (2, 3, 4, 5, 6):
        found = routes(g, "F-CR-1H", Rules(mp))
        assert found == {93: (2, (93,)), 95: (2, (95,))}
        assert routes(g, "F-CR-1H", Rules(mp)) is found
        assert sum(map(len, movement._kept.values())) <= 2 and movement._held[0] <= 10, f"{mp} MPs"


def test_4_1_1_traced_paths_are_handed_out_again_and_emptied_when_full(monkeypatch):
    """4.1.1, 5.1.1: the areas a path of friendly areas links to 94 (93, 94, 95 French) in at most
    `limit` steps; the far end may be any area. `distances` keeps at most `_PATHS` answers (here 2),
    emptied when full. (Its callers read only which areas are linked, not how far.)"""
    monkeypatch.setattr(movement, "_paths", {})
    monkeypatch.setattr(movement, "_PATHS", 2)
    g = game(position({}, control={93: "french", 94: "french", 95: "french"}))
    rings = {0: {94}, 1: {93, 94, 95}, 2: {93, 94, 95, 77, 79, 96, 107}}  # 93: 77, 79; 95: 79, 96, 107
    for limit, linked in rings.items():
        found = distances(g, "french", 94, limit)
        assert set(found) == linked
        assert distances(g, "french", 94, limit) is found
        assert len(movement._paths) <= 2, f"limit {limit}"
