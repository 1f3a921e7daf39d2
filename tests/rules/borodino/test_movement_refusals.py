"""What a player reads when a move is refused, word for word (rules/borodino/movement.py).

A refusal is one sentence citing the rule case, then where the unit can go instead. The other
movement tests check which rule is cited; these pin the whole sentence, so that a reason that is
lost, garbled or swapped for another branch's fails here.
"""
from __future__ import annotations

import pytest

from rules.borodino.movement import reachable
from rules.core.hexes import distance
from tests.rules.borodino.dv_helpers import dv_position
from tests.rules.borodino.helpers import MAP, battle, borodino, go, open_ground, play, position, refused

G = open_ground(4)          # 2705: clear ground four hexes all round
INF, CAV, RUS = "F-I-2", "F-I-cav", "R-VIII-12"
HINT = "; it can reach 2303, 2304, 2305, 2306, 2307, 2402, 2403, 2404 and {} more hexes"  # to no hex of the map


def nearest(hexes: str, more: int, asked: str) -> str:
    """Where the unit can go instead, the hexes nearest the one asked for first."""
    return f"; it can reach {hexes} and {more} more hexes further from {asked}"


def _eliminated(s: dict) -> dict:
    s["units"][INF].update(where="eliminated", hex=None)
    return s


CASES = [
    # (units, command, rule, the sentence)
    ({INF: G}, "move F-NOPE 2705", "Movement", "No unit is called F-NOPE: name a unit by the hex it stands in, "
     "or one waiting to enter by its id (`units` lists them) (Movement)."),
    ({INF: G}, "move davout 2705", "Doomed Victory 8.1",  # no leaders in play: said so, not "no unit DAVOUT"
     "Davout is a leader of the option dv_leaders, which this game is played without: name a unit by the hex it "
     "stands in, or one waiting to enter by its id: `move 2705 2604` (Doomed Victory 8.1)."),  # its own unit
    ({INF: G}, "move 2805 2705", "Movement", "There is no unit in 2805 (Movement)."),
    ({INF: G, RUS: go(G, 0, 0)}, f"move {G} {go(G, 0, 0)}", "Movement",
     f"{go(G, 0, 0)} is occupied by an enemy unit"
     + nearest("2602, 2603, 2704, 2802, 2803, 2502, 2503, 2504", 47, "2703") + " (Movement)."),
    ({INF: G, CAV: go(G, 1, 1)}, f"move {G} {go(G, 1, 1)}", "Movement",
     f"{go(G, 1, 1)} is occupied; units may not end in the same hex as another unit"
     + nearest("2803, 2804, 2903, 2905, 3003, 3004, 2703, 2704", 51, "2904") + " (Movement)."),
    ({INF: G}, f"move {G} {G}", "Movement",  # its own hex: not "occupied", as if by another unit
     f"{G} (French 7-4 infantry) already stands there; a move takes it to another hex"
     + nearest("2604, 2605, 2704, 2706, 2804, 2805, 2504, 2505", 52, G) + " (Movement)."),
    ({INF: G}, f"move {G} 3320", "Movement",
     "3320 is non-road woods, where no unit may go"
     + nearest("2709, 2808, 2908, 3007, 3107, 2608, 2708, 2807", 52, "3320") + " (Movement)."),
    ({INF: G}, f"move {G} 9999", "Movement", "9999 is not on the map" + HINT.format(52) + " (Movement)."),
    ({INF: G}, f"move {G} 1010", "Movement",
     f"1010 is beyond the 4 MP of {G} (French 7-4 infantry) by any path that avoids rivers, woods and enemy "
     "Zones of Control" + nearest("2304, 2305, 2306, 2307, 2303, 2403, 2404, 2405", 52, "1010") + " (Movement)."),
    ({INF: "2723"}, "move 2723 2622", "Terrain Effects Chart",
     "The hexside 2723/2622 is a river; rivers are crossed only at fords and bridges"
     + nearest("2621, 2722, 2620, 2721, 2821, 2822, 2823, 2720", 23, "2622") + " (Terrain Effects Chart)."),
    ({INF: G}, f"move {G} {go(G, 0, 0)} {go(G, 0, 0, 0)}", "Movement",
     f"{G} and {go(G, 0, 0)} are not adjacent; a unit may not skip hexes (Movement)."),
    ({INF: G, RUS: go(G, 0, 0)}, f"move {G} {go(G, 0)} {go(G, 0, 1)}", "Zones of Control (C)",
     f"{go(G, 0)} is in an enemy Zone of Control: the unit must stop there (Zones of Control C)."),
    ({INF: G, RUS: go(G, 0)}, f"move {G} {go(G, 3)}", "Zones of Control (D)",
     f"{G} (French 7-4 infantry) began the phase in an enemy Zone of Control and may not move "
     "(Zones of Control D)."),
    ({INF: G}, f"move {G} {go(G, 3, 3, 3, 3, 3)}", "Movement",
     f"{go(G, 3, 3, 3, 3, 3)} is beyond the 4 MP of {G} (French 7-4 infantry) by any path that "
     "avoids rivers, woods and enemy Zones of Control"
     + nearest("2709, 2608, 2708, 2808, 2508, 2607, 2707, 2807", 52, "2710") + " (Movement)."),
    ({INF: G}, f"move {G} {go(G, 3)} {go(G, 3, 3)} {go(G, 3, 3, 3)} {go(G, 3, 3, 3, 3)} {go(G, 3, 3, 3, 3, 3)}",
     "Movement", f"That path costs 5 MP and {G} (French 7-4 infantry) has 4 (Movement)."),
]


@pytest.mark.parametrize("units, command, rule, sentence", CASES, ids=[c[1] for c in CASES])
def test_each_refusal_reads_exactly(units, command, rule, sentence):
    err = refused(position(units), "french", command, rule)
    assert str(err) == sentence


def test_doomed_victory_8_1_a_name_that_is_neither_unit_nor_leader_is_told_both_ways_to_name_one():
    err = refused(dv_position({INF: G}, options=["dv_leaders"]), "french", "move nobody 2705", "Movement")
    assert str(err) == ("No unit is called NOBODY: name a unit by the hex it stands in, or one waiting to enter by "
                        "its id (`units` lists them), or a leader by his name (`davout`) (Movement).")


def test_a_unit_not_on_the_map_is_named_as_such():
    err = refused(_eliminated(position({INF: G})), "french", f"move {INF} {go(G, 0)}", "Movement")
    assert str(err) == "F-I-2 is not on the map (Movement)."


def test_a_second_move_points_to_undo():
    s, _ = play(position({INF: G}), "french", f"move {G} {go(G, 0)}")
    err = refused(s, "french", f"move {go(G, 0)} {G}", "Movement")
    assert str(err) == (f"{go(G, 0)} (French 7-4 infantry) has already moved this Game-Turn; to change a finished "
                        "move, `undo` it (with the opponent's consent once the phase has ended) (Movement).")


def test_a_unit_with_nowhere_to_go_is_told_so():
    """Imperial Guard (A) with an enemy two hexes off: every neighbour is within four hexes of it."""
    s = position({"F-IG-YG": G, RUS: go(G, 0, 0)}, options=["imperial_guard"])
    err = refused(s, "french", f"move {G} {go(G, 3, 3)}", "Imperial Guard (A)")
    assert str(err) == (f"An unreleased Guard unit may not move within four hexes of an enemy unit "
                        f"({go(G, 3, 3)} is 4 from the enemy in {go(G, 0, 0)}); it cannot move anywhere "
                        "(Imperial Guard A).")


def test_5sep_the_frozen_units_already_moving_are_listed():
    """5 Sept special rules: on 1600 two frozen units may have begun moving; a third is refused and
    the two are named."""
    s = borodino.setup("5sep", 1)
    s.update(player="russian", turn=5)
    first, second, third = "R-Cos-1", "R-Cos-2", "R-Cos-3"
    s["unfrozen"] = [first, second]
    to = min(reachable(battle(dict(s, frozen=[])), third))
    err = refused(s, "russian", f"move {s['units'][third]['hex']} {to}", "5 September special rules")
    here = {uid: s["units"][uid]["hex"] for uid in (first, second, third)}
    assert str(err) == (f"{here[third]} (Russian 1-6 cavalry) is frozen: only 2 frozen units may have begun moving by "
                        f"now, one more each Game-Turn from 1500, and {here[first]} (Russian 1-6 cavalry), "
                        f"{here[second]} (Russian 1-6 cavalry) have (5 September special rules).")


# Zones of Control (C): "they must stop upon entering the first enemy controlled hex". Four Russians
# two or three hexes from G put every neighbour of G in their Zones of Control but one, go(G, 5),
# and the three hexes beyond it; the French unit reaches its six neighbours and those three: nine.
HEMMED = {INF: G, RUS: go(G, 0, 1), "R-VI-24": go(G, 2, 3), "R-IV-22": go(G, 4, 4), "R-VII-26": go(G, 5, 5, 0)}
BEYOND = [go(G, 5, 5), go(G, 5, 4), go(G, 5, 0)]


def test_zoc_c_a_refusal_names_all_eight_hexes_a_hemmed_in_unit_can_reach():
    """Eight hexes in reach are all named, with no count after them: a French unit in one of the
    three hexes beyond go(G, 5) leaves the other eight (Movement: "Units may NOT finish their
    Movement Phase in the same hex as other units")."""
    s = position({**HEMMED, CAV: BEYOND[0]})
    eight = sorted([*(go(G, d) for d in range(6)), *BEYOND[1:]])  # nearest 1010 first: here in order of number
    err = refused(s, "french", f"move {G} 1010", "Movement")
    assert str(err) == (f"1010 is beyond the 4 MP of {G} (French 7-4 infantry) by any path that avoids rivers, "
                        f"woods and enemy Zones of Control; it can reach {', '.join(eight)} (Movement).")


def test_zoc_c_a_ninth_hex_in_reach_is_counted_as_one_more_hex():
    """Nine hexes in reach: the eight nearest the hex asked for are named, then "and 1 more hex"."""
    nine = sorted([*(go(G, d) for d in range(6)), *BEYOND], key=lambda h: (distance(h, "1010"), h))
    err = refused(position(HEMMED), "french", f"move {G} 1010", "Movement")
    assert str(err) == (f"1010 is beyond the 4 MP of {G} (French 7-4 infantry) by any path that avoids rivers, "
                        f"woods and enemy Zones of Control; it can reach {', '.join(nine[:8])} and 1 more hex "
                        "further from 1010 (Movement).")


def test_5sep_a_unit_told_it_may_not_leave_the_map_is_told_where_it_can_go():
    """5 Sept Victory Conditions count no exits, so `move <unit> off` is refused with the whole
    reason, then the hexes in reach: here the six neighbours, each in the Zone of Control of one of
    three Russians two hexes off (ZOC C: the unit stops on entering each)."""
    s = position({INF: G, RUS: go(G, 0, 1), "R-VI-24": go(G, 2, 3), "R-IV-22": go(G, 4, 5)}, scenario="5sep")
    err = refused(s, "french", f"move {G} off", "Victory Conditions")
    assert str(err) == ("No unit leaves the map in this scenario (5 September: the Schevardino Redoubt): only the "
                        "7 September and Grand Battle victory conditions count units moved off the east edge; "
                        f"it can reach {', '.join(sorted(go(G, d) for d in range(6)))} (Victory Conditions).")


def test_movement_a_distant_woods_road_hex_is_refused_as_out_of_reach():
    """A woods/road hex (Movement: entered "by traveling along the road") eleven hexes off is
    refused because no path of 4 MP reaches it; its road is no reason when the unit is not beside it."""
    far = "3808"
    assert far in MAP.woods and far in MAP.road_hexes and distance(G, far) == 11
    err = refused(position({INF: G}), "french", f"move {G} {far}", "Movement")
    assert str(err) == (f"{far} is beyond the 4 MP of {G} (French 7-4 infantry) by any path that avoids rivers, "
                        "woods and enemy Zones of Control"
                        + nearest("3105, 3106, 3107, 3004, 3005, 3006, 3007, 3104", 52, far) + " (Movement).")


def test_zoc_c_a_reinforcement_stopped_on_its_entry_hex_is_told_it_can_reach_only_that_hex():
    """Scenarios: a reinforcement is placed on its entry hex 2630; a Russian in 2730 puts 2630 in
    his Zone of Control, so the unit stops there (ZOC C) and 2629 beyond it is out of reach."""
    s = position({"R-VIII-12": "2730"}, scenario="5sep")
    s["units"]["F-IC-1L"].update(where="waiting", entry="2630")
    err = refused(s, "french", "move F-IC-1L 2629", "Movement")
    assert str(err) == ("2629 is beyond the 5 MP of F-IC-1L (French 2-5 cavalry) by any path that avoids rivers, "
                        "woods and enemy Zones of Control; it can reach 2630 (Movement).")
    s["units"]["R-VIII-12"].update(where="removed", hex=None)  # the control: with no Russian it goes on
    assert play(s, "french", "move F-IC-1L 2629")[0]["units"]["F-IC-1L"]["hex"] == "2629"


def test_doomed_victory_8_10_a_unit_of_an_inactive_corps_leader_may_not_move():
    """8.10: a unit "is eligible to move ... if its Corps Leader is active"; Davout inactive, his
    I Corps division stands, the whole reason read. The control: Davout active, it moves."""
    s = dv_position({INF: G}, options=["dv_leaders"], leaders={"L-DAVOUT": INF})
    s["leaders"]["L-DAVOUT"]["active"] = False
    err = refused(s, "french", f"move {G} {go(G, 3)}", "Doomed Victory 8.10")
    assert str(err) == (f"{G} (French 7-4 infantry) is subordinate to Davout, who is inactive this Game-Turn (every "
                        "leader turns active at the end of the Rally Phase, 8.152): his units may not move or attack "
                        "until he is active again (Doomed Victory 8.10).")
    s["leaders"]["L-DAVOUT"]["active"] = True
    assert play(s, "french", f"move {G} {go(G, 3)}")[0]["units"][INF]["hex"] == go(G, 3)


def test_a_hex_a_unit_left_this_phase_is_told_where_it_went():
    """A player who names a unit by the hex it left is told where it stands now ('move 2819 2919',
    then 'move 2819 2919' again, read only 'There is no unit in 2819', seen in kolocha local, 6
    September); a hex no unit left reads as before."""
    state, _ = play(position({INF: G}), "french", f"move {G} {go(G, 3)}")
    assert str(refused(state, "french", f"move {G} {go(G, 3, 3)}", "Movement")) == (
        f"There is no unit in {G}: {go(G, 3)} (French 7-4 infantry) moved from it this phase (Movement).")
    assert str(refused(state, "french", f"move {go(G, 0)} {G}", "Movement")) == (
        f"There is no unit in {go(G, 0)} (Movement).")
