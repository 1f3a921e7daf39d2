"""render/one_at_a_time.py: pictures asked for by several threads at once are drawn in turn, so
that their memory never adds up."""
from __future__ import annotations

import threading

import render
from render import replay
from render.one_at_a_time import DRAWING, one_at_a_time
from tests.render.golden import fixture_view


def test_a_picture_waits_while_another_thread_draws(monkeypatch):
    inside, release, second_in = threading.Event(), threading.Event(), threading.Event()

    @one_at_a_time
    def first() -> None:
        inside.set()
        release.wait(30)

    @one_at_a_time
    def second() -> None:
        second_in.set()

    drawing = threading.Thread(target=first)
    drawing.start()
    assert inside.wait(30)
    waiting = threading.Thread(target=second)
    waiting.start()
    entered_meanwhile = second_in.wait(0.5)
    release.set()
    drawing.join(30)
    waiting.join(30)
    assert not entered_meanwhile and second_in.is_set()


def test_the_pictures_the_bot_draws_take_their_turn(monkeypatch):
    """A snapshot, an action crop and each frame of a replay are drawn holding the one lock."""
    held: list[bool] = []
    draw = render.draw_map

    def drawing(*args, **kwargs):
        held.append(DRAWING._is_owned())  # type: ignore[attr-defined]
        return draw(*args, **kwargs)
    monkeypatch.setattr(render, "draw_map", drawing)
    monkeypatch.setattr(replay, "draw_map", drawing)
    view = fixture_view("midgame_view")
    render.snapshot(view, size=300)
    assert render.action_crop(view) is not None
    replay.replay_gif([view, view], size=300)
    assert len(held) >= 4 and all(held)
    assert not DRAWING._is_owned()  # type: ignore[attr-defined]
