"""The window of an area map: the places within so many steps of those named, and the sentence
for a crop round no place of the map."""
import pytest

from render.areamap.graph import neighbourhood
from render.frame import NotOnMap

LINE = {1: [2], 2: [1, 3], 3: [2, 4], 4: [3, 5], 5: [4]}  # five places in a row


def test_the_window_grows_a_step_of_neighbours_at_a_time():
    assert neighbourhood(LINE, [3], 0, "1 to 5") == {3}
    assert neighbourhood(LINE, [3], 1, "1 to 5") == {2, 3, 4}
    assert neighbourhood(LINE, [3], 2, "1 to 5") == {1, 2, 3, 4, 5}
    assert neighbourhood(LINE, [1, 5], 1, "1 to 5") == {1, 2, 4, 5}
    assert neighbourhood(LINE, [1], 9, "1 to 5") == set(LINE)


def test_places_not_on_the_map_are_left_out_of_the_window():
    assert neighbourhood(LINE, [9, 1], 1, "1 to 5") == {1, 2}


def test_a_crop_round_no_place_of_the_map_is_refused_in_words():
    with pytest.raises(NotOnMap) as refused:
        neighbourhood(LINE, [9, 12], 1, "1 to 5", "area")
    assert str(refused.value) == "9, 12: no area of this map; name 1 to 5, or none to draw the whole map."
    with pytest.raises(NotOnMap, match="^0: no place of this map; name 1 to 5, or none"):
        neighbourhood(LINE, [0], 0, "1 to 5")
