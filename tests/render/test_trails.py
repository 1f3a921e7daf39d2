"""Trails and crosses on the Borodino map (render/hexmap/overlays.py): a reinforcement placed on
its entry hex has no trail, and the moves logged after it keep theirs; the previous player-turn's
crosses are faint."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.hexmap.geometry import Layout
from render.hexmap.overlays import draw_eliminations, draw_moves

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


def test_a_past_elimination_is_drawn_faint_halo_and_all():
    """The previous player-turn's red cross is drawn faint (the current one's labels and arrows
    stand out); its white edging is as faint, never a bright outline on the map."""
    origin = LAYOUT.centre("2520")
    layout = Layout(30, 150 - origin[0], 150 - origin[1])
    paper = (120, 160, 90)  # woods
    img = Image.new("RGB", (300, 300), paper)
    draw_eliminations(ImageDraw.Draw(img, "RGBA"), layout, {"eliminated": [{"unit": "R-I-1", "hex": "2520"}]}, 110)
    colours = {colour for _, colour in img.getcolors(300 * 300)}
    assert len(colours) > 1
    assert all(min(colour) < 200 for colour in colours)  # nothing near white: the edging is faint too
