"""bot/tools/bench_pictures.py: `kolocha bench` prints a figure for each first picture a player can cause
after a restart, next to its target. The structure only: tests never time things."""
from __future__ import annotations

import pytest

from bot.discord import app
from bot.tools import bench_pictures


@pytest.mark.long  # draws each system's layers afresh: seconds
@pytest.mark.parametrize(("system", "kinds"), [
    ("borodino", ["whole map, the public view", "crop round", "phone-width action crop, hexes of"]),
    ("bloody_monday", ["whole map, the French player's view", "crop round area", "phone-width action crop, areas"]),
])
def test_each_first_picture_is_measured_after_the_bot_s_warm_up(monkeypatch, system, kinds):
    warmed: list = []
    monkeypatch.setattr(app, "warm_pictures", lambda: warmed.append(1))
    figures = bench_pictures.first_pictures(system, "french" if system == "bloody_monday" else None)
    assert warmed == [1] and list(figures)[0] == "warm"
    assert [kind for kind, name in zip(kinds, list(figures)[1:]) if name.startswith(kind)] == kinds
    assert all(isinstance(ms, float) and ms >= 0 for ms in figures.values())


def test_the_game_pictured_is_another_than_the_warm_up_s_and_holds_an_action():
    from render.action import latest_areas

    system = app.rules.load("bloody_monday")
    state = bench_pictures.game_in_progress("bloody_monday")
    opening = app.opening_views(system)[0]
    assert system.view(state, None)["units"] != opening["units"]
    assert latest_areas(system.view(state, None))


def test_every_figure_stands_next_to_its_target(monkeypatch):
    monkeypatch.setattr(bench_pictures.subprocess, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(bench_pictures, "measured", lambda system, viewer: {
        "warm": 900.0, "whole map, x": 80.0, "crop round area 39 (scale 1.65)": 70.0})
    monkeypatch.setattr(bench_pictures, "shell_map", lambda system: 0.41)
    rows = bench_pictures.rows("bloody_monday")
    assert [name for name, _ in rows] == [
        "bot start (the French player's view): pictures warmed, layers from disk, in",
        "then the first whole map, x", "then the first crop round area 39 (scale 1.65)",
        "bot start (the public view (spectators)): pictures warmed, layers from disk, in",
        "then the first whole map, x", "then the first crop round area 39 (scale 1.65)",
        "`kolocha map` from the shell, the whole process"]
    assert [value for _, value in rows][:3] == ["900 ms", "80 ms of CPU; target 150", "70 ms of CPU; target 150"]
    assert rows[-1][1] == "0.41 s of CPU; target 1"


def test_a_system_the_renderer_does_not_draw_has_no_rows():
    assert bench_pictures.rows("toy_system") == []


@pytest.mark.long  # a real `kolocha map` process
def test_kolocha_map_is_timed_as_a_whole_process():
    assert bench_pictures.shell_map("bloody_monday") > 0
