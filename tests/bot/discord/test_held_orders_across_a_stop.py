"""Held orders across a stop: the answer that lets a side's held orders play is stored in a transaction
of its own, and the orders are judged after it (bot/tables/play.py, Play.release). A bot stopped between
the two (killed, or the machine down) left them held though no choice waited any more: their author was
told they would be played once the choice was made, and they waited for another command, or were
dropped by the author's next message. The next start plays them, as the answer would have.

A long test (two restarts and their maps, over a second): `pytest -m long`."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.bot.discord.sim import play, server
from tests.bot.discord.test_choice_buttons import actor
from tests.bot.discord.test_held_orders import retreat_asked, send

pytestmark = pytest.mark.long


def test_held_orders_an_answer_let_play_before_a_stop_are_played_at_the_next_start(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, command = await retreat_asked(s)
            await send(s, [command])
            for text in answers:  # each stored with its news as its click stores it; then the bot is gone
                result, _ = await asyncio.to_thread(s.tables.play._judge, actor(s.boris), game_id, text,
                                                    "russian", None)
                assert result.accepted
            assert s.tables.store.held_orders(game_id, "french") is not None
            await s.restart()
            await s.env.settle()
            rows = s.tables.store.commands(game_id, after=seq)
            assert [(r["side"], r["normalised"]) for r in rows] == [("russian", a) for a in answers] + [
                ("french", command)]
            assert s.tables.store.held_orders(game_id, "french") is None and s.tables.store.undelivered() == []
            told = [p for p in s.posts() if f"**anna** — French: {command}." in p]
            assert len(told) == 1, s.posts()
            posts = s.posts()
            await s.restart()  # played once: nothing more at the start after
            await s.env.settle()
            assert len(s.tables.store.commands(game_id, after=seq)) == len(rows) and s.posts() == posts
    play(test, tmp_path)
