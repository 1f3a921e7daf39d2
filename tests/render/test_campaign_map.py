"""The 1812 map picture (issue 14.5): drawn from a view alone, so the enemy's stacks are markers and two
positions a viewer cannot tell apart give the same picture; legible crops around a place."""
import io

import pytest
from PIL import Image

import render
from rules import load
from rules.campaign_1812.swaptest import swapped
from render.frame import NotOnMap

c1812 = load("campaign_1812")


def test_the_whole_map_and_a_phone_crop_are_drawn():
    state = c1812.setup("borodino", 1)
    whole = Image.open(io.BytesIO(render.snapshot(c1812.view(state, "french"))))
    crop = Image.open(io.BytesIO(render.snapshot(c1812.view(state, None), around=[161], size=550)))
    assert whole.width == 1100 and 540 <= crop.width <= 550  # "the picture's width in pixels (at most)"


def test_a_swap_of_hidden_stacks_gives_the_same_picture_and_the_owner_sees_the_difference():
    state = c1812.setup("campaign", 1)
    other = swapped(state, "french", 30, 31)
    assert render.snapshot(c1812.view(state, "russian")) == render.snapshot(c1812.view(other, "russian"))
    assert render.snapshot(c1812.view(state, "french")) != render.snapshot(c1812.view(other, "french"))


def test_a_crop_around_no_place_is_refused_in_words():
    view = c1812.view(c1812.setup("campaign", 1), None)
    with pytest.raises(NotOnMap, match="no place of this map"):
        render.check_around(view, ["99"])
    render.check_around(view, ["162"])  # positive control: the Borodino sub-area


def test_the_action_crop_shows_the_latest_battle():
    state = c1812.setup("campaign", 1)
    assert render.action_crop(c1812.view(state, None)) is None
    state["log"].append({"turn": 1, "place": 11, "lines": []})
    assert 540 <= Image.open(io.BytesIO(render.action_crop(c1812.view(state, None)))).width <= 550
