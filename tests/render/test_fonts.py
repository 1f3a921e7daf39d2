"""render/fonts.py: each face is its DejaVu file, shipped with the package, at the size asked (never
under 6 px, which no one reads)."""
from pathlib import Path

import pytest

from render.fonts import DEJAVU, FACES, font


@pytest.mark.parametrize(("face", "file"), sorted(FACES.items()))
def test_each_face_is_its_shipped_file_at_the_size_asked(face, file):
    for size in (7, 13, 40):
        drawn = font(face, size)
        assert Path(drawn.path) == DEJAVU / file and drawn.size == size


def test_a_size_under_six_pixels_is_drawn_at_six():
    assert [font("sans", size).size for size in (0, 3, 5, 6)] == [6, 6, 6, 6]
