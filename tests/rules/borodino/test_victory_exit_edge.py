"""Victory Conditions (7 Sept): "Move ... Combat Points of units off the east edge of the map
between the roads" — a French way to win, carried out by `move <unit> off`; never a Russian one."""
from __future__ import annotations

from rules.borodino.movement import reachable
from tests.rules.borodino.helpers import MAP, battle, play, position, refused, where

EDGE = sorted(MAP.east_exits)[0]
FRENCH, RUSSIAN = "F-I-2", "R-VIII-12"  # 7-4 and 5-4 infantry


def test_7sep_a_french_unit_on_the_east_edge_leaves_the_map():
    s = position({FRENCH: EDGE})
    s2, events = play(s, "french", f"move {EDGE} off")
    assert where(s2, FRENCH) is None and s2["units"][FRENCH]["where"] == "exited"
    assert s2["exited"]["french"] == 7
    assert "leaves the map by the east edge" in events[0]["text"]


def test_7sep_a_russian_unit_may_not_leave_by_the_east_edge():
    s = position({RUSSIAN: EDGE}, player="russian")
    err = refused(s, "russian", f"move {EDGE} off", "Victory Conditions (7 Sept)")
    assert str(err).startswith("Only French units leave the map, by the east edge between the two roads; it can ")


def test_7sep_positive_control_the_russian_unit_moves_along_the_edge():
    s = position({RUSSIAN: EDGE}, player="russian")
    neighbour = sorted(MAP.east_exits)[1]
    s2, _ = play(s, "russian", f"move {EDGE} {neighbour}")
    assert where(s2, RUSSIAN) == neighbour


def test_7sep_an_explicit_path_may_end_off_the_map():
    """`move 2402 2401 off`: the path is checked hex by hex, then leaving costs one hex's entry
    (1 MP) like any step; the Combat Points count as exited."""
    s = position({FRENCH: "2402"})
    s2, events = play(s, "french", "move 2402 2401 off")
    assert s2["units"][FRENCH]["where"] == "exited" and s2["exited"]["french"] == 7
    assert events[0]["path"] == ["2402", "2401"]
    assert events[0]["text"] == ("2402 (French 7-4 infantry) leaves the map by the east edge "
                                 "(2 MP; 7 Combat Points exited).")


def test_7sep_one_combat_point_exited_is_said_in_the_singular():
    s = position({"F-VIII-cav": "2402"})
    assert play(s, "french", "move 2402 off")[1][0]["text"] == (
        "2402 (French 1-5 cavalry) leaves the map by the east edge (2 MP; 1 Combat Point exited).")


def test_7sep_leaving_costs_one_mp_like_entering_a_hex():
    """Artillery (3 MP) three hexes in from the edge: three steps reach the edge hex, leaving would be
    the fourth MP; from two hexes in it leaves."""
    s = position({"F-I-art": "2404"})
    err = refused(s, "french", "move 2404 2403 2402 2401 off", "Movement")
    assert str(err) == "That path costs 4 MP and 2404 (French 7-3 artillery) has 3 (Movement)."
    s = position({"F-I-art": "2403"})
    s2, _ = play(s, "french", "move 2403 2402 2401 off")
    assert s2["units"]["F-I-art"]["where"] == "exited" and s2["exited"]["french"] == 7
    s2, events = play(s, "french", "move 2403 off")   # the destination alone: the same three MP
    assert events[0]["text"].endswith("leaves the map by the east edge (3 MP; 7 Combat Points exited).")
    s = position({"F-I-art": "2404"})
    assert "off" not in reachable(battle(s), "F-I-art")
    err = refused(s, "french", "move 2404 off", "Victory Conditions (7 Sept)")
    assert str(err).startswith("2404 (French 7-3 artillery) cannot reach the east edge between the two roads and "
                               "step off it with its 3 MP this Game-Turn; it can reach ")


def test_7sep_a_path_ending_off_away_from_the_edge_is_refused():
    """Only "off the east edge of the map between the roads": a path whose last hex is not an east
    edge hex may not end `off`, for either side; a Russian unit never leaves."""
    s = position({FRENCH: "2402"})
    err = refused(s, "french", "move 2402 2403 off", "Victory Conditions (7 Sept)")
    assert str(err) == ("Only French units leave the map, and only by the east edge between the two roads "
                        "(Victory Conditions 7 Sept).")
    s = position({RUSSIAN: "2402"}, player="russian")
    refused(s, "russian", "move 2402 2401 off", "Victory Conditions (7 Sept)")


def test_5sep_no_unit_leaves_the_map_by_a_path_either():
    """The 5 September victory conditions count no exits: `off` is refused with the reason,
    at the end of a path as alone."""
    s = position({FRENCH: "2402"}, scenario="5sep")
    err = refused(s, "french", "move 2402 2401 off", "Victory Conditions")
    assert str(err) == ("No unit leaves the map in this scenario (5 September: the Schevardino Redoubt): only the "
                        "7 September and Grand Battle victory conditions count units moved off the east edge "
                        "(Victory Conditions).")
    err = refused(s, "french", "move 2402 off", "Victory Conditions")
    assert str(err).startswith("No unit leaves the map in this scenario (5 September: the Schevardino Redoubt): ")
    assert str(err).endswith("; it can reach 2302, 2303, 2401, 2403, 2502, 2503, 2201, 2202 and 35 more hexes further "
                             "from 2402 (Victory Conditions).")  # nearest the unit first: it read 2001, 2002, ...
