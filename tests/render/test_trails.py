"""The trails of the moves on the Borodino map (render/hexmap/overlays.py): a reinforcement placed
on its entry hex has no trail, and the moves logged after it keep theirs."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.hexmap.geometry import Layout
from render.hexmap.overlays import draw_moves

LAYOUT = Layout(30, 0.0, 0.0)


def _drawn(moves: list[dict]) -> Image.Image:
    origin = LAYOUT.centre("2520")
    layout = Layout(30, 150 - origin[0], 150 - origin[1])
    img = Image.new("RGB", (300, 300), (255, 255, 255))
    draw_moves(ImageDraw.Draw(img, "RGBA"), layout, {"moves": moves})
    return img


def test_a_move_logged_after_an_arrival_keeps_its_trail():
    arrival = {"unit": "F-G-1", "side": "french", "path": ["2520"]}
    march = {"unit": "F-I-2", "side": "french", "path": ["2520", "2521", "2522"]}
    assert _drawn([arrival]) == _drawn([])
    assert _drawn([arrival, march]) == _drawn([march]) != _drawn([])
