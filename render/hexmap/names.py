"""Place names of the Borodino map, set after the counters so that none hides under one (issue 12.3).

Each name tries spots round its hex, nearest first (the lower band of the hex, below or above it,
then sideways), and takes the first that overlaps no counter, badge, hex number, other name or the
picture's edge. A name whose hex lies outside a crop is left out.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from PIL import ImageDraw

from render import palette as P
from render.fonts import Font, font
from render.hexmap.geometry import Box, Layout, Point, boxes_overlap
from rules.borodino.battlemap import BattleMap

WATER_PLACES = ("Kolocha", "Moskva", "Semyonovka", "Voina", "Stonets")
# Spots round a hex, as fractions of r from its centre, nearest first.
ROWS = (0.66, 0.98, -1.0, 0.35, -0.2)
SHIFTS = (0.0, -0.5, 0.5, -0.9, 0.9, -1.4, 1.4, -1.9, 1.9)
SPOTS = tuple((dx, dy) for dy in ROWS for dx in SHIFTS)
REACH = 4.0  # boxes further than this many r from a hex cannot meet its name


class Name(NamedTuple):
    text: str
    colour: P.RGB
    at: Point  # the centre of the text
    box: Box


def short(name: str) -> str:
    return name.replace(" redoubt", " Redoubt")


def colour_of(name: str) -> P.RGB:
    return P.WATER_LABEL if name in WATER_PLACES else P.WOODS_LABEL if "woods" in name else P.TOWN_LABEL


def name_font(layout: Layout) -> Font:
    return font("italic", round(0.34 * layout.r))


def place_names(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap, taken: Sequence[Box],
                area: Box) -> list[Name]:
    """Where each name of the map goes, clear of `taken` and inside `area`; where no spot is
    clear, the one with the least overlap."""
    f = name_font(layout)
    placed: list[Name] = []
    for name, hx in sorted(m.places.items()):
        cx, cy = layout.centre(hx)
        if not (area[0] <= cx <= area[2] and area[1] <= cy <= area[3]):
            continue
        near = [b for b in taken if _near(b, (cx, cy), REACH * layout.r)] + [p.box for p in placed]
        best: tuple[float, Point, Box] | None = None
        for dx, dy in SPOTS:
            at = (cx + dx * layout.r, cy + dy * layout.r)
            box = _box(d, at, short(name), f)
            if not _inside(box, area):
                continue
            clash = sum(_overlap_area(box, other) for other in near)
            if best is None or clash < best[0]:
                best = (clash, at, box)
            if clash == 0:
                break
        if best is not None:
            placed.append(Name(short(name), colour_of(name), best[1], best[2]))
    return placed


def draw_names(d: ImageDraw.ImageDraw, layout: Layout, placed: Iterable[Name]) -> None:
    f = name_font(layout)
    for name in placed:
        d.text(name.at, name.text, fill=name.colour, font=f, anchor="mm", stroke_width=max(1, f.size // 7),
               stroke_fill=P.CLEAR)


def _box(d: ImageDraw.ImageDraw, at: Point, text: str, f: Font) -> Box:
    x0, y0, x1, y1 = d.textbbox(at, text, font=f, anchor="mm", stroke_width=max(1, f.size // 7))
    return round(x0), round(y0), round(x1), round(y1)


def _near(b: Box, p: Point, reach: float) -> bool:
    return b[0] - reach < p[0] < b[2] + reach and b[1] - reach < p[1] < b[3] + reach


def _inside(b: Box, area: Box) -> bool:
    return area[0] <= b[0] and area[1] <= b[1] and b[2] <= area[2] and b[3] <= area[3]


def _overlap_area(a: Box, b: Box) -> int:
    if not boxes_overlap(a, b):
        return 0
    return (min(a[2], b[2]) - max(a[0], b[0])) * (min(a[3], b[3]) - max(a[1], b[1]))
