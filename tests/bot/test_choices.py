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
