"""Bloody Monday's crops cut from whole maps kept on disk: a crop of CROP_WIDTH takes
one of a few scales and a box on a grid, so that its background is a piece of the whole map at that
scale, read from disk row by row; drawn alone, before the whole map is there, it looks the same."""
from pathlib import Path

import pytest
from PIL import Image

from render import layer_cache
from render.areamap import static
from render.areamap.graph import neighbourhood
from render.areamap.picture import CROP_WIDTH, frame_for
from render.areamap.static import GRID, SCALES, View
from rules.bloody_monday import bm_data
from tests.render.golden import differing_mask, differing_tiles

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


def test_a_crop_that_fits_a_kept_scale_exactly_takes_it():
    """Area 1 alone fits at more than MAX_SCALE, so at MAX_SCALE (3.0); with two rings of neighbours, 454 frame
    units wide, at exactly 2.2: each crop takes that scale, not the next one down."""
    assert (frame_for([1], 0, None).scale, frame_for([1], 2, None).scale) == (3.0, 2.2)


def test_a_crop_as_wide_as_the_map_keeps_its_own_scale():
    """Areas 1 and 94 lie on the map's west and east edges: no kept scale is small enough, so the crop is drawn
    at its own, 1000 px wide."""
    frame = frame_for([1, 94], 0, None)
    assert (frame.box[0], frame.box[2], frame.scale) == (0, 1000, 1.0)


def test_a_phone_s_crop_at_the_map_s_edge_starts_at_the_edge():
    """Area 1 lies in the map's north-west corner and area 2 on its west edge: their crops show the edge."""
    assert frame_for([1], 0, 550).box[:2] == (0, 0) and frame_for([2], 0, 550).box[0] == 0


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
    for top, bottom in ((0, 1), (0, image.height), (image.height - 1, image.height)):  # the first row, the last
        rows = layer_cache.rows("demo", top, bottom)
        assert rows is not None and rows.tobytes() == image.crop((0, top, image.width, bottom)).tobytes()
    assert all(layer_cache.rows("demo", top, bottom) is None
               for top, bottom in ((-1, 5), (5, 5), (6, 5), (0, image.height + 1)))


def test_rows_read_from_disk_read_those_rows_alone(tmp_path, monkeypatch):
    """A crop of the largest layer reads its few megabytes, never the whole file."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    layer_cache.layer("demo", lambda: (Image.radial_gradient("L").convert("RGB"), None))
    read: list[int] = []
    opened = Path.open

    class Counted:
        def __init__(self, file):
            self.file = file

        def __enter__(self):
            return self

        def __exit__(self, *failure):
            self.file.close()

        def seek(self, offset):
            return self.file.seek(offset)

        def read(self, size=-1):
            data = self.file.read(size)
            read.append(len(data))
            return data
    monkeypatch.setattr(Path, "open", lambda self, mode="r", *args, **kw: (
        Counted(opened(self, mode, *args, **kw)) if "b" in mode else opened(self, mode, *args, **kw)))
    assert layer_cache.rows("demo", 100, 130) is not None
    assert read == [30 * 256 * 3]


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


def test_the_whole_maps_missing_on_disk_are_drawn_and_no_other(tmp_path, monkeypatch):
    """render.keep_layers asks which scales are missing and draws only those (each takes seconds)."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    monkeypatch.setattr(static, "SCALES", (1.1, 1.3))
    drawn: list[float] = []

    def draw(view):
        drawn.append(view.scale)
        return Image.new("RGB", (4, 4))
    monkeypatch.setattr(static, "_draw_static", draw)
    layer_cache.layer(static.name_of(View(static.full_box(), 1.1)), lambda: (Image.new("RGB", (4, 4)), None))
    assert static.missing_scales() == [1.3]
    static.whole_layers()
    assert drawn == [1.3] and static.missing_scales() == []
    assert layer_cache.kept(static.name_of(View(static.full_box(), 1.3)))
    static.whole_layers()
    assert drawn == [1.3]


def test_crops_drawn_alone_are_the_whole_map_there_across_the_map_and_at_every_area_s_edges(monkeypatch):
    """A crop draws only the areas whose drawing reaches into it (polygon, circle, star, name): tiled
    over the whole map, and cutting a few units into each area from each side, every crop drawn
    alone shows what the whole map shows there (an area left out would leave paper)."""
    monkeypatch.setattr(static, "SCALES", (0.5,))  # small and quick; with corners on whole pixels, cuttable,
    monkeypatch.setattr(static, "GRID", 2)  # so that the textures line up with the whole map's
    monkeypatch.setattr(static, "_lines", lambda d, view: None)  # the lines over every area are drawn whatever
    monkeypatch.setattr(static, "kolocha_sides", lambda: ())  # the crop, and round a pixel aside at its edge
    whole = static._draw_static(View(static.full_box(), 0.5))

    def same(box: tuple[int, int, int, int]) -> bool:
        box = tuple(v - v % 2 for v in box)  # whole pixels at 0.5
        alone = static._draw_static(View(box, 0.5))
        return not differing_tiles(alone, whole.crop(tuple(v // 2 for v in box)))
    assert all(same((x, y, x + 200, y + 200)) for x in range(0, 1000, 200) for y in range(0, 1400, 200))
    for a in bm_data.areas().values():
        xs, ys = [x for x, _ in a.polygon], [y for _, y in a.polygon]
        x0, y0, x1, y1 = max(0, min(xs) - 60), max(0, min(ys) - 60), min(1000, max(xs) + 60), min(1400, max(ys) + 60)
        cuts = {"west": (x0, y0, min(xs) + 6, y1), "north": (x0, y0, x1, min(ys) + 6),
                "east": (max(xs) - 6, y0, x1, y1), "south": (x0, max(ys) - 6, x1, y1)}  # 6 units into the area
        for side, box in cuts.items():
            assert same(box), (a.number, side, box)
