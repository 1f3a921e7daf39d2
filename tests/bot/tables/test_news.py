"""News at the tables (bot/tables/news.py) without Discord, over the toy race of tests/bot: the
private thread offered for a player's news, where a paused game's public news goes, and the end of
a game its players ended, in its channel and to its spectators."""
from __future__ import annotations

import dataclasses
import re
import types
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest

import rules
from bot.config import GameSettings
from bot.delivery import places
from bot.permissions import Actor, TableError
from bot.service import GameService, Result
from bot.store import blank
from bot.tables.announcement import _line
from bot.tables.change import Change
from bot.tables.kept_views import own_view, player_turn_name
from bot.tables.superseded import withdrawn
from bot.words import plain
from rules.core.registry import _SYSTEMS
from tests.bot import toy_system, toy_wager
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    OTHER,
    STRANGER,
    WATCH,
    FakeClock,
    ServerError,
    make_tables,
    run,
    second_game,
    seated_game,
)
from tests.bot.discord.discord_fakes import picture as drawn

if TYPE_CHECKING:
    from bot.tables import Tables


# -- a private thread for a player's news --------------------------------------------------------


def tip(order: str) -> str:
    """The standing order's tip, said once a game under the first click it would have given (bot/tables/clicked.py)."""
    kind, given = order.split()
    return f"`orders {order}` answers every such choice for you: {toy_wager.standing_orders()[kind][given]}."

def test_a_private_thread_is_opened_in_the_game_s_own_channel_named_after_the_game(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    second_game(tables)
    messenger = tables.delivery.messenger
    titles = []
    opened = messenger.private_thread

    async def titled(channel, user, title, taken=()):
        titles.append(title)
        return await opened(channel, user, title, taken)
    messenger.private_thread = titled
    assert plain(run(tables.news.inbox(ANNA, CHANNEL))) == \
        f"Your private news of game {game_id} now goes to #800, which only you can see."
    assert messenger.threads == {"800": (CHANNEL, ANNA.id)} and titles == [f"Game {game_id}: private news"]
    assert service.store.private_thread(game_id, ANNA.id) == "800"
    messenger.moderators.add(STRANGER.id)  # asked again: the same thread, and who else may read it
    assert plain(run(tables.news.inbox(ANNA, CHANNEL))) == (
        f"Your private news of game {game_id} now goes to #800. No other player of this game can read it; "
        f"besides you, @{STRANGER.id} can (Discord shows every private thread to the server's owner and to "
        "members with Administrator or Manage Threads).")
    assert list(messenger.threads) == ["800"]


def test_no_private_thread_where_another_player_could_read_it_and_one_held_is_given_up(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    run(tables.news.inbox(ANNA, CHANNEL))
    messenger.moderators.add(BORIS.id)  # Boris may now read every private thread
    with pytest.raises(TableError) as refused:
        run(tables.news.inbox(ANNA, CHANNEL))
    assert str(refused.value) == (
        f"A private thread here would not be private from the other players: @{BORIS.id} may read every "
        "private thread in this channel (the server's owner and members with Administrator or Manage Threads "
        "can). Your private news keeps coming by DM: allow DMs from this server's members (Privacy Settings), "
        "or read it in the replies to your commands here.")
    assert service.store.private_thread(game_id, ANNA.id) is None
    assert service.store.private_thread(game_id, BORIS.id) is None
    with pytest.raises(TableError):  # nothing held: refused the same, and still none opened
        run(tables.news.inbox(ANNA, CHANNEL))
    assert list(messenger.threads) == ["800"]


def test_only_the_game_s_players_may_have_a_private_thread(service):
    tables = make_tables(service)
    run(seated_game(tables))
    with pytest.raises(TableError, match=r"^You have no seat in this game; only its players get private news\.$"):
        run(tables.news.inbox(STRANGER, CHANNEL))
    assert tables.delivery.messenger.threads == {}


@pytest.mark.logs_errors("kolocha.news")
def test_no_private_thread_when_who_may_read_it_cannot_be_told(service, caplog):
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    async def unknown(*args):
        raise ServerError("who may read it")
    tables.delivery.messenger.onlookers = unknown
    with pytest.raises(TableError, match=r"^I could not check who else may read a private thread here, so I open "
                                         r"none; your private news keeps coming by DM\.$"):
        run(tables.news.inbox(ANNA, CHANNEL))
    assert tables.delivery.messenger.threads == {}
    assert f"game {game_id}: who may read private threads could not be checked" in caplog.messages



@pytest.mark.logs_errors("kolocha.news")
def test_a_seat_taken_stands_when_the_private_threads_cannot_be_checked_again(service, caplog):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.news.inbox(ANNA, CHANNEL))

    async def unknown(game_id, user):
        raise ServerError("who may read it")
    tables.delivery.keep_thread = unknown
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    assert service.store.seats(game_id) == {"red": ANNA.id, "blue": BORIS.id}
    assert f"game {game_id}: rechecking its private threads failed" in caplog.messages

# -- where public news goes ----------------------------------------------------------------------

def test_the_public_news_of_a_paused_game_goes_to_each_of_its_people_by_dm(service):
    """A paused game's channel may be gone: its public news goes to its players by DM, in the
    order of their ids, never to the computer; running again, to its channel."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.news.places(service.store.game(game_id)) == [f"channel:{CHANNEL}"]
    run(tables.management.lose_channel(CHANNEL, "its channel was deleted"))
    assert tables.news.places(service.store.game(game_id)) == [f"user:{ANNA.id}", f"user:{BORIS.id}"]
    tables.computer.take(game_id, "red", None, "Boris seats the computer")
    assert tables.news.places(service.store.game(game_id)) == [f"user:{BORIS.id}"]


# -- the end of a game its players ended ---------------------------------------------------------

def test_a_resignation_is_told_with_the_final_map_in_the_channel_and_to_spectators(service):
    """Spectators get the crop of its latest action with the map, as with each of their posts."""
    tables = make_tables(service, cropper=cropped)
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # Red's Dice Phase: "Roll the die."
    run(tables.play.resign(BORIS, CHANNEL))
    final = service.system(game_id).view(service.load(game_id), None)
    headline = "Turn 1 | hour 1 | Game over"  # no phase goes on, no one to move, nothing asked
    messenger = tables.delivery.messenger
    assert messenger.posts[-3:-1] == [
        (CHANNEL, f"Boris resigns for Blue: Red wins game {game_id}.\n{headline}", (drawn(final),)),
        (WATCH, f"Game {game_id}: Boris resigns for Blue: Red wins game {game_id}.\n{headline}",
         (drawn(final), cropped(final)))]
    where, text, _ = messenger.posts[-1]
    assert where == CHANNEL and text.startswith(f"Fair dice of game {game_id} revealed: seed ")


def test_a_resigned_game_keeps_how_it_ended_and_no_deadline(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.deadlines.next_at(game_id, "red") is not None
    run(tables.play.resign(BORIS, CHANNEL))
    assert tables.deadlines.next_at(game_id, "red") is None
    with pytest.raises(TableError, match=rf"^Game {game_id} is over \(the Red player wins, as Boris resigns for "
                                         r"Blue\); it takes no more commands\.$"):
        tables.current(game_id)


def cropped(view: dict) -> bytes:
    """A stand-in for the crop of a view's latest action, drawn after the map."""
    return f"CROP turn={view.get('turn')} secrets={view.get('secrets')}".encode()


# -- each side's own view ------------------------------------------------------------------------

def test_a_side_s_view_is_kept_in_its_dms_once_it_shows_more_than_the_public_one_with_a_map_each_player_turn(service):
    """The toy race hides each side's secret numbers: once Red has one, her view (the headline and
    her own runners, with the private line of the change at its top) is kept up to date in her
    DMs, rewritten only when what she sees changed; with it, at most once a player-turn, her map: where
    she may act, or the player-turn that ended was Blue's, not at Blue's that follows her own (map_due)."""
    tables = make_tables(service, cropper=cropped)
    game_id = run(seated_game(tables, seed=11))
    messenger = tables.delivery.messenger
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert messenger.kept_text(f"dm:{ANNA.id}") == ""  # nothing hidden yet: the public news says it all
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    runners = "```\nRed:\n  0101  r1  1-1 runner\n  0101  r2  2-1 runner\n```"
    assert messenger.kept_text(f"dm:{ANNA.id}") == (
        f"Game {game_id}: your view as Red, as of command 2 (this message is kept up to date):\n"
        "Latest for you: your secret number is 1\n\n"
        f"Turn 1 | hour 1 | Movement Phase | Blue player\n{runners}")
    assert not any("your map" in text for text in messenger.read_by(ANNA.id))  # of the moves she just made
    assert messenger.read_by(BORIS.id) == [f"You play Blue in game {game_id}. Your private news arrives here.", ""]
    written = len(messenger.edits)
    run(tables.play.submit(BORIS, CHANNEL, "move b1 0202"))  # nothing Red sees changed
    assert len(messenger.edits) == written
    run(tables.play.submit(BORIS, CHANNEL, "end"))  # her headline changed: written again, with nothing latest
    assert messenger.kept_text(f"dm:{ANNA.id}") == (
        f"Game {game_id}: your view as Red, as of command 4 (this message is kept up to date):\n"
        f"Turn 1 | hour 1 | Dice Phase | Blue player\nRoll the die.\n{runners}")
    assert len(messenger.to(ANNA.id)) == 1  # the welcome: no map of Blue's player-turn, nothing asked of her
    run(tables.play.submit(BORIS, CHANNEL, "roll"))  # her player-turn: her map
    assert messenger.dms[-1] == (ANNA.id, f"Game {game_id}: your map as Red: turn 2, Red player.",
                                 (b"PNG turn=2 secrets=[1] {}", b"CROP turn=2 secrets=[1]"))



def test_a_view_that_differs_from_the_public_one_only_by_its_viewer_is_not_sent(tmp_path):
    """Every rules' view names its viewer: a side that sees no more than the public is sent nothing."""
    module = types.ModuleType("named_race")
    module.__dict__.update({**vars(toy_system), "__name__": "named_race"})
    module.view = lambda state, side: toy_system.view(state, side) | {"viewer": side}
    tables = make_tables(GameService(blank(tmp_path / "race.sqlite"), loader=lambda name: module))
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert tables.delivery.messenger.read_by(ANNA.id) == [
        f"You play Red in game {game_id}. Your private news arrives here.", ""]


def test_a_side_s_view_is_not_written_again_when_only_what_it_cannot_see_changed(tmp_path, monkeypatch):
    """In the toy wager each side sees its own crier by name: Red's secret plan changes nothing
    Blue sees (its own view, not the public one, is what it is compared with)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    tables = make_tables(GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager),
                         systems=("toy_wager",))
    run(seated_game(tables, system="toy_wager", scenario="long"))
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft")):
        run(tables.play.submit(actor, CHANNEL, line))
    messenger = tables.delivery.messenger
    blue = f"dm:{BORIS.id}"
    written = [place for place, _ in messenger.edits].count(blue)
    run(tables.play.submit(ANNA, CHANNEL, "plan bold"))
    assert "Your plan: bold." in messenger.kept_text(f"dm:{ANNA.id}")
    assert [place for place, _ in messenger.edits].count(blue) == written

def test_a_side_s_own_view_lists_its_own_units_in_the_view_s_words_and_names_its_places():
    """As 1812's view gives them: stacks, with the listing's column heads, in named areas."""
    view = {"turn": 3, "phase": "Movement", "player": "french", "to_move": ["french"],
            "places": [{"number": 12, "name": "Vilna"}, {"number": 7}],
            "unit_words": {"unit": "stack", "units": "stacks", "columns": ["place", "stack", "holds", "corps"]},
            "units": [{"side": "french", "area": 12, "id": "F1", "type": "corps", "strength": 4},
                      {"side": "russian", "area": 12, "id": "R1", "type": "corps", "strength": 3},
                      {"side": "french", "area": 7, "id": "F2", "type": "corps", "strength": 2}]}
    headline = "Turn 3 | Movement Phase | French player\n"
    listing = ("French:\n  place       stack  corps\n  Vilna (12)  F1     4\n    corps\n"
               "  7           F2     2\n    corps")
    assert own_view(view, "french") == [headline, {"table": listing}]
    assert own_view({**view, "units": view["units"][1:2]}, "french") == [headline, {"table": "No stacks."}]


def test_a_player_turn_is_named_by_its_turn_and_its_player_where_the_game_has_one():
    assert player_turn_name({"turn": 2, "player": "french"}) == "turn 2, French player"
    assert player_turn_name({"turn": 4, "player": None}) == "turn 4"  # both sides act at once (the toy wager)


# -- once a change is stored ---------------------------------------------------------------------

def test_a_side_that_has_moved_is_left_no_deadline_and_the_side_now_to_move_gets_one(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.deadlines.next_at(game_id, "blue") is None
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    run(tables.play.submit(ANNA, CHANNEL, "roll"))  # Blue's player-turn begins
    assert tables.deadlines.next_at(game_id, "red") is None
    assert tables.deadlines.next_at(game_id, "blue") is not None


@pytest.mark.logs_errors("kolocha.news")
def test_a_change_whose_deadlines_cannot_be_scheduled_stands_and_its_news_is_sent(service, caplog):
    tables = make_tables(service)
    game_id = run(seated_game(tables))

    def fails(game_id):
        raise OSError("the scheduler's store is gone")
    tables.deadlines.reschedule = fails
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert service.store.last_seq(game_id) == 1
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1].startswith("**Anna** — Red: end.\n")
    assert f"game {game_id}: scheduling the deadlines of a stored change failed" in caplog.messages


# -- who is told -------------------------------------------------------------------------------

def test_the_author_of_a_command_that_leaves_them_to_move_is_named_and_the_next_player_pinged(service):
    tables = make_tables(service)
    run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))  # still hers to move: she reads the answer, no ping
    end = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert end.startswith("**Anna** — Red: end.\n") and end.endswith("\nRed player: your move, due <t:1772539200:R>.")
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    pinged = f"\n<@{BORIS.id}>: your move, due <t:1772539200:R>."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1].endswith(pinged)


def test_a_command_the_bot_plays_at_a_deadline_is_told_in_the_channel_and_written_in_no_dm(service):
    """Only a command given by a button of a DM has its outcome written there."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="end"))
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    clock.advance(hours=48)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    assert messenger.in_channel(CHANNEL)[-1].startswith(f"**Deadline** — Red: end. Until <@{ANNA.id}> (Red) acts again")
    assert messenger.read_by(ANNA.id) == [f"You play Red in game {game_id}. Your private news arrives here.", ""]


def test_a_player_turn_given_one_order_at_a_time_goes_in_one_post_in_a_game_with_hidden_units(tmp_path):
    """Bloody Monday's restores given one `/order` at a time were a post each in the game's channel, eleven of
    '**boris** — The Russian player restores a step (3.4-3.6).' in one Logistics Phase, where a box of them is one.
    In the toy race with hidden units, Red moves each runner by an order of its own, then ends her Movement Phase:
    each move's line waits for the next that hands the game on, and the three go in one post, above the headline
    and map of the Dice Phase. The roll, which passes the game to Blue, is posted at once."""
    module = types.ModuleType("hidden_race")
    module.__dict__.update({**vars(toy_system), "__name__": "hidden_race"})
    module.INFO = dataclasses.replace(toy_system.INFO, hidden_information=True)
    tables = make_tables(GameService(blank(tmp_path / "race.sqlite"), loader=lambda name: module))
    run(seated_game(tables))
    messenger = tables.delivery.messenger
    posted = len(messenger.in_channel(CHANNEL))
    for line in ("move r1 0201", "move r2 0201"):
        run(tables.play.submit(ANNA, CHANNEL, line))
        assert len(messenger.in_channel(CHANNEL)) == posted
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    (post,) = messenger.in_channel(CHANNEL)[posted:]
    assert post.startswith("**Anna** — r1 moves to 0201\nr2 moves to 0201\nRed: end.\nred ends the Movement Phase\n"
                           "Turn 1 | hour 1 | Dice Phase | Red player\n"), post
    assert len(messenger.posts[-1][2]) == 1  # its map
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert len(messenger.in_channel(CHANNEL)) == posted + 2


def test_a_step_s_line_a_map_was_moved_under_goes_at_once():
    """A box that ends with a step after a phase's map (Bloody Monday's `tactical; activate ...`) moves the map
    under the step's line (superseded.moved_under), which kept its mark: the map waited for the player's next
    order. A line with a map, a question's buttons or a headline goes at once; a step's line alone waits, and a
    later line to its channel that does not wait sends it."""
    def row(n: int, audience: str = "channel:1", **payload) -> dict:
        return {"id": n, "audience": audience, "tried_at": None, "payload": {"text": "a line", **payload}}
    assert places._gathered([row(1, gathers=True), row(2, gathers=True, picture={"seq": 2})]) == set()
    assert places._gathered([row(1, gathers=True), row(2, "user:7"), row(3, gathers=True)]) == {1, 3}
    assert places._gathered([row(1, gathers=True), row(2), row(3, gathers=True)]) == {3}


# -- questions asked in the channel --------------------------------------------------------------

def public_wager(tmp_path, monkeypatch) -> tuple[Tables, int]:
    """The toy wager without hidden information, its prompt in every view: its questions are asked
    in the channel, in the words of the line that tells the change (Anna plays Red, Boris Blue)."""
    module = types.ModuleType("public_wager")
    module.__dict__.update({**vars(toy_wager), "__name__": "public_wager"})
    module.INFO = dataclasses.replace(toy_wager.INFO, hidden_information=False)
    asks = {"answer": "Blue answers loud or soft.", "plan": "Both sides plan."}
    module.view = lambda state, side: toy_wager.view(state, side) | {"prompt": asks.get(state["stage"])}
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: module)
    tables = make_tables(service, systems=("toy_wager",))
    return tables, run(seated_game(tables, system="toy_wager", scenario="long"))


def test_a_question_the_change_s_line_shows_gets_its_buttons_on_that_line_and_a_second_its_own(tmp_path, monkeypatch):
    tables, game_id = public_wager(tmp_path, monkeypatch)
    messenger = tables.delivery.messenger
    posted = len(messenger.posts)
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    line = (f"**Anna** — Red: shout.\nred shouts\nTurn 1 | Answer Phase\nTo move: Blue\nBlue answers loud or soft.\n"
            f"<@{BORIS.id}>: your move, due <t:1772539200:R>.")
    assert [text for _, text, _ in messenger.posts[posted:]] == [line]  # one message, not two
    assert messenger.buttons == [(CHANNEL, line, {"answers": ["answer loud", "answer soft"], "game": game_id,
                                                  "side": "blue", "seq": 1})]
    posted = len(messenger.posts)
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))  # both plan now: Red's buttons ride on the line
    line = (f"**Boris** — Blue: answer soft.\nblue: answer soft\nTurn 1 | Plan Phase\nTo move: Red, Blue\n"
            f"Both sides plan.\n<@{ANNA.id}>: your move, due <t:1772539200:R>.\n"
            "Blue player: your move, due <t:1772539200:R>.")
    assert [text for _, text, _ in messenger.posts[posted:]] == [line, "Both sides plan."]
    plans = {"answers": ["plan bold", "plan calm"], "game": game_id, "seq": 2}
    assert messenger.buttons[1:] == [(CHANNEL, line, plans | {"side": "red"}),
                                     (CHANNEL, "Both sides plan.", plans | {"side": "blue"})]


def test_a_question_to_a_player_who_takes_reminders_by_dm_leaves_the_channel_s_line_without_buttons(
        tmp_path, monkeypatch):
    tables, game_id = public_wager(tmp_path, monkeypatch)
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    messenger = tables.delivery.messenger
    assert messenger.in_channel(CHANNEL)[-1].endswith(
        "\nBlue answers loud or soft.\nBlue player: your move, due <t:1772539200:R>.")
    assert [(where, buttons["side"]) for where, _, buttons in messenger.buttons] == [(f"dm:{BORIS.id}", "blue")]


# -- the line of a change --------------------------------------------------------------------------

def test_the_computer_s_reason_is_told_without_the_steps_its_clock_stopped_it_at(service):
    """Level 2 stopped by its clock stores at which steps, for `kolocha replay --computer` to make
    the plan again ('[the clock stopped its search at step 204]'): words no player can use, kept
    in the store and left out of the line."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    change = tables.news.change(game_id, "Computer", why="the die decides the race [the clock stopped its search at "
                                                          "steps 41, 204]")
    assert service.submit(game_id, "red", "end", compose=change.compose).accepted
    run(change.settle())
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1].startswith(
        "**Computer** — Red: end. Why: the die decides the race.\n")


def test_the_computer_s_reason_is_told_with_its_command_only_where_nothing_is_hidden(service, tmp_path, monkeypatch):
    """In a game with fog of war the reason may name what the other side has not seen: the
    public line gives the command alone there."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    change = tables.news.change(game_id, "Computer", why="the die decides the race")
    assert service.submit(game_id, "red", "end", compose=change.compose).accepted
    run(change.settle())
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1].startswith(
        "**Computer** — Red: end. Why: the die decides the race.\n")
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    wagers = make_tables(GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager),
                         systems=("toy_wager",))
    wager = run(seated_game(wagers, system="toy_wager"))
    change = wagers.news.change(wager, "Computer", why="Blue cannot hear a whisper")
    assert wagers.service.submit(wager, "red", "shout", compose=change.compose).accepted
    run(change.settle())
    assert wagers.delivery.messenger.in_channel(CHANNEL)[-1].startswith(
        "**Computer** — red shouts\n")


def test_a_hidden_game_s_order_is_said_once_in_the_line_that_tells_what_it_did(wagers):
    """Fog of war: the public reads a command's verb alone ('Red: a `shout` command.'), and the line
    under it told what it did ('red shouts'), two lines an order; the line of what it did now names its
    giver. A command nothing public tells of keeps its verb's line."""
    game_id = run(seated_game(wagers, system="toy_wager", scenario="long"))
    run(wagers.play.submit(ANNA, CHANNEL, "shout"))
    assert wagers.delivery.messenger.in_channel(CHANNEL)[-1].startswith("**Anna** — red shouts\nTurn 1 | Answer")
    change = wagers.news.change(game_id, "Boris")
    quiet = Result(True, "Blue: answer loud.", 2, "blue", "answer loud", events=[], public="Blue: an `answer` command.")
    told = change.compose(quiet, wagers.service.load(game_id), wagers.service.load(game_id))
    assert plain(told.outbox[0][1]["text"]).startswith("**Boris** — Blue: an `answer` command.")


def test_an_open_game_s_move_is_said_once_in_the_line_that_tells_what_it_did(service):
    """No hidden information: a move's line ('Red: move r1 0201.') said again what its event tells
    (the unit, where it stood, where it went), two lines an order; the event's line now names its
    giver. A move whose event tells less (not where it stood, another unit, another hex), an order of
    more words and the line a command's outcome changed keep their own line."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    state = service.load(game_id)

    def told(command: str, unit: str = "r1", path: tuple[str, ...] = ("0101", "0201"), said: str = "") -> str:
        moved = {"text": "r1 in 0101 moves to 0201.", "kind": "move", "unit": unit, "path": list(path)}
        result = Result(True, said or f"Red: {command}.", 1, "red", command, events=[moved])
        return plain(tables.news.change(game_id, "Anna").compose(result, state, state).outbox[0][1]["text"])
    for command in ("move r1 0201", "move 0101 0201", "move R1 0201"):
        assert told(command).startswith("**Anna** — r1 in 0101 moves to 0201.") and "Red:" not in told(command)
    for kept in (told("move r1 0201", path=()), told("move r1 0201", unit="r2"),
                 told("move r1 0301"), told("move r1 0101 0201", path=("0101", "0201")),
                 told("move r1 0201", said="Red: move r1 0201. Red wins.")):
        assert kept.startswith("**Anna** — Red: ") and "\nr1 in 0101 moves to 0201." in kept


def test_secret_orders_say_nothing_in_public_until_their_reveal_which_is_posted_within_the_phase(tmp_path, monkeypatch):
    """A secret order that shows nothing leaves the channel silent; the one that reveals both plans posts what
    they were, though the phase goes on (a wager whose whole game is one phase: no map, no "your move")."""
    one_phase = toy_wager.one_phase()
    one_phase.phase_key = lambda state: "wager"
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    tables = make_tables(GameService(blank(tmp_path / "one.sqlite"), loader=lambda name: one_phase),
                         systems=("toy_wager",))
    run(seated_game(tables, system="toy_wager", scenario="long"))
    said = tables.delivery.messenger.posts
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft")):
        run(tables.play.submit(actor, CHANNEL, line))
    posted = len(said)
    run(tables.play.submit(ANNA, CHANNEL, "plan bold"))
    assert len(said) == posted
    run(tables.play.submit(BORIS, CHANNEL, "plan calm"))
    assert [(where, text) for where, text, _ in said[posted:]] == [(CHANNEL, "red plans bold\nblue plans calm")]


@pytest.fixture
def wagers(tmp_path, monkeypatch):
    """Tables over the toy wager (questions asked by DM: Blue's answer, Red's echo, both plans)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    return make_tables(GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager),
                       systems=("toy_wager",))


DUE = "due <t:1772539200:R>"  # a fresh deadline of the fake clock
ASKED = f"{DUE}; what is asked is in your private news."
ECHOED = "Red: echo yes.\n"  # a typed answer stays in its question message, the next question under it


def questions(tables, user: str) -> list[str]:
    """The question messages of a player's DMs, as they read now, oldest first."""
    messenger = tables.delivery.messenger
    return [piece for place, piece in messenger.kept.values() if place == f"dm:{user}" and "view as" not in piece]


def red_asked(game_id: int, remind: str) -> list[str]:
    """Red's question messages once she shouted, Blue answered and she echoed: her shout, which left the game
    waiting for Blue alone, said where she was asked it (the game no longer waited for her) until that message was
    written again, then her typed echo and the plan asked next: by DM each question in a new message, else every
    answer of the player-turn in one, her own order not among them (her reply said it)."""
    shouted = [] if remind == "both" else [f"Game {game_id}: Red: shout."]
    return [*shouted, f"Game {game_id}: {ECHOED}Next, {DUE}: the Red Plan Phase (turn 1)."]


@pytest.mark.parametrize("remind", ["both", "dm"])
def test_a_player_asked_again_in_the_same_turn_is_pinged_to_the_question_edited_in_place(wagers, remind):
    """The first question of a player-turn is a new DM, which notifies; one asked later in the same
    player-turn edits it in place, which does not, so the channel pings the player and points to it,
    unless they take their reminders by DM: then a new DM, and the channel names their side. The author
    of the command is named, never pinged; a new turn asks in a new DM again."""
    run(wagers.absence.prefs(ANNA, {"remind": remind}))
    run(wagers.absence.prefs(BORIS, {"remind": remind}))
    game_id = run(seated_game(wagers, system="toy_wager", scenario="long"))
    said = wagers.delivery.messenger.posts
    waits = f"Game {game_id}: the game waits for you, {DUE}: the"
    assert said[-1][1].endswith(f"\nTurn 1 | Shout Phase\nTo move: Red\nRed player: your move, {DUE}.")
    assert questions(wagers, ANNA.id) == [f"{waits} Red Shout Phase (turn 1)."]
    for actor, line in ((ANNA, "shout"), (BORIS, "answer loud"), (ANNA, "echo yes")):
        run(wagers.play.submit(actor, CHANNEL, line))
    red = f"<@{ANNA.id}>: your move, {ASKED}" if remind == "both" else f"Red player: your move, {DUE}."
    blue = f"Blue player: your move, {DUE}."  # at the secret plans, asked in a new DM (plans_asked_alike)
    assert [text for _, text, _ in said[-3:]] == [
        f"**Anna** — red shouts\nTurn 1 | Answer Phase\nTo move: Blue\n"
        f"Blue player: your move, {DUE}.",
        f"**Boris** — blue: answer loud\nTurn 1 | Echo Phase\nTo move: Red\n{red}",
        f"**Anna** — red: echo yes\nTurn 1 | Plan Phase\nTo move: Red, Blue\n"
        f"Red player: your move, {DUE}.\n{blue}"]
    assert questions(wagers, ANNA.id) == red_asked(game_id, remind)
    # his typed answer written in its question message, its buttons gone: the next question under it
    # there, or by DM in a new one
    answer = f"Game {game_id}: Blue: answer loud."
    plan = f"the game waits for you, {DUE}: the Blue Plan Phase (turn 1)."
    answered = [answer]
    assert questions(wagers, BORIS.id) == [answer, f"Game {game_id}: {plan}"]
    run(wagers.play.submit(ANNA, CHANNEL, "plan bold"))  # a secret order: not a word in public
    assert said[-1][1].startswith("**Anna** — red: echo yes")
    run(wagers.play.submit(BORIS, CHANNEL, "plan calm"))
    assert said[-1][1] == \
        f"red plans bold\nblue plans calm\nTurn 2 | Shout Phase\nTo move: Red\nRed player: your move, {DUE}."
    turn_1 = len(red_asked(game_id, remind))
    assert questions(wagers, ANNA.id)[turn_1:] == [f"{waits} Red Shout Phase (turn 2)."]  # a new DM
    run(wagers.play.submit(ANNA, CHANNEL, "shout"))  # Blue, asked last turn, is asked anew in this one
    assert said[-1][1].endswith(f"\nTo move: Blue\nBlue player: your move, {DUE}.")
    # his typed plan, the last, ended the player-turn: written over his plan's question all the same, its buttons
    # gone (it read 'the game waits for you ... the Blue Plan Phase' after turn 2 began); the next turn's question a
    # new DM, which notifies, his side named in the channel, not pinged to an edited one
    told = "Blue: plan calm."  # under his plan's question, a DM of its own
    assert questions(wagers, BORIS.id) == [*answered, f"Game {game_id}: {told}",
                                           f"{waits} Blue Answer Phase (turn 2)."]


@pytest.mark.parametrize("remind", ["both", "dm"])
def test_a_player_awaited_again_within_one_phase_is_pinged_on_the_change_s_line_to_the_question_edited(
        tmp_path, monkeypatch, remind):
    """Within one phase the channel's line comes without a map or a "your move, due" note; a side the game waits for
    again there, asked already in the player-turn, has its question edited in place, which does not notify, so the
    line pings its player alone and points to it (a side asked for the first time gets a new DM, which notifies;
    a player who takes reminders by DM gets a new DM each time, and no ping)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    tables = make_tables(GameService(blank(tmp_path / "one.sqlite"), loader=lambda name: toy_wager.one_phase()),
                         systems=("toy_wager",))
    run(tables.absence.prefs(ANNA, {"remind": remind}))
    run(tables.absence.prefs(BORIS, {"remind": remind}))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    said = tables.delivery.messenger.posts
    lines = []
    for actor, line in ((ANNA, "shout"), (BORIS, "answer loud"), (ANNA, "echo yes")):
        posted = len(said)
        run(tables.play.submit(actor, CHANNEL, line))
        lines += [(where, text) for where, text, _ in said[posted:]]
    here = "; what is asked is in your private news."
    red = f"\n<@{ANNA.id}>: your move{here}" if remind == "both" else ""
    assert lines == [(CHANNEL, "**Anna** — red shouts"),
                     (CHANNEL, f"**Boris** — blue: answer loud{red}"),
                     (CHANNEL, "**Anna** — red: echo yes")]  # Blue's plan asked in a new DM (plans_asked_alike)
    assert questions(tables, ANNA.id) == red_asked(game_id, remind)
    answer = f"Game {game_id}: Blue: answer loud."
    plan = f"the game waits for you, {DUE}: the Blue Plan Phase (turn 1)."
    assert questions(tables, BORIS.id) == [answer, f"Game {game_id}: {plan}"]  # his typed answer in its place


def test_an_undo_back_into_the_last_player_turn_s_secret_plans_asks_again_by_a_new_dm_unpinged(wagers):
    """The undo agreed takes the game back into the player-turn before, to its secret plans: Blue, asked there
    already, is asked again in a new DM, which notifies, and named in the channel, not pinged (a ping there is
    missing where a standing order answers: plans_asked_alike)."""
    game_id = run(seated_game(wagers, system="toy_wager", scenario="long"))
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold"), (BORIS, "plan calm"),
                        (BORIS, "undo"), (ANNA, "accept")):
        run(wagers.play.submit(actor, CHANNEL, line))
    assert wagers.delivery.messenger.posts[-1][1] == (
        "**Anna** — The Red player consents. The Blue player undoes a `plan` command.\nTurn 1 | Plan Phase\n"
        "To move: Red, Blue\n"
        f"Red player: your move, {DUE}.\nBlue player: your move, {DUE}.")
    waits = f"Game {game_id}: the game waits for you, {DUE}: the"
    assert questions(wagers, BORIS.id) == [f"Game {game_id}: Blue: answer soft.\nBlue: plan calm.",
                                           f"{waits} Blue Plan Phase (turn 1)."]  # under what he gave, anew


@pytest.mark.parametrize("remind", ["both", "dm"])
def test_plans_asked_alike(tmp_path, monkeypatch, remind):
    """Both sides plan at once and in secret: Blue, asked already in the player-turn, is asked his plan in a new DM
    and named in the channel, unpinged, as where his standing order put his plan down at once; a ping there told
    Red that Blue kept no standing order (1812's battle plans, chosen at once and in secret: SPI's 1812 overview,
    COMBAT)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    seen = []
    for standing in ([], [(BORIS, "orders plan calm")]):
        tables = make_tables(GameService(blank(tmp_path / f"{len(standing)}.sqlite"), loader=lambda name: toy_wager),
                             systems=("toy_wager",))
        run(tables.absence.prefs(BORIS, {"remind": remind}))
        run(seated_game(tables, system="toy_wager", scenario="long"))
        for actor, line in (*standing, (ANNA, "shout"), (BORIS, "answer loud"), (ANNA, "echo yes")):
            run(tables.play.submit(actor, CHANNEL, line))
        seen.append(tables.delivery.messenger.in_channel(CHANNEL)[-1])
    assert seen[0] == seen[1]
    assert seen[0].endswith(f"To move: Red, Blue\nRed player: your move, {DUE}.\nBlue player: your move, {DUE}.")


def test_a_draw_offer_is_said_in_public_and_asked_by_dm_and_once_agreed_ends_the_game_with_its_map(service):
    """A player who takes reminders by DM is named in the channel, not pinged. The offer's public
    line is the rules' sentence for everyone (not the offerer's own answer); the other player gets it
    by DM with Accept and Decline for the position they have seen; agreed, the game's final line and
    map go to its channel and its spectators, then its dice are revealed."""
    tables = make_tables(service)
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    for actor, line in ((ANNA, "end"), (ANNA, "roll")):
        run(tables.play.submit(actor, CHANNEL, line))
    messenger = tables.delivery.messenger
    assert messenger.in_channel(CHANNEL)[-1].endswith(f"| Blue player\nBlue player: your move, {DUE}.")  # by DM
    assert questions(tables, BORIS.id) == [f"Game {game_id}: the game waits for you, {DUE}: the Blue Movement Phase "
                                           "(turn 1)."]
    assert re.search(r"\nLatest for you: your secret number is \d\n", messenger.kept_text(f"dm:{ANNA.id}"))
    offer = "The Blue player offers a draw: the Red player may `accept` or `refuse` (a command played instead " \
            "declines it)."
    assert run(tables.play.submit(BORIS, CHANNEL, "draw")) == "You offer a draw; the Red player answers."
    assert messenger.in_channel(CHANNEL)[-1] == f"**Boris** — {offer}"
    seen = service.store.seen_seq(game_id, "red")
    assert messenger.buttons[-1] == (ANNA.id, f"Game {game_id}: {offer}",
                                     {"action": "draw", "other": "decline", "game": game_id, "side": "red",
                                      "seq": seen})
    assert f"Latest for you: {offer}\n" in messenger.kept_text(f"dm:{ANNA.id}")
    run(tables.play.submit(ANNA, CHANNEL, "accept"))
    final = service.system(game_id).view(service.load(game_id), None)
    ended = f"Game {game_id} is drawn by agreement: the Blue player offered a draw and the Red player accepted.\n" \
            "Turn 1 | hour 1 | Game over"
    assert messenger.posts[-3:-1] == [(CHANNEL, f"**Anna** — {ended}", (drawn(final),)),
                                      (WATCH, f"Game {game_id}:\n**Boris** — {offer}\n**Anna** — {ended}",
                                       (drawn(final),))]  # the spectators read the offer with its outcome
    assert messenger.posts[-1][1].startswith(f"Fair dice of game {game_id} revealed: seed ")
    assert service.store.deadlines(game_id) == []
    kept = messenger.kept_text(f"dm:{ANNA.id}")  # the view kept in her DMs ends too: no offer, no one to move
    assert kept.startswith(f"Game {game_id}: your view as Red, as of command {service.store.last_seq(game_id)} ")
    assert f"\nLatest for you: **Anna** — {ended.splitlines()[0]}\n\nTurn 1 | hour 1 | Game over\n" \
        in kept and "To move" not in kept and offer not in kept


# -- a database restored from an older copy ------------------------------------------------------

def test_a_game_whose_messages_went_beyond_its_restored_commands_is_told_what_was_lost_once(service):
    """The commands after the copy was made are gone, their news not: the table hears from which
    command the game goes on, where its public news goes (by DM while it is paused, headed by its
    game once, as every DM is)."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    other = second_game(tables)
    for line in ("end", "roll"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    run(tables.play.submit(BORIS, OTHER, "end"))
    run(tables.management.lose_channel(OTHER, "its channel was deleted"))
    with service.store.transaction():
        service.store.db.execute("DELETE FROM commands WHERE seq >= 1")
    assert tables.news.tell_lost() == 2
    run(tables.delivery.flush())
    said = ("the bot's database was restored from an older copy. It holds this game's commands up to command 0, "
            "but its messages went up to command {}: the commands after 0 are lost, and the game goes on from "
            "command 0. `/game status` shows where it stands.")
    messenger = tables.delivery.messenger
    assert messenger.in_channel(CHANNEL)[-1] == f"Game {game_id}: " + said.format(2)
    assert messenger.to(BORIS.id)[-1] == messenger.to(STRANGER.id)[-1] == f"Game {other}: " + said.format(1)
    assert tables.news.tell_lost() == 0  # told once


def test_an_answer_clicked_in_a_dm_that_ends_the_turn_is_written_in_the_question_it_answers(wagers):
    """No question follows for that player: the command's outcome takes the question's place, under what the
    message told above it (Blue's typed answer), which stays."""
    game_id = run(seated_game(wagers, system="toy_wager", scenario="long"))
    for actor, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):
        run(wagers.play.submit(actor, CHANNEL, line))
    messenger = wagers.delivery.messenger
    (asked,) = [kept for kept, (place, piece) in messenger.kept.items()
                if place == f"dm:{BORIS.id}" and piece.endswith("the Blue Plan Phase (turn 1).")]
    assert messenger.kept[asked][1].startswith(f"Game {game_id}: Blue: answer soft.\n")
    seen = wagers.store.seen_seq(game_id, "blue")
    assert run(wagers.play.answer(BORIS, game_id, "blue", seen, "plan calm", asked_in=asked)) == \
        tip("plan calm")  # the standing order's tip, beside the question written in place
    assert messenger.kept[asked] == (f"dm:{BORIS.id}", f"Game {game_id}: Blue: answer soft.\nBlue: plan calm.")


def test_each_phase_change_is_posted_with_the_map_of_its_position_and_the_crop_of_its_action(service):
    """Within a phase the channel's line comes alone; a new phase brings the public map, drawn from
    the position after the command, with the crop of its latest action."""
    tables = make_tables(service, cropper=cropped)
    run(seated_game(tables))
    messenger = tables.delivery.messenger
    for actor, line in ((ANNA, "move r1 0201"), (ANNA, "end"), (ANNA, "roll"), (BORIS, "end"), (BORIS, "roll")):
        run(tables.play.submit(actor, CHANNEL, line))
    assert [pictures for _, _, pictures in messenger.posts[-5:]] == [()] + \
        [(b"PNG turn=1 secrets=[] {}", b"CROP turn=1 secrets=[]")] * 3 + \
        [(b"PNG turn=2 secrets=[] {}", b"CROP turn=2 secrets=[]")]


def test_a_change_s_private_lines_for_another_side_go_to_it_alone_and_on_top_of_what_it_is_asked(service, wagers):
    """Another side's private lines come by DM, in the same message as the question the change puts
    to it when there is one, never with the commanding side's (composed as the service would)."""
    for tables, system, command, asked in ((make_tables(service), toy_system, "end", None),
                                           (wagers, toy_wager, "shout", "The game waits for you")):
        game_id = run(seated_game(tables, system=system.INFO.name))
        before = tables.service.load(game_id)
        after, _ = system.apply(before, "red", system.parse("red", command))
        events = [{"text": "red hears a rumour", "to": "red"}, {"text": "blue hears a rumour", "to": "blue"}]
        result = Result(True, f"Red: {command}.", tables.store.last_seq(game_id) + 1, "red", command, events=events)
        rows = tables.news.change(game_id, "Anna").compose(result, before, after).outbox
        told = [plain(payload["text"]) for to, payload in rows if to == "blue" and not payload.get("kept")]
        assert len(told) == 1 and told[0].startswith("blue hears a rumour") and "red hears" not in told[0]
        assert (asked is None) == (told == ["blue hears a rumour"])
        assert asked is None or told[0].startswith(f"blue hears a rumour\n{asked}")


def test_a_change_s_private_lines_for_its_own_side_reach_it_after_another_side_s_joined_to_its_question(tmp_path):
    """In a game where each side sees the public view (no view kept in its DMs), the commanding side's own private
    lines come by DM even when the other side's, listed first, went on top of that side's question (Boris takes
    his reminders by DM: his question is private)."""
    open_race = types.ModuleType("open_race")
    open_race.__dict__.update(vars(toy_system))
    open_race.view = lambda state, side: toy_system.view(state, None)
    service = GameService(blank(tmp_path / "open.sqlite"), loader=lambda name: open_race)
    tables = make_tables(service)
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    game_id = run(seated_game(tables))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    before = service.load(game_id)
    after, _ = toy_system.apply(before, "red", toy_system.parse("red", "roll"))
    events = [{"text": "blue hears a rumour", "to": "blue"}, {"text": "red hears a rumour", "to": "red"}]
    result = Result(True, "Red: roll.", tables.store.last_seq(game_id) + 1, "red", "roll", events=events)
    rows = tables.news.change(game_id, "Anna").compose(result, before, after).outbox
    assert [plain(payload["text"]) for to, payload in rows if to == "red"] == ["red hears a rumour"]
    (asked,) = [plain(payload["text"]) for to, payload in rows if to == "blue"]
    assert asked.startswith("blue hears a rumour\nThe game waits for you")  # a line of its own, a sentence


def test_the_command_that_ends_a_game_is_posted_with_how_it_ended_once(service):
    """The last command's line read 'Blue: roll. Game over: ...' above the headline's own 'Game over: ...'
    (seen on simcord at the end of a Bloody Monday game: the same sentence twice in one post)."""
    tables = make_tables(service)
    game_id = run(seated_game(tables, seed=11))
    for _turn in range(3):
        for player in (ANNA, BORIS):
            run(tables.play.submit(player, CHANNEL, "end"))
            run(tables.play.submit(player, CHANNEL, "roll"))
    assert service.store.game(game_id)["status"] == "over"
    final = next(text for text in tables.delivery.messenger.in_channel(CHANNEL) if "Game over" in text)
    assert final.count("Game over: a draw, as scores 9-9.") == 1
    assert final.index("roll") < final.index("Game over")


def test_a_side_still_awaited_in_a_new_player_turn_is_asked_in_a_new_dm_that_reads_as_one(tmp_path):
    """1812: the Russian player ends his Movement Phase and his Forced March; the French Player-Turn opens
    with the Russian choosing where French attrition falls. That question is a new DM of its own, under no
    answer: it reads 'the game waits for you', not 'Next' (it read 'Game 1: Next, due ...')."""
    tables = make_tables(GameService(blank(tmp_path / "c.sqlite")), systems=("campaign_1812",))
    game_id = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    for line in ("end", "end"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    asked = questions(tables, BORIS.id)[-1]
    assert asked.startswith(f"Game {game_id}: the game waits for you, {DUE}: Choose where French "
                            "attrition falls"), asked


def played(tmp_path, system: str, scenario: str, *lines: tuple[Actor, str], seed: int = 1,
           options: str = "") -> list[str]:
    """The channel's posts of a game of `system` (dice `seed`, Anna the first side, Boris the second)
    after each of `lines` ((player, command)), the post of the last one last."""
    tables = make_tables(GameService(blank(tmp_path / "g.sqlite")), systems=(system,))
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, system, scenario, options=options, seed=seed))
    for player, side in zip((ANNA, BORIS), rules.load(system).INFO.sides, strict=True):
        run(tables.lobby.join(player, CHANNEL, side))
    run(tables.lobby.start(ANNA, CHANNEL))
    for player, line in lines:
        run(tables.play.submit(player, CHANNEL, line))
    return tables.delivery.messenger.in_channel(CHANNEL)


def test_a_new_phase_is_said_once_by_the_headline_under_the_line(tmp_path):
    """Borodino 7 Sept: the French Movement Phase ended read 'Game-Turn 27 (7 Sept, 0600): Russian Movement
    Phase.' above 'Game-Turn 27 of 40 | 7 Sept 0600 | Movement Phase | Russian player', the phase twice in a
    row. A phase that began and ended in the change is the line's own: the headline does not say it."""
    *_, post = played(tmp_path, "borodino", "7sep", (ANNA, "end"))
    assert post == ("**Anna** — French: end.\nFrench Combat Phase.\nNo attack is possible; the Combat Phase ends.\n"
                    "Game-Turn 27 of 40 | 7 Sept 0600 | Movement Phase | Russian player\n"
                    "Losses: French 0, Russian 0 Combat Points.\n<@2>: your move, due <t:1772539200:R>.")


def test_an_impulse_is_said_once_by_its_prompt_and_the_order_that_began_it_keeps_its_line(tmp_path):
    """Bloody Monday: 'Russian impulse (4.0).' stood above 'Russian impulse: `tactical` or `pass` (4.0).', the
    headline's prompt; it was the French `end`'s line ('**Anna** — Russian impulse (4.0).'), which now reads
    as the order given."""
    *_, post = played(tmp_path, "bloody_monday", "bloody_monday", (ANNA, "pass"), (ANNA, "end"))
    assert post.startswith("**Anna** — French: pass.\nFrench: end.\nTurn 1 of 4 | Impulses Phase | Russian player\n"
                           "Russian impulse: `tactical` or `pass` (4.0).\n"), post  # the impulse's two, one post
    assert post.count("Russian impulse") == 1


def test_an_order_is_said_on_the_line_of_the_first_event_the_headline_under_it_does_not_say(tmp_path):
    """1812: the Russian Forced March's `end` began a battle; its post read '**Boris** — Russian: end.' above
    'Battle in Vyazma (161): the Russian player attacks', the order a line of its own on a phone, since its
    first event ('Combat Phase.') is the headline's phase; an `end` past an empty Combat Phase was said on
    its first event's line. Both now are."""
    *_, post = played(tmp_path, "campaign_1812", "borodino", (BORIS, "move 162 161"), (BORIS, "end"), (BORIS, "end"))
    assert post.startswith("**Boris** — Battle in Vyazma (161): the Russian player attacks (Combat).\n"
                           "Game-Turn 6 of 13 | September I 1812 | Combat Phase | Russian player\n"), post


@pytest.mark.parametrize("plan, waits", [
    ("assault", ["To move: French", "The French stack in Vyazma (161) must retreat."]),  # Dr(D), stop
    ("outflank", ["Battle of Vyazma (161): the French player's choice."])])  # Dchoice: the prompt names him
def test_a_battle_s_retreat_or_choice_is_said_once(tmp_path, plan, waits):
    """1812's Road to Moscow: the Russians attack Vyazma, the French withdraw. The post said the retreat three
    times ('Dr(D) (the defender retreats after combat)', 'The French player must retreat from Vyazma (161)
    (`retreat <place>`).' and the headline's 'The French stack in Vyazma (161) retreats.'), and the defender's
    choice likewise; the chart's code and the headline's prompt now say it, the French player's own prompt
    (by DM) how."""
    *_, post = played(tmp_path, "campaign_1812", "borodino", (BORIS, "move 162 161"), (BORIS, "end"),
                      (BORIS, "end"), (BORIS, f"plan {plan}"), (ANNA, "plan withdraw"))
    lines = post.split("\n")
    assert lines[0].startswith(f"Battle of Vyazma (161): Russian {plan.title()} against French Withdraw.")
    assert lines[1].startswith("The Battle Plan Chart: ")
    assert lines[2:] == ["Game-Turn 6 of 13 | September I 1812 | Combat Phase | Russian player", *waits,
                         "Victory Points: French 11, index 8, 22 to win.",
                         "French player: your move, due <t:1772539200:R>."]


def test_a_line_held_orders_leave_without_its_headline_says_what_the_headline_said():
    """The line without what the headline says goes above it; once held orders make the headline stale
    (bot/tables/superseded.py), the line goes alone, whole."""
    head = ["\nTurn 1 of 4 | Impulses Phase | Russian player"]
    line = _line(["**Anna** — French: end.\nRussian impulse (4.0)."], head, {}, 4, ["**Anna** — French: end."])
    assert plain(line["text"]) == "**Anna** — French: end.\nTurn 1 of 4 | Impulses Phase | Russian player"
    later = {"text": "**Boris** — Russian: pass.\nTurn 1 of 4 | Impulses Phase | French player",
             "picture": {"seq": 5}}
    rows = [{"id": n, "seq": seq, "audience": "channel:9", "tried_at": None, "joined": None, "payload": payload}
            for n, seq, payload in ((1, 4, line), (2, 5, later))]
    (told,) = withdrawn(rows, 4, "russian", awaited=False, channel="channel:9").values()
    assert told is not None and plain(told["text"]) == "**Anna** — French: end.\nRussian impulse (4.0)."


def test_the_rules_own_line_of_how_the_game_ended_is_not_posted_under_the_headline_that_says_it(store):
    """Borodino's last `end` posted the reason twice in one post: the rules' event ('The Russian player
    occupies the Schevardino redoubt (3222) at the end.') and the headline's 'Game over: ...'
    under it (seen on simcord at the end of a 7 September game); the reply to its author keeps it once."""
    service = GameService(store)
    tables = make_tables(service, systems=("borodino",))
    game_id = run(seated_game(tables, system="borodino", scenario="shevardino", seed=5))
    player = {"french": ANNA, "russian": BORIS}
    replies = []
    while service.store.game(game_id)["status"] != "over":
        side, = rules.load("borodino").active_sides(service.load(game_id))
        replies.append(plain(run(tables.play.submit(player[side], CHANNEL, "end"))))
    reason = "occupies the Schevardino redoubt (3222) at the end."
    final = next(text for text in tables.delivery.messenger.in_channel(CHANNEL) if "Game over" in text)
    assert final.count(reason) == 1 and f"Game over: the Russian player wins, as he {reason}" in final
    assert replies[-1].count(reason) == 1


def test_a_headline_says_the_phase_and_its_player_once(tmp_path):
    """1812: 'The Russian player's Forced March.', the public prompt, stood under '... | Forced March Phase |
    Russian player' and the line that ended movement ('forced marches follow'): the phase three times."""
    *_, post = played(tmp_path, "campaign_1812", "borodino", (BORIS, "end"))
    assert post == ("**Boris** — The Russian player ends movement; forced marches follow.\n"
                    "Game-Turn 6 of 13 | September I 1812 | Forced March Phase | Russian player\n"
                    "Victory Points: French 11, index 8, 22 to win.\nRussian player: your move, due <t:1772539200:R>.")


def test_an_advance_after_combat_is_said_once_on_the_line_of_what_it_did(tmp_path):
    """Borodino 7 Sept: the Russian advance read '**Boris** — Russian: advance 3218 3219.' above '3219 (Russian
    6-4 infantry) advances from 3218 into 3219.': the order twice, and 3219 twice in its line, the unit named
    by the hex it had just entered. The unit is named by where it stood, as a move names it, on the order's line."""
    *_, post = played(tmp_path, "borodino", "7sep", (ANNA, "move 3321 3219"), (ANNA, "end"),
                      (ANNA, "attack 3219 -> 3218"), (BORIS, "advance 3218 3219"), seed=7)
    assert post.split("\n")[0] == "**Boris** — 3218 (Russian 6-4 infantry) advances into 3219."
    assert "advance 3218 3219" not in post


def test_a_leader_s_move_names_the_hex_he_goes_to_once(tmp_path):
    """Doomed Victory 8.1: 'Murat moves from 2229 to 2327 (3 MP) and stacks with 2327 (French 2-5 cavalry)'
    named 2327 twice in a sentence; the unit he joins is named by its kind."""
    *_, post = played(tmp_path, "borodino", "5sep", (ANNA, "move F-IC-1H 2327"), (ANNA, "move F-IC-1L 2229"),
                      (ANNA, "move l-murat 2327"), seed=2, options="dv_rally,dv_leaders")
    assert post == ("**Anna** — Murat moves from 2229 to 2327 (3 MP) and stacks with the French 2-5 cavalry there "
                    "(Doomed Victory 8.1).")


@pytest.mark.parametrize("standing", [False, True])
def test_a_choice_a_standing_order_answers_at_once_leaves_the_line_before_it_no_headline(tmp_path, standing):
    """1812: the Russian ends his Player-Turn and the French one opens with the Russian choosing where French
    attrition falls. Asked, he reads the headline 'To move: Russian' with its map. With a standing order for
    attrition, which answers in the next line, that headline and map were stale as posted ('Russian player:
    your move' and a map, then at once the French Movement Phase under another): the next line's headline
    alone says where the game stands."""
    given = [(BORIS, "orders attrition nearest")] if standing else []
    posts = played(tmp_path, "campaign_1812", "campaign", *given, (BORIS, "end"), (BORIS, "end"))
    said = "\n".join(posts[1 + max(n for n, post in enumerate(posts) if "Forced March Phase" in post):])
    assert ("The Russian player chooses where French attrition falls" in said) is not standing, said
    if standing:
        assert said.count("Game-Turn 1 of 13") == 1 and "To move: Russian" not in said
        assert said.index("Attrition: the Russian player takes a French loss in East Prussia (30), by standing "
                          "order.") < said.index("Movement Phase | French")


def test_a_shot_whose_hits_are_applied_at_once_is_one_line_under_no_headline(tmp_path):
    """Last Blood: the French Grande Batterie fires into 45, where the Russian has one block, so the hit is
    his only answer and is applied at once. The shot posted 'To move: Russian' and a map, then at once the
    Impulses Phase the French were in, under another map and 'French player: your move'; nothing changed but
    who acted in between, as after a Borodino attack whose retreat a standing order made. Anna, awaited again
    by her own shot, is not pinged."""
    posts = played(tmp_path, "bloody_monday", "last_blood", (ANNA, "fire F-III-A 45"), options="russian_jager")
    shot, answer, *rest = posts[-1].split("\n")
    assert shot == ("**Anna** — Grande Batterie (9.2): the French artillery in 28 fires into 45 at TF, "
                    "dice 4, 1, 1, 2: 1 hit.")
    assert answer == "The Russian player applies 1 hit in 45 (5.3.6), forced: the only Russian block in 45."
    assert not [line for line in rest if "Turn 1 of 4" in line or "your move" in line], rest


def test_lines_not_yet_sent_just_before_a_question_by_dm_go_in_its_message(tmp_path):
    """1812 with standing orders for attrition: the French Supply Segment's end opens the Russian Player-Turn
    (his reinforcements, told to him alone), the French standing order takes his attrition loss, and the game
    waits for him. 'Your reinforcements in Smolensk (15): 1 infantry corps.' was a DM of its own above the
    question that told the loss: two notifications, one for each line, where one message says both."""
    tables = make_tables(GameService(blank(tmp_path / "c.sqlite")), systems=("campaign_1812",))
    game_id = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    for player, line in ((BORIS, "orders attrition nearest"), (ANNA, "orders attrition nearest"), (BORIS, "end"),
                         (BORIS, "end"), (ANNA, "end"), (ANNA, "end"), (ANNA, "end")):
        run(tables.play.submit(player, CHANNEL, line))
    dms = [text for user, text, _ in tables.delivery.messenger.dms if user == BORIS.id]
    assert not [text for text in dms if "reinforcements" in text]
    assert questions(tables, BORIS.id)[-1].startswith(
        f"Game {game_id}: Your reinforcements in Smolensk (15): 1 infantry corps.\nAttrition in Kovno (11): 1 infantry "
        f"corps lost; nothing left there.\nThe game waits for you, {DUE}: Move stacks one place")


def test_lines_to_the_side_whose_player_turn_it_is_wait_for_its_question_while_the_other_chooses(tmp_path):
    """1812, every choice asked: the French `end` of his Supply Segment opens the Russian Player-Turn, his
    reinforcements told to him alone, and the French choose where Russian attrition falls. 'Your reinforcements
    in Smolensk (15): 1 infantry corps.' went as a DM of its own, and the French click's loss with 'The game
    waits for you' in another: two DMs of one player-turn. It waits for the question, one DM saying all three;
    the game's end or the player-turn's would send it as it is (bot/delivery/places.py)."""
    tables = make_tables(GameService(blank(tmp_path / "c.sqlite")), systems=("campaign_1812",))
    game_id = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    for player, line in ((BORIS, "end"), (BORIS, "end"), (BORIS, "attrit 30"), (ANNA, "end"), (ANNA, "end"),
                         (ANNA, "end")):
        run(tables.play.submit(player, CHANNEL, line))
    assert [row["payload"]["text"] for row in tables.news.store.undelivered(game_id)] == \
        [["Your reinforcements in Smolensk (15): 1 infantry corps."]]
    run(tables.play.submit(ANNA, CHANNEL, "attrit 12"))
    assert not [text for user, text, _ in tables.delivery.messenger.dms if user == BORIS.id and "reinforce" in text]
    assert questions(tables, BORIS.id)[-1].startswith(
        f"Game {game_id}: Your reinforcements in Smolensk (15): 1 infantry corps.\nAttrition in Vilna (12): 1 "
        f"infantry corps lost; left there: 3 infantry corps, 1 cavalry corps, 1 supply unit, 1 depot.\nThe game "
        f"waits for you, {DUE}: Move stacks one place")
    assert tables.news.store.undelivered(game_id) == []


def test_a_question_in_a_new_dm_says_no_answer_the_message_above_it_says(service):
    """Last Blood's French clicked three battles' answers in one question message; the third, not yet sent
    when the next impulse asked him in a new DM, is written in that message, just above the new one: the new
    DM asks alone. It repeated all three, then the third (a line he had just read, atop each new impulse)."""
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    side, told = "red", "Stand and fight it out in 16.\nStand and fight it out in 36."
    tables.news.store.add_outbox(game_id, [(side, {"text": told, "question": {"since": 1, "fresh": False,
                                                                               "answer": told}})])
    tables.news.store.mark_delivered(*[row["id"] for row in tables.news.store.undelivered(game_id)])
    change = Change(tables.news, game_id, "anna")
    change.since = 1
    change._answered(rows := [], side, "Stand and fight it out in 57.")
    tables.news.store.add_outbox(game_id, rows)
    asked = {"text": "the game waits for you: French impulse", "question": {"since": 2, "fresh": True}}
    Change(tables.news, game_id, "anna")._under_the_unsent_answer(side, asked, tables.news.store.last_seq(game_id))
    assert rows[0][1]["text"] == [told + "\nStand and fight it out in 57."]
    assert asked["text"] == "the game waits for you: French impulse", asked["text"]


def _after_the_redoubt(tmp_path, box: str) -> tuple[Tables, list[str]]:
    """Borodino's 7 September, the French Combat Phase of Game-Turn 28: a French 6-4 in 3019 attacks the Russian
    artillery in the Northern Flèche (3018), 1-3, die 1, Ar; the Russian's standing orders retreat it and stay.
    Anna takes her reminders by DM; she sends `box`. Her DMs since, her kept messages apart."""
    from bot.tools.fog_check import Position
    from rules import borodino
    from tests.rules.borodino.helpers import force_die, position

    state = position({"F-III-10": "3019", "R-VIII-art": "3018"}, phase="combat", turn=28)
    force_die(state, 1)
    tmp_path.mkdir(exist_ok=True)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(borodino, state))
    tables = make_tables(service, systems=("borodino",))
    run(seated_game(tables, system="borodino", scenario="7sep", seed=1))
    run(tables.absence.prefs(ANNA, {"remind": "dm"}))
    run(tables.play.orders(BORIS, CHANNEL, "orders retreat away\norders advance never"))
    before = len(tables.delivery.messenger.dms)
    run(tables.play.orders(ANNA, CHANNEL, box))
    return tables, [text for user, text, _ in tables.delivery.messenger.dms[before:] if user == ANNA.id]


def test_a_question_its_player_s_own_box_leaves_unasked_before_it_is_sent_is_not_sent(tmp_path):
    """Anna's box attacks the redoubt, the Russian's standing orders send her unit back and stay, and the game
    waits for her again in her Combat Phase: a question by DM ('the game waits for you, due ...: the French
    Combat Phase'), which her box's `end` ended before it was sent. It came all the same, stale, a notification
    for what she had done already; it is not sent, her reply saying it. Where her box goes on in the phase, it
    comes, the game waiting for her."""
    tables, read = _after_the_redoubt(tmp_path, "attack 3019 -> 3018\nend")
    assert tables.service.load(1)["phase"] == "movement"
    assert not [text for text in read if "waits for you" in text] and \
        not [piece for place, piece in tables.delivery.messenger.kept.values() if place == f"dm:{ANNA.id}"], read
    tables, read = _after_the_redoubt(tmp_path / "on", "attack 3019 -> 3018")
    assert [piece for place, piece in tables.delivery.messenger.kept.values() if place == f"dm:{ANNA.id}"] == [
        "Game 1: the game waits for you, due <t:1772539200:R>: the French Combat Phase (Game-Turn 28)."]
