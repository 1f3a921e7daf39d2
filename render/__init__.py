"""Pictures of a Borodino view: the hex map as PNG snapshots and animated GIF replays.

Everything drawn comes from the view (and `highlight`); nothing here decides a rule.
"""
from __future__ import annotations

import io
from collections.abc import Iterable, Sequence

from PIL import Image

from render.picture import draw_map, png

__all__ = ["replay_gif", "snapshot"]


def snapshot(view: dict, *, highlight: dict | None = None, size: int | None = None,
             around: Iterable[str] | None = None, radius: int = 6) -> bytes:
    """PNG of the map for a view.

    highlight: {"zoc": side} shades hexes in the Zone of Control of that side's enemies;
    {"hexes": [...]} shades given hexes; {"destinations": [...]} tints a selected unit's legal
    destinations; {"select": "3225"} rings a hex.  Keys combine.
    size: the picture's width in pixels (at most); default about 1390 for the whole map.
    around, radius: draw only the hexes within `radius` of those hexes, at a scale a phone can read.
    """
    return png(draw_map(view, highlight=highlight, size=size, around=around, radius=radius))


def replay_gif(views: Sequence[dict], *, size: int | None = None, seconds: float = 1.5) -> bytes:
    """Animated GIF, one frame per player-turn view, each with that player-turn's arrows."""
    if not views:
        raise ValueError("a replay needs at least one view")
    frames = [draw_map(v, size=size or 900).quantize(128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE) for v in views]
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=round(seconds * 1000),
                   loop=0, optimize=False)
    return buf.getvalue()
