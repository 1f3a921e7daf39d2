"""bot/choices.py: what the choices of Discord's autocomplete read as."""
from __future__ import annotations

import rules
from bot import choices


def test_a_doomed_victory_leader_is_named_by_his_rank_name_rating_and_hex():
    """With dv_leaders a leader moves by his id (`move L-GROUCHY 2424`, Doomed Victory 8.1): his
    choice reads who he is, as a unit's does, and only his own side's leaders are named."""
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("shevardino", 1, {"dv_leaders": True}), "french")
    grouchy = next(leader for leader in view["leaders"] if leader["id"] == "L-GROUCHY")
    names = choices.unit_names(view, "french")
    assert names["L-GROUCHY"] == (f"L-GROUCHY · French {grouchy['role']} leader Grouchy, rating {grouchy['rating']}, "
                                  f"in {grouchy['hex']}")
    assert "L-BAGRATION" not in names and "L-BAGRATION" in choices.unit_names(view, "russian")


def test_a_borodino_reinforcement_waiting_to_enter_reads_what_it_is_and_where_it_enters():
    """`move F-IC-1L 2629` brings a reinforcement on (Scenarios): its choice read 'F-IC-1L' alone,
    where a unit on the map reads '2525 · French 2-5 cavalry (IC-1H)'."""
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("5sep", 1, {}), "french")
    assert choices.unit_names(view, "french")["F-IC-1L"] == "F-IC-1L · French 2-5 cavalry, waiting to enter at 2630"
    assert "F-IC-1L" not in choices.unit_names(view, "russian")


def test_a_doomed_victory_leader_s_destinations_come_nearest_first():
    """A leader's `move L-MURAT <hex>` choices read how far each hex is from him, as a unit's do."""
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("shevardino", 1, {"dv_leaders": True}), "french")
    murat = next(leader for leader in view["leaders"] if leader["id"] == "L-MURAT")
    assert choices.unit_places(view, "french")["L-MURAT"] == murat["hex"] == "2525"
    texts = ["move L-MURAT 2628", "move L-MURAT 2424", "move 2424 2423"]
    picked = choices.move_destinations(texts, "L-MURAT", "", borodino.distance, murat["hex"])
    assert picked == [("2424", "2424 · 1 hex away"), ("2628", "2628 · 4 hexes away")]


def test_an_attacking_group_is_offered_and_read_in_the_order_its_units_are_typed():
    """`attack 3119+2919 -> 3018` is the same attack as the engine's `attack 2919+3119 -> 3018`: the
    defenders of a group typed in another order were none, and '3119+' offered no group with 2919."""
    texts = ["attack 2919+3119 -> 3018", "attack 3119+3219 -> 3218", "attack 3219 -> 3218", "end"]
    assert choices.attackers(texts, "3119+") == [("3119+2919", "3119+2919"), ("3119+3219", "3119+3219")]
    assert choices.attackers(texts, "3119+29") == [("3119+2919", "3119+2919")]
    assert choices.attackers(texts, "") == [("2919+3119", "2919+3119"), ("3119+3219", "3119+3219"), ("3219", "3219")]
    assert choices.defenders(texts, "3119+2919", "") == choices.defenders(texts, "2919 + 3119", "") == \
        [("3018", "3018")]
    assert choices.defenders(texts, "3219+3119", "") == [("3218", "3218")]
