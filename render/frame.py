"""Shared parts of every map's frame: the dark title strip, and legends of icons with their words,
both sized to the picture so they stay legible when Discord shrinks it to a phone's width."""
from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from render import palette as P
from render.arrows import arrow
from render.fonts import Font, font
from render.symbols import symbol


class NotOnMap(ValueError):
    """A crop asked around places the map does not have; str() is the sentence for the person
    who asked (the bot turns it into its refusal)."""


def over(outcome: dict) -> str:
    """The end of the game as the rules decided it, for a title strip: a level ("French decisive
    victory", 1812's "Russian marginal victory"), one level alone (Borodino's 5 and 6 September:
    "Russian victory"), or a draw."""
    winner, level = outcome.get("winner"), outcome.get("level", "")
    if not winner:
        return "Game over: a draw" if level == "draw" else "Game over"
    return f"Game over: {winner.title()} {level + ' ' if level not in ('', 'victory') else ''}victory"


def text_size(width: int) -> int:
    """Body text size for a picture `width` pixels wide (about 12 px at Discord's 550 px preview)."""
    return max(13, min(30, round(width / 46)))


def _wrap(d: ImageDraw.ImageDraw, words: list[str], f: Font, width: int, sep: str) -> list[str]:
    """Join words with sep into lines no wider than width."""
    lines: list[str] = []
    for w in words:
        trial = f"{lines[-1]}{sep}{w}" if lines else w
        if lines and d.textlength(trial, font=f) <= width:
            lines[-1] = trial
        else:
            lines.append(w)
    return lines


def strip(title: str, parts: list[str], prompt: str, width: int) -> Image.Image:
    """A dark strip: the title, the parts joined by dots, then the prompt, each wrapped to the width; a
    prompt's points (a line each after its sentence, rules.core.events.point_by_point) each begin a row."""
    size = text_size(width)
    pad = size // 2
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    big, body = font("title", round(size * 1.25)), font("bold", size)
    rows: list[tuple[str, Font, P.RGB]] = [(t, big, P.STRIP_TEXT)
                                           for t in _wrap(probe, title.split(), big, width - 2 * pad, " ")]
    rows += [(t, body, P.STRIP_TEXT) for t in _wrap(probe, parts, body, width - 2 * pad, "  ·  ")]
    if prompt:
        rows += [(t, font("sans", size), P.GUARD) for line in prompt.split("\n")
                 for t in _wrap(probe, line.split(), font("sans", size), width - 2 * pad, " ")]
    heights = [round(getattr(f, "size", size) * 1.3) for _, f, _ in rows]
    img = Image.new("RGB", (width, sum(heights) + 2 * pad), P.STRIP)
    d = ImageDraw.Draw(img)
    y = pad
    for (text, f, colour), h in zip(rows, heights):
        d.text((pad, y + h / 2), text, fill=colour, font=f, anchor="lm")
        y += h
    return img


Icon = Callable[[Image.Image, ImageDraw.ImageDraw, tuple[int, int, int, int]], None]


def sprite_icon(sprite: Callable[[int], Image.Image]) -> Icon:
    """A piece drawn as on the map (a counter, a block): `sprite(size)`, as tall as the box, centred in it."""
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        s = box[3] - box[1]
        spr = sprite(s)
        img.paste(spr, (box[0] + (box[2] - box[0] - s) // 2, box[1]), spr)
    return draw


def swatch(fill: P.RGB, dots: P.RGB | None = None) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        d.rectangle(box, fill=fill, outline=P.GRID)
        if dots:
            x0, y0, x1, y1 = box
            t = (y1 - y0) // 5
            for fx, fy in ((0.3, 0.35), (0.7, 0.35), (0.5, 0.7)):
                x, y = x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy
                d.ellipse((x - t, y - t, x + t, y + t), fill=dots)
    return draw


def line_icon(colour: P.RGB, frac: float, stripe: P.RGB | None = None) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        y, w = (y0 + y1) / 2, max(2, round((y1 - y0) * frac))
        d.line((x0, y, x1, y), fill=colour, width=w)
        if stripe:
            d.line((x0, y, x1, y), fill=stripe, width=max(1, w // 3))
    return draw


def arrow_icon(*colours: P.RGB, dash: bool = False) -> Icon:
    """An arrow pointing right in each colour, one above the other (a move drawn in its side's
    colour shows both sides' in the legend)."""
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        n = len(colours)
        for k, colour in enumerate(colours):
            y = y0 + (y1 - y0) * (2 * k + 1) / (2 * n)
            width = max(2, (y1 - y0) / 6 if n == 1 else (y1 - y0) / (4 * n))
            arrow(d, [(x0, y), (x1, y)], colour, width, dash=(y1 - y0) / 4 if dash else 0.0)
    return draw


def cross_icon(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    c, k = (x0 + x1) / 2, (y1 - y0) / 2
    for a, b in (((c - k, y0), (c + k, y1)), ((c - k, y1), (c + k, y0))):
        d.line([a, b], fill=P.ELIMINATED, width=max(2, round(k / 2.5)))


def symbol_icon(kind: str) -> Icon:
    def draw(img: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        s = y1 - y0
        layer = Image.new("RGBA", (s * 4, s * 4), (0, 0, 0, 0))
        symbol(ImageDraw.Draw(layer), kind, s * 4, P.INK, top=0.33)
        small = layer.resize((s, s), Image.Resampling.LANCZOS)
        img.paste(small, (x0 + (x1 - x0 - s) // 2, y0), small)
    return draw


def flow_legend(items: list[tuple[Icon, str]], width: int) -> Image.Image:
    """Icons with their words, flowed into as many rows as the width needs."""
    size = max(11, round(text_size(width) * 0.7))
    f = font("sans", size)
    icon_w, icon_h, gap, pad = round(size * 1.9), round(size * 1.35), size, size // 2
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    placed: list[tuple[int, int, Icon, str]] = []
    x, row = pad, 0
    for icon, words in items:
        w = icon_w + pad // 2 + round(probe.textlength(words, font=f))
        if x + w > width - pad and x > pad:
            x, row = pad, row + 1
        placed.append((x, row, icon, words))
        x += w + gap
    line_h = icon_h + pad
    img = Image.new("RGB", (width, (row + 1) * line_h + pad), P.PAPER)
    d = ImageDraw.Draw(img)
    for x, row, icon, words in placed:
        y = pad + row * line_h
        icon(img, d, (x, y, x + icon_w, y + icon_h))
        d.text((x + icon_w + pad // 2, y + icon_h / 2), words, fill=P.INK, font=f, anchor="lm")
    return img
