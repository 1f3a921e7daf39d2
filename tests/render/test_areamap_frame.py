"""The frame of the Bloody Monday map (render/areamap/frame.py): the title strip's facts in reading
order, the turn track, each player's panel at its edge."""
import pytest
from PIL import Image, ImageDraw

from render import palette as P
from render.areamap.frame import panel, status_parts, title_strip, turn_track
from render.frame import strip


@pytest.mark.parametrize(("view", "parts"), [
    ({"turn": 2, "last_turn": 4, "phase": "impulses", "to_move": "french", "viewer": "russian"},
     ["Turn 2 of 4", "Impulses Phase", "to move: French", "Russian player's view"]),
    ({"turn": 1, "last_turn": 3, "phase": "logistics", "to_move": ["french", "russian"], "viewer": None},
     ["Turn 1 of 3", "Logistics Phase", "to move: French, Russian", "Public view"]),
    ({"turn": 4, "last_turn": 4, "phase": "final", "to_move": [], "viewer": "french"},
     ["Turn 4 of 4", "Final Phase", "French player's view"]),
    ({"turn": 3, "phase": "rally"}, ["Turn 3 of 4", "Rally", "Public view"]),  # a phase not named: as it is
    ({}, ["Turn ? of 4", "Public view"]),  # a view made by hand: no empty fact
    ({"turn": 2, "viewer": "umpire"}, ["Turn 2 of 4", "Public view"]),
])
def test_the_strip_tells_the_turn_the_phase_who_is_to_move_and_whose_view_it_is(view, parts):
    assert status_parts(view) == parts


@pytest.mark.parametrize(("outcome", "said"), [
    ({"winner": "russian", "level": "victory", "reason": "..."}, "Game over: Russian victory"),
    ({"winner": "french", "level": "sudden death", "reason": "..."}, "Game over: French victory"),
    ({"winner": None, "level": "tie", "reason": "..."}, "Game over: a tie"),
    (None, "Game over"),
])
def test_the_end_of_the_game_names_the_winner_and_no_one_to_move(outcome, said):
    view = {"turn": 4, "last_turn": 4, "phase": "over", "to_move": "french", "outcome": outcome, "viewer": "french"}
    assert status_parts(view) == ["Turn 4 of 4", said, "French player's view"]


@pytest.mark.parametrize(("view", "title"), [
    ({"title": "Borodino, 7 September 1812", "scenario": "bloody_monday", "turn": 2, "phase": "impulses",
      "to_move": "russian", "prompt": "Russian: choose the area of your next impulse"},
     "Bloody Monday: Borodino, 7 September 1812"),
    ({"title": None, "scenario": "bloody_monday", "turn": 1}, "Bloody Monday: bloody_monday"),
    ({"turn": 1}, "Bloody Monday: "),  # a view made by hand: nothing made up
])
def test_the_strip_holds_the_title_the_facts_and_the_prompt_above_the_turn_track(view, title):
    got = title_strip(view, 700)
    top, track = strip(title, status_parts(view), view.get("prompt") or "", 700), turn_track(view, 700)
    assert got.size == (700, top.height + track.height)
    assert got.crop((0, 0, 700, top.height)).tobytes() == top.tobytes()
    assert got.crop((0, top.height, 700, got.height)).tobytes() == track.tobytes()


@pytest.fixture
def drawn(monkeypatch):
    """What a frame's part draws, in order: ("text", text, fill), ("box", box, fill, outline), ("paste", where)."""
    seen: list[tuple] = []
    text, rectangle, paste = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.rectangle, Image.Image.paste

    def texts(self, xy, words, fill=None, *args, **kwargs):
        seen.append(("text", words, fill))
        return text(self, xy, words, fill, *args, **kwargs)

    def boxes(self, xy, fill=None, outline=None, width=1):
        seen.append(("box", tuple(round(v) for v in xy), fill, outline))
        return rectangle(self, xy, fill, outline, width)

    def pastes(self, im, box=None, mask=None):
        seen.append(("paste", box, im.size))
        return paste(self, im, box, mask)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", texts)
    monkeypatch.setattr(ImageDraw.ImageDraw, "rectangle", boxes)
    monkeypatch.setattr(Image.Image, "paste", pastes)
    return seen


@pytest.mark.parametrize(("turn", "last"), [(1, 4), (3, 4), (2, 2)])
def test_the_turn_track_has_a_box_a_turn_and_the_marker_in_the_current_one(drawn, turn, last):
    track = turn_track({"turn": turn, "last_turn": last}, 600)
    assert [d[1] for d in drawn if d[0] == "text"] == ["Turn track"] + [str(n) for n in range(1, last + 1)]
    boxes = [d for d in drawn if d[0] == "box"]
    assert [fill for _, _, fill, _ in boxes] == [P.GUARD if n == turn else P.CLEAR for n in range(1, last + 1)]
    assert {outline for *_, outline in boxes} == {P.INK}
    lefts = [box[0] for _, box, _, _ in boxes]
    assert lefts == sorted(set(lefts)) and all(box[2] < track.width for _, box, _, _ in boxes)
    assert all(box[1] > 0 and box[3] < track.height for _, box, _, _ in boxes)  # boxes square, inside the track
    assert all(box[2] - box[0] == box[3] - box[1] for _, box, _, _ in boxes)


def test_the_turn_track_of_a_view_made_by_hand_has_four_turns_and_no_marker(drawn):
    turn_track({}, 600)
    assert [d[2] for d in drawn if d[0] == "box"] == [P.CLEAR] * 4


def _panel(drawn, side="french", width=150, height=900, text=20, **view):
    picture = panel(view, side, width, height, text)
    assert picture.size == (width, height)
    return picture, [d[1] for d in drawn if d[0] == "text"]


@pytest.mark.parametrize(("pools", "said"), [({"french": 7}, "7 blocks"), ({"french": 1}, "1 block"),
                                             ({"french": 0}, "0 blocks")])
def test_a_panel_names_its_side_and_counts_its_pool(drawn, pools, said):
    _, texts = _panel(drawn, pools=pools, morale={"french": 0})
    assert texts == ["FRENCH", "Morale", *map(str, range(10, 0, -1)), "Sudden death", "Pool", said]


def test_a_panel_without_a_pool_in_the_view_says_none(drawn):
    _, texts = _panel(drawn, side="russian", pools={"french": 3}, morale={"french": 2})
    assert texts == ["RUSSIAN", "Morale", *map(str, range(10, 0, -1)), "Sudden death"]
    assert not [d for d in drawn if d[0] == "paste"]  # no morale of its own given: none lost


@pytest.mark.parametrize("side", ["french", "russian"])
def test_a_panel_s_name_stands_in_its_side_s_colours(drawn, side):
    _panel(drawn, side=side)
    assert drawn[0] == ("box", (0, 0, 149, 32), P.BLOCK[side]["fill"], None)
    assert drawn[1] == ("text", side.upper(), P.BLOCK[side]["ink"])


def test_the_initiative_disc_stands_in_its_holder_s_panel_alone(drawn):
    held, texts = _panel(drawn, initiative="french")
    assert texts[:3] == ["FRENCH", "Initiative", "Morale"]
    drawn.clear()
    other, texts = _panel(drawn, side="russian", initiative="french")
    assert "Initiative" not in texts
    assert P.DISC in {colour for _, colour in held.getcolors(1 << 16)}
    assert P.DISC not in {colour for _, colour in other.getcolors(1 << 16)}


@pytest.mark.parametrize("lost", [0, 1, 3, 9, 10])
def test_the_morale_track_marks_each_point_lost_from_the_top_and_the_tenth_is_sudden_death(drawn, lost):
    """Ten boxes, 10 down to 1, a block of the side's colour in each point lost (the first lost at the
    top), and the sudden-death box red once all ten are lost (Bloody Monday's morale track)."""
    picture, _ = _panel(drawn, morale={"french": lost, "russian": 4})
    boxes = [d[1] for d in drawn if d[0] == "box"][1:]  # after the name's band
    tops = [box[1] for box in boxes]
    assert len(boxes) == 11 and tops == sorted(tops) and len(set(tops)) == 11
    assert all(box[0] > 0 and box[2] < picture.width and box[3] < picture.height for box in boxes)
    marks = [d[1] for d in drawn if d[0] == "paste"]
    assert [y - 2 for _, y in marks] == tops[:lost]  # a mark inside each box lost, from the top
    assert all(box[0] < x and x + size[0] <= box[2]
               for (x, _), (_, _, size), box in zip(marks, [d for d in drawn if d[0] == "paste"], boxes))
    sudden = [d for d in drawn if d[0] == "box"][-1][2]
    assert sudden == ((200, 60, 50) if lost >= 10 else P.CLEAR)
