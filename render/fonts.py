"""Fonts for map labels: DejaVu when the system has it, else Pillow's built-in scalable font."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def has_dejavu() -> bool:
    """Golden images were drawn with DejaVu; elsewhere the text differs slightly."""
    return (DEJAVU / FACES["sans"]).exists()


@lru_cache(maxsize=128)
def font(face: str, size: int) -> Font:
    """A font of the given face (a key of FACES) and pixel size."""
    path = DEJAVU / FACES[face]
    if path.exists():
        return ImageFont.truetype(str(path), max(6, size))
    return ImageFont.load_default(max(6, size))
