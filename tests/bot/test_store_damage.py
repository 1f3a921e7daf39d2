"""The store and the service with a damaged file, a new file opened by many at once, a newer
schema, and a second bot on the same file."""
from __future__ import annotations

import logging
import sqlite3
import threading

import pytest

from bot import cli
from bot.service import GameService
from bot.store import SNAPSHOT_EVERY, AlreadyServed, DamagedGame, SchemaTooNew, Store, UnknownGame, sole_server
from tests.bot import toy_system
from tests.bot.bot_helpers import straight_replay, submit_all, toy_commands

UNREADABLE = ["{\"turn\": 3, \"units\": [", "", None, "null", "{}", "[1, 2]", "not json at all"]
DAMAGE = [*UNREADABLE, "{\"turn\": 2}"]  # the last one reads, but does not replay onto
COMMANDS = 2 * SNAPSHOT_EVERY + 5


def damage(store: Store, game: int, seq: int, text: str | None) -> None:
    with store.transaction():
        store.db.execute("UPDATE snapshots SET state_json = ? WHERE game = ? AND seq = ?",
                         [text, game, seq])


def forget_latest(store: Store, game: int) -> None:
    """The latest state gone, as an undo leaves it: the snapshots and the log rebuild the game."""
    with store.transaction():
        store.db.execute("DELETE FROM latest WHERE game = ?", [game])


@pytest.fixture
def played(service, store) -> tuple[int, list]:
    """A toy game with two snapshots (at commands 25 and 50) and five commands after them."""
    game = service.new_game("toy_system", "long", seed=7)
    commands = toy_commands(n=COMMANDS)
    assert all(r.accepted for r in submit_all(service, game, commands))
    assert sorted(store.snapshots(game)) == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY]
    return game, commands


@pytest.mark.parametrize("text", DAMAGE)
def test_a_damaged_snapshot_falls_back_to_an_earlier_one(store, played, text, caplog):
    """A snapshot that does not decode, or does not replay onto, is passed over
    with a log line; the game loads as a straight replay and takes the next command."""
    game, commands = played
    damage(store, game, 2 * SNAPSHOT_EVERY, text)
    forget_latest(store, game)
    cold = GameService(store, loader=lambda name: toy_system)
    with caplog.at_level(logging.WARNING, "kolocha.service"):
        assert cold.load(game) == straight_replay("long", 7, commands)
    assert f"game {game}: the snapshot at command {2 * SNAPSHOT_EVERY} is damaged" in caplog.text
    assert f"command {SNAPSHOT_EVERY} is damaged" not in caplog.text  # the earlier one served
    nxt = toy_commands(n=COMMANDS + 1)[-1]
    assert cold.submit(game, nxt[0], nxt[1]).accepted


def test_every_snapshot_damaged_falls_back_to_the_seed(store, played, caplog):
    game, commands = played
    for seq in (SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY):
        damage(store, game, seq, "{\"truncated")
    forget_latest(store, game)
    cold = GameService(store, loader=lambda name: toy_system)
    with caplog.at_level(logging.WARNING, "kolocha.service"):
        assert cold.state_at(game, COMMANDS) == straight_replay("long", 7, commands)
    assert caplog.text.count("is damaged") == 2


def test_an_intact_snapshot_is_used_without_a_log_line(store, played, caplog):
    """Positive control: nothing damaged, nothing logged, the same state."""
    game, commands = played
    cold = GameService(store, loader=lambda name: toy_system)
    with caplog.at_level(logging.WARNING, "kolocha.service"):
        assert cold.load(game) == straight_replay("long", 7, commands)
    assert caplog.text == ""


@pytest.mark.parametrize("text", UNREADABLE)
def test_replay_check_reports_a_damaged_snapshot_without_raising(store, played, text):
    game, _ = played
    service = GameService(store, loader=lambda name: toy_system)
    assert service.replay_check(game).ok
    damage(store, game, SNAPSHOT_EVERY, text)
    report = service.replay_check(game)
    assert not report.ok and report.seq == SNAPSHOT_EVERY
    assert str(report) == (f"Game {game} ({COMMANDS} commands): the commands replay cleanly, but "
                           f"the snapshot at command {SNAPSHOT_EVERY} is damaged (the bot uses an "
                           "earlier one or the seed instead)")


def test_replay_all_reports_every_game_even_after_a_damaged_one(tmp_path, capsys):
    """`kolocha replay --all` goes on past a damaged game and reports each one."""
    path = tmp_path / "k.sqlite"
    service = GameService(Store(path))
    games = [service.new_game("toy_system", "short", seed=11) for _ in range(3)]
    for game in games:
        assert all(r.accepted for r in submit_all(service, game, toy_commands("short", 11)[:3]))
    store = service.store
    with store.transaction():
        store.db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, 1, 'null')", [games[0]])
        store.db.execute("UPDATE games SET options = '{broken' WHERE id = ?", [games[1]])
    assert cli.main(["replay", "--all", "--db", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" ")[1] for line in lines] == [str(g) for g in games]
    assert "snapshot at command 1 is damaged" in lines[0]
    assert "cannot be read" in lines[1] and lines[2].endswith("replays cleanly")


def test_a_game_row_damaged_after_its_system_was_read_is_refused_and_set_aside(service, store):
    """The service keeps a game's system while the game's row reads as it did: a row damaged since is read whole
    again, refused and set aside, as every read of it is; a row changed by play reads on."""
    game = service.new_game("toy_system", "short", seed=11)
    assert service.system(game) is toy_system
    assert all(r.accepted for r in submit_all(service, game, toy_commands("short", 11)[:3]))
    assert service.system(game) is toy_system
    with store.transaction():
        store.db.execute("UPDATE games SET settings = '{\"deadline_hours\": 4' WHERE id = ?", [game])
    with pytest.raises(DamagedGame):
        service.system(game)
    assert store.db.execute("SELECT tbl, row_key FROM quarantine").fetchall() == [("games", str(game))]
    with pytest.raises(UnknownGame):
        service.system(game + 1)

def test_simultaneous_first_opens_of_a_new_file_all_succeed(tmp_path):
    """Six openers of a file that does not exist yet, released at once: one
    migrates, the others wait for it; none fails inside the migrations."""
    path = tmp_path / "new.sqlite"
    start = threading.Barrier(6)
    opened: list[int] = []
    failed: list[str] = []

    def open_it() -> None:
        start.wait()
        try:
            opened.append(Store(path).schema_version())
        except sqlite3.Error as error:
            failed.append(repr(error))

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == [] and len(set(opened)) == 1 and len(opened) == 6


def test_a_database_with_a_newer_schema_is_refused(tmp_path, capsys):
    """A file migrated by a newer Kolocha is refused with a sentence, not used."""
    path = tmp_path / "k.sqlite"
    Store(path)
    assert Store(path).schema_version() > 0  # positive control: this version's own file opens
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES"
                     " ('kolocha', 'games.teams: from the future', '2030-01-01')")
    with pytest.raises(SchemaTooNew) as refused:
        Store(path)
    assert str(refused.value) == (
        f"{path} was written by a newer version of Kolocha (it has the schema change 'games.teams: from "
        "the future', unknown here); upgrade Kolocha to open it, or use a backup made before that upgrade.")
    assert cli.main(["replay", "--all", "--db", str(path)]) == 2
    assert "'games.teams: from the future', unknown here); upgrade Kolocha" in capsys.readouterr().err


def test_a_second_bot_on_the_same_database_is_refused(tmp_path, monkeypatch, capsys):
    """`kolocha run` on a database another bot is serving stops with a sentence and
    exit status 2, before connecting to Discord."""
    path = tmp_path / "k.sqlite"
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(path))
    with sole_server(path):
        with pytest.raises(AlreadyServed, match="is already serving"), sole_server(path):
            pass
        assert cli.main(["run"]) == 2
    assert "kolocha run: another Kolocha bot (process" in capsys.readouterr().err
    with sole_server(path):  # positive control: once the first has stopped, a bot may serve it
        pass


def test_the_one_bot_lock_belongs_to_the_file_not_to_the_name_it_is_given(tmp_path):
    """A second bot reaching the same database through a symlink (to the file, or to its folder)
    is refused as one giving the same name is."""
    real = tmp_path / "data" / "k.sqlite"
    real.parent.mkdir()
    Store(real)
    (tmp_path / "link.sqlite").symlink_to(real)
    (tmp_path / "folder").symlink_to(real.parent)
    with sole_server(real):
        for other in (tmp_path / "link.sqlite", tmp_path / "folder" / "k.sqlite"):
            with pytest.raises(AlreadyServed, match="another Kolocha bot"), sole_server(other):
                pass
    with sole_server(tmp_path / "link.sqlite"):  # positive control: free once the first stops
        pass


def test_the_terminal_does_not_play_a_stored_game_of_a_database_a_bot_serves(tmp_path, capsys):
    """`kolocha local --game N` would answer the game's players beside the bot: refused in one
    sentence while the bot runs, and nothing is written; a new terminal game is not refused. Once
    the bot has stopped, the stored game plays in the terminal; a bot is refused meanwhile."""
    path = tmp_path / "k.sqlite"
    game_id = GameService(Store(path)).new_game("borodino", "7sep", 1)
    script = tmp_path / "moves.txt"
    script.write_text("french: end\n")
    with sole_server(path):
        assert cli.main(["local", "--db", str(path), "--game", str(game_id), "--script", str(script)]) == 2
        assert "kolocha: another Kolocha bot (process" in capsys.readouterr().err
        assert Store(path).commands(game_id) == []
    assert cli.main(["local", "--db", str(path), "--game", str(game_id), "--script", str(script)]) == 0
    assert len(Store(path).commands(game_id)) == 1
