"""Bloody Monday's artillery fire and start line are both red: their patterns tell them apart
(colour alone would not), round dots for the fire, long dashes for the line."""
from PIL import Image, ImageDraw

from render.arrows import dotted, polyline


def _runs(draw) -> list[int]:
    """Lengths of the painted runs along the middle row of a 200 x 20 picture."""
    img = Image.new("L", (200, 20), 0)
    draw(ImageDraw.Draw(img))
    row = [img.getpixel((x, 10)) > 128 for x in range(200)]
    runs, n = [], 0
    for on in row + [False]:
        if on:
            n += 1
        elif n:
            runs.append(n)
            n = 0
    return runs


def test_dots_are_short_and_many_dashes_long():
    dots = _runs(lambda d: dotted(d, [(0, 10), (200, 10)], 255, 6))
    dashes = _runs(lambda d: polyline(d, [(0, 10), (200, 10)], 255, 6, 18))
    assert len(dots) > 12 and max(dots) <= 7
    assert min(dashes[:-1]) >= 17 and len(dashes) < len(dots) / 2


def test_a_trail_that_bends_is_drawn_round_at_the_bend():
    """A move's path turning at a hex: the line is joined round there, with no notch cut into the
    outside of the bend (a straight cut would leave the bend's tip bare)."""
    img = Image.new("L", (200, 100), 0)
    polyline(ImageDraw.Draw(img), [(20, 90), (100, 20), (180, 90)], 255, 16, 0.0)
    assert all(img.getpixel((100, y)) == 255 for y in range(14, 27))
