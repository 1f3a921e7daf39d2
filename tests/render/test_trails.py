"""Trails and crosses on the Borodino map (render/hexmap/overlays.py): a reinforcement placed on
its entry hex has no trail, and the moves logged after it keep theirs; the previous player-turn's
crosses are faint; a victor's advance into the hex its enemy attacked from runs beside the
attack's arrow (Combat H)."""
from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import palette as P
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


R = 60
WHITE = (255, 255, 255)


def _step(kind: str, step: dict, attacks: list[dict] | None = None, alpha: int = 255) -> tuple[Image.Image, Layout]:
    """One retreat or advance drawn alone on white (its white halo unseen), 2520 near the picture's middle."""
    origin = LAYOUT.centre("2520")
    layout = Layout(R, 190 - origin[0] * R / 30, 170 - origin[1] * R / 30)
    img = Image.new("RGB", (400, 400), WHITE)
    draw_results(ImageDraw.Draw(img, "RGBA"), layout, {kind: [step], "attacks": attacks or []}, alpha)
    return img, layout


def _runs(img: Image.Image, x: int, y0: int, y1: int) -> int:
    """How many stretches of ink the column x holds between rows y0 and y1."""
    inked = [img.getpixel((x, y)) != WHITE for y in range(y0, y1)]
    return sum(1 for i, ink in enumerate(inked) if ink and (i == 0 or not inked[i - 1]))


@pytest.mark.parametrize(("kind", "side", "dashes"), [("advances", "russian", 1), ("retreats", "french", 4)])
def test_a_step_after_combat_runs_from_beside_its_hex_to_short_of_the_next_in_its_side_s_colour(kind, side, dashes):
    """From 0.3 r past the centre of the hex left to the head's tip 0.45 r short of the hex entered,
    0.08 r wide, in the moving side's colour: an advance solid, a retreat dashed (every 0.1 r)."""
    img, layout = _step(kind, {"unit": "X", "side": side, "from": "2520", "to": "2521"})
    (ax, ay), (_, by) = layout.centre("2520"), layout.centre("2521")  # 2521 lies straight below 2520
    x0, y0, x1, y1 = ImageChops.invert(img).getbbox()
    assert abs(y0 - (ay + 0.3 * R)) <= 1.5 and abs(y1 - (by - 0.45 * R)) <= 1.5
    assert abs((x0 + x1) / 2 - ax) <= 1
    assert sum(img.getpixel((x, y0 + 2)) != WHITE for x in range(x0, x1)) == round(0.08 * R)  # the shaft's first row
    assert img.getpixel((round(ax), y0 + 2)) == P.SIDES[side]["arrow"]
    assert _runs(img, round(ax), y0, round(by - 0.45 * R - 2.6 * 0.08 * R)) == dashes


def test_a_past_step_is_drawn_faint():
    img, layout = _step("advances", {"unit": "X", "side": "russian", "from": "2520", "to": "2521"}, alpha=110)
    colours = {c for _, c in img.getcolors(400 * 400)} - {WHITE}
    assert colours and P.SIDES["russian"]["arrow"] not in colours and all(min(c) > 80 for c in colours)


@pytest.mark.parametrize(("attack", "step"), [
    (("2520", "2521"), ("2520", "2521")), (("2521", "2520"), ("2520", "2521")), (("2520", "2521"), ("2521", "2520")),
    (("2620", "2520"), ("2520", "2620")), (("2520", "2619"), ("2619", "2520"))])
def test_a_step_between_an_attack_s_two_hexes_runs_0_3_r_to_its_right(attack, step):
    """Whichever way the attack went, a step between its two hexes is moved 0.3 r to its own right
    (seen along it: left on the picture for a step down the map), the same arrow otherwise; a step
    between other hexes is not moved."""
    fought = [{"side": "french", "attackers": [attack[0]], "defenders": [attack[1]]}]
    elsewhere = [{"side": "french", "attackers": ["2520"], "defenders": ["2519"]}]
    advance = {"unit": "X", "side": "russian", "from": step[0], "to": step[1]}
    (plain, layout), (beside, _) = _step("advances", advance), _step("advances", advance, fought)
    assert _step("advances", advance, elsewhere)[0] == plain
    (ax, ay), (bx, by) = layout.centre(step[0]), layout.centre(step[1])
    length = math.dist((ax, ay), (bx, by))
    right = (-(by - ay) / length * 0.3 * R, (bx - ax) / length * 0.3 * R)
    x0, y0, x1, y1 = ImageChops.invert(plain).getbbox()
    assert min(ax, bx) - 0.2 * R <= x0 and x1 <= max(ax, bx) + 0.2 * R  # between the two hexes' centres
    assert min(ay, by) - 0.2 * R <= y0 and y1 <= max(ay, by) + 0.2 * R
    moved = ImageChops.invert(beside).getbbox()
    for k, v in enumerate(ImageChops.invert(plain).getbbox()):
        assert abs(moved[k] - v - right[k % 2]) <= 1.5, (k, moved, right)


def test_crosses_and_retreats_give_their_room_to_the_labels():
    """What draw_eliminations and draw_results return covers what they drew (labels keep clear
    of it): the cross's whole box, and every painted pixel of the retreat's arrow."""
    origin = LAYOUT.centre("2520")
    layout = Layout(30, 150 - origin[0], 150 - origin[1])
    for draw, log in ((draw_eliminations, {"eliminated": [{"unit": "R-I-1", "hex": "2520"}]}),
                      (draw_results, {"retreats": [{"side": "russian", "from": "2520", "to": "2521"}]})):
        img = Image.new("RGB", (300, 300), (255, 255, 255))
        boxes = draw(ImageDraw.Draw(img, "RGBA"), layout, log)
        painted = [(x, y) for x in range(300) for y in range(300) if min(img.getpixel((x, y))) < 200]
        assert painted and boxes
        outside = [p for p in painted if not any(b[0] - 2 <= p[0] <= b[2] + 2 and b[1] - 2 <= p[1] <= b[3] + 2
                                                 for b in boxes)]
        assert not outside, (draw.__name__, outside[:3])
