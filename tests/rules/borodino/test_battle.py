"""The position's lookups (rules/borodino/battle.py) against the rules they shorten: the hexes
within a unit's reach (Combat A; Artillery, General Rule) and the counts a session keeps of
them, checked against the same looked for afresh."""
from __future__ import annotations

import rules.borodino as borodino
from rules.borodino.battle import Battle, Rings
from rules.core.hexes import nearby, within
from tests.rules.borodino.helpers import MAP, go, open_ground, play, position

F7, F7b, R5, R6 = "F-I-2", "F-IV-1", "R-VIII-12", "R-VIII-2Gr"


def test_rings_hold_the_hexes_within_their_radius():
    """Combat (A): a unit attacks its neighbours; Artillery, General Rule: artillery at two hexes."""
    h = open_ground()
    one, two = Rings(1), Rings(2)
    assert one[h] == nearby(h, 1) and len(one[h]) == 6
    assert two[h] == nearby(h, 2) and len(two[h]) == 18 and set(within(h, 2)) == two[h]
    assert two[h] is two[h], "kept, not worked out again"


def test_the_reach_kept_from_the_start_forgets_an_enemy_that_moved_away():
    """Combat (A): only units with an enemy adjacent may attack. Two enemy units adjacent when the
    counts are first kept (`keep_control`), then one moves off: neither has an enemy in reach, as
    a position built afresh says."""
    h = open_ground()
    state = position({F7: h, R5: go(h, 0)})
    b = Battle(state)
    b.keep_control()
    assert b.in_reach("french") == [F7] and b.in_reach("russian") == [R5]
    b.place(F7, go(h, 3, 3))
    assert b.in_reach("french") == [] and b.in_reach("russian") == []
    assert Battle(state).in_reach("french") == [] and Battle(state).in_reach("russian") == []
    b.place(F7, go(h, 3))  # back beside it (2 hexes from R5: no reach for infantry)
    assert b.in_reach("french") == [] == Battle(state).in_reach("french")
    b.place(F7, go(h, 1))
    assert b.in_reach("french") == [F7] == Battle(state).in_reach("french")


def test_the_units_by_side_follow_each_move_and_loss():
    """Who stands where, by side, once asked, follows the unit that moves and the one eliminated."""
    h = open_ground()
    state = position({F7: h, F7b: go(h, 3), R5: go(h, 0, 0)})
    b = Battle(state)
    assert b.units_of("french") == {h: F7, go(h, 3): F7b} and b.on_map("russian") == [R5]
    b.place(F7, go(h, 1))
    assert b.units_of("french") == {go(h, 1): F7, go(h, 3): F7b}
    b.take_off(F7b, "eliminated")
    assert b.units_of("french") == {go(h, 1): F7} and b.on_map("french") == [F7]
    assert state["losses"]["french"] == 7


def test_a_redoubt_is_held_by_the_side_that_last_entered_it():
    """6 Sept Victory Conditions: "The player who at the end of the game holds three or more of the
    redoubts on the map (whether destroyed or not) is the winner": a French unit entering the Great
    Redoubt (2817) from its rear (2816) takes hold of it, and with two more held wins."""
    s = position({F7: "2816"}, scenario="6sep")
    for h in ("3222", "3018"):
        s["redoubts"][h]["held"] = "french"
    s2, _ = play(s, "french", "move 2816 2817")
    assert s2["redoubts"]["2817"]["held"] == "french"
    assert borodino.outcome({**s2, "phase": "over"})["winner"] == "french"
    assert borodino.outcome({**s, "phase": "over"})["winner"] == "russian"


def test_the_combat_points_exited_add_up():
    """7 Sept Victory Conditions: the French win decisively by moving 60 Combat Points off the east
    edge: each unit's points add to those that left before it."""
    edge = sorted(MAP.east_exits)
    s = position({F7: edge[0], F7b: edge[2]})
    s, _ = play(s, "french", f"move {edge[0]} off")
    s, _ = play(s, "french", f"move {edge[2]} off")
    assert s["exited"]["french"] == 14


def test_the_zones_of_control_kept_follow_the_units_that_leave():
    """ZOC (A): a unit controls the six hexes around it. A hex two Russian units control stays in
    the French player's enemy zone until both have left, in the counts kept move by move
    (`keep_control`) as in a position built afresh."""
    h = open_ground()
    state = position({R5: go(h, 0), R6: go(h, 2)})
    b = Battle(state)
    b.keep_control()
    assert b.in_enemy_zoc("french", h) and not b.in_enemy_zoc("russian", h)
    b.place(R5, go(h, 3, 3))
    assert b.in_enemy_zoc("french", h) and Battle(state).in_enemy_zoc("french", h)
    b.place(R6, go(h, 5, 5))
    assert not b.in_enemy_zoc("french", h) and not Battle(state).in_enemy_zoc("french", h)
    assert b.in_enemy_zoc("french", go(h, 3, 3, 3)) and b.in_enemy_zoc("french", go(h, 5, 5, 0))


def test_the_whole_table_of_zones_once_built_answers_and_follows_a_move():
    """ZOC (A): the table a route search builds (`Battle.zocs`) answers `in_enemy_zoc`, and a move
    makes it forget the hexes the unit no longer controls."""
    h = open_ground()
    state = position({R5: go(h, 0)})
    b = Battle(state)
    assert h in b.zocs["french"]
    assert b.in_enemy_zoc("french", h) and not b.in_enemy_zoc("french", go(h, 3, 3))
    b.place(R5, go(h, 3, 3, 3))
    assert not b.in_enemy_zoc("french", h) and b.in_enemy_zoc("french", go(h, 3, 3))
