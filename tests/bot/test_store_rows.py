"""bot/store/, row by row: what each write leaves in the file and what each read gives back, for
the parts the service and the front ends lean on (the outbox and its delivery marks, deadlines,
seats, standing and held orders, private threads, closed DMs, settings, pauses, draws, turns). The service
tests reach them only through whole games; these name the exact rows."""
from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
import sqlite_utils

from bot.store import GameOver, SNAPSHOT_EVERY, StaleCommand, Store, UnknownGame, blank
from bot.store.migrations import MIGRATIONS

DAY1, DAY2, DAY3 = "2026-01-01T00:00:00+00:00", "2026-01-02T00:00:00+00:00", "2026-01-03T00:00:00+00:00"


def command(seq: int, text: str = "end", side: str = "red") -> dict:
    return {"side": side, "user": "u1", "text": text, "normalised": text.upper(), "issued_against_seq": seq}


def played(store: Store, n: int, **game) -> int:
    """A game of `n` stored commands, each with one message to all."""
    game_id = store.create_game("toy_system", "short", 5, **game)
    for seq in range(n):
        store.append(game_id, command(seq), {"n": seq + 1}, [("all", {"n": seq + 1})])
    return game_id


def rows(store: Store, game_id: int) -> list[tuple]:
    """(seq, audience, payload) of every outbox row of a game, oldest first."""
    return [(r["seq"], r["audience"], r["payload"]) for r in store.outbox(game_id)]


# -- games and seats -------------------------------------------------------------------------

def test_a_new_game_row_holds_what_it_was_created_with(store):
    game_id = store.create_game("borodino", "7sep", 42, {"imperial_guard": True}, guild="g", channel="c",
                                created_by="u9", salt="pepper", commitment="abc", settings={"hours": 2},
                                opening=lambda n: [("channel:c", {"text": f"game {n} opens"})])
    row = store.game(game_id)
    assert {k: row[k] for k in ("id", "guild", "channel", "system", "scenario", "options", "seed", "status",
                                "hot_seat", "created_by", "salt", "commitment", "settings", "paused",
                                "started_at", "ended")} == {
        "id": game_id, "guild": "g", "channel": "c", "system": "borodino", "scenario": "7sep",
        "options": {"imperial_guard": True}, "seed": 42, "status": "active", "hot_seat": False,
        "created_by": "u9", "salt": "pepper", "commitment": "abc", "settings": {"hours": 2}, "paused": None,
        "started_at": None, "ended": None}
    assert row["created_at"] == row["updated_at"] and row["created_at"].endswith("+00:00")
    assert rows(store, game_id) == [(0, "channel:c", {"text": f"game {game_id} opens"})]
    assert store.game_ids() == [game_id] and store.games() == [row]


def test_a_game_created_without_settings_or_options_reads_them_empty(store):
    game_id = store.create_game("toy_system", "short", 1)
    row = store.game(game_id)
    assert (row["options"], row["settings"], row["guild"], row["salt"]) == ({}, {}, None, None)
    assert store.db.execute("SELECT settings, options FROM games").fetchone() == (None, "{}")
    assert store.outbox(game_id) == []


def test_seats_are_taken_replaced_and_left_with_their_messages(store):
    game_id = played(store, 1)
    other = store.create_game("toy_system", "short", 2)
    store.take_seat(game_id, "red", "u1", [("channel:c", {"text": "u1 sits"})])
    store.take_seat(game_id, "blue", "u2")
    store.take_seat(game_id, "red", "u3")  # the seat changes hands
    store.take_seat(other, "red", "u3")
    assert store.seats(game_id) == {"red": "u3", "blue": "u2"} and store.seats(other) == {"red": "u3"}
    assert [g["id"] for g in store.games_of("u3")] == [game_id, other]
    assert [g["id"] for g in store.games_of("u2")] == [game_id] and store.games_of("u1") == []
    store.leave_seats(game_id, ["red", "green"], [("channel:c", {"text": "u3 leaves"})])
    assert store.seats(game_id) == {"blue": "u2"} and store.seats(other) == {"red": "u3"}
    assert rows(store, game_id)[1:] == [(1, "channel:c", {"text": "u1 sits"}),
                                        (1, "channel:c", {"text": "u3 leaves"})]


def test_leaving_the_seats_of_a_game_that_is_over_is_refused(store):
    game_id = played(store, 0)
    store.take_seat(game_id, "red", "u1")
    store.end_game(game_id, {"reason": "cancelled"}, [])
    with pytest.raises(GameOver):
        store.leave_seats(game_id, ["red"], [])
    assert store.seats(game_id) == {"red": "u1"}
    with pytest.raises(UnknownGame, match=r"^There is no game 77\.$"):
        store.leave_seats(77, ["red"], [])


def test_the_stories_of_a_game_are_read_after_a_row_or_by_command_and_the_last_row_to_a_place(store):
    """Only rows that carry a story (a change's channel line); of this game alone."""
    game_id, other = played(store, 0), played(store, 0)
    for seq, story in enumerate(("A moves.", None, "B attacks.", "C retreats.")):
        store.append(game_id, command(seq), {}, [("channel:1", {"text": "x"} | ({"story": story} if story else {}))])
    store.append(other, command(0), {}, [("channel:2", {"text": "y", "story": "Elsewhere."})])
    assert store.stories(game_id) == ["A moves.", "B attacks.", "C retreats."]
    assert store.stories(game_id, seqs=(2, 3)) == ["B attacks."]
    last = store.last_row_to(game_id, "channel:1")
    assert store.stories(game_id, last - 1) == ["C retreats."] and store.stories(game_id, last) == []
    assert store.last_row_to(game_id, "channel:9") == 0


def test_spectators_are_listed_once_per_channel_with_the_message_of_joining(store):
    game_id = played(store, 2)
    store.add_spectator(game_id, "c1", [("channel:c1", {"text": "watching"})])
    store.add_spectator(game_id, "c1")
    store.add_spectator(game_id, "c2")
    assert sorted(store.spectators(game_id)) == ["c1", "c2"]
    assert rows(store, game_id)[-1] == (2, "channel:c1", {"text": "watching"})


def test_a_players_preferences_are_stored_replaced_and_empty_when_unknown(store):
    assert store.player_prefs("u1") == {} and store.player_prefs(None) == {}
    store.set_player_prefs("u1", {"tz": "Europe/Paris"})
    store.set_player_prefs("u2", {"tz": "UTC"})
    store.set_player_prefs("u1", {"tz": "Asia/Tokyo", "quiet": [22, 7]})
    assert store.player_prefs("u1") == {"tz": "Asia/Tokyo", "quiet": [22, 7]}
    assert store.player_prefs("u2") == {"tz": "UTC"}


# -- commands, snapshots, turns ----------------------------------------------------------------

def test_commands_are_read_between_two_numbers(store):
    game_id = played(store, 4)
    stored = store.commands(game_id)
    assert [c["seq"] for c in stored] == [1, 2, 3, 4]
    assert {k: stored[0][k] for k in ("game", "side", "user", "text", "normalised", "issued_against_seq")} == {
        "game": game_id, "side": "red", "user": "u1", "text": "end", "normalised": "END", "issued_against_seq": 0}
    assert [c["seq"] for c in store.commands(game_id, after=1, upto=3)] == [2, 3]
    assert [c["seq"] for c in store.commands(game_id, after=3)] == [4]
    assert store.commands(game_id, upto=0) == [] and store.last_seq(game_id) == 4
    assert store.last_seq(played(store, 0)) == 0


def test_a_snapshot_is_kept_every_few_commands_and_read_newest_first(store):
    game_id = played(store, 2 * SNAPSHOT_EVERY + 1)
    assert store.snapshots(game_id) == {SNAPSHOT_EVERY: {"n": SNAPSHOT_EVERY},
                                        2 * SNAPSHOT_EVERY: {"n": 2 * SNAPSHOT_EVERY}}
    assert store.snapshots_before(game_id, 2 * SNAPSHOT_EVERY) == [
        (2 * SNAPSHOT_EVERY, {"n": 2 * SNAPSHOT_EVERY}), (SNAPSHOT_EVERY, {"n": SNAPSHOT_EVERY})]
    assert store.snapshots_before(game_id, 2 * SNAPSHOT_EVERY - 1) == [(SNAPSHOT_EVERY, {"n": SNAPSHOT_EVERY})]
    assert store.snapshots_before(game_id, SNAPSHOT_EVERY - 1) == []


def test_a_command_stores_its_turn_and_an_undo_forgets_the_turns_it_took_back(store):
    """Spectators one turn behind are shown the start of the turn before (bot/tables/news.py):
    a turn begun by a command an undo took back must not come back when another command is
    stored at its number without beginning a turn."""
    game_id = played(store, 0)
    store.start_game(game_id, turn="1")
    store.append(game_id, command(0), {}, [])
    store.append(game_id, command(1), {}, [], turn="2")
    store.append(game_id, command(2), {}, [])
    store.append(game_id, command(3), {}, [], turn="3")
    assert store.turn_starts(game_id) == {"1": 0, "2": 2, "3": 4}
    store.truncate(game_id, 4, [], issued_against_seq=4)
    assert store.turn_starts(game_id) == {"1": 0, "2": 2}
    store.append(game_id, command(3), {}, [])
    assert store.turn_starts(game_id) == {"1": 0, "2": 2}
    store.append(game_id, command(4), {}, [], turn="3")
    assert store.turn_starts(game_id) == {"1": 0, "2": 2, "3": 5}


def test_a_player_turn_began_after_the_command_that_began_it_and_the_first_after_none(store):
    """Where a player's question message of the player-turn counts from (bot/tables/news.py): the
    game's first player-turn began after no command (0), each later one after the command that began it,
    and an undo forgets the player-turns it took back."""
    game_id = played(store, 0)
    store.append(game_id, command(0), {}, [], player_turn=False)
    assert store.player_turn_start(game_id, 1) == 0
    store.append(game_id, command(1), {}, [], player_turn=True)
    store.append(game_id, command(2), {}, [], player_turn=False)
    assert [store.player_turn_start(game_id, seq) for seq in (0, 1, 2, 3)] == [0, 0, 2, 2]
    store.truncate(game_id, 2, [], issued_against_seq=3)
    assert store.player_turn_start(game_id, 3) == 0


def test_a_command_sets_the_status_and_clears_a_draw_offer(store):
    game_id = played(store, 1)
    store.set_pending_draw(game_id, {"by": "red"}, [("blue", {"text": "red offers a draw"})])
    assert store.game(game_id)["pending_draw"] == {"by": "red"}
    assert rows(store, game_id)[-1] == (1, "blue", {"text": "red offers a draw"})
    before = store.game(game_id)["updated_at"]
    store.append(game_id, command(1), {}, [])
    row = store.game(game_id)
    assert (row["pending_draw"], row["status"]) == (None, "active") and row["updated_at"] >= before
    store.append(game_id, command(2), {}, [], status="over")
    assert store.game(game_id)["status"] == "over"


def test_a_draw_offer_is_withdrawn_and_refused_once_the_game_is_over(store):
    game_id = played(store, 1)
    store.set_pending_draw(game_id, {"by": "red"}, [])
    store.set_pending_draw(game_id, None, [("all", {"text": "withdrawn"})])
    assert store.game(game_id)["pending_draw"] is None
    assert rows(store, game_id)[-1] == (1, "all", {"text": "withdrawn"})
    store.end_game(game_id, {"reason": "draw"}, [])
    with pytest.raises(GameOver):
        store.set_pending_draw(game_id, {"by": "blue"}, [])
    assert store.game(game_id)["pending_draw"] is None


def test_an_undo_keeps_the_messages_already_delivered_and_reopens_the_game(store):
    game_id = played(store, 3)
    delivered = [r["id"] for r in store.outbox(game_id) if r["seq"] == 3]
    store.mark_delivered(*delivered)
    store.set_pending_undo(game_id, {"by": "red"}, [("blue", {"text": "undo?"})])
    assert store.game(game_id)["pending_undo"] == {"by": "red"}
    store.truncate(game_id, 2, [("all", {"text": "undone"})], issued_against_seq=3)
    assert rows(store, game_id) == [(1, "all", {"n": 1}), (3, "all", {"n": 3}), (1, "all", {"text": "undone"})]
    assert store.game(game_id)["status"] == "active" and store.game(game_id)["pending_undo"] is None
    assert [c["seq"] for c in store.commands(game_id)] == [1]


# -- the outbox -------------------------------------------------------------------------------------

def test_undelivered_rows_of_one_game_or_of_all_oldest_first(store):
    first, second = played(store, 1), played(store, 1)
    store.add_outbox(first, [("user:u1", {"text": "a notice"})])
    assert [r["payload"] for r in store.undelivered(first)] == [{"n": 1}, {"text": "a notice"}]
    assert [(r["game"], r["payload"]) for r in store.undelivered()] == [
        (first, {"n": 1}), (second, {"n": 1}), (first, {"text": "a notice"})]
    notice = store.undelivered(first)[1]
    assert (notice["seq"], notice["audience"], notice["delivered_at"]) == (1, "user:u1", None)
    assert (notice["pieces_sent"], notice["attempts"], notice["retry_at"]) == (0, 0, None)


def test_delivered_rows_leave_the_undelivered_list_but_stay_in_the_record(store):
    game_id = played(store, 3)
    one, two, three = (r["id"] for r in store.outbox(game_id))
    store.mark_delivered(one, three)
    assert [r["id"] for r in store.undelivered(game_id)] == [two]
    record = store.outbox(game_id)
    assert [r["id"] for r in record] == [one, two, three]
    assert record[0]["delivered_at"] is not None and record[1]["delivered_at"] is None
    assert record[0]["payload"] == {"n": 1}


def test_rows_not_yet_tried_are_told_again_and_a_row_tried_meanwhile_stays(store):
    game_id = played(store, 4)
    one, two, three, four = (r["id"] for r in store.outbox(game_id))
    store.mark_delivered(one)
    store.set_tried(three, DAY1)
    assert [r["id"] for r in store.undelivered_since(game_id, 2)] == [two, three, four]
    store.tell_again({one: {"n": "again"}, two: {"n": "again"}, three: None, four: None})
    assert [payload for _, _, payload in rows(store, game_id)] == [{"n": 1}, {"n": "again"}, {"n": 3}]


def test_a_split_row_counts_its_pieces_and_a_failed_send_its_attempts(store):
    game_id = played(store, 2)
    one, two = (r["id"] for r in store.outbox(game_id))
    store.mark_pieces_sent(one, 2)
    store.mark_failed(one, DAY2)
    store.mark_failed(one, DAY3)
    row, other = store.outbox(game_id)
    assert (row["pieces_sent"], row["attempts"], row["retry_at"]) == (2, 2, DAY3)
    assert (other["pieces_sent"], other["attempts"], other["retry_at"]) == (0, 0, None)
    assert row["delivered_at"] is None


def test_a_persons_undelivered_rows_are_theirs_by_name_or_by_seat(store):
    game_id, other = played(store, 0), played(store, 0)
    store.take_seat(game_id, "red", "u1")
    store.take_seat(other, "blue", "u1")
    store.add_outbox(game_id, [("red", {"k": 1}), ("blue", {"k": 2}), ("user:u1", {"k": 3}),
                               ("user:u2", {"k": 4}), ("all", {"k": 5})])
    store.add_outbox(other, [("red", {"k": 6}), ("blue", {"k": 7})])
    mine = store.undelivered_to("u1")
    assert [r["payload"] for r in mine] == [{"k": 1}, {"k": 3}, {"k": 7}]
    store.mark_delivered(mine[0]["id"])
    assert [r["payload"] for r in store.undelivered_to("u1")] == [{"k": 3}, {"k": 7}]
    assert [r["payload"] for r in store.undelivered_to("u2")] == [{"k": 4}]


def test_a_row_given_up_is_sent_no_more_and_the_rows_carrying_its_words_are_told_at_the_last_command(store):
    game_id, other = played(store, 2), played(store, 1)
    store.add_outbox(game_id, [("channel:c", {"text": "lost"})])
    lost = store.undelivered(game_id)[-1]["id"]
    store.give_up(lost, game_id, [("user:u1", {"text": "by DM instead"}), ("user:u2", {"text": "and to you"})])
    assert [r["payload"] for r in store.undelivered(game_id)] == [
        {"n": 1}, {"n": 2}, {"text": "by DM instead"}, {"text": "and to you"}]
    gone = next(r for r in store.outbox(game_id) if r["id"] == lost)
    assert gone["given_up"] is not None and gone["delivered_at"] is None
    assert rows(store, game_id)[-2:] == [(2, "user:u1", {"text": "by DM instead"}),
                                         (2, "user:u2", {"text": "and to you"})]
    assert [r["payload"] for r in store.undelivered(other)] == [{"n": 1}]  # another game's rows stay


def test_the_newest_row_beyond_the_log_tells_a_restored_file(store):
    game_id, other = played(store, 3), played(store, 1)
    assert store.told_beyond_log() == []  # each game's newest row is at its last command
    store.db.execute("DELETE FROM commands WHERE game = ? AND seq = 3", [game_id])  # an older copy's log
    assert store.told_beyond_log() == [(game_id, 2, 3)]


def test_the_marks_beside_the_file_tell_a_whole_restored_copy_not_a_file_written_since(tmp_path):
    """A whole copy restored holds no row beyond its log: the marks beside it (bot/store/told.py)
    say how far each game's news went. A file holding rows newer than a mark (a terminal played
    and undid in it since) is not older, and is told nothing; an unreadable marks file is none."""
    path = tmp_path / "k.sqlite"
    store = Store(path)
    game_id = played(store, 3)
    for row in store.outbox(game_id):
        store.mark_delivered(row["id"])
        store.note_told(row)
    store.db.execute("DELETE FROM outbox WHERE game = ? AND seq = 3", [game_id])  # the copy's outbox
    store.db.execute("DELETE FROM commands WHERE game = ? AND seq = 3", [game_id])  # and its log
    assert Store(path).told_beyond_log() == [(game_id, 2, 3)]  # another process reads the marks
    store.append(game_id, command(2), {"n": 3}, [("all", {"n": 3})])  # another program wrote since
    store.db.execute("DELETE FROM commands WHERE game = ? AND seq = 3", [game_id])  # and undid it
    store.add_outbox(game_id, [("all", {"undone": True})])
    assert Store(path).told_beyond_log() == []
    Path(f"{path}.told").write_text("not what the bot writes")
    assert Store(path).told_beyond_log() == []
    store.mark_delivered(*(row["id"] for row in store.outbox(game_id)))
    store.told_anew()  # each start writes them from the file: its newest delivered row
    assert Store(path).told.marks() == {game_id: (store.outbox(game_id)[-1]["id"], 2)}


def test_a_question_is_found_from_the_player_turn_it_was_asked_in(store):
    game_id = played(store, 3)
    store.add_outbox(game_id, [("red", {"text": "a notice"})])
    assert not store.asked_since(game_id, "red", 0)  # no question yet
    store.add_outbox(game_id, [("red", {"text": "your move", "question": {"since": 3, "fresh": True}})])
    assert store.asked_since(game_id, "red", 3) and store.asked_since(game_id, "red", 1)
    assert not store.asked_since(game_id, "red", 4) and not store.asked_since(game_id, "blue", 0)
    assert store.last_question(game_id, "red")["payload"]["text"] == "your move"
    assert store.last_question(game_id, "blue") is None


def test_an_answer_written_into_an_earlier_player_turn_s_question_is_no_question_of_the_next(store):
    """The typed answer that ended a player-turn is written into its question at that command, but counts for the
    player-turn its question was asked in: the next one's first question is a new DM."""
    game_id = played(store, 2)
    store.add_outbox(game_id, [("red", {"text": "retreat?", "question": {"since": 1, "fresh": True},
                                        "buttons": {"answers": ["retreat 4"], "game": game_id, "side": "red",
                                                    "seq": 2}})])
    store.append(game_id, command(2), {"n": 3}, [("red", {"text": "Red: retreat 4.", "question": {
        "since": 1, "fresh": False, "answer": "Red: retreat 4."}})], player_turn=True)
    assert store.asked_since(game_id, "red", 1) and not store.asked_since(game_id, "red", 3)
    assert store.last_question(game_id, "red")["payload"]["text"] == "Red: retreat 4."  # its buttons gone


def test_closed_dms_are_remembered_replaced_and_cleared(store):
    assert store.closed_dm("u1") is None
    store.set_closed_dm("u1", 1, DAY2)
    store.set_closed_dm("u2", 4, DAY3)
    store.set_closed_dm("u1", 2, DAY3)
    assert store.closed_dm("u1") == {"user": "u1", "failures": 2, "retry_at": DAY3}
    store.clear_closed_dm("u1")
    assert store.closed_dm("u1") is None and store.closed_dm("u2") == {"user": "u2", "failures": 4,
                                                                          "retry_at": DAY3}


def test_a_players_private_thread_is_per_game_and_replaced(store):
    first, second = played(store, 0), played(store, 0)
    assert store.private_thread(first, "u1") is None
    store.set_private_thread(first, "u1", "t1")
    store.set_private_thread(first, "u2", "t2")
    store.set_private_thread(second, "u1", "t3")
    store.set_private_thread(first, "u1", "t4")
    assert [store.private_thread(first, "u1"), store.private_thread(first, "u2"),
            store.private_thread(second, "u1"), store.private_thread(second, "u2")] == ["t4", "t2", "t3", None]


def test_a_private_thread_given_up_says_so_at_the_last_command(store):
    game_id = played(store, 2)
    store.set_private_thread(game_id, "u1", "t1")
    store.set_private_thread(game_id, "u2", "t2")
    store.drop_private_thread(game_id, "u1", [("user:u1", {"text": "by DM again"})])
    assert (store.private_thread(game_id, "u1"), store.private_thread(game_id, "u2")) == (None, "t2")
    assert rows(store, game_id)[-1] == (2, "user:u1", {"text": "by DM again"})


def test_standing_orders_are_per_side_and_kind_and_ask_removes_one(store):
    game_id, other = played(store, 0), played(store, 0)
    store.set_standing_order(game_id, "red", "retreat", "never")
    store.set_standing_order(game_id, "red", "hits", "strongest")
    store.set_standing_order(game_id, "blue", "retreat", "always")
    store.set_standing_order(other, "red", "retreat", "always")
    store.set_standing_order(game_id, "red", "retreat", "always")
    assert store.standing_orders(game_id, "red") == {"retreat": "always", "hits": "strongest"}
    store.set_standing_order(game_id, "red", "hits", "ask")
    assert store.standing_orders(game_id, "red") == {"retreat": "always"}
    assert store.standing_orders(game_id, "blue") == {"retreat": "always"}
    assert store.standing_orders(other, "red") == {"retreat": "always"}
    assert store.standing_orders(other, "blue") == {}



def test_held_orders_are_per_side_replaced_dropped_and_forgotten_when_the_game_ends(store):
    """A side's held orders (bot/tables/held.py): one set a side, a new message replacing the old;
    nothing is held once the game is over, by the rules or outside them. Each keeps the number of
    its first order in the message it came from."""
    game_id, other = played(store, 1), played(store, 0)
    store.hold_orders(game_id, "red", "7", "ada", ["move 1 2", "end"], first=2)
    store.hold_orders(game_id, "red", "7", "ada", ["end"], first=3)
    store.hold_orders(game_id, "blue", "8", "bo", ["attack 3"])
    store.hold_orders(other, "red", "7", "ada", ["end"])
    assert store.held_orders(game_id, "red") == {"user": "7", "name": "ada", "lines": ["end"], "first": 3,
                                                "judged": None}
    assert store.held_orders(game_id, "blue")["first"] == 1
    store.drop_held_orders(game_id, "red")
    assert store.held_orders(game_id, "red") is None and store.held_orders(game_id, "blue") is not None
    store.append(game_id, command(1), {}, [], status="over")
    store.end_game(other, {"reason": "cancelled"}, [])
    assert store.held_orders(game_id, "blue") is None and store.held_orders(other, "red") is None
    assert store.db.execute("SELECT COUNT(*) FROM held_orders").fetchone()[0] == 0


def test_held_orders_kept_as_meta_values_move_to_their_table(tmp_path):
    """A file from before the held_orders table kept them as meta values, a blank value for
    none: each set moves to the table (those of games no longer in the file are dropped), and
    no meta value of held orders is left."""
    path = tmp_path / "old.sqlite"
    db = sqlite_utils.Database(path)
    MIGRATIONS.apply(db, stop_before="held_orders: the rest of a side's message of orders, "
                                     "waiting for a choice to be made")
    db.execute("INSERT INTO games (id, system, scenario, seed, status) VALUES (1, 'toy_system', 'short', 1, 'active')")
    held = {"user": "7", "name": "ada", "lines": ["move 1 2", "end"]}
    db.execute("INSERT INTO meta VALUES (?, ?)", ["held orders: 1 red", json.dumps(held)])
    db.execute("INSERT INTO meta VALUES (?, ?)", ["held orders: 1 blue", ""])
    db.execute("INSERT INTO meta VALUES (?, ?)", ["held orders: 2 red", json.dumps(held)])
    db.execute("INSERT INTO meta VALUES (?, ?)", ["told how to give orders: 7", "1"])
    db.conn.commit()
    db.close()
    store = Store(path)
    assert store.held_orders(1, "red") == held | {"first": 1, "judged": None}
    assert store.held_orders(1, "blue") is None and store.held_orders(2, "red") is None
    assert [row[0] for row in store.db.execute("SELECT key FROM meta")] == ["told how to give orders: 7"]


def test_held_orders_kept_before_their_first_number_are_numbered_from_1(tmp_path):
    """A file from before held orders kept the number of their first order in its message: those it
    holds are numbered from 1, as their author's word on them numbered them then."""
    path = tmp_path / "old.sqlite"
    db = sqlite_utils.Database(path)
    MIGRATIONS.apply(db, stop_before="held_orders.first: the number of the first order held in the message it "
                                     "came from")
    db.execute("INSERT INTO games (id, system, scenario, seed, status) VALUES (1, 'toy_system', 'short', 1, 'active')")
    db.execute("INSERT INTO held_orders VALUES (1, 'red', '7', 'ada', ?)", [json.dumps(["end"])])
    db.conn.commit()
    db.close()
    assert Store(path).held_orders(1, "red") == {"user": "7", "name": "ada", "lines": ["end"], "first": 1,
                                                 "judged": None}


# -- deadlines ----------------------------------------------------------------------------------------

def deadline_row(store: Store, game_id: int, side: str) -> tuple:
    row = store.deadline(game_id, side)
    assert row is not None
    return row["due_at"], row["phase_key"], row["reminded_at"], row["began_at"]


def test_a_fresh_deadline_replaces_the_old_one_and_forgets_its_reminder(store):
    game_id = played(store, 2)
    store.set_deadline(game_id, "red", DAY2, "1/red/move", [("red", {"text": "due"})], began_at=DAY1)
    store.mark_reminded(game_id, "red", DAY1, [("red", {"text": "reminder"})])
    assert deadline_row(store, game_id, "red") == (DAY2, "1/red/move", DAY1, DAY1)
    store.set_deadline(game_id, "red", DAY3)
    assert deadline_row(store, game_id, "red") == (DAY3, None, None, None)
    assert store.deadline(game_id, "blue") is None
    assert rows(store, game_id)[2:] == [(2, "red", {"text": "due"}), (2, "red", {"text": "reminder"})]


def test_deadlines_are_listed_soonest_first_for_one_game_or_all(store):
    first, second = played(store, 0), played(store, 0)
    store.set_deadline(first, "red", DAY3)
    store.set_deadline(second, "red", DAY1)
    store.set_deadline(first, "blue", DAY2)
    assert [(d["game"], d["side"]) for d in store.deadlines()] == [(second, "red"), (first, "blue"), (first, "red")]
    assert [d["side"] for d in store.deadlines(first)] == ["blue", "red"]


def test_a_reminder_marks_only_its_own_side(store):
    game_id = played(store, 0)
    store.set_deadline(game_id, "red", DAY3)
    store.set_deadline(game_id, "blue", DAY3)
    store.mark_reminded(game_id, "red", DAY2)
    assert store.deadline(game_id, "red")["reminded_at"] == DAY2
    assert store.deadline(game_id, "blue")["reminded_at"] is None


def test_retimed_deadlines_keep_their_reminder_and_say_so(store):
    """A player changed their own time: the rows read back with new due times replace
    the stored ones, reminder and start included, with the message saying so."""
    game_id = played(store, 1)
    store.set_deadline(game_id, "red", DAY2, "1/red/move", began_at=DAY1)
    store.mark_reminded(game_id, "red", DAY1)
    row = store.deadline(game_id, "red")
    store.retime_deadlines(game_id, [{**row, "due_at": DAY3}], [("red", {"text": "retimed"})])
    assert deadline_row(store, game_id, "red") == (DAY3, "1/red/move", DAY1, DAY1)
    assert rows(store, game_id)[-1] == (1, "red", {"text": "retimed"})
    store.end_game(game_id, {"reason": "cancelled"}, [])
    with pytest.raises(GameOver):
        store.retime_deadlines(game_id, [{**row, "due_at": DAY1}])


def test_new_settings_reshape_the_running_deadlines_with_their_message(store):
    game_id = played(store, 1)
    store.set_deadline(game_id, "red", DAY2, "1/red/move", began_at=DAY1)
    store.set_deadline(game_id, "blue", DAY2, "1/blue/wait")
    before = store.game(game_id)["updated_at"]
    red = store.deadline(game_id, "red")
    store.set_settings(game_id, {"deadline_hours": 48}, [("all", {"text": "48 h"})], [{**red, "due_at": DAY3}])
    assert store.game(game_id)["settings"] == {"deadline_hours": 48} and store.game(game_id)["updated_at"] >= before
    assert deadline_row(store, game_id, "red") == (DAY3, "1/red/move", None, DAY1)
    assert deadline_row(store, game_id, "blue") == (DAY2, "1/blue/wait", None, None)
    assert rows(store, game_id)[-1] == (1, "all", {"text": "48 h"})


def test_a_started_game_stores_its_start_turn_news_and_first_deadlines(store):
    game_id = played(store, 0)
    store.set_deadline(game_id, "blue", DAY1)
    store.start_game(game_id, [("all", {"text": "begins"})], turn="1",
                     deadlines={"red": (DAY2, "1/red/move", DAY1)})
    row = store.game(game_id)
    assert row["started_at"] is not None and row["updated_at"] == row["started_at"] >= row["created_at"]
    assert store.turn_starts(game_id) == {"1": 0}
    assert rows(store, game_id) == [(0, "all", {"text": "begins"})]
    assert [d["side"] for d in store.deadlines(game_id)] == ["red"]
    assert deadline_row(store, game_id, "red") == (DAY2, "1/red/move", None, DAY1)


def test_an_ended_game_keeps_no_deadline_and_says_why(store):
    game_id, other = played(store, 1), played(store, 0)
    store.set_deadline(game_id, "red", DAY2)
    store.set_deadline(other, "red", DAY2)
    store.end_game(game_id, {"reason": "forfeit", "side": "red"}, [("all", {"text": "red forfeits"})])
    assert store.deadlines(game_id) == [] and len(store.deadlines(other)) == 1
    assert rows(store, game_id)[-1] == (1, "all", {"text": "red forfeits"})
    assert store.game(other)["status"] == "active"


def test_a_pause_stops_every_deadline_and_a_resume_starts_them_again(store):
    game_id = played(store, 1, channel="100")
    store.set_deadline(game_id, "red", DAY2)
    store.set_pending_pause(game_id, {"by": "red", "ask": "pause"}, [("blue", {"text": "pause?"})])
    assert store.game(game_id)["pending_pause"] == {"by": "red", "ask": "pause"}
    store.pause_game(game_id, "agreed", [("all", {"text": "paused"})])
    row = store.game(game_id)
    assert (row["paused"], row["pending_pause"]) == ("agreed", None) and store.deadlines(game_id) == []
    store.set_pending_pause(game_id, {"by": "blue", "ask": "resume"}, [])
    store.resume_game(game_id, "101", [("all", {"text": "resumed"})], deadlines={"red": (DAY3, "1/red/move", DAY2)})
    row = store.game(game_id)
    assert (row["paused"], row["pending_pause"], row["channel"]) == (None, None, "101")
    assert deadline_row(store, game_id, "red") == (DAY3, "1/red/move", None, DAY2)
    assert rows(store, game_id)[1:] == [
        (1, "blue", {"text": "pause?"}), (1, "all", {"text": "paused"}), (1, "all", {"text": "resumed"})]


def test_a_pause_asked_in_a_game_that_is_over_is_refused(store):
    game_id = played(store, 0)
    store.set_pending_pause(game_id, {"by": "red"}, [])
    store.set_pending_pause(game_id, None, [])
    assert store.game(game_id)["pending_pause"] is None
    store.end_game(game_id, {"reason": "cancelled"}, [])
    with pytest.raises(GameOver):
        store.set_pending_pause(game_id, {"by": "red"}, [])
    assert store.game(game_id)["pending_pause"] is None


def test_the_store_refuses_with_the_players_sentence(store):
    """A refusal of the store is one sentence for the player; a notice outside the
    game's commands (a reminder) is still stored after the end (positive control)."""
    game_id = played(store, 2)
    with pytest.raises(StaleCommand) as stale:
        store.append(game_id, command(1), {}, [])
    assert str(stale.value) == ("Another command was stored while yours was being judged (the game is now at "
                                "command 2, yours was judged at command 1); nothing was applied. Look at the "
                                "game again and resend.")
    store.end_game(game_id, {"reason": "cancelled"}, [])
    with pytest.raises(GameOver) as over:
        store.append(game_id, command(2), {}, [])
    assert str(over.value) == f"Game {game_id} is over; it takes no more commands."
    store.add_outbox(game_id, [("all", {"text": "archived"})])
    assert rows(store, game_id)[-1] == (2, "all", {"text": "archived"})


def test_an_undo_refused_as_stale_says_both_positions_and_an_undo_stores_its_deadlines(store):
    game_id = played(store, 3)
    with pytest.raises(StaleCommand) as stale:
        store.truncate(game_id, 2, [], issued_against_seq=2)
    assert "(the game is now at command 3, yours was judged at command 2)" in str(stale.value)
    store.set_deadline(game_id, "blue", DAY1)
    store.truncate(game_id, 3, [], issued_against_seq=3, deadlines={"red": (DAY3, "1/red/move", DAY2)})
    assert [d["side"] for d in store.deadlines(game_id)] == ["red"]
    assert deadline_row(store, game_id, "red") == (DAY3, "1/red/move", None, DAY2)


def test_an_undo_request_is_announced_at_the_last_command(store):
    game_id = played(store, 2)
    store.set_pending_undo(game_id, {"by": "red", "seq": 2, "command": "end"}, [("blue", {"text": "undo?"})])
    assert rows(store, game_id)[-1] == (2, "blue", {"text": "undo?"})


def test_a_game_started_after_commands_stores_its_turn_and_news_at_the_last_one(store):
    game_id = played(store, 2)
    store.start_game(game_id, [("all", {"text": "begins"})], turn="1")
    assert store.turn_starts(game_id) == {"1": 2}
    assert rows(store, game_id)[-1] == (2, "all", {"text": "begins"})


def test_a_closed_store_is_used_no_more(tmp_path):
    """At shutdown every connection closes; the store refuses any use after, in a new thread too."""
    closing = blank(tmp_path / "c.sqlite")
    closing.create_game("toy_system", "short", 1)
    closing.close()
    with pytest.raises(sqlite3.ProgrammingError, match="closed"):
        closing.game_ids()
    errors: list[BaseException] = []
    thread = threading.Thread(target=lambda: errors.append(pytest.raises(sqlite3.ProgrammingError,
                                                                         closing.game_ids).value))
    thread.start()
    thread.join()
    assert [str(e) for e in errors] == ["Cannot operate on a closed database."]
    assert Store(tmp_path / "c.sqlite").game_ids() == [1]  # the file itself is whole


# -- what the first mutation runs found unread -------------------------------------------

def test_a_long_games_commands_are_all_read_when_no_upper_bound_is_given(store):
    game_id = played(store, 5 * SNAPSHOT_EVERY + 1)
    assert [c["seq"] for c in store.commands(game_id)] == list(range(1, 5 * SNAPSHOT_EVERY + 2))
    assert [c["seq"] for c in store.commands(game_id, after=5 * SNAPSHOT_EVERY)] == [5 * SNAPSHOT_EVERY + 1]


def test_a_deadline_is_compared_with_its_own_games_row_only(store):
    """A side whose deadline is unchanged keeps its row (and its reminder); the rows compared are
    the game's own, not another game's with the same side, due time and phase."""
    other, game_id = played(store, 0), played(store, 0)
    store.start_game(other, deadlines={"red": (DAY2, "1/red/move", DAY1)})
    store.start_game(game_id, deadlines={"red": (DAY2, "1/red/move", DAY1), "blue": (DAY2, "1/blue/move", DAY1)})
    assert deadline_row(store, game_id, "red") == (DAY2, "1/red/move", None, DAY1)
    store.mark_reminded(game_id, "red", DAY1)
    store.append(game_id, command(0), {}, [], deadlines={"red": (DAY2, "1/red/move", DAY1),
                                                         "blue": (DAY3, "2/blue/move", DAY2)})
    assert deadline_row(store, game_id, "red") == (DAY2, "1/red/move", DAY1, DAY1)
    assert deadline_row(store, game_id, "blue") == (DAY3, "2/blue/move", None, DAY2)
    assert deadline_row(store, other, "red") == (DAY2, "1/red/move", None, DAY1)


def test_a_withdrawn_request_is_stored_as_null_not_as_the_text_null(store):
    """A pause, draw or undo request withdrawn leaves SQL NULL in its column (what `IS NULL` finds),
    not the JSON text 'null'."""
    game_id = played(store, 1)
    store.set_pending_pause(game_id, {"by": "red", "ask": "pause"}, [])
    store.set_pending_draw(game_id, {"by": "red"}, [])
    store.set_pending_undo(game_id, {"by": "red"}, [])
    pending = "SELECT pending_pause, pending_draw, pending_undo FROM games WHERE id = ?"
    assert store.db.execute(pending, [game_id]).fetchone() == (
        '{"by": "red", "ask": "pause"}', '{"by": "red"}', '{"by": "red"}')
    store.set_pending_pause(game_id, None, [])
    store.set_pending_draw(game_id, None, [])
    store.set_pending_undo(game_id, None, [])
    assert store.db.execute(pending, [game_id]).fetchone() == (None, None, None)


def test_a_computer_seat_taken_mid_game_is_announced_at_the_last_command_and_ends_with_the_game(store):
    game_id, other = played(store, 2), played(store, 0)
    seat = {"level": 2, "budget": 5.0, "seed": 3}
    store.take_computer_seat(game_id, "blue", seat, [("all", {"text": "the computer takes Blue"})])
    store.take_computer_seat(other, "red", seat)
    assert rows(store, game_id)[-1] == (2, "all", {"text": "the computer takes Blue"})
    assert store.computer_games() == [game_id, other]
    store.end_game(game_id, {"reason": "resigned", "side": "red"}, [])
    assert store.computer_games() == [other] and store.computer_seats(game_id) == {"blue": seat}


def test_a_game_row_whose_options_were_lost_reads_as_no_options(store):
    """A damaged row (options NULL or empty) reads as a game without options, not a crash."""
    game_id = store.create_game("toy_system", "short", 1, {"fog": True})
    assert store.game(game_id)["options"] == {"fog": True}
    for lost in (None, ""):
        store.db.execute("UPDATE games SET options = ? WHERE id = ?", [lost, game_id])
        assert store.game(game_id)["options"] == {}


def test_an_in_memory_store_writes_no_file_and_is_its_own(tmp_path, monkeypatch):
    """`:memory:` is SQLite's name for a database in memory, not a file name: two such stores are
    apart, and nothing is written in the working folder."""
    monkeypatch.chdir(tmp_path)
    first, second = Store(":memory:"), Store(":memory:")
    first.create_game("toy_system", "short", 1)
    assert (first.game_ids(), second.game_ids()) == ([1], [])
    assert first.db.execute("PRAGMA journal_mode").fetchone()[0] == "memory"
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_is_migrated_under_a_lock_that_leaves_no_file(tmp_path, monkeypatch):
    """The migration's lock file is beside the database while it is held (never in the working
    folder), and gone once the file is migrated."""
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    monkeypatch.chdir(here)
    seen = []
    monkeypatch.setattr(MIGRATIONS, "apply", lambda db, apply=MIGRATIONS.apply: (
        seen.append(sorted(p.name for p in there.iterdir() if "lock" in p.name)), apply(db))[1])
    Store(there / "k.sqlite").close()
    assert seen == [["k.sqlite-migrate.lock"]]
    assert [p.name for p in there.iterdir()] == ["k.sqlite"]
    assert list(here.iterdir()) == []
