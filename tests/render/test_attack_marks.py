"""Where the arrows of an attack stand (render/hexmap/overlays.py): from counter edge to counter
edge, dashed for a bombardment, with boxes along them that labels and names keep clear of."""
from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from render.hexmap.attack_labels import boxes_along
from render.hexmap.counters import counter_box
from render.hexmap.geometry import Layout
from render.hexmap.overlays import _to_counter_edge, attack_arrows, draw_attack_arrows
from rules.core.hexes import neighbours

R = 40
DEFENDER = "3023"
LAYOUT = Layout(R, 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[0], 300.0 - Layout(R, 0.0, 0.0).centre(DEFENDER)[1])


def _by_x(hexes) -> list[str]:
    return sorted(hexes, key=lambda h: LAYOUT.centre(h)[0])


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
    log = {"attacks": [{"attackers": [attacker], "defenders": [DEFENDER]}]}
    arrows = draw_attack_arrows(ImageDraw.Draw(Image.new("RGB", (600, 600)), "RGBA"), LAYOUT, log)
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
    boxes = boxes_along((10.0, 20.0), (10.0 + length, 20.0), 6.0)
    assert len(boxes) == count
    assert boxes[0] == (4, 14, 16, 26) and boxes[-1] == (round(4 + length), 14, round(16 + length), 26)


def test_an_attack_s_arrows_run_from_each_attacker_to_its_nearest_defender():
    """Two attackers on two defenders: each arrow heads for the defender next to it, and a
    bombarding battery's is marked as such."""
    attack = {"attackers": ["2923", "3222"], "defenders": [DEFENDER, "3123"], "bombarding": ["3222"]}
    (start, head, bombards), (start2, head2, bombards2) = attack_arrows(LAYOUT, attack)
    assert math.dist(head, LAYOUT.centre(DEFENDER)) < R and math.dist(start, LAYOUT.centre("2923")) < R
    assert math.dist(head2, LAYOUT.centre("3123")) < R and (bombards, bombards2) == (False, True)
    assert attack_arrows(LAYOUT, {"attackers": ["3022"], "defenders": []}) == []


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
