"""bot/discord/app.py warm_pictures: once the bot is connected, the opening picture of each system in
play is drawn once, so that no player waits for the maps' static layers."""
from __future__ import annotations

import logging
import signal
import subprocess

import pytest

import render
import rules
from bot.discord.app import warm_pictures


def test_the_bot_warms_the_opening_picture_of_every_system(monkeypatch):
    """...the public one, and each side's where a side sees its own blocks face up (Fog of War)."""
    warmed: list = []
    monkeypatch.setattr(render, "warm", lambda views: warmed.extend(views))
    warm_pictures()
    systems = [rules.load(name) for name in rules.systems()]
    assert len(warmed) == sum(1 + (len(s.INFO.sides) if s.INFO.hidden_information else 0) for s in systems)
    real = [(view["scenario"], view["viewer"]) for view in warmed
            if view.get("system") in ("borodino", "bloody_monday")]
    assert sorted(real, key=str) == [("7sep", None), ("bloody_monday", "french"), ("bloody_monday", "russian"),
                                     ("bloody_monday", None)]
    assert all(view["units"] for view in warmed if view.get("system") in ("borodino", "bloody_monday"))


def test_a_failed_warm_up_is_logged_and_harms_nothing(monkeypatch, caplog):
    def broken(views):
        raise OSError("disk full")

    monkeypatch.setattr(render, "warm", broken)
    warm_pictures()
    assert "pictures not warmed: OSError: disk full" in caplog.text


@pytest.mark.parametrize("status", [-signal.SIGTERM, -signal.SIGINT, 1])
def test_layers_made_apart_and_stopped_with_the_bot_leave_no_warning(monkeypatch, caplog, status):
    """The layers are made by a process of the bot's (render.keep_layers); a stop of the bot in its
    first seconds (systemctl stop, Ctrl-C) reaches that process too, and is no failure to report
    ('pictures not warmed: ... died with <Signals.SIGTERM: 15>' at a stop 30 s after a start). A
    process that failed by itself still is (the control)."""
    def made_apart(views):
        raise subprocess.CalledProcessError(status, ["python", "-c", "..."])

    monkeypatch.setattr(render, "warm", made_apart)
    caplog.set_level(logging.WARNING, "kolocha.discord")
    warm_pictures()
    said = "pictures not warmed: Command '['python', '-c', '...']' returned non-zero exit status 1."
    assert caplog.messages == ([said] if status == 1 else [])


def test_a_bot_warms_only_the_systems_of_its_games_in_play(monkeypatch, store):
    """`kolocha run` warms the systems its games not over play: a system no game plays costs the
    bot no memory (its layers, its fonts) until a game of it begins."""
    warmed: list = []
    monkeypatch.setattr(render, "warm", lambda views: warmed.extend(views))
    store.create_game("borodino", "7sep", 1)
    store.end_game(store.create_game("bloody_monday", "bloody_monday", 1), {"winner": None, "reason": "cancelled"}, [])
    assert store.systems_in_play() == ["borodino"]
    warm_pictures(store.systems_in_play())
    assert {view.get("system") for view in warmed} == {"borodino"}
    warmed.clear()
    warm_pictures([])
    assert warmed == []
