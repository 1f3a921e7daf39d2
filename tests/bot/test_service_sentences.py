"""bot/service/ word for word: every sentence the service itself says (refusals of a line, of
a side, of a stale position, of an undo or a draw; what an accepted command, an undo, a consent
and a draw tell the player and the public) with the positive control of each refusal, and what
the default composer stores for each audience. The toy race plays: hidden
information is Bloody Monday's, asked of `said` alone."""
from __future__ import annotations

import sqlite3

import pytest

import rules
from bot.service import (BUSY, LONGEST, SORRY, TURN_RULE, GameService, is_busy, over_sentence, record, said,
                         said_on_its_line)
from bot.store import StaleCommand, Told
from tests.bot import toy_system


def told(result) -> tuple:
    """A result's verdict, sentence, rule and public line."""
    return result.accepted, result.message, result.rule, result.public


# -- lines refused before the game is asked ------------------------------------------------------------

def test_an_empty_line_asks_for_a_command(service, game):
    assert told(service.submit(game, "red", "   ")) == (False, "Type a command; `help` lists them.", None, None)


def test_a_line_longer_than_any_command_is_refused_unread(service, store, game):
    line = "move r1 " + "0" * (LONGEST - 7)
    assert told(service.submit(game, "red", line)) == (
        False, f"That line is {LONGEST + 1} characters long; no command is longer than {LONGEST}. `help` lists "
               "them.", None, None)
    judged = service.submit(game, "red", line[:LONGEST])  # one character shorter: read, and judged by the game
    assert not judged.accepted and judged.rule == "Toy: Sequence (A)" and judged.message.startswith("Move r1 0000")
    assert store.last_seq(game) == 0


def test_a_side_not_in_the_game_is_named_with_the_sides_there_are(service, game):
    assert told(service.submit(game, "green", "end")) == (
        False, "'green' is not a side of this game; the sides are red, blue.", None, None)
    assert service.submit(game, "red", "end").accepted  # positive control


def test_only_a_player_gives_orders_but_anyone_may_ask(service, game):
    assert told(service.submit(game, None, "end")) == (
        False, "Only a player can give orders; say which side you play.", None, None)
    status = service.submit(game, None, "status")
    assert status.accepted and status.reply.startswith("Turn 1 | hour 1 | Movement Phase | Red player")


def test_a_line_judged_against_an_old_position_is_refused(service, store, game):
    assert service.submit(game, "red", "move r1 0201", expected_seq=0).accepted
    assert told(service.submit(game, "red", "move r2 0201", expected_seq=0)) == (
        False, "The position has changed since you wrote that (it is now at command 1, you saw command 0); "
               "nothing was applied. Look at the game again and resend.", None, None)
    assert service.submit(game, "red", "move r2 0201", expected_seq=1).accepted


def test_out_of_turn_the_engines_rule_is_cited_or_the_sequence_of_play(service, game):
    """The engine's own rule case for an order out of turn; a line it cannot even read out of turn
    cites the same case, the engine's for an order the side to act may give: Borodino's 'formation
    3919 line' cited the Sequence of Play, its 'move 3919 3918' Turns of Play (seen on simcord)."""
    waits = "It is the Red player's Movement Phase; the Blue player must wait"
    for line in ("end", "jump"):
        assert told(service.submit(game, "blue", line)) == (
            False, f"{waits} (Toy: Sequence A).", "Toy: Sequence (A)", None)
    assert TURN_RULE == "Sequence of Play"  # where the engine names none


def test_a_borodino_word_out_of_turn_cites_the_turns_of_play_as_a_move_does(store):
    service = GameService(store)
    game = service.new_game("borodino", "shevardino", seed=1)
    waits = "It is the French player's Movement Phase; the Russian player must wait (Turns of Play)."
    for line in ("formation 3222 line", "move 3222 3221"):
        assert told(service.submit(game, "russian", line))[:3] == (False, waits, "Turns of Play")


def test_a_busy_database_is_a_sentence_to_try_again(service, store, game, monkeypatch, caplog):
    def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "append", locked)
    assert told(service.submit(game, "red", "end")) == (False, BUSY, None, None)
    assert BUSY == ("The game records are busy with another write just now; nothing was changed. Try again in a "
                    "moment.")
    assert "database is locked" in caplog.text and store.last_seq(game) == 0
    monkeypatch.undo()
    assert service.submit(game, "red", "end").accepted


# -- accepted commands and what they store --------------------------------------------------------------

def test_an_accepted_command_is_said_back_and_stored_for_each_audience(service, store, game):
    """The default composer stores one row per audience with its events; log-only events stay in
    the record (the result), never in the outbox."""
    assert told(service.submit(game, "red", "end")) == (True, "Red: end.", None, "Red: end.")
    roll = service.submit(game, "red", "roll")
    assert (roll.seq, roll.side, roll.command) == (2, "red", "roll")
    assert sorted(roll.addressed()) == ["all", "log", "red"]
    assert [e["to"] for e in roll.visible_to("blue")] == ["all"]
    assert [e["to"] for e in roll.visible_to(None)] == ["all"]
    rows = [(r["seq"], r["audience"], [e["to"] for e in r["payload"]["events"]]) for r in store.outbox(game)]
    assert rows == [(1, "all", ["all"]), (2, "all", ["all"]), (2, "red", ["red"])]


# -- undo ------------------------------------------------------------------------------------------------------

def test_undo_refusals_cite_the_undo_rule(service, game):
    assert told(service.submit(game, "red", "undo")) == (False, "There is nothing to undo (Undo).", "Undo", None)
    assert told(service.submit(game, "red", "accept")) == (
        False, "No request to undo is waiting for an answer; `accept` answers one, and `undo` takes back your own "
               "last command (Undo).", "Undo", None)
    assert service.submit(game, "red", "move r1 0201").accepted
    assert told(service.submit(game, "blue", "undo")) == (
        False, "The last command (`move r1 0201`) was the Red player's; only your own last command can be undone "
               "(Undo).", "Undo", None)
    assert told(service.submit(game, "red", "undo")) == (
        True, "Undone: `move r1 0201`.", None, "The Red player undoes `move r1 0201`.")


def test_an_undo_across_phases_asks_and_the_answer_is_said(service, store, game):
    assert service.submit(game, "red", "end").accepted
    needs = "issued in an earlier phase: undoing it needs the Blue player's consent, who may answer accept or refuse."
    request = service.submit(game, "red", "undo")
    assert told(request) == (True, f"`end` was {needs}", None, f"Red asks to undo `end`, {needs}")
    assert [(e["to"], e["kind"], e["text"]) for e in request.events] == [
        ("blue", "undo_request", "The Red player asks to undo `end`, issued in an earlier phase: answer `accept` "
                                 "or `refuse`.")]
    assert store.game(game)["pending_undo"] == {"by": "red", "seq": 1, "command": "end"}
    assert service.submit(game, "blue", "status").reply.endswith(
        "\nThe Red player asks to undo `end`: accept or refuse.")
    assert told(service.submit(game, "red", "accept")) == (
        False, "You asked to undo `end`; the other player answers (Undo).", "Undo", None)
    assert told(service.submit(game, "blue", "refuse")) == (
        True, "The Blue player refuses to undo `end`; it stands.", None,
        "The Blue player refuses to undo `end`; it stands.")
    assert store.game(game)["pending_undo"] is None and store.last_seq(game) == 1
    service.submit(game, "red", "undo")
    consent = service.submit(game, "blue", "accept")
    assert told(consent) == (True, "The Blue player consents: `end` is undone.", None,
                             "The Blue player consents. The Red player undoes `end`.")
    assert (consent.seq, consent.side) == (0, "red") and store.last_seq(game) == 0


def test_a_command_cancels_the_undo_request_in_its_sentence(service, game):
    service.submit(game, "red", "end")
    service.submit(game, "red", "undo")
    assert told(service.submit(game, "red", "roll"))[:2] == (
        True, "Red: roll. The request to undo `end` is cancelled.")


def test_undo_never_crosses_a_die_roll(service, game):
    service.submit(game, "red", "end")
    service.submit(game, "red", "roll")
    assert told(service.submit(game, "red", "undo")) == (
        False, "`roll` rolled dice or revealed something hidden, so it stands: undo never crosses a die roll "
               "or a reveal (Undo).", "Undo", None)


# -- draws -----------------------------------------------------------------------------------------------------

def test_a_draw_offered_declined_and_agreed(service, store, game):
    offer = ("The Blue player offers a draw: the Red player may `accept` or `refuse` (a command played instead "
             "declines it).")
    offered = service.submit(game, "blue", "draw")
    assert told(offered) == (True, "You offer a draw; the Red player answers.", None, offer)
    assert [(e["to"], e["kind"], e["text"]) for e in offered.events] == [("red", "draw_offer", offer)]
    assert store.game(game)["pending_draw"] == {"by": "blue", "seq": 0}
    assert told(service.submit(game, "blue", "draw")) == (
        False, "You have offered a draw already; the other player answers with accept or refuse, or plays on "
               "(Draw).", "Draw", None)
    declined = "The Red player declines the Blue player's draw offer; play goes on."
    assert told(service.submit(game, "red", "refuse")) == (True, declined, None, declined)
    assert store.game(game)["pending_draw"] is None and store.game(game)["status"] == "active"
    service.submit(game, "blue", "draw")
    agreed = service.submit(game, "red", "draw")  # an offer met by an offer is agreed
    text = f"Game {game} is drawn by agreement: the Blue player offered a draw and the Red player accepted."
    assert told(agreed) == (True, text, None, text)
    assert agreed.ended == {"winner": None, "level": "draw",
                            "reason": "the Blue player offered a draw and the Red player accepted"}
    assert store.game(game)["ended"] == agreed.ended
    assert told(service.submit(game, "red", "end")) == (
        False, f"Game {game} is over (a draw, as the Blue player offered a draw and the Red player accepted); it "
               "takes no more commands.", None, None)
    assert told(service.submit(game, None, "end")) == told(service.submit(game, "red", "end"))  # no side to name:
    # the terminal of a game against the computer, over, asks nobody to say which side he plays


def test_the_status_of_a_game_its_players_ended_says_how_it_ended_and_names_nobody_to_move(service, game):
    """An agreed draw (or a resignation) ends a game the rules still think runs: `status` said 'To
    move: Red' after it; it says how the game ended instead, as the news of the end did."""
    service.submit(game, "red", "draw")
    service.submit(game, "blue", "accept")
    said_ = service.submit(game, None, "status").reply.splitlines()
    assert said_[:2] == ["Turn 1 | hour 1 | Movement Phase", "Game over: a draw, as the Red player offered a "
                         "draw and the Blue player accepted."]
    assert not any(line.startswith("To move") for line in said_)


def test_a_draw_is_agreed_by_accept(service, store, game):
    service.submit(game, "red", "draw")
    assert service.submit(game, "blue", "accept").ended["reason"] == (
        "the Red player offered a draw and the Blue player accepted")
    assert store.game(game)["status"] == "over"


# -- the sentences themselves ------------------------------------------------------------------------------

def test_a_game_over_says_how_it_ended():
    assert over_sentence(4, None) == "Game 4 is over; it takes no more commands."
    assert over_sentence(4, {"winner": "french", "reason": "How to Win A"}) == (
        "Game 4 is over (the French player wins, as How to Win A); it takes no more commands.")
    assert over_sentence(4, {"winner": None, "reason": "agreed"}) == (
        "Game 4 is over (no winner, agreed); it takes no more commands.")
    assert over_sentence(4, {"winner": "russian", "reason": "The Russian player occupies 3222 at the end."}) == (
        "Game 4 is over (the Russian player wins, as he occupies 3222 at the end); it takes no more commands.")
    # Borodino's 7 September: the degree of victory, which /game status and the refusal named nowhere
    assert over_sentence(4, {"winner": "russian", "level": "substantial", "reason": "The French losses exceed the "
                             "Russian."}) == ("Game 4 is over (the Russian player wins a substantial victory, as the "
                                              "French losses exceed the Russian); it takes no more commands.")


@pytest.mark.parametrize("command, open_game, hidden_game", [
    ("move F-I-1 42", "`move F-I-1 42`", "a `move` command"), ("", "``", "a command")])
def test_a_command_is_said_whole_in_an_open_game_by_its_verb_in_a_hidden_one(command, open_game, hidden_game):
    """Setup: Fog of War (Bloody Monday): the words of an order may name a hidden block."""
    assert said(rules.load("borodino"), command) == open_game
    assert said(rules.load("bloody_monday"), command) == hidden_game


@pytest.mark.parametrize("command, line", [
    ("tactical", "tactical"), ("pass", "pass"), ("end", "end"), ("move F-I-1 42", "a `move` command"),
    ("hit R-1-17 R-1-17", "a `hit` command")])
def test_a_hidden_games_line_gives_a_command_of_one_word_whole_and_plain(command, line):
    """Bloody Monday 4.0: `tactical` is all its verb tells, so its public line reads as its giver's
    ('French: tactical.'); a code span of one word read on Discord as an order to give."""
    assert said_on_its_line(rules.load("bloody_monday"), command) == line


def test_help_adds_the_services_own_verbs_to_the_games(service, game):
    lines = (service.submit(game, "red", "help").reply or "").splitlines()
    assert lines[0] == "Toy commands: move ID HEX, end, roll."
    assert lines[1:] == ["Also: undo, accept, refuse, draw, status, units, help, map, orders, quit."]
    assert service.submit(game, "red", "help move").reply == (
        "move ID HEX: move a runner one hex east, once per Movement Phase.")


# -- what each accepted change hands its composer, and what the store keeps of it --------------------------

class Composer:
    """A front end's composer that notes what it is handed (the result, the states before and
    after) and runs one deadline per side that must act after the change (bot/deadlines.py)."""

    def __init__(self, system=toy_system):
        self.system, self.seen = system, []

    def __call__(self, result, before: dict, after: dict) -> Told:
        self.seen.append((result.message, before, after))
        due = {side: ("2026-12-01T00:00:00+00:00", self.system.phase_key(after), "2026-11-25T00:00:00+00:00")
               for side in self.system.active_sides(after)}
        return Told(record(result, before, after).outbox, due)


def events(result) -> list[tuple]:
    return [(e["to"], e["kind"], e["text"]) for e in result.events]


def _outbox(store, game) -> list[tuple]:
    return [(r["seq"], r["audience"], [(e["kind"], e["text"]) for e in r["payload"]["events"]])
            for r in store.outbox(game)]


def test_a_draw_offer_and_its_answers_are_composed_from_the_position_and_stored(service, store, game):
    compose = Composer()
    service.submit(game, "red", "move r1 0201")
    position = service.load(game)
    offered = service.submit(game, "blue", "draw", compose=compose)
    declined = service.submit(game, "red", "refuse", compose=compose)
    service.submit(game, "red", "draw", compose=compose)
    agreed = service.submit(game, "blue", "draw", compose=compose)  # met by an offer: agreed
    assert [(r.seq, r.side) for r in (offered, declined, agreed)] == [(1, "blue"), (1, "red"), (1, "blue")]
    assert [(e["to"], e["kind"]) for r in (declined, agreed) for e in r.events] == [
        ("all", "draw_declined"), ("all", "draw_agreed")]
    assert [(before, after) for _, before, after in compose.seen] == [(position, position)] * 4
    offer = ("The Blue player offers a draw: the Red player may `accept` or `refuse` (a command played instead "
             "declines it).")
    assert _outbox(store, game)[1:] == [
        (1, "red", [("draw_offer", offer)]),
        (1, "all", [("draw_declined", "The Red player declines the Blue player's draw offer; play goes on.")]),
        (1, "blue", [("draw_offer", offer.replace("Blue", "X").replace("Red", "Blue").replace("X", "Red"))]),
        (1, "all", [("draw_agreed", f"Game {game} is drawn by agreement: the Red player offered a draw and the "
                                    "Blue player accepted.")])]


def test_an_undo_request_its_refusal_and_its_consent_are_composed_and_stored(service, store, game):
    """The undo of `end` issued at command 2 goes back to the position after command 1: the
    consent hands the composer the states with and without it, and the deadlines of the position
    it goes back to are stored with it."""
    compose = Composer()
    service.submit(game, "red", "move r1 0201")
    moved = service.load(game)
    service.submit(game, "red", "end", compose=compose)
    ended = service.load(game)
    assert [(d["side"], d["phase_key"]) for d in store.deadlines(game)] == [("red", "1:red:dice")]
    request = service.submit(game, "red", "undo", compose=compose)
    assert (request.seq, request.side) == (2, "red")
    refusal = service.submit(game, "blue", "refuse", compose=compose)
    assert (refusal.seq, refusal.side, events(refusal)) == (2, "blue", [
        ("all", "undo_refused", "The Blue player refuses to undo `end`; it stands.")])
    assert _outbox(store, game)[-2:] == [
        (2, "blue", [("undo_request", "The Red player asks to undo `end`, issued in an earlier phase: answer "
                                      "`accept` or `refuse`.")]),
        (2, "all", [("undo_refused", "The Blue player refuses to undo `end`; it stands.")])]
    service.submit(game, "red", "undo", compose=compose)
    consent = service.submit(game, "blue", "accept", compose=compose)
    assert (consent.seq, consent.side, events(consent)) == (1, "red", [("all", "undo", "The Red player undoes `end`.")])
    assert [(before, after) for _, before, after in compose.seen] == [(moved, ended)] + [(ended, ended)] * 3 + [
        (ended, moved)]
    assert service.load(game) == moved and store.last_seq(game) == 1
    assert [(d["side"], d["phase_key"]) for d in store.deadlines(game)] == [("red", "1:red:movement")]
    assert _outbox(store, game) == [(1, "all", [("move", "r1 moves to 0201")]),
                                    (1, "all", [("undo", "The Red player undoes `end`.")])]  # command 2's news is gone


def test_after_an_undo_the_position_is_known_without_reading_the_log(service, store, game, monkeypatch):
    service.submit(game, "red", "move r1 0201")
    assert service.submit(game, "red", "undo").accepted
    monkeypatch.setattr(store, "commands", lambda *args, **kwargs: 1 / 0)  # a replay would fail
    assert service.load(game) == toy_system.setup("short", 11, None)


def test_a_write_the_store_turns_down_is_its_sentence_at_the_position_there_is(service, store, game,
                                                                                monkeypatch):
    assert service.submit(game, "red", "move r1 0201").accepted

    def stale(*args, **kwargs):
        raise StaleCommand(1, 2)

    monkeypatch.setattr(store, "append", stale)
    assert told(service.submit(game, "red", "end")) == (
        False, "Another command was stored while yours was being judged (the game is now at command 2, yours "
               "was judged at command 1); nothing was applied. Look at the game again and resend.", None, None)
    assert service.submit(game, "red", "end").seq == 1


@pytest.mark.logs_errors("kolocha.service")
def test_a_busy_or_broken_record_answers_at_the_last_position_it_can_read(service, store, game, monkeypatch):
    assert service.submit(game, "red", "move r1 0201").accepted
    monkeypatch.setattr(store, "append", lambda *args, **kwargs: is_busy(1 / 0))
    assert (service.submit(game, "red", "end").message, service.submit(game, "red", "end").seq) == (SORRY, 1)

    def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "append", locked)
    assert (service.submit(game, "red", "end").message, service.submit(game, "red", "end").seq) == (BUSY, 1)
    monkeypatch.setattr(store, "last_seq", locked)  # not even the position can be read
    busy = service.submit(game, "red", "end")
    assert (busy.accepted, busy.message, busy.seq) == (False, BUSY, 0)


def test_only_sqlite_giving_up_on_a_lock_is_busy():
    assert is_busy(sqlite3.OperationalError("database is locked"))
    assert is_busy(sqlite3.OperationalError("the database file is busy"))
    assert not is_busy(sqlite3.OperationalError("no such table: games"))
    assert not is_busy(sqlite3.DatabaseError("database is locked"))  # not SQLite waiting for a lock
    assert not is_busy(TimeoutError("busy"))


def test_a_game_no_side_may_act_in_says_so_or_how_it_ended(service, game, monkeypatch):
    """Between an engine's phases no side may act; a game its rules have ended whose record is
    still open (ended by a rules change) says how it ended."""
    monkeypatch.setattr(toy_system, "active_sides", lambda state: [])
    assert told(service.submit(game, "red", "end")) == (
        False, "No side may act now (Toy: Sequence A).", "Toy: Sequence (A)", None)
    monkeypatch.undo()
    monkeypatch.setattr(toy_system, "outcome", lambda state: {"winner": "blue", "level": "decisive",
                                                              "reason": "scores 0-3"})
    assert told(service.submit(game, "red", "end")) == (
        False, "Game over: the Blue player wins a decisive victory, as scores 0-3 (Toy: Sequence A).",
        "Toy: Sequence (A)", None)


def test_out_of_turn_a_real_game_cites_its_own_sequence_of_play(store):
    """The engine is asked for the rule with the side that typed the line (Borodino: the French
    move first on 5 September)."""
    service = GameService(store)
    game = service.new_game("borodino", "5sep", seed=3)
    refusal = service.submit(game, "russian", "end")
    assert told(refusal) == (False, "It is the French player's Movement Phase; the Russian player must wait "
                                    "(Turns of Play).", "Turns of Play", None)
    assert service.submit(game, "french", "end").accepted  # positive control: the French may


def test_out_of_turn_in_a_phase_another_side_acts_in_names_both(store):
    """1812, ATTRITION: 'These losses are selected by the opponent': in the French Player-Turn's Attrition Phase
    the game waits for the Russian player, and the refusal says so rather than call it the Russian's phase."""
    service = GameService(store)
    game = service.new_game("campaign_1812", "campaign", seed=7)
    assert service.submit(game, "russian", "end").accepted and service.submit(game, "russian", "end").accepted
    assert told(service.submit(game, "french", "move 30 11")) == (
        False, "It is the French player's Attrition Phase, and the game waits for the Russian player; the French "
               "player must wait (Sequence of Play).", "Sequence of Play", None)


def test_every_refusal_names_the_side_and_the_position_it_was_judged_at(service, store, game, monkeypatch,
                                                                        caplog):
    """A rules refusal, a store refusal and a busy record each answer with the side that typed
    the line and the last command there is; the busy one is logged with game, side and line."""
    assert service.submit(game, "red", "move r1 0201").accepted
    refused = service.submit(game, "blue", "end")
    assert (refused.accepted, refused.seq, refused.side, refused.rule) == (False, 1, "blue", "Toy: Sequence (A)")

    def stale(*args, **kwargs):
        raise StaleCommand(1, 2)

    monkeypatch.setattr(store, "append", stale)
    assert (service.submit(game, "red", "end").seq, service.submit(game, "red", "end").side) == (1, "red")

    def locked(*args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "append", locked)
    busy = service.submit(game, "red", "end")
    assert (busy.message, busy.seq, busy.side) == (BUSY, 1, "red")
    assert caplog.messages == [f"game {game}: the red command 'end' is not played, nothing changed: the database is "
                               "busy (database is locked)"]
