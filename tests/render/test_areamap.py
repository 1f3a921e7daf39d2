"""The Bloody Monday area map: goldens per viewer, areas where their polygons say, the static layer."""
import io

import pytest
from PIL import Image

from render import palette as P
from render import snapshot
from render.areamap.frame import status_parts
from render.areamap.picture import draw_area_map
from render.areamap.static import View, static_layer
from render.frame import NotOnMap
from rules.bloody_monday import bm_data
from tests.render.bm_views import first_impulse_view, seen_by, setup_view
from tests.render.golden import check_golden

FULL = View((0, 0, 1000, 1400), 1.1)


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_golden_setup_french_view():
    check_golden("bm_setup_french", snapshot(seen_by(setup_view(), "french")))


def test_golden_setup_russian_view():
    check_golden("bm_setup_russian", snapshot(seen_by(setup_view(), "russian")))


def test_golden_setup_public_view():
    check_golden("bm_setup_public", snapshot(seen_by(setup_view(), None)))


def test_golden_battle_crop_french_view(tmp_path, monkeypatch):
    """Drawn alone, as before the whole maps are on disk (cut from them, a crop looks the same:
    tests/render/test_areamap_layers.py), whatever another test left in the cache."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    static_layer.cache_clear()
    try:
        check_golden("bm_crop_41_french", snapshot(seen_by(first_impulse_view(), "french"), around=[41], radius=2))
    finally:
        static_layer.cache_clear()


def test_every_area_is_filled_where_its_polygon_says():
    """Sample each area just above its number circle: the fill (or its texture) of its own colour."""
    layer = static_layer(FULL)
    wrong = []
    for a in bm_data.areas().values():
        x, y = FULL.px((a.centre[0], a.centre[1] - 20))
        seen = layer.getpixel((round(x), round(y)))
        nearest = min(P.AREA_FILL, key=lambda c: min(
            sum((p - q) ** 2 for p, q in zip(seen, ref))
            for ref in (P.AREA_FILL[c], P.AREA_TEXTURE.get(c, P.AREA_FILL[c]))))
        if nearest != a.colour:
            wrong.append((a.number, a.colour, seen))
    assert not wrong


def test_circles_stand_at_the_area_centres():
    layer = static_layer(FULL)
    for a in bm_data.areas().values():
        x, y = FULL.px((a.centre[0], a.centre[1] + 10))  # inside the circle, below the number
        seen = layer.getpixel((round(x), round(y)))
        assert sum(abs(p - q) for p, q in zip(seen, P.AREA_CIRCLE[a.colour])) < 40, (a.number, seen)


def test_title_names_the_viewer():
    assert "French player's view" in status_parts(seen_by(setup_view(), "french"))
    assert "Public view" in status_parts(seen_by(setup_view(), None))


def test_size_sets_the_width_and_crops_are_smaller():
    view = seen_by(setup_view(), "french")
    assert 500 <= _image(snapshot(view, size=550)).width <= 550
    full, crop = _image(snapshot(view)), _image(snapshot(view, around=[55], radius=1))
    assert crop.height < full.height


def test_a_picture_of_a_given_size_is_no_wider():
    """Panels and map together: the whole map at 1000 px, crops at a phone's 550 px."""
    view = seen_by(setup_view(), None)
    assert 950 <= draw_area_map(view, size=1000).width <= 1000
    for around in ([1], [41], [57, 58], [100]):
        assert 540 <= draw_area_map(view, size=550, around=around, radius=0).width <= 550, around


def test_crop_off_the_map_is_refused():
    """The sentence is the player's reply (bot/tables/play.py): what the map calls an area and how to name one."""
    sentence = "999: no area of this map; name areas 1 to 111, or none to draw the whole map."
    with pytest.raises(NotOnMap, match=f"^{sentence}$"):
        snapshot(seen_by(setup_view(), None), around=[999], radius=1)


def test_the_room_kept_free_of_blocks_holds_the_circle_its_ring_the_star_and_the_name_as_drawn():
    """render/areamap/stacking.py and callouts.py keep blocks and panels off `keep_out`: the number
    circle with the control ring round it, every point of the star, and the name centred below the
    circle, as wide as its letters to within a tenth."""
    from render.areamap.static import CIRCLE, NAME, STAR, keep_out, name_text, star_centre, star_points
    from render.fonts import font

    letters = font("italic", round(NAME * 10))
    for a in bm_data.areas().values():
        boxes = keep_out(a)
        cx, cy = a.centre
        assert boxes[0] == (cx - CIRCLE - 5, cy - CIRCLE - 5, cx + CIRCLE + 5, cy + CIRCLE + 5)
        if a.victory or a.fleche:
            star = boxes[1]
            assert all(star[0] <= x <= star[2] and star[1] <= y <= star[3]
                       for x, y in star_points(star_centre(a), STAR)), a.number
            assert star[2] - star[0] == star[3] - star[1] == 2 * STAR
        if name_text(a):
            x0, y0, x1, y1 = boxes[-1]
            assert ((x0 + x1) / 2, y0, y1 - y0) == pytest.approx((cx, cy + CIRCLE + 1, NAME * 1.2)), a.number
            assert 0.85 < letters.getlength(name_text(a)) / 10 / (x1 - x0) < 1.15, a.number
        assert len(boxes) == 1 + bool(a.victory or a.fleche) + bool(name_text(a))


def test_shaded_areas_are_tinted_over_the_map_and_a_selected_one_is_ringed():
    """`snapshot(..., areas=..., select=...)`: the destinations' shade is see-through (the map shows beneath it, never
    the shade's own colour laid on flat), and the selected area has its ring."""
    view = seen_by(setup_view(), "french")
    plain = draw_area_map(view, around=[42], radius=1).convert("RGB")
    marked = draw_area_map(view, highlight={"areas": [42], "select": 42}, around=[42], radius=1).convert("RGB")
    changed = [(a, b) for a, b in zip(plain.get_flattened_data(), marked.get_flattened_data()) if a != b]
    assert len(changed) > 1000
    assert all(b != P.DESTINATION[:3] for _, b in changed)  # blended with what lies beneath
    assert sum(b == P.SELECT for _, b in changed) > 100
