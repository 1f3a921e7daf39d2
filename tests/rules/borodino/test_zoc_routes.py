"""Zones of Control (C) when a player gives only a destination: the route the engine finds itself
must stop at the first enemy-controlled hex, exactly as a path typed hex by hex must."""
from __future__ import annotations

from rules.core.hexes import neighbours
from tests.rules.borodino.helpers import go, open_ground, play, position, refused, where

G = open_ground(4)
INF, RUS = "F-I-2", "R-VIII-12"  # French 7-4 infantry, Russian 5-4 infantry
FAR = go(G, 1, 1, 1, 1)  # four hexes in a straight line: the only route a 4 MP unit has
ENEMY = go(G, 1, 1, 0)  # its zone covers the second and third hexes of that line


def test_zoc_case_c_a_destination_beyond_a_zone_is_refused():
    """(C) "they must stop upon entering the first enemy controlled hex that they encounter":
    with only the destination given, no route of 4 MP avoids the zone, so the move is refused."""
    s = position({INF: G, RUS: ENEMY})
    err = refused(s, "french", f"move {G} {FAR}", "Movement")
    assert FAR in str(err) and "it can reach" in str(err)


def test_zoc_case_c_positive_control_the_same_move_without_the_enemy():
    s = position({INF: G})
    s2, _ = play(s, "french", f"move {G} {FAR}")
    assert where(s2, INF) == FAR


def test_zoc_case_c_a_found_route_ends_at_the_first_controlled_hex():
    """A destination inside the zone is reached, and the route found enters no controlled hex
    before its last."""
    s = position({INF: G, RUS: ENEMY})
    stop = go(G, 1, 1)
    s2, events = play(s, "french", f"move {G} {stop}")
    assert where(s2, INF) == stop
    path = next(e["path"] for e in events if e["kind"] == "move")
    zone = set(neighbours(ENEMY))
    assert path[-1] in zone and not zone & set(path[:-1])


def test_zoc_case_c_a_route_round_the_zone_is_found_when_allowances_permit():
    """A cavalry unit (5 MP) reaches the far hex by going round the zone, never through it,
    though the straight line would be one MP cheaper."""
    cav = "F-I-cav"
    s = position({cav: G, RUS: ENEMY})
    s2, events = play(s, "french", f"move {G} {FAR}")
    path = next(e["path"] for e in events if e["kind"] == "move")
    assert where(s2, cav) == FAR and len(path) == 6  # the start and five hexes entered
    assert not set(neighbours(ENEMY)) & set(path)
