"""Terrain stays visible under counters: corner badges on occupied towns and woods,
every redoubt's strength on a tag even when occupied, destroyed redoubts drawn destroyed, and the
legend saying so."""
import copy
import io

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import palette as P
from render import snapshot
from render.hexmap.badges import BADGED, RUINS, badge, draw_badges, spot
from render.hexmap.frame import legend_items, title_strip
from render.hexmap.geometry import Layout
from render.hexmap.picture import map_part
from rules.borodino import battlemap
from tests.render.golden import TOLERANCE, fixture_view

MAP = battlemap.load()
EMPTY = {"system": "borodino", "units": [], "redoubts": []}


def _picture(view: dict, h: str) -> Image.Image:
    return Image.open(io.BytesIO(snapshot(view, around=[h]))).convert("RGB")


def _changed(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > TOLERANCE else 0).getbbox()


def _badge_at(view: dict, h: str) -> tuple[float, float, float]:
    """The badge spot of hex h in the crop round it (picture pixels, title strip included), and r."""
    img, layout, _ = map_part(None, [h], 6)
    x, y = spot(layout, h)
    return x, y + title_strip(view, img.width).height, layout.r


def test_an_occupied_redoubt_shows_its_own_strength_on_its_tag():
    """2817 (the Great Redoubt, R6) holds a Russian counter at the start: changing the redoubt's
    strength in the view changes the picture, and only round its tag."""
    view = fixture_view("start_view")
    assert any(u.get("hex") == "2817" for u in view["units"])
    weaker = copy.deepcopy(view)
    next(r for r in weaker["redoubts"] if r["hex"] == "2817")["strength"] = 4
    changed = _changed(_picture(view, "2817"), _picture(weaker, "2817"))
    x, y, r = _badge_at(view, "2817")
    assert changed is not None
    assert x - 0.4 * r <= changed[0] and changed[2] <= x + 0.4 * r
    assert y - 0.3 * r <= changed[1] and changed[3] <= y + 0.3 * r


def test_a_destroyed_redoubt_is_struck_through_and_faded():
    view = fixture_view("start_view")
    ruined = copy.deepcopy(view)
    next(r for r in ruined["redoubts"] if r["hex"] == "3018")["destroyed"] = True
    before, after = _picture(view, "3018"), _picture(ruined, "3018")
    x, y, _ = _badge_at(view, "3018")
    colours = {after.getpixel((round(x + dx), round(y))) for dx in range(-6, 7)}
    assert any(sum(abs(a - b) for a, b in zip(c, RUINS)) < 30 for c in colours)
    assert not any(sum(abs(a - b) for a, b in zip(before.getpixel((round(x + dx), round(y))), RUINS)) < 30
                   for dx in range(-6, 7))


def test_occupied_towns_and_woods_carry_a_badge_and_empty_ones_none():
    """Borodino (2319, a town) and a woods hex: a unit there brings its badge at the counter's top
    left, where the counter itself does not reach: the same crop with the counter standing elsewhere
    shows plain terrain there."""
    woods = sorted(h for h in MAP.hexes if BADGED.get(MAP.terrain(h)) == "woods")[0]
    for h in ("2319", woods):
        held = dict(EMPTY, units=[{"side": "french", "hex": h, "type": "infantry", "strength": 4, "movement": 4}])
        bare = dict(held, units=[{**held["units"][0], "hex": "2817"}])  # the same counter elsewhere
        x, y, r = _badge_at(EMPTY, h)
        edge = _picture(held, h).crop((round(x - 0.25 * r), round(y - 0.25 * r), round(x), round(y)))
        plain = _picture(bare, h).crop((round(x - 0.25 * r), round(y - 0.25 * r), round(x), round(y)))
        assert _changed(edge, plain) is not None, h


def test_the_legend_explains_badges_redoubts_and_zoc():
    words = " | ".join(text for _, text in legend_items())
    for phrase in ("redoubt strength", "destroyed redoubt", "town under a counter", "woods under a counter",
                   "enemy ZOC"):
        assert phrase in words


def test_a_woods_badge_shows_a_tree_and_a_town_badge_its_houses():
    """The badge of each occupied hex, drawn on white: a tree in the middle of a woods badge, the
    town's grey between its two houses, and houses only on the town's; the box it gives is the disc's."""
    woods = sorted(h for h in MAP.hexes if BADGED.get(MAP.terrain(h)) == "woods")[0]
    layout = Layout(42, 0.0, 0.0)
    for h, middle in ((woods, P.TREE), ("2319", P.TOWN)):
        x, y = spot(layout, h)
        img = Image.new("RGB", (round(x) + 60, round(y) + 60), (255, 255, 255))
        view = dict(EMPTY, units=[{"side": "french", "hex": h, "type": "infantry"}])
        [box] = draw_badges(ImageDraw.Draw(img, "RGBA"), layout, view, MAP)
        assert img.getpixel((round(x), round(y))) == middle, h
        drawn = ImageChops.difference(img, Image.new("RGB", img.size, (255, 255, 255))).getbbox()
        assert all(abs(a - b) <= 1 for a, b in zip(box, drawn, strict=True)), (box, drawn)  # what labels keep clear of
        houses = {img.getpixel((round(x + fx * 8), round(y + fy * 8))) for fx, fy in ((-0.35, 0.1), (0.35, -0.15))}
        assert (houses == {P.BUILDING}) == (h == "2319"), h


@pytest.mark.parametrize(("r", "trunk"), [(28, 1), (42, 2)])
def test_a_woods_badge_s_trunk_grows_with_the_map(r, trunk):
    """The whole map's badge (r 28) has a trunk one pixel wide, a crop's (r 42) two."""
    img = Image.new("RGB", (60, 60), (255, 255, 255))
    rad = 0.19 * r
    badge(ImageDraw.Draw(img), (30.0, 30.0), rad, "woods")
    row = round(30 + 0.65 * rad)
    assert sum(img.getpixel((x, row)) == P.TREE for x in range(20, 41)) == trunk
