"""The static layer of the Bloody Monday area map: terrain fills and textures, borders, the Kolocha,
the start and command-limit lines, numbered circles, victory stars and names.

Geometry comes from rules.bloody_monday.bm_data (a 1000 x 1400 frame, north at the top); a `View`
maps a box of that frame to pixels at a scale.  Layers are drawn at twice the size, scaled down for
smooth lines, and cached per view: every snapshot starts from a copy.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from render import layer_cache
from render import palette as P
from render.fonts import font
from render.hexmap.band import BandDraw
from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import Area

SUPERSAMPLE = 2
CIRCLE = 13.0  # radius of an area's number circle, in frame units
STAR = 9.0  # radius of a victory star, in frame units
NAME = 11.0  # height of an area name, in frame units
Point = tuple[float, float]
UnitBox = tuple[float, float, float, float]


@dataclass(frozen=True)
class View:
    """A box of the frame (x0, y0, x1, y1 in frame units) drawn at `scale` pixels per unit."""

    box: tuple[int, int, int, int]
    scale: float

    @property
    def size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.box
        return round((x1 - x0) * self.scale), round((y1 - y0) * self.scale)

    def px(self, p: Point) -> Point:
        return (p[0] - self.box[0]) * self.scale, (p[1] - self.box[1]) * self.scale

    def px_box(self, b: UnitBox) -> tuple[int, int, int, int]:
        x0, y0 = self.px((b[0], b[1]))
        x1, y1 = self.px((b[2], b[3]))
        return round(x0), round(y0), round(x1), round(y1)

    def bigger(self, factor: int) -> View:
        return View(self.box, self.scale * factor)


def star_centre(a: Area) -> Point:
    return a.centre[0] + CIRCLE + STAR + 1, a.centre[1] - 3


def name_text(a: Area) -> str:
    return "Flèche" if a.fleche else a.name or ""


def keep_out(a: Area) -> tuple[UnitBox, ...]:
    """Frame boxes no block may cover: the number circle, its star and the name below it."""
    cx, cy = a.centre
    ring = CIRCLE + 5  # room for the control ring drawn round the circle
    boxes: list[UnitBox] = [(cx - ring, cy - ring, cx + ring, cy + ring)]
    if a.victory or a.fleche:
        sx, sy = star_centre(a)
        boxes.append((sx - STAR, sy - STAR, sx + STAR, sy + STAR))
    if name_text(a):
        w = 0.55 * NAME * len(name_text(a))
        top = cy + CIRCLE + 1
        boxes.append((cx - w / 2, top, cx + w / 2, top + NAME * 1.2))
    return tuple(boxes)


def star_points(centre: Point, radius: float) -> list[Point]:
    """A five-pointed star, point up."""
    cx, cy = centre
    return [(cx + (radius if k % 2 == 0 else radius * 0.42) * math.sin(math.pi * k / 5),
             cy - (radius if k % 2 == 0 else radius * 0.42) * math.cos(math.pi * k / 5)) for k in range(10)]


@cache
def kolocha_sides() -> tuple[tuple[Point, Point], ...]:
    """The polygon sides along which the Kolocha runs: those shared by areas across it."""
    areas = bm_data.areas()
    out = []
    for a in areas.values():
        for n in sorted(x for x in a.kolocha if x > a.number):
            theirs = set(_sides(areas[n].polygon))
            out += [s for s in _sides(a.polygon) if s in theirs or s[::-1] in theirs]
    return tuple(out)


def _sides(poly: Sequence[tuple[int, int]]) -> list[tuple[Point, Point]]:
    return [((float(p[0]), float(p[1])), (float(q[0]), float(q[1]))) for p, q in zip(poly, list(poly[1:]) + [poly[0]])]


SCALES = (1.1, 1.3, 1.5, 1.65, 1.8, 2.0, 2.2, 2.45, 2.7, 3.0)  # whole maps on disk: the map's, its crops'
GRID = 20  # frame units: a crop at one of SCALES starts on this grid, so on whole pixels of the layer


def full_box() -> tuple[int, int, int, int]:
    field = bm_data.battlefield()
    return 0, 0, field.width, field.height


def name_of(view: View) -> str:
    return "areamap-{}-{}-{}-{}-{}".format(*view.box, view.scale)


@layer_cache.held
def static_layer(view: View) -> Image.Image:
    """The map without play at that view: a crop at one of SCALES is cut from the whole map at its
    scale when that is on disk (whole_layers), reading only its rows; anything else is drawn and
    cached in memory and on disk (render/layer_cache.py)."""
    whole = View(full_box(), view.scale)
    if cuttable(view) and view != whole:
        x0, y0 = round(view.box[0] * view.scale), round(view.box[1] * view.scale)
        width, height = view.size
        rows = layer_cache.rows(name_of(whole), y0, y0 + height)
        if rows is not None and x0 + width <= rows.width:
            return rows.crop((x0, 0, x0 + width, height))
    return layer_cache.layer(name_of(view), lambda: (_draw_static(view), None))[0]


def cuttable(view: View) -> bool:
    """Whether the view's background is a piece of the whole map at its scale: a scale of SCALES,
    a corner on the GRID."""
    return view.scale in SCALES and all(v % GRID == 0 for v in view.box[:2])


def whole_layers() -> None:
    """Draw the whole map at each of SCALES not on disk yet, and keep it there (the largest takes
    seconds and half a gigabyte: render.warm runs this in a process of its own)."""
    for scale in SCALES:
        whole = View(full_box(), scale)
        if not layer_cache.kept(name_of(whole)):
            layer_cache.layer(name_of(whole), lambda: (_draw_static(whole), None))


def missing_scales() -> list[float]:
    return [scale for scale in SCALES if not layer_cache.kept(name_of(View(full_box(), scale)))]


def _draw_static(view: View) -> Image.Image:
    """The static layer of `view`, drawn twice as large and shrunk. A crop draws only the areas
    that reach into it, and their textures only where they lie: the same pixels as drawing all
    111 areas over the whole picture, at a fraction of the cost. A view that could be
    cut from a whole map (`cuttable`) has its textures and the map's edge where the whole map has
    them, so that drawn alone it looks the same; any other has them from its own corner."""
    big = view.bigger(SUPERSAMPLE)
    img = Image.new("RGB", big.size, P.PAPER)
    d = ImageDraw.Draw(img)
    areas = [a for a in bm_data.areas().values() if _reaches(a, view.box)]
    for a in areas:
        d.polygon([big.px(p) for p in a.polygon], fill=P.AREA_FILL[a.colour])
    _textures(img, big, areas, big.px((0, 0)) if cuttable(view) else (0.0, 0.0))
    border = BandDraw(img)
    for a in areas:
        border.outline([big.px(p) for p in a.polygon], P.AREA_BORDER, max(1, round(1.2 * big.scale)))
    _lines(d, big)
    for p, q in kolocha_sides():
        _round_line(d, [big.px(p), big.px(q)], P.KOLOCHA, 7 * big.scale)
    x0, y0, x1, y1 = (*big.px((0, 0)), *big.px(full_box()[2:])) if cuttable(view) else (0, 0, *big.size)
    d.rectangle((x0, y0, round(x1) - 1, round(y1) - 1), outline=P.EDGE, width=max(2, round(2 * big.scale)))
    for a in areas:
        draw_circle(d, big, a)
    return img.resize(view.size, Image.Resampling.LANCZOS)


REACH = 8  # frame units round an area's drawing that its lines and the shrink may still touch


def _reaches(a: Area, box: tuple[int, int, int, int]) -> bool:
    """Whether anything drawn for area `a` (its polygon and border, number circle, star and name,
    the name counted a whole NAME wide per letter) can reach into the frame box."""
    xs, ys = [p[0] for p in a.polygon], [p[1] for p in a.polygon]
    cx, cy = a.centre
    half = max(CIRCLE + 2 * STAR + 2, NAME * len(name_text(a)) / 2)
    x0, x1 = min(min(xs), cx - half) - REACH, max(max(xs), cx + half) + REACH
    y0, y1 = min(min(ys), cy - CIRCLE - STAR) - REACH, max(max(ys), cy + CIRCLE + 2 * NAME) + REACH
    return x0 < box[2] and box[0] < x1 and y0 < box[3] and box[1] < y1


def _textures(img: Image.Image, view: View, areas: Iterable[Area], origin: Point) -> None:
    """Dots in forest (yellow) areas and hatching on hills and redoubts (red), clipped to them,
    laid from `origin` (in the picture's pixels) over the whole map's size from there. The dots
    and lines are drawn only round the areas of their colour, and the mask made there."""
    ax, ay = -origin[0], -origin[1]  # the picture's corner from the origin
    w, h = (View(full_box(), view.scale).size if origin != (0.0, 0.0) else img.size)
    for colour in P.AREA_TEXTURE:
        clip = Image.new("L", img.size, 0)
        cd = ImageDraw.Draw(clip)
        for a in areas:
            if a.colour == colour:
                cd.polygon([view.px(p) for p in a.polygon], fill=255)
        where = clip.getbbox()
        if where is None:
            continue
        pattern = Image.new("L", img.size, 0)
        pd = ImageDraw.Draw(pattern)
        step, s = 14 * view.scale, view.scale
        left, top = where[0] + ax - step, where[1] + ay - step  # on the whole map
        right, bottom = where[2] + ax + step, where[3] + ay + step
        if colour == "yellow":
            for j in range(max(0, math.floor(top / step)), min(int(h / step), math.ceil(bottom / step)) + 1):
                for i in range(max(0, math.floor(left / step) - 1), min(int(w / step), math.ceil(right / step)) + 1):
                    x, y = (i + (j % 2) / 2) * step - ax, j * step - ay
                    pd.ellipse((x - 2 * s, y - 2 * s, x + 2 * s, y + 2 * s), fill=255)
        else:
            # the line k runs from (k * step, 0) down to (k * step + h, h): it meets the box when
            # it crosses the box's top row left of its right edge and its bottom row right of its left
            first = max(-int(h / step), math.floor((left - bottom) / step))
            last = min(int(w / step), math.ceil((right - top) / step))
            for k in range(first, last + 1):
                pd.line(((k * step - ax, -ay), (k * step + h - ax, h - ay)), fill=255, width=max(1, round(1.2 * s)))
        img.paste(P.AREA_TEXTURE[colour], where, mask=ImageChops.multiply(clip.crop(where), pattern.crop(where)))


def _lines(d: ImageDraw.ImageDraw, view: View) -> None:
    """The red dashed start line and the white command limit, thin: they are history, not walls."""
    field = bm_data.battlefield()
    s = view.scale
    cmd = [view.px(p) for p in field.command_line]
    d.line(cmd, fill=(150, 150, 140), width=max(1, round(3.6 * s)))
    d.line(cmd, fill=P.COMMAND_LINE, width=max(1, round(2.2 * s)))
    pts = [view.px(p) for p in field.front_line]
    dash = 9 * s
    for a, b in itertools.pairwise(pts):
        length = math.dist(a, b)
        t = 0.0
        while t < length:
            u, v = t / length, min(length, t + dash) / length
            d.line([(a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u),
                    (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v)],
                   fill=P.START_LINE, width=max(1, round(2.4 * s)))
            t += 2 * dash


def _round_line(d: ImageDraw.ImageDraw, pts: list[Point], colour: P.RGB, width: float) -> None:
    d.line(pts, fill=colour, width=max(1, round(width)))
    for x, y in pts:
        d.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), fill=colour)


def draw_circle(d: ImageDraw.ImageDraw, view: View, a: Area) -> None:
    """The number in its coloured circle, the star of a victory area (hollow on a Flèche), the name."""
    s = view.scale
    cx, cy = view.px(a.centre)
    r = CIRCLE * s
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=P.AREA_CIRCLE[a.colour], outline=P.INK, width=max(1, round(s)))
    number = font("bold", round((13 if a.number < 100 else 10.5) * s))
    d.text((cx, cy), str(a.number), fill=P.AREA_NUMBER[a.colour], font=number, anchor="mm")
    if a.victory or a.fleche:
        pts = [view.px(p) for p in star_points(star_centre(a), STAR)]
        d.polygon(pts, fill=P.STAR if a.victory else P.AREA_FILL[a.colour], outline=P.INK, width=max(1, round(s)))
    if name_text(a):
        f = font("italic", round(NAME * s))
        d.text((cx, cy + (CIRCLE + 1 + NAME * 0.6) * s), name_text(a), fill=P.INK, font=f, anchor="mm",
               stroke_width=max(1, round(1.5 * s)), stroke_fill=P.AREA_FILL[a.colour])
