"""Golden-image comparison for render tests.

A picture matches its golden when no small tile of it differs: the comparison is made tile by
tile (TILE pixels square, smaller than a counter), so one counter removed or one strength changed
fails, while the anti-aliasing jitter of another Pillow or FreeType build (a few pixels per tile
off by a little) passes. The tolerance is for those builds only: drawn on the build that wrote them,
the goldens match bit for bit, so a change of the pictures takes again every golden it touches,
those still within the tolerance too (a number circle drawn over the artillery fire's dots moved
six pixels at the foot of bm_action_41_french, which passed, every redraw differing from it).
A missing golden fails; writing goldens is an explicit act:

    KOLOCHA_REGOLD=1 python -m pytest tests/render     # then look at every PNG it wrote
"""
from __future__ import annotations

import io
import json
import os
from pathlib import Path

from PIL import Image, ImageChops

HERE = Path(__file__).parent
GOLDEN = HERE / "golden"
FIXTURES = HERE / "fixtures"
TOLERANCE = 24  # a pixel differs when one channel is off by more than this
TILE = 16  # pixels; a counter is 28 px or more, a strength digit about 7 x 10 px
MAX_IN_TILE = 6  # differing pixels a tile may hold (rounding at the edges of text and lines)


def fixture_view(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def differing_mask(a: Image.Image, b: Image.Image) -> Image.Image:
    """A 1-bit picture of the pixels whose largest channel difference exceeds TOLERANCE."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    red, green, blue = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return worst.point(lambda v: 255 if v > TOLERANCE else 0).convert("1")


def differing_tiles(a: Image.Image, b: Image.Image) -> list[tuple[int, int, int]]:
    """(x, y, differing pixels) of every TILE-square tile holding more than MAX_IN_TILE."""
    mask = differing_mask(a, b)
    if mask.getbbox() is None:
        return []
    x0, y0, x1, y1 = mask.getbbox()
    found = []
    for y in range(y0 - y0 % TILE, y1, TILE):
        for x in range(x0 - x0 % TILE, x1, TILE):
            count = mask.crop((x, y, x + TILE, y + TILE)).histogram()[255]
            if count > MAX_IN_TILE:
                found.append((x, y, count))
    return found


def check_golden(name: str, png: bytes) -> None:
    """Compare a PNG with tests/render/golden/<name>.png; under KOLOCHA_REGOLD=1 rewrite it."""
    path = GOLDEN / f"{name}.png"
    if os.environ.get("KOLOCHA_REGOLD") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_bytes(png)
        return
    assert path.exists(), (f"{name}: no golden image at {path}; write it with "
                           "`KOLOCHA_REGOLD=1 python -m pytest tests/render` and look at it")
    got, want = Image.open(io.BytesIO(png)), Image.open(path)
    assert got.size == want.size, f"{name}: size {got.size}, golden {want.size}"
    tiles = differing_tiles(got, want)
    assert not tiles, (f"{name}: {len(tiles)} tile(s) differ, the first at {tiles[0][:2]} "
                       f"({tiles[0][2]} pixels); KOLOCHA_REGOLD=1 accepts the change")
