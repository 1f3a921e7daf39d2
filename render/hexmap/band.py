"""Drawing a band of rows of a large picture, in the large picture's own coordinates.

A crop draws only the rows of terrain it shows (render/hexmap/terrain.py) and must give the very
pixels the whole layer has there. Pillow fills a polygon row by row, rounding its vertices to
whole pixels and finding where each row crosses an edge in single precision: a crossing that falls
exactly between two pixels goes to one or the other by a rounding that depends on how large x is,
so moving a picture sideways can move such pixels, while moving it up or down never does. A band
therefore keeps the columns of the whole picture and drops the rows above it: every coordinate is
computed as for the whole picture and only the band's top row is subtracted, at the last moment.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

Point = tuple[float, float]


class BandDraw:
    """ImageDraw's calls used by the terrain, on an image holding the rows of the whole picture
    from `top` down: coordinates in and out are the whole picture's."""

    def __init__(self, image: Image.Image, top: int = 0):
        self._image = image
        self._draw = ImageDraw.Draw(image)
        self._top = top

    def _points(self, xy: Sequence[Point]) -> list[Point]:
        return [(x, y - self._top) for x, y in xy]

    def _box(self, box: Sequence[float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return x0, y0 - self._top, x1, y1 - self._top

    def polygon(self, xy: Sequence[Point], **options: Any) -> None:
        self._draw.polygon(self._points(xy), **options)

    def outline(self, xy: Sequence[Point], colour: tuple[int, int, int], width: int) -> None:
        """A polygon's outline `width` pixels thick, inside the polygon: what `polygon(xy,
        outline=colour, width=width)` draws. Pillow masks such an outline with a picture as large
        as the whole image, which made the hex grid most of the map's drawing time; here the mask
        holds only the polygon's rows (the same pixels: a move up or down changes none), and its
        columns from `narrowed` on. Like Pillow's, it starts at the picture's top row at the
        latest: Pillow clips a polygon there, and a polygon clipped or not ends its outline
        differently on the rows round a corner above."""
        pad = 2 * width + 2  # the outline is drawn twice as wide on both sides of the edge, then masked
        left, right = max(0, math.floor(min(x for x, _ in xy)) - pad), math.ceil(max(x for x, _ in xy)) + pad
        top, bottom = max(0, math.floor(min(y for _, y in xy)) - pad), math.ceil(max(y for _, y in xy)) + pad
        if right <= 0 or bottom <= top:
            return  # wholly left of the picture or above it
        shift = narrowed(left, right)
        mask = Image.new("1", (right - shift, bottom - top), 0)
        ImageDraw.Draw(mask).polygon([(x - shift, y - top) for x, y in xy], outline=255, width=width)
        self._image.paste(colour, (left, top - self._top), mask.crop((left - shift, 0, right - shift, bottom - top)))

    def line(self, xy: Sequence[Point], **options: Any) -> None:
        self._draw.line(self._points(xy), **options)

    def ellipse(self, box: Sequence[float], **options: Any) -> None:
        self._draw.ellipse(self._box(box), **options)

    def rectangle(self, box: Sequence[float], **options: Any) -> None:
        self._draw.rectangle(self._box(box), **options)

    def text(self, at: Point, text: str, **options: Any) -> None:
        self._draw.text(self._points([at])[0], text, **options)

    def textbbox(self, at: Point, text: str, **options: Any) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = self._draw.textbbox(self._points([at])[0], text, **options)
        return x0, y0 + self._top, x1, y1 + self._top


SAFE_FROM, SAFE_BELOW = 1024, 8192  # columns between which a sideways move keeps every pixel


def narrowed(left: int, right: int) -> int:
    """How many columns a drawing of the columns `left` to `right` may move left and keep every
    pixel: none unless all of it lies between SAFE_FROM and SAFE_BELOW, and then as many as
    leave it SAFE_FROM from the edge.

    Pillow finds where a row crosses a polygon's edge as (row - y0) * slope + x0 in single
    precision, then rounds at the half pixel. A crossing that falls exactly on a half pixel (an
    edge whose height is even) comes out of the product a hair off it, less than 2**-15 for the
    edges of a map; once x0 is added, a sum of 1,024 or more rounds that hair away (its last bit
    is worth 2**-13 or more), so the half is exact whatever x0 is. Any other crossing is at least
    1/(2 * height) from a half, 0.0015 for the tallest edge of a layer below 8,192 columns, far
    more than a sum below 8,192 can be off (2**-11). So between those columns a crossing rounds
    to the same pixel wherever the drawing stands: tests/render/test_terrain_window.py compares
    windows with whole layers drawn without moving, byte for byte.

    >>> narrowed(3000, 3300), narrowed(900, 1200), narrowed(8000, 8300)
    (1976, 0, 0)
    """
    return left - SAFE_FROM if left > SAFE_FROM and right < SAFE_BELOW else 0
