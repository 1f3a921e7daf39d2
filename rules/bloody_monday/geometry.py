"""Plane geometry for the area map's drawing frame: polygons with integer corners, polylines."""
from __future__ import annotations

import itertools

Point = tuple[int, int]


def doubled_area(polygon: tuple[Point, ...]) -> int:
    """Twice the polygon's signed area (shoelace): exact for integer corners."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))


def contains(polygon: tuple[Point, ...], point: Point) -> bool:
    """True when point lies strictly inside the polygon (even-odd ray casting)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def borders(polygon: tuple[Point, ...]) -> list[frozenset[Point]]:
    """The polygon's sides, each as the unordered pair of its two corners."""
    return [frozenset(pair) for pair in zip(polygon, polygon[1:] + polygon[:1])]


def interpolate(line: tuple[Point, ...], at: float, along: int) -> float:
    """The other coordinate of a monotone polyline where coordinate `along` (0 = x, 1 = y) is `at`."""
    for p, q in itertools.pairwise(line):
        if p[along] <= at <= q[along]:
            t = (at - p[along]) / (q[along] - p[along]) if q[along] != p[along] else 0.0
            return p[1 - along] + t * (q[1 - along] - p[1 - along])
    raise ValueError(f"{at} is outside the polyline")
