"""render/palette.py: a translucent tint worked out on a colour is the colour Pillow draws."""
import random

import pytest
from PIL import Image, ImageDraw

from render import palette as P

_SOME = random.Random(7)
TINTS = [(P.CLEAR, P.ZOC), (P.WOODS, P.ZOC), (P.CLEAR, P.DESTINATION), ((0, 0, 0), (255, 255, 255, 255)),
         ((200, 100, 50), (0, 0, 0, 0))] + [
    (tuple(_SOME.randrange(256) for _ in range(3)), tuple(_SOME.randrange(256) for _ in range(4))) for _ in range(20)]


@pytest.mark.parametrize("base, tint", TINTS)
def test_a_tint_worked_out_is_the_colour_pillow_draws(base, tint):
    """The legend's swatches and the colour-vision pairs take `tinted` for what the map shows."""
    picture = Image.new("RGB", (2, 2), base)
    ImageDraw.Draw(picture, "RGBA").rectangle((0, 0, 1, 1), fill=tint)
    assert P.tinted(base, tint) == picture.getpixel((0, 0))
