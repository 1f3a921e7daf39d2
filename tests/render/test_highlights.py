"""Shading on the Borodino map (`kolocha map --zoc SIDE`, `snapshot(hexes=...)`): the hexes asked
for are shaded together with the enemy zones of control, and a side the view does not know
shades nothing instead of failing."""
from __future__ import annotations

import io

from PIL import Image, ImageChops

from render import snapshot
from tests.render.golden import fixture_view

EMPTY = "2520"  # no unit there, outside the French player's enemy ZOC at the start; 2419 beside it is in it


def _changed(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    one, two = Image.open(io.BytesIO(a)).convert("RGB"), Image.open(io.BytesIO(b)).convert("RGB")
    return ImageChops.difference(one, two).convert("L").point(lambda v: 255 if v > 24 else 0).getbbox()


def test_hexes_asked_for_are_shaded_with_the_zones_of_control():
    view = fixture_view("start_view")
    assert EMPTY not in view["zoc"]["french"] and "2419" in view["zoc"]["french"]
    plain = snapshot(view, zoc="french", around=[EMPTY], radius=1)
    changed = _changed(plain, snapshot(view, zoc="french", hexes=[EMPTY], around=[EMPTY], radius=1))
    assert changed is not None
    width, height = changed[2] - changed[0], changed[3] - changed[1]
    assert width <= 2.1 * 42 and height <= 1.8 * 42  # one hex of a crop (hex size 42 px)
    assert _changed(snapshot(view, around=[EMPTY], radius=1), plain) is not None  # and 2419's ZOC is shaded


def test_a_side_the_view_does_not_know_shades_nothing():
    view = fixture_view("start_view")
    assert snapshot(view, zoc="prussian", around=[EMPTY], radius=1) == snapshot(view, around=[EMPTY], radius=1)


def test_a_selected_hex_off_the_map_rings_nothing():
    """`kolocha map --select` takes any text: a hex number beside the map's first column rings nothing."""
    view = fixture_view("start_view")
    assert snapshot(view, select="0915") == snapshot(view)
