"""A damaged row of any table is set aside, with a log line and a DM to the server's owner, and
everything else goes on: the bot starts past an outbox payload that is not JSON, and one game's
damaged settings leave `/game list` and `/games mine` whole (bot/damage.py)."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot.discord.app import RETRY_SECONDS
from bot.store import DamagedGame, Store
from tests.bot.discord.sim import borodino, play, reply, server

BROKEN = ["not json at all", "{\"text\": \"cut", "[1, 2]", "null"]


def spoil(store: Store, sql: str, *args: object) -> None:
    with store.transaction():
        store.db.execute(sql, list(args))


def owner_dms(s) -> list[str]:
    return [m.content for m in s.guild.owner.dm_channel.history()]


def quarantined(store: Store) -> list[tuple[str, str]]:
    return [(row["tbl"], row["row_key"]) for row in store.db.query("SELECT * FROM quarantine ORDER BY id")]


@pytest.mark.parametrize("payload", BROKEN)
def test_the_bot_starts_past_an_undelivered_row_that_is_not_json(tmp_path, payload, caplog):
    """The damaged row goes to the quarantine with a log line, the owner is told by DM, the
    row after it is sent, and the game takes its next command."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            store = s.tables.store
            await s.client.close()  # the bot stops; two messages wait, the first one damaged
            damaged = Store(db)
            damaged.add_outbox(game_id, [(f"channel:{s.channel.id}", {"text": "first"}),
                                         (f"channel:{s.channel.id}", {"text": "second"})])
            first, second = [row["id"] for row in damaged.undelivered(game_id)]
            spoil(damaged, "UPDATE outbox SET payload = ? WHERE id = ?", payload, first)
            with caplog.at_level(logging.WARNING, "kolocha.store"):
                await s.restart()
                await s.env.settle()
            store = s.tables.store
            assert f"set aside a damaged outbox row ({first}) of game {game_id}" in caplog.text
            assert quarantined(store) == [("outbox", str(first))]
            assert "second" in s.posts() and "first" not in s.posts()
            assert [row["id"] for row in store.undelivered(game_id)] == []
            assert store.outbox(game_id)[-1]["id"] != first and second in {r["id"] for r in store.outbox(game_id)}
            told, = owner_dms(s)
            assert told.startswith(f"Game {game_id}: the bot found a message to send of game {game_id} "
                                   "damaged in its database and set it aside: that message was not sent.")
            assert "game" in reply(await s.anna.slash(s.channel, "game status"))
    play(test, tmp_path)


def test_one_games_damaged_settings_leave_the_server_list_and_mine_whole(tmp_path, caplog):
    async def test(db: Path) -> None:
        async with server(db) as s:
            first = await borodino(s)
            other = s.guild.create_text_channel("other")
            await s.anna.slash(other, "game new", system="borodino", scenario="7sep")
            second = s.tables.game_in(str(other.id))["id"]
            await s.anna.slash(other, "game join", side="french")
            store = s.tables.store
            spoil(store, "UPDATE games SET settings = '{\"deadline_hours\": 4' WHERE id = ?", first)
            with caplog.at_level(logging.WARNING, "kolocha.store"):
                listed = reply(await s.mod.slash(s.channel, "game list"))
                mine = reply(await s.anna.slash(s.channel, "games mine"))
            assert f"Game {second} in" in listed and f"Game {first} in" not in listed
            assert f"Game {second} in" in mine
            assert caplog.text.count(f"set aside a damaged games row ({first})") == 1  # once, not per read
            assert quarantined(store) == [("games", str(first))]
            with pytest.raises(DamagedGame, match=f"Game {first}'s stored record is damaged"):
                store.game(first)
            await s.env.advance_time(RETRY_SECONDS)  # the outbox's periodic retry sends the notice
            told, = owner_dms(s)
            assert "its own record (its settings or options) of game" in told
            assert store.game(second)["settings"]  # positive control: the other game reads
    play(test, tmp_path)


def test_a_damaged_deadline_and_damaged_prefs_are_set_aside(store):
    """The other JSON or time columns: a due time that is not a moment, preferences that are
    not an object; the game's other deadlines still read."""
    game_id = store.create_game("toy_system", "short", 1, guild="900", channel="100")
    store.set_deadline(game_id, "red", "2030-01-01T00:00:00+00:00")
    store.set_deadline(game_id, "blue", "2030-01-02T00:00:00+00:00")
    spoil(store, "UPDATE deadlines SET due_at = 'soon' WHERE side = 'red'")
    store.set_player_prefs("1", {"tz": "Europe/Paris"})
    spoil(store, "UPDATE players SET prefs = '{\"tz\": ' WHERE user = '1'")
    assert [row["side"] for row in store.deadlines(game_id)] == ["blue"]
    assert store.player_prefs("1") == {}
    assert quarantined(store) == [("deadlines", str(game_id)), ("players", "1")]
    assert store.db.execute("SELECT reason FROM quarantine WHERE tbl = 'players'").fetchone() == \
        ("JSONDecodeError: Expecting value: line 1 column 8 (char 7)",)  # why, kept with the copy
    notice, = [row for row in store.undelivered(game_id) if row["audience"] == "owner:900"]
    assert "a deadline of game" in notice["payload"]["text"]


def test_a_damaged_row_is_kept_whole_in_the_quarantine_even_as_bytes(store):
    """A due time written as bytes (no text at all): the copy kept with the reason says what the row held;
    the server's owner is told, and a game on no server has no owner to tell."""
    game_id = store.create_game("toy_system", "short", 1, guild="900", channel="100")
    local = store.create_game("toy_system", "short", 1)
    for game in (game_id, local):
        store.set_deadline(game, "red", "2030-01-01T00:00:00+00:00")
        spoil(store, "UPDATE deadlines SET due_at = x'ff' WHERE game = ?", game)
        assert store.deadlines(game) == []
    raw = [json.loads(row[0]) for row in store.db.execute("SELECT raw FROM quarantine ORDER BY id")]
    assert raw == [{"game": game, "side": "red", "due_at": "b'\\xff'", "reminded_at": None, "phase_key": None,
                    "began_at": None} for game in (game_id, local)]
    assert [row["audience"] for row in store.outbox(game_id)] == ["owner:900"] and store.outbox(local) == []


def test_the_owners_notice_of_a_damaged_row_outlives_an_undo(store):
    """The notice waits (the owner's DMs are closed) while a player undoes the last command: the undo
    drops that command's messages, not the notice, and the file is not taken for one restored from an
    older copy (Outboxes.told_beyond_log)."""
    game_id = store.create_game("toy_system", "short", 1, guild="900", channel="100")
    store.append(game_id, {"side": "red", "user": "1", "text": "end", "normalised": "end", "issued_against_seq": 0},
                 {}, [("all", {"text": "Red: end."})])
    store.set_deadline(game_id, "red", "2030-01-01T00:00:00+00:00")
    spoil(store, "UPDATE deadlines SET due_at = 'soon'")
    assert store.deadlines(game_id) == []
    store.truncate(game_id, 1, [], issued_against_seq=1)
    assert [row["audience"] for row in store.undelivered(game_id)] == ["owner:900"]
    assert store.told_beyond_log() == []


@pytest.mark.logs_errors("kolocha.store")
def test_a_damaged_row_read_inside_a_write_or_beyond_a_lost_quarantine_is_left_out_and_logged(store, caplog):
    """Read inside another write's transaction, the row is set aside within it and logged; when the
    quarantine cannot be written (here it is gone), the row is left out all the same, and the log says so."""
    caplog.set_level(logging.WARNING, "kolocha.store")
    game_id = store.create_game("toy_system", "short", 1, guild="900", channel="100")
    for side in ("red", "blue"):
        store.set_deadline(game_id, side, "2030-01-01T00:00:00+00:00")
    spoil(store, "UPDATE deadlines SET due_at = 'soon' WHERE side = 'red'")
    with store.transaction():
        assert [row["side"] for row in store.deadlines(game_id)] == ["blue"]
    assert f"set aside a damaged deadlines row ({game_id}) of game {game_id}: ValueError: Invalid isoformat " \
        "string: 'soon'" in caplog.messages
    spoil(store, "DROP TABLE quarantine")
    spoil(store, "UPDATE deadlines SET due_at = 'later' WHERE side = 'blue'")
    assert store.deadlines(game_id) == []
    assert f"a damaged deadlines row ({game_id}) could not be set aside" in caplog.messages


JUDGED = ["not json at all", "[]", '{"said": [], "present": false}', '{"said": [{"line": 3}], "present": false}',
          '{"said": [{"line": "end", "accepted": true, "text": "Red: end."}], "present": "yes"}',
          '{"said": [{"line": "end", "accepted": true, "text": "Red: end."}], "present": true, "at": "3"}']


@pytest.mark.parametrize("column, value", [*(("lines", lines) for lines in BROKEN + ["[]", "[\"end\", 3]"]),
                                           ("first", "second"), ("first", 0),
                                           *(("judged", judged) for judged in JUDGED)])
def test_damaged_held_orders_are_set_aside_and_their_author_may_send_them_again(store, column, value):
    """Held orders whose lines are not a list of texts, whose first line's number in its message is not a
    whole number from 1, or what became of those judged before a stop not a list of what became of each: the
    side holds nothing (none is played half-read), and the server's owner is told what that means."""
    game_id = store.create_game("toy_system", "short", 1, guild="900", channel="100")
    store.hold_orders(game_id, "red", "7", "ada", ["end"])
    store.hold_orders(game_id, "blue", "8", "bo", ["end"], first=2)
    spoil(store, f"UPDATE held_orders SET {column} = ? WHERE side = 'red'", value)
    assert store.held_orders(game_id, "red") is None
    assert store.held_orders(game_id, "blue") == {"user": "8", "name": "bo", "lines": ["end"], "first": 2,
                                                  "judged": None}
    assert quarantined(store) == [("held_orders", str(game_id))]
    reason, = store.db.execute("SELECT reason FROM quarantine").fetchone()
    assert reason.startswith(("JSONDecodeError: ", "ValueError: "))  # why, kept with the copy
    notice, = [row for row in store.undelivered(game_id) if row["audience"] == "owner:900"]
    assert "a side's held orders of game" in notice["payload"]["text"]
    assert "their author may send them again" in notice["payload"]["text"]
