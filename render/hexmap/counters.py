"""Unit counters in the classic NATO style, drawn once per look and size and pasted onto the map.

A counter shows the side's colour, the symbol box (infantry cross, cavalry diagonal, artillery dot),
"strength-movement" below it, a gold band for the Guard, and subtle marks for units that have
moved (a folded corner) or attacked (a small diamond) this phase, and an ice-blue inner edge for
a unit the 5 September special rules still hold in place.  Large counters (crops) also show the
unit's designation.  Under the Doomed Victory options a broken unit has a small red cross
in its top-left corner and a unit with a leader stacked on it a gold disc in its top-right corner.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render import palette as P
from render.fonts import font
from render.hexmap.geometry import Layout, boxes_overlap
from render.symbols import canvas, shrunk, symbol

LABEL_FROM = 44  # counters at least this many pixels wide show the unit designation


@dataclass(frozen=True)
class Look:
    """Everything a counter shows; two units with the same Look share one sprite."""

    side: str
    kind: str
    values: str  # "7-4", or "?" when the view does not give them
    guard: bool
    moved: bool
    attacked: bool
    label: str
    broken: bool = False  # Doomed Victory 6.10
    leader: bool = False  # a Doomed Victory leader is stacked with it (8.1)
    frozen: bool = False  # may not move yet: the 5 September special rules


def counter_size(r: float) -> int:
    return round(1.18 * r)


def counter_box(layout: Layout, h: str) -> tuple[int, int, int, int]:
    """Where a counter stands in its hex: centred a little low, below the hex number."""
    cx, cy = layout.centre(h)
    s = counter_size(layout.r)
    x0, y0 = round(cx - s / 2), round(cy + 0.12 * layout.r - s / 2)
    return x0, y0, x0 + s, y0 + s


def look_of(unit: dict, size: int) -> Look:
    """The Look of one unit of the view (fields the view lacks are simply not shown)."""
    values = f"{unit['strength']}-{unit['movement']}" if "strength" in unit and "movement" in unit else "?"
    uid = unit.get("id") or ""
    label = uid.split("-", 1)[1] if size >= LABEL_FROM and "-" in uid else ""
    return Look(unit["side"], unit.get("type", ""), values, bool(unit.get("guard")),
                bool(unit.get("moved")), bool(unit.get("attacked")), label, bool(unit.get("broken")),
                bool(unit.get("leaders")), bool(unit.get("frozen")))


@lru_cache(maxsize=512)
def sprite(look: Look, size: int) -> Image.Image:
    """The counter as an RGBA image of size x size pixels."""
    img, d, s = canvas(size)
    colours = P.SIDES[look.side]
    edge = max(2, s // 22)
    d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 10, fill=colours["fill"], outline=P.INK, width=edge)
    if look.frozen:
        d.rounded_rectangle((edge, edge, s - 1 - edge, s - 1 - edge), radius=s // 12, outline=P.FROZEN,
                            width=max(2, s // 11))
    if look.guard:
        d.rounded_rectangle((edge, edge, s - 1 - edge, round(0.2 * s)), radius=s // 14, fill=P.GUARD)
        d.line((edge, round(0.2 * s), s - 1 - edge, round(0.2 * s)), fill=P.INK, width=edge)
    if look.label:
        d.text((s / 2, 0.12 * s), look.label, fill=P.INK if look.guard else colours["ink"],
               font=font("condensed", round(0.17 * s)), anchor="mm")
    symbol(d, look.kind, s, colours["ink"], top=0.27 if look.label else 0.2)
    d.text((s / 2, 0.78 * s), look.values, fill=colours["ink"], font=font("bold", round(0.33 * s)), anchor="mm")
    if look.moved:
        d.polygon([(s - 1 - edge, s * 0.72), (s - 1 - edge, s - 1 - edge), (s * 0.72, s - 1 - edge)], fill=P.INK)
    if look.attacked:
        c, t = 0.13 * s, 0.07 * s
        d.polygon([(c, c + 0.6 * s - t), (c + t, 0.6 * s + c), (c, c + 0.6 * s + t), (c - t, 0.6 * s + c)],
                  fill=colours["ink"])
    _doomed_marks(d, look, s, edge)
    return shrunk(img, size)


def _doomed_marks(d: ImageDraw.ImageDraw, look: Look, s: int, edge: int) -> None:
    """Small corner marks: a broken unit (red cross, top left), a leader stacked on it (gold disc, top right)."""
    m, w = 0.05 * s, 0.16 * s
    if look.broken:
        d.line((m + edge, m + edge, m + edge + w, m + edge + w), fill=P.BROKEN, width=max(2, s // 14))
        d.line((m + edge, m + edge + w, m + edge + w, m + edge), fill=P.BROKEN, width=max(2, s // 14))
    if look.leader:
        x1 = s - 1 - edge - m
        d.ellipse((x1 - w, m + edge, x1, m + edge + w), fill=P.GUARD, outline=P.INK, width=max(1, edge // 2))


def draw_counters(img: Image.Image, layout: Layout, units: list[dict]) -> None:
    """Paste a counter for every unit of the view that stands on a hex of the picture (a crop
    draws no sprite for the units outside it: at a crop's size each counter carries its own
    designation, so each is a sprite of its own to draw)."""
    size = counter_size(layout.r)
    for unit in units:
        if "hex" not in unit:
            continue
        x0, y0, x1, y1 = counter_box(layout, unit["hex"])
        shadow = max(1, size // 16)
        if not boxes_overlap((x0, y0, x1 + shadow, y1 + shadow), (0, 0, img.width, img.height)):
            continue
        spr = sprite(look_of(unit, size), size)
        img.paste((40, 36, 30), (x0 + shadow, y0 + shadow, x0 + shadow + size, y0 + shadow + size), spr)
        img.paste(spr, (x0, y0), spr)
