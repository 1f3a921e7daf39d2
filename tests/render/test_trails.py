"""Trails and crosses on the Borodino map (render/hexmap/overlays.py): a reinforcement placed on
its entry hex has no trail, and the moves logged after it keep theirs; the previous player-turn's
crosses are faint; a victor's advance into the hex its enemy attacked from runs beside the
attack's arrow (Combat H)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.hexmap.geometry import Layout
from render.hexmap.overlays import draw_attack_arrows, draw_eliminations, draw_moves, draw_results

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


def test_an_advance_between_an_attacks_two_hexes_runs_beside_its_arrow():
    """The French attack from 2520 fails and the Russian defender advances into the hex they left
    (Combat H): drawn on the attack's line, the advance would lie under its arrow, unseen."""
    origin = LAYOUT.centre("2520")
    layout = Layout(30, 150 - origin[0], 150 - origin[1])
    attack = {"side": "french", "attackers": ["2520"], "defenders": ["2521"]}
    advance = {"unit": "R-I-1", "side": "russian", "from": "2521", "to": "2520"}

    def drawn(log: dict) -> Image.Image:
        img = Image.new("RGB", (300, 300), (255, 255, 255))
        d = ImageDraw.Draw(img, "RGBA")
        draw_results(d, layout, log)
        draw_attack_arrows(d, layout, log)
        return img

    def advance_pixels(img: Image.Image) -> int:
        return sum(count for count, colour in img.getcolors(300 * 300) if colour in russian)

    alone = drawn({"advances": [advance]})
    russian = {colour for _, colour in alone.getcolors(300 * 300)} - \
        {colour for _, colour in drawn({"attacks": [attack]}).getcolors(300 * 300)} - {(255, 255, 255)}
    assert advance_pixels(drawn({"advances": [advance], "attacks": [attack]})) > 0.8 * advance_pixels(alone)
