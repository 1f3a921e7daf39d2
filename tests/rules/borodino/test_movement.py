"""Borodino MOVEMENT, case by case (rules/borodino/movement.py).

Every refusal goes through `refused()`, which also checks that the state is unchanged.
"""
from __future__ import annotations

import copy
import random
import tomllib
from pathlib import Path

import pytest

from rules.borodino import commands as C
from rules.borodino import movement, tables
from rules.borodino.battle import Battle
from rules.borodino.movement import reachable, terrain_step
from rules.borodino.rollout import walk
from tests.rules.borodino.helpers import (MAP, go, open_ground, play, position, refused, refused_then_accepted,
                                         where, without)

G = open_ground(4)          # clear ground four hexes all round
INF = "F-I-2"               # French 7-4 infantry
ART = "F-I-art"             # French 7-3 artillery
CAV = "F-I-cav"             # French 2-5 cavalry
RUS = "R-VIII-12"           # Russian 5-4 infantry


def _mp(events) -> int:
    text = events[0]["text"]
    return int(text.rsplit("(", 1)[1].split()[0])


def moved(path: str) -> tuple[str, int]:
    """The 7-4 infantry alone in the first hex of `path` moves along it: where it ends, and the MP
    its move's event says it spent."""
    after, events = play(position({INF: path.split()[0]}), "french", f"move {path}")
    return where(after, INF), _mp(events)


def test_movement_each_hex_costs_one_mp():
    """"one Movement Point is expended for each hex entered"."""
    s = position({INF: G})
    dest = go(G, 0, 0, 0)
    s2, events = play(s, "french", f"move {G} {dest}")
    assert where(s2, INF) == dest and _mp(events) == 3
    reach = reachable(Battle(s), INF)
    assert reach[go(G, 0)] == 1 and reach[go(G, 0, 1)] == 2 and reach[go(G, 0, 0, 0, 0)] == 4


def test_movement_allowance_is_never_exceeded():
    """"they may NEVER be moved MORE than their Movement Allowance in any one turn"."""
    s = position({ART: G})
    play(s, "french", f"move {G} {go(G, 0, 0, 0)}")
    err = refused(s, "french", f"move {G} {go(G, 0, 0, 0, 0)}", "Movement")
    assert "beyond the 3 MP" in str(err)
    infantry = position({INF: G})  # 4 MP: the same path is within its allowance
    err, s2 = refused_then_accepted(s, "french", f"move {G} {go(G, 0)} {go(G, 0, 0)} {go(G, 0, 0, 0)} "
                                    f"{go(G, 0, 0, 0, 0)}", "Movement", lambda state: state.update(infantry))
    assert "costs 4 MP" in str(err) and where(s2, INF) == go(G, 0, 0, 0, 0)


def test_movement_ford_costs_two_more():
    """"it costs unit two additional Movement Points to cross river through a ford hexside"."""
    assert moved("1616 1615") == ("1615", 3)
    assert moved("1616 1615 1614") == ("1614", 4)
    err = refused(position({INF: "1616"}), "french", "move 1616 1615 1614 1514", "Movement")
    assert "costs 5 MP" in str(err)


def test_movement_stream_costs_one_more():
    """"to move through a Stream hexside costs one additional Movement Point"."""
    assert moved("1907 2007") == ("2007", 2)
    assert reachable(Battle(position({INF: "1907"})), INF)["2007"] == 2


def test_movement_stream_free_along_a_road():
    """"... except when crossing on a road." The new road crosses the Voina at 2309/2310 (map.toml); the map once
    had no road crossing a stream and this test used a doctored copy of the map."""
    assert terrain_step(MAP, "2310", "2309")[0] == 1       # along the road, over the Voina
    assert terrain_step(MAP, "2409", "2309")[0] == 2       # over the Voina off the road


def test_movement_bridge_costs_nothing_extra():
    """"Rivers may be crossed through bridge hexsides without penalty"."""
    assert moved("2319 2318") == ("2318", 1)


def test_movement_no_river_crossing_elsewhere():
    """"Rivers may not be crossed at other than fords or bridges"."""
    s = position({INF: "2723"})
    err = refused(s, "french", "move 2723 2622", "Terrain Effects Chart")
    assert "river" in str(err) and "fords and bridges" in str(err)
    assert "2622" not in reachable(Battle(s), INF)


def test_movement_non_road_woods_prohibited():
    """"Movement in non-road Woods hexes is not allowed"."""
    s = position({INF: "3321"})
    err = refused(s, "french", "move 3321 3320", "Movement")
    assert "non-road woods" in str(err)
    err = refused(s, "french", "move 3321 3320 3319", "Movement")
    assert "woods" in str(err)


def test_movement_woods_road_entered_only_along_the_road():
    """"Such hexes may only be entered from the direction in which the road enter and exit"."""
    s = position({INF: "3918"})
    err = refused(s, "french", "move 3918 3817 3816", "Movement")
    assert "woods/road hex from off its road" in str(err)
    s2, events = play(s, "french", "move 3918 3817")  # the cheapest legal path goes round by the road
    assert events[0]["path"] == ["3918", "3818", "3817"] and _mp(events) == 2
    assert moved("3818 3817 3816 3815") == ("3815", 3)


def test_movement_woods_road_left_only_along_the_road():
    """Woods/road hexes are left "by traveling along the road leading into and out of the woods"."""
    s = position({INF: "3817"})
    err = refused(s, "french", "move 3817 3918 3919", "Movement")
    assert "left only along its road" in str(err)
    s2, _ = play(s, "french", "move 3817 3818")
    assert where(s2, INF) == "3818"


def test_movement_may_not_skip_hexes():
    """"Movement from hex-to-hex must be consecutive, that is to say, a unit may not skip hexes"."""
    s = position({INF: G})
    err = refused(s, "french", f"move {G} {go(G, 0)} {go(G, 0, 0, 0)}", "Movement")
    assert "skip hexes" in str(err)


def test_movement_explicit_path_is_followed():
    """`move A B C` names every hex entered."""
    s = position({INF: G})
    path = [go(G, 1), go(G, 1, 0), go(G, 1, 0, 5)]
    s2, events = play(s, "french", f"move {G} {' '.join(path)}")
    assert where(s2, INF) == path[-1] and events[0]["path"] == [G, *path]


def test_movement_through_friendly_units():
    """"Units may move through hexes occupied by Friendly units"."""
    s = position({INF: G, CAV: go(G, 0)})
    s2, _ = play(s, "french", f"move {G} {go(G, 0)} {go(G, 0, 0)}")
    assert where(s2, INF) == go(G, 0, 0) and where(s2, CAV) == go(G, 0)


def test_movement_may_not_end_on_a_friendly_unit():
    """"Players may NOT place more than one unit in a given hex"."""
    s = position({INF: G, CAV: go(G, 0)})
    err, s2 = refused_then_accepted(s, "french", f"move {G} {go(G, 0)}", "Movement", without(CAV))
    assert "occupied" in str(err) and where(s2, INF) == go(G, 0)
    err = refused(s, "french", f"move {G} {go(G, 1)} {go(G, 0)}", "Movement")
    assert "occupied" in str(err)


def test_movement_never_into_enemy_units():
    """"They may NOT move through or to hexes occupied by Enemy units"."""
    s = position({INF: "2319", RUS: "2318"})  # across the bridge: no ZOC (ZOC H), so only occupancy stops it
    err, s2 = refused_then_accepted(s, "french", "move 2319 2318", "Movement", without(RUS))
    assert "enemy" in str(err) and where(s2, INF) == "2318"
    err, s2 = refused_then_accepted(s, "french", "move 2319 2318 2317", "Movement", without(RUS))
    assert "enemy" in str(err) and "through" in str(err) and where(s2, INF) == "2317"


def test_movement_the_route_search_never_passes_through_an_enemy_unit():
    """The same for a destination alone: 2317 lies beyond the Russian unit in 2318, which has no Zone of
    Control across the bridge; no route through 2318 is found, and once the unit is gone it is."""
    s = position({INF: "2319", RUS: "2318"})
    assert "2317" not in reachable(Battle(s), INF) and "2417" not in reachable(Battle(s), INF)
    err, s2 = refused_then_accepted(s, "french", "move 2319 2317", "Movement", without(RUS))
    assert where(s2, INF) == "2317"


def test_movement_each_unit_searches_its_own_routes():
    """Route searches are kept for reuse (movement._search), but never handed to another unit: two units
    far apart, in the same position, reach hexes around themselves."""
    far = go(G, 3, 3, 3, 3, 3, 3, 3, 3)
    b = Battle(position({INF: G, CAV: far}))
    near_inf, near_cav = reachable(b, INF), reachable(b, CAV)
    assert go(G, 0) in near_inf and go(G, 0) not in near_cav
    assert go(far, 3) in near_cav and go(far, 3) not in near_inf


def test_movement_of_two_equally_cheap_paths_the_same_one_every_time():
    """A destination alone moves the unit by the cheapest path; where two cost the same, the search takes
    the first it finds, so a game replays with the same hexes entered (which decide, e.g., Imperial
    Guard B1 releases)."""
    dest = go(G, 0, 1)
    s2, events = play(position({INF: G}), "french", f"move {G} {dest}")
    assert events[0]["path"] == [G, go(G, 0), dest]   # not by go(G, 1), which costs the same


def test_movement_is_logged_and_told_with_the_unit_and_the_hexes_entered():
    """The move log (the map's move trails) and the event carry the unit, the side and every hex."""
    s2, events = play(position({INF: G}), "french", f"move {G} {go(G, 0)} {go(G, 0, 0)}")
    assert s2["log"]["moves"] == [{"unit": INF, "side": "french", "path": [G, go(G, 0), go(G, 0, 0)]}]
    assert (events[0]["kind"], events[0]["unit"], events[0]["path"]) == ("move", INF, [G, go(G, 0), go(G, 0, 0)])


def test_movement_one_move_per_unit_per_phase():
    """"Once a unit has been moved ... it may not be moved any further during that Player-Turn"."""
    s = position({INF: G})
    s2, _ = play(s, "french", f"move {G} {go(G, 0)}")
    err, s3 = refused_then_accepted(s2, "french", f"move {go(G, 0)} {go(G, 0, 0)}", "Movement",
                                    lambda state: state["units"][INF].update(moved=False))
    assert "already moved" in str(err) and where(s3, INF) == go(G, 0, 0)


def test_movement_wrong_side_refused():
    """"No Russian movement or attacking takes place during the French Player-Turn and vice-versa"."""
    s = position({INF: G, RUS: go(G, 0, 0, 0, 0)})
    err, _ = refused_then_accepted(s, "russian", f"move {go(G, 0, 0, 0, 0)} {go(G, 0, 0, 0)}",
                                   "Turns of Play", lambda state: state.update(player="russian"))
    assert "French Movement Phase" in str(err)


def test_movement_own_unit_only():
    s = position({INF: G, RUS: go(G, 0, 0, 0, 0)})
    err = refused(s, "french", f"move {go(G, 0, 0, 0, 0)} {go(G, 0, 0, 0, 0, 0)}", "Turns of Play")
    assert "not yours" in str(err)


def test_movement_not_in_the_combat_phase():
    """"No movement takes place during the Combat Phase of a Player-Turn"."""
    s = position({INF: G}, phase="combat")
    err, s2 = refused_then_accepted(s, "french", f"move {G} {go(G, 0)}", "Turns of Play",
                                    lambda state: state.update(phase="movement"))
    assert "Combat Phase" in str(err) and where(s2, INF) == go(G, 0)


def test_movement_no_attack_in_the_movement_phase():
    """"No attacks, Enemy or Friendly, take place during the Movement Phase"."""
    s = position({INF: G, RUS: go(G, 0)})
    err, _ = refused_then_accepted(s, "french", f"attack {G} -> {go(G, 0)}", "Turns of Play",
                                   lambda state: state.update(phase="combat"))
    assert "Movement Phase" in str(err)


def test_movement_nothing_in_an_empty_hex():
    s = position({INF: G})
    err, _ = refused_then_accepted(s, "french", f"move {go(G, 2)} {go(G, 2, 2)}", "Movement",
                                   lambda state: state["units"][INF].update(hex=go(G, 2)))
    assert "no unit" in str(err)


def test_movement_off_the_map_refused():
    s = position({INF: "2930"})  # on the west edge
    err = refused(s, "french", "move 2930 2931", "Movement")
    assert "not on the map" in str(err)


def test_movement_a_move_is_told_with_its_destination_and_cost():
    """Movement: a move by path or by destination alone is told the same way, hex and Movement Points."""
    s = position({INF: G})
    one, two = go(G, 0), go(G, 0, 0)
    moves = {f"move {G} {one}": (one, 1), f"move {G} {one} {two}": (two, 2), f"move {G} {two}": (two, 2)}
    for command, (to, cost) in moves.items():
        events = play(s, "french", command)[1]
        assert [e["text"] for e in events] == [f"{G} (French 7-4 infantry) moves to {to} ({cost} MP)."]


def test_terrain_effects_chart_a_crossing_never_makes_a_step_cheaper():
    """Terrain Effects Chart: every hex entered costs 1 MP and a ford, bridge or stream hexside adds
    to it ("two additional", "one additional"), never takes off: a chart that would let a crossing
    cost less than entering a hex, or a hex cost nothing to enter, is refused on load. The control:
    the chart as printed is read."""
    with open(Path(tables.__file__).parent / "data" / "tables.toml", "rb") as f:
        doc = tomllib.load(f)
    printed = tables.parse(doc)
    assert (printed.enter, printed.ford, printed.bridge, printed.stream) == (1, 2, 0, 1)
    for key, value in (("enter", 0), ("ford", -1), ("bridge", -1), ("stream", -1)):
        with pytest.raises(ValueError, match="a crossing never makes a step cheaper"):
            tables.parse({**doc, "tec": {**doc["tec"], key: value}})


def test_movement_a_path_the_rollout_walked_is_told_as_the_same_path_checked_afresh():
    """Movement: a path the rollout policy walked (rules/borodino/rollout.py) is carried out without
    its checks, at the cost the walk counted ("one Movement Point is expended for each hex
    entered"): the same event, word for word, as the same move checked afresh by `apply`."""
    s = position({INF: G})
    b = Battle(copy.deepcopy(s))
    walked = next(w for seed in range(50) if (w := walk(b, INF, random.Random(seed))) and len(w[0]) > 1)
    path, cost = walked
    move = C.Move(G, path)
    b.walked["french", move] = cost
    told = movement.apply_move(b, "french", move)
    assert told[0]["text"] == play(s, "french", move.to_text())[1][0]["text"] == (
        f"{G} (French 7-4 infantry) moves to {path[-1]} ({len(path)} MP).")


# --- the option moves_stand: "once ... the Player's hand is taken from the piece" -----------------------
def test_movement_a_finished_move_stands_under_moves_stand():
    """Movement: "Once a unit has been moved, and the Player's hand is taken from the piece, it may not be
    moved any further during that Player-Turn, nor may it change its move without the consent of the
    opposing Player." Under moves_stand a sent move is a hand taken from the piece: each move opens a
    new undo key (phase_key), so taking it back asks the opponent."""
    from rules import borodino
    s = position({"F-I-2": "3225"}, options=["moves_stand"])
    s2, _ = play(s, "french", "move 3225 3224")
    assert borodino.phase_key(s) != borodino.phase_key(s2)
    assert borodino.undo_reason(s, s2).startswith("already made")
    err = refused(s2, "french", "move 3224 3223", "Movement")
    assert str(err).endswith("`undo` it (with the opponent's consent) (Movement).")


def test_movement_moves_are_taken_back_freely_within_the_phase_by_default():
    """The default reading: until his phase ends a player may take his moves back (a table by post has
    no hand over the piece); the key changes only with the phase."""
    from rules import borodino
    s = position({"F-I-2": "3225"})
    s2, _ = play(s, "french", "move 3225 3224")
    assert borodino.phase_key(s) == borodino.phase_key(s2)
    s3, _ = play(s2, "french", "end")
    assert borodino.phase_key(s3) != borodino.phase_key(s2)
    assert borodino.undo_reason(s2, s3) == "issued in an earlier phase"
