"""The 1812 map picture: drawn from a view alone, so the enemy's stacks are markers and two
positions a viewer cannot tell apart give the same picture; legible crops around a place."""
import io
import itertools

import pytest
from PIL import Image, ImageDraw

import render
from rules import load
from rules.campaign_1812.swaptest import swapped
from render import palette as P
from render.areamap.campaign import BOX, WINTER, draw_places, frame_for, legend_items
from render.areamap.static import View
from render.frame import NotOnMap
from rules.campaign_1812 import campaign_data as data
from tests.render.golden import check_golden
from tests.rules.campaign_1812.test_data import _doc

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
    with pytest.raises(NotOnMap) as refused:
        render.check_around(view, ["99"])
    assert str(refused.value) == ("99: no place of this map; name places by number: areas 1 to 36, the sub-divided 16 "
                                  "and 21 by their sub-areas (161, 162, 211, 212), or none to draw the whole map.")
    with pytest.raises(NotOnMap, match=r"^Vilna: areas and sub-areas are named by their numbers \(Vilna is 12\)\.$"):
        render.check_around(view, ["Vilna"])
    with pytest.raises(NotOnMap, match=r"^Wilno: areas and sub-areas are named by their numbers\.$"):
        render.check_around(view, ["Wilno"])
    render.check_around(view, ["162"])  # positive control: the Borodino sub-area


def test_the_action_crop_shows_the_latest_battle():
    state = c1812.setup("campaign", 1)
    assert render.action_crop(c1812.view(state, None)) is None
    state["log"].append({"turn": 1, "place": 11, "lines": []})
    assert 540 <= Image.open(io.BytesIO(render.action_crop(c1812.view(state, None)))).width <= 550


def _label_boxes(view: dict, size: int | None) -> tuple[list, tuple[int, int]]:
    frame = frame_for([], 1, size)
    img = Image.new("RGB", frame.size)
    return draw_places(ImageDraw.Draw(img), frame, view), img.size


def _crowded_view() -> dict:
    """Every place 100 % depleted, held by both sides, with a French stack of every kind of unit
    in two-digit numbers and its leader (the optional leader rule) and a Russian marker: the most a
    place's box ever has to hold."""
    view = c1812.view(c1812.setup("campaign", 1), "french")
    for info in view["places"]:
        info["depleted"] = 100
    view["units"] = [unit for n in data.places() for unit in (
        {"side": "french", "area": n, "inf": 12, "cav": 10, "supply": 10, "depot": 10, "leader": "Napoleon"},
        {"side": "russian", "area": n, "stack": True})]
    return view


@pytest.mark.parametrize("size", [None, 550])
def test_no_label_of_the_1812_map_overlaps_another_or_leaves_the_picture(size):
    """Names, star tabs with the Victory Points, depletion tags and stacks, in every scenario's
    set-up from each side and in the most crowded view, on the whole map and at a phone's width."""
    views = [c1812.view(c1812.setup(scenario, 1), side) for scenario in ("campaign", "borodino", "retreat")
             for side in ("french", "russian", None)] + [_crowded_view()]
    for view in views:
        boxes, (width, height) = _label_boxes(view, size)
        assert len(boxes) >= len(view["places"])
        for box in boxes:
            assert 0 <= box[0] and 0 <= box[1] and box[2] <= width and box[3] <= height, box
        clashes = [(a, b) for a, b in itertools.combinations(boxes, 2)
                   if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]
        assert not clashes, clashes[:3]


def _winter_battle_state() -> dict:
    """The campaign's set-up moved on to its first winter turn: the French hold Kovno, stripped bare
    (100 % depleted), and fight for Vilna (50 %), where a French stack met the Russian one: both
    choose their Battle Plans."""
    state = c1812.setup("campaign", 1)
    state["turn"], state["player"], state["phase"] = 10, "french", "combat"
    state["control"]["11"] = "french"
    del state["stacks"]["russian"]["11"]
    state["depleted"].update({"11": 100, "12": 50})
    state["stacks"]["french"]["12"] = state["stacks"]["french"].pop("32")
    state["battle"] = {"place": 12, "attacker": "french", "defender": "russian", "stage": "plans",
                       "plans": {"french": None, "russian": None}, "withdraw": {"french": None, "russian": None},
                       "codes": [], "double": [], "retreats": [], "lines": []}
    return state


def test_golden_1812_map_french_view_in_winter():
    """The whole map as the French see it: their stacks in full, the Russians' as markers, control,
    depletion tabs, Victory Points, the battle's box, the winter border and turn track."""
    check_golden("c1812_winter_french", render.snapshot(c1812.view(_winter_battle_state(), "french")))


def test_golden_1812_battle_crop_russian_view_at_a_phone_s_width():
    check_golden("c1812_crop_12_russian",
                 render.snapshot(c1812.view(_winter_battle_state(), "russian"), around=[12], size=550))


def test_a_crop_without_a_size_is_a_thousand_pixels_wide_at_most_three_times_the_scale_and_kept_on_the_frame():
    """`kolocha map --around`: the places within the radius, PAD frame units round them, cut to the
    map's frame, 1000 px wide unless that is more than three times the frame."""
    assert frame_for([12], 1, None) == View((120, 170, 610, 500), 2.04)  # 490 frame units, 1000 px
    assert frame_for([1], 1, None) == View((360, 0, 720, 210), 2.77)  # 1000 / 360 = 2.778: floored, 997 px
    assert frame_for([30], 0, None) == View((0, 230, 130, 370), 3.0)  # East Prussia, on the west edge
    assert frame_for([1], 0, None).box == (490, 0, 630, 110)  # St Petersburg, on the north edge
    assert frame_for([35], 0, None).box == (890, 150, 1000, 290)  # Vladimir, on the east edge


def _strip_texts(view: dict, monkeypatch) -> list[str]:
    """The texts drawn on the picture of `view`, in the order drawn (the map's, then the title strip's)."""
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    render.snapshot(view, size=1700)  # wide enough for the facts on one line
    return drawn


def test_the_title_strip_names_the_public_view_and_a_game_that_asks_nothing_has_no_prompt_line(monkeypatch):
    state = c1812.setup("campaign", 1)
    state["phase"] = "over"
    view = c1812.view(state, None)
    assert view["prompt"] is None
    drawn = _strip_texts(view, monkeypatch)
    facts = "Game-Turn 1 of 13, June II 1812  ·  Game over  ·  French VP 0, index 0, 22 to win  ·  Public view"
    assert drawn[drawn.index(facts) + 1] == "T1"  # the turn track follows at once


def test_the_title_strip_names_the_phase_as_the_headline_does_whose_player_turn_first(monkeypatch):
    """The strip read '... June II 1812  ·  Attrition  ·  French VP 0 ...' above the text's headline
    'Game-Turn 1 of 13 | June II 1812 | Attrition Phase | French player' (seen on simcord); it now names
    the phase as the headline and Borodino's picture ('French Combat Phase') do."""
    view = dict(c1812.view(c1812.setup("campaign", 1), None), phase="Attrition", player="french",
                to_move=["russian"])
    facts = "Game-Turn 1 of 13, June II 1812  ·  French Attrition Phase  ·  French VP 0, index 0, 22 to win"
    assert facts in _strip_texts(view, monkeypatch)
    view = dict(view, phase="Movement Phase", player="russian", to_move=["russian"])
    assert any("  ·  Russian Movement Phase  ·  " in line for line in _strip_texts(view, monkeypatch))


def test_a_game_that_is_over_names_its_winner_and_level_in_the_title_strip(monkeypatch):
    """rules/campaign_1812/victory.py: the French total against the levels of victory, or the Grande Armee
    gone; the strip says who won and how, as the game's last line does."""
    state = c1812.setup("campaign", 1)
    state["phase"], state["outcome"] = "over", {"winner": "russian", "level": "decisive",
                                                "reason": "the Grande Armee has no corps left"}
    drawn = _strip_texts(c1812.view(state, None), monkeypatch)
    assert [line for line in drawn if "Game over" in line] == [
        "Game-Turn 1 of 13, June II 1812  ·  Game over: Russian decisive victory"]


def _winter_pixels(state: dict) -> int:
    """The picture's pixels of the winter blue (the PNG's palette holds it within a step or two)."""
    image = Image.open(io.BytesIO(render.snapshot(c1812.view(state, "french")))).convert("RGB")
    return sum(n for n, colour in image.getcolors(1 << 21) if max(abs(a - b) for a, b in zip(colour, WINTER)) <= 3)


def test_the_turn_track_marks_the_winter_turns_of_the_game_s_own_tables():
    """A player's tables (`--tables`) may set other winter turns: the track shows those the game plays."""
    own = _doc("tables.toml")
    own["turns"]["winter"] = [12, 13]
    shipped, two = c1812.setup("campaign", 1), c1812.setup("campaign", 1, {"tables": own})
    assert c1812.view(two, "french")["winter_turns"] == [12, 13]
    assert _winter_pixels(two) < _winter_pixels(shipped)
    assert _winter_pixels(two) > _winter_pixels({**two, "tables": {**own, "turns": {**own["turns"], "winter": []}}})


def test_the_legend_shows_a_fort_as_the_star_the_map_draws_on_its_tab():
    """Victory places carry a star tab on the map: the legend's entry is a star, not a square of its colour."""
    icon = dict((words, icon) for icon, words in legend_items({}))["fort 1 VP; Kiev 3, capitals 5"]
    img = Image.new("RGB", (40, 40), (255, 255, 255))
    icon(img, ImageDraw.Draw(img), (0, 0, 39, 39))
    assert img.getpixel((20, 22)) == P.STAR and img.getpixel((1, 1)) == (255, 255, 255)


def test_the_legend_names_the_colour_of_places_no_one_holds_for_points():
    """Control counts only where Victory Points are (SPI's 1812 overview, Victory Conditions): the
    other places, Zhitomir, Warsaw, Tver and thirteen more, keep the map's plain colour, which the
    legend named nowhere beside French and Russian control (seen in kolocha local, July I, with a
    French corps in Zhitomir)."""
    named = dict((words, icon) for icon, words in legend_items({}))
    img = Image.new("RGB", (40, 40), (255, 255, 255))
    named["no Victory Points"](img, ImageDraw.Draw(img), (0, 0, 39, 39))
    assert img.getpixel((20, 20)) == P.PLACE_CONTROL[None] != P.PLACE_CONTROL["french"]


def test_the_optional_leader_stands_in_his_stack_s_label_by_his_initial_for_his_side_alone(monkeypatch):
    """The optional leader rule: a leader is hidden in his stack as its corps are; his own side reads him on its
    stack's label, and the legend says whose initial it is. A game without the rule names no leader."""
    state = c1812.setup("campaign", 1, ["leaders"])
    french, russian = (c1812.view(state, side) for side in ("french", "russian"))
    assert [u["leader"] for u in french["units"] if "leader" in u] == ["Napoleon"]
    assert not any("leader" in u for u in russian["units"] if u["side"] == "french")
    drawn = _strip_texts(french, monkeypatch)
    assert "10i 2c 2s 1d N" in drawn  # East Prussia's label, alone in its place: on one line
    assert "own stacks: i infantry, c cavalry, s supply, d depots, N Napoleon; the enemy's hidden" in drawn
    plain = _strip_texts(c1812.view(c1812.setup("campaign", 1), "french"), monkeypatch)
    assert "10i 2c 2s 1d" in plain
    assert "own stacks: i infantry, c cavalry, s supply, d depots; the enemy's hidden" in plain


def test_the_public_legend_names_no_own_stacks():
    """Onlookers see every stack as a marker: their legend says so, where it explained the letters of 'own stacks'
    they have none of; the end's map, every stack face up, explains the letters of all."""
    public = c1812.view(c1812.setup("campaign", 1), None)
    assert [words for _, words in legend_items(public)][-1] == "every stack hidden to onlookers, as to the enemy"
    russian = c1812.view(c1812.setup("campaign", 1), "russian")
    face_up = {**public, "units": [u for u in russian["units"] if u["side"] == "russian"]}
    assert [words for _, words in legend_items(face_up)][-1] == "stacks: i infantry, c cavalry, s supply, d depots"
    state = c1812.setup("campaign", 1, ["leaders"])
    both = {**c1812.view(state, None), "units": [u for side in ("french", "russian")
                                                  for u in c1812.view(state, side)["units"] if u["side"] == side]}
    assert [words for _, words in legend_items(both)][-1] == (
        "stacks: i infantry, c cavalry, s supply, d depots, N Napoleon, B Barclay")
    assert [words for _, words in legend_items(c1812.view(c1812.setup("campaign", 1), "russian"))][-1] == (
        "own stacks: i infantry, c cavalry, s supply, d depots; the enemy's hidden")


def test_a_long_name_shrinks_only_as_far_as_its_box_needs_and_its_label_box_is_the_text_s():
    """St Petersburg 1, the longest name on one line, fills the upper half of its box nearly edge to edge."""
    view = c1812.view(c1812.setup("campaign", 1), "french")
    boxes, _ = _label_boxes(view, None)
    frame = frame_for([], 1, None)
    room = BOX[0] * frame.scale - 6 * frame.scale  # the box less its padding
    x0, y0, x1, y1 = boxes[0]  # the first place's name
    assert room - 8 <= x1 - x0 <= room and 12 <= y1 - y0 <= 14


def _outside_both(a: tuple[int, int], b: tuple[int, int]) -> float:
    """How much of the line from box centre `a` to box centre `b` (frame units) lies outside both boxes."""
    steps, seen = 400, 0
    for k in range(steps + 1):
        x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
        seen += not any(abs(x - c[0]) <= BOX[0] / 2 and abs(y - c[1]) <= BOX[1] / 2 for c in (a, b))
    return seen / steps * ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5


def test_the_line_joining_the_sub_areas_of_one_area_shows_between_their_boxes():
    """The legend's 'sub-areas of one area': Pinsk and Turov's boxes met corner to corner, so the line joining the
    Pripet Marshes' two halves showed as a dot (Vyazma and Borodino's as a bar); each shows 20 frame units or more."""
    places = data.places()
    pairs = [(p, places[m]) for p in places.values() for m in p.neighbours if m > p.number and places[m].area == p.area]
    assert sorted((p.number, q.number) for p, q in pairs) == [(161, 162), (211, 212)]
    for p, q in pairs:
        assert _outside_both(p.xy, q.xy) >= 20, (p.number, q.number)
