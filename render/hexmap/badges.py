"""Terrain that stays visible under counters: a corner badge on an occupied town or
woods hex, and every redoubt's own strength (R6, R4, R3) on a tag, struck through once destroyed.

A counter covers most of its hex, and the terrain under it changes the combat (Terrain Effects
Chart: towns, woods/roads and redoubts help the defender); the badge sits on the counter's top-left
corner, where a counter shows nothing of its own.
"""
from __future__ import annotations

from PIL import ImageDraw

from render import palette as P
from render.fonts import font
from render.hexmap.counters import counter_box
from render.hexmap.geometry import Box, Layout, Point
from rules.borodino.battlemap import BattleMap

BADGED = {"town": "town", "woods": "woods", "woods_road": "woods"}
RUINS: P.RGB = (208, 204, 196)  # a destroyed redoubt's tag
RUINS_INK: P.RGB = (118, 110, 100)


def spot(layout: Layout, h: str) -> Point:
    """The badge's centre: on the top-left corner of the hex's counter (where it would stand)."""
    x0, y0, _, _ = counter_box(layout, h)
    return x0 - 0.06 * layout.r, y0 + 0.05 * layout.r


def draw_badges(d: ImageDraw.ImageDraw, layout: Layout, view: dict, m: BattleMap) -> list[Box]:
    """A badge on every occupied town or woods hex and a tag on every redoubt of the view; their boxes."""
    r = layout.r
    out: list[Box] = []
    for red in view.get("redoubts", []):
        out.append(redoubt_tag(d, spot(layout, red["hex"]), r, int(red.get("strength", 0)),
                               bool(red.get("destroyed"))))
    occupied = sorted({u["hex"] for u in view.get("units", []) if "hex" in u})
    for h in occupied:
        kind = BADGED.get(m.terrain(h)) if h in m.hexes else None
        if kind:
            out.append(badge(d, spot(layout, h), 0.19 * r, kind))
    return out


def badge(d: ImageDraw.ImageDraw, at: Point, rad: float, kind: str) -> Box:
    """A disc in the terrain's colour with its mark: a tree for woods, two houses for a town."""
    x, y = at
    fill, mark = (P.WOODS, P.TREE) if kind == "woods" else (P.TOWN, P.BUILDING)
    d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=fill, outline=P.INK, width=max(1, round(rad / 7)))
    if kind == "woods":
        t = 0.55 * rad
        d.ellipse((x - t, y - t * 1.1, x + t, y + t * 0.6), fill=mark)
        d.line((x, y, x, y + 0.7 * rad), fill=mark, width=max(1, round(rad / 5)))
    else:
        a, b = 0.28 * rad, 0.22 * rad
        for fx, fy in ((-0.35, 0.1), (0.35, -0.15)):
            cx, cy = x + fx * rad, y + fy * rad
            d.rectangle((cx - a, cy - b, cx + a, cy + b), fill=mark)
    return round(x - rad), round(y - rad), round(x + rad), round(y + rad)


def redoubt_tag(d: ImageDraw.ImageDraw, at: Point, r: float, strength: int, destroyed: bool) -> Box:
    """"R6" on an earthwork-edged tag; grey and struck through once destroyed (Russian Redoubts, J:
    the Destroyed marker)."""
    x, y = at
    w, h = 0.3 * r, 0.18 * r
    box = (round(x - w), round(y - h), round(x + w), round(y + h))
    fill, ink = (RUINS, RUINS_INK) if destroyed else (P.REDOUBT, P.EARTHWORK)
    d.rounded_rectangle(box, radius=max(1, round(h / 2)), fill=fill, outline=ink, width=max(1, round(r / 24)))
    d.text((x, y), f"R{strength}", fill=ink, font=font("bold", round(0.27 * r)), anchor="mm")
    if destroyed:
        d.line((box[0] + 1, box[3] - 1, box[2] - 1, box[1] + 1), fill=P.ELIMINATED, width=max(1, round(r / 16)))
    return box
