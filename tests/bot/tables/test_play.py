"""Play at the tables (bot/tables/play.py and its parts) without Discord: the map on request, the hint of how
orders are given, draw offers, messages of several orders, answers clicked to a mid-turn choice,
and orders held behind a choice (over the toy race and the toy wager of tests/bot)."""
from __future__ import annotations

import asyncio
import re
import threading
import time
from datetime import timedelta
from collections import defaultdict

import pytest

from bot.config import GameSettings
from bot.permissions import TableError
from bot.service import GameService
from bot.store import Store, blank
from bot.tables.giving import TOO_MANY
from bot.tables.judging import SECRET_ORDER
from bot.tables.typed import WITHDRAWN, PlainReply
from bot.words import COMPUTER, join, plain
from rules.core.registry import _SYSTEMS
from tests.bot import toy_wager
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    OTHER,
    STRANGER,
    make_tables,
    run,
    second_game,
    seated_game,
)
from tests.bot.discord.discord_fakes import picture as drawn

HEADLINE = "Turn 1 | hour 1 | Movement Phase | Red player"  # the toy race's first


# -- the map on request --------------------------------------------------------------------------


def tip(order: str) -> str:
    """The standing order's tip, said once a game under the first click it would have given (bot/tables/clicked.py)."""
    kind, given = order.split()
    return f"`orders {order}` answers every such choice for you: {toy_wager.standing_orders()[kind][given]}."

def test_the_public_map_is_posted_in_the_channel_with_the_public_view(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)
    messenger = tables.delivery.messenger
    assert run(tables.play.map(BORIS, CHANNEL)) == "Map posted."
    where, text, pictures = messenger.posts[-1]
    view = service.system(game_id).view(service.load(game_id), None)
    assert (where, text) == (CHANNEL, f"Game {game_id}, at Boris's request:\n{HEADLINE}")
    assert pictures == (drawn(view),)  # the whole map: no options


def test_a_private_map_goes_to_the_player_alone_with_their_own_view(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)
    messenger = tables.delivery.messenger
    posted = len(messenger.posts)
    assert run(tables.play.map(BORIS, CHANNEL, private=True)) == "Your map is on its way to your DMs."
    assert len(messenger.posts) == posted
    view = service.system(game_id).view(service.load(game_id), "blue")
    assert messenger.dms[-1] == (BORIS.id, f"Game {game_id}: your map as Blue, at your request:\n{HEADLINE}",
                                 (drawn(view),))
    with pytest.raises(TableError, match=r"^Only the game's players have a map of their own; `/game map` "
                                         r"posts the public one\.$"):
        run(tables.play.map(STRANGER, CHANNEL, private=True))


def test_a_map_around_places_names_each_place_however_they_are_separated(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    checked = []
    tables.delivery.place_check = lambda view, places: checked.append((view["turn"], places))
    run(tables.play.map(ANNA, CHANNEL, "0201+0202,0203 0204"))
    view = service.system(game_id).view(service.load(game_id), None)
    assert checked == [(1, ["0201", "0202", "0203", "0204"])]
    assert tables.delivery.messenger.posts[-1][2] == (drawn(view, around=["0201", "0202", "0203", "0204"]),)
    run(tables.play.map(ANNA, CHANNEL, "0201", private=True))
    own = service.system(game_id).view(service.load(game_id), "red")
    assert tables.delivery.messenger.dms[-1][2] == (drawn(own, around=["0201"]),)


def test_a_place_the_map_lacks_is_refused_with_the_renderers_sentence(service):
    tables = make_tables(service)
    run(seated_game(tables))

    def lacks(view, places):
        raise ValueError(f"{places[0]}: no hex of this map")
    tables.delivery.place_check = lacks
    posted = len(tables.delivery.messenger.posts)
    with pytest.raises(TableError, match="^9999: no hex of this map$"):
        run(tables.play.map(ANNA, CHANNEL, "9999"))
    assert len(tables.delivery.messenger.posts) == posted


# -- the hint of how orders are given where typed lines cannot be read ---------------------------

def test_a_seated_player_is_told_once_how_orders_are_given_others_never(service):
    tables = make_tables(service)
    assert not tables.play.hint_due(ANNA, CHANNEL)  # no game here
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    assert not tables.play.hint_due(ANNA, CHANNEL)  # not started
    run(tables.lobby.start(ANNA, CHANNEL))
    assert not tables.play.hint_due(STRANGER, CHANNEL)  # no seat
    assert tables.play.hint_due(ANNA, CHANNEL)
    assert not tables.play.hint_due(ANNA, CHANNEL)  # told once
    assert tables.play.hint_due(BORIS, CHANNEL)  # each player once
    second_game(tables)
    assert not tables.play.hint_due(BORIS, OTHER)  # once per player, not per game
    assert tables.play.hint_due(STRANGER, OTHER)


# -- draw offers ---------------------------------------------------------------------------------

def test_a_draw_offered_in_one_channel_is_the_question_for_the_other_player_there(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    other = second_game(tables)
    said = run(tables.play.draw(ANNA, CHANNEL))
    assert "offer" in said and service.store.game(game_id)["pending_draw"]["by"] == "red"
    assert not service.store.game(other)["pending_draw"]
    offer = run(tables.play.draw(BORIS, CHANNEL))
    assert (offer.game_id, offer.side, offer.seq) == (game_id, "blue", service.store.seen_seq(game_id, "blue"))
    assert offer.reply.text == (f"The Red player offers a draw in game {game_id}. Accept it (the game ends, "
                                "nobody wins) or decline it (play goes on)?")
    assert run(tables.play.confirm(BORIS, "draw", offer.game_id, offer.side, offer.seq)) == \
        f"Game {game_id} is drawn by agreement: the Red player offered a draw and the Blue player accepted."
    assert service.store.game(game_id)["status"] == "over"
    assert service.store.game(other)["status"] != "over"


# -- several orders in one message ---------------------------------------------------------------

def test_orders_of_one_message_are_played_in_order_until_one_is_refused(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    reply = plain(run(tables.play.orders(ANNA, CHANNEL, "move r1 0201; move r1 0301\nend")))
    assert reply == ("1. ✅ Red: move r1 0201. r1 moves to 0201\n2. ❌ move r1 0301 — Move r1 0301 is not possible "
                     "now (Toy: Sequence A).\nNot tried, after line 2 was refused: 3. end. Send them again once it "
                     "is put right.")
    assert service.store.last_seq(game_id) == 1
    assert [row["user"] for row in service.store.commands(game_id)] == [ANNA.id]  # stored with who gave it
    with pytest.raises(TableError, match="not possible now"):  # one order: its own answer, refused
        run(tables.play.orders(ANNA, CHANNEL, "move r1 0401"))
    assert run(tables.play.orders(ANNA, CHANNEL, " end ;")) == "Red: end."
    with pytest.raises(TableError, match="^Write one order a line"):
        run(tables.play.orders(ANNA, CHANNEL, " ; \n"))
    with pytest.raises(TableError, match="^One message holds at most 60 orders"):
        run(tables.play.orders(ANNA, CHANNEL, "roll;" * 61))
    assert "; 60. roll. Send them again" in plain(run(tables.play.orders(ANNA, CHANNEL, "roll;" * 60)))
    assert service.store.last_seq(game_id) == 3  # the first roll played



def test_queries_in_a_message_are_answered_each_after_its_own_words_the_units_as_a_table(service):
    tables = make_tables(service)
    run(seated_game(tables))
    units = {"table": "Red:\n  0101  r1  1-1 runner\n  0101  r2  2-1 runner\n\n"
                      "Blue:\n  0102  b1  1-1 runner\n  0102  b2  2-1 runner"}
    assert run(tables.play.submit(ANNA, CHANNEL, "units")) == units  # its columns lined up
    reply = run(tables.play.orders(ANNA, CHANNEL, "units; status"))
    assert reply[:4] == ["1. ✅ ", {"name": "units"}, " — ", units]
    assert reply[4:6] == ["\n2. ✅ ", {"name": "status"}] and reply[6].startswith(" — Turn 1 | hour 1")


def test_a_blank_order_is_told_to_type_a_command(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    with pytest.raises(TableError, match=r"^Type a command; `help` lists them\.$"):
        run(tables.play.submit(ANNA, CHANNEL, "  "))
    assert service.store.last_seq(game_id) == 0


def test_the_author_of_a_command_that_begins_their_own_next_phase_is_named_not_pinged(service):
    tables = make_tables(service)
    run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # Red's Movement Phase over, Red's Dice Phase begins
    run(tables.delivery.flush())
    ended = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert ended.startswith("**Anna** — Red: end.") and "\nRed player: your move, due <t:" in ended
    assert f"<@{ANNA.id}>" not in ended

# -- answers clicked to a mid-turn choice, and orders held behind one (the toy wager) ------------

@pytest.fixture
def wager(tmp_path, monkeypatch):
    """Tables over the toy wager: Anna plays Red (who shouts), Boris Blue (who answers)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager)
    tables = make_tables(service, systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    return tables, game_id


def test_a_clicked_answer_is_played_while_its_question_waits_and_expires_after(wager):
    tables, game_id = wager
    store = tables.store
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    seen = store.seen_seq(game_id, "blue")
    expired = "^This button has expired: "
    with pytest.raises(TableError, match=expired + "that question no longer waits for your answer, the game having "
                       "moved on since it was asked; the game waits for your answer to its next question, asked "
                       "with its own buttons\\.$"):  # asked at another position, before Red's shout
        run(tables.play.answer(BORIS, game_id, "blue", seen - 1, "answer soft"))
    with pytest.raises(TableError, match=expired + "that question does not wait for your answer; nothing waits for "
                       "you now\\.$"):  # not Red's question
        run(tables.play.answer(ANNA, game_id, "red", store.seen_seq(game_id, "red"), "echo yes"))
    assert plain(run(tables.play.answer(BORIS, game_id, "blue", seen, "answer loud"))) == \
        "Blue: answer loud.\n" + tip("answer loud")  # its standing order named once a game
    with pytest.raises(TableError, match=expired + "you answered that question \\(answer loud\\); nothing waits for "
                       "you now\\.$"):  # answered: Red's echo waits now
        run(tables.play.answer(BORIS, game_id, "blue", seen, "answer soft"))
    assert plain(run(tables.play.answer(ANNA, game_id, "red", store.seen_seq(game_id, "red"), "echo no"))) == \
        "Red: echo no.\n" + tip("echo no")
    assert store.last_seq(game_id) == 3


def test_each_person_who_holds_a_seat_reads_each_tip_once_a_game(wager):
    """Boris answers Blue's first question by its button and hands the seat to a stranger mid-game: the tip under a
    first question (how commands are given where it is read) and the standing order's under a first click were
    keyed on the side, so the stranger read neither. Each person reads each once a game: the stranger under his
    first question and click; Boris, seated again, neither again."""
    tables, game_id = wager
    store = tables.store

    def tipped() -> list[tuple[str, str]]:  # (the side asked, whom its question's tip names)
        return [(row["audience"], row["payload"]["tip"]) for row in store.outbox(game_id) if row["payload"].get("tip")]

    def turn(blue) -> list[str]:  # Red shouts, Blue clicks his answer, both plan: the replies to Blue's clicks
        run(tables.play.submit(ANNA, CHANNEL, "shout"))
        said = [plain(run(tables.play.answer(blue, game_id, "blue", store.seen_seq(game_id, "blue"), "answer soft")))]
        run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
        return [*said, plain(run(tables.play.answer(blue, game_id, "blue", store.seen_seq(game_id, "blue"),
                                                    "plan bold")))]

    assert turn(BORIS) == ["Blue: answer soft.\n" + tip("answer soft"), "Blue: plan bold.\n" + tip("plan bold")]
    assert tipped() == [("red", ANNA.id), ("blue", BORIS.id)]
    run(tables.seats.replace(BORIS, CHANNEL, "blue", STRANGER))
    assert turn(STRANGER) == ["Blue: answer soft.\n" + tip("answer soft"), "Blue: plan bold.\n" + tip("plan bold")]
    assert tipped() == [("red", ANNA.id), ("blue", BORIS.id), ("blue", STRANGER.id)]
    run(tables.seats.replace(STRANGER, CHANNEL, "blue", BORIS))
    assert turn(BORIS) == ["Blue: answer soft.", "Blue: plan bold. Game over: a draw, as the wagers are over."]
    assert tipped() == [("red", ANNA.id), ("blue", BORIS.id), ("blue", STRANGER.id)]


def test_a_standing_order_s_tip_recorded_for_the_side_by_the_version_before_is_not_said_again(wager):
    """The version before recorded the standing order's tip under a click by side, not by person: Boris, told it
    for Blue's answers before the upgrade, is not told again; the plans' tip, not recorded, he reads."""
    tables, game_id = wager
    store = tables.store
    store.set_meta(f"told the standing order for answer: game {game_id}, blue", "soft")
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    assert plain(run(tables.play.answer(BORIS, game_id, "blue", store.seen_seq(game_id, "blue"), "answer soft"))) == \
        "Blue: answer soft."
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
    assert plain(run(tables.play.answer(BORIS, game_id, "blue", store.seen_seq(game_id, "blue"), "plan bold"))) == \
        "Blue: plan bold.\n" + tip("plan bold")


def _hot_seat_wager(monkeypatch, path, module=toy_wager):
    """A toy_wager game started at a hot seat: Anna holds Red and Blue."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    tables = make_tables(GameService(blank(path), loader=lambda name: module), systems=("toy_wager",))
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_wager", "long", hot_seat=True))
    for side in ("red", "blue"):
        run(tables.lobby.join(ANNA, CHANNEL, side))
    run(tables.lobby.start(ANNA, CHANNEL))
    return tables


def test_a_hot_seat_player_asked_both_sides_questions_at_once_reads_the_tip_once(tmp_path, monkeypatch):
    """The game's first change asks both sides' plans of Anna, who holds both seats: the tip (how commands are
    given where she reads them) went under both questions; it goes under the first."""
    tables = _hot_seat_wager(monkeypatch, tmp_path / "plans.sqlite", toy_wager.plans_first())
    game_id = tables.game_in(CHANNEL)["id"]
    asked = [row["audience"] for row in tables.store.outbox(game_id) if "question" in row["payload"]]
    tipped = [row["audience"] for row in tables.store.outbox(game_id) if row["payload"].get("tip")]
    assert (asked, tipped) == (["red", "blue"], ["red"])


def test_a_button_pressed_after_its_deadline_says_the_deadline_answered_its_question(wager):
    """Red's shout asks Blue, whose answer is played at his deadline (at_deadline choose): a button
    of the question says so, and that nothing waits for Blue now."""
    tables, game_id = wager
    store = tables.store
    run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "choose"}))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    seen = store.seen_seq(game_id, "blue")
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    with pytest.raises(TableError, match="^This button has expired: your deadline passed and answered that question "
                       "for you \\(answer loud\\); nothing waits for you now\\.$"):
        run(tables.play.answer(BORIS, game_id, "blue", seen, "answer soft"))


def test_a_button_pressed_after_a_standing_order_answered_its_question_says_so(wager):
    """Blue, asked, gives a standing order for such choices instead, which answers at once: a button of
    the question (one whose message Discord would not let the bot write again) names the order's
    answer, and that nothing waits for Blue now."""
    tables, game_id = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    seen = tables.store.seen_seq(game_id, "blue")
    run(tables.play.submit(BORIS, CHANNEL, "orders answer loud"))
    with pytest.raises(TableError, match="^This button has expired: your standing order answered that question "
                       "\\(answer loud\\); nothing waits for you now\\.$"):
        run(tables.play.answer(BORIS, game_id, "blue", seen, "answer soft"))


def test_a_button_pressed_after_an_undo_took_its_question_back_says_so(wager):
    tables, game_id = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    seen = tables.store.seen_seq(game_id, "blue")
    run(tables.play.submit(ANNA, CHANNEL, "undo"))
    run(tables.play.submit(BORIS, CHANNEL, "accept"))
    with pytest.raises(TableError, match="^This button has expired: that question was taken back by an undo; "
                       "nothing waits for you now\\.$"):
        run(tables.play.answer(BORIS, game_id, "blue", seen, "answer soft"))


def test_orders_that_meet_a_choice_are_held_and_played_once_it_is_made(wager):
    """Red sends two shouts: the second meets Blue's answer still to be made, so it is held (not
    refused); once the choices of the turn are made and Red may shout again it is played. Blue must
    answer it, so the channel's line of the shout says all: Red gets no DM that would say only 'Red:
    shout.'"""
    tables, game_id = wager
    messenger = tables.delivery.messenger
    reply = plain(run(tables.play.orders(ANNA, CHANNEL, "shout; shout")))
    assert reply == ("1. ✅ Red: shout. red shouts\nHeld until the choice waiting now is made, then played in "
                     "order: 2. shout. (`/orders` opens them to change; emptied, it drops them.)")
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    assert tables.store.last_seq(game_id) == 3 and not any("held orders" in dm for dm in messenger.to(ANNA.id))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # turn 2: Red shouts, no choice waits
    assert tables.store.last_seq(game_id) == 5
    assert "**Anna** — red shouts" in messenger.in_channel(CHANNEL)[-1].splitlines()
    assert not any("held orders" in dm for dm in messenger.to(ANNA.id))
    assert toy_wager.choice(tables.service.load(game_id)) == {"kind": "answer", "side": "blue"}
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold"), (ANNA, "plan calm")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert tables.store.last_seq(game_id) == 8  # turn 3: the held shout, played once, is not played again
    assert toy_wager.choice(tables.service.load(game_id)) is None


def test_an_undo_among_held_orders_killed_after_it_is_not_played_again_at_the_next_start(tmp_path, monkeypatch):
    """In a wager whose whole turn is one phase, Red's box `shout; undo` is held behind Blue's answer; at turn 2
    the shout is played and taken back at once (its own command, in its phase: no consent asked). The bot is
    killed before the word of what became of them is stored: the undo had left the store's row of held orders
    as it stood, so the next start judged it again, and asked Blue to consent to undoing Red's plan of turn 1.
    The undo now leaves the row in its own transaction, as a command does: the start plays nothing more."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    one_phase = toy_wager.one_phase()
    path = tmp_path / "one.sqlite"
    tables = make_tables(GameService(blank(path), loader=lambda name: one_phase), systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.orders(ANNA, CHANNEL, "shout; undo"))
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))

    killed_before_the_word(tables, monkeypatch, ANNA, "plan calm")  # turn 2: the shout played and undone
    stood = tables.store.last_seq(game_id)
    again = make_tables(GameService(Store(path), loader=lambda name: one_phase), systems=("toy_wager",))
    run(again.play.resume_all())
    assert again.store.last_seq(game_id) == stood and again.store.game(game_id)["pending_undo"] is None
    assert again.store.held_orders(game_id, "red") is None


def test_a_query_held_with_orders_is_answered_with_what_became_of_them(wager):
    """Red's box `shout; shout; status` meets Blue's answer at its second line, and the query is held with it.
    The shout played at turn 2 says all in the channel, and nothing was told of the status asked: the query's
    answer went nowhere. A query among held orders is answered where they are told, by DM, of the position they
    leave (the status read after the orders before it played, as it would in a box played at once)."""
    tables, game_id = wager
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout; status"))
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold"), (ANNA, "plan calm")):
        run(tables.play.submit(actor, CHANNEL, line))
    told, = [dm for dm in tables.delivery.messenger.to(ANNA.id) if "your held orders" in dm]
    assert plain(told).startswith(f"Game {game_id}: your held orders, played once the choices were made:\n2. ✅ Red: "
                                  "shout. red shouts\n3. ✅ status — Turn 2 | Answer Phase\nTo move: Blue\n"), told


def test_held_orders_held_again_behind_the_other_sides_choice_are_told_once_with_those_played_before(wager):
    """Red's box `shout; shout; shout; status` holds its last three behind Blue's answer; at turn 2 the second shout
    plays and Blue must answer again, so the rest are held again behind Blue's choice. The word at turn 3 told the
    third shout and the status alone, as '3. ... 4. ...': what became of the second was dropped when the rest were
    held again. It is kept with them, and the word tells all three, once; meanwhile the box opens with the two
    still held."""
    tables, game_id = wager
    for actor, text in HELD_AGAIN:
        run((tables.play.orders if ";" in text else tables.play.submit)(actor, CHANNEL, text))
    assert tables.play.held_in(ANNA, CHANNEL) == "shout\nstatus"
    assert held_words([tables]) == []
    for actor, line in ((BORIS, "answer soft"), (ANNA, "plan calm"), (BORIS, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))
    told, = held_words([tables])
    assert plain(told).startswith(f"Game {game_id}: your held orders, played once the choices were made:\n2. ✅ Red: "
                                  "shout. red shouts\n3. ✅ Red: shout. red shouts\n4. ✅ status — Turn 3 | Answer "
                                  "Phase\n"), told
    assert tables.store.held_orders(game_id, "red") is None


def test_held_orders_held_again_behind_the_other_sides_choice_are_told_with_those_played_when_the_game_ends(wager):
    """The game ends while Red's orders are held again behind Blue's answer, the second shout played before them:
    the word says which were played and which were not."""
    tables, game_id = wager
    for actor, text in HELD_AGAIN:
        run((tables.play.orders if ";" in text else tables.play.submit)(actor, CHANNEL, text))
    run(tables.play.resign(BORIS, CHANNEL))
    assert held_words([tables]) == [f"Game {game_id}: your held orders were not played, as the game ended before they "
                                    "were due (the Red player wins, as Boris resigns for Blue): 3. shout; 4. status. "
                                    "Those before them were played once the choices were made: 2. shout."]
    assert tables.store.held_orders(game_id, "red") is None


NOT_PLAYED = "Game {}: your held orders were not played, as the game ended before they were due ({}): 2. shout."


@pytest.mark.parametrize("end, how", [
    ("blue's last plan", "a draw, as the wagers are over"),
    ("resigned", "the Red player wins, as Boris resigns for Blue"),
    ("drawn", "a draw, as the Blue player offered a draw and the Red player accepted"),
    ("forfeited", "the Red player wins, as Blue missed the deadline and forfeits"),
])
def test_held_orders_the_games_end_leaves_unplayed_are_told_to_their_author(tmp_path, monkeypatch, end, how):
    """Red's second shout is held behind Blue's answer of the one-turn wager, and the game ends before it is due:
    Blue's plan ends the wagers, Blue resigns, Red accepts Blue's draw, or Blue's time runs out. The row stayed for
    ever and Red heard nothing of her shout. She is told, by DM, in the transaction that ends the game (the DM is
    stored with it: `outbox` as it ends), and the row is closed."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "short.sqlite"), loader=lambda name: toy_wager)
    tables = make_tables(service, systems=("toy_wager",), defaults=GameSettings(at_deadline="forfeit"))
    game_id = run(seated_game(tables, system="toy_wager", scenario="short"))
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    if end == "blue's last plan":
        for actor, line in ((BORIS, "answer soft"), (ANNA, "plan calm"), (BORIS, "plan bold")):
            run(tables.play.submit(actor, CHANNEL, line))
    elif end == "resigned":
        run(tables.play.resign(BORIS, CHANNEL))
    elif end == "drawn":
        run(tables.play.submit(BORIS, CHANNEL, "draw"))
        run(tables.play.submit(ANNA, CHANNEL, "accept"))
    else:
        run(tables.clocks.expire(game_id, "blue", timedelta(0), service.store.deadline(game_id, "blue")["due_at"]))
    assert service.store.game(game_id)["status"] == "over"
    assert service.store.held_orders(game_id, "red") is None
    told = [dm for dm in tables.delivery.messenger.to(ANNA.id) if "held orders" in dm]
    assert told == [NOT_PLAYED.format(game_id, how)]
    assert not any("held orders" in dm for dm in tables.delivery.messenger.to(BORIS.id))


def test_held_orders_go_with_their_author_when_the_seat_is_handed_to_a_person(wager):
    """Anna holds a shout behind Blue's answer, then hands the Red seat to a stranger: the shout stayed and played for
    him once Blue answered, and the word on it went to him, who never gave it. It is dropped in the transaction
    that hands the seat over, and Anna, its author, is told which and why, once, naming the game; the stranger
    starts with nothing held (his `/orders` box opens empty) and reads nothing of it, then or when Blue answers."""
    tables, game_id = wager
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    run(tables.seats.replace(ANNA, CHANNEL, "red", STRANGER))
    assert tables.store.held_orders(game_id, "red") is None
    assert tables.play.held_in(STRANGER, CHANNEL) == ""
    seq = tables.store.last_seq(game_id)
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    assert tables.store.last_seq(game_id) == seq + 1  # Blue's answer alone: no shout played for the stranger
    messenger = tables.delivery.messenger
    assert [dm for dm in messenger.to(ANNA.id) if "held orders" in dm] == [
        f"Game {game_id}: your held orders were not played, as the Red seat went to <@{STRANGER.id}> before they were "
        "due: 2. shout."]
    assert not any("held orders" in dm or "shout" in dm for dm in messenger.to(STRANGER.id))
    run(tables.play.resign(BORIS, CHANNEL))  # and the game's end has nothing more to tell her
    assert len([dm for dm in messenger.to(ANNA.id) if "held orders" in dm]) == 1


def test_held_orders_go_with_their_author_when_the_computer_takes_the_seat_and_he_takes_it_back(wager, monkeypatch):
    """Anna's shouts, held again behind Blue's answer after the first two played, go when the computer takes the
    Red seat (as at her passed deadline): one DM tells her the computer plays in her place, which orders were not
    played and those played before them; taken back, the seat holds nothing and she is told nothing more."""
    tables, game_id = wager
    monkeypatch.setattr(toy_wager, "commander", lambda level=1: None, raising=False)
    for actor, text in HELD_AGAIN:
        run((tables.play.orders if ";" in text else tables.play.submit)(actor, CHANNEL, text))
    assert tables.store.held_orders(game_id, "red")["judged"]["waiting"]
    messenger = tables.delivery.messenger
    dms = len(messenger.to(ANNA.id))
    tables.computer.take(game_id, "red", None, "The Red deadline has passed: the computer takes the seat")
    run(tables.delivery.flush(game_id))
    assert tables.store.held_orders(game_id, "red") is None
    assert messenger.to(ANNA.id)[dms:] == [
        f"Game {game_id}: the computer now plays Red in your place. To play again, ask the game's creator or a member "
        "with Manage Server for `/game replace side:red` naming you. Your held orders were not played, as the Red "
        "seat went to the computer before they were due: 3. shout; 4. status. Those before them were played once "
        "the choices were made: 2. shout."]
    run(tables.seats.replace(ANNA, CHANNEL, "red", ANNA))
    assert tables.store.seats(game_id)["red"] == ANNA.id and tables.play.held_in(ANNA, CHANNEL) == ""
    assert not any("held orders" in dm for dm in messenger.to(ANNA.id)[dms + 1:])


def test_a_command_and_the_held_orders_it_lets_play_are_sent_by_one_flush_in_order(wager):
    """Held orders played after the command that made their choice are sent with its news, once all are
    judged: each flush sent what waited (the command's line, then the held orders' lines), two posts where
    texts in a row go as one. Nothing is lost or reordered: the command's line comes first."""
    tables, game_id = wager
    messenger, delivery = tables.delivery.messenger, tables.delivery
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))
    flushes, flush, posted = [], delivery.flush, len(messenger.in_channel(CHANNEL))

    async def counted(game=None):
        flushes.append(len(messenger.in_channel(CHANNEL)))
        return await flush(game)
    delivery.flush = counted
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # turn 2 begins, and Red's held shout is played
    assert tables.store.last_seq(game_id) == 5 and flushes == [posted]
    said = messenger.in_channel(CHANNEL)[posted:]
    assert said[0].startswith("red plans calm") and "\n**Anna** — red shouts\n" in said[-1]


def test_the_line_that_lets_held_orders_play_leaves_them_the_headline_map_and_word_to_move(wager):
    """Blue's plan begins turn 2 and lets Red's held shout play at once: Blue's line no longer says
    'Turn 2 ... your move' under a map nor asks Red by DM (both stale before they were sent); the
    shout's line shows turn 2's map (bot/tables/superseded.py)."""
    tables, game_id = wager
    messenger = tables.delivery.messenger
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # one order: what Red held stays held
    posted, told = len(messenger.posts), len(messenger.to(ANNA.id))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    assert tables.store.last_seq(game_id) == 5
    (post,) = [(text, pictures) for where, text, pictures in messenger.posts[posted:] if where == CHANNEL]
    assert post[0].startswith("red plans calm\nblue plans bold\n**Anna** — red shouts\nTurn 2 | Answer Phase")
    assert len(post[1]) == 1  # the lines before the map go in its message
    assert [dm for dm in messenger.to(ANNA.id)[told:] if "your move" in dm or "waits for you" in dm] == []


def test_held_orders_refused_leave_the_line_that_let_them_be_judged_as_it_was(wager):
    """Red's held `echo no` is refused at turn 2 (no echo waits): Blue's line reads as if Red had
    held nothing (the turn's headline, its map, Red's word to move), for whether a side holds orders
    is its own business."""
    tables, game_id = wager
    messenger = tables.delivery.messenger
    run(tables.play.orders(ANNA, CHANNEL, "shout; echo no"))
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
    posted = len(messenger.posts)
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    assert tables.store.last_seq(game_id) == 4
    ((text, pictures),) = [(text, pictures) for where, text, pictures in messenger.posts[posted:] if where == CHANNEL]
    assert text.startswith("red plans calm\nblue plans bold\nTurn 2 | Shout Phase\nTo move: Red\n")
    assert "your move" in text and len(pictures) == 1


def test_held_orders_held_again_behind_the_other_sides_choice_are_told_once_played(wager):
    tables, game_id = wager
    messenger = tables.delivery.messenger
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout; shout"))
    for line in ("answer soft", "plan bold"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # the second shout played, the third held again
    assert tables.store.last_seq(game_id) == 5
    assert not any("held orders" in dm for dm in messenger.to(ANNA.id))
    for line in ("answer soft", "plan bold"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # turn 3: the last shout
    assert tables.store.last_seq(game_id) == 9
    assert not any("held orders" in dm for dm in messenger.to(ANNA.id))  # the channel's line said it



def test_held_orders_that_leave_their_side_to_move_are_told_to_it(wager):
    """Red's held shout is played at turn 2, which Blue's plan begins, and Blue's standing order
    answers it loudly: Red must echo, and the DM of what became of the held orders is their word to
    move."""
    tables, game_id = wager
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    for line in ("answer soft", "orders answer loud"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    assert toy_wager.choice(tables.service.load(game_id)) == {"kind": "echo", "side": "red"}
    assert tables.delivery.messenger.to(ANNA.id)[-1].startswith(
        f"Game {game_id}: your held orders, played once the choices were made:\n2. ✅ Red: shout.")


@pytest.mark.parametrize("orders", ["shout; shout", "shout; shout; shout"])
def test_held_orders_their_authors_own_command_lets_play_are_told_by_the_channel_alone(wager, orders):
    """Red's own plan begins turn 2 and lets her held shout play, which leaves her to echo: she
    reads the channel she just acted in, whose lines say the shout and 'Red player: your move'; a DM
    'Your held orders ...: Red: shout.' told her nothing more, nor where the echo holds the rest again
    (a 7 Sept Russian clicking each choice got four such DMs, each repeating the attack above his next
    question)."""
    tables, game_id = wager
    messenger = tables.delivery.messenger
    run(tables.play.orders(ANNA, CHANNEL, orders))
    for line in ("answer soft", "orders answer loud", "plan bold"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    told, posted = len(messenger.to(ANNA.id)), len(messenger.in_channel(CHANNEL))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
    assert toy_wager.choice(tables.service.load(game_id)) == {"kind": "echo", "side": "red"}
    assert not any("held orders" in dm for dm in messenger.to(ANNA.id)[told:])
    (said,) = messenger.in_channel(CHANNEL)[posted:]
    assert "\n**Anna** — red shouts\n" in said and "\nRed player: your move, due " in said


BOX_TIP = "(`/orders` opens them to change; emptied, it drops them.)"
HELD_WORD = "Held until the choice waiting now is made, then played in order: {}. " + BOX_TIP
# the tip read in a DM (a DM's reply, the word of typed orders and of held orders played), where no box opens
BY_DM = "(Orders you send me by DM are added after them; `/orders` in #100 opens them to change, and emptied, it " \
    "drops them.)"


def test_orders_given_one_at_a_time_while_a_choice_waits_are_added_to_those_held(wager):
    """While Blue's answer to her shout waits, Red gives two more, one by `/order`, one typed: the second is
    added to the first, not put in its place (seen: a player giving orders one at a time lost all but the last),
    and each plays in its turn; then one by DM. The word of those typed goes by DM, and so does the reply to a DM:
    there no `/orders` box opens, and the tip that named it alone names the game's channel and what a DM does."""
    tables, game_id = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    assert plain(run(tables.play.orders(ANNA, CHANNEL, "shout"))) == HELD_WORD.format("1. shout")
    typed = run(tables.play.plain(ANNA, CHANNEL, "shout"))  # its word goes by DM
    assert plain(typed.private) == HELD_WORD.format("1. shout; 2. shout").replace(BOX_TIP, BY_DM)
    by_dm = run(tables.direct.message(ANNA, "shout"))  # the `/orders` box opens in the game's channel alone
    assert plain(by_dm) == "Game 1: " + HELD_WORD.format("1. shout; 2. shout; 3. shout").replace(BOX_TIP, BY_DM)
    assert tables.play.held_in(ANNA, CHANNEL) == "shout\nshout\nshout" and tables.play.held_in(BORIS, CHANNEL) == ""
    for _ in range(2):  # each turn: Blue answers, Blue plans, Red plans; the next held shout plays
        for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold"), (ANNA, "plan calm")):
            run(tables.play.submit(actor, CHANNEL, line))
    shouts = [c["seq"] for c in tables.store.commands(game_id) if c["side"] == "red" and c["text"] == "shout"]
    assert shouts == [1, 5, 9] and tables.play.held_in(ANNA, CHANNEL) == "shout"  # behind Blue's answer again


def test_orders_after_the_answer_that_lets_held_orders_play_come_after_them(tmp_path, monkeypatch):
    """Red's second shout is held behind Blue's answer; Blue answers loudly, and Red's own echo waits. Her message
    'echo no; shout' answers it and adds a shout: the new shout was played at once, before the one she had given
    first, which stayed held. Held orders come first, in the order given: the new shout is held after the old one,
    which plays; Blue's answer then holds the new one again (numbered on from the old, as the reply says)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    shouting_on = toy_wager.shouting_on()
    service = GameService(blank(tmp_path / "on.sqlite"), loader=lambda name: shouting_on)
    tables = make_tables(service, systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer loud"))
    reply = plain(run(tables.play.orders(ANNA, CHANNEL, "echo no; shout")))
    assert reply == ("1. ✅ Red: echo no. red: echo no\nYour held orders come first, as you gave them first; in order: "
                     "2. shout; 3. shout.")
    assert [c["normalised"] for c in service.store.commands(game_id)] == ["shout", "answer loud", "echo no", "shout"]
    assert service.store.held_orders(game_id, "red")["first"] == 3  # the old one played, the new one held


def test_the_orders_box_replaces_what_was_held_and_emptied_drops_it(wager):
    tables, game_id = wager
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    replaced = plain(run(tables.play.orders(ANNA, CHANNEL, "shout\nshout", box=True)))
    assert replaced == "These orders replace those you held.\n" + HELD_WORD.format("1. shout; 2. shout")
    assert plain(run(tables.play.orders(ANNA, CHANNEL, " ", box=True))) == \
        "Your held orders are dropped: none will be played."
    with pytest.raises(TableError, match="^Write one order a line"):  # nothing held: an empty box is refused
        run(tables.play.orders(ANNA, CHANNEL, "", box=True))
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold"), (ANNA, "plan calm")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert tables.store.last_seq(game_id) == 4 and toy_wager.choice(tables.service.load(game_id)) is None


# -- the buttons of a request to undo, and of the question before ending a phase ------------------

def _undo_asked_of_red(service, tables) -> int:
    """Blue asks to undo its `end` of an earlier phase: Red's consent is asked (at command 5)."""
    game_id = run(seated_game(tables))
    for actor, line in ((ANNA, "move r1 0201"), (ANNA, "end"), (ANNA, "roll"), (BORIS, "move b1 0202"),
                        (BORIS, "end"), (BORIS, "undo")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert service.store.game(game_id)["pending_undo"] == {"by": "blue", "seq": 5, "command": "end"}
    return game_id


def test_a_request_to_undo_is_answered_by_its_button_while_it_waits(service):
    tables = make_tables(service)
    game_id = _undo_asked_of_red(service, tables)
    second_game(tables)
    expired = r"^This button has expired: that request to undo no longer waits for your answer\.$"
    with pytest.raises(TableError, match=expired):  # asked at another position
        run(tables.play.confirm(ANNA, "accept", game_id, "red", 4))
    with pytest.raises(TableError, match=expired):  # the asker's own side
        run(tables.play.confirm(BORIS, "refuse", game_id, "blue", 5))
    assert "undone" in plain(run(tables.play.confirm(ANNA, "accept", game_id, "red", 5))).lower()
    assert service.store.last_seq(game_id) == 4 and not service.store.game(game_id)["pending_undo"]
    with pytest.raises(TableError, match=expired):  # answered
        run(tables.play.confirm(ANNA, "refuse", game_id, "red", 5))


def test_a_draw_offer_waiting_too_is_answered_before_the_request_to_undo(service):
    tables = make_tables(service)
    game_id = _undo_asked_of_red(service, tables)
    run(tables.play.submit(BORIS, CHANNEL, "draw"))
    with pytest.raises(TableError, match=r"^A draw offer waits for your answer first \(`/game draw`\); answer it, "
                                         r"then this button answers the request to undo\.$"):
        run(tables.play.confirm(ANNA, "accept", game_id, "red", 5))
    assert service.store.game(game_id)["pending_undo"]
    with pytest.raises(TableError, match=r"^This button has expired: no draw offer waits for your answer\.$"):
        run(tables.play.confirm(BORIS, "draw", game_id, "blue", 5))  # Blue's own offer
    run(tables.play.confirm(ANNA, "decline", game_id, "red", 5))
    assert not service.store.game(game_id)["pending_draw"] and service.store.game(game_id)["status"] != "over"


def test_at_a_hot_seat_orders_are_held_for_the_side_they_were_given_for(tmp_path, monkeypatch):
    """One person holds both sides: orders sent for Red are held for Red; sent for no side in
    particular, nobody knows whose they are, so the refused one is not held."""
    tables = _hot_seat_wager(monkeypatch, tmp_path / "wager.sqlite")
    game_id = tables.game_in(CHANNEL)["id"]
    unheld = plain(run(tables.play.orders(ANNA, CHANNEL, "shout; shout")))
    assert unheld.startswith("1. ✅ Red: shout. red shouts\n2. ❌ shout — ") and "Held" not in unheld
    for line in ("answer soft", "plan bold", "plan calm"):
        run(tables.play.submit(ANNA, CHANNEL, line, side="blue" if line != "plan calm" else "red"))
    held = plain(run(tables.play.orders(ANNA, CHANNEL, "shout; shout; shout", side="red")))
    assert held.endswith("Held until the choice waiting now is made, then played in order: "
                         "2. shout; 3. shout. (`/orders` opens them to change; emptied, it drops them.)")
    assert tables.store.last_seq(game_id) == 5
    run(tables.play.orders(ANNA, CHANNEL, "answer soft", side="blue"))  # Blue's message: Red's held orders stay
    with pytest.raises(TableError, match="nothing is undone"):  # Blue's undo: Red's held orders stay too
        run(tables.play.submit(ANNA, CHANNEL, "undo", side="blue"))
    run(tables.play.submit(ANNA, CHANNEL, "plan bold", side="blue"))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm", side="red"))  # turn 3: Red's first held shout is played,
    assert tables.store.last_seq(game_id) == 9  # the second held again for Red behind Blue's answer, not told yet
    assert not any("held orders" in dm for dm in tables.delivery.messenger.to(ANNA.id))
    assert {k: v for k, v in tables.store.held_orders(game_id, "red").items() if k in ("lines", "first")} == \
        {"lines": ["shout"], "first": 3}  # the third line of the box, held again


def test_ending_a_phase_or_resigning_is_asked_first_for_the_callers_side_at_this_position(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    with pytest.raises(TableError, match=r"^Game 1 has not started yet; `/game start` begins it\.$"):
        tables.play.offer(ANNA, CHANNEL, "end")
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    run(tables.lobby.start(ANNA, CHANNEL))
    game_id = second_game(tables) - 1
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    end = tables.play.offer(ANNA, CHANNEL, "end")
    assert end.reply.text == (f"End the Red side's current step in game {game_id}? It is the `end` command: "
                              "whatever is left undone in the step is given up.")
    assert (end.game_id, end.side, end.seq, end.needed) == (game_id, "red", 1, True)
    run(tables.play.submit(ANNA, CHANNEL, "move r2 0201"))  # `end` is all Red may do now: nothing to give up
    assert not tables.play.offer(ANNA, CHANNEL, "end").needed
    run(tables.play.submit(ANNA, CHANNEL, "undo"))
    resign = tables.play.offer(BORIS, CHANNEL, "resign")
    assert resign.reply.text == f"Resign game {game_id} as Blue? This ends the game."
    assert (resign.game_id, resign.side, resign.seq) == (game_id, "blue", service.store.seen_seq(game_id, "blue"))
    with pytest.raises(TableError, match="no seat"):
        tables.play.offer(STRANGER, CHANNEL, "end")
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    with pytest.raises(TableError, match=r"^This button has expired: the game has moved on"):
        run(tables.play.confirm(ANNA, "end", end.game_id, end.side, end.seq))
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    with pytest.raises(TableError, match=f"^Game {game_id} is paused: its channel was deleted"):
        tables.play.offer(ANNA, CHANNEL, "end")


def test_another_sides_secret_order_does_not_expire_a_question_nor_a_request_to_undo(wager):
    """Red has observed one command fewer than were given (Blue's secret plan): Red's buttons
    carry that number and still answer."""
    tables, game_id = wager
    store = tables.store
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    seen = store.seen_seq(game_id, "red")
    assert seen == store.last_seq(game_id) - 1
    assert plain(run(tables.play.answer(ANNA, game_id, "red", seen, "plan calm"))) == \
        "Red: plan calm.\n" + tip("plan calm")
    for actor, line in ((ANNA, "shout"), (BORIS, "answer loud"), (BORIS, "undo")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert store.game(game_id)["pending_undo"]["by"] == "blue"
    assert "undone" in plain(run(tables.play.confirm(ANNA, "accept", game_id, "red", store.seen_seq(game_id, "red"))))


def test_a_held_order_refused_alone_is_told_by_its_number_and_words(wager):
    """Red's box `shout; echo yes` meets Blue's answer at its second line; Blue answers softly, and the held
    `echo yes`, played as turn 2 begins, is refused: no echo is asked. The word of it read 'your held orders, played
    once the choices were made:' over the refusal alone, which named neither the order nor that it was
    refused (seen on simcord: Bloody Monday's held `end` refused, 'Battles in newly contested areas are
    mandatory (FAQ 5): ...'); it reads as the box's reply read each line, by its number and words."""
    tables, game_id = wager
    assert "Held until" in plain(run(tables.play.orders(ANNA, CHANNEL, "shout; echo yes")))
    for actor, line in ((BORIS, "answer soft"), (ANNA, "plan calm"), (BORIS, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))  # turn 2 begins: Red shouts, no echo is asked
    told, = [dm for dm in tables.delivery.messenger.to(ANNA.id) if "your held orders" in dm]
    assert told.startswith(f"Game {game_id}: your held orders, played once the choices were made:\n2. ❌ echo yes — "), \
        told


def test_held_orders_stopped_by_their_own_sides_choice_are_told_at_once(wager):
    """Blue's standing order answers loudly, which leaves Red the echo to choose: Red's held
    orders, played at the next turn that Blue's plan begins, stop at it and Red hears at once, since
    Red must answer. The orders keep the numbers her box's reply gave them (its second and third
    lines: in Last Blood a reply's '33. inspire F-V-P F-V-18' came back '30. ✅ French: inspire ...'),
    and those held again keep theirs."""
    tables, game_id = wager
    messenger = tables.delivery.messenger
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout; shout"))
    for line in ("answer soft", "orders answer loud"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))
    assert toy_wager.choice(tables.service.load(game_id)) == {"kind": "echo", "side": "red"}
    told = messenger.to(ANNA.id)[-1]
    assert told.startswith(f"Game {game_id}: your held orders, played once the choices were made:\n2. ✅ Red: shout.")
    assert told.endswith("Held until the choice waiting now is made, then played in order: 3. shout. "
                         f"(Orders you send me by DM are added after them; `/orders` in <#{CHANNEL}> opens them to "
                         "change, and emptied, it drops them.)")
    assert tables.store.held_orders(game_id, "red")["first"] == 3


class Killed(BaseException):
    """The process killed: nothing after it runs, nothing it had not committed is stored."""


def killed_before_the_word(tables, monkeypatch, actor, line):
    """`line` played, and the bot killed after the held orders it lets play and before the word of what became
    of them is stored (Play._settle_held)."""
    def killed(*args):
        raise Killed
    monkeypatch.setattr(type(tables.play), "_settle_held", killed)
    with pytest.raises(Killed):
        run(tables.play.submit(actor, CHANNEL, line))
    monkeypatch.undo()
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")


def restarted(tables, path):
    """The tables of a bot started again on the store's file after a kill (a new service, nothing kept in
    memory), once its start has finished what the kill cut short (Play.resume_all)."""
    again = make_tables(GameService(Store(path), loader=lambda name: toy_wager), systems=("toy_wager",))
    run(again.play.resume_all())
    return again


# Each a wager played to its last step, which lets Red's held orders play; the last step is where a kill comes.
HELD_AGAIN = [(ANNA, "shout; shout; shout; status"), (BORIS, "answer soft"), (ANNA, "plan calm"), (BORIS, "plan bold")]
KILLED_IN = {
    # Blue's standing orders answer each choice of that turn and the next, so both shouts play; the second
    # ends the wagers
    "the last ends the game": [(ANNA, "shout"), (ANNA, "shout; shout"), (ANNA, "orders plan calm"),
                               (BORIS, "orders plan bold"), (BORIS, "orders answer soft")],
    # the held shout at turn 2, Blue's standing order answering it loudly: Red must echo, the word her word
    # to move
    "a choice left to their author": [(ANNA, "shout; shout"), (BORIS, "answer soft"), (BORIS, "orders answer loud"),
                                      (ANNA, "plan calm"), (BORIS, "plan bold")],
    # a query and a standing order held with a shout, played by Red's own plan: the word answers them once
    "a query and a standing order": [(ANNA, "shout; shout; status; orders echo no"), (BORIS, "answer soft"),
                                     (BORIS, "plan bold"), (ANNA, "plan calm")],
    # the shout played by Red's own plan, Blue to answer: the channel tells it all, no word is sent
    "told in the channel": [(ANNA, "shout; shout"), (BORIS, "answer soft"), (BORIS, "plan bold"),
                            (ANNA, "plan calm")],
    # the second shout at turn 2, Blue's standing order answering it loudly: Red must echo, so the third is held
    # again, and the word (of the shout played and the one held) is her word to move
    "held again behind their own choice": [(ANNA, "shout; shout; shout"), (BORIS, "answer soft"),
                                           (BORIS, "orders answer loud"), (ANNA, "plan calm"), (BORIS, "plan bold")],
    # the second shout at turn 2, Blue to answer it: the third and a status are held again behind Blue's choice,
    # what became of the second kept with them, no word yet
    "held again behind the other's choice": HELD_AGAIN,
    # and played at turn 3: the word tells the second shout with the third and the status, once
    "played once held again behind the other's choice": [*HELD_AGAIN, (BORIS, "answer soft"), (ANNA, "plan calm"),
                                                         (BORIS, "plan bold")],
}
SILENT = ("told in the channel", "held again behind the other's choice")  # no word to Red at the last step


def wagered(path, steps, kill: int | None = None):
    """A bot over a new toy wager in the file at `path`, its players' `steps` given in turn (several orders
    in one message where `;` joins them). `kill`: the bot is killed at its last step, before its `kill`th
    write of a command, of what became of a held order, of those held again or of the word on them
    (Play._settle_held), and started again; the tables it ends with, and whether the kill came."""
    tables = make_tables(GameService(blank(path), loader=lambda name: toy_wager), systems=("toy_wager",))
    run(seated_game(tables, system="toy_wager", scenario="long"))
    for n, (actor, text) in enumerate(steps, 1):
        if n == len(steps) and kill is not None:
            writes = []

            def killing(write):
                def at(*args, **kwargs):
                    writes.append(write)
                    if len(writes) == kill:
                        raise Killed
                    return write(*args, **kwargs)
                return at
            tables.service.store_command = killing(tables.service.store_command)
            tables.store.judge_held = killing(tables.store.judge_held)
            tables.play._settle_held = killing(tables.play._settle_held)
            tables.store.hold_orders = killing(tables.store.hold_orders)
        try:
            run((tables.play.orders if ";" in text else tables.play.submit)(actor, CHANNEL, text))
        except Killed:
            return [tables, restarted(tables, path)], True
    return [tables], False


def held_words(bots) -> list[str]:
    """What Red's player read of her held orders by DM, from each bot in turn."""
    return [dm for tables in bots for dm in tables.delivery.messenger.to(ANNA.id) if "your held orders" in dm]


def killed_as_whole(tmp_path, case: str, point: int, whole) -> bool:
    """The wager `case` killed before the `point`th write of its last step (`wagered`) stores the commands the
    `whole` one does (its bot's tables), and Red reads the words of her held orders the whole one sends her (a
    word or none), once; False where the step makes fewer writes (no kill came)."""
    assert len(held_words(whole)) == (case not in SILENT)
    bots, killed = wagered(tmp_path / f"killed at {point}.sqlite", KILLED_IN[case], point)
    if not killed:
        return False
    assert held_words(bots) == held_words(whole), point
    assert [(r["side"], r["normalised"]) for r in bots[-1].store.commands(1)] == \
        [(r["side"], r["normalised"]) for r in whole[0].store.commands(1)], point
    held = "SELECT side, lines, first, judged FROM held_orders"
    assert bots[-1].store.db.execute(held).fetchall() == whole[0].store.db.execute(held).fetchall(), point
    assert not held_words([restarted(bots[-1], tmp_path / f"killed at {point}.sqlite")]), point  # a further start
    return True


@pytest.mark.parametrize("case, point", [
    ("the last ends the game", 5),  # between the first held shout and the answers standing orders play after it
    ("a choice left to their author", 4),  # before the word on them
    ("a query and a standing order", 4),  # after the query is answered, before the standing order is set
    ("told in the channel", 3),  # before the word on them, which the channel made needless
    ("held again behind their own choice", 6),  # the third shout held again: the word on them went with it
    ("held again behind the other's choice", 3),  # the second shout played, before the rest are held again
    ("played once held again behind the other's choice", 3),  # the third shout played, before the status
])
def test_held_orders_killed_among_them_are_played_and_told_once_as_they_would_have_been(case, point, wager,
                                                                                       tmp_path):
    """The bot is killed among the writes of the step that lets Red's held orders play. The next start played
    the rest, but the word on them read the last as its command said it, without what the standing orders
    played after it added ('Red: shout.' where uninterrupted it read 'Red: shout. blue: answer loud, by
    standing order.'), and came where the channel had said it all; a query and a standing order held after
    the last shout were left held, judged again when Red next acted, a turn late (the status of Turn 3, not 2,
    the standing order set after the choice it was for), their word without the shout. Each order now leaves
    the store with what became of it: the same commands are stored, and Red reads the words the uninterrupted
    bot sends her, once (none where it sends none)."""
    assert killed_as_whole(tmp_path, case, point, wagered(tmp_path / "whole.sqlite", KILLED_IN[case])[0])


@pytest.mark.long
@pytest.mark.parametrize("case", KILLED_IN)
def test_held_orders_killed_at_any_write_are_played_and_told_once_as_they_would_have_been(case, wager, tmp_path):
    """As above, the bot killed before each write of the step in turn (its own command, each command standing
    orders play after it, each held order played or judged, the word on them), until one plays it whole."""
    # from the second write: killed before the first, the step's own command, the step is not given at all
    whole, point = wagered(tmp_path / "whole.sqlite", KILLED_IN[case])[0], 2
    while killed_as_whole(tmp_path, case, point, whole):
        point += 1
    assert point > 3


@pytest.mark.parametrize("to", ["a stranger", "the computer"])
@pytest.mark.parametrize("kill", ["inside its transaction", "after it"])
def test_a_hand_over_killed_drops_the_held_orders_with_their_word_or_neither(kill, to, wager, tmp_path, monkeypatch):
    """Anna hands the Red seat, her shout held, to a stranger (`/game replace`) or to the computer (`/game seat`),
    and the bot is killed: inside the hand-over's transaction, after the held orders went and before its messages
    were written, nothing of it is stored (the seat, the shout and no word), and the hand-over given again drops them
    with the word; after it, the seat, the drop and the word are stored together, and the next start sends the word.
    Anna reads it once either way."""
    tables, game_id = wager
    computer = to == "the computer"

    def handed(at) -> None:
        monkeypatch.setattr(toy_wager, "commander", lambda level=1: None, raising=False)  # a computer player
        run(at.computer.seat(ANNA, CHANNEL, "red") if computer else at.seats.replace(ANNA, CHANNEL, "red", STRANGER))
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    if kill == "inside its transaction":
        dropped = tables.store._hand_over

        def killed_after(*args):
            dropped(*args)
            monkeypatch.setattr(tables.store, "_write_outbox", lambda *more: (_ for _ in ()).throw(Killed()))
        monkeypatch.setattr(tables.store, "_hand_over", killed_after)
    else:
        monkeypatch.setattr(tables.delivery, "flush", lambda *args: (_ for _ in ()).throw(Killed()))
    with pytest.raises(Killed):
        handed(tables)
    monkeypatch.undo()
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    again = restarted(tables, tmp_path / "wager.sqlite")
    store = again.store
    if kill == "inside its transaction":
        assert store.seats(game_id)["red"] == ANNA.id and store.held_orders(game_id, "red")["lines"] == ["shout"]
        assert not [row for row in store.outbox(game_id) if "held orders" in plain(row["payload"].get("text", ""))]
        handed(again)
    run(again.delivery.flush(game_id))
    assert store.seats(game_id)["red"] == (COMPUTER if computer else STRANGER.id)
    assert store.held_orders(game_id, "red") is None
    where = "the computer" if computer else f"<@{STRANGER.id}>"
    word = f"eld orders were not played, as the Red seat went to {where} before they were due: 2. shout."
    assert [dm for bot in (tables, again) for dm in bot.delivery.messenger.to(ANNA.id) if "held orders" in dm] == \
        [f"Game {game_id}: the computer now plays Red in your place. To play again, ask the game's creator or a member "
         f"with Manage Server for `/game replace side:red` naming you. Your h{word}" if computer else
         f"Game {game_id}: your h{word}"]


def test_a_start_sets_damaged_rows_aside_once_and_finishes_every_other_games_pass(wager, tmp_path, monkeypatch,
                                                                                  caplog):
    """Killed before the word on Red's held orders in game 1; beside it, game 2 keeps a word (as the version
    before kept it) that is not a list of messages, game 3 held orders whose judging a stop cut short with what
    became of them unreadable, game 4 a row of its own that cannot be read. The first failed the start's pass at
    every start, logged and never set aside, and the word of every other game with it. Each damaged row is now
    set aside once, logged with its game and why; game 1's word goes out; a further start logs nothing."""
    tables, game_id = wager
    for actor, text in KILLED_IN["a choice left to their author"][:-1]:
        run((tables.play.orders if ";" in text else tables.play.submit)(actor, CHANNEL, text))
    killed_before_the_word(tables, monkeypatch, BORIS, "plan bold")
    store = tables.store
    told, under_way, damaged = (tables.service.new_game("toy_wager", "long", seed=n) for n in (2, 3, 4))
    store.hold_orders(told, "red", "7", "ada", [])
    store.hold_orders(under_way, "blue", "8", "bo", ["answer soft"])
    with store.transaction():
        store.db.execute("UPDATE held_orders SET told = 'not json' WHERE game = ?", [told])
        store.db.execute("UPDATE held_orders SET judged = '{\"said\": 1}' WHERE game = ?", [under_way])
        store.db.execute("UPDATE games SET options = 'not json', started_at = '2026-03-01' WHERE id = ?", [damaged])
    caplog.clear()
    again = restarted(tables, tmp_path / "wager.sqlite")
    assert [dm for dm in again.delivery.messenger.to(ANNA.id) if "your held orders" in dm] == [
        f"Game {game_id}: your held orders, played once the choices were made:\n2. ✅ Red: shout. blue: answer loud, "
        "by standing order."]
    assert sorted(again.store.db.execute("SELECT tbl, row_key FROM quarantine").fetchall()) == [
        ("games", str(damaged)), ("held_orders", str(told)), ("held_orders", str(under_way))]
    assert [r.levelname for r in caplog.records] == ["WARNING"] * 3, caplog.text
    assert f"held_orders row ({told}) of game {told}: JSONDecodeError: Expecting value" in caplog.text
    assert f"held_orders row ({under_way}) of game {under_way}: ValueError: what became of the held orders judged " \
        "must be" in caplog.text
    caplog.clear()
    once = restarted(again, tmp_path / "wager.sqlite")
    assert not caplog.records and not once.delivery.messenger.dms
    assert once.store.db.execute("SELECT COUNT(*) FROM quarantine").fetchone()[0] == 3


def test_the_hint_is_for_the_game_of_the_channel_it_was_typed_in(service):
    tables = make_tables(service)
    run(seated_game(tables))
    second_game(tables)  # newer, and Anna has no seat in it
    assert tables.play.hint_due(ANNA, CHANNEL)


def test_a_resignation_from_a_button_is_for_the_side_it_was_offered_for(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    for side in ("red", "blue"):
        run(tables.lobby.join(ANNA, CHANNEL, side))
    run(tables.lobby.start(ANNA, CHANNEL))
    game_id = tables.game_in(CHANNEL)["id"]
    second_game(tables)
    assert run(tables.play.confirm(ANNA, "resign", game_id, "blue", 0)) == f"You resigned game {game_id}."
    posted = "\n".join(tables.delivery.messenger.in_channel(CHANNEL))
    assert f"Anna resigns for Blue: Red wins game {game_id}." in posted
    assert tables.store.game(game_id)["ended"]["winner"] == "red"
    with pytest.raises(TableError, match=f"^This button has expired: game {game_id} is over\\.$"):
        run(tables.play.answer(ANNA, game_id, "red", 0, "end"))


def _first_finding_slowest(tables, monkeypatch) -> threading.Event:
    """The first worker thread that finds a channel's game is made the slowest; the event is set
    once it is under way."""
    find, calls, reached = tables.game_in, [], threading.Event()

    def slow_first(channel):
        calls.append(channel)
        if len(calls) == 1:
            reached.set()
            time.sleep(0.3)
        return find(channel)
    monkeypatch.setattr(tables, "game_in", slow_first)
    return reached


def test_a_message_of_orders_keeps_its_place_in_the_channels_queue(service, monkeypatch):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    _first_finding_slowest(tables, monkeypatch)

    async def sent():
        return await asyncio.gather(tables.play.orders(ANNA, CHANNEL, "move r1 0201; move r2 0201"),
                                    tables.play.submit(ANNA, CHANNEL, "end"))
    run(sent())
    assert [r["normalised"] for r in service.store.commands(game_id)] == ["move r1 0201", "move r2 0201", "end"]


def test_a_clicked_answer_keeps_its_place_in_the_channels_queue(wager, monkeypatch):
    tables, game_id = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    seen = tables.store.seen_seq(game_id, "blue")
    reached = _first_finding_slowest(tables, monkeypatch)

    async def clicked_then_typed():
        clicked = asyncio.ensure_future(tables.play.answer(BORIS, game_id, "blue", seen, "answer soft"))
        await asyncio.to_thread(reached.wait)  # the answer is on its way: a line typed now comes after it
        typed = await tables.play.submit(BORIS, CHANNEL, "plan bold")
        return await clicked, typed
    assert tuple(map(plain, run(clicked_then_typed()))) == \
        ("Blue: answer soft.\n" + tip("answer soft"), "Blue: plan bold.")


def test_a_resignation_pressed_while_a_message_of_orders_is_judged_comes_after_all_its_orders(service, monkeypatch):
    """A resignation button takes no place in the channel's queue, only the game's lock: the orders of
    a message already being judged are all played before it, none refused because the game ended."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    reached, go = threading.Event(), threading.Event()
    submit = service.submit

    def first_waits(*args, **kwargs):  # the message's first order, under way until the resignation waits
        if not reached.is_set():
            reached.set()
            go.wait()
        return submit(*args, **kwargs)
    monkeypatch.setattr(service, "submit", first_waits)

    class Observed(asyncio.Lock):
        async def acquire(self):
            if self.locked():
                go.set()  # a command waits for the game: the message's orders go on
            return await super().acquire()
    monkeypatch.setattr(tables, "lock", defaultdict(Observed).__getitem__)

    async def resigned_meanwhile():
        orders = asyncio.ensure_future(tables.play.orders(ANNA, CHANNEL, "move r1 0201; move r2 0201"))
        await asyncio.to_thread(reached.wait)
        resigned = asyncio.ensure_future(tables.play.confirm(BORIS, "resign", game_id, "blue", 0))
        resigned.add_done_callback(lambda _: go.set())  # or it did not wait at all
        return plain(await orders), await resigned
    assert run(resigned_meanwhile()) == ("1. ✅ Red: move r1 0201. r1 moves to 0201\n"
                                         "2. ✅ Red: move r2 0201. r2 moves to 0201", f"You resigned game {game_id}.")
    assert [r["normalised"] for r in service.store.commands(game_id)] == ["move r1 0201", "move r2 0201"]
    assert tables.store.game(game_id)["ended"]["winner"] == "red"


def test_a_seat_changes_hands_in_a_game_with_hidden_units_only_when_its_player_agrees(wager):
    tables, game_id = wager
    run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER))
    assert run(tables.play.confirm(BORIS, "hold", game_id, "blue", int(STRANGER.id))) == "You keep the Blue seat."
    assert tables.store.seats(game_id)["blue"] == BORIS.id
    run(tables.seats.replace(ANNA, CHANNEL, "blue", STRANGER))
    assert plain(run(tables.play.confirm(BORIS, "cede", game_id, "blue", int(STRANGER.id)))) == \
        f"You handed the Blue seat to @{STRANGER.id}."
    assert tables.store.seats(game_id)["blue"] == STRANGER.id


def test_a_typed_message_of_orders_is_played_in_its_own_channels_game(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)  # newer, and Anna has no seat in it
    assert run(tables.play.plain(ANNA, CHANNEL, "move r1 0201")) == PlainReply(True, "")
    assert service.store.last_seq(game_id) == 1
    assert run(tables.play.plain(ANNA, CHANNEL, "roll\n" * 61)) == PlainReply(False, TOO_MANY)
    sixty = run(tables.play.plain(ANNA, CHANNEL, "roll\n" * 60))
    assert not sixty.accepted and "; 60. roll. Send them again" in plain(sixty.private)
    assert run(tables.play.plain(ANNA, CHANNEL, "nice move")) is None  # chat stays chat


def test_typed_orders_held_behind_a_choice_are_said_held_to_their_author(wager):
    """Typed in the channel, orders the rules accept get a ✅ and no word, their public lines saying them; those
    held behind a choice had no line and no word: Borodino's Russian typed his Movement Phase and his attacks,
    the first attack's advance was asked, and the attacks after it waited unsaid (seen on simcord). Their author
    is told by DM, as the box's reply tells them; the orders played are not told again."""
    tables, game_id = wager
    typed = run(tables.play.plain(ANNA, CHANNEL, "shout\nshout"))
    assert typed.accepted and not typed.withdraw
    assert plain(typed.private) == "Held until the choice waiting now is made, then played in order: " \
        "2. shout. " + BY_DM
    assert tables.store.last_seq(game_id) == 1
    assert run(tables.play.plain(BORIS, CHANNEL, "answer soft")) == PlainReply(True, "")


def test_while_both_order_in_secret_a_typed_order_is_not_played_but_a_table_verb_is(wager):
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft")):
        run(tables.play.submit(actor, CHANNEL, line))
    secret = run(tables.play.plain(ANNA, CHANNEL, "plan bold"))
    assert secret == PlainReply(False, join([WITHDRAWN, SECRET_ORDER]), True)
    assert tables.store.last_seq(game_id) == 2
    status = run(tables.play.plain(ANNA, CHANNEL, "status"))
    assert status.accepted and "Turn 1" in plain(status.private)


def test_a_typed_line_is_an_order_when_it_reads_as_one_of_the_speakers_side_else_chat(service):
    tables = make_tables(service)
    run(seated_game(tables))

    def typed(actor, text):
        reply = run(tables.play.plain(actor, CHANNEL, text))
        return None if reply is None else (reply.accepted, plain(reply.private))
    assert typed(ANNA, "end of story") is None  # a game word, but no place or unit named
    assert typed(ANNA, "undo that, please") is None and typed(ANNA, "draw me a map") is None
    assert typed(STRANGER, "move r1 0201") is None  # no seat
    assert typed(BORIS, "move b1") is None  # Blue may not move now: its mistyped order is chat
    assert typed(ANNA, "Status please")[0] and typed(BORIS, "status")[0]  # queries always count
    accepted, why = typed(ANNA, "move r1")  # mistyped, naming a unit: explained
    assert not accepted and why
    assert typed(BORIS, "move b1 0202")[0] is False  # an order of his own side, refused: not his turn
    assert typed(ANNA, "undo")[0] is False  # nothing to undo, said
    assert typed(ANNA, "MOVE r1 0201") == (True, "")


def test_a_typed_word_of_the_doomed_victory_board_naming_a_unit_is_answered_as_an_order(store):
    """'formation 3222 line' typed in the channel was read as chat, never answered (seen on simcord
    in a 7 September game with the Doomed Victory options): its verb is no command, though the
    rules answer it (NotPlayed). Naming a unit it is an order, refused with what to do instead;
    the word alone stays chat."""
    service = GameService(store)
    tables = make_tables(service, systems=("borodino",))
    game_id = run(seated_game(tables, system="borodino", scenario="shevardino", seed=5))
    told = run(tables.play.plain(ANNA, CHANNEL, "formation 3222 line"))
    assert told is not None and not told.accepted
    assert plain(told.private).startswith("Formations are not played: ") and "`move " in plain(told.private)
    assert run(tables.play.plain(ANNA, CHANNEL, "charge!")) is None
    assert run(tables.play.plain(ANNA, CHANNEL, "rally round, lads")) is None
    assert service.store.last_seq(game_id) == 0


@pytest.mark.parametrize("given", ["submit", "orders"])
def test_an_undo_drops_what_was_held(wager, given):
    tables, game_id = wager
    run(tables.play.orders(ANNA, CHANNEL, "shout; shout"))
    run(getattr(tables.play, given)(ANNA, CHANNEL, "undo that"))  # asks Blue's consent; the held shout goes at once
    run(tables.play.submit(BORIS, CHANNEL, "refuse"))
    for actor, line in ((BORIS, "answer soft"), (BORIS, "plan bold"), (ANNA, "plan calm")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert toy_wager.choice(tables.service.load(game_id)) is None  # turn 2 waits for Red's own shout
    assert not any("held orders" in dm for dm in tables.delivery.messenger.to(ANNA.id))


@pytest.mark.parametrize("given", ["submit", "orders"])
def test_an_undo_refused_drops_nothing_held(wager, given):
    """Red, her plan down while Blue's is awaited, holds her next turn's shout behind his plan; her undo is refused
    (Undo: nothing is undone while both give orders at once), and her shout stays held, to be played once his plan
    is down (it was dropped, and nothing told her)."""
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))
    run(tables.play.orders(ANNA, CHANNEL, "shout"))
    assert tables.play.held_in(ANNA, CHANNEL) == "shout"
    with pytest.raises(TableError, match="nothing is undone"):
        run(getattr(tables.play, given)(ANNA, CHANNEL, "undo"))
    assert tables.play.held_in(ANNA, CHANNEL) == "shout"
    run(tables.play.submit(BORIS, CHANNEL, "plan calm"))
    assert tables.service.load(game_id)["stage"] == "answer"  # turn 2: her held shout played


def test_a_private_map_shows_what_only_the_players_side_sees(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    for line in ("end", "roll"):  # Red's roll whispers a secret number to Red alone
        run(tables.play.submit(ANNA, CHANNEL, line))
    run(tables.play.map(ANNA, CHANNEL, private=True))
    own = service.system(game_id).view(service.load(game_id), "red")
    assert own["secrets"] and tables.delivery.messenger.dms[-1][2] == (drawn(own),)


def test_a_wrong_answer_to_ones_own_question_is_refused_at_once_not_held(wager):
    tables, _ = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    with pytest.raises(TableError, match=r"^Answer hum is not possible now \(Wager A\)\.$"):
        run(tables.play.orders(BORIS, CHANNEL, "answer hum"))


def test_someone_without_a_seat_hears_that_every_side_is_taken(service):
    tables = make_tables(service)
    run(seated_game(tables))
    taken = r"^You have no seat in this game, and every side is taken\.$"
    with pytest.raises(TableError, match=taken):
        tables.play.offer(STRANGER, CHANNEL, "end")
    with pytest.raises(TableError, match=taken):
        run(tables.play.resign(STRANGER, CHANNEL))
    assert plain(run(tables.play.orders(STRANGER, CHANNEL, "move r1 0201; end"))) == (
        "1. ❌ move r1 0201 — You have no seat in this game, and every side is taken.\n"
        "Not tried, after line 1 was refused: 2. end. Send them again once it is put right.")


def test_a_confirmed_end_ends_the_phase_and_a_button_of_an_ended_game_has_expired(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)
    end = tables.play.offer(ANNA, CHANNEL, "end")
    assert run(tables.play.confirm(ANNA, "end", end.game_id, end.side, end.seq)) == "Red: end."
    run(tables.play.resign(BORIS, CHANNEL))
    with pytest.raises(TableError, match=f"^This button has expired: game {game_id} is over\\.$"):
        run(tables.play.confirm(ANNA, "end", game_id, "red", 1))


def test_typed_lines_where_no_game_runs_or_before_the_start_stay_chat_and_a_paused_game_says_so(service):
    tables = make_tables(service)
    assert run(tables.play.plain(ANNA, CHANNEL, "move r1 0201")) is None
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    assert run(tables.play.plain(ANNA, CHANNEL, "move r1 0201")) is None
    not_started = r"^Game 1 has not started yet; `/game start` begins it\.$"  # sent as an order, it is told so
    with pytest.raises(TableError, match=not_started):
        run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    with pytest.raises(TableError, match=not_started):
        run(tables.play.orders(ANNA, CHANNEL, "move r1 0201; end"))
    run(tables.lobby.start(ANNA, CHANNEL))
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    paused = run(tables.play.plain(ANNA, CHANNEL, "move r1 0201"))
    assert not paused.accepted and plain(paused.private).startswith("Game 1 is paused: its channel was deleted.")


def test_in_a_game_with_hidden_units_buttons_carry_what_their_side_has_observed(wager):
    """After Blue's secret plan Red has observed one command fewer than were given: the end and
    draw questions asked of Red carry Red's count."""
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft"), (BORIS, "plan bold")):
        run(tables.play.submit(actor, CHANNEL, line))
    seen = tables.store.seen_seq(game_id, "red")
    assert seen == tables.store.last_seq(game_id) - 1
    assert tables.play.offer(ANNA, CHANNEL, "resign").seq == seen
    run(tables.play.submit(BORIS, CHANNEL, "draw"))
    assert tables.delivery.messenger.buttons[-1][2] == {"action": "draw", "other": "decline", "game": game_id,
                                                         "side": "red", "seq": seen}  # the offer's news to Red
    assert run(tables.play.draw(ANNA, CHANNEL)).seq == seen


def test_the_next_question_to_the_same_player_goes_in_the_place_of_the_one_answered(wager):
    """Red answers the echo with the button of a DM: the plan asked of Red next is written there,
    with the echo's outcome, and the answer returns nothing more to say."""
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer loud")):
        run(tables.play.submit(actor, CHANNEL, line))
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_wager", "long"))  # a newer game, not Anna's
    run(tables.lobby.join(BORIS, OTHER, "red"))
    run(tables.lobby.join(STRANGER, OTHER, "blue"))
    run(tables.lobby.start(BORIS, OTHER))
    seen = tables.store.seen_seq(game_id, "red")
    assert run(tables.play.answer(ANNA, game_id, "red", seen, "echo no", asked_in="7")) == \
        tip("echo no")  # nothing more to say in the DM: the standing order's tip goes beside it
    assert tables.store.last_seq(game_id) == 3
    where, text, buttons = tables.delivery.messenger.buttons[-2]  # the echo's outcome on top of the plan asked
    assert (where, buttons["answers"]) == (f"dm:{ANNA.id}", ["plan bold", "plan calm"])
    # 'Red: shout.', said there once it left the game waiting for Blue alone, is no answer kept above the next
    assert re.fullmatch(rf"Game {game_id}: Red: echo no\.\nNext, due <t:\d+:R>: the Red Plan Phase \(turn 1\)\.", text)


def test_at_a_hot_seat_a_button_answers_for_the_side_it_was_asked_of(service, tmp_path, monkeypatch):
    """One person holds both sides: Red's consent to Blue's undo, and each secret plan while both
    plan, are given for the side whose button was pressed, not for the side acting first."""
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    for side in ("red", "blue"):
        run(tables.lobby.join(ANNA, CHANNEL, side))
    run(tables.lobby.start(ANNA, CHANNEL))
    for line in ("move r1 0201", "end", "roll", "move b1 0202", "end", "undo"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert "undone" in plain(run(tables.play.confirm(ANNA, "accept", 1, "red", 5)))
    wagers = _hot_seat_wager(monkeypatch, tmp_path / "wager.sqlite")
    for line, side in (("shout", "red"), ("answer soft", "blue")):
        run(wagers.play.submit(ANNA, CHANNEL, line, side=side))
    seen = wagers.store.seen_seq(1, "red")  # Red before Blue, whichever the store lists first
    assert plain(run(wagers.play.answer(ANNA, 1, "red", seen, "plan calm"))) == \
        "Red: plan calm.\n" + tip("plan calm")
    assert run(wagers.play.orders(ANNA, CHANNEL, "plan bold", side="red")) == "Red: plan bold."  # given again


def test_a_private_map_is_headed_by_the_players_own_view(wager):
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan calm")):
        run(tables.play.submit(actor, CHANNEL, line))
    run(tables.play.map(ANNA, CHANNEL, private=True))
    assert tables.delivery.messenger.to(ANNA.id)[-1] == (
        f"Game {game_id}: your map as Red, at your request:\nTurn 1 | Plan Phase\nTo move: Red, Blue\nYour plan: calm.")


def test_accept_refuse_and_draw_typed_alone_are_orders(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    for verb in ("accept", "refuse"):
        said = run(tables.play.plain(ANNA, CHANNEL, verb))
        assert not said.accepted and "No request to undo is waiting" in plain(said.private)
    assert run(tables.play.plain(ANNA, CHANNEL, "draw")).accepted
    assert tables.store.game(game_id)["pending_draw"]["by"] == "red"


def test_a_secret_order_is_played_from_orders_but_not_from_the_channel(wager):
    tables, game_id = wager
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft")):
        run(tables.play.submit(actor, CHANNEL, line))
    typed = run(tables.play.plain(ANNA, CHANNEL, "plan bold\nstatus"))
    assert plain(typed.private).startswith(f"{WITHDRAWN}\n1. ❌ plan bold — {SECRET_ORDER}\nNot tried")
    assert run(tables.play.orders(ANNA, CHANNEL, "plan calm")) == "Red: plan calm."


def test_a_message_of_orders_tells_a_standing_orders_answer_after_what_it_answers(wager):
    """Blue's standing order answers Red's shout at once: Anna's reply to her message of orders
    reads the shout's effects, then Blue's answer on the line of what it did, as the channel tells them;
    the answer stood on the shout's own line, before the effects it answers."""
    tables, game_id = wager
    run(tables.play.submit(BORIS, CHANNEL, "orders answer loud"))
    reply = plain(run(tables.play.orders(ANNA, CHANNEL, "shout; echo no")))
    assert reply.splitlines()[0] == "1. ✅ Red: shout. red shouts blue: answer loud, by standing order."
