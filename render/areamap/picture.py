"""Compose one picture of a Bloody Monday view: the static map, control, highlights, arrows, blocks
and battles, a player's panel at each edge (French west, Russian east), title above, legend below."""
from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from render.areamap import play
from render.areamap.frame import legend, panel, title_strip
from render.areamap.graph import neighbourhood
from render.areamap.static import GRID, SCALES, View, static_layer
from render.frame import text_size
from rules.bloody_monday import bm_data

FULL_SCALE = 1.1  # the whole map about 1100 px wide
CROP_WIDTH = 1000  # a crop's map part, in pixels, unless `size` says otherwise
MAX_SCALE = 3.0
PAD = 12  # frame units around a crop's areas
MIN_TALL = 0.5  # a crop's least height, as a share of its width


def panel_width(map_width: int) -> int:
    return max(64, round(map_width * 0.1))


def window(around: Iterable[int], radius: int) -> frozenset[int]:
    """The areas within `radius` steps (neighbour to neighbour) of those in `around`."""
    return neighbourhood({n: a.neighbours for n, a in bm_data.areas().items()}, around, radius, "areas 1 to 111",
                         "area")


def frame_for(around: list[int], radius: int, size: int | None) -> View:
    """The box of the frame to draw and its scale. A crop of CROP_WIDTH takes one of SCALES (the
    largest not above the one that fits its areas to that width), and its box is grown about its
    middle to fill the width again and laid on the GRID: its background is then cut from a whole
    map kept on disk instead of drawn. A crop of a given `size` (a phone's) keeps
    its own scale: it is small enough to draw quickly."""
    field = bm_data.battlefield()
    if around:
        pts = [p for n in window(around, radius) for p in field.areas[n].polygon]
        box = _tall_enough((max(0, min(p[0] for p in pts) - PAD), max(0, min(p[1] for p in pts) - PAD),
                            min(field.width, max(p[0] for p in pts) + PAD),
                            min(field.height, max(p[1] for p in pts) + PAD)), field.height)
    else:
        box = (0, 0, field.width, field.height)
    wide = box[2] - box[0]
    if size:  # a phone's crop is small enough to draw quickly at its own scale
        return View(box, math.floor(100 * min(size / 1.2, size - 2 * panel_width(0)) / wide) / 100)
    exact = FULL_SCALE if not around else min(MAX_SCALE, round(CROP_WIDTH / wide, 2))
    scale = max((s for s in SCALES if s <= exact), default=None)
    if not around or scale is None:
        return View(box, exact)
    limit = field.width, field.height
    return View(_on_grid(_grown(box, exact / scale, limit), limit), scale)


def _grown(box: tuple[int, int, int, int], factor: float, limit: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box grown `factor` times about its middle, moved back onto the map where it juts out,
    and cut to the map.

    >>> _grown((100, 100, 300, 200), 1.5, (1000, 1400))
    (50, 75, 350, 225)
    >>> _grown((0, 0, 200, 100), 2.0, (1000, 1400))
    (0, 0, 400, 200)
    >>> _grown((900, 1300, 1000, 1400), 2.0, (1000, 1400))
    (800, 1200, 1000, 1400)
    """
    out = []
    for low, high, edge in ((box[0], box[2], limit[0]), (box[1], box[3], limit[1])):
        half = (high - low) * factor / 2
        middle = min(max((low + high) / 2, half), edge - half)
        out.append((max(0, round(middle - half)), min(edge, round(middle + half))))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def _on_grid(box: tuple[int, int, int, int], limit: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box's corner moved back to the GRID, its size kept, except that a side on the map's
    edge stays there.

    >>> _on_grid((50, 75, 350, 225), (1000, 1400)), _on_grid((50, 75, 1000, 225), (1000, 1400))
    ((40, 60, 340, 210), (40, 60, 1000, 210))
    """
    dx, dy = box[0] % GRID, box[1] % GRID
    return (box[0] - dx, box[1] - dy, box[2] if box[2] == limit[0] else box[2] - dx,
            box[3] if box[3] == limit[1] else box[3] - dy)


def _tall_enough(box: tuple[int, int, int, int], limit: int) -> tuple[int, int, int, int]:
    """A crop at least MIN_TALL times as tall as it is wide, grown about its middle and kept on
    the map: two areas side by side far apart would otherwise give a strip too low for the
    players' morale panels (and for a phone screen).

    >>> _tall_enough((100, 500, 500, 540), 1000)
    (100, 420, 500, 620)
    >>> _tall_enough((100, 0, 500, 40), 1000)
    (100, 0, 500, 200)
    >>> _tall_enough((100, 960, 500, 1000), 1000)
    (100, 800, 500, 1000)
    """
    x0, y0, x1, y1 = box
    need = min(limit, math.ceil(MIN_TALL * (x1 - x0)))
    if y1 - y0 >= need:
        return box
    top = max(0, min(limit - need, (y0 + y1) // 2 - need // 2))
    return x0, top, x1, top + need


def draw_area_map(view: dict, *, highlight: dict | None = None, size: int | None = None,
                  around: Iterable[int] | None = None, radius: int = 2) -> Image.Image:
    """The framed picture of a Bloody Monday view as a Pillow image (see render.snapshot)."""
    frame = frame_for([int(n) for n in around or []], radius, size)
    img = static_layer(frame).copy()
    d = ImageDraw.Draw(img, "RGBA")
    play.draw_highlight(d, highlight or {}, frame)
    play.draw_control(d, view, frame)
    play.draw_log(d, view, frame)
    play.draw_bursts(d, view, frame)
    blocks = play.draw_blocks(img, view, frame)
    play.draw_hits(d, view, frame, blocks)
    side = panel_width(img.width)
    width = img.width + 2 * side
    text = min(text_size(width), side // 6)
    top, bottom = title_strip(view, width), legend(width, view.get("viewer"))
    out = Image.new("RGB", (width, top.height + img.height + bottom.height))
    out.paste(top, (0, 0))
    out.paste(panel(view, "french", side, img.height, text), (0, top.height))
    out.paste(img, (side, top.height))
    out.paste(panel(view, "russian", side, img.height, text), (side + img.width, top.height))
    out.paste(bottom, (0, top.height + img.height))
    return out
