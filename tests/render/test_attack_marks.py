"""Where the marks of an attack stand (render/hexmap/overlays.py): its arrows run from counter
edge to counter edge, and its label (odds, die, result) stands beside the defender, on the side
away from the attackers, clear of the arrows when there is room."""
from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from render.hexmap.counters import counter_box
from render.hexmap.geometry import Layout, boxes_overlap
from render.hexmap.overlays import (
    _boxes_along,
    _label_boxes,
    _to_counter_edge,
    attack_label,
    draw_attack_arrows,
    place_attack_labels,
)
from render.hexmap.spots import overlap_area
from rules.core.hexes import neighbours

R = 40
DEFENDER = "3023"
LAYOUT = Layout(R, 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[0], 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[1])


def _place(attackers: list[str]) -> tuple[list, tuple[int, int, int, int]]:
    """The attack arrows' boxes and the label's box of one attack on DEFENDER, on an empty picture."""
    img = Image.new("RGB", (600, 600))
    d = ImageDraw.Draw(img, "RGBA")
    log = {"attacks": [{"attackers": attackers, "defenders": [DEFENDER], "odds": "2-1", "die": 4, "result": "Dr"}]}
    arrows = draw_attack_arrows(d, LAYOUT, log)
    [(text, box)] = place_attack_labels(d, LAYOUT, log, [], arrows, [], (0, 0, img.width, img.height))
    assert text == "2-1  die 4: Dr"
    return arrows, box


def _by_x(hexes) -> list[str]:
    return sorted(hexes, key=lambda h: LAYOUT.centre(h)[0])


def test_the_label_stands_on_the_side_away_from_the_attackers():
    west = _by_x(neighbours(DEFENDER))[:2]  # the two neighbours on the defender's left
    _, box = _place(west)
    assert (box[0] + box[2]) / 2 > LAYOUT.centre(DEFENDER)[0] + R / 2


@pytest.mark.parametrize("pair", ["left and right", "above and below", "below and above"])
def test_the_label_keeps_clear_of_an_arrow_where_it_would_first_stand(pair):
    """Attackers on two opposite sides: the spots away from them lie along an arrow. The room of
    every attacker's arrow counts, whichever is listed first."""
    ordered = _by_x(neighbours(DEFENDER))
    attackers = {"left and right": [ordered[0], ordered[-1]], "above and below": ["3022", "3024"],
                 "below and above": ["3024", "3022"]}[pair]
    _, box = _place(attackers)
    for h in attackers:
        (ax, ay), (dx, dy) = LAYOUT.centre(h), LAYOUT.centre(DEFENDER)
        along = [(ax + (dx - ax) * k / 50, ay + (dy - ay) * k / 50) for k in range(13, 38)]  # the arrow itself
        inside = [p for p in along if box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]]
        assert not inside, f"the label {box} covers the arrow from {h}"


@pytest.mark.parametrize("degrees", range(0, 360, 15))
def test_an_arrow_ends_on_the_edge_of_a_counter(degrees):
    """The point the arrow leaves a counter at, in any direction, lies on that counter's border
    (the counter stands a little low in its hex)."""
    centre = LAYOUT.centre(DEFENDER)
    target = centre[0] + 100 * math.cos(math.radians(degrees)), centre[1] + 100 * math.sin(math.radians(degrees))
    reach = _to_counter_edge(LAYOUT, centre, target)
    x = centre[0] + reach * math.cos(math.radians(degrees))
    y = centre[1] + reach * math.sin(math.radians(degrees))
    x0, y0, x1, y1 = counter_box(LAYOUT, DEFENDER)
    assert x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1
    assert min(abs(x - x0), abs(x - x1), abs(y - y0), abs(y - y1)) <= 1


def test_the_arrows_room_runs_along_them():
    """The boxes an arrow keeps labels off cover it from end to end, and nothing far from it."""
    attacker = _by_x(neighbours(DEFENDER))[0]
    arrows, _ = _place([attacker])
    (ax, ay), (dx, dy) = LAYOUT.centre(attacker), LAYOUT.centre(DEFENDER)
    for k in range(11):
        p = (ax + (dx - ax) * (0.25 + 0.5 * k / 10), ay + (dy - ay) * (0.25 + 0.5 * k / 10))
        assert any(b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3] for b in arrows), p
    around = (min(ax, dx) - R / 2, min(ay, dy) - R / 2, max(ax, dx) + R / 2, max(ay, dy) + R / 2)
    assert all(around[0] <= b[0] and around[1] <= b[1] and b[2] <= around[2] and b[3] <= around[3] for b in arrows)


@pytest.mark.parametrize(("length", "count"), [(60.0, 11), (4.0, 2)])
def test_an_arrows_room_is_a_square_every_half_width_along_it(length, count):
    """Squares twice `half` wide, one every `half` (a short arrow: its two ends), centred on the
    arrow: an arrow weighs on a label's choice of spot by the length it would cover, no more."""
    boxes = _boxes_along((10.0, 20.0), (10.0 + length, 20.0), 6.0)
    assert len(boxes) == count
    assert boxes[0] == (4, 14, 16, 26) and boxes[-1] == (round(4 + length), 14, round(16 + length), 26)


ORDER = (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6)  # turns of 30 degrees from the far side, nearest first


@pytest.mark.parametrize("tried", range(len(ORDER)))
def test_a_blocked_label_turns_to_the_next_side_nearest_the_far_one(tried):
    """With the sides the label would try first taken by counters, it stands on the next: 30
    degrees off the far side, clockwise then anticlockwise, then 60, and so on round to the
    attacker's side."""
    attacker = _by_x(neighbours(DEFENDER))[0]
    (ax, ay), (dx, dy) = LAYOUT.centre(attacker), LAYOUT.centre(DEFENDER)
    away = math.atan2(dy - ay, dx - ax)

    def spot(turn: int, reach: float) -> tuple[float, float]:
        angle = away + turn * math.pi / 6
        return dx + math.cos(angle) * reach * R, dy + math.sin(angle) * reach * R

    taken = [(round(x) - 2, round(y) - 2, round(x) + 2, round(y) + 2)
             for turn in ORDER[:tried] for x, y in [spot(turn, reach) for reach in (1.05, 1.7, 2.4, 3.1)]]
    img = Image.new("RGB", (600, 600))
    d = ImageDraw.Draw(img, "RGBA")
    log = {"attacks": [{"attackers": [attacker], "defenders": [DEFENDER], "odds": "1-1", "die": 2, "result": "Ex"}]}
    [(_, box)] = place_attack_labels(d, LAYOUT, log, taken, [], [], (0, 0, 600, 600))
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    assert any(math.dist((x, y), spot(ORDER[tried], reach)) < 2 for reach in (1.05, 1.7, 2.4, 3.1))


def test_a_bombarding_battery_s_arrow_is_dashed():
    """Artillery firing from two hexes away (Borodino's bombardment) draws a dashed arrow: along
    its middle, painted runs with gaps between them; a plain attack's arrow is one run."""
    attacker = "3021"  # two hexes from DEFENDER, straight up the column
    img = {}
    for bombarding in ([], [attacker]):
        picture = Image.new("RGB", (600, 600), (255, 255, 255))
        log = {"attacks": [{"attackers": [attacker], "defenders": [DEFENDER], "bombarding": bombarding}]}
        draw_attack_arrows(ImageDraw.Draw(picture, "RGBA"), LAYOUT, log)
        img[bool(bombarding)] = picture
    x = round(LAYOUT.centre(DEFENDER)[0])
    top, bottom = round(LAYOUT.centre(attacker)[1] + R), round(LAYOUT.centre(DEFENDER)[1] - R)

    def runs(picture: Image.Image) -> int:
        painted = [min(picture.getpixel((x, y))) < 128 for y in range(top, bottom)]
        return sum(1 for a, b in zip([False] + painted, painted, strict=False) if b and not a)

    assert runs(img[False]) == 1 and runs(img[True]) >= 3


@pytest.mark.parametrize("attacker", sorted(neighbours(DEFENDER)))
def test_a_plain_attack_s_arrow_is_unbroken_in_every_direction(attacker):
    """Only a bombardment's arrow is dashed: a plain attack's, from any side, is painted all along
    its axis and a pixel either side of it."""
    picture = Image.new("RGB", (600, 600), (255, 255, 255))
    log = {"attacks": [{"attackers": [attacker], "defenders": [DEFENDER], "bombarding": []}]}
    draw_attack_arrows(ImageDraw.Draw(picture, "RGBA"), LAYOUT, log)
    (ax, ay), (dx, dy) = LAYOUT.centre(attacker), LAYOUT.centre(DEFENDER)
    across = (-(dy - ay) / math.dist((ax, ay), (dx, dy)), (dx - ax) / math.dist((ax, ay), (dx, dy)))
    gaps = [(k, off) for k in range(35, 56) for off in (-1, 0, 1)
            if min(picture.getpixel((round(ax + (dx - ax) * k / 100 + across[0] * off),
                                     round(ay + (dy - ay) * k / 100 + across[1] * off)))) >= 128]
    assert not gaps


NORTH = "3022"  # the attacker straight above DEFENDER: its label's spots stand in a column below


def _spots(layout: Layout = LAYOUT) -> list[tuple[int, int, int, int]]:
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return list(_label_boxes(d, layout, [layout.centre(DEFENDER)], [layout.centre(NORTH)], "2-1  die 4: Dr"))


def _label(solid=(), arrows=(), labels=None, area=(0, 0, 600, 600), attacks=None, layout: Layout = LAYOUT) -> list:
    d = ImageDraw.Draw(Image.new("RGB", (600, 600)), "RGBA")
    attacks = attacks or [{"attackers": [NORTH], "defenders": [DEFENDER], "odds": "2-1", "die": 4, "result": "Dr"}]
    return place_attack_labels(d, layout, {"attacks": attacks}, list(solid), list(arrows),
                               [] if labels is None else labels, area)


def _dot(box, w: int = 2, h: int = 2, at: str = "centre") -> tuple[int, int, int, int]:
    """A w x h box at a candidate's centre or just inside its far (top) edge."""
    x = (box[0] + box[2]) // 2
    y = (box[1] + box[3]) // 2 if at == "centre" else box[1]
    return x, y, x + w, y + h


def _covered(box, dots) -> int:
    return sum(overlap_area(box, dot) for dot in dots)


@pytest.mark.parametrize(("kind", "at"), [("solid", "edge"), ("solid", "centre"), ("arrows", "centre")])
def test_a_label_sees_every_counter_and_arrow_round_the_defender(kind, at):
    """Each spot round the defender covers a dot of a counter (or of an arrow); the furthest on the
    attackers' side, at its centre or its far edge, a larger one: the label takes a spot covering
    least, never that one."""
    spots = _spots()
    dots = [_dot(b) for b in spots[:-1]] + [_dot(spots[-1], 5, 5, at=at)]
    [(_, box)] = _label(**{kind: dots})
    assert box != spots[-1] and _covered(box, dots) == min(_covered(b, dots) for b in spots)


@pytest.mark.parametrize("at", [(300.0, 300.0), (150.0, 450.0), (450.0, 150.0)])
def test_a_label_keeps_clear_of_an_arrow_past_its_first_spot(at):
    """The first spot covers a counter, the second an arrow: the label takes the third, clear of
    both, wherever the defender stands in the picture."""
    layout = Layout(R, at[0] - LAYOUT.centre(DEFENDER)[0] + LAYOUT.x0, at[1] - LAYOUT.centre(DEFENDER)[1] + LAYOUT.y0)
    spots = _spots(layout)
    arrow_room = _boxes_along((spots[1][0] - 20.0, (spots[1][1] + spots[1][3]) / 2),
                              (spots[1][2] + 20.0, (spots[1][1] + spots[1][3]) / 2), 3.0)
    [(_, box)] = _label(solid=[_dot(spots[0])], arrows=arrow_room, layout=layout)
    assert box == spots[2]


@pytest.mark.parametrize(("first", "second"), [
    ({"labels": 21}, {"solid": 4}),  # a label's 84 against a counter's 80: the counter's piece
    ({"arrows": 17}, {"labels": 4}),  # an arrow's 17 against a label's 16: the label's piece
    ({"labels": 4}, {"arrows": 9}),  # a label's 16 against an arrow's 9: the arrow's piece
])
def test_a_label_with_no_clear_spot_covers_what_weighs_least(first, second):
    """Where every spot covers something, a label takes the one covering least: an arrow's area
    counts once, another label's four times, a counter's twenty times. The picture is cut to the
    first two spots; each covers a piece of one kind."""
    spots = _spots()
    area = (spots[0][0], spots[0][1], spots[1][2], spots[1][3])
    boxes: dict[str, list] = {"solid": [], "arrows": [], "labels": []}
    for spot, cover in zip(spots[:2], (first, second), strict=True):
        [(kind, size)] = cover.items()
        w = next(w for w in range(1, size + 1) if size % w == 0 and size // w <= 7)
        boxes[kind].append(_dot(spot, w, size // w))
    [(_, box)] = _label(**boxes, area=area)
    assert box == spots[1]


def test_a_label_with_no_room_in_the_picture_stands_at_its_nearest_spot():
    """A picture too small for any spot (a crop of one hex): the label stands just beyond the
    defender on the side away from the attacker, cut by the edge, not further out."""
    x, y = LAYOUT.centre(DEFENDER)
    [(_, box)] = _label(area=(round(x - R), round(y - R), round(x + R), round(y + R)))
    assert box == _spots()[0]


def test_the_second_label_keeps_clear_of_the_first():
    """Two attacks on the same hex from the same side: their labels stand apart, and both are
    added to the labels placed (which the place names keep clear of)."""
    attack = {"attackers": [NORTH], "defenders": [DEFENDER], "odds": "2-1", "die": 4, "result": "Dr"}
    placed: list = []
    out = _label(labels=placed, attacks=[attack, {**attack, "die": 6, "result": "De"}])
    assert [text for text, _ in out] == ["2-1  die 4: Dr", "2-1  die 6: De"]
    assert placed == [box for _, box in out] and not boxes_overlap(placed[0], placed[1])


def test_a_label_s_letters_grow_with_the_map_s_scale():
    """A crop's hexes are half as large again as the whole map's, its labels' letters too."""
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    height = {}
    for r in (28, 42):
        layout = Layout(r, 300.0, 300.0)
        box = next(_label_boxes(d, layout, [layout.centre(DEFENDER)], [layout.centre(NORTH)], "2-1  die 4: Dr"))
        height[r] = box[3] - box[1]
    assert height[42] >= 1.3 * height[28]


def test_a_label_names_the_units_a_leader_rallied_against_the_result():
    """Doomed Victory 8.151: a rallied unit does not retreat at all, so the label of its Dr names it
    ('2704 rallied') rather than leave the result beside a unit that stands still."""
    attack = {"attackers": ["2705"], "defenders": ["2704", "2804"], "odds": "1-1", "die": 1, "result": "Dr"}
    assert attack_label(attack) == "1-1  die 1: Dr"
    assert attack_label({**attack, "rallied": ["2704"]}) == "1-1  die 1: Dr, 2704 rallied"
    assert attack_label({**attack, "rallied": ["2704", "2804"]}) == "1-1  die 1: Dr, 2704+2804 rallied"
