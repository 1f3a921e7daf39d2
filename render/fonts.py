"""Fonts for map labels: DejaVu, shipped with the package (render/fonts/, free licence in
render/fonts/LICENSE) so every machine draws the same pictures as the golden images."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

DEJAVU = Path(__file__).parent / "fonts"
FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}

Font = ImageFont.FreeTypeFont
FONTS_HELD = 24  # faces kept open: each holds some 200 KB or more (its glyphs), and the scales of
# every map and crop ask for a hundred sizes; opening one again takes about a millisecond


@lru_cache(maxsize=FONTS_HELD)
def font(face: str, size: int) -> Font:
    """A font of the given face (a key of FACES) and pixel size."""
    return ImageFont.truetype(str(DEJAVU / FACES[face]), max(6, size))
