"""bot/service/: loading, refusals, undo and consent, queries, routing, error handling; standing
orders, a deadline's default choice and secret orders given at once (over tests/bot/toy_wager.py)."""
from __future__ import annotations

import pytest

import rules
from bot import fair_dice
from bot.service import SIMULTANEOUS_UNDO, SORRY, GameService, Result, new_turn, record, still_to_order
from bot.store import SNAPSHOT_EVERY
from rules.core.errors import CommandError
from tests.bot import toy_system, toy_wager
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


def test_a_new_game_is_stored_with_its_place_maker_settings_and_committed_dice(service, store, monkeypatch):
    """`new_game` stores where the game is played, who made it, that it is no hot seat unless
    asked, its settings and the news of its opening; without a chosen seed its dice are fair: a
    drawn seed with its salt, committed to by their hash (bot/fair_dice.py). Its first position
    is served from memory."""
    game = service.new_game("toy_system", "short", guild="g1", channel="c1", created_by="ann",
                            settings={"deadline_hours": 24},
                            opening=lambda n: [("channel:c1", {"text": f"Game {n} opens."})])
    row = store.game(game)
    assert [(m["seq"], m["audience"], m["payload"]) for m in store.undelivered(game)] == [
        (0, "channel:c1", {"text": f"Game {game} opens."})]
    assert (row["guild"], row["channel"], row["created_by"], row["hot_seat"], row["settings"]) == (
        "g1", "c1", "ann", False, {"deadline_hours": 24})
    assert len(row["salt"]) == 32 and row["commitment"] == fair_dice.commitment(row["seed"], row["salt"])
    monkeypatch.setattr(service, "state_at", lambda *args: pytest.fail("a new game read back"))
    assert service.position(game) == (0, toy_system.setup("short", row["seed"]))
    chosen = store.game(service.new_game("toy_system", "short", seed=5, hot_seat=True))
    assert (chosen["seed"], chosen["salt"], chosen["commitment"], chosen["hot_seat"]) == (5, None, None, True)


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
    refused = service.submit(game, "red", "end")
    assert refused.message.startswith(f"Game {game} is over (") and "takes no more commands" in refused.message
    assert (refused.accepted, refused.seq, refused.side) == (False, len(commands), "red")


@pytest.mark.logs_errors("kolocha.service")
def test_unexpected_errors_become_a_polite_sentence(service, store, game, monkeypatch, caplog):
    def broken(state, side, cmd):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(toy_system, "apply", broken)
    result = service.submit(game, "red", "end")
    assert (result.accepted, result.message, result.seq, result.side) == (False, SORRY, 0, "red")
    assert caplog.messages == [f"game {game}: red: 'end' failed"] and "engine bug" in caplog.text
    assert store.last_seq(game) == 0


def test_every_answer_names_the_side_and_the_command_it_was_judged_at(service, store, game):
    """A query, a stale order and an order to an ended game each come back with the asking side
    and the number of the last command (the position they were judged at)."""
    assert service.submit(game, "red", "move r1 0201").accepted
    query = service.submit(game, "red", "status")
    assert (query.accepted, query.message, query.seq, query.side) == (True, "", 1, "red") and query.reply
    stale = service.submit(game, "blue", "end", expected_seq=0)
    assert (stale.accepted, stale.seq, stale.side) == (False, 1, "blue")
    assert stale.message.endswith("Look at the game again and resend.")


def test_unknown_side_and_empty_line(service, game):
    assert "not a side" in service.submit(game, "green", "end").message
    assert not service.submit(game, "red", "   ").accepted


# -- standing orders, deadlines' default choices and secret orders given at once (toy_wager) ------------------

@pytest.fixture
def wager(store) -> tuple[GameService, int]:
    """A game of the toy wager: Red shouts, Blue answers, Red may echo, then both plan in secret."""
    service = GameService(store, loader=lambda name: toy_wager)
    return service, service.new_game("toy_wager", "short", seed=1)


def _give(service: GameService, game: int, *orders: tuple[str, str]) -> None:
    for side, line in orders:
        assert service.submit(game, side, f"orders {line}").accepted, line


def test_standing_orders_play_every_choice_that_follows_a_command_and_store_each(wager):
    """Red's typed shout is followed by Blue's answer, Red's echo and both secret plans,
    each stored as its player's command with the order that gave it; Blue's secret plan is told
    to Red only as the rules show everyone (the reveal), Red's own as his public line."""
    service, game = wager
    service.store.take_seat(game, "blue", "u-blue")
    service.store.take_seat(game, "red", "u-red")
    _give(service, game, ("blue", "answer loud"), ("red", "echo no"), ("red", "plan bold"), ("blue", "plan calm"))
    shout = service.submit(game, "red", "shout", user="u-red")
    over = "Game over: a draw, as the wagers are over."
    assert shout.message == ("Red: shout. blue: answer loud, by standing order. red: echo no, by standing order. Red "
                             "by standing order: a `plan` command. red plans bold blue plans calm "
                             f"{over}")  # each answer on what it did, as the channel says it
    assert (shout.seq, shout.command, shout.standing) == (5, "shout", None)
    assert [(r.side, r.seq, r.message, r.public, r.standing, r.secret) for r in shout.followed] == [
        ("blue", 2, "Blue by standing order (answer: loud): answer loud.", "Blue by standing order: an `answer` "
         "command.", "answer: loud", False),
        ("red", 3, "Red by standing order (echo: no): echo no.", "Red by standing order: an `echo` command.",
         "echo: no", False),
        ("red", 4, "Red by standing order (plan: bold): plan bold.", "Red by standing order: a `plan` command.",
         "plan: bold", True),
        ("blue", 5, f"Blue by standing order (plan: calm): plan calm. {over}",
         f"Blue by standing order: a `plan` command. {over}", "plan: calm", True)]
    rows = [(r["seq"], r["side"], r["user"], r["text"], r["normalised"], r["issued_against_seq"])
            for r in service.store.commands(game)]
    assert rows == [(1, "red", "u-red", "shout", "shout", 0),
                    (2, "blue", "u-blue", "standing order answer: loud", "answer loud", 1),
                    (3, "red", "u-red", "standing order echo: no", "echo no", 2),
                    (4, "red", "u-red", "standing order plan: bold", "plan bold", 3),
                    (5, "blue", "u-blue", "standing order plan: calm", "plan calm", 4)]
    assert service.store.game(game)["status"] == "over" and service.replay_check(game).ok


def test_a_secret_order_played_by_standing_order_tells_the_other_side_nothing_until_the_reveal(wager):
    """Red's standing plan, played after Blue's typed answer, leaves Blue's reply as
    it was (not even a space); Blue's own plan then reveals both, and the game's end."""
    service, game = wager
    _give(service, game, ("red", "plan bold"))
    assert service.submit(game, "red", "shout").accepted
    answer = service.submit(game, "blue", "answer soft")
    assert (answer.message, [r.command for r in answer.followed]) == ("Blue: answer soft.", ["plan bold"])
    last = service.submit(game, "blue", "plan calm")
    assert last.message == "Blue: plan calm. Game over: a draw, as the wagers are over."


def test_a_choice_without_a_standing_order_waits_for_its_player(wager):
    """The positive control: with no order for the answer, Red's shout stands alone and Blue is
    asked; once Blue answers by hand, Red's echo order plays for him."""
    service, game = wager
    _give(service, game, ("red", "echo yes"))
    shout = service.submit(game, "red", "shout")
    assert (shout.message, shout.seq, shout.followed) == ("Red: shout.", 1, [])
    assert toy_wager.choice(service.load(game)) == {"kind": "answer", "side": "blue"}
    answer = service.submit(game, "blue", "answer loud")
    assert answer.message == "Blue: answer loud. red: echo yes, by standing order."
    assert answer.seq == 3 and [r.command for r in answer.followed] == ["echo yes"]


@pytest.mark.logs_errors("kolocha.service")
def test_a_standing_order_the_rules_refuse_is_logged_and_the_player_asked(wager, caplog):
    service, game = wager
    _give(service, game, ("blue", "answer hum"), ("red", "echo yes"))
    shout = service.submit(game, "red", "shout")
    assert (shout.accepted, shout.message, shout.seq, shout.followed) == (True, "Red: shout.", 1, [])
    assert caplog.messages == ["game 1: the standing order answer: hum of blue was refused"]
    assert service.store.last_seq(game) == 1 and toy_wager.choice(service.load(game))["side"] == "blue"


def test_orders_lists_sets_plays_at_once_and_clears(wager):
    service, game = wager
    listing = service.submit(game, "blue", "orders")
    assert (listing.accepted, listing.message, listing.reply.splitlines()[:6]) == (True, "", [
        "Your standing orders (played for you when that choice falls to you; `orders <kind> <order>` sets one, "
        "`ask` clears it):", "answer: ask", "    loud: answer loudly (Red may echo)", "    soft: answer softly",
        "    hum: hum (refused)", "    ask: no standing order; the game waits for you"])
    assert service.submit(game, "blue", "orders answer").message == (
        "orders answer needs an order: one of loud, soft, hum, ask (`orders answer loud`).")
    assert service.submit(game, "blue", "orders answer soft now").message == (
        "orders takes a kind of choice and an order: `orders answer loud`, or `orders` alone to list them.")
    assert service.submit(game, "red", "shout").accepted
    given = service.submit(game, "blue", "orders Answer Soft")  # the answer waits: played at once
    assert (given.message, given.seq) == ("Standing order for answer: soft — answer softly. blue: answer soft, by "
                                          "standing order.", 2)
    assert service.store.standing_orders(game, "blue") == {"answer": "soft"}
    listed = service.submit(game, "blue", "orders")
    assert (listed.accepted, listed.message, listed.seq, listed.side) == (True, "", 2, "blue")
    assert listed.reply.splitlines()[1] == "answer: soft"  # its own order, read from the store
    cleared = service.submit(game, "blue", "orders answer ask")
    assert (cleared.accepted, cleared.message, cleared.seq, cleared.side) == (
        True, "Standing order for answer: ask — no standing order; the game asks you.", 2, "blue")
    assert service.store.standing_orders(game, "blue") == {}


def test_orders_in_an_ended_game_are_refused_with_how_it_ended(wager):
    service, game = wager
    assert service.submit(game, "red", "draw").accepted and service.submit(game, "blue", "accept").accepted
    assert service.submit(game, "blue", "orders answer loud").message == (
        f"Game {game} is over (a draw, as the Red player offered a draw and the Blue player accepted); it takes "
        "no more commands.")
    assert service.store.standing_orders(game, "blue") == {}


def test_a_deadline_plays_the_first_order_of_the_choice_waiting_then_the_standing_orders(wager, caplog):
    """The default choice (rules.core.standing.defaults): the first order of the kind waiting,
    stored as given by the deadline; Red's standing echo follows it."""
    service, game = wager
    _give(service, game, ("red", "echo no"))
    assert service.default_choice(game, "red", record) is None  # no choice waits: Red shouts by hand
    service.submit(game, "red", "shout")
    assert service.default_choice(game, "red", record) is None  # the answer is Blue's
    assert service.store.last_seq(game) == 1
    played = service.default_choice(game, "blue", record)
    assert played is not None
    assert (played.side, played.message, played.standing, played.seq) == (
        "blue", "Blue by default (answer: loud): answer loud. red: echo no, by standing order.", None,
        3)  # no standing order of Blue's: the channel names the deadline (bot/tables/news.py)
    assert played.public == "Blue by default: an `answer` command."
    rows = [(r["side"], r["user"], r["text"], r["issued_against_seq"]) for r in service.store.commands(game, after=1)]
    assert rows == [("blue", "deadline", "deadline answer: loud, the default at the deadline", 1),
                    ("red", None, "standing order echo: no", 2)]
    assert not caplog.text  # nothing failed on the way


@pytest.mark.logs_errors("kolocha.service")
def test_a_deadline_without_a_command_to_give_or_that_fails_plays_nothing(wager, monkeypatch, caplog):
    service, game = wager
    service.submit(game, "red", "shout")
    monkeypatch.setattr(toy_wager, "standing_command", lambda state, side, orders: None)
    assert service.default_choice(game, "blue", record) is None and not caplog.text
    monkeypatch.setattr(toy_wager, "choice", lambda state: 1 / 0)
    assert service.default_choice(game, "blue", record) is None
    assert caplog.messages == ["game 1: the default choice of blue failed"] and "ZeroDivisionError" in caplog.text
    assert service.store.last_seq(game) == 1


def test_secret_orders_given_at_once_are_told_to_no_one_and_never_undone(wager):
    """While both plan at once, a plan is secret (the other side hears nothing, the
    public its verb) and `undo` is refused alike to both; the last plan reveals both."""
    service, game = wager
    for side, line in [("red", "shout"), ("blue", "answer soft")]:
        assert not service.submit(game, side, line).secret
    assert still_to_order(toy_wager, service.load(game)) == ["red", "blue"]
    plan = service.submit(game, "red", "plan bold")
    assert (plan.message, plan.public, plan.secret) == ("Red: plan bold.", "Red: a `plan` command.", True)
    assert plan.visible_to("blue") == [] and still_to_order(toy_wager, service.load(game)) == ["blue"]
    assert (plan.seen, service.submit(game, "blue", "status").seen) == (3, 2)  # Blue is not told a plan came
    for side in ("red", "blue"):
        assert service.submit(game, side, "undo").message == f"{SIMULTANEOUS_UNDO} (Undo)."
    last = service.submit(game, "blue", "plan calm")
    assert [e["text"] for e in last.visible_to(None)] == ["red plans bold", "blue plans calm"]
    assert still_to_order(toy_wager, service.load(game)) == []


def test_only_the_sides_that_may_act_owe_an_order_when_one_side_acts(wager, game, service, monkeypatch):
    """Unless several give hidden orders at once, whoever may act owes an order, whatever choice
    the engine says waits."""
    wager_service, wager_game = wager
    wager_service.submit(wager_game, "red", "shout")
    assert still_to_order(toy_wager, wager_service.load(wager_game)) == ["blue"]
    assert still_to_order(toy_system, service.load(game)) == ["red"]
    monkeypatch.setattr(toy_system, "choice", lambda state: {"kind": "retreat", "side": "blue"})
    assert still_to_order(toy_system, service.load(game)) == ["red"]


def test_a_system_is_loaded_by_its_name(store):
    service = GameService(store)
    assert service.system_named("borodino") is rules.load("borodino")
    with pytest.raises(CommandError):
        service.system_named("chess")


def test_each_side_asks_about_its_own_view_and_the_undo_waiting(wager):
    """`status`, `units` and `odds` answer from the asker's view (its own crier named, its own plan
    shown); a waiting undo is named whole to the side that asked for it, by its verb to others."""
    service, _ = wager
    game = service.new_game("toy_wager", "long", seed=1)
    for side, line in [("red", "shout"), ("blue", "answer soft"), ("red", "plan bold")]:
        assert service.submit(game, side, line).accepted
    counts = "\n`units` lists them; `units <place>` those at one place."
    assert service.submit(game, "red", "status").reply == (
        "Turn 1 | Plan Phase\nTo move: Red, Blue\nYour plan: bold.\n\nRed: 1 unit\nBlue: 1 unit, 1 of them hidden"
        f"{counts}")
    assert service.submit(game, None, "status").reply == (
        "Turn 1 | Plan Phase\nTo move: Red, Blue\n\nRed: 1 unit, 1 of them hidden\nBlue: 1 unit, 1 of them hidden"
        f"{counts}")
    assert service.submit(game, "red", "units").reply == (
        "Red:\n  0101  red-crier  crier\n\nBlue:\n  0102  1 hidden unit")
    assert service.submit(game, None, "units 0101").reply == "Red:\n  0101  1 hidden unit"
    odds = "Plans:\n  die 1-3 (3 in 6, 50%): bold, the bold plan wins.\n"
    assert service.submit(game, "red", "odds plan").reply == odds + "Your plan is bold."
    assert service.submit(game, None, "odds plan").reply == odds + "No plan of yours."
    assert service.submit(game, "blue", "plan calm").accepted
    assert service.submit(game, "blue", "undo").accepted  # the plans were revealed: Red consents
    asks = "\nThe Blue player asks to undo {}: accept or refuse."
    assert service.submit(game, "blue", "status").reply.endswith(asks.format("`plan calm`"))
    assert service.submit(game, "red", "status").reply.endswith(asks.format("a `plan` command"))


def test_a_game_whose_own_help_names_undo_is_answered_as_it_is(service, game, monkeypatch):
    """A command is listed as the first word of a line (help_text): one the system lists is not added."""
    listing = "Commands:\nmove ID HEX\nundo   take back a move of the map\nType `help <command>` for more."
    monkeypatch.setattr(toy_system, "help", lambda topic=None, state=None: listing)
    reply = service.submit(game, "red", "help").reply or ""
    assert reply == ("Commands:\nmove ID HEX\nundo   take back a move of the map\n"
                     "Also: accept, refuse, draw, status, units, help, map, orders, quit.\n"
                     "Type `help <command>` for more.")


def test_status_without_an_undo_waiting_is_the_position_alone(service, game):
    assert service.submit(game, "blue", "status").reply == (
        "Turn 1 | hour 1 | Movement Phase | Red player\n\nRed: 2 units\nBlue: 2 units\n`units` lists "
        "them; `units <place>` those at one place.")


def test_each_command_that_begins_a_game_turn_is_stored_with_it(service, store, game):
    """For spectators a turn behind (bot/tables/news.py): Blue's roll at command 4 begins turn 2."""
    for side, line in [("red", "end"), ("red", "roll"), ("blue", "end"), ("blue", "roll"), ("red", "end")]:
        assert service.submit(game, side, line).accepted
    assert store.turn_starts(game) == {"2": 4}
    assert new_turn(toy_system, None, service.load(game)) == "2"  # the game begins in the turn it is in


def test_each_command_that_begins_a_player_turn_is_stored_with_it(service, store, game):
    """A player's questions of one player-turn share one message (bot/tables/news.py): Red's roll
    at command 2 begins Blue's player-turn, Blue's roll at command 4 Red's next one."""
    for side, line in [("red", "end"), ("red", "roll"), ("blue", "end"), ("blue", "roll"), ("red", "end")]:
        assert service.submit(game, side, line).accepted
    assert [store.player_turn_start(game, seq) for seq in range(6)] == [0, 0, 2, 2, 4, 4]


def test_an_event_without_an_audience_is_everyones():
    own, public, log = {"text": "a", "to": "red"}, {"text": "b"}, {"text": "c", "to": "log"}
    result = Result(True, "", 1, "red", events=[own, public, log])
    assert result.addressed() == {"red": [own], "all": [public], "log": [log]}
    assert result.visible_to("blue") == [public] and result.visible_to("red") == [own, public]


def test_the_record_keeps_an_event_without_an_audience_for_everyone_and_no_log_event():
    own, public, log = {"text": "a", "to": "red"}, {"text": "b"}, {"text": "c", "to": "log"}
    result = Result(True, "", 1, "red", events=[own, public, log])
    assert record(result, {}, {}).outbox == [("red", {"events": [own]}), ("all", {"events": [public]})]


def test_a_computer_players_reason_is_stored_with_its_command_and_the_game_stays_active(service, store, game):
    assert service.submit(game, "red", "end", user="computer", reason="every runner has run").accepted
    row = store.commands(game)[0]
    assert (row["user"], row["text"], row["normalised"]) == ("computer", "end — every runner has run", "end")
    assert store.game(game)["status"] == "active"


def test_a_damaged_snapshot_is_logged_and_the_game_rebuilt_with_its_options(store, caplog):
    """The log line names the command, the error and its kind; the seed is set up again with the
    game's own options (the bonus adds 1 to every roll)."""
    service = GameService(store, loader=lambda name: toy_system)
    game = service.new_game("toy_system", "long", seed=7, options=["bonus"])
    assert all(r.accepted for r in submit_all(service, game, toy_commands(n=SNAPSHOT_EVERY + 1)))
    with store.transaction():
        store.db.execute("UPDATE snapshots SET state_json = 'null' WHERE game = ?", [game])
        store.db.execute("DELETE FROM latest WHERE game = ?", [game])  # as an undo leaves it
    cold = GameService(store, loader=lambda name: toy_system)
    assert cold.load(game) == service.load(game)
    assert caplog.messages == [f"game {game}: the snapshot at command {SNAPSHOT_EVERY} is damaged (ValueError: it "
                               "is not a JSON object with a state in it); using an earlier one or the seed"]


def test_a_borodino_move_under_moves_stand_is_undone_only_with_consent(store):
    """SPI's Borodino rules (1972), Movement: a move may not "change its move without the consent of
    the opposing Player" once the hand leaves the piece. Under moves_stand the undo of a move in the
    same phase asks the Russian player; without it (the positive control) it is undone at once."""
    service = GameService(store)
    strict = service.new_game("borodino", "7sep", seed=3, options={"moves_stand": True})
    service.submit(strict, "french", "move 3225 3224")
    asked = service.submit(strict, "french", "undo")
    assert asked.accepted and store.last_seq(strict) == 1
    assert "already made, and under the option moves_stand a move once made stands" in asked.message
    assert [e["to"] for e in asked.events] == ["russian"]
    assert service.submit(strict, "russian", "accept").accepted and store.last_seq(strict) == 0
    free = service.new_game("borodino", "7sep", seed=3)
    service.submit(free, "french", "move 3225 3224")
    assert "Undone" in service.submit(free, "french", "undo").message and store.last_seq(free) == 0


def test_a_unit_named_in_any_letter_case_is_stored_and_said_back_as_the_game_writes_it(store):
    """The line is written in the game's own spelling before the rules judge it (Borodino's
    `canonical`): the player and the record read the unit's id, not what was typed."""
    service = GameService(store)
    game = service.new_game("borodino", "shevardino", seed=1)
    moved = service.submit(game, "french", "move f-ic-1l 2323")
    assert (moved.message, moved.command) == ("French: move F-IC-1L 2323.", "move F-IC-1L 2323")
    assert store.commands(game)[-1]["normalised"] == "move F-IC-1L 2323" and service.replay_check(game).ok


def test_a_verb_of_an_option_the_game_lacks_is_named_nowhere_and_refused_citing_the_option(store):
    """Borodino's `parse_in_game`: an unknown verb is told the commands this game's options play
    (`release` with the Imperial Guard rule alone, `assign` with dv_leaders alone); either typed
    anyway is refused in one sentence citing the option's case and what holds instead."""
    service = GameService(store)
    plain = service.new_game("borodino", "7sep", seed=1)
    unknown = service.submit(plain, "french", "foo")
    assert "release" not in unknown.message and "assign" not in unknown.message
    assert "lose, release, end" in service.submit(service.new_game("borodino", "7sep", seed=1,
                                                                   options=["imperial_guard"]), "french", "foo").message
    released = service.submit(plain, "french", "release 2705")
    assert (released.message, released.rule) == (
        "This game is played without the optional Imperial Guard rule (the option imperial_guard), so no Guard unit "
        "waits to be released: each moves and attacks as any other unit (Imperial Guard).", "Imperial Guard")
    assigned = service.submit(plain, "french", "assign barclay doctorov")
    assert (assigned.message, assigned.rule) == (
        "This game is played without the option dv_leaders, so it has no leaders to assign: each corps moves and "
        "attacks without one (Doomed Victory 8.14).", "Doomed Victory 8.14")


def test_units_at_a_place_named_in_words_is_told_in_the_games_own_words(store):
    """1812 names its places as its events do and its units as stacks and corps, through the service
    as in the table it draws (bot/text.py)."""
    service = GameService(store)
    game = service.new_game("campaign_1812", "campaign", seed=3)
    assert service.submit(game, "russian", "units st petersburg").reply == (
        "Russian:\n  place               stack  corps\n  St Petersburg (1)   R1     0\n    1 depot")
    assert service.submit(game, "russian", "units Vilna").reply == (
        "Russian:\n  place               stack  corps\n  Vilna (12)          R12    5\n"
        "    4 inf, 1 cav, 1 supply, 1 depot")


def test_units_names_the_reinforcements_waiting_to_enter(store):
    """Borodino's 5 September opens with no French unit on the map, only reinforcements due (Scenarios:
    placed on their entry hexes): `units` names them after the table, with where each enters; `units`
    at a place lists what stands there only."""
    service = GameService(store)
    game = service.new_game("borodino", "5sep", seed=1)
    listed = service.submit(game, "french", "units").reply or ""
    assert listed.endswith("\n\nWaiting to enter: F-IC-1H (French 2-5 cavalry) at 2630, F-IC-1L (French 2-5 cavalry) "
                           "at 2630, F-IC-5H (French 2-5 cavalry) at 2630.")
    assert "Waiting" not in (service.submit(game, "french", "units 3222").reply or "")
