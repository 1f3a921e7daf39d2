"""The static layer of the Borodino map: terrain, water, roads, grid, hex numbers, edges (the place
names are set with the counters: render/hexmap/names.py).

Drawn at twice the resolution and scaled down for smooth lines. The whole layer is drawn once per
hex size and cached (every whole-map snapshot starts from a copy of it); a crop at a scale whose
whole layer is not at hand draws only its own window, pixel for pixel the same.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render import layer_cache
from render import palette as P
from render.fonts import font
from render.hexmap.band import BandDraw
from render.hexmap.geometry import SQRT3, Box, Layout, Point, layout_for
from rules.borodino import battlemap
from rules.borodino.battlemap import BattleMap
from rules.core.hexes import Hex, col_row, neighbours

SUPERSAMPLE = 2
KERNEL = 8  # supersampled pixels the shrink reads beyond a window's edge (Lanczos at 2:1: 6)
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


@lru_cache(maxsize=None)
def layer_layout(r: int) -> Layout:
    """Where the hexes stand on the whole layer at hex size r, known without drawing it."""
    m = battlemap.load()
    return layout_for(m.hexes, r, (Margins.left * r, Margins.top * r))


@lru_cache(maxsize=None)
def layer_size(r: int) -> tuple[int, int]:
    """The whole layer's width and height at hex size r: half its supersampled canvas."""
    width, height = canvas_size(battlemap.load(), r * SUPERSAMPLE)
    return math.ceil(width / SUPERSAMPLE), math.ceil(height / SUPERSAMPLE)


def layer_name(r: int, exits: bool = True) -> str:
    """The name a layer is kept under (render/layer_cache.py): at hex size r, with the east edge's
    exit zone (`exits`: 7 Sept and the Grand Battle, where French units may leave by it) or without."""
    return f"borodino-r{r}" + ("" if exits else "-no-exit")


@layer_cache.held
def static_layer(r: int, exits: bool = True) -> StaticLayer:
    """The whole map without units at hex size r, with its layout (cached per size, in memory and
    on disk: render/layer_cache.py); with the exit zone of the east edge where the scenario has one."""
    m = battlemap.load()
    image, labels = layer_cache.layer(layer_name(r, exits), lambda: _shrunk(m, r, (0, 0, *layer_size(r)), exits))
    layout = layer_layout(r)
    return StaticLayer(image, layout, tuple(tuple(box) for box in labels))  # type: ignore[misc]


def kept_window(r: int, box: Box, exits: bool = True) -> tuple[Image.Image, tuple[Box, ...]] | None:
    """The pixels `box` of the whole layer at hex size r, with the boxes of its hex numbers and
    margin notes, read from disk, only the rows the box spans (a crop holds no whole layer in
    memory: at a crop's hex size one takes 19 MB); None when that layer is not on disk."""
    name = layer_name(r, exits)
    rows = layer_cache.rows(name, box[1], box[3])
    labels = layer_cache.note(name)
    if rows is None or labels is None or box[2] > rows.width:
        return None
    return rows.crop((box[0], 0, box[2], rows.height)), tuple(tuple(label) for label in labels)  # type: ignore[misc]


@layer_cache.held
def terrain_window(r: int, box: Box, exits: bool = True) -> tuple[Image.Image, tuple[Box, ...]]:
    """The pixels `box` of the whole layer at hex size r, drawn alone and the same to the last
    pixel: a crop draws a few dozen hexes instead of the map's 1,400, so the first crop at a new
    scale takes a fraction of a second, not many. With it, the boxes of the hex
    numbers and margin notes drawn (in the whole layer's pixels)."""
    image, labels = _shrunk(battlemap.load(), r, box, exits)
    return image, tuple(labels)


def _shrunk(m: BattleMap, r: int, window: Box, exits: bool = True) -> tuple[Image.Image, list[Box]]:
    """The layer's pixels `window`, drawn at twice the size and scaled down; the label boxes scaled
    with it. Pillow makes the two passes of a shrink in an order it picks by the picture's shape
    (vertical first for a tall, narrow one), and the order changes the rounding: they are made
    one at a time, horizontal first, as for the whole layer."""
    big, whole = _times(window, SUPERSAMPLE), _times((0, 0, *layer_size(r)), SUPERSAMPLE)
    canvas, top, labels = _draw(m, r * SUPERSAMPLE, big, whole[2:], exits)
    rows = (max(0, big[1] - top - KERNEL), min(canvas.height, big[3] - top + KERNEL))  # what the shrink reads
    width, height = window[2] - window[0], window[3] - window[1]
    lanczos = Image.Resampling.LANCZOS
    narrow = canvas.resize((width, rows[1] - rows[0]), lanczos, box=(big[0], rows[0], big[2], rows[1]))
    image = narrow.resize((width, height), lanczos, box=(0, big[1] - top - rows[0], width, big[3] - top - rows[0]))
    return image, [(x0 // SUPERSAMPLE, y0 // SUPERSAMPLE, x1 // SUPERSAMPLE, y1 // SUPERSAMPLE)
                   for x0, y0, x1, y1 in labels]


def _times(box: Box, k: int) -> Box:
    return box[0] * k, box[1] * k, box[2] * k, box[3] * k


def canvas_size(m: BattleMap, r: float) -> tuple[int, int]:
    layout = layout_for(m.hexes, r)
    x0, y0, x1, y1 = layout.bounds(m.hexes)
    M = Margins()
    return math.ceil(x1 - x0 + (M.left + M.right) * r), math.ceil(y1 - y0 + (M.top + M.bottom) * r)


def _draw(m: BattleMap, r: int, window: Box, size: tuple[int, int],
          exits: bool = True) -> tuple[Image.Image, int, list[Box]]:
    """The layer at hex size r (`size` pixels) round its pixels `window`, with the exit zone of the
    east edge or (`exits` false: a scenario where no unit leaves the map) without: a canvas of the
    layer's rows from 3 r above the window to 3 r below it, from its left edge to 3 r right of the
    window (band.py says why it keeps the columns), the layer's row at its top, and the boxes
    of the labels drawn (in the layer's pixels). Only what reaches into the window is drawn, in the
    order of the whole; nothing that does is cut at the canvas's edge, and the shrink's kernel
    finds the pixels round the window."""
    layout = layer_layout(r)
    canvas = (0, max(0, window[1] - 3 * r), min(size[0], window[2] + 3 * r), min(size[1], window[3] + 3 * r))
    img = Image.new("RGB", (canvas[2], canvas[3] - canvas[1]), P.PAPER)
    d = BandDraw(img, canvas[1])
    seen = _seen(layout, window)
    hexes = [hx for hx in sorted(m.hexes) if seen(hx)]  # sorted: the same pixels in every process
    for hx in hexes:
        d.polygon(layout.corners(hx), fill=FILLS[m.terrain(hx)])
    for hx in sorted(m.woods):
        if seen(hx):
            _trees(d, layout, hx)
    for hx in sorted(m.towns):
        if seen(hx):
            _buildings(d, layout, hx)
    for hx in hexes:
        d.outline(layout.corners(hx), P.GRID, max(1, r // 28))
    if exits:
        _exit_zone(d, layout, m)
    _water(d, layout, m, seen)
    _roads(d, layout, m)
    _edges(d, layout, m, seen)
    labels = [_hex_number(d, layout, hx) for hx in hexes]
    labels += _margin_notes(d, layout, m, exits)
    return img, canvas[1], labels


def _seen(layout: Layout, box: Box) -> Callable[[Hex], bool]:
    """Whether anything drawn for a hex (its trees, number, rivers, the map's edge) can reach a box."""
    reach = 1.5 * layout.r
    centres = ((hx, layout.centre(hx)) for hx in battlemap.load().hexes)
    return frozenset(hx for hx, (x, y) in centres if box[0] - reach <= x <= box[2] + reach
                     and box[1] - reach <= y <= box[3] + reach).__contains__


def _trees(d: BandDraw, layout: Layout, hx: Hex) -> None:
    cx, cy = layout.centre(hx)
    t = 0.16 * layout.r
    for fx, fy in TREES:
        x, y = cx + fx * layout.r, cy + fy * layout.r
        d.ellipse((x - t, y - t, x + t, y + t), fill=P.TREE)


def _buildings(d: BandDraw, layout: Layout, hx: Hex) -> None:
    cx, cy = layout.centre(hx)
    a, b = 0.14 * layout.r, 0.10 * layout.r
    for fx, fy in BUILDINGS:
        x, y = cx + fx * layout.r, cy + fy * layout.r
        d.rectangle((x - a, y - b, x + a, y + b), fill=P.BUILDING)


def _segment(d: BandDraw, ends: tuple[Point, Point], colour: P.RGB, width: float) -> None:
    """A thick line with round ends, so consecutive hexsides join cleanly."""
    d.line(ends, fill=colour, width=max(1, round(width)))
    rad = width / 2
    for x, y in ends:
        d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=colour)


def _water(d: BandDraw, layout: Layout, m: BattleMap, seen: Callable[[Hex], bool]) -> None:
    r = layout.r
    for sides in m.streams.values():
        for s in sides:
            if seen(s.split("/")[0]):
                _segment(d, layout.side(*s.split("/")), P.STREAM, 0.10 * r)
    for sides in m.rivers.values():
        for s in sides:
            if seen(s.split("/")[0]):
                _segment(d, layout.side(*s.split("/")), P.RIVER, 0.20 * r)
    for s, kind in m.sides.items():
        a, b = s.split("/")
        if not seen(a):
            continue
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


def _roads(d: BandDraw, layout: Layout, m: BattleMap) -> None:
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


def _edges(d: BandDraw, layout: Layout, m: BattleMap, seen: Callable[[Hex], bool]) -> None:
    """The map edge: every hexside with no hex beyond it."""
    for hx in sorted(m.edge_hexes):
        for n in neighbours(hx) if seen(hx) else ():
            if n not in m.hexes:
                _segment(d, layout.side(hx, n), P.EDGE, 0.08 * layout.r)


def _exit_zone(d: BandDraw, layout: Layout, m: BattleMap) -> None:
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


def _hex_number(d: BandDraw, layout: Layout, hx: Hex) -> Box:
    x0, y0, x1, _ = number_box(layout, hx)
    f = font("condensed", number_size(layout.r))
    d.text(((x0 + x1) / 2, y0), hx, fill=P.HEX_NUMBER, font=f, anchor="mt")
    return _text_box(d, ((x0 + x1) / 2, y0), hx, f, "mt")


def _text_box(d: BandDraw, at: Point, text: str, f, anchor: str) -> Box:
    return tuple(round(v) for v in d.textbbox(at, text, font=f, anchor=anchor))  # type: ignore[return-value]


def _halo_text(d: BandDraw, at: Point, text: str, f, colour: P.RGB, anchor: str = "mm") -> Box:
    d.text(at, text, fill=colour, font=f, anchor=anchor, stroke_width=max(1, f.size // 7), stroke_fill=P.CLEAR)
    return _text_box(d, at, text, f, anchor)


def _margin_notes(d: BandDraw, layout: Layout, m: BattleMap, exits: bool = True) -> list[Box]:
    """The exit-zone title in its band above the east edge (where the scenario has the zone), and the
    road ends in the margins."""
    r = layout.r
    x0, y0, x1, y1 = _exit_band(layout, m)
    out = []
    if exits:
        f = font("bold", round(0.36 * r))
        title = "EAST EDGE: French exit zone between the two roads (7 Sept, Grand Battle)"
        d.text(((x0 + x1) / 2, (y0 + y1) / 2), title, fill=P.HALO, font=f, anchor="mm")
        out.append(_text_box(d, ((x0 + x1) / 2, (y0 + y1) / 2), title, f, "mm"))
    small = font("italic", round(0.34 * r))
    ends = sorted(m.roads, key=lambda road: col_row(road.hexes[-1])[0])
    for road, (x, anchor) in zip(ends, ((x0 - 0.2 * r, "rm"), (x1 + 0.2 * r, "lm"))):
        out.append(_halo_text(d, (x, (y0 + y1) / 2), f"{road.name} to Moscow", small, P.INK, anchor))
        wx, wy = layout.centre(road.hexes[0])
        out.append(_halo_text(d, (wx - 0.4 * r, wy + SQRT3 / 2 * r + 0.4 * r), f"{road.name} from Smolensk",
                              small, P.INK, "rm"))
    return out
