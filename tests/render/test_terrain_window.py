"""A crop draws only its window of terrain (render/hexmap/terrain.py, band.py): pixel for
pixel what the whole layer has there, so that the first crop at a new scale draws a few dozen hexes
instead of the whole map at crop scale."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import action_crop
from render.action import PHONE_WIDTH, latest_hexes
from render.hexmap import counters, terrain
from render.hexmap.band import BandDraw, narrowed
from render.hexmap.geometry import boxes_overlap
from render.hexmap.picture import crop_r, legible_radius
from tests.render.golden import fixture_view

R = 28  # the whole map's own scale: its whole layer is drawn in every test session anyway
SCALES = [14, R]  # and a small one, drawn whole in a third of a second (the fast selection of docs/mutation.md)


def _windows(width: int, height: int) -> list[tuple[int, int, int, int]]:
    """Corners, edges, the middle, a wide short strip and tall narrow ones (Pillow shrinks a tall,
    narrow canvas, such as one at the left edge, in the other order of passes: terrain._shrunk)."""
    return [(0, 0, 300, 240), (width - 260, height - 200, width, height), (0, height - 150, 220, height),
            (width // 2 - 200, height // 2 - 150, width // 2 + 200, height // 2 + 150),
            (width // 3, 40, width // 3 + 60, height - 40), (20, height // 2, width - 20, height // 2 + 50),
            (width - 90, 0, width, 700), (0, 0, 40, height)]


@pytest.mark.parametrize("r", SCALES)
def test_a_window_drawn_alone_is_the_whole_layer_there_to_the_last_pixel(r):
    whole = terrain.static_layer(r)
    for box in _windows(*whole.image.size):
        image, _ = terrain.terrain_window(r, box)
        assert image.tobytes() == whole.image.crop(box).tobytes(), box


@pytest.mark.parametrize("r", SCALES)
def test_a_window_names_the_hex_numbers_the_whole_layer_has_in_it(r):
    whole = terrain.static_layer(r)
    box = _windows(*whole.image.size)[3]
    _, labels = terrain.terrain_window(r, box)
    inside = {label for label in whole.labels if boxes_overlap(label, box)}
    assert inside and inside <= set(labels) <= set(whole.labels)


def test_the_first_phone_crop_at_a_new_scale_draws_only_its_window(tmp_path, monkeypatch):
    """Nothing kept on disk (a bot just started): the action crop is drawn without the whole
    layer at its scale, and its terrain is a small part of that layer."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    monkeypatch.setattr(terrain, "static_layer", _refuse)
    drawn: list[tuple[int, int, int, int]] = []
    draw = terrain._draw
    monkeypatch.setattr(terrain, "_draw", lambda m, r, window, size, *exits: drawn.append(window)
                        or draw(m, r, window, size, *exits))
    terrain.terrain_window.cache_clear()
    view = fixture_view("midgame_view")
    assert action_crop(view) is not None
    (x0, y0, x1, y1), = drawn  # supersampled pixels
    hexes = latest_hexes(view)
    width, height = terrain.layer_size(crop_r(hexes, legible_radius(hexes), PHONE_WIDTH))
    assert (x1 - x0) * (y1 - y0) < 0.05 * (2 * width) * (2 * height)


def test_a_crop_draws_the_counters_it_shows_and_no_other(monkeypatch):
    view = fixture_view("midgame_view")
    drawn: list[counters.Look] = []
    sprite = counters.sprite
    monkeypatch.setattr(counters, "sprite", lambda look, size: drawn.append(look) or sprite(look, size))
    action_crop(view)
    on_map = [u for u in view["units"] if "hex" in u]
    assert 0 < len(drawn) < len(on_map) / 3


@pytest.mark.parametrize("width", [1, 2, 3, 4])
def test_band_outline_draws_pillow_s_own_polygon_outline(width):
    """BandDraw.outline masks each outline with the polygon's rows only; the pixels are Pillow's."""
    points = [(4021.0, 1300.6), (4063.0, 1227.9), (4147.0, 1227.9), (4189.0, 1300.6), (4147.0, 1373.4),
              (4063.0, 1373.4)]
    theirs = Image.new("RGB", (4300, 1500), (250, 250, 250))
    ImageDraw.Draw(theirs).polygon(points, outline=(90, 80, 70), width=width)
    ours = Image.new("RGB", (4300, 400), (250, 250, 250))
    BandDraw(ours, 1100).outline(points, (90, 80, 70), width)
    assert ours.tobytes() == theirs.crop((0, 1100, 4300, 1500)).tobytes()


def _refuse(r: int) -> None:
    raise AssertionError(f"the whole layer at r={r} was drawn for a crop")


@pytest.mark.parametrize("r", SCALES)
def test_a_crop_reads_only_its_window_of_a_layer_on_disk(tmp_path, monkeypatch, r):
    """A crop at a scale whose whole layer is on disk reads the rows of its window, the same
    pixels, and holds no whole layer in memory."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    terrain.static_layer.cache_clear()
    whole = terrain.static_layer(r)  # drawn, and kept on disk
    box = _windows(*whole.image.size)[3]
    terrain.static_layer.cache_clear()
    monkeypatch.setattr(terrain, "static_layer", _refuse)
    image, labels = terrain.kept_window(r, box)
    assert image.tobytes() == whole.image.crop(box).tobytes() and set(labels) == set(whole.labels)
    assert terrain.kept_window(r + 1, box) is None  # not on disk: the crop draws its window
    width, height = whole.image.size
    corner = (width - 90, height - 700, width, height)  # the bottom right corner (the layer is taller than wide)
    assert terrain.kept_window(r, corner)[0].tobytes() == whole.image.crop(corner).tobytes()  # type: ignore[index]
    for beyond in ((width - 50, 0, width + 10, 100), (0, height - 10, 50, height + 10)):  # past the right, the bottom
        assert terrain.kept_window(r, beyond) is None


def _band_and_whole(draw: str, *args, **options) -> tuple[bytes, bytes]:
    """One ImageDraw call made on a band of rows from 1100 down and on the whole picture: the
    band's pixels and the whole picture's same rows."""
    whole = Image.new("RGB", (4300, 1500), (250, 250, 250))
    getattr(ImageDraw.Draw(whole), draw)(*args, **options)
    band = Image.new("RGB", (4300, 400), (250, 250, 250))
    getattr(BandDraw(band, 1100), draw)(*args, **options)
    return band.tobytes(), whole.crop((0, 1100, 4300, 1500)).tobytes()


@pytest.mark.parametrize(("draw", "args", "options"), [
    ("polygon", ([(4021.0, 1300.6), (4063.0, 1227.9), (4147.0, 1227.9), (4189.0, 1300.6)],), {"fill": (90, 80, 70)}),
    ("line", ([(3000.0, 1090.0), (3100.0, 1210.0), (3300.0, 1150.0)],), {"fill": (20, 60, 200), "width": 5}),
    ("ellipse", ((2000.2, 1180.5, 2050.7, 1240.3),), {"fill": (10, 120, 10)}),
    ("rectangle", ((1500.4, 1180.6, 1560.2, 1230.9),), {"fill": (200, 10, 10)}),
    ("text", ((1200.0, 1150.0), "2817"), {"fill": (0, 0, 0), "anchor": "mt"}),
])
def test_a_band_draws_the_rows_the_whole_picture_has_there(draw, args, options):
    """Coordinates are the whole picture's: a band from row 1100 holds what the whole has from there."""
    ours, theirs = _band_and_whole(draw, *args, **options)
    assert ours == theirs
    assert ours != Image.new("RGB", (4300, 400), (250, 250, 250)).tobytes()  # something was drawn in the band


def test_a_band_gives_a_text_s_box_in_the_whole_picture_s_coordinates():
    band, whole = Image.new("RGB", (300, 100)), Image.new("RGB", (300, 1300))
    theirs = ImageDraw.Draw(whole).textbbox((150.0, 1250.0), "2817", anchor="mt")
    assert BandDraw(band, 1200).textbbox((150.0, 1250.0), "2817", anchor="mt") == theirs
    assert BandDraw(whole).textbbox((150.0, 1250.0), "2817", anchor="mt") == theirs  # a band from the top row


def test_an_outline_wholly_left_of_or_above_the_picture_draws_nothing():
    blank = Image.new("RGB", (200, 200), (250, 250, 250)).tobytes()
    for points in ([(-60.0, 50.0), (-10.0, 50.0), (-30.0, 90.0)], [(50.0, -90.0), (90.0, -60.0), (70.0, -40.0)]):
        band = Image.new("RGB", (200, 200), (250, 250, 250))
        BandDraw(band).outline(points, (90, 80, 70), 2)
        assert band.tobytes() == blank


@pytest.mark.parametrize(("left", "right", "moved"), [
    (3000, 3300, 1976), (900, 1200, 0), (8000, 8300, 0), (1024, 1300, 0), (1025, 1300, 1), (2000, 8191, 976),
    (2000, 8192, 0)])
def test_a_drawing_moves_left_only_between_the_safe_columns(left, right, moved):
    """narrowed: the columns a drawing may move left and keep every pixel (band.py says why)."""
    assert narrowed(left, right) == moved


@pytest.mark.parametrize("points", [
    [(-20.0, 30.6), (1.0, -6.1), (43.0, -6.1), (64.0, 30.6), (43.0, 67.4), (1.0, 67.4)],  # over the top-left corner
    [(0.0, 30.6), (21.0, 0.0), (63.0, 0.0), (84.0, 30.6), (63.0, 61.2), (21.0, 61.2)]])  # touching both edges
def test_an_outline_at_the_picture_s_corner_is_pillow_s_own(points):
    theirs, ours = (Image.new("RGB", (120, 100), (250, 250, 250)) for _ in range(2))
    ImageDraw.Draw(theirs).polygon(points, outline=(90, 80, 70), width=2)
    BandDraw(ours).outline(points, (90, 80, 70), 2)
    assert ours.tobytes() == theirs.tobytes()
