"""Caps that keep one person from flooding a server: at most MAX_REMINDERS reminder points a
deadline (each tells the player where the game asks them), and at most OPEN_THREADS games not ended opened
by one person before `/game new thread:true` opens another thread."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.config import MAX_REMINDERS, GameSettings, Unreadable
from bot.tables.lobby import OPEN_THREADS
from tests.bot.discord.sim import borodino, play, reply, server


def test_a_deadline_takes_at_most_five_reminders(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            many = ", ".join(str(h / 2) for h in range(1, 61))  # sixty reminders in the last half hour
            refused = await s.anna.slash(s.channel, "game settings", reminders=many)
            assert reply(refused) == (f"A deadline has at most {MAX_REMINDERS} reminders before it (each "
                                      "tells the player where the game asks them: a ping in its channel, or a "
                                      "DM), not 60.")
            assert s.tables.settings(game_id).reminders == (24.0, 1.0)  # nothing changed
            five = await s.anna.slash(s.channel, "game settings", reminders="24, 12, 6, 2, 1")
            assert "Settings saved." in reply(five)
            assert s.tables.settings(game_id).reminders == (24.0, 12.0, 6.0, 2.0, 1.0)
    play(test, tmp_path)


def test_a_game_stored_with_more_reminders_than_the_cap_keeps_the_nearest_five(tmp_path):
    """A game whose settings were saved before the cap, with eight reminder points: its settings
    read (not set aside as damaged), with the five points nearest its deadline, and it is listed."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            eight = {**s.tables.settings(game_id).to_dict(), "reminders": [40, 30, 20, 12, 6, 3, 2, 1]}
            s.tables.store.db.execute("UPDATE games SET settings = ? WHERE id = ?", [json.dumps(eight), game_id])
            assert s.tables.settings(game_id).reminders == (12.0, 6.0, 3.0, 2.0, 1.0)
            shown = reply(await s.anna.slash(s.channel, "game settings"))
            assert "(reminders 12 h, 6 h, 3 h, 2 h, 1 h before)" in shown
            assert f"Game {game_id}" in reply(await s.anna.slash(s.channel, "game list"))
    play(test, tmp_path)


def test_the_configured_defaults_are_capped_too():
    with pytest.raises(Unreadable, match="at most 5 reminders"):
        GameSettings.from_dict({"reminders": [6, 5, 4, 3, 2, 1]})


def test_one_person_opens_at_most_three_game_threads_while_their_games_run(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            for n in range(OPEN_THREADS):
                opened = await s.anna.slash(s.channel, "game new", system="borodino", scenario="7sep",
                                            thread=True)
                assert "is open" in reply(opened)
            refused = await s.anna.slash(s.channel, "game new", system="borodino", scenario="7sep", thread=True)
            assert reply(refused).startswith(f"You have opened {OPEN_THREADS} games on this server that "
                                             "have not ended")
            assert len(s.channel.threads) == OPEN_THREADS  # no thread opened for the refused one
            other = await s.boris.slash(s.channel, "game new", system="borodino", scenario="7sep",
                                        thread=True)
            assert "is open" in reply(other)  # another person is not held back
            first = s.tables.store.games()[0]["id"]
            assert "is ended" in reply(await s.mod.slash(s.channel, "game cancel", game=first))
            again = await s.anna.slash(s.channel, "game new", system="borodino", scenario="7sep", thread=True)
            assert "is open" in reply(again)  # one of hers ended: she may open another
    play(test, tmp_path)
