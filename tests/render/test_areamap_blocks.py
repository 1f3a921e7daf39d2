"""Blocks stand inside their area, never on each other nor on the number circle, even fully stacked."""
import itertools

from render import palette as P
from render.areamap.blocks import Face, face_of, sprite
from render.areamap.play import block_boxes
from render.areamap.stacking import slots
from render.areamap.static import View, keep_out
from render.colourblind import simulate_colour
from rules.bloody_monday import bm_data
from rules.bloody_monday.bm_data import TERRAIN
from rules.bloody_monday.geometry import contains
from tests.render.bm_views import first_impulse_view, seen_by

SCALES = (View((0, 0, 1000, 1400), 1.1), View((0, 0, 1000, 1400), 0.45))


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _max_stack(colour: str) -> int:
    return 2 * (TERRAIN[colour].stacking + 1)  # both sides full, each with its supreme commander over


def test_slots_at_maximum_stacking_stay_inside_and_apart():
    for a in bm_data.areas().values():
        boxes = slots(a.number, _max_stack(a.colour))
        for b in boxes:
            for corner in ((b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])):
                assert contains(a.polygon, corner), (a.number, b)
        assert not any(_overlap(p, q) for p, q in itertools.combinations(boxes, 2)), a.number


def test_slots_leave_the_number_circle_free_when_there_is_room():
    for a in bm_data.areas().values():
        boxes = slots(a.number, TERRAIN[a.colour].stacking)
        assert not any(_overlap(b, k) for b in boxes for k in keep_out(a)), a.number


def test_pixel_boxes_never_overlap_at_maximum_stacking():
    units = [{"side": side, "area": a.number, "revealed": False}
             for a in bm_data.areas().values() for side in ("french", "russian")
             for _ in range(_max_stack(a.colour) // 2)]
    for frame in SCALES:
        placed = block_boxes({"units": units, "viewer": None}, frame)
        assert len(placed) == len(units)
        by_area: dict[int, list] = {}
        for u, box in placed:
            by_area.setdefault(u["area"], []).append(box)
        for n, boxes in by_area.items():
            assert not any(_overlap(p, q) for p, q in itertools.combinations(boxes, 2)), (n, frame.scale)


def test_hidden_blocks_share_one_face():
    view = seen_by(first_impulse_view(), "french")
    faces = {face_of(u, "french") for u in view["units"] if u["side"] == "russian" and not u.get("revealed")}
    assert faces == {Face("russian")}


def test_sides_stay_apart_for_deuteranopes():
    f, r = (simulate_colour(P.BLOCK[s]["fill"]) for s in ("french", "russian"))
    assert sum(abs(a - b) for a, b in zip(f, r)) > 120
    assert sprite(Face("french"), 30).size == (30, 30)
