"""What each side reads about a move, word for word (rules/bloody_monday/movement.py): the public
event and the mover's own, the move log, and every refusal of a move.

A hidden block's move is told to the public as "a French block" with no id; its owner reads the
block's name. The case tests check the rule cited; these pin the sentences.
"""
from __future__ import annotations

from rules.bloody_monday.movement import Rules, routes
from tests.rules.bloody_monday.bm_helpers import do, game, position, refused


def _moving(blocks: dict, *, side: str = "french", impulse: str = "initiative move", **kw) -> dict:
    state, _ = do(position(blocks, player=side, **kw), side, impulse)
    return state


def test_a_hidden_block_moves_as_a_french_block_to_the_public_and_by_name_to_its_owner():
    state = _moving({"F-CR-1H": 16, "R-1-2J": 42})
    state, events = do(state, "french", "move F-CR-1H 41")
    public, private = events
    assert public == {"kind": "move", "to": "all", "text": "A French block moves 16 → 15 → 30 → 41.",
                      "irreversible": False, "side": "french"}
    assert private == {"kind": "move", "to": "french", "irreversible": False, "block": "F-CR-1H",
                       "text": "French 1H (F-CR-1H, cavalry) moves 16 → 15 → 30 → 41."}
    assert state["log"]["moves"][-1] == {"side": "french", "from": 16, "to": 41, "id": "F-CR-1H"}


def test_an_engaging_block_is_revealed_and_its_move_says_it_engages():
    """1.2.2: entering an area with enemy units engages; the block is then revealed, so the public
    event names it (1.2.3: across the Kolocha it also takes the light blue cube)."""
    state = _moving({"F-I-1": 16, "R-1-1J": 54})
    state, events = do(state, "french", "move F-I-1 54")
    public, private = events
    assert public == {"kind": "move", "to": "all", "text": "French 1 (F-I-1, infantry) moves 16 → 54 and engages.",
                      "irreversible": True, "side": "french", "block": "F-I-1"}
    assert private["text"] == "French 1 (F-I-1, infantry) moves 16 → 54." and private["to"] == "french"
    assert state["blocks"]["F-I-1"]["cubes"] == ["light_blue"]


def test_engaging_at_the_end_of_a_longer_path_across_the_kolocha_takes_the_cube():
    """1.2.3: the crossing that counts is the path's last step (from 16 into 54), not the start area."""
    state = _moving({"F-CR-1H": 15, "R-1-1J": 54})
    state, _ = do(state, "french", "move F-CR-1H 16 54")
    assert state["blocks"]["F-CR-1H"]["cubes"] == ["light_blue"]


REFUSALS = [
    # (blocks, impulse, command, rule, sentence)
    ({"F-CR-1H": 16, "R-1-2J": 42}, "initiative move", "move F-CR-1H 42 41", "1.2.2",
     "A unit must stop when it engages in 42; end the path there (1.2.2)."),
    ({"F-CR-1H": 16}, "initiative move", "move F-CR-1H 16 41", "1.0",
     "Area 16 is not adjacent to 16; name the areas of the path one by one (1.0)."),
    ({"F-CR-1H": 16}, "initiative move", "move F-CR-1H 99", "2.1",
     "French 1H (F-CR-1H, cavalry) cannot reach 99 with 5 MPs; the areas it can reach nearest 99: 71, 67, 55, 72, "
     "44, 45, 53, 52 and 33 more (2.1)."),
    ({"F-I-A1": 16, "R-1-1J": 54}, "initiative move", "move F-I-A1 54", "1.2.2, FAQ 3",
     "54 holds enemy units and support units may not engage; choose an area without enemy units (1.2.2, FAQ 3)."),
    ({"F-I-1": 16, "R-1-2J": 42}, "pass", "move F-I-1 42", "7.0",
     "42 holds enemy units and a Pass allows no engagement; choose an area without enemy units (7.0)."),
    ({"F-I-1": 15, "R-1-2J": 42}, "pass", "move F-I-1 42", "7.0",  # two areas away: not a question of MPs
     "42 holds enemy units and a Pass allows no engagement; choose an area without enemy units (7.0)."),
    ({"F-I-1": 16}, "initiative move", "move F-I-1 15 14 1", "2.1",
     "The path costs 4 MPs and French 1 (F-I-1, infantry) has 3; choose a nearer area (2.1)."),
    ({"F-I-1": 16}, "initiative move", "move F-I-1 1", "2.1",
     "French 1 (F-I-1, infantry) cannot reach 1 with 3 MPs; the areas it can reach nearest 1: 14, 2, 15, 3, 30, 29, "
     "17, 42 and 14 more (2.1)."),
]


def test_each_refusal_reads_exactly():
    for blocks, impulse, command, rule, sentence in REFUSALS:
        assert refused(_moving(blocks, impulse=impulse), "french", command, rule) == sentence, command


def test_2_1_out_of_reach_names_the_areas_nearest_the_one_asked_where_the_unit_may_stop():
    """2.1: an area beyond a unit's MPs is refused with where it can go instead, those nearest the
    area asked for first (1's neighbours 14 and 2, then the areas two apart from it), and a green
    area holding four French units ("Maximum Stacking: 4 Units per player", 1.2) left out (control:
    a named area is accepted)."""
    blocks = {"F-I-1": 16, "F-I-2": 15, "F-I-4": 15, "F-I-5": 15, "F-I-D": 15}
    assert refused(_moving(blocks, impulse="initiative move"), "french", "move F-I-1 1", "2.1").startswith(
        "French 1 (F-I-1, infantry) cannot reach 1 with 3 MPs; the areas it can reach nearest 1: 14, 2, 3, ")
    after, _ = do(_moving(blocks, impulse="initiative move"), "french", "move F-I-1 17")
    assert after["blocks"]["F-I-1"]["area"] == 17


def test_2_1_up_to_eight_areas_are_named_then_counted():
    """2.1: at most eight areas are named, those nearest the area asked for first, the rest counted."""
    sentences = {start: refused(_moving({"F-I-1": start}, impulse="initiative move"), "french", "move F-I-1 1", "2.1")
                 for start in (61, 60, 12, 48)}
    assert sentences[61].endswith("the areas it can reach nearest 1: 60, 37, 48, 75, 76 (2.1).")
    assert sentences[60].endswith("the areas it can reach nearest 1: 47, 36, 39, 62, 37, 48, 61, 75 (2.1).")
    assert sentences[12].endswith("the areas it can reach nearest 1: 9, 23, 10, 24, 25, 11, 26, 37 and 1 more (2.1).")
    assert sentences[48].endswith("the areas it can reach nearest 1: 23, 35, 25, 36, 24, 37, 39, 60 and 2 more (2.1).")


def test_2_1_a_support_unit_hemmed_in_by_the_enemy_is_told_it_cannot_move():
    """1.2.2, FAQ 3: support units may not engage; 94's only neighbours, 93 and 95, hold Russians."""
    assert refused(_moving({"F-I-A1": 94, "R-1-1J": 93, "R-1-2J": 95}, impulse="initiative move"), "french",
                   "move F-I-A1 96", "2.1") == (
        "French A (F-I-A1, artillery) cannot reach 96 with 3 MPs; it cannot move at all (2.1).")


def test_1_2_a_full_area_says_how_many_units_it_holds():
    state = _moving({"F-I-D": 55, "F-I-1": 44, "F-NAP": 44}, control={55: "french", 44: "french"})
    assert refused(state, "french", "move F-I-1 55", "1.2") == (
        "55 is fully stacked for your side (a red area holds 1 unit per side); move a unit out first or "
        "choose another area (1.2).")


def test_6_3_raiding_cavalry_may_not_disengage():
    state = position({"F-I-D": 16, "F-CR-1LC": 42, "F-I-1": 16, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "initiative raid")
    assert refused(state, "french", "move F-CR-1LC 30", "6.3") == (
        "Raiding cavalry may not disengage; move a cavalry unit that is not engaged (6.3).")
    assert routes(game(state), "F-CR-1LC", Rules(5, disengage=False)) == {}


def test_9_11_9_12_a_destination_across_the_command_limit_is_refused_for_that_not_for_mps():
    """9.11: "Barclay de Tolly cannot go south of this line"; 9.12: "Russian 1st Army Units (yellow)
    cannot enter any Area in the southern part": 72 is two areas from 66 and within reach; the refusal
    names the command limit, not the movement points (2.1) it said before."""
    state = position({"R-1-BT": 66, "R-1-3": 66}, options=["command_limit", "extreme_command_limit"],
                     player="russian", initiative="russian")
    state, _ = do(state, "russian", "tactical")
    assert refused(state, "russian", "activate R-1-BT 72", "9.11") == (
        "Russian Barclay de Tolly (R-1-BT, tactical leader) may not cross the command limit into 72: it stays in "
        "the north of the map (9.11).")
    state, _ = do(state, "russian", "activate R-1-BT")
    assert refused(state, "russian", "move R-1-3 72", "9.12") == (
        "Russian 3 (R-1-3, infantry) may not cross the command limit into 72: it stays in the north of the map "
        "(9.12).")


def test_9_11_barclay_stays_north_by_path_and_by_route():
    """9.11 with the command limit: area 20 (south) is next to 6 (north); Barclay in 6 may not enter it,
    and the route search never offers it; without the option it does."""
    state = _moving({"R-1-BT": 6}, side="russian", options=["command_limit"], initiative="russian")
    sentence = ("Russian Barclay de Tolly (R-1-BT, tactical leader) may not cross the command limit into 20: it "
                "stays in the north of the map (9.11).")
    assert refused(state, "russian", "move R-1-BT 20", "9.11") == sentence
    assert 20 not in routes(game(state), "R-1-BT", Rules(5))
    free = _moving({"R-1-BT": 6}, side="russian", initiative="russian")
    assert 20 in routes(game(free), "R-1-BT", Rules(5))


def test_9_12_extreme_command_limit_binds_every_unit():
    state = _moving({"R-1-1J": 6}, side="russian", options=["extreme_command_limit"], initiative="russian")
    assert 20 not in routes(game(state), "R-1-1J", Rules(5))
    assert 20 in routes(game(_moving({"R-1-1J": 6}, side="russian", initiative="russian")), "R-1-1J", Rules(5))


def test_1_2_2_disengaging_costs_one_more_mp_on_the_first_step_only():
    """Leaving an engaged area costs +1 on that step; a path's later steps pay only their terrain."""
    engaged = routes(game(position({"F-CR-1H": 42, "R-1-2J": 42})), "F-CR-1H", Rules(5))
    free = routes(game(position({"F-CR-1H": 42})), "F-CR-1H", Rules(5))
    for area, (cost, path) in engaged.items():
        assert cost == free[area][0] + 1, (area, path)


def test_1_2_a_full_yellow_area_says_it_holds_2_units_per_side():
    """1.2 Yellow Area: "Maximum Stacking: 2 Units per player": two French units fill the yellow 1;
    with one of them gone the third enters (2 MPs, 1.2)."""
    full = _moving({"F-I-1": 2, "F-I-2": 1, "F-I-3": 1})
    assert refused(full, "french", "move F-I-1 1", "1.2") == (
        "1 is fully stacked for your side (a yellow area holds 2 units per side); move a unit out first or "
        "choose another area (1.2).")
    state, _ = do(_moving({"F-I-1": 2, "F-I-2": 1}), "french", "move F-I-1 1")
    assert state["blocks"]["F-I-1"]["area"] == 1
