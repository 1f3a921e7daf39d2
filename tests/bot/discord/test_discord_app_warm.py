"""bot/discord/app.py warm_pictures: as the bot starts, the opening picture of every registered
system is drawn once, so that no player waits for the maps' static layers (issue 11.5)."""
from __future__ import annotations

import render
import rules
from bot.discord.app import warm_pictures


def test_the_bot_warms_the_opening_picture_of_every_system(monkeypatch):
    warmed: list = []
    monkeypatch.setattr(render, "warm", lambda views: warmed.extend(views))
    warm_pictures()
    assert len(warmed) == len(rules.systems())
    real = [view for view in warmed if view.get("system") in ("borodino", "bloody_monday")]
    assert sorted(v["scenario"] for v in real) == ["7sep", "bloody_monday"]
    assert all(view["viewer"] is None and view["units"] for view in real)


def test_a_failed_warm_up_is_logged_and_harms_nothing(monkeypatch, caplog):
    def broken(views):
        raise OSError("disk full")

    monkeypatch.setattr(render, "warm", broken)
    warm_pictures()
    assert "pictures not warmed: OSError: disk full" in caplog.text
