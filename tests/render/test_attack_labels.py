"""Where an attack's label stands (render/hexmap/attack_labels.py): beside its attack where there is
room, away from the attackers and off the arrows; set apart, tied to its arrow's head by a leader
line; never over another label, and never with a leader crossing one, however crowded the phase."""
from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageDraw

from render.action import PHONE_WIDTH, crop_hexes
from render.hexmap import attack_labels as A
from render.hexmap.counters import counter_box
from render.hexmap.geometry import Box, Layout, boxes_overlap
from render.hexmap.overlays import attack_arrows, draw_attack_arrows
from render.hexmap.picture import draw_play, legible_radius, map_part
from render.hexmap.spots import Grid
from rules.core.hexes import neighbours
from tests.render.golden import fixture_view

R = 40
DEFENDER = "3023"
NORTH = "3022"  # the attacker straight above DEFENDER
LAYOUT = Layout(R, 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[0], 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[1])
PICTURE = (0, 0, 600, 600)


def _attack(attackers: list[str], defenders: tuple[str, ...] = (DEFENDER,), die: int = 4) -> dict:
    return {"attackers": attackers, "defenders": list(defenders), "odds": "2-1", "die": die, "result": "Dr"}


def _seen(attack: dict) -> A.Attack:
    return A.attack_of(LAYOUT, attack, [(a, z) for a, z, _ in attack_arrows(LAYOUT, attack)])


def _place(attacks: list[dict], solid: list[Box] = (), area: Box = PICTURE, apart: bool = True,
           arrows: list[Box] | None = None) -> tuple[list[A.Label], A.Room]:
    """The labels of `attacks` on an empty picture but for `solid` boxes (counters)."""
    d = ImageDraw.Draw(Image.new("RGB", area[2:]), "RGBA")
    if arrows is None:
        arrows = draw_attack_arrows(d, LAYOUT, {"attacks": attacks})
    seen = [_seen(attack) for attack in attacks]
    room = A.Room(area, Grid(solid, 2 * R), [(Grid(arrows, 2 * R), 1.0)])
    return A.place_labels(d, LAYOUT, seen, room, apart), room


def _by_x(hexes) -> list[str]:
    return sorted(hexes, key=lambda h: LAYOUT.centre(h)[0])


def test_the_label_stands_beside_the_defender_on_the_side_away_from_the_attackers():
    west = _by_x(neighbours(DEFENDER))[:2]
    [label], _ = _place([_attack(west)])
    assert label.text == "2-1  die 4: Dr" and label.leader is None
    assert (label.box[0] + label.box[2]) / 2 > LAYOUT.centre(DEFENDER)[0] + R / 2
    assert A._gap(label.box, [counter_box(LAYOUT, DEFENDER)]) <= A.BESIDE * R


@pytest.mark.parametrize("pair", ["left and right", "above and below", "below and above"])
def test_the_label_keeps_clear_of_an_arrow_where_it_would_first_stand(pair):
    """Attackers on two opposite sides: the spots away from them lie along an arrow."""
    ordered = _by_x(neighbours(DEFENDER))
    attackers = {"left and right": [ordered[0], ordered[-1]], "above and below": ["3022", "3024"],
                 "below and above": ["3024", "3022"]}[pair]
    [label], room = _place([_attack(attackers)])
    assert room.weighed[0][0].covered(label.box) == 0 and label.leader is None


def _ring(reach: float) -> list[Box]:
    """Small boxes (counters, as far as a label sees) all round DEFENDER out to `reach` r."""
    cx, cy = LAYOUT.centre(DEFENDER)
    steps = range(-round(reach * 4), round(reach * 4) + 1)
    return [(round(cx + i * R / 4), round(cy + j * R / 4), round(cx + i * R / 4) + 3, round(cy + j * R / 4) + 3)
            for i in steps for j in steps if 0 < math.hypot(i, j) <= reach * 4]


def test_a_label_with_no_room_beside_its_attack_stands_apart_tied_by_a_leader_to_its_arrow_s_head():
    """Counters all round the defender out to three hexes: the label stands beyond them, covering
    none, and a leader line runs from the head of its arrow to the label's nearest edge."""
    crowd = _ring(3.0)
    [label], room = _place([_attack([NORTH])], solid=crowd)
    [(_, head, _)] = attack_arrows(LAYOUT, _attack([NORTH]))
    assert room.solid.covered(label.box) == 0 and label.leader is not None
    start, end = label.leader
    assert start == head and end == A._nearest(label.box, head)
    assert math.dist(start, end) > 2 * R and room.leaders == [label.leader]


def test_the_previous_player_turn_s_label_stands_beside_its_attack_or_is_left_out():
    """The previous player-turn's results were told in the post before: where its label cannot
    stand beside its attack covering no counter, the picture leaves it out."""
    assert _place([_attack([NORTH])], apart=False)[0][0].leader is None
    assert _place([_attack([NORTH])], solid=_ring(3.0), apart=False)[0] == []


def test_a_label_beside_two_attacks_is_tied_to_its_own():
    """A spot touching its own defender but as near another attack's: a leader line says which."""
    own, other = _seen(_attack([NORTH])), _seen(_attack(["3124"], ("3123",)))
    x0, y0, x1, y1 = counter_box(LAYOUT, DEFENDER)
    below = (x0, y1 + 2, x1, y1 + 20)
    between = (x1 + 2, y0, x1 + 60, y0 + 18)  # 3123 stands to the right of DEFENDER's lower half
    assert A._leader(LAYOUT, own, below, own.heads, [own, other]) is None
    assert A._gap(between, other.marks) <= A._gap(between, own.marks)
    assert A._leader(LAYOUT, own, between, own.heads, [own, other]) is not None
    assert A._leader(LAYOUT, own, between, own.heads, [own]) is None  # no rival: beside


def test_an_attack_whose_arrows_end_outside_the_picture_has_no_label():
    """A crop's edge cuts the attack off: the whole map posted with it shows its label."""
    cx, cy = LAYOUT.centre(DEFENDER)
    labels, _ = _place([_attack([NORTH])], area=(round(cx + 2 * R), 0, 600, 600))
    assert labels == []


def test_the_second_label_keeps_clear_of_the_first_and_both_are_kept():
    """Two attacks on the same hex: their labels stand apart and the room holds both."""
    labels, room = _place([_attack([NORTH]), _attack([NORTH], die=6)])
    assert [label.text for label in labels] == ["2-1  die 4: Dr", "2-1  die 6: Dr"]
    assert room.labels == [label.box for label in labels] and not boxes_overlap(labels[0].box, labels[1].box)


def test_a_leader_crossing_a_segment_or_a_box_is_seen():
    assert A._meet(((0, 0), (10, 10)), ((0, 10), (10, 0)))
    assert not A._meet(((0, 0), (10, 10)), ((0, 10), (4, 6)))
    assert not A._meet(((0, 0), (10, 10)), ((10, 10), (20, 0)))  # two leaders to one head
    assert A._crosses((0, 5), (20, 5), (8, 0, 12, 10)) and not A._crosses((0, 20), (20, 20), (8, 0, 12, 10))
    assert A._crosses((10, -5), (10, 30), (8, 0, 12, 10)) and not A._crosses((0, 0), (5, 5), (8, 0, 12, 10))


def test_a_label_s_letters_grow_with_the_map_s_scale_up_to_what_a_phone_reads():
    """A crop's hexes are half as large again as the whole map's, its labels' letters too; a
    crop of a small action, hexes larger still, keeps them at 16 px."""
    assert A.label_font(42).size >= 1.3 * A.label_font(28).size
    assert A.label_font(60).size == A.label_font(42).size == 16


def test_a_label_names_the_units_a_leader_rallied_against_the_result():
    """Doomed Victory 8.151: a rallied unit does not retreat at all, so the label of its Dr names it
    ('2704 rallied') rather than leave the result beside a unit that stands still."""
    attack = {"attackers": ["2705"], "defenders": ["2704", "2804"], "odds": "1-1", "die": 1, "result": "Dr"}
    assert A.attack_label(attack) == "1-1  die 1: Dr"
    assert A.attack_label({**attack, "rallied": ["2704"]}) == "1-1  die 1: Dr, 2704 rallied"
    assert A.attack_label({**attack, "rallied": ["2704", "2804"]}) == "1-1  die 1: Dr, 2704+2804 rallied"


CROWDED = {  # 7 Sept, Game-Turn 34: seven Russian attacks under the six French ones before them
    "whole map": (None, None, 6),
    "action crop": (PHONE_WIDTH, "crop", None),
}


@pytest.mark.parametrize("picture", CROWDED)
def test_a_crowded_combat_phase_s_labels_never_cover_a_label_nor_leaders_cross_one(picture):
    """Every current attack shown has its label; no two labels overlap; no leader line crosses a
    label, and each starts on the head of one of its attack's arrows."""
    view = fixture_view("crowded_view")
    size, crop, radius = CROWDED[picture]
    around = crop_hexes(view) if crop else []
    img, layout, numbers = map_part(size, around, legible_radius(around) if crop else radius)
    placed = draw_play(img, layout, view, {}, numbers)
    heads = {head for log in (view["log"], view["last_log"]) for attack in log["attacks"]
             for _, head, _ in attack_arrows(layout, attack)}
    assert len(placed.labels) >= (len(view["log"]["attacks"]) if not crop else 5)
    for a, b in itertools.combinations(placed.labels, 2):
        assert not boxes_overlap(a, b), (a, b)
    for start, end in placed.leaders:
        assert start in heads
        assert not [box for box in placed.labels if A._crosses(start, end, A._shrunk(box, 1))]


def test_on_the_whole_map_no_label_of_a_crowded_phase_covers_a_counter():
    view = fixture_view("crowded_view")
    img, layout, numbers = map_part(None, [], 6)
    placed = draw_play(img, layout, view, {}, numbers)
    edge = round(0.08 * layout.r)
    inner = [(x0 + edge, y0 + edge, x1 - edge, y1 - edge) for x0, y0, x1, y1 in placed.counters]
    assert placed.leaders and not [(label, box) for label in placed.labels for box in inner
                                   if boxes_overlap(label, box)]
