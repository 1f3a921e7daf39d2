"""Bloody Monday's crops cut from whole maps kept on disk: a crop of CROP_WIDTH takes
one of a few scales and a box on a grid, so that its background is a piece of the whole map at that
scale, read from disk row by row; drawn alone, before the whole map is there, it looks the same."""
import pytest
from PIL import Image

from render import layer_cache
from render.areamap import static
from render.areamap.graph import neighbourhood
from render.areamap.picture import CROP_WIDTH, frame_for
from render.areamap.static import GRID, SCALES, View
from rules.bloody_monday import bm_data
from tests.render.golden import differing_mask

AROUND = [[41], [1], [12], [90], [111], [57, 58]]


@pytest.mark.parametrize("around", AROUND)
def test_a_crop_takes_a_kept_scale_and_a_box_on_the_grid_round_its_areas(around):
    frame = frame_for(around, 2, None)
    assert frame.scale in SCALES and frame.box[0] % GRID == 0 and frame.box[1] % GRID == 0
    areas = bm_data.areas()
    shown = neighbourhood({n: a.neighbours for n, a in areas.items()}, around, 0, "")
    x0, y0, x1, y1 = frame.box
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for n in shown for x, y in areas[n].polygon)
    assert 0.85 * CROP_WIDTH < frame.size[0] <= CROP_WIDTH + GRID * frame.scale


def test_a_phone_s_crop_keeps_its_own_scale():
    """A crop of a given size is small enough to draw: its scale fits its areas exactly."""
    assert frame_for([57, 58], 0, 550).scale not in SCALES or frame_for([20], 0, 550).scale not in SCALES


def test_a_crop_is_cut_from_the_whole_map_on_disk_and_looks_as_drawn_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    monkeypatch.setattr(static, "SCALES", (1.1,))
    view = View((200, 400, 600, 820), 1.1)
    static.static_layer.cache_clear()
    alone = static.static_layer(view)
    static.whole_layers()
    static.static_layer.cache_clear()
    whole = static.static_layer(View(static.full_box(), 1.1))
    monkeypatch.setattr(static, "_draw_static", _refuse)  # from here on, nothing is drawn
    cut = static.static_layer(view)
    static.static_layer.cache_clear()
    assert cut.tobytes() == whole.crop((220, 440, 220 + view.size[0], 440 + view.size[1])).tobytes()
    # Drawn alone, the thick lines (the Kolocha, the start line) round from the crop's corner and
    # may stand a pixel aside: measured 540 of 203,280 pixels differing, all on those lines.
    assert cut.size == alone.size == view.size
    assert differing_mask(cut, alone).histogram()[255] < 0.005 * cut.width * cut.height


def test_a_crop_not_on_the_grid_is_drawn(tmp_path, monkeypatch):
    """Positive control of the test above: the same layer on disk, a box off the grid."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    monkeypatch.setattr(static, "SCALES", (1.1,))
    static.whole_layers()
    static.static_layer.cache_clear()
    monkeypatch.setattr(static, "_draw_static", _refuse)
    with pytest.raises(AssertionError, match="drawn"):
        static.static_layer(View((210, 400, 600, 820), 1.1))
    static.static_layer.cache_clear()


def test_rows_read_from_disk_are_the_layer_s_rows(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    image = Image.radial_gradient("L").convert("RGB")
    layer_cache.layer("demo", lambda: (image, None))
    rows = layer_cache.rows("demo", 100, 130)
    assert rows is not None and rows.tobytes() == image.crop((0, 100, image.width, 130)).tobytes()
    assert layer_cache.rows("demo", 250, 300) is None and layer_cache.rows("other", 0, 10) is None


def _refuse(*view):
    raise AssertionError(f"{view} drawn, not cut from the whole map")


def test_the_slots_kept_on_disk_are_those_worked_out(tmp_path, monkeypatch):
    """render/areamap/stacking.py: the table a later process reads instead of searching."""
    from render.areamap import stacking

    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    monkeypatch.setattr(stacking, "MOST", 1)
    worked_out = stacking._worked_out(41, 1)
    stacking._kept.cache_clear()
    stacking.kept_slots()
    stacking.slots.cache_clear()
    stacking._kept.cache_clear()
    monkeypatch.setattr(stacking, "_worked_out", _refuse)  # as a new process: no search
    try:
        assert stacking.slots(41, 1) == worked_out and isinstance(worked_out[0], tuple)
        with pytest.raises(AssertionError, match="drawn"):  # control: two blocks are not in the table
            stacking.slots(41, 2)
    finally:
        stacking.slots.cache_clear()
        stacking._kept.cache_clear()
