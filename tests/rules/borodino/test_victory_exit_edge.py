"""Victory Conditions (7 Sept): "Move ... Combat Points of units off the east edge of the map
between the roads" — a French way to win, carried out by `move <unit> off`; never a Russian one."""
from __future__ import annotations

from tests.rules.borodino.helpers import MAP, play, position, refused, where

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
    assert "only French units" in str(err)


def test_7sep_positive_control_the_russian_unit_moves_along_the_edge():
    s = position({RUSSIAN: EDGE}, player="russian")
    neighbour = sorted(MAP.east_exits)[1]
    s2, _ = play(s, "russian", f"move {EDGE} {neighbour}")
    assert where(s2, RUSSIAN) == neighbour
