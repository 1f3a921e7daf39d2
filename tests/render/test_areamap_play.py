"""What play draws on the Bloody Monday map, read back from the pixels: the control rings of a
contested area, and where a battle's hits disc goes when blocks stand round the burst."""
import math

from PIL import Image, ImageDraw

from render import palette as P
from render.areamap import play
from render.areamap.static import CIRCLE, View, draw_circle
from render.arrows import towards
from rules.bloody_monday import bm_data
from tests.render.bm_views import setup_view


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _control(view: dict, number: int) -> tuple[Image.Image, tuple[float, float], float]:
    """Area `number`'s control marks drawn alone at twice the size: the picture, the circle's middle
    and the radius of the middle of the ring's band."""
    cx, cy = bm_data.areas()[number].centre
    frame = View((round(cx) - 40, round(cy) - 40, round(cx) + 40, round(cy) + 40), 2.0)
    img = Image.new("RGB", frame.size, P.PAPER)
    play.draw_control(ImageDraw.Draw(img, "RGBA"), view, frame)
    return img, frame.px((cx, cy)), (CIRCLE + 2.5) * frame.scale - max(2, round(4 * frame.scale)) / 2


def _ring_colours(view: dict, number: int, degrees: list[float]) -> list[tuple[int, int, int]]:
    """The ring's colours at those angles (Pillow's: clockwise from three o'clock)."""
    img, (x, y), middle = _control(view, number)
    return [img.getpixel((round(x + middle * math.cos(math.radians(t))), round(y + middle * math.sin(math.radians(t)))))
            for t in degrees]


def test_a_contested_area_is_ringed_in_both_sides_colours_whoever_holds_it():
    """A French-held area the Russians entered, and a Russian-held one the French entered: the
    ring is closed all round, in six arcs from twelve o'clock alternating the holder's colour and the
    other side's (read at every degree but the one either side of an arc's end)."""
    view = setup_view()
    held = {side: next(a for a in view["areas"] if a["owner"] == side) for side in ("french", "russian")}
    degrees = [t for t in range(-90, 270) if (t + 90) % 60 not in (59, 0, 1)]
    for side, other in (("french", "russian"), ("russian", "french")):
        held[side]["contested"] = True
        want = [P.BLOCK[side if (t + 90) // 60 % 2 == 0 else other]["fill"] for t in degrees]
        assert _ring_colours(view, held[side]["number"], degrees) == want, side


def test_an_area_not_contested_is_ringed_in_its_holder_s_colour_alone():
    view = setup_view()
    held = next(a for a in view["areas"] if a["owner"] == "french")
    assert set(_ring_colours(view, held["number"], list(range(0, 360, 10)))) == {P.BLOCK["french"]["fill"]}


def test_an_isolated_area_shows_a_white_cube_below_left_of_its_ring_and_others_none():
    """The cube, 2.2 by 2.2 of its five frame units, ink-edged, its right side under the ring's left."""
    view = setup_view()
    entry = next(a for a in view["areas"] if a["owner"] == "french")
    img, (x, y), _ = _control(view, entry["number"])
    r, c = (CIRCLE + 2.5) * 2, 5 * 2
    row = round(y + r - c / 2)
    left, right = round(x - r - 2.2 * c), round(x - r)
    assert img.getpixel((left + c, row)) == P.PAPER  # not isolated: no cube
    entry["isolated"] = True
    img, _, _ = _control(view, entry["number"])
    across = [img.getpixel((i, row)) for i in range(left - 1, right + 2)]
    assert across == [P.PAPER, P.INK] + [P.CUBE["isolated"]] * (right - left - 1) + [P.INK, P.PAPER]
    top, bottom = round(y + r - 1.6 * c), round(y + r + 0.6 * c)
    down = [img.getpixel((left + c, j)) for j in range(top - 1, bottom + 2)]
    assert down == [P.PAPER, P.INK] + [P.CUBE["isolated"]] * (bottom - top - 1) + [P.INK, P.PAPER]


def test_with_the_burst_s_inner_rim_taken_the_hits_disc_goes_round_it_never_over_the_number():
    """Blocks standing at every spot of the inner rim: the disc moves out to the outer rim,
    clear of those blocks and of the number circle."""
    centre, scale = (300.0, 300.0), 1.5
    inner = [(centre[0] + (CIRCLE + 8) * scale * math.cos(math.radians(t)),
              centre[1] + (CIRCLE + 8) * scale * math.sin(math.radians(t))) for t in range(0, 360, 45)]
    blocks = [(x - 1, y - 1, x + 1, y + 1) for x, y in inner]
    disc = play.hits_disc(centre, scale, blocks)
    circle = (centre[0] - CIRCLE * scale, centre[1] - CIRCLE * scale,
              centre[0] + CIRCLE * scale, centre[1] + CIRCLE * scale)
    assert not _overlap(disc, circle) and not any(_overlap(disc, b) for b in blocks)
    middle = ((disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2)
    assert math.dist(middle, centre) > (CIRCLE + 8) * scale


def test_with_no_free_spot_round_the_burst_the_hits_disc_stands_lower_left():
    """Blocks all round (a panel over the area): the disc still shows, at its usual place,
    lower left of the number circle."""
    centre, scale = (300.0, 300.0), 1.5
    usual = play.hits_disc(centre, scale, [])
    covered = play.hits_disc(centre, scale, [(0, 0, 600, 600)])
    assert covered == usual
    middle = ((usual[0] + usual[2]) / 2, (usual[1] + usual[3]) / 2)
    assert middle[0] < centre[0] and middle[1] > centre[1]


def test_a_highlight_shades_the_areas_named_and_rings_the_area_selected():
    """`areas` tints each area named (its middle shows the tint over the map), `select` draws
    the selected area's border in the selection colour, four frame units wide (ten pixels on a
    crop at 2.5); the areas not named stay as they were."""
    for scale, inside in ((1.0, (2,)), (2.5, (2, 8))):
        frame = View((0, 0, 1000, 1400), scale)
        img = Image.new("RGB", frame.size, P.PAPER)
        play.draw_highlight(ImageDraw.Draw(img, "RGBA"), {"areas": [41, 999], "select": 57}, frame)
        areas = bm_data.areas()
        assert img.getpixel(frame.px(areas[41].centre)) == P.tinted(P.PAPER, P.DESTINATION)
        assert img.getpixel(frame.px(areas[57].centre)) == img.getpixel(frame.px(areas[12].centre)) == P.PAPER
        ring = [frame.px(p) for p in areas[57].polygon]
        mx, my = sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring)
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            x, y = (x0 + x1) / 2, (y0 + y1) / 2  # an edge's middle, some pixels in towards the area's middle
            d = math.dist((x, y), (mx, my))
            for k in (*inside, 12):
                seen = img.getpixel((round(x + k * (mx - x) / d), round(y + k * (my - y) / d)))
                assert (seen == P.SELECT) == (k < 4 * scale), (x, y, k)


def _log_drawn(moves: list[dict], artillery: list[dict] = ()) -> Image.Image:
    frame = View((0, 0, 1000, 1400), 1.0)
    img = Image.new("RGB", frame.size, P.PAPER)
    play.draw_log(ImageDraw.Draw(img, "RGBA"), {"log": {"moves": moves, "artillery": list(artillery)}}, frame)
    return img


def test_a_move_s_arrow_is_in_its_side_s_colour():
    """A Russian move is drawn in the Russian arrows' colour, a French one in the French: read on the
    arrow's shaft halfway between the two areas' circles."""
    areas = bm_data.areas()
    a, b = 41, sorted(areas[41].neighbours)[0]
    middle = tuple(round((p + q) / 2) for p, q in zip(areas[a].centre, areas[b].centre))
    for side in ("russian", "french"):
        img = _log_drawn([{"side": side, "from": a, "to": b}])
        assert img.getpixel(middle) == P.BLOCK[side]["arrow"], side


def test_a_move_s_arrow_thickens_with_its_blocks_up_to_four():
    areas = bm_data.areas()
    a, b = 41, sorted(areas[41].neighbours)[0]
    drawn = [_log_drawn([{"side": "french", "from": a, "to": b}] * n).tobytes() for n in (3, 4, 5)]
    assert drawn[0] != drawn[1] == drawn[2]


def test_an_area_s_number_an_arrow_passes_over_is_drawn_over_it():
    """A Russian move from 98 to 52 runs across area 82: its number circle, ring and all, stands
    over the arrow (the arrow hid a digit of it), while the arrow keeps its two ends, drawn over
    no circle but its own areas' rings."""
    areas = bm_data.areas()
    frame = View((0, 0, 1000, 1000), 1.0)
    view = {**setup_view(), "log": {"moves": [{"side": "russian", "from": 98, "to": 52}]}}
    ends = play._between(98, 52, frame, CIRCLE + 4)
    assert play._near(frame.px(areas[82].centre), ends, CIRCLE)  # the arrow runs over 82's circle
    img = Image.new("RGB", frame.size, P.PAPER)
    d = ImageDraw.Draw(img, "RGBA")
    draw_circle(d, frame, areas[82])  # as the static layer has it
    play.draw_log(d, view, frame)
    arrow = P.BLOCK["russian"]["arrow"]
    cx, _ = frame.px(areas[82].centre)
    (ax, ay), (bx, by) = ends
    along = [(x, ay + (by - ay) * (x - ax) / (bx - ax)) for x in range(round(cx) - 8, round(cx) + 9)]
    circle = [img.getpixel((x, round(y))) for x, y in along]  # on the arrow's axis, inside the circle
    assert arrow not in circle and P.AREA_CIRCLE[areas[82].colour] in circle
    for tip, back in (ends, ends[::-1]):
        x, y = towards(tip, back, 6)
        assert arrow in [img.getpixel((round(x), round(y) + dy)) for dy in (-1, 0, 1)]
