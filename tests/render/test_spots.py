"""Where a label goes (render/hexmap/spots.py): the first spot inside the picture that covers
nothing, else the one covering least, what it covers weighed by how much it matters."""
from render.hexmap.spots import Grid, best_spot, near, overlap_area

PICTURE = (0, 0, 100, 50)  # wider than tall


def test_a_spot_touching_the_picture_s_edges_is_inside_it():
    assert best_spot([(0, 0, 30, 20)], [], PICTURE) == (0, 0, 30, 20)
    assert best_spot([(70, 30, 100, 50)], [], PICTURE) == (70, 30, 100, 50)


def test_a_spot_past_the_picture_s_edge_is_passed_over_for_the_next():
    """The first spot runs off the right of the picture (though not below its height): the next is taken."""
    assert best_spot([(60, 0, 101, 20), (40, 0, 70, 20)], [], PICTURE) == (40, 0, 70, 20)
    assert best_spot([(0, -1, 30, 20), (0, 1, 30, 21)], [], PICTURE) == (0, 1, 30, 21)


def test_no_spot_inside_the_picture_is_none():
    assert best_spot([(-5, 0, 20, 20), (90, 40, 110, 60)], [], PICTURE) is None


def test_the_first_clear_spot_wins_over_one_covering_a_single_pixel():
    taken = [(10, 10, 11, 11)]  # one pixel of the first spot
    assert best_spot([(0, 0, 20, 20), (50, 0, 70, 20)], [(taken, 1.0)], PICTURE) == (50, 0, 70, 20)


def test_with_no_clear_spot_the_least_covered_wins_and_the_first_of_equals():
    taken = [(10, 10, 12, 12), (60, 10, 61, 11), (85, 10, 86, 11)]
    spots = [(0, 0, 20, 20), (50, 0, 70, 20), (80, 0, 95, 20)]
    assert best_spot(spots, [(taken, 1.0)], PICTURE) == (50, 0, 70, 20)


def test_covering_is_weighed():
    """Two pixels of an arrow (weight 1) cost less than one of a counter (weight 20)."""
    counter, arrow = [(10, 10, 11, 11)], [(60, 10, 62, 11)]
    spots = [(0, 0, 20, 20), (50, 0, 70, 20)]
    assert best_spot(spots, [(counter, 20.0), (arrow, 1.0)], PICTURE) == (50, 0, 70, 20)


def test_boxes_apart_or_touching_overlap_by_nothing():
    assert overlap_area((0, 0, 10, 10), (20, 20, 30, 30)) == 0
    assert overlap_area((0, 0, 10, 10), (10, 0, 20, 10)) == 0
    assert overlap_area((0, 0, 10, 10), (5, 8, 20, 30)) == 10


def test_near_is_what_overlaps_the_span():
    """Beside it in its row or its column, or touching its edge, is not near."""
    span = (10, 10, 20, 20)
    beside = [(30, 12, 40, 18), (12, 30, 18, 40), (20, 10, 30, 20), (10, 0, 20, 10)]
    over = [(15, 15, 25, 25), (0, 0, 11, 11)]
    assert near(beside + over, span) == over


def test_a_grid_finds_what_a_box_meets_as_a_plain_search_does():
    """Boxes filed by cell: what a box meets, and the area covered, are the plain list's, each box
    once however many cells it spans."""
    boxes = [(0, 0, 30, 20), (25, 15, 80, 40), (90, 90, 95, 95), (5, 5, 8, 8)]
    grid = Grid(boxes, 10)
    for probe in [(0, 0, 100, 100), (20, 10, 30, 18), (60, 60, 89, 89), (-5, -5, 1, 1)]:
        assert sorted(grid.near(probe)) == sorted(near(boxes, probe))
        assert grid.covered(probe) == sum(overlap_area(probe, b) for b in boxes)
