"""The NATO unit symbols shared by Borodino counters and Bloody Monday blocks."""
from __future__ import annotations

from PIL import ImageDraw

from render import palette as P


def symbol(d: ImageDraw.ImageDraw, kind: str, s: int, ink: P.RGB, top: float) -> None:
    """The NATO unit symbol box for infantry, cavalry or artillery."""
    x0, x1 = 0.22 * s, 0.78 * s
    y0, y1 = top * s, (top + 0.34) * s
    w = max(2, s // 18)
    d.rectangle((x0, y0, x1, y1), outline=ink, width=w)
    if kind == "infantry":
        d.line((x0, y0, x1, y1), fill=ink, width=w)
        d.line((x0, y1, x1, y0), fill=ink, width=w)
    elif kind == "cavalry":
        d.line((x0, y1, x1, y0), fill=ink, width=w)
    elif kind == "artillery":
        cx, cy, rad = (x0 + x1) / 2, (y0 + y1) / 2, 0.075 * s
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), fill=ink)
