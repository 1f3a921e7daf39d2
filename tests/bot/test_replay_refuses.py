"""`kolocha replay --all --db X` reads a Kolocha database and nothing else: a missing, empty,
foreign or `cp`-copied (without its write-ahead log) file is refused with one sentence and exit
status 2, and nothing is created or migrated."""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from bot import cli
from bot.store import Store


def files(folder) -> set[str]:
    return {p.name for p in folder.iterdir()}


WHY = {"missing": "no such file", "empty": "it is empty", "text": "not an SQLite file",
       "foreign sqlite": "it has no Kolocha tables"}  # the sentence says which


@pytest.mark.parametrize("kind", ["missing", "empty", "text", "foreign sqlite"])
def test_replay_refuses_a_file_that_is_not_a_kolocha_database(tmp_path, kind, capsys):
    path = tmp_path / "x.sqlite"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("games,commands\n1,2\n")
    elif kind == "foreign sqlite":
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE notes (body TEXT)")
    before = files(tmp_path), path.read_bytes() if path.exists() else None
    assert cli.main(["replay", "--all", "--db", str(path)]) == 2
    said = capsys.readouterr().err
    assert "is not a Kolocha database" in said and WHY[kind] in said
    assert (files(tmp_path), path.read_bytes() if path.exists() else None) == before


def test_replay_refuses_a_cp_copy_of_a_running_bots_file_without_its_wal(tmp_path, capsys):
    live = tmp_path / "live.sqlite"
    store = Store(live)  # the bot runs: its writes wait in live.sqlite-wal
    store.create_game("toy_system", "short", 1, channel="100")
    copy = tmp_path / "copy" / "k.sqlite"
    copy.parent.mkdir()
    shutil.copyfile(live, copy)  # `cp live.sqlite copy/`: the -wal stays behind
    assert cli.main(["replay", "--all", "--db", str(copy)]) == 2
    assert "has no Kolocha tables" in capsys.readouterr().err
    assert files(copy.parent) == {"k.sqlite"}
    assert cli.main(["replay", "--all", "--db", str(live)]) == 0  # positive control: the live file reads
    store.close()


def test_replay_reads_a_copy_and_leaves_the_file_and_its_folder_as_they_were(tmp_path, capsys):
    """A backup checked with `kolocha replay` stays the backup it was: no lock file beside it, its
    bytes unchanged (an older schema is moved forward in the private copy, not in the file)."""
    live = tmp_path / "live.sqlite"
    store = Store(live)
    store.create_game("toy_system", "short", 1, channel="100")
    store.close()
    backup = tmp_path / "backup" / "k.sqlite"
    backup.parent.mkdir()
    shutil.copyfile(live, backup)
    before = backup.read_bytes()
    assert cli.main(["replay", "--all", "--db", str(backup)]) == 0
    assert files(backup.parent) == {"k.sqlite"} and backup.read_bytes() == before


def test_replay_of_a_database_with_no_games_says_so(tmp_path, capsys):
    """`--all` on a Kolocha database that holds no game says so in one sentence (it printed
    nothing), with the exit status of `kolocha map`'s empty answer; the file is left as it was."""
    path = tmp_path / "k.sqlite"
    Store(path).close()
    before = path.read_bytes()
    assert cli.main(["replay", "--all", "--verify", "--db", str(path)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err == f"kolocha replay: no game in {path}; there is nothing to replay.\n"
    assert files(tmp_path) == {"k.sqlite"} and path.read_bytes() == before
