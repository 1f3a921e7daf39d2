"""Borodino ZONES OF CONTROL, cases A-I (rules/borodino/battle.py zocs, movement.py)."""
from __future__ import annotations

from rules.borodino.battle import Battle
from rules.borodino.movement import reachable
from tests.rules.borodino.helpers import (force_die, go, open_ground, play, position, refused, refused_then_accepted,
                                         where, without)

G = open_ground(4)
INF, INF2, CAV = "F-I-2", "F-IV-1", "F-I-cav"   # French 7-4, 7-4, 2-5
RUS, RUS2 = "R-VIII-12", "R-VIII-2Gr"           # Russian 5-4, 6-4


def test_zoc_case_a_zones_of_control_at_all_times():
    """(A) "All units exert a Zone of Control at all times, whether or not it is Player's turn."
    A French unit's zone stops Russian movement in the Russian Movement Phase."""
    s = position({INF: G, RUS: go(G, 0, 0, 0)}, player="russian")
    far = go(G, 0, 0, 0)
    s2, _ = play(s, "russian", f"move {far} {go(G, 0)}")  # enters the French zone and stops
    assert where(s2, RUS) == go(G, 0)
    _, s3 = refused_then_accepted(s, "russian", f"move {far} {go(G, 0, 0)} {go(G, 0)} {go(G, 1)}",
                                  "Zones of Control (C)", without(INF))
    assert where(s3, RUS) == go(G, 1)


def test_zoc_case_b_friendly_zones_do_not_inhibit():
    """(B) "Friendly units are not inhibited in any way by the Zone of Control of other Friendly units."""
    s = position({INF: G, CAV: go(G, 1), INF2: go(G, 5)})
    path = [go(G, 0), go(G, 0, 0), go(G, 0, 0, 0), go(G, 0, 0, 0, 0)]
    s2, _ = play(s, "french", f"move {G} {' '.join(path)}")
    assert where(s2, INF) == path[-1]


def test_zoc_case_c_stop_on_entering():
    """(C) "they must stop upon entering the first enemy controlled hex that they encounter."""
    enemy = go(G, 0, 0, 0)
    s = position({INF: G, RUS: enemy})
    stop = go(G, 0, 0)  # adjacent to the enemy
    s2, _ = play(s, "french", f"move {G} {go(G, 0)} {stop}")
    assert where(s2, INF) == stop
    err, s3 = refused_then_accepted(s, "french", f"move {G} {go(G, 0)} {stop} {go(stop, 1)}",
                                    "Zones of Control (C)", without(RUS))
    assert "must stop" in str(err) and where(s3, INF) == go(stop, 1)
    reach = reachable(Battle(s), INF)
    assert stop in reach and go(stop, 1) in reach  # reached round the side, not through
    beyond = go(enemy, 0)
    assert beyond not in reach


def test_zoc_case_d_may_not_leave():
    """(D) "Once in an Enemy controlled hex, a Friendly unit may NOT move out of that hex until the
    Enemy unit is either destroyed or retreated"; units beginning there "MAY NOT MOVE AT ALL"."""
    s = position({INF: G, RUS: go(G, 0)})
    err, s2 = refused_then_accepted(s, "french", f"move {G} {go(G, 3)}", "Zones of Control (D)",
                                    without(RUS))  # the enemy gone, the unit is free again
    assert "may not move" in str(err) and where(s2, INF) == go(G, 3)


def test_zoc_case_e_several_units_control_one_hex():
    """(E) "More than one unit may exert a Zone of Control over the same hex."""
    s = position({INF: G, RUS: go(G, 0), RUS2: go(G, 2)})
    assert G in Battle(s).zocs["french"]
    refused(s, "french", f"move {G} {go(G, 4)}", "Zones of Control (D)")
    s = position({INF: G, RUS2: go(G, 2)})  # one of the two removed: the other still controls
    refused_then_accepted(s, "french", f"move {G} {go(G, 4)}", "Zones of Control (D)", without(RUS2))


def test_zoc_case_f_overlapping_zones_of_non_adjacent_units():
    """(F) "The overlapping of Zones of Control between non-adjacent units of opposing armies has no
    effect upon those units"."""
    s = position({INF: G, RUS: go(G, 0, 0)})  # two hexes apart: their zones overlap on go(G, 0)
    s2, _ = play(s, "french", f"move {G} {go(G, 3)}")
    assert where(s2, INF) == go(G, 3)
    s = position({INF: G, RUS: go(G, 0, 0)}, phase="combat")
    s2, _ = play(s, "french", "end")  # no attack is due between non-adjacent units
    assert s2["player"] == "russian"


def test_zoc_case_g_mutual():
    """(G) "Zones of Control affect adjacent opposing units mutually"."""
    s = position({INF: G, RUS: go(G, 0)}, player="russian")
    _, s2 = refused_then_accepted(s, "russian", f"move {go(G, 0)} {go(G, 0, 0)}", "Zones of Control (D)",
                                  without(INF))
    assert where(s2, RUS) == go(G, 0, 0)


def test_zoc_case_h_not_across_river_ford_or_bridge():
    """(H) "Zones of Control do not extend through river hexsides ... also do not extend across
    bridges or fords crossing a river hexside"."""
    for french, russian, away in (("2723", "2622", "2822"),    # river
                                  ("1616", "1615", "1617"),    # ford
                                  ("2319", "2318", "2320")):   # bridge
        s = position({INF: french, RUS: russian})
        assert french not in Battle(s).zocs["french"]
        s2, _ = play(s, "french", f"move {french} {away}")
        assert where(s2, INF) == away


def test_zoc_case_h_across_streams():
    """(H) "... but they do extend through Stream hexsides."""
    s = position({INF: "1907", RUS: "2007"})
    refused_then_accepted(s, "french", "move 1907 1806", "Zones of Control (D)", without(RUS))


def test_zoc_case_i_zone_into_and_out_of_woods_road():
    """(I) "Zones of Control do extend into and out of Woods/Road hexes even through hexsides through
    which movement is restricted."""
    s = position({INF: "3918", RUS: "3817"})  # 3918/3817 is not a road hexside
    refused_then_accepted(s, "french", "move 3918 3919", "Zones of Control (D)", without(RUS))
    s = position({INF: "3918", RUS: "3817"}, player="russian")
    refused_then_accepted(s, "russian", "move 3817 3816", "Zones of Control (D)", without(INF))


def test_zoc_case_i_attack_through_non_road_hexside_but_no_advance_off_the_road():
    """(I) "a unit in a Woods/Road hex may attack and may be attacked by adjacent Enemy units even
    through a non-road hexside. In such instances, however, Advance after Combat option may not be
    exercised except along roads." The woods/road defender is doubled (Terrain Effects Chart)."""
    s = position({INF: "3918", RUS: "3817"}, phase="combat")
    force_die(s, 1)  # 7 against 5 doubled to 10: 1-2, die 1: Dr
    s2, events = play(s, "french", "attack 3918 -> 3817")
    assert events[0]["odds"] == "1-2" and events[0]["result"] == "Dr"
    # The retreat too leaves the woods/road hex only along the road (our reading), so 3816 it is;
    # and no advance is offered to 3918.
    assert where(s2, RUS) == "3816" and s2["pending"] is None
    assert where(s2, INF) == "3918"


def test_zoc_case_i_advance_along_the_road():
    """(I) ... the advance may be made along the road."""
    s = position({INF: "3918", INF2: "3818", RUS: "3817"}, phase="combat")
    force_die(s, 1)  # 14 against 10: 1-1, die 1: Dr
    s2, events = play(s, "french", "attack 3918+3818 -> 3817")
    assert events[0]["result"] == "Dr"
    assert s2["pending"]["steps"][0]["kind"] == "advance"
    err = refused(s2, "french", "advance 3918 3817", "Combat (H)")
    assert "advance 3818 3817" in str(err)
    s3, _ = play(s2, "french", "advance 3818 3817")
    assert where(s3, INF2) == "3817"


def test_view_names_the_zones_of_control_the_engine_applies():
    """The view carries each side's enemy-controlled hexes (ZOC A, H; Redoubts C), so pictures
    shade exactly what the rules enforce and never work the rule out a second time."""
    from tests.rules.borodino.helpers import borodino, hexside_of
    a, b = hexside_of("river")
    s = position({INF: G, RUS: a, RUS2: "3116"})
    zoc = borodino.view(s, None)["zoc"]
    assert set(zoc["russian"]) == set(Battle(s).zocs["russian"]) and set(zoc["french"]) == set(Battle(s).zocs["french"])
    assert go(G, 0) in zoc["russian"] and go(G, 0) not in zoc["french"]
    assert b not in zoc["french"]                      # a river hexside blocks the zone (H)
    assert {"2718", "2818", "2918"} <= set(zoc["french"])  # the empty Great Redoubt's front (Redoubts C)
