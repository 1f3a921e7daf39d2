"""A database restored from an older copy that lost announced commands: at start the bot finds
messages told for commands the log no longer holds, and tells the game's channel what was lost
and where the game stands, once; the admin's log says so, and names a game begun after the copy, gone
whole."""
from __future__ import annotations

import logging
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.store import Store
from tests.bot.discord.sim import Server, borodino, play, server


LOST = ("the database was restored from an older copy that lacks commands its players were told of: 1 game(s) "
        "go on from the copy's last command, their tables told so")


async def told_once_at_restarts(s: Server, game_id: int, caplog: pytest.LogCaptureFixture) -> None:
    """The bot starts on the restored file, and again: the channel hears of the lost command once,
    and the admin's log says so at the first start only."""
    notice = (f"Game {game_id}: the bot's database was restored from an older copy. It holds this "
              f"game's commands up to command 0, but its messages went up to command 1")
    for said in ([LOST], []):
        caplog.clear()
        with caplog.at_level(logging.INFO, "kolocha.discord"):
            await s.restart()
            await s.env.settle()
        assert sum(notice in text for text in s.posts()) == 1
        assert [r.getMessage() for r in caplog.records if "restored" in r.getMessage()] == said


def test_the_table_hears_which_announced_commands_a_restore_lost(tmp_path, caplog):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            assert "3225 (French 7-4 infantry) moves to 3224" in s.posts()[-1]
            await s.client.close()
            restored = Store(db)  # the commands after the copy was made are gone, their posts not
            with restored.transaction():
                restored.db.execute("DELETE FROM commands WHERE game = ? AND seq >= 1", [game_id])
            await told_once_at_restarts(s, game_id, caplog)
            assert s.tables.store.told_beyond_log() == []
    play(test, tmp_path)


def test_a_whole_backup_restored_as_deploy_says_is_told_too(tmp_path, caplog):
    """deploy/DISCORD.md's restore: a `kolocha backup` copied over the database file, its -wal and
    -shm deleted. The copy's outbox lacks the lost command's messages too; the marks beside the
    file (bot/store/told.py) still say how far the news went, and the channel is told, once."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(tmp_path / "copy.sqlite")) as copy:
                source.backup(copy)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            assert "3225 (French 7-4 infantry) moves to 3224" in s.posts()[-1]
            await s.client.close()
            shutil.copy(tmp_path / "copy.sqlite", db)
            for tail in ("-wal", "-shm"):
                Path(f"{db}{tail}").unlink(missing_ok=True)
            await told_once_at_restarts(s, game_id, caplog)
    play(test, tmp_path)


def test_a_game_begun_after_the_copy_is_named_in_the_admins_log(tmp_path, caplog):
    """A restore from a copy made before a game began loses that game whole: nothing in the file
    says it was played or where, so no table can be told; the admin's log names it, once."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            with closing(sqlite3.connect(db)) as source, closing(sqlite3.connect(tmp_path / "copy.sqlite")) as copy:
                source.backup(copy)
            game_id = await borodino(s)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            await s.client.close()
            shutil.copy(tmp_path / "copy.sqlite", db)
            for tail in ("-wal", "-shm"):
                Path(f"{db}{tail}").unlink(missing_ok=True)
            for said in ([f"the database was restored from a copy made before game(s) {game_id} began: they are "
                          "gone with all their commands, their players not told (tell them; a new game takes each "
                          "number again)"], []):
                caplog.clear()
                with caplog.at_level(logging.INFO, "kolocha.discord"):
                    await s.restart()
                    await s.env.settle()
                assert [r.getMessage() for r in caplog.records if "restored" in r.getMessage()] == said
            assert s.tables.store.game_ids() == []
    play(test, tmp_path)
