"""A database restored from an older copy that lost announced commands: at start the bot finds
messages told for commands the log no longer holds, and tells the game's channel what was lost
and where the game stands, once."""
from __future__ import annotations

from pathlib import Path

from bot.store import Store
from tests.bot.discord.sim import borodino, play, server


def test_the_table_hears_which_announced_commands_a_restore_lost(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            assert "move 3225" in s.posts()[-1]
            await s.client.close()
            restored = Store(db)  # the commands after the copy was made are gone, their posts not
            with restored.transaction():
                restored.db.execute("DELETE FROM commands WHERE game = ? AND seq >= 1", [game_id])
            notice = (f"Game {game_id}: the bot's database was restored from an older copy. It holds this "
                      f"game's commands up to command 0, but its messages went up to command 1")
            await s.restart()
            await s.env.settle()
            assert sum(notice in text for text in s.posts()) == 1
            await s.restart()  # told once
            await s.env.settle()
            assert sum(notice in text for text in s.posts()) == 1
            assert s.tables.store.told_beyond_log() == []
    play(test, tmp_path)
