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


@lru_cache(maxsize=128)
def font(face: str, size: int) -> Font:
    """A font of the given face (a key of FACES) and pixel size."""
    return ImageFont.truetype(str(DEJAVU / FACES[face]), max(6, size))
