"""Held orders across a stop: the answer that lets a side's held orders play is stored in a transaction
of its own, and the orders are judged after it (bot/tables/release.py, Play.release). A bot stopped between
the two (killed, or the machine down) left them held though no choice waited any more: their author was
told they would be played once the choice was made, and they waited for another command, or were
dropped by the author's next message. The next start plays them, as the answer would have.

A long test (two restarts and their maps, over a second): `pytest -m long`."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from tests.bot.discord.sim import play, server
from tests.bot.discord.test_choice_buttons import actor
from tests.bot.discord.test_discord_process import unsent
from tests.bot.discord.test_held_orders import BLOODY_MONDAY, hits_asked, retreat_asked, send

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


def test_held_orders_kept_by_the_version_before_their_number_play_after_the_upgrade(tmp_path, caplog):
    """An admin upgrades a bot whose file holds orders from before held_orders.first (stops it, installs,
    starts it on the same file): the schema moves forward once, said at INFO; the Last Blood box Anna sent
    while Boris applies hits by DM is played once he has, and her DM numbers it from 1, as her reply did
    then; nothing is logged at ERROR, and every message stored goes out."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, answers, state = await hits_asked(s)
            after, _ = BLOODY_MONDAY.apply(state, "french", BLOODY_MONDAY.parse("french", "end"))
            lines = ["end", BLOODY_MONDAY.legal_commands(after, "french")[0].to_text()]  # the batterie's, an impulse
            assert (await send(s, lines)).startswith("Held until the choice waiting now is made")
            s.tables.store.db.execute("ALTER TABLE held_orders DROP COLUMN first")  # the file as it was
            s.tables.store.db.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'held_orders.first:%'")
            s.tables.store.db.conn.commit()
            caplog.clear()
            with caplog.at_level(logging.INFO):
                await s.restart()
                await s.env.settle()
                for text in answers:
                    await s.boris.slash(s.channel, "order", command=text)
                await s.env.settle()
            moved = [r for r in caplog.records if "its schema moved forward by 1 change(s)" in r.getMessage()]
            assert len(moved) == 1 and [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
            told = [d for d in s.dms(s.anna) if "your held orders" in d]
            assert len(told) == 1 and f"\n1. ✅ French: {lines[0]}." in told[0], told
            assert f"\n2. ✅ French: {lines[1]}." in told[0], told
            assert s.tables.store.held_orders(game_id, "french") is None and unsent(s.tables.store) == []
    play(test, tmp_path)
