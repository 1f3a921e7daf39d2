"""`kolocha backup FILE`: SQLite's online backup of the bot's database, safe while it runs
(deploy/DISCORD.md, "Administering it")."""
from __future__ import annotations

import sqlite3

from bot.cli import main
from bot.store import Store


def test_backup_copies_what_is_committed_while_another_connection_writes(tmp_path, monkeypatch,
                                                                         capsys):
    database, copy = tmp_path / "kolocha.sqlite", tmp_path / "copy.sqlite"
    store = Store(database)
    kept = store.create_game("toy_system", "short", 1, channel="100")
    writer = sqlite3.connect(database, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # the running bot, in the middle of a write
    writer.execute("UPDATE games SET status = 'over'")
    monkeypatch.setenv("KOLOCHA_DB", str(database))
    assert main(["backup", str(copy)]) == 0
    writer.execute("ROLLBACK")
    restored = Store(copy)
    assert [g["id"] for g in restored.games()] == [kept]
    assert restored.game(kept)["status"] == "active"
    assert f"to {copy}" in capsys.readouterr().out


def test_backup_refuses_a_database_that_does_not_exist(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("KOLOCHA_DB", str(tmp_path / "missing.sqlite"))
    assert main(["backup", str(tmp_path / "copy.sqlite")]) == 2
    assert "there is no database" in capsys.readouterr().err
    assert not (tmp_path / "missing.sqlite").exists()
