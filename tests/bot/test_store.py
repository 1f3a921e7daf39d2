"""bot/store/: migrations, one transaction per command, undo truncation, outbox, deadlines."""
from __future__ import annotations

import logging

import pytest
import sqlite_utils

from bot.store import SNAPSHOT_EVERY, GameOver, StaleCommand, Store, UnknownGame, blank, existing
from bot.store.migrations import MIGRATIONS


def _row(text: str = "end", seq: int = 0) -> dict:
    return {"side": "red", "user": "u1", "text": text, "normalised": text,
            "issued_against_seq": seq}


def test_migrations_are_recorded_once(tmp_path):
    """Schema changes go through sqlite-utils' Migrations; reopening applies nothing twice."""
    path = tmp_path / "m.sqlite"
    first = Store(path)
    empty = sqlite_utils.Database(":memory:")
    assert first.schema_version() == len(MIGRATIONS.pending(empty))
    again = Store(path)
    assert again.schema_version() == first.schema_version() and not MIGRATIONS.pending(again.db)
    names = [r["name"] for r in again.db["_sqlite_migrations"].rows]
    assert names[0] == "initial tables" and len(names) == len(set(names))
    assert again.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_admins_log_says_when_a_file_is_new_or_moved_forward(tmp_path, caplog):
    """A new file is said to be one (a mistyped database path starts an empty one), a file an
    upgrade moves forward is said to be, with what that means; a file already up to date says
    nothing."""
    path = tmp_path / "m.sqlite"
    with caplog.at_level(logging.INFO, "kolocha.store"):
        Store(path)
    assert caplog.messages == [f"{path} is a new database, with no games yet"]
    db = sqlite_utils.Database(tmp_path / "old.sqlite")
    MIGRATIONS.apply(db, stop_before="quarantine: damaged rows set aside, with the reason")
    lacking = [m.name for m in MIGRATIONS.pending(db)]
    db.close()
    caplog.clear()
    with caplog.at_level(logging.INFO, "kolocha.store"):
        Store(tmp_path / "old.sqlite")
        Store(tmp_path / "old.sqlite")
    assert caplog.messages == [f"{tmp_path / 'old.sqlite'}: its schema moved forward by {len(lacking)} "
                               f"change(s), the last '{lacking[-1]}'; an older Kolocha no longer opens it"]


def test_a_blank_store_is_a_new_one_with_every_migration_and_nothing_stored(tmp_path, caplog):
    """bot.store.blank (the swap check's stores, the tests'): the schema a new file migrates to,
    every table empty, its changes in a WAL as a new file's; it is made where no file is, never
    over one, and not logged as new."""
    new = Store(tmp_path / "new.sqlite")
    caplog.clear()  # the new file's own line, where the level lets it through
    with caplog.at_level(logging.INFO, "kolocha.store"):
        made = blank(tmp_path / "blank.sqlite")
    assert caplog.messages == []
    schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
    assert made.db.execute(schema).fetchall() == new.db.execute(schema).fetchall()
    assert made.schema_version() == new.schema_version() and not MIGRATIONS.pending(made.db)
    assert made.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {name: made.db[name].count for name in made.db.table_names() if name != "_sqlite_migrations"} == \
        {name: 0 for name in new.db.table_names() if name != "_sqlite_migrations"}
    game_id = made.create_game("toy_system", "short", 1, {})
    assert blank(tmp_path / "other.sqlite").games() == [] and made.game(game_id)["system"] == "toy_system"
    with pytest.raises(FileExistsError):
        blank(tmp_path / "blank.sqlite")
    assert made.game(game_id)["system"] == "toy_system"


def test_a_file_whose_migrations_bore_former_names_upgrades(tmp_path):
    """Early versions ended some migrations' names with a bracketed reference, since dropped: a
    file they made opens (it is not refused as one from a newer version) and takes only the
    migrations it lacks."""
    path = tmp_path / "early.sqlite"
    db = sqlite_utils.Database(path)
    MIGRATIONS.apply(db, stop_before="quarantine: damaged rows set aside, with the reason")
    early = [m.name for m in MIGRATIONS.applied(db)]
    db.execute("""UPDATE _sqlite_migrations SET name = name || ' (a reference, 10.7)'
                  WHERE name LIKE 'fair dice:%' OR name LIKE 'ai_seats:%'""")
    db.conn.commit()
    db.close()
    store = Store(path)
    assert [m.name for m in MIGRATIONS.applied(store.db)][:len(early)] == early
    assert not MIGRATIONS.pending(store.db) and store.db["ai_seats"].exists()


def test_a_file_from_the_first_hour_upgrades(tmp_path):
    """The first versions kept their applied migrations in a table of their own, `migrations`
    (version, name, applied_at): such a file opens, keeps its games, takes only the migrations it
    lacks, and `kolocha replay` reads it."""
    path = tmp_path / "first.sqlite"
    db = sqlite_utils.Database(path)
    MIGRATIONS.apply(db, stop_before="game tables: settings, start, end, deadline phases, turn starts")
    db.execute("CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at TEXT)")
    db.execute("INSERT INTO migrations (name, applied_at) SELECT name, applied_at FROM _sqlite_migrations")
    db.execute("DROP TABLE _sqlite_migrations")
    db.execute("""INSERT INTO games (system, scenario, options, seed, status, hot_seat, created_at, updated_at)
                  VALUES ('toy', 'short', '{}', 1, 'active', 1, '', '')""")
    db.conn.commit()
    db.close()
    assert [g["id"] for g in existing(path).games()] == [1]
    store = Store(path)
    assert not MIGRATIONS.pending(store.db) and not store.db["migrations"].exists()
    assert [m.name for m in MIGRATIONS.applied(store.db)][:2] == \
        ["initial tables", "games.pending_undo: an undo waiting for the opponent's consent"]
    assert [g["id"] for g in store.games()] == [1]


def test_a_migrations_table_of_another_kind_is_left_alone(tmp_path):
    """Only the first hour's record (version, name, applied_at) is taken for one: a table of the
    same name with other columns, in a file Kolocha opens for the first time, stays as it was."""
    path = tmp_path / "other.sqlite"
    db = sqlite_utils.Database(path)
    db.execute("CREATE TABLE migrations (id INTEGER PRIMARY KEY, step TEXT)")
    db.execute("INSERT INTO migrations (step) VALUES ('theirs')")
    db.conn.commit()
    db.close()
    store = Store(path)
    assert not MIGRATIONS.pending(store.db) and list(store.db["migrations"].rows) == [{"id": 1, "step": "theirs"}]


def test_command_snapshot_and_outbox_commit_together(store):
    game = store.create_game("toy", "short", 1)
    for n in range(SNAPSHOT_EVERY):
        store.append(game, _row(seq=n), {"n": n + 1}, [("all", {"events": [n]})])
    assert store.last_seq(game) == SNAPSHOT_EVERY
    assert store.snapshots(game) == {SNAPSHOT_EVERY: {"n": SNAPSHOT_EVERY}}
    assert len(store.undelivered(game)) == SNAPSHOT_EVERY


def test_a_command_drops_the_rows_its_own_carry_unless_a_try_of_them_began(store):
    """`merged` (a question by DM carrying the lines just before it, bot/tables/news.py): a row not tried
    goes, in the command's transaction; one whose try began may have gone, so it is sent as well."""
    game = store.create_game("toy", "short", 1)
    store.append(game, _row(seq=0), {}, [("red", {"text": "A."}), ("red", {"text": "B."})])
    first, second = (row["id"] for row in store.undelivered(game))
    store.set_tried(first, "2026-01-01T00:00:00+00:00")
    store.append(game, _row(seq=1), {}, [("red", {"text": "A.\nB.\nYour move."})], merged=(first, second))
    assert [row["payload"]["text"] for row in store.undelivered(game)] == ["A.", "A.\nB.\nYour move."]


def test_each_command_stores_the_state_after_it_as_the_latest(store):
    """Between snapshots too: the position the players were told of is kept whole."""
    game = store.create_game("toy", "short", 1)
    assert store.latest(game) is None
    for n in range(SNAPSHOT_EVERY + 2):
        store.append(game, _row(seq=n), {"n": n + 1}, [])
        assert store.latest(game) == (n + 1, {"n": n + 1})


def test_failing_outbox_insert_rolls_back_the_command(store, monkeypatch):
    game = store.create_game("toy", "short", 1)
    store.append(game, _row(), {}, [("all", {})])

    def broken(*args):
        raise RuntimeError("disk full")

    monkeypatch.setattr(store, "_write_outbox", broken)
    with pytest.raises(RuntimeError):
        store.append(game, _row("roll", 1), {}, [("all", {})])
    assert store.last_seq(game) == 1
    assert [c["text"] for c in store.commands(game)] == ["end"]


def test_unserialisable_payload_rolls_back(store):
    game = store.create_game("toy", "short", 1)
    with pytest.raises(TypeError):
        store.append(game, _row(), {}, [("all", {"events": [object()]})])
    assert store.commands(game) == [] and store.undelivered(game) == []


def test_truncate_drops_commands_snapshots_and_undelivered_messages(store):
    game = store.create_game("toy", "short", 1)
    for n in range(SNAPSHOT_EVERY + 2):
        store.append(game, _row(seq=n), {"n": n + 1}, [("red", {"n": n + 1})])
    store.set_pending_undo(game, {"by": "red", "seq": 27, "command": "end"}, [])
    store.truncate(game, SNAPSHOT_EVERY, [("all", {"undo": True})],
                   issued_against_seq=SNAPSHOT_EVERY + 2)
    assert store.last_seq(game) == SNAPSHOT_EVERY - 1
    assert store.snapshots(game) == {} and store.latest(game) is None  # rebuilt from the log
    assert store.game(game)["pending_undo"] is None
    payloads = [m["payload"] for m in store.undelivered(game)]
    assert payloads[-1] == {"undo": True} and {"n": SNAPSHOT_EVERY} not in payloads


def test_accepting_a_command_clears_a_pending_undo(store):
    game = store.create_game("toy", "short", 1)
    store.set_pending_undo(game, {"by": "red", "seq": 0, "command": "end"}, [])
    store.append(game, _row(), {}, [])
    assert store.game(game)["pending_undo"] is None


def test_seats_spectators_outbox_delivery_and_deadlines(store):
    game = store.create_game("toy", "short", 1, {"bonus": True}, guild="g", channel="c",
                             created_by="u1")
    assert store.game(game)["options"] == {"bonus": True}
    store.take_seat(game, "red", "u1")
    store.add_spectator(game, "watchers")
    store.add_spectator(game, "watchers")
    assert store.seats(game) == {"red": "u1"} and store.spectators(game) == ["watchers"]
    store.append(game, _row(), {}, [("all", {"a": 1})])
    (message,) = store.undelivered()
    store.mark_delivered(message["id"])
    assert store.undelivered() == []
    store.set_deadline(game, "red", "2026-01-01T00:00:00+00:00")
    assert [d["side"] for d in store.deadlines()] == ["red"]


def test_an_unknown_game_is_refused_with_the_players_sentence(store):
    """The store's own refusal, not a KeyError unwrapped later."""
    with pytest.raises(UnknownGame, match=r"^There is no game 99\.$"):
        store.game(99)


def test_a_command_judged_against_an_old_position_is_refused_inside_the_write(store):
    """Two writers judging the same position must not both be stored; the check
    runs inside the BEGIN IMMEDIATE transaction, where no other writer can come between."""
    game = store.create_game("toy", "short", 1)
    store.append(game, _row("first", seq=0), {}, [("all", {"n": 1})])
    with pytest.raises(StaleCommand, match="now at command 1, yours was judged at command 0"):
        store.append(game, _row("second", seq=0), {}, [("all", {"n": 2})])
    assert [c["text"] for c in store.commands(game)] == ["first"]
    assert [m["payload"] for m in store.undelivered(game)] == [{"n": 1}]
    store.append(game, _row("second", seq=1), {}, [])  # judged against the new position: stored
    assert [c["issued_against_seq"] for c in store.commands(game)] == [0, 1]


def test_an_undo_judged_against_an_old_position_is_refused(store):
    """An undo takes back only the command it was judged against, never one that
    another writer stored after it."""
    game = store.create_game("toy", "short", 1)
    store.append(game, _row("mine", seq=0), {}, [])
    store.append(game, _row("theirs", seq=1), {}, [])
    with pytest.raises(StaleCommand):
        store.truncate(game, 1, [], issued_against_seq=1)
    assert store.last_seq(game) == 2
    store.truncate(game, 2, [], issued_against_seq=2)
    assert [c["text"] for c in store.commands(game)] == ["mine"]


def test_nothing_is_written_to_a_game_that_is_over(store):
    """Once a game has ended, no write turns it active again or replaces its end."""
    game = store.create_game("toy", "short", 1)
    store.append(game, _row(seq=0), {}, [])
    store.end_game(game, {"winner": "blue", "reason": "Red resigns"}, [("all", {"text": "over"})])
    writes = [lambda: store.append(game, _row(seq=1), {}, []),
              lambda: store.truncate(game, 1, [], issued_against_seq=1),
              lambda: store.start_game(game),
              lambda: store.set_deadline(game, "red", "2026-01-01T00:00:00+00:00"),
              lambda: store.set_pending_undo(game, {"by": "red", "seq": 1, "command": "end"}, []),
              lambda: store.end_game(game, {"winner": "red", "reason": "again"}, [])]
    for write in writes:
        with pytest.raises(GameOver, match=f"Game {game} is over"):
            write()
    row = store.game(game)
    assert (row["status"], row["ended"]["winner"], row["started_at"]) == ("over", "blue", None)
    assert store.last_seq(game) == 1 and store.deadlines(game) == []
    live = store.create_game("toy", "short", 1)  # positive control: the same writes on a live game
    store.append(live, _row(seq=0), {}, [])
    store.set_deadline(live, "red", "2026-01-01T00:00:00+00:00")
    store.end_game(live, {"winner": "red", "reason": "Blue resigns"}, [])
    assert store.game(live)["ended"]["winner"] == "red"


def ids(games: list[dict]) -> list[int]:
    return [g["id"] for g in games]


def test_games_are_listed_by_server_and_channel_oldest_first(store):
    a = store.create_game("borodino", "7sep", 1, guild="g1", channel="c1")
    b = store.create_game("borodino", "5sep", 2, guild="g1", channel="c2")
    c = store.create_game("bloody_monday", "bloody_monday", 3, guild="g2", channel="c1")
    assert ids(store.games()) == [a, b, c]
    assert ids(store.games(guild="g1")) == [a, b] and ids(store.games(channel="c1")) == [a, c]
    assert ids(store.games(guild="g1", channel="c1")) == [a] and store.games(guild="g3") == []


def test_a_game_row_comes_back_decoded(store):
    """Options, settings, flags and pending requests are JSON in the row and plain values out."""
    game = store.create_game("borodino", "7sep", 1, {"imperial_guard": True}, hot_seat=True)
    row = store.game(game)
    assert row["options"] == {"imperial_guard": True} and row["hot_seat"] is True
    assert (row["pending_undo"], row["pending_draw"], row["pending_pause"], row["ended"]) == (None,) * 4
    assert row["settings"] == {}
    store.set_settings(game, {"deadline_hours": 24})
    store.set_pending_undo(game, {"side": "french", "seq": 0}, [])
    row = store.game(game)
    assert row["settings"] == {"deadline_hours": 24} and row["pending_undo"] == {"side": "french", "seq": 0}
    assert store.games()[0]["pending_undo"] == {"side": "french", "seq": 0}


def test_a_game_is_active_until_it_is_ended_outside_the_rules(store):
    game = store.create_game("borodino", "7sep", 1)
    assert store.game(game)["status"] == "active" and store.game(game)["ended"] is None
    store.end_game(game, {"reason": "resigned", "side": "french"}, [])
    row = store.game(game)
    assert row["status"] == "over" and row["ended"] == {"reason": "resigned", "side": "french"}


def test_a_commands_deadlines_commit_with_it_and_a_running_one_keeps_its_reminder(store):
    """Nothing accepted is half-told: `append` writes the game's deadline rows with the command: a side left out
    loses its row, a side whose due time and phase are unchanged keeps its row (and the mark of
    the reminder it had), any other gets a fresh one; a command that ends the game leaves none."""
    game = store.create_game("toy", "short", 1)
    began = "2026-01-01T00:00:00+00:00"
    store.append(game, _row(seq=0), {}, [], deadlines={"red": ("2026-01-03T00:00:00+00:00", "1/red/move", began),
                                                        "blue": ("2026-01-03T00:00:00+00:00", "1/blue/wait", began)})
    store.mark_reminded(game, "red", "2026-01-02T00:00:00+00:00")
    store.append(game, _row(seq=1), {}, [], deadlines={"red": ("2026-01-03T00:00:00+00:00", "1/red/move", began)})
    row, = store.deadlines(game)
    assert (row["side"], row["reminded_at"], row["began_at"]) == ("red", "2026-01-02T00:00:00+00:00", began)
    later = "2026-01-02T00:00:00+00:00"
    store.append(game, _row(seq=2), {}, [], deadlines={"red": ("2026-01-04T00:00:00+00:00", "1/red/dice", later)})
    row, = store.deadlines(game)
    assert (row["due_at"], row["phase_key"], row["reminded_at"], row["began_at"]) == \
        ("2026-01-04T00:00:00+00:00", "1/red/dice", None, later)
    store.append(game, _row(seq=3), {}, [])  # no deadlines given: they stay as they are
    assert len(store.deadlines(game)) == 1
    store.append(game, _row(seq=4), {}, [], status="over",
                 deadlines={"red": ("2026-01-05T00:00:00+00:00", "x", later)})
    assert store.deadlines(game) == []


def test_a_computer_seat_is_a_seat_with_its_level_budget_and_seed(store):
    """The computer's seat, how it plays and the news commit together, and its side's
    deadline goes; a seat handed back to a person is no longer the computer's."""
    game = store.create_game("toy", "short", 1)
    store.set_deadline(game, "red", "2026-03-01T14:00:00+00:00", "1:red:movement")
    store.take_computer_seat(game, "red", {"level": 1, "budget": 30.0, "seed": 7},
                             [("channel:1", {"text": "the computer takes Red"})])
    assert store.seats(game) == {"red": "computer"} and store.deadline(game, "red") is None
    assert store.computer_seats(game) == {"red": {"level": 1, "budget": 30.0, "seed": 7}}
    assert store.computer_games() == [game] and store.undelivered(game)[0]["audience"] == "channel:1"
    store.take_seat(game, "red", "u1")
    assert store.computer_seats(game) == {} and store.computer_games() == []


def test_what_an_opening_against_the_computer_awaits_is_stored_with_the_game_until_it_starts(store):
    """A game opened against the computer keeps its creator's side and name in the transaction that
    opens it, and loses them in the one that starts it: a stop between the two leaves it among the
    openings to finish; a game without the computer, or one cancelled meanwhile, is none."""
    game = store.create_game("toy", "short", 1, created_by="u1", against={"side": "blue", "name": "anna"})
    plain = store.create_game("toy", "short", 1)
    cancelled = store.create_game("toy", "short", 1, against={"side": "red", "name": "boris"})
    store.end_game(cancelled, {"result": "cancelled"}, [])
    assert store.game(game)["against"] == {"side": "blue", "name": "anna"} and store.game(plain)["against"] is None
    assert store.unfinished_openings() == [game]
    store.start_game(game)
    assert store.game(game)["against"] is None and store.unfinished_openings() == []
