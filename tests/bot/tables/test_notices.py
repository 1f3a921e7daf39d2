"""Awaited means told (bot/tables/notices.py): the rows a change writes for each side it newly waits for, and for a
chooser facing a new question, every row in full, over the toy wager of tests/bot (Red shouts, Blue answers, a loud
answer lets Red echo) with its units hidden, and over the same toy with nothing hidden (`open_wager`)."""
from __future__ import annotations

import types
from datetime import UTC, datetime

import pytest

from bot.delivery import UNASKED, message
from bot.service import GameService
from bot.store import blank
from bot.tables import held
from bot.tables.notices import asked_of, notices
from bot.words import due, mention, words
from rules.core.registry import _SYSTEMS
from rules.core.system import SystemInfo
from tests.bot import toy_wager
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, GUILD, make_tables, run, seated_game

WHEN = datetime(2026, 3, 3, 12, tzinfo=UTC)
ANSWER = "the Blue Answer Phase (turn 1)."  # what the wager asks of Blue after Red's shout
ECHO = "the Red Echo Phase (turn 1)."


def open_wager() -> types.ModuleType:
    """The toy wager with nothing hidden: its notices are public unless a player takes them by DM."""
    module = types.ModuleType("open_wager")
    module.__dict__.update({**vars(toy_wager), "__name__": "open_wager",
                            "INFO": SystemInfo(name="open_wager", sides=toy_wager.SIDES, default_scenario="short")})
    return module


def _tables(tmp_path, monkeypatch, system: types.ModuleType):
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "notices.sqlite"), loader=lambda name: system)
    return make_tables(service, systems=("toy_wager",))


@pytest.fixture
def hidden(tmp_path, monkeypatch):
    tables = _tables(tmp_path, monkeypatch, toy_wager)
    return tables, run(seated_game(tables, system="toy_wager", scenario="long"))


@pytest.fixture
def public(tmp_path, monkeypatch):
    tables = _tables(tmp_path, monkeypatch, open_wager())
    return tables, run(seated_game(tables, system="toy_wager", scenario="long"))


def _after(*orders: tuple[str, str]) -> dict:
    state = toy_wager.setup("long", 1)
    for side, line in orders:
        state, _ = toy_wager.apply(state, side, toy_wager.parse(side, line))
    return state


START, SHOUTED, LOUD = _after(), _after(("red", "shout")), _after(("red", "shout"), ("blue", "answer loud"))
PLANS = _after(("red", "shout"), ("blue", "answer soft"))  # both sides plan at once
BLUE_PLANNED = _after(("red", "shout"), ("blue", "answer soft"), ("blue", "plan calm"))


def _buttons(game_id: int, side: str, answers: list[str], seen: int) -> dict:
    return {"answers": answers, "game": game_id, "side": side, "seq": seen}


def _next(tables, game_id: int) -> int:
    """The number of the change being made (its command not stored yet)."""
    return tables.store.last_seq(game_id) + 1


def test_a_newly_awaited_side_of_a_hidden_game_is_told_privately_with_its_answers_and_due(hidden):
    tables, game_id = hidden
    for who, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):  # Red's plan hidden from Blue
        run(tables.play.submit(who, CHANNEL, line))
    assert tables.store.seen_seq(game_id, "blue") == tables.store.last_seq(game_id) - 1
    seq = _next(tables, game_id)
    seen = tables.store.seen_seq(game_id, "blue") + 1  # the change counts among what Blue has observed
    rows = notices(tables, game_id, START, SHOUTED, seq, {"blue": WHEN}, moved=True)
    assert rows == [("blue", message(words("the game waits for you, due ", due(WHEN), ": ", ANSWER),
                                     buttons=_buttons(game_id, "blue", ["answer loud", "answer soft"], seen))
                     | {"question": {"new": True}} | UNASKED)]
    undue = notices(tables, game_id, None, SHOUTED, seq, {}, moved=True)  # a game beginning; no deadline planned
    assert undue == [("blue", message(words("the game waits for you: ", ANSWER),
                                      buttons=_buttons(game_id, "blue", ["answer loud", "answer soft"], seen))
                      | {"question": {"new": True}} | UNASKED)]


def test_a_chooser_already_awaited_gets_the_next_question_without_a_second_ping(hidden):
    tables, game_id = hidden
    seq = _next(tables, game_id)
    seen = tables.store.seen_seq(game_id, "red") + 1
    rows = notices(tables, game_id, START, LOUD, seq, {}, moved=False)  # Red was awaited, now asked to echo
    assert rows == [("red", message(words("Next: ", ECHO),
                                    buttons=_buttons(game_id, "red", ["echo yes", "echo no"], seen))
                     | {"question": {"new": False}} | UNASKED)]
    assert notices(tables, game_id, LOUD, LOUD, seq, {}, moved=False) == []  # the same question: nothing
    assert notices(tables, game_id, LOUD, START, seq, {}, moved=False) == []  # no choice waits: nothing new


def test_a_side_a_passed_deadline_played_for_is_told_afresh_of_its_next_step(hidden):
    """Seen on simcord: 1812's deadline ended an absent Russian's Movement Phase, and his Forced March
    only edited his question message (no notification) until the reminder, hours later."""
    tables, game_id = hidden
    seq = _next(tables, game_id)
    seen = tables.store.seen_seq(game_id, "red") + 1
    buttons = _buttons(game_id, "red", ["echo yes", "echo no"], seen)
    rows = notices(tables, game_id, START, LOUD, seq, {"red": WHEN}, moved=True, late=frozenset({"red"}))
    assert rows == [("red", message(words("the game waits for you, due ", due(WHEN), ": ", ECHO), buttons=buttons)
                     | {"question": {"new": True}} | UNASKED)]
    within = notices(tables, game_id, START, LOUD, seq, {"red": WHEN}, moved=False, late=frozenset({"red"}))
    assert within[0][1]["question"] == {"new": False}  # the same step goes on: its question edited in place


def test_in_public_a_phase_change_pings_the_newly_awaited_and_a_choice_within_a_phase_carries_its_buttons(public):
    tables, game_id = public
    seq = _next(tables, game_id)
    seen = tables.store.seen_seq(game_id, "blue") + 1
    buttons = _buttons(game_id, "blue", ["answer loud", "answer soft"], seen)
    channel = f"channel:{CHANNEL}"
    asked = notices(tables, game_id, START, SHOUTED, seq, {"blue": WHEN}, moved=False)
    assert asked == [(channel, message(words(mention(BORIS.id), f" Game {game_id}: your move, due ", due(WHEN),
                                             ": ", ANSWER), buttons=buttons) | UNASKED | {"awaits": "blue"})]
    # Boris's own command (a standing order of Red's answered in the middle of his orders): no ping
    assert notices(tables, game_id, START, SHOUTED, seq, {"blue": WHEN}, moved=False, author=BORIS.id) == [
        (channel, message(words(ANSWER), buttons=buttons) | UNASKED)]
    # at a phase change the headline's "your move" line pings Blue; the notice carries the buttons alone
    assert notices(tables, game_id, START, SHOUTED, seq, {"blue": WHEN}, moved=True) == [
        (channel, message(words(ANSWER), buttons=buttons) | UNASKED)]
    assert notices(tables, game_id, None, START, seq, {"red": WHEN}, moved=True) == []  # no buttons: nothing
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))  # Boris takes his reminders by DM: told privately
    assert notices(tables, game_id, START, SHOUTED, seq, {"blue": WHEN}, moved=True) == [
        ("blue", message(words("the game waits for you, due ", due(WHEN), ": ", ANSWER), buttons=buttons)
         | {"question": {"new": True}} | UNASKED)]


def test_no_side_is_told_without_a_player_to_tell_and_held_orders_change_nothing_told(hidden):
    """A side whose held orders are due is asked as any other: whether it holds some is its own
    business, and the news of held orders that then play withdraws the question (bot/tables/superseded.py)."""
    tables, game_id = hidden
    seq = _next(tables, game_id)
    assert [to for to, _ in notices(tables, game_id, SHOUTED, START, seq, {}, moved=True)] == ["red"]
    held.hold(tables.store, game_id, held.Held("red", ANNA, ["shout"]))
    assert [to for to, _ in notices(tables, game_id, SHOUTED, START, seq, {}, moved=True)] == ["red"]
    run(tables.lobby.new(ANNA, GUILD, "202", "toy_wager", "long"))
    unseated = tables.game_in("202")["id"]
    run(tables.lobby.join(BORIS, "202", "blue"))
    assert notices(tables, unseated, START, SHOUTED, _next(tables, unseated), {}, moved=True) == [
        ("blue", message(words("the game waits for you: ", ANSWER), buttons=_buttons(
            unseated, "blue", ["answer loud", "answer soft"], 1)) | {"question": {"new": True}} | UNASKED)]
    assert notices(tables, unseated, SHOUTED, START, _next(tables, unseated), {}, moved=True) == []  # no Red player
    both = notices(tables, unseated, SHOUTED, PLANS, _next(tables, unseated), {}, moved=True)
    assert [(to, payload["text"]) for to, payload in both] == [("blue", ["Next: the Blue Plan Phase (turn 1)."])]


def test_a_side_newly_awaited_beside_one_whose_question_stands_is_told(hidden):
    """Blue's plan taken back (an undo): Red's question stands, Blue is asked again."""
    tables, game_id = hidden
    rows = notices(tables, game_id, BLUE_PLANNED, PLANS, _next(tables, game_id), {}, moved=True)
    assert [(to, payload["text"]) for to, payload in rows] == [("blue", ["the game waits for you: the Blue Plan Phase "
                                                                         "(turn 1)."])]


def test_a_side_whose_standing_order_answers_is_not_asked(hidden):
    tables, game_id = hidden
    assert asked_of(tables, game_id, SHOUTED) == ["blue"]
    tables.store.set_standing_order(game_id, "blue", "answer", "soft")
    assert asked_of(tables, game_id, SHOUTED) == []  # the standing order answers at once
    assert asked_of(tables, game_id, START) == ["red"]


def test_the_computer_s_side_is_not_asked(service):
    tables = make_tables(service)  # the toy race, whose computer may hold a side
    game_id = run(seated_game(tables))
    state = service.load(game_id)
    assert asked_of(tables, game_id, state) == ["red"]
    service.store.take_computer_seat(game_id, "red", {"level": 1, "budget": 20, "seed": 1})
    assert asked_of(tables, game_id, state) == []


def test_a_choice_of_more_answers_than_a_menu_holds_is_asked_without_buttons_and_typed(tmp_path, monkeypatch):
    tables = _tables(tmp_path, monkeypatch, toy_wager.many_answers())
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    assert notices(tables, game_id, START, SHOUTED, _next(tables, game_id), {}, moved=True) == [
        ("blue", message(words("the game waits for you: ", ANSWER, " (30 answers are possible, more than a menu "
                               "holds: type yours with `/order` and its words.)"))
         | {"question": {"new": True}} | UNASKED)]
