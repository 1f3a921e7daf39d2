"""What Borodino counters and Bloody Monday blocks share: the canvas a piece is drawn on, and the
NATO unit symbols."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render import palette as P

DRAW_SCALE = 4  # pieces are drawn this much larger, then scaled down smoothly


def canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent square to draw a piece `size` pixels wide on, DRAW_SCALE times larger: the
    image, its pen and its side in drawing pixels (`shrunk` brings it down to `size`)."""
    s = size * DRAW_SCALE
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), s


def shrunk(img: Image.Image, size: int) -> Image.Image:
    """A piece drawn on `canvas(size)`, scaled down smoothly to `size` pixels."""
    return img.resize((size, size), Image.Resampling.LANCZOS)


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
