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
    said = capsys.readouterr().err
    assert "there is no database at" in said and "--config" in said and "KOLOCHA_DB" in said  # how to name it
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_config_file_that_is_not_there_is_one_sentence_saying_what_to_do(tmp_path, capsys):
    """deploy/DISCORD.md section 3 copies the example config, optionally: a run or a backup
    given --config without that copy is told where the file comes from, not an errno."""
    missing = tmp_path / "kolocha.toml"
    assert main(["backup", str(tmp_path / "copy.sqlite"), "--config", str(missing)]) == 2
    said = capsys.readouterr().err.strip()
    assert said == (f"kolocha backup: there is no config file {missing}; copy deploy/kolocha.toml.example there, "
                    "or leave out --config to use the defaults.")


def test_backup_refuses_a_copy_it_cannot_make_in_a_sentence(tmp_path, monkeypatch, capsys):
    """A missing folder for the copy, one where no file can be made, the database itself as the
    copy, or a database that is not one: a sentence each and status 2, no traceback, and no empty
    copy left to be taken for a backup."""
    database = tmp_path / "kolocha.sqlite"
    Store(database).create_game("toy_system", "short", 1, channel="100")
    monkeypatch.setenv("KOLOCHA_DB", str(database))
    assert main(["backup", str(tmp_path / "missing" / "copy.sqlite")]) == 2
    assert main(["backup", "/proc/copy.sqlite"]) == 2  # no file is made there, for root too
    assert main(["backup", str(tmp_path / "." / "kolocha.sqlite")]) == 2
    junk = tmp_path / "notes.txt"
    junk.write_text("not a database")
    monkeypatch.setenv("KOLOCHA_DB", str(junk))
    assert main(["backup", str(tmp_path / "copy.sqlite")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"kolocha backup: there is no folder {tmp_path / 'missing'} for the copy; create it first.",
                   "kolocha backup: cannot write the copy /proc/copy.sqlite (unable to open database file); check "
                   "that the user running it may write there.",
                   f"kolocha backup: {tmp_path / '.' / 'kolocha.sqlite'} is the database itself; "
                   "name another file for the copy.",
                   f"kolocha backup: {junk} is not a Kolocha database (file is not a database); point KOLOCHA_DB "
                   "(or `database` in the config) at the bot's database, or at a new name to start one."]
    assert not (tmp_path / "copy.sqlite").exists()
    assert [g["id"] for g in Store(database).games()] == [1]
