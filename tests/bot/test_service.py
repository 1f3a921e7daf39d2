"""bot/service.py: loading, refusals, undo and consent, queries, routing, error handling."""
from __future__ import annotations

from bot.service import SORRY, GameService
from bot.store import SNAPSHOT_EVERY
from tests.bot import toy_system
from tests.bot.bot_helpers import straight_replay, submit_all, toy_commands


def test_load_is_snapshot_plus_replay_and_equals_a_straight_replay(service, store):
    game = service.new_game("toy_system", "long", seed=7)
    commands = toy_commands(n=80)
    assert all(r.accepted for r in submit_all(service, game, commands))
    assert sorted(store.snapshots(game)) == [SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, 3 * SNAPSHOT_EVERY]
    cold = GameService(store, loader=lambda name: toy_system)
    assert cold.load(game) == straight_replay("long", 7, commands) == service.load(game)


def test_random_seed_is_chosen_and_stored(service, store):
    game = service.new_game("toy_system", "short")
    assert isinstance(store.game(game)["seed"], int)


def test_rejected_command_changes_nothing(service, store, game):
    before = service.load(game)
    result = service.submit(game, "red", "move r1 0301")
    assert not result.accepted and result.rule == "Toy: Sequence (A)"
    assert "not possible" in result.message
    assert store.commands(game) == [] and store.undelivered(game) == []
    assert service.load(game) == before


def test_unparseable_command_gets_the_engines_hint(service, game):
    result = service.submit(game, "red", "charge!")
    assert not result.accepted and "try `move r1 0201`" in result.message


def test_wrong_side_is_told_to_wait_citing_the_engines_rule(service, store, game):
    result = service.submit(game, "blue", "end")
    assert not result.accepted and result.rule == "Toy: Sequence (A)"
    assert result.message == ("It is the Red player's Movement Phase; the Blue player must wait "
                              "(Toy: Sequence A).")
    assert store.last_seq(game) == 0
    assert service.submit(game, "red", "end").accepted  # the positive control: Red's turn


def test_out_of_date_position_is_refused(service, store, game):
    assert service.submit(game, "red", "move r1 0201", expected_seq=0).accepted
    stale = service.submit(game, "red", "move r2 0201", expected_seq=0)
    assert not stale.accepted and "position has changed" in stale.message
    assert store.last_seq(game) == 1
    assert service.submit(game, "red", "move r2 0201", expected_seq=1).accepted


def test_undo_is_free_within_the_phase(service, store, game):
    service.submit(game, "red", "move r1 0201")
    result = service.submit(game, "red", "undo")
    assert result.accepted and result.seq == 0 and "Undone" in result.message
    assert store.last_seq(game) == 0
    assert service.load(game) == toy_system.setup("short", 11, None)


def test_undo_of_another_sides_command_is_refused(service, game):
    submit_all(service, game, [("red", "end"), ("red", "roll")])
    assert service.submit(game, "blue", "undo").rule == "Undo"


def test_undo_across_a_phase_needs_consent(service, store, game):
    service.submit(game, "red", "end")
    request = service.submit(game, "red", "undo")
    assert request.accepted and "consent" in request.message
    assert [e["to"] for e in request.events] == ["blue"]
    assert store.last_seq(game) == 1
    assert "asks to undo `end`" in service.submit(game, "red", "status").reply
    assert not service.submit(game, "red", "accept").accepted
    consent = service.submit(game, "blue", "accept")
    assert consent.accepted and store.last_seq(game) == 0
    assert toy_system.phase_key(service.load(game)) == "1:red:movement"


def test_refused_undo_leaves_the_command(service, store, game):
    service.submit(game, "red", "end")
    service.submit(game, "red", "undo")
    refusal = service.submit(game, "blue", "refuse")
    assert refusal.accepted and "refuses" in refusal.message
    assert store.last_seq(game) == 1 and store.game(game)["pending_undo"] is None


def test_undo_request_is_cancelled_by_a_new_command(service, store, game):
    service.submit(game, "red", "end")
    service.submit(game, "red", "undo")
    roll = service.submit(game, "red", "roll")
    assert roll.accepted and "cancelled" in roll.message
    assert store.game(game)["pending_undo"] is None
    assert not service.submit(game, "blue", "accept").accepted  # no request: an engine word


def test_undo_never_crosses_a_die_roll(service, store, game):
    submit_all(service, game, [("red", "end"), ("red", "roll")])
    refusal = service.submit(game, "red", "undo")
    assert not refusal.accepted and "rolled dice" in refusal.message
    assert store.last_seq(game) == 2


def test_nothing_to_undo(service, game):
    assert "nothing to undo" in service.submit(game, "red", "undo").message


def test_undo_after_a_snapshot_rebuilds_from_the_store(service, store):
    game = service.new_game("toy_system", "long", seed=7)
    commands = toy_commands(n=200)
    cut = next(n for n in range(SNAPSHOT_EVERY, 200) if commands[n][1].startswith("move"))
    submit_all(service, game, commands[: cut + 1])
    assert service.submit(game, commands[cut][0], "undo").accepted
    assert service.load(game) == straight_replay("long", 7, commands[:cut])
    cold = GameService(store, loader=lambda name: toy_system)
    assert cold.load(game) == straight_replay("long", 7, commands[:cut])


def test_queries_answer_without_storing(service, store, game):
    status = service.submit(game, "red", "status")
    assert status.accepted and status.reply.startswith("Turn 1 | hour 1 | Movement Phase")
    units = service.submit(game, None, "units 0102").reply
    assert "b1" in units and "r1" not in units
    assert service.submit(game, "blue", "help move").reply.startswith("move ID HEX")
    assert "undo" in service.submit(game, "blue", "help").reply
    assert store.last_seq(game) == 0


def test_events_are_routed_per_audience(service, store, game):
    submit_all(service, game, [("red", "end")])
    roll = service.submit(game, "red", "roll")
    addressed = roll.addressed()
    assert set(addressed) == {"all", "red", "log"}
    assert all(e["to"] in ("all", "blue") for e in roll.visible_to("blue"))
    audiences = [m["audience"] for m in store.undelivered(game) if m["seq"] == 2]
    assert sorted(audiences) == ["all", "red"]


def test_finished_game_refuses_commands(service, store, game):
    commands = toy_commands("short", 11)
    assert all(r.accepted for r in submit_all(service, game, commands))
    assert store.game(game)["status"] == "over"
    refusal = service.submit(game, "red", "end").message
    assert refusal.startswith(f"Game {game} is over (") and "takes no more commands" in refusal


def test_unexpected_errors_become_a_polite_sentence(service, store, game, monkeypatch, caplog):
    def broken(state, side, cmd):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(toy_system, "apply", broken)
    result = service.submit(game, "red", "end")
    assert not result.accepted and result.message == SORRY
    assert "engine bug" in caplog.text and store.last_seq(game) == 0


def test_unknown_side_and_empty_line(service, game):
    assert "not a side" in service.submit(game, "green", "end").message
    assert not service.submit(game, "red", "   ").accepted
