"""Place names of the Borodino map, set after the counters so that none hides under one.

Each name tries spots round its hex, nearest first (the lower band of the hex, then further out,
up to two and a half hexes away), and takes the first that overlaps no counter, badge, hex number,
attack arrow or label, other name or the picture's edge. A name whose hex lies outside a crop is
left out.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from PIL import ImageDraw

from render import palette as P
from render.fonts import Font, font
from render.hexmap.geometry import Box, Layout, Point
from render.hexmap.spots import best_spot, near
from rules.borodino.battlemap import BattleMap

HELD = 6.0  # the weight of covering a redoubt's disc: a name covers one only where all else is worse
WATER_PLACES = ("Kolocha", "Moskva", "Semyonovka", "Voina", "Stonets")
# Spots round a hex, as (dx, dy) fractions of r from its centre, nearest the usual one first: the
# lower band of the hex (below its number, above the counter's foot), then anywhere within 2.5 r.
HOME = (0.0, 0.66)
SPOTS = tuple(sorted(((dx / 4, dy / 8) for dx in range(-10, 11) for dy in range(-13, 14)),
                     key=lambda p: (abs(p[0] - HOME[0]) * 0.6 + abs(p[1] - HOME[1]), abs(p[0]))))


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
                area: Box, held: Sequence[Box] = ()) -> list[Name]:
    """Where each name of the map goes, clear of `taken`, of each other and inside `area`; where no
    spot is clear, the one that covers least, a disc of `held` (who holds a redoubt: what wins 6
    September) weighing HELD times more. A name whose hex lies outside `area` is left out."""
    f = name_font(layout)
    r = layout.r
    placed: list[Name] = []
    for name, hx in sorted(m.places.items()):
        cx, cy = layout.centre(hx)
        if not (area[0] <= cx <= area[2] and area[1] <= cy <= area[3]):
            continue
        x0, y0, x1, y1 = d.textbbox((0, 0), short(name), font=f, anchor="mm", stroke_width=max(1, f.size // 7))
        candidates = [(round(cx + dx * r + x0), round(cy + dy * r + y0), round(cx + dx * r + x1),
                       round(cy + dy * r + y1)) for dx, dy in SPOTS]
        span = (min(c[0] for c in candidates), min(c[1] for c in candidates), max(c[2] for c in candidates),
                max(c[3] for c in candidates))
        avoid = near(taken, span) + [n.box for n in placed]
        box = best_spot(candidates, [(avoid, 1.0), (near(held, span), HELD)], area)
        if box is not None:
            placed.append(Name(short(name), colour_of(name), ((box[0] + box[2] - x0 - x1) / 2,
                                                              (box[1] + box[3] - y0 - y1) / 2), box))
    return placed


def draw_names(d: ImageDraw.ImageDraw, layout: Layout, placed: Iterable[Name]) -> None:
    f = name_font(layout)
    for name in placed:
        d.text(name.at, name.text, fill=name.colour, font=f, anchor="mm", stroke_width=max(1, f.size // 7),
               stroke_fill=P.CLEAR)
