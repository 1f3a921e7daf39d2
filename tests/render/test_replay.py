"""render/replay.py: the GIF replay shows every view as drawn, and is written a frame at a time
(a Grand Battle held every frame at once: 560 MB)."""
from __future__ import annotations

import io
import json
import weakref

import pytest
from PIL import Image, ImageChops, ImageSequence

from render import replay
from tests.render.golden import fixture_view

VIEWS = [fixture_view("start_view"), fixture_view("midgame_view"), fixture_view("midgame_view"),
         fixture_view("start_view")]


@pytest.fixture(scope="module")
def pictures() -> dict[tuple[str, int], Image.Image]:
    """Each view's picture at each width, drawn once in this module (a whole map takes a second): a
    replay draws every view twice, for the palette's sample and for its frame, and its tests here
    replay the same two views."""
    return {}


def _drawn_once(pictures: dict[tuple[str, int], Image.Image]):
    """replay._draw as it draws, each view and width drawn once and handed out as a new copy (a
    picture the replay lets go of is freed, as a drawing of its own would be)."""
    draw = replay._draw

    def once(view: dict, size: int) -> Image.Image:
        key = (json.dumps(view, sort_keys=True), size)
        if key not in pictures:
            pictures[key] = draw(view, size)
        return pictures[key].copy()
    return once


@pytest.fixture
def drawn_once(monkeypatch, pictures) -> None:
    monkeypatch.setattr(replay, "_draw", _drawn_once(pictures))


@pytest.fixture(scope="module")
def drawn(pictures) -> tuple[Image.Image, list[Image.Image]]:
    """The palette VIEWS' replay shares at 400 pixels, and each view drawn alone (the start's and the
    midgame's twice: the same pictures): drawn once for the tests that compare the replay with them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "_draw", _drawn_once(pictures))
        start, midgame = (replay._draw(view, 400) for view in VIEWS[:2])
        return replay._shared_palette(VIEWS, 400), [start, midgame, midgame, start]


def test_each_frame_of_the_replay_is_its_view_as_drawn(drawn, drawn_once):
    """Decoded, frame after frame (each one only the pixels that changed, over the one before),
    the GIF shows each view in the shared palette; a view that changes nothing lengthens the
    frame before it instead of adding one."""
    gif = Image.open(io.BytesIO(replay.replay_gif(VIEWS, size=400, seconds=1.5)))
    palette, pictures = drawn
    expected = [pictures[i].convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
                for i in (0, 1, 3)]
    shown = [(frame.convert("RGB"), frame.info["duration"]) for frame in ImageSequence.Iterator(gif)]
    assert [ms for _, ms in shown] == [1500, 3000, 1500]
    assert all(ImageChops.difference(frame, want).getbbox() is None
               for (frame, _), want in zip(shown, expected))


def test_a_replay_holds_two_pictures_at_most_whatever_its_length(drawn_once, monkeypatch):
    """However many views, no more than two drawn pictures are alive at once: four views, each drawn
    for the palette's sample and for its frame (a frame kept for each would be four), one of them
    repeating the view before it."""
    alive: list[weakref.ref] = []
    most = [0]
    draw = replay._draw

    def counted(view: dict, size: int) -> Image.Image:
        picture = draw(view, size)
        alive.append(weakref.ref(picture))
        most[0] = max(most[0], sum(1 for ref in alive if ref() is not None))
        return picture
    monkeypatch.setattr(replay, "_draw", counted)
    replay.replay_gif(VIEWS, size=400)
    assert len(alive) == 2 * len(VIEWS) and most[0] <= 2


def test_each_view_is_shown_the_seconds_asked_and_one_and_a_half_unless_asked(drawn_once):
    views = [fixture_view("start_view"), fixture_view("midgame_view")]
    written = io.BytesIO()
    replay.write_replay_gif(views, written, size=400)
    asked, unasked = replay.replay_gif(views, size=400, seconds=0.5), replay.replay_gif(views, size=400)
    for gif, shown in ((asked, 500), (unasked, 1500), (written.getvalue(), 1500)):
        assert [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))] == [shown] * 2
        assert Image.open(io.BytesIO(gif)).info["loop"] == 0 and gif.endswith(b"\x00;")  # loops for ever; whole


def test_a_replay_of_no_view_is_refused_in_words():
    with pytest.raises(ValueError, match="^a replay needs at least one view$"):
        replay.replay_gif([])


def test_the_shared_palette_holds_every_colour_a_frame_shows_widely(drawn):
    """The palette is taken from the frames themselves, unblended: each colour that covers a hundred pixels of a
    frame is within 28 (of 255 a channel) of one of its colours, in the midgame's picture as in the start's."""
    shared, pictures = drawn
    colours = shared.getpalette()[:3 * replay.COLOURS]
    palette = [tuple(colours[i:i + 3]) for i in range(0, len(colours), 3)]
    for picture in pictures[:2]:
        for count, colour in picture.convert("RGB").getcolors(1 << 20):
            if count >= 100:
                assert min(sum((a - b) ** 2 for a, b in zip(colour, p)) for p in palette) <= 28 ** 2, colour


COLOURS = [(200, 30, 30), (30, 150, 30), (30, 30, 200), (230, 160, 0), (150, 30, 150), (0, 150, 150), (90, 60, 20),
           (250, 120, 180)]


def _frames(gif: bytes) -> list[Image.Image]:
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]


def _near(colour, want) -> bool:
    return sum((a - b) ** 2 for a, b in zip(colour, want)) <= 28 ** 2


def test_a_colour_only_one_view_of_a_short_replay_shows_keeps_its_colour(monkeypatch):
    """Five views, each a plain map with a square of a colour no other view shows: each frame of the replay
    shows its square in its own colour, though the palette is shared (every view of a short replay is sampled)."""
    def draw(view: dict, size: int) -> Image.Image:
        picture = Image.new("RGB", (120, 90), (240, 235, 220))  # a map 120 pixels wide
        picture.paste(COLOURS[view["turn"]], (10 + 12 * view["turn"], 20, 40 + 12 * view["turn"], 50))
        return picture
    monkeypatch.setattr(replay, "_draw", draw)
    frames = _frames(replay.replay_gif([{"turn": n} for n in range(5)], size=120))
    assert len(frames) == 5
    for n, frame in enumerate(frames):
        assert _near(frame.getpixel((25 + 12 * n, 35)), COLOURS[n]), n


def test_a_mark_three_pixels_square_keeps_its_colour_wherever_it_stands(monkeypatch):
    """The palette's sample takes every third pixel each way, so a mark of 3 by 3 pixels is in it wherever it
    stands: eight marks on a diagonal, each of its own colour, at every row and column phase."""
    def draw(view: dict, size: int) -> Image.Image:
        picture = Image.new("RGB", (120, 90), (240, 235, 220))  # a map 120 pixels wide
        for n, colour in enumerate(COLOURS):
            x, y = 10 + 13 * n, 20 + 7 * n
            picture.paste(colour, (x, y, x + 3, y + 3))
        return picture
    monkeypatch.setattr(replay, "_draw", draw)
    (frame,) = _frames(replay.replay_gif([{}], size=120))
    for n, colour in enumerate(COLOURS):
        x, y = 10 + 13 * n, 20 + 7 * n
        assert _near(frame.getpixel((x + 1, y + 1)), colour), n
