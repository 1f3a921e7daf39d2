"""Pixels of the Borodino hex map: hex centres and corners from `XXYY`, the inverse, crop windows.

Flat-topped hexes stand in columns (XX, left to right, north to south); even columns sit half a hex
lower; row 01 (the east edge) is drawn at the top, as on the printed map.  The cube coordinates are
those of rules.core.hexes, so adjacency on the picture is adjacency in the rules.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from rules.core.hexes import Hex, from_cube, to_cube, within

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    """Hex size `r` (centre to corner, px) and the pixel offset of cube (0, 0, 0)."""

    r: float
    x0: float
    y0: float

    def centre(self, h: Hex) -> Point:
        x, _, z = to_cube(h)
        return self.x0 + 1.5 * self.r * x, self.y0 + SQRT3 * self.r * (z + x / 2)

    def corners(self, h: Hex) -> list[Point]:
        """The six corners, clockwise from the right-hand one."""
        cx, cy = self.centre(h)
        return [(cx + self.r * math.cos(math.radians(a)), cy + self.r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]

    def hex_at(self, px: float, py: float) -> Hex | None:
        """The hex number under a pixel (on the map or not), by cube rounding."""
        q = (px - self.x0) / (1.5 * self.r)
        z = (py - self.y0) / (SQRT3 * self.r) - q / 2
        return from_cube(*_cube_round(q, -q - z, z))

    def side(self, a: Hex, b: Hex) -> tuple[Point, Point]:
        """The two ends of the hexside shared by adjacent hexes a and b."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy)
        px, py = -dy / n * self.r / 2, dx / n * self.r / 2
        return (mx - px, my - py), (mx + px, my + py)

    def bounds(self, hexes: Iterable[Hex]) -> Box:
        """The pixel box holding every corner of the given hexes."""
        xs, ys = [], []
        for h in hexes:
            cx, cy = self.centre(h)
            xs += [cx - self.r, cx + self.r]
            ys += [cy - SQRT3 / 2 * self.r, cy + SQRT3 / 2 * self.r]
        return math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs)), math.ceil(max(ys))


def _cube_round(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def layout_for(hexes: Iterable[Hex], r: float, margin: Point = (0.0, 0.0)) -> Layout:
    """A layout of hex size r whose map box starts at `margin` (left, top) pixels."""
    probe = Layout(r, 0.0, 0.0)
    left, top, _, _ = probe.bounds(hexes)
    return Layout(r, margin[0] - left, margin[1] - top)


def window(hexes: frozenset[Hex], around: Iterable[Hex], radius: int) -> frozenset[Hex]:
    """The map hexes within `radius` of any hex in `around` (the hexes of a crop)."""
    out: set[Hex] = set()
    for h in around:
        out.add(h)
        out.update(within(h, radius))
    return frozenset(out & hexes)


def boxes_overlap(a: Box, b: Box) -> bool:
    """True when two pixel boxes (x0, y0, x1, y1) share any area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
