"""Where the marks of an attack stand (render/hexmap/overlays.py): its arrows run from counter
edge to counter edge, and its label (odds, die, result) stands beside the defender, on the side
away from the attackers, clear of the arrows when there is room."""
from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from render.hexmap.counters import counter_box
from render.hexmap.geometry import Layout, boxes_overlap
from render.hexmap.overlays import _boxes_along, _to_counter_edge, draw_attack_arrows, place_attack_labels
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


def test_the_label_keeps_clear_of_an_arrow_where_it_would_first_stand():
    """Attackers on the left and right: the side away from them is the right, along an arrow."""
    ordered = _by_x(neighbours(DEFENDER))
    attackers = [ordered[0], ordered[-1]]
    _, box = _place(attackers)
    for h in attackers:
        (ax, ay), (dx, dy) = LAYOUT.centre(h), LAYOUT.centre(DEFENDER)
        along = [(ax + (dx - ax) * k / 50, ay + (dy - ay) * k / 50) for k in range(51)]
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
    around = (min(ax, dx) - R, min(ay, dy) - R, max(ax, dx) + R, max(ay, dy) + R)
    assert all(boxes_overlap(b, tuple(round(v) for v in around)) for b in arrows)


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
