"""Arrows and dashed lines for both maps: a polyline ending in a head, with a light halo for contrast."""
from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import ImageDraw

from render import palette as P

Point = tuple[float, float]


def towards(a: Point, b: Point, dist: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return a[0] + dx / n * dist, a[1] + dy / n * dist


def arrow(d: ImageDraw.ImageDraw, pts: Sequence[Point], colour: tuple, width: float,
          halo: tuple | None = P.HALO, dash: float = 0.0, dots: bool = False) -> None:
    """A polyline ending in a head, optionally dashed or dotted, with a light halo for contrast."""
    head = width * 2.6
    *body, end = pts
    back = towards(end, body[-1], head)
    line = list(body) + [back]
    ux, uy = (end[0] - back[0]) / head, (end[1] - back[1]) / head
    side_x, side_y = uy * head * 0.6, ux * head * 0.6
    tri = [end, (back[0] - side_x, back[1] + side_y), (back[0] + side_x, back[1] - side_y)]
    if halo is not None:
        if dots:
            dotted(d, line, halo, width + max(2.0, width * 0.6))
        else:
            polyline(d, line, halo, width + max(2.0, width * 0.6), dash)
        d.polygon(tri, outline=halo, width=max(1, round(width * 0.4)))
    if dots:
        dotted(d, line, colour, width)
    else:
        polyline(d, line, colour, width, dash)
    d.polygon(tri, fill=colour)


def polyline(d: ImageDraw.ImageDraw, pts: Sequence[Point], colour: tuple, width: float, dash: float) -> None:
    w = max(1, round(width))
    if not dash:
        d.line(list(pts), fill=colour, width=w, joint="curve")
        return
    for a, b in itertools.pairwise(pts):
        length = math.dist(a, b)
        t = 0.0
        while t < length:
            d.line([towards(a, b, t), towards(a, b, min(length, t + dash))], fill=colour, width=w)
            t += 2 * dash


def dotted(d: ImageDraw.ImageDraw, pts: Sequence[Point], colour: tuple, width: float) -> None:
    """Round dots `width` across, one every 2.2 widths along the polyline (apart from any dash)."""
    step, rad = 2.2 * width, width / 2
    for a, b in itertools.pairwise(pts):
        length = math.dist(a, b)
        t = 0.0
        while t <= length:
            x, y = towards(a, b, t)
            d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=colour)
            t += step
