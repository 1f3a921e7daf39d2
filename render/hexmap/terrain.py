"""The static layer of the Borodino map: terrain, water, roads, grid, hex numbers, edges (the place
names are set with the counters: render/hexmap/names.py).

Drawn once per hex size at twice the resolution, scaled down for smooth lines, and cached:
every snapshot starts from a copy of it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import layer_cache
from render import palette as P
from render.fonts import font
from render.hexmap.geometry import SQRT3, Box, Layout, Point, layout_for
from rules.borodino import battlemap
from rules.borodino.battlemap import BattleMap
from rules.core.hexes import Hex, col_row, neighbours

SUPERSAMPLE = 2
FILLS = {"clear": P.CLEAR, "woods": P.WOODS, "woods_road": P.WOODS, "town": P.TOWN, "redoubt": P.REDOUBT}
# Where trees and buildings stand in a hex, as fractions of r (kept clear of the hex number).
TREES = ((-0.55, -0.05), (0.55, -0.05), (-0.3, 0.45), (0.3, 0.45), (0.0, 0.12), (-0.25, -0.35), (0.25, -0.35))
BUILDINGS = ((-0.6, 0.05), (0.6, 0.05), (-0.35, 0.5), (0.35, 0.5), (-0.35, -0.38), (0.35, -0.38))


@dataclass(frozen=True)
class Margins:
    """Space around the hexes, in multiples of r: the top holds the east-edge exit zone."""

    left: float = 0.5
    top: float = 1.1
    right: float = 0.5
    bottom: float = 0.8


@dataclass(frozen=True)
class StaticLayer:
    image: Image.Image
    layout: Layout
    map_box: Box  # the pixel box of the hexes themselves
    labels: tuple[Box, ...]  # every text box drawn (hex numbers, margin notes)


def number_box(layout: Layout, h: Hex) -> Box:
    """Where the hex number sits: centred near the top of the hex."""
    cx, cy = layout.centre(h)
    size = number_size(layout.r)
    w = round(size * 2.3)
    top = round(cy - 0.80 * layout.r)
    return round(cx - w / 2), top, round(cx + w / 2), top + size


def number_size(r: float) -> int:
    return max(7, round(0.32 * r))


@lru_cache(maxsize=4)
def static_layer(r: int) -> StaticLayer:
    """The map without units at hex size r, with its layout (cached per size, in memory and on
    disk: render/layer_cache.py)."""
    m = battlemap.load()
    image, labels = layer_cache.layer(f"borodino-r{r}", lambda: _shrunk(m, r))
    layout = layout_for(m.hexes, r, (Margins.left * r, Margins.top * r))
    return StaticLayer(image, layout, layout.bounds(m.hexes), tuple(tuple(box) for box in labels))  # type: ignore[misc]


def _shrunk(m: BattleMap, r: int) -> tuple[Image.Image, list[list[float]]]:
    """Drawn at twice the size and scaled down; the label boxes scaled with it."""
    big = _draw(m, r * SUPERSAMPLE)
    image = big.image.resize((big.image.width // SUPERSAMPLE, big.image.height // SUPERSAMPLE),
                             Image.Resampling.LANCZOS)
    return image, [[v // SUPERSAMPLE for v in box] for box in big.labels]


def canvas_size(m: BattleMap, r: float) -> tuple[int, int]:
    layout = layout_for(m.hexes, r)
    x0, y0, x1, y1 = layout.bounds(m.hexes)
    M = Margins()
    return math.ceil(x1 - x0 + (M.left + M.right) * r), math.ceil(y1 - y0 + (M.top + M.bottom) * r)


def _draw(m: BattleMap, r: int) -> StaticLayer:
    M = Margins()
    layout = layout_for(m.hexes, r, (M.left * r, M.top * r))
    w, h = (math.ceil(v / SUPERSAMPLE) * SUPERSAMPLE for v in canvas_size(m, r))  # halves exactly
    img = Image.new("RGB", (w, h), P.PAPER)
    d = ImageDraw.Draw(img)
    for hx in m.hexes:
        d.polygon(layout.corners(hx), fill=FILLS[m.terrain(hx)])
    for hx in m.woods:
        _trees(d, layout, hx)
    for hx in m.towns:
        _buildings(d, layout, hx)
    for hx in m.hexes:
        d.polygon(layout.corners(hx), outline=P.GRID, width=max(1, r // 28))
    _exit_zone(d, layout, m)
    _water(d, layout, m)
    _roads(d, layout, m)
    _edges(d, layout, m)
    labels = [_hex_number(d, layout, hx) for hx in sorted(m.hexes)]
    labels += _margin_notes(d, layout, m)
    return StaticLayer(img, layout, layout.bounds(m.hexes), tuple(labels))


def _trees(d: ImageDraw.ImageDraw, layout: Layout, hx: Hex) -> None:
    cx, cy = layout.centre(hx)
    t = 0.16 * layout.r
    for fx, fy in TREES:
        x, y = cx + fx * layout.r, cy + fy * layout.r
        d.ellipse((x - t, y - t, x + t, y + t), fill=P.TREE)


def _buildings(d: ImageDraw.ImageDraw, layout: Layout, hx: Hex) -> None:
    cx, cy = layout.centre(hx)
    a, b = 0.14 * layout.r, 0.10 * layout.r
    for fx, fy in BUILDINGS:
        x, y = cx + fx * layout.r, cy + fy * layout.r
        d.rectangle((x - a, y - b, x + a, y + b), fill=P.BUILDING)


def _segment(d: ImageDraw.ImageDraw, ends: tuple[Point, Point], colour: P.RGB, width: float) -> None:
    """A thick line with round ends, so consecutive hexsides join cleanly."""
    d.line(ends, fill=colour, width=max(1, round(width)))
    rad = width / 2
    for x, y in ends:
        d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=colour)


def _water(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap) -> None:
    r = layout.r
    for sides in m.streams.values():
        for s in sides:
            _segment(d, layout.side(*s.split("/")), P.STREAM, 0.10 * r)
    for sides in m.rivers.values():
        for s in sides:
            _segment(d, layout.side(*s.split("/")), P.RIVER, 0.20 * r)
    for s, kind in m.sides.items():
        a, b = s.split("/")
        (x1, y1), (x2, y2) = layout.side(a, b)
        if kind == "ford":  # a sandy crossing in the river line, stones showing
            inner = ((x1 + (x2 - x1) * 0.2, y1 + (y2 - y1) * 0.2), (x1 + (x2 - x1) * 0.8, y1 + (y2 - y1) * 0.8))
            d.line(inner, fill=P.FORD, width=round(0.14 * r))
            for f in (0.3, 0.5, 0.7):
                x, y, t = x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, 0.05 * r
                d.ellipse((x - t, y - t, x + t, y + t), fill=P.RIVER)
        elif kind == "bridge":
            (ax, ay), (bx, by) = layout.centre(a), layout.centre(b)
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ux, uy = (bx - ax) / (SQRT3 * r), (by - ay) / (SQRT3 * r)
            span = ((mx - ux * 0.28 * r, my - uy * 0.28 * r), (mx + ux * 0.28 * r, my + uy * 0.28 * r))
            d.line(span, fill=P.BRIDGE, width=round(0.30 * r))
            d.line(span, fill=P.ROAD_CENTRE, width=round(0.12 * r))


def _roads(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap) -> None:
    r = layout.r
    for road in m.roads:
        pts = [layout.centre(h) for h in road.hexes]
        pts = [_beyond(pts[1], pts[0], 0.9 * r)] + pts + [_beyond(pts[-2], pts[-1], 0.9 * r)]
        d.line(pts, fill=P.ROAD, width=round(0.18 * r), joint="curve")
        d.line(pts, fill=P.ROAD_CENTRE, width=round(0.06 * r), joint="curve")


def _beyond(a: Point, b: Point, dist: float) -> Point:
    """The point `dist` past b on the line from a through b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return b[0] + dx / n * dist, b[1] + dy / n * dist


def _edges(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap) -> None:
    """The map edge: every hexside with no hex beyond it."""
    for hx in m.edge_hexes:
        for n in neighbours(hx):
            if n not in m.hexes:
                _segment(d, layout.side(hx, n), P.EDGE, 0.08 * layout.r)


def _exit_zone(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap) -> None:
    """The east-edge hexes between the two roads: their top sides, and a band in the margin."""
    r = layout.r
    for hx in m.east_exits:
        corners = layout.corners(hx)
        _segment(d, (corners[4], corners[5]), P.EXIT_ZONE, 0.16 * r)
    x0, y0, x1, _ = _exit_band(layout, m)
    d.rectangle((x0, y0, x1, y0 + 0.62 * r), fill=P.EXIT_ZONE)


def _exit_band(layout: Layout, m: BattleMap) -> Box:
    """The margin box above the exit hexes, from the first road's end to the second's."""
    r = layout.r
    exits = sorted(m.east_exits, key=lambda h: col_row(h)[0])
    top = min(layout.centre(h)[1] for h in exits) - SQRT3 / 2 * r
    left, right = layout.centre(exits[0])[0] - 0.5 * r, layout.centre(exits[-1])[0] + 0.5 * r
    return round(left), round(top - 0.85 * r), round(right), round(top - 0.23 * r)


def _hex_number(d: ImageDraw.ImageDraw, layout: Layout, hx: Hex) -> Box:
    x0, y0, x1, _ = number_box(layout, hx)
    f = font("condensed", number_size(layout.r))
    d.text(((x0 + x1) / 2, y0), hx, fill=P.HEX_NUMBER, font=f, anchor="mt")
    return _text_box(d, ((x0 + x1) / 2, y0), hx, f, "mt")


def _text_box(d: ImageDraw.ImageDraw, at: Point, text: str, f, anchor: str) -> Box:
    return tuple(round(v) for v in d.textbbox(at, text, font=f, anchor=anchor))  # type: ignore[return-value]


def _halo_text(d: ImageDraw.ImageDraw, at: Point, text: str, f, colour: P.RGB, anchor: str = "mm") -> Box:
    d.text(at, text, fill=colour, font=f, anchor=anchor, stroke_width=max(1, f.size // 7), stroke_fill=P.CLEAR)
    return _text_box(d, at, text, f, anchor)


def _margin_notes(d: ImageDraw.ImageDraw, layout: Layout, m: BattleMap) -> list[Box]:
    """The exit-zone title in its band above the east edge, and the road ends in the margins."""
    r = layout.r
    x0, y0, x1, y1 = _exit_band(layout, m)
    f = font("bold", round(0.36 * r))
    title = "EAST EDGE: French exit zone, between the two roads"
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), title, fill=P.HALO, font=f, anchor="mm")
    out = [_text_box(d, ((x0 + x1) / 2, (y0 + y1) / 2), title, f, "mm")]
    small = font("italic", round(0.34 * r))
    ends = sorted(m.roads, key=lambda road: col_row(road.hexes[-1])[0])
    for road, (x, anchor) in zip(ends, ((x0 - 0.2 * r, "rm"), (x1 + 0.2 * r, "lm"))):
        out.append(_halo_text(d, (x, (y0 + y1) / 2), f"{road.name} to Moscow", small, P.INK, anchor))
        wx, wy = layout.centre(road.hexes[0])
        out.append(_halo_text(d, (wx - 0.4 * r, wy + SQRT3 / 2 * r + 0.4 * r), f"{road.name} from Smolensk",
                              small, P.INK, "rm"))
    return out
