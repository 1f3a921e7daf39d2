"""render/layer_cache.py: a static layer drawn once is read back by a later process pixel for
pixel; other code or a damaged file draws anew; an unwritable folder only costs the time."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from render import layer_cache
from render.hexmap import terrain


def drawn(calls: list):
    def draw():
        calls.append(1)
        return Image.new("RGB", (30, 20), (200, 10, 10)), {"boxes": [[1, 2, 3, 4]]}
    return draw


def test_a_layer_is_drawn_once_and_read_back_by_the_next_process(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    calls: list = []
    first = layer_cache.layer("demo", drawn(calls))
    again = layer_cache.layer("demo", drawn(calls))
    assert calls == [1] and again[1] == first[1] == {"boxes": [[1, 2, 3, 4]]}
    assert ImageChops.difference(first[0], again[0]).getbbox() is None


def test_the_borodino_terrain_from_disk_equals_the_drawn_one(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    terrain.static_layer.cache_clear()
    drawn_now = terrain.static_layer(9)
    terrain.static_layer.cache_clear()  # as a new process would start
    read_back = terrain.static_layer(9)
    assert read_back.labels == drawn_now.labels and read_back.layout == drawn_now.layout
    assert ImageChops.difference(drawn_now.image, read_back.image).getbbox() is None
    assert [p.suffix for p in sorted(tmp_path.iterdir())] == [".json", ".rgb"]


def test_other_code_misses_the_cache_and_replaces_the_old_layer(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    calls: list = []
    layer_cache.layer("demo", drawn(calls))
    monkeypatch.setattr(layer_cache, "fingerprint", lambda: "0123456789abcdef")
    layer_cache.layer("demo", drawn(calls))
    assert calls == [1, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo-0123456789abcdef.json",
                                                          "demo-0123456789abcdef.rgb"]


def test_a_layer_named_as_the_maps_name_theirs_is_replaced_with_what_an_old_write_left(tmp_path, monkeypatch):
    """Names hold dashes and dots ("areamap-0-0-1000-1400-1.1", "borodino-r28"); the files of the
    same layer drawn by older code go, and so does a temporary file an older write left behind;
    files of no layer stay."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    calls: list = []
    for name in ("areamap-0-0-10-10-1.1", "borodino-r28"):
        layer_cache.layer(name, drawn(calls))
        (tmp_path / f"{name}-{layer_cache.fingerprint()}.rgb.4242").write_bytes(b"cut short")
    foreign = ["borodino-r28-notes.txt", "borodino-r28-abc.rgb", "borodino-r28-XXXXXXXXXXXXXXXX.rgb"]
    for name in foreign:  # no layer's file: the last part is no fingerprint
        (tmp_path / name).write_text("someone else's")
    monkeypatch.setattr(layer_cache, "fingerprint", lambda: "0123456789abcdef")
    layer_cache.layer("areamap-0-0-10-10-1.1", drawn(calls))
    layer_cache.layer("borodino-r28", drawn(calls))
    assert calls == [1, 1, 1, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([
        "areamap-0-0-10-10-1.1-0123456789abcdef.json", "areamap-0-0-10-10-1.1-0123456789abcdef.rgb",
        "borodino-r28-0123456789abcdef.json", "borodino-r28-0123456789abcdef.rgb", *foreign])


def test_a_new_store_of_held_layers_holds_nothing_and_counts_what_it_is_given():
    held = layer_cache._Held()
    assert held.bytes == 0 and held.get(("a",)) == (False, None)
    picture = Image.new("L", (10, 10))
    held.put(("a",), picture)
    assert held.get(("a",)) == (True, picture) and held.bytes == 100
    held.clear(picture)  # a function not holding it: nothing let go
    assert held.bytes == 100


def test_a_damaged_note_is_drawn_anew(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    calls: list = []
    layer_cache.layer("demo", drawn(calls))
    next(tmp_path.glob("*.json")).write_text("{not json")
    image, _ = layer_cache.layer("demo", drawn(calls))
    assert calls == [1, 1] and image.size == (30, 20)


def test_an_unwritable_folder_only_costs_the_drawing(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("KOLOCHA_CACHE", str(blocked))
    calls: list = []
    assert layer_cache.layer("demo", drawn(calls))[0].size == (30, 20)
    assert layer_cache.layer("demo", drawn(calls))[0].size == (30, 20) and calls == [1, 1]


def test_warming_draws_each_view_whole_and_cropped_around_its_first_unit(monkeypatch):
    """...and, for Borodino, the whole layers at the default scales with the view's counters at a
    crop's size (render.hexmap.picture.warm_layers): a crop at another scale draws only its window;
    each first keeps on disk the whole layers its pictures start from (render.keep_layers)."""
    import render

    drawn_views: list = []
    monkeypatch.setattr(render, "snapshot", lambda view, **kw: drawn_views.append((view["system"], kw)))
    monkeypatch.setattr(render, "warm_layers", lambda view: drawn_views.append((view["system"], "layers")))
    monkeypatch.setattr(render, "keep_layers", lambda system: drawn_views.append((system, "kept")))
    render.warm([{"system": "borodino", "units": [{"hex": "3225"}, {"hex": "3224"}]},
                 {"system": "bloody_monday", "units": [{"side": "french", "area": 8}]}])
    assert drawn_views == [("borodino", "kept"), ("borodino", {}), ("borodino", {"around": ["3225"]}),
                           ("borodino", "layers"), ("bloody_monday", "kept"), ("bloody_monday", {}),
                           ("bloody_monday", {"around": [8]})]
    drawn_views.clear()
    render.warm([{"system": "campaign_1812"}])  # a view of no units: the whole map, and a crop around none
    assert drawn_views == [("campaign_1812", "kept"), ("campaign_1812", {}), ("campaign_1812", {"around": []})]


def test_names_with_dots_keep_their_fingerprint_and_stay_apart(tmp_path, monkeypatch):
    """A Bloody Monday layer's name holds its scale ("...-1.1"): the scales 1.1 and 1.15 are two
    layers, and each file carries the fingerprint (a file without it would outlive a changed renderer)."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    calls: list = []
    layer_cache.layer("areamap-0-0-10-10-1.1", drawn(calls))
    other = layer_cache.layer("areamap-0-0-10-10-1.15", lambda: (Image.new("RGB", (5, 5)), None))
    again = layer_cache.layer("areamap-0-0-10-10-1.1", drawn(calls))
    assert calls == [1] and other[0].size == (5, 5) and again[0].size == (30, 20)
    fingerprint = layer_cache.fingerprint()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"areamap-0-0-10-10-1.1-{fingerprint}.json", f"areamap-0-0-10-10-1.1-{fingerprint}.rgb",
        f"areamap-0-0-10-10-1.15-{fingerprint}.json", f"areamap-0-0-10-10-1.15-{fingerprint}.rgb"]


def test_the_layers_held_in_memory_stay_within_their_bytes(monkeypatch):
    """Held layers share HELD_BYTES: past it the least recently used is let go (and made again
    when next asked for); a layer larger than the budget alone is still held."""
    monkeypatch.setattr(layer_cache, "HELD_BYTES", 3 * 100 * 100 * 4)
    made: list[int] = []

    @layer_cache.held
    def square(n: int) -> Image.Image:
        made.append(n)
        return Image.new("RGB", (100, 100), (n, 0, 0))

    layer_cache.HELD_BYTES, budget = 0, layer_cache.HELD_BYTES  # let go whatever other tests held
    square(0)
    layer_cache.HELD_BYTES = budget
    made.clear()
    try:
        for n in (1, 2, 3, 1, 4, 1, 2):
            assert square(n).getpixel((0, 0)) == (n, 0, 0)
            assert layer_cache.held_bytes() <= layer_cache.HELD_BYTES
        assert made == [1, 2, 3, 4, 2] and layer_cache.held_bytes() == budget  # 1 was used again before 4: 2 went
        assert layer_cache.pixel_bytes((Image.new("L", (10, 10)), [Image.new("RGB", (10, 10))])) == 100 + 400
        monkeypatch.setattr(layer_cache, "HELD_BYTES", 10)
        assert square(5).getpixel((0, 0)) == (5, 0, 0) and layer_cache.held_bytes() == 100 * 100 * 4
    finally:
        square.cache_clear()
    assert layer_cache.held_bytes() == 0
    square(1)
    assert made[-1] == 1  # let go: made again
    square.cache_clear()


def test_the_layers_a_system_starts_from_are_made_apart_only_while_one_is_missing(tmp_path, monkeypatch):
    """render.keep_layers: Bloody Monday's whole maps at its crop scales and its blocks' slots, Borodino's
    layers at the whole map's and a crop's hex sizes, with the east edge's exit zone and without, each made
    by a process of its own while any is missing; the 1812 map keeps none."""
    import render
    from render.areamap import stacking, static

    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    made: list[str] = []
    monkeypatch.setattr(render, "_apart", made.append)
    for system in ("bloody_monday", "borodino", None, "campaign_1812"):
        render.keep_layers(system)
    bloody_monday = "from render.areamap import stacking, static; static.whole_layers(); stacking.kept_slots()"
    borodino = ("from render.hexmap import terrain; terrain.static_layer(28, True); terrain.static_layer(28, False); "
                "terrain.static_layer(42, True); terrain.static_layer(42, False)")
    assert made == [bloody_monday, borodino, borodino]
    layers = [static.name_of(static.View(static.full_box(), scale)) for scale in static.SCALES]
    for name in [*layers, "borodino-r28", "borodino-r28-no-exit", "borodino-r42-no-exit"]:
        layer_cache.layer(name, lambda: (Image.new("RGB", (2, 2)), None))
    made.clear()
    for system in ("bloody_monday", "borodino"):
        render.keep_layers(system)
    assert made == [bloody_monday, borodino]  # the slots and the crop's layer still missing
    layer_cache.note(stacking.SLOTS, lambda: [])
    layer_cache.layer("borodino-r42", lambda: (Image.new("RGB", (2, 2)), None))
    made.clear()
    for system in ("bloody_monday", "borodino"):
        render.keep_layers(system)
    assert made == []
    layer_cache.path(layers[-1], ".json").unlink()  # one scale missing again
    render.keep_layers("bloody_monday")
    assert made == [bloody_monday]


def test_a_layer_made_apart_runs_in_a_process_of_its_own_and_its_failure_is_told(tmp_path):
    import subprocess

    import render

    render._apart(f"open({str(tmp_path / 'made')!r}, 'w').write('yes')")
    assert (tmp_path / "made").read_text() == "yes"
    with pytest.raises(subprocess.CalledProcessError) as failed:
        render._apart("raise SystemExit(3)")
    assert failed.value.returncode == 3


def test_a_note_is_worked_out_once_kept_on_disk_and_read_back(tmp_path, monkeypatch):
    """What costs seconds to work out but kilobytes to keep (the slots of Bloody Monday's blocks)."""
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path))
    worked: list[int] = []

    def work():
        worked.append(1)
        return {"41": [[1, 2, 3, 4]]}
    assert layer_cache.note("areamap-slots") is None and not layer_cache.kept("areamap-slots")
    assert layer_cache.note("areamap-slots", work) == {"41": [[1, 2, 3, 4]]}
    assert layer_cache.kept("areamap-slots")
    assert layer_cache.note("areamap-slots") == layer_cache.note("areamap-slots", work) == {"41": [[1, 2, 3, 4]]}
    assert worked == [1]


def test_the_pixels_of_a_held_value_are_counted_as_pillow_keeps_them():
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Drawn:
        picture: Image.Image
        count: int
    grey, grey_alpha = Image.new("L", (10, 10)), Image.new("LA", (10, 10))
    assert layer_cache.pixel_bytes(grey) == 100 and layer_cache.pixel_bytes(grey_alpha) == 400
    assert layer_cache.pixel_bytes(Drawn(grey_alpha, 3)) == 400
    assert layer_cache.pixel_bytes((grey, 5, "words", None)) == 100
    assert layer_cache.pixel_bytes(Drawn) == 0  # the class itself holds no pixels


def test_the_folder_is_kolocha_cache_else_the_xdg_cache_else_the_home_s(tmp_path, monkeypatch):
    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path / "asked"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert layer_cache.folder() == tmp_path / "asked"
    monkeypatch.delenv("KOLOCHA_CACHE")
    assert layer_cache.folder() == tmp_path / "xdg" / "kolocha"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert layer_cache.folder() == tmp_path / "home" / ".cache" / "kolocha"


def test_a_layer_is_written_under_its_process_s_temporary_names_pixels_first_in_a_folder_made_whole(
        tmp_path, monkeypatch):
    """The note that makes the pixels count is renamed into place last, each file from a name of this
    process's own (two processes drawing the same layer never write one file); the folder is made
    with its parents (a fresh machine has no ~/.cache)."""
    import os

    monkeypatch.setenv("KOLOCHA_CACHE", str(tmp_path / "cache" / "kolocha"))
    renamed: list[tuple[str, str]] = []
    replace = os.replace

    def recorded(source, target):
        renamed.append((os.path.basename(source), os.path.basename(target)))
        replace(source, target)
    monkeypatch.setattr(os, "replace", recorded)
    layer_cache.layer("borodino-r28", drawn([]))
    kept = f"borodino-r28-{layer_cache.fingerprint()}"
    assert renamed == [(f"{kept}.rgb.{os.getpid()}", f"{kept}.rgb"), (f"{kept}.json.{os.getpid()}", f"{kept}.json")]
    assert layer_cache.kept("borodino-r28")
