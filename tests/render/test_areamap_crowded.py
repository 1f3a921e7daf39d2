"""A crowded area's blocks stay legible: listed at LEGIBLE size in a panel beside the
area with a leader line, clear of every other block and number circle; the battle's hit count
never covers a block."""
import itertools

import pytest

from render import action_crop
from render.areamap import callouts
from render.areamap.picture import FULL_SCALE, frame_for
from render.areamap.play import arrangement, hits_disc
from render.areamap.stacking import GAP, anchor, slots
from render.areamap.static import View, keep_out
from rules.bloody_monday import bm_data
from tests.render.bm_views import crowded_view, first_impulse_view, seen_by
from tests.render.golden import check_golden

FULL = View((0, 0, 1000, 1400), FULL_SCALE)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_five_blocks_in_borodino_are_listed_beside_it_at_a_legible_size():
    view = seen_by(crowded_view(), "french")
    assert sum(u["area"] == 41 for u in view["units"]) == 5 and callouts.crowded(41, 5)
    placed, panels = arrangement(view, FULL)
    assert [p.number for p in panels] == [41]
    listed = [box for u, box in placed if u["area"] == 41]
    assert all(x1 - x0 >= callouts.LEGIBLE * FULL.scale - 1 for x0, _, x1, _ in listed)
    panel = FULL.px_box(panels[0].box)
    assert all(panel[0] <= b[0] and panel[1] <= b[1] and b[2] <= panel[2] and b[3] <= panel[3] for b in listed)
    _, dot = panels[0].leader
    assert dot == anchor(bm_data.areas()[41])


def test_no_block_or_panel_covers_another_block_or_a_number_circle():
    for view, frame in ((crowded_view(), FULL), (crowded_view(), frame_for([41], 0, 550))):
        placed, panels = arrangement(seen_by(view, "french"), frame)
        boxes = [box for _, box in placed]
        assert not any(_overlap(a, b) for a, b in itertools.combinations(boxes, 2))
        circles = [frame.px_box(keep_out(a)[0]) for a in bm_data.areas().values()]
        for box in boxes + [frame.px_box(p.box) for p in panels]:
            assert not any(_overlap(box, c) for c in circles), box


def test_three_blocks_that_fit_stay_in_their_area():
    """Positive control: the first impulse's three blocks in Borodino fit at a legible size."""
    view = seen_by(first_impulse_view(), "french")
    assert sum(u["area"] == 41 for u in view["units"]) == 3 and not callouts.crowded(41, 3)
    assert arrangement(view, FULL)[1] == []


def test_the_panels_are_the_same_whoever_looks():
    """Where a panel stands depends on how many blocks stand where, which every side sees."""
    views = [seen_by(crowded_view(), viewer) for viewer in (None, "french", "russian")]
    assert len({tuple(arrangement(v, FULL)[1]) for v in views}) == 1


def test_the_hit_count_never_covers_a_block():
    for view in (crowded_view(), first_impulse_view()):
        frame = frame_for([41], 0, 550)
        placed, panels = arrangement(seen_by(view, "french"), frame)
        blocks = [box for _, box in placed] + [frame.px_box(p.box) for p in panels]
        disc = hits_disc(frame.px(bm_data.areas()[41].centre), frame.scale, blocks)
        assert not any(_overlap(disc, b) for b in blocks)


def test_the_hit_count_moves_off_a_block_standing_where_it_would_go():
    centre, scale = (100.0, 100.0), 1.0
    usual = hits_disc(centre, scale, [])
    block = (round(usual[0]) - 2, round(usual[1]) - 2, round(usual[2]) + 2, round(usual[3]) + 2)
    moved = hits_disc(centre, scale, [block])
    assert moved != usual and not _overlap(moved, block)


def test_golden_crowded_borodino_at_a_phone_s_width():
    check_golden("bm_crowded_41_french", action_crop(seen_by(crowded_view(), "french")))


def test_ten_blocks_in_borodino_are_listed_in_rows_of_two_each_a_legible_square_inside_the_panel():
    """A panel too wide for one row near its area lists the blocks in rows, west to east, then
    north to south, each block a full LEGIBLE square, apart from the others."""
    (panel,) = callouts.place({41: 10}, (0, 0, 1000, 1400))
    x0, y0, x1, y1 = panel.box
    step = callouts.LISTED + 4  # a block and the gap to the next
    assert x1 - x0 == 2 * callouts.LISTED + 4 + 2 * callouts.PAD
    assert panel.slots == tuple((x0 + callouts.PAD + col * step, y0 + callouts.PAD + row * step,
                                 x0 + callouts.PAD + col * step + callouts.LISTED,
                                 y0 + callouts.PAD + row * step + callouts.LISTED)
                                for row in range(5) for col in range(2))
    assert panel.slots[-1][3] == y1 - callouts.PAD


def test_a_panel_s_leader_line_runs_from_its_edge_facing_the_area_to_the_area_s_dot():
    """Panels beside their area, level with its dot, straight below it, across its corners, and one over
    its own area, whose line is then a point: the line starts on the panel's edge, on the way from its
    middle to the dot."""
    for number, count in ((1, 8), (2, 7), (2, 9), (6, 10), (11, 5), (41, 10), (20, 5)):
        (panel,) = callouts.place({number: count}, (0, 0, 1000, 1400))
        (ex, ey), (ax, ay) = panel.leader
        x0, y0, x1, y1 = panel.box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        assert (ax, ay) == anchor(bm_data.areas()[number])
        if x0 <= ax <= x1 and y0 <= ay <= y1:
            assert (ex, ey) == (ax, ay), number
            continue
        on_side = (min(abs(ex - x0), abs(ex - x1)) < 1e-9 and y0 <= ey <= y1) or \
            (min(abs(ey - y0), abs(ey - y1)) < 1e-9 and x0 <= ex <= x1)
        towards = abs((ex - cx) * (ay - cy) - (ey - cy) * (ax - cx)) < 1e-6 and (ex - cx) * (ax - cx) >= 0 \
            and (ey - cy) * (ay - cy) >= 0
        assert on_side and towards, (number, panel.box, panel.leader)


@pytest.mark.parametrize("number, count", [(110, 8), (109, 10), (12, 6), (27, 7), (92, 7), (25, 5)])
def test_a_panel_far_from_the_north_west_keeps_clear_of_neighbours_blocks_circles_stars_and_names(number, count):
    """In the south-west and south-east corners, on the east edge and on the south edge (frame units up to
    1000 x 1400) as near the map's origin: a crowded area, two blocks in each of its neighbours; the panel
    keeps GAP from every block, number circle, star and name (there is room for that here)."""
    counts = {number: count, **{n: 2 for n in bm_data.areas()[number].neighbours}}
    (panel,) = callouts.place(counts, (0, 0, 1000, 1400))
    assert panel.number == number
    blocks = [b for n, c in counts.items() if n != number for b in slots(n, c)]
    marks = [b for a in bm_data.areas().values() for b in keep_out(a)]  # number circles, stars and names
    x0, y0, x1, y1 = panel.box
    assert not [b for b in blocks + marks if _overlap((x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP), b)]


def test_a_panel_takes_the_nearest_free_spot_first_clockwise_from_east_and_the_narrowest_shape_that_fits_there():
    """Shapes of two columns, of three, or of all the blocks in one row; the spots tried outwards from
    the area, each ring from east round by south."""
    where = {(n, c): tuple(round(v) for v in callouts.place({n: c}, (0, 0, 1000, 1400))[0].box)
             for n, c in ((1, 8), (2, 7), (6, 10), (11, 5), (41, 10), (20, 5))}
    assert where == {(1, 8): (10, 84, 222, 114), (2, 7): (77, 104, 133, 212), (6, 10): (82, 519, 164, 627),
                     (11, 5): (6, 1253, 88, 1309), (41, 10): (320, 202, 376, 336), (20, 5): (84, 672, 218, 702)}


def test_three_blocks_too_small_in_their_area_are_listed_and_a_crop_s_panel_stands_anywhere_inside_the_crop():
    assert callouts.crowded(108, 3) and not callouts.crowded(108, 2)  # two blocks always stay in their area
    assert [p.number for p in callouts.place({108: 3}, (0, 0, 1000, 1400))] == [108]
    whole = callouts.place({20: 5}, (0, 0, 1000, 1400))
    assert callouts.place({20: 5}, (0, 300, 1000, 1400)) == whole  # a crop of the south half: west of x 300 too


def test_the_panels_of_two_crowded_neighbours_stand_apart():
    panels = callouts.place({41: 10, 42: 8}, (0, 0, 1000, 1400))
    assert [p.number for p in panels] == [41, 42] and not _overlap(panels[0].box, panels[1].box)
