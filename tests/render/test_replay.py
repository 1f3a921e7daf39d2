"""render/replay.py: the GIF replay shows every view as drawn, and is written a frame at a time
(a Grand Battle held every frame at once: 560 MB)."""
from __future__ import annotations

import io
import weakref

import pytest
from PIL import Image, ImageChops, ImageSequence

from render import replay
from tests.render.golden import fixture_view

VIEWS = [fixture_view("start_view"), fixture_view("midgame_view"), fixture_view("midgame_view"),
         fixture_view("start_view")]


def test_each_frame_of_the_replay_is_its_view_as_drawn():
    """Decoded, frame after frame (each one only the pixels that changed, over the one before),
    the GIF shows each view in the shared palette; a view that changes nothing lengthens the
    frame before it instead of adding one."""
    gif = Image.open(io.BytesIO(replay.replay_gif(VIEWS, size=400, seconds=1.5)))
    palette = replay._shared_palette(VIEWS, 400)
    expected = [replay._draw(v, 400).convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE)
                .convert("RGB") for v in (VIEWS[0], VIEWS[1], VIEWS[3])]
    shown = [(frame.convert("RGB"), frame.info["duration"]) for frame in ImageSequence.Iterator(gif)]
    assert [ms for _, ms in shown] == [1500, 3000, 1500]
    assert all(ImageChops.difference(frame, want).getbbox() is None
               for (frame, _), want in zip(shown, expected))


def test_a_replay_holds_two_pictures_at_most_whatever_its_length(monkeypatch):
    """However many views, no more than two drawn pictures are alive at once."""
    alive: list[weakref.ref] = []
    most = [0]
    draw = replay._draw

    def counted(view: dict, size: int) -> Image.Image:
        picture = draw(view, size)
        alive.append(weakref.ref(picture))
        most[0] = max(most[0], sum(1 for ref in alive if ref() is not None))
        return picture
    monkeypatch.setattr(replay, "_draw", counted)
    replay.replay_gif(VIEWS * 5, size=300)
    assert len(alive) > 20 and most[0] <= 2  # every view drawn, and the sample for the palette


def test_each_view_is_shown_the_seconds_asked_and_one_and_a_half_unless_asked():
    views = [fixture_view("start_view"), fixture_view("midgame_view")]
    written = io.BytesIO()
    replay.write_replay_gif(views, written, size=120)
    asked, unasked = replay.replay_gif(views, size=120, seconds=0.5), replay.replay_gif(views, size=120)
    for gif, shown in ((asked, 500), (unasked, 1500), (written.getvalue(), 1500)):
        assert [frame.info["duration"] for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))] == [shown] * 2
        assert Image.open(io.BytesIO(gif)).info["loop"] == 0 and gif.endswith(b"\x00;")  # loops for ever; whole


def test_a_replay_of_no_view_is_refused_in_words():
    with pytest.raises(ValueError, match="^a replay needs at least one view$"):
        replay.replay_gif([])


def test_the_shared_palette_holds_every_colour_a_frame_shows_widely():
    """The palette is taken from the frames themselves, unblended: each colour that covers a hundred pixels of a
    frame is within 28 (of 255 a channel) of one of its colours, in the midgame's picture as in the start's."""
    colours = replay._shared_palette(VIEWS, 400).getpalette()[:3 * replay.COLOURS]
    palette = [tuple(colours[i:i + 3]) for i in range(0, len(colours), 3)]
    for view in (VIEWS[0], VIEWS[1]):
        drawn = replay._draw(view, 400).convert("RGB")
        for count, colour in drawn.getcolors(1 << 20):
            if count >= 100:
                assert min(sum((a - b) ** 2 for a, b in zip(colour, p)) for p in palette) <= 28 ** 2, colour
