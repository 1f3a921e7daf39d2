"""Animated GIF replays, one frame per player-turn view, written a frame at a time.

Every frame shares one palette, taken from a sample of frames, so that each frame stores only
the pixels that changed since the one before (the rest is the palette's one transparent colour,
and the frame is cut to the box around the changes): a Grand Battle of 80 player-turns at full
size is under 2 MB, far below Discord's 10 MB upload limit. Only the frame being drawn and the
one before it are held, never the whole game: a replay takes the memory of two pictures,
whatever its length (Pillow's own animated writer holds every frame until the end).
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from typing import BinaryIO

from PIL import GifImagePlugin, Image, ImageChops

from render.areamap.campaign import draw_campaign_map
from render.areamap.picture import draw_area_map
from render.hexmap.picture import draw_map
from render.one_at_a_time import one_at_a_time

WIDTH = 900  # pixels, unless a size is asked for
COLOURS = 127  # the palette's colours; one more index is the transparent "unchanged"
SAMPLES = 8  # frames the palette is taken from


def replay_gif(views: Sequence[dict], *, size: int | None = None, seconds: float = 1.5) -> bytes:
    """The replay of `views` as GIF bytes (write_replay_gif)."""
    out = io.BytesIO()
    write_replay_gif(views, out, size=size, seconds=seconds)
    return out.getvalue()


def write_replay_gif(views: Sequence[dict], out: BinaryIO, *, size: int | None = None,
                     seconds: float = 1.5) -> None:
    """Write the animated GIF of `views` to `out`, a frame at a time, each view shown `seconds`
    (a view that changes nothing lengthens the frame before it)."""
    if not views:
        raise ValueError("a replay needs at least one view")
    width = size or WIDTH
    palette = _shared_palette(views, width)
    unchanged = len(palette.getpalette() or []) // 3
    colours = [*(palette.getpalette() or []), 255, 255, 255]
    shown = round(seconds * 1000)
    previous: Image.Image | None = None
    pending: list = []  # the frame written once the next one is known: [picture, offset, ms]
    for view in views:
        frame = _draw(view, width).convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
        frame.putpalette(colours)
        if previous is None:
            out.write(b"".join(GifImagePlugin.getheader(frame, info={"loop": 0})[0]))
            pending = [frame, (0, 0), shown]
        else:
            delta = ImageChops.subtract_modulo(frame, previous)
            box = delta.getbbox()
            if box is None:
                pending[2] += shown
                continue
            _write_frame(out, pending, unchanged)
            changes = frame.copy()
            changes.paste(unchanged, mask=delta.point([255, *(0,) * 255], "1"))
            pending = [changes.crop(box), box[:2], shown]
        previous = frame
    _write_frame(out, pending, unchanged)
    out.write(b";")


def _write_frame(out: BinaryIO, pending: list, unchanged: int) -> None:
    picture, offset, shown = pending
    for piece in GifImagePlugin.getdata(picture, offset, duration=shown, transparency=unchanged):
        out.write(piece)


def _shared_palette(views: Sequence[dict], width: int) -> Image.Image:
    """A palette of COLOURS for all frames, from SAMPLES of them stacked in one picture, each
    drawn in turn and shrunk to a half by picking pixels (no colour is blended into a new one).
    The colours are those covering most of it (Pillow's MAXCOVERAGE): a map's flat colours, thin
    marks among them (the Guard's pale band, a legend's arrows), where the faster octree merged
    some that a frame shows widely into their neighbours."""
    sample = views[:: max(1, len(views) // SAMPLES)]
    strip: Image.Image | None = None
    for row, view in enumerate(sample):
        drawn = _draw(view, width)
        small = drawn.resize((max(1, drawn.width // 2), max(1, drawn.height // 2)), Image.Resampling.NEAREST)
        if strip is None:
            strip = Image.new("RGB", (small.width, small.height * len(sample)), "white")
        strip.paste(small, (0, row * small.height))
    assert strip is not None
    return strip.quantize(COLOURS, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)


@one_at_a_time  # a frame at a time, between the pictures players ask for
def _draw(view: dict, size: int) -> Image.Image:
    if view.get("system") == "campaign_1812":
        return draw_campaign_map(view, size=size)
    return draw_area_map(view, size=size) if view.get("system") == "bloody_monday" else draw_map(view, size=size)
