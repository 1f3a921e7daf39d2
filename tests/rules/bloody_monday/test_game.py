"""The questions a position answers (rules/bloody_monday/game.py): what the enemy may see (Setup:
Fog of War; Contested Area; 2.6; 5.3.3), which is what undo may not take back, and the room a
side has in an area (1.2), which is what a move is offered into."""
from __future__ import annotations

import json

import pytest

from rules import load
from rules.bloody_monday.game import Game
from rules.core.errors import CommandError
from tests.rules.bloody_monday.bm_helpers import battle, do, position

bm = load("bloody_monday")


def test_the_enemy_sees_eliminated_and_activated_blocks_the_intruders_of_a_contested_area_and_a_shown_battle():
    """2.4: an eliminated block is out of the game for all to see; 2.6: an activated support unit is revealed; Contested
    Area: the units of the player not controlling it are revealed; 5.3.3: after the showdown every unit
    of the battle area stands revealed. Nothing else is seen: a block hidden at home, the owner's units
    in a contested area without a battle."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-2": 42, "R-1-2J": 42, "F-I-3": 54, "R-1-1J": 54},
                     control={42: "french", 54: "russian"})
    state["blocks"]["F-I-D"]["activated"] = True
    state["blocks"]["F-I-5"].update(where="eliminated", area=None)
    g = Game(state)
    battle(g, 54, shown=True)
    assert g.seen() == {"F-I-5", "F-I-D", "R-1-2J", "F-I-3", "R-1-1J"}
    assert {bid for bid in state["blocks"] if g.revealed(bid)} == g.seen()


def test_a_move_is_offered_into_an_area_while_the_side_s_own_units_leave_room():
    """1.2: "Maximum Stacking: 4 Units per player" in a green area: three French units and a Russian
    one in 15 leave room for a fourth French unit, not a fifth (the Russian counts against Russian stacking)."""
    blocks = {"F-I-1": 15, "F-I-2": 15, "F-I-3": 15, "R-1-2J": 15, "F-I-4": 16, "F-I-5": 16}
    state, _ = do(position(blocks), "french", "initiative move")
    offered = {c.to_text() for c in bm.legal_commands(state, "french")}
    assert "move F-I-4 15" in offered and "move F-I-5 15" in offered
    state, _ = do(state, "french", "move F-I-4 15")
    assert "move F-I-5 15" not in {c.to_text() for c in bm.legal_commands(state, "french")}


def test_an_eliminated_block_leaves_its_area_its_activation_and_its_cubes_and_is_recorded_for_all():
    """2.4: "Destroyed Units are placed ... on their respective Morale Track"; the view's list of
    eliminated blocks tells what each was and where it fell, and the block keeps no activation or cube."""
    state = position({"F-I-D": 42, "F-I-1": 42})
    state["blocks"]["F-I-D"].update(activated=True, cubes=["light_blue", "yellow"])
    g = Game(state)
    event = g.eliminate("F-I-D")
    assert g.entry("F-I-D") == {"where": "eliminated", "area": None, "strength": state["blocks"]["F-I-D"]["strength"],
                                "activated": False, "cubes": []}
    assert g.units(42) == ["F-I-1"] and state["morale"]["french"] == ["F-I-D"]
    assert state["eliminated"] == [{"id": "F-I-D", "side": "french", "label": "D", "type": "tactical_leader",
                                    "subtype": None, "colour": "orange", "area": 42, "morale": True}]
    assert event == {"kind": "eliminated", "to": "all", "irreversible": False, "block": "F-I-D", "area": 42,
                     "side": "french",
                     "text": "French Davout (F-I-D, tactical leader) in 42 is eliminated (a loss for morale, 2.4)."}


def test_an_eliminated_jager_is_no_loss_for_morale():
    """2.4: "Destroyed Russian Jagers, Militia, and Cossacks ... do not count for Morale"."""
    g = Game(position({"R-1-2J": 42}))
    assert g.eliminate("R-1-2J")["text"] == (
        "Russian 2J (R-1-2J, infantry) in 42 is eliminated (no loss for morale, 2.4).")
    assert g.s["morale"]["russian"] == [] and g.s["eliminated"][0]["morale"] is False


def test_a_block_is_named_in_full_to_its_owner_and_to_all_once_revealed():
    """Setup, Fog of War: the enemy reads "a French block" until it is revealed (2.6, Contested Area)."""
    g = Game(position({"F-I-1": 16, "F-I-2": 42, "R-1-2J": 42}, control={42: "russian"}))
    assert g.name_for("french", "F-I-1") == "French 1 (F-I-1, infantry)"
    assert g.name_for("russian", "F-I-1") == g.name_for(None, "F-I-1") == "a French block"
    assert g.name_for("russian", "F-I-2") == "French 2 (F-I-2, infantry)"


def test_a_label_several_blocks_share_asks_for_the_id_and_an_unknown_name_says_how_to_name_one():
    g = Game(position({"F-I-LC": 16, "F-III-LC": 17}))
    with pytest.raises(CommandError) as several:
        g.resolve("french", "lc")
    assert str(several.value) == "'lc' names several of your blocks (F-I-LC, F-III-LC); use its id."
    with pytest.raises(CommandError) as unknown:
        g.resolve("french", "R-1-2J")
    assert str(unknown.value) == "'R-1-2J' is not one of your blocks on the map; name it by id (like F-I-LC) or label."


def test_the_example_of_an_id_is_one_of_the_players_own():
    """The Russian player who names a French block reads an example of a Russian id, not a French one."""
    g = Game(position({"F-I-1": 16, "R-1-2J": 42}))
    with pytest.raises(CommandError) as unknown:
        g.resolve("russian", "F-I-1")
    assert str(unknown.value) == "'F-I-1' is not one of your blocks on the map; name it by id (like R-1-2J) or label."


def test_a_command_leaves_the_state_it_was_given_as_it_was():
    """A command works on a copy (rules.core.play): the state before it, kept for undo and replay,
    still reads as it did, the cubes of the block it inspired included (5.2.2)."""
    state, _ = do(position({"F-I-D": 16, "F-I-1": 16}), "french", "tactical", "activate F-I-D")
    before = json.dumps(state, sort_keys=True)
    after, _ = do(state, "french", "inspire F-I-D F-I-1")
    assert after["blocks"]["F-I-1"]["cubes"] == ["yellow"] and json.dumps(state, sort_keys=True) == before


def test_a_fallen_supreme_commander_has_strength_0_in_the_last_view():
    """2.6.3: an exhausted supreme commander's strength is 0, and so is a fallen one's: the French
    player's last view, after Napoleon fell during the French Tactical Action, counts no activation
    left to him (How to Win A ends the game there)."""
    state, _ = do(position({"F-I-D": 16}), "french", "tactical", "activate F-I-D")
    g = Game(state)
    g.eliminate("F-NAP")
    assert g.chief_strength("french") == 0
    assert "Leaders activated: 1 of 0; battles fought: 0 (5.1)." in bm.view(state, "french")["notes"]
