"""The lobby (bot/tables/lobby.py) without Discord: a game opened, joined and started, its settings
shown and changed, spectators added, and every refusal on the way in its own words (over the toy
race of tests/bot)."""
from __future__ import annotations

import asyncio
import threading
from datetime import timedelta

import pytest

from bot.config import GameSettings
from bot.discord.messenger import markup
from bot.permissions import TableError
from bot.service import GameService
from bot.store import blank
from bot.tables.lobby import OPEN_THREADS, Opponent
from bot.words import COMPUTER
from tests.bot import toy_system, toy_without_computer
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    MOD,
    OTHER,
    STRANGER,
    WATCH,
    FakeClock,
    make_tables,
    run,
    seated_game,
)
from tests.bot.tables.room_checks import refused, under_lock

TITLE = "toy_system: A short race"  # the game and its scenario's title


def test_a_game_is_opened_with_its_line_in_the_channel_and_the_settings_it_plays_under(service):
    tables = make_tables(service)
    reply = run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", options="bonus", hot_seat=True))
    game_id = tables.game_in(CHANNEL)["id"]
    assert reply == f"Game {game_id} is open. {GameSettings().describe()}"
    assert tables.delivery.messenger.in_channel(CHANNEL) == [
        f"Anna opens game {game_id}: {TITLE} (hot-seat) with bonus. Sides: Red, Blue; `/game join` takes "
        "one, then `/game start`."]
    game = service.store.game(game_id)
    assert (game["guild"], game["created_by"], game["hot_seat"]) == (GUILD, ANNA.id, 1)
    run(tables.lobby.new(BORIS, GUILD, "101", "toy_system", "short"))
    assert tables.delivery.messenger.in_channel("101") == [
        f"Boris opens game {game_id + 1}: {TITLE}. Sides: Red, Blue; `/game join` takes one, then `/game start`."]


def test_a_system_a_scenario_or_an_option_not_offered_is_refused_before_anything_is_opened(service):
    tables = make_tables(service, systems=("toy_system", "toy_wager"))
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "os", "short")) == \
        "'os' is not a game system here; choose toy_system or toy_wager."
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "nowhere")) == \
        "toy_system has no scenario 'nowhere'; choose short, long."
    malus = refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", options="malus"))
    assert "bonus" in malus
    with pytest.raises(TableError) as error:  # before a thread is opened for the game
        tables.lobby.check_new("toy_system", "short", "malus")
    assert str(error.value) == malus
    with pytest.raises(TableError):
        tables.lobby.check_new("toy_system", "short", "", {"turns": {}})  # the toy race takes no own tables
    tables.lobby.check_new("toy_system", "short", "bonus")
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", tables={"turns": {}})) == \
        refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", options="tables"))  # opened with them
    assert service.store.games() == [] and tables.delivery.messenger.posts == []


def test_a_fourth_game_thread_is_refused_to_one_person_until_one_ends(service):
    tables = make_tables(service)
    for n in range(OPEN_THREADS):
        run(tables.lobby.new(ANNA, GUILD, str(300 + n), "toy_system", "short"))
    run(tables.lobby.new(ANNA, "901", "400", "toy_system", "short"))  # another server's
    with pytest.raises(TableError) as error:
        tables.lobby.check_thread(ANNA, GUILD)
    assert str(error.value) == (
        f"You have opened {OPEN_THREADS} games on this server that have not ended (the most for opening a thread "
        "for another); finish or `/game cancel` one first, or open the game in a channel without `thread`.")
    tables.lobby.check_thread(BORIS, GUILD)  # another person's count
    run(tables.management.cancel(ANNA, "300"))
    tables.lobby.check_thread(ANNA, GUILD)


def test_joining_takes_a_seat_says_so_and_checks_the_dms(service):
    tables = make_tables(service)
    messenger = tables.delivery.messenger
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))
    held = under_lock(tables, tables.lobby, "_take_seat", game_id)
    assert run(tables.lobby.join(ANNA, CHANNEL, " RED ")) == f"You play Red in game {game_id}."
    assert held == [True] and service.store.seats(game_id + 1) == {}
    assert messenger.in_channel(CHANNEL)[-1] == f"Anna takes the Red seat in game {game_id}."
    assert messenger.to(ANNA.id) == [f"You play Red in game {game_id}. Your private news arrives here."]
    assert service.store.seats(game_id) == {"red": ANNA.id}
    assert refused(tables.lobby.join(BORIS, CHANNEL, "green")) == \
        "'green' is not a side of this game; choose red or blue."
    messenger.closed.add(BORIS.id)
    assert run(tables.lobby.join(BORIS, CHANNEL, "blue")) == (
        f"You play Blue in game {game_id}. I cannot send you direct messages: allow DMs from this server's "
        "members (Privacy Settings), or your private news waits for your next command here.")
    assert service.store.seats(game_id) == {"red": ANNA.id, "blue": BORIS.id}
    assert messenger.in_channel(CHANNEL)[-1] == (f"Boris takes the Blue seat in game {game_id}. Every seat is "
                                                 "taken: `/game start` begins the game.")  # the last: what next


@pytest.mark.logs_errors("kolocha.lobby")
def test_a_seat_is_taken_whatever_the_dm_check_meets(service, caplog):
    tables = make_tables(service)
    tables.delivery.messenger.failing.add(ANNA.id)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    assert run(tables.lobby.join(ANNA, CHANNEL, "red")) == f"You play Red in game {game_id}."
    assert service.store.seats(game_id) == {"red": ANNA.id}
    assert [r.getMessage() for r in caplog.records if r.name == "kolocha.lobby"] == [
        f"the DM check of {ANNA.id} failed"]


def test_discord_down_at_the_dm_check_is_a_warning_not_a_fault(service, caplog):
    """A 5xx or a rate limit Discord kept up (PlatformDown) is a passing trouble: the seat is
    taken and the log warns, without the error and traceback of a fault (seen in a soak of kolocha
    run against a Discord answering 503 and 429)."""
    tables = make_tables(service)
    tables.delivery.messenger.down.add(ANNA.id)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    assert run(tables.lobby.join(ANNA, CHANNEL, "red")) == f"You play Red in game {game_id}."
    assert [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "kolocha.lobby"] == [
        ("WARNING", f"the DM check of {ANNA.id} was not made: {ANNA.id}")]


def test_a_private_thread_a_newly_seated_player_could_read_carries_its_players_news_no_more(service):
    tables = make_tables(service)
    messenger = tables.delivery.messenger
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    messenger.closed.add(ANNA.id)
    run(tables.news.inbox(ANNA, CHANNEL))
    messenger.closed.clear()
    messenger.moderators.add(MOD.id)  # who may read every private thread
    run(tables.lobby.join(MOD, CHANNEL, "blue"))
    assert service.store.private_thread(game_id, ANNA.id) is None


def test_a_game_starts_once_every_seat_is_taken_by_a_player_or_a_manager(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    game_id = tables.game_in(CHANNEL)["id"]
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    assert refused(tables.lobby.start(BORIS, CHANNEL)) == (
        "The Red seat is still free: `/game join` fills it, or `/game seat side:red player:computer` gives it to "
        "the computer.")
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))
    assert refused(tables.lobby.start(STRANGER, CHANNEL)) == (
        "Only the game's creator (<@1>) or a member with Manage Server may start a game they do not play in.")
    held = under_lock(tables, tables.lobby, "_start", game_id)
    assert run(tables.lobby.start(BORIS, CHANNEL)) == f"Game {game_id} has started."  # a player, not its creator
    assert held == [True]
    assert service.store.game(game_id)["started_at"] and not service.store.game(game_id + 1)["started_at"]
    due = int((FakeClock()() + timedelta(hours=48)).timestamp())
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == (
        f"Game {game_id} begins. Fair dice: every roll of game {game_id} comes from a secret seed, committed to as "
        f"SHA-256 {service.store.game(game_id)['commitment']}. The seed and its salt are revealed when the game ends, "
        f"so that anyone can check every roll.\nTurn 1 | hour 1 | Movement Phase | Red player\n"
        f"<@1>: your move, due <t:{due}:R>.")
    assert refused(tables.lobby.start(ANNA, CHANNEL)) == f"Game {game_id} has already started."
    assert refused(tables.lobby.join(STRANGER, CHANNEL, "red")) == "This game has started; its seats are taken."


def test_a_manager_starts_a_game_he_does_not_play_in(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.join(BORIS, CHANNEL, "blue"))
    assert run(tables.lobby.start(MOD, CHANNEL)) == f"Game {tables.game_in(CHANNEL)['id']} has started."


def test_no_seat_free_refuses_a_start_naming_every_free_seat(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    assert refused(tables.lobby.start(ANNA, CHANNEL)) == (
        "The Red and Blue seats are still free: `/game join` fills one, or `/game seat side:red player:computer` "
        "gives it to the computer.")


def test_a_game_against_the_computer_cut_short_before_its_start_is_started_as_the_refusal_says(service):
    """`/game new opponent:computer` is several steps (the game, the creator's seat, the computer's,
    the start): a stop between them (seen in a soak: kill -9 while Discord answered 500) leaves the
    game unstarted with the computer's seat free, and /game start said only that `/game join` fills it,
    which the creator may not. The refusal names `/game seat`, and the game starts once it is done."""
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    assert "`/game seat side:blue player:computer`" in refused(tables.lobby.start(ANNA, CHANNEL))
    run(tables.computer.seat(ANNA, CHANNEL, "blue"))
    assert run(tables.lobby.start(ANNA, CHANNEL)) == f"Game {tables.game_in(CHANNEL)['id']} has started."


@pytest.mark.parametrize("done", ["game", "creator", "computer"])
def test_a_game_against_the_computer_a_stop_cut_short_is_finished_at_the_next_start_each_step_told_once(service, done):
    """A stop (kill -9) between the steps of `/game new opponent:computer` (the game, its creator's seat,
    the computer's, the start) left the game unbegun with the computer's seat free: what the opening
    still has to do is stored with the game, and the next start finishes it before any command, each
    step's news in the outbox once, whichever step the stop came after, and a second start nothing."""
    before = make_tables(service)
    game_id = before.lobby._open(ANNA, GUILD, CHANNEL, "toy_system", "short", {}, False, None, Opponent("blue"), "blue")
    if done != "game":
        run(before.lobby.join(ANNA, CHANNEL, "blue"))
    if done == "computer":
        run(before.computer.seat(ANNA, CHANNEL, "red"))
        run(before.computer.settled())  # its look for a move ends with the process that stops
    assert service.store.unfinished_openings() == [game_id]
    after = make_tables(service)  # the bot's next start
    for _ in range(2):
        run(after.lobby.finish_all())
        run(after.computer.settled())
    game = service.store.game(game_id)
    assert service.store.seats(game_id) == {"blue": ANNA.id, "red": COMPUTER}
    assert game["started_at"] and game["against"] is None and not service.store.unfinished_openings()
    told = [markup(row["payload"]["text"]) for row in service.store.outbox(game_id)]
    for said in (f"opens game {game_id}", f"takes the Blue seat in game {game_id}",
                 f"seats the computer as Red in game {game_id}", f"Game {game_id} begins"):
        assert sum(said in text for text in told) == 1, said


def test_an_opening_against_the_computer_cut_short_while_the_bot_runs_on_is_finished_by_game_start(service):
    """A step of `/game new opponent:computer` that failed while the bot ran on (the store busy) leaves
    its opening to the next start of the bot, or to `/game start` by its creator, which finishes it."""
    tables = make_tables(service)
    game_id = tables.lobby._open(ANNA, GUILD, CHANNEL, "toy_system", "short", {}, False, None, Opponent("blue"), "blue")
    with pytest.raises(TableError, match="Manage Server"):
        run(tables.lobby.start(STRANGER, CHANNEL))
    assert run(tables.lobby.start(ANNA, CHANNEL)) == f"Game {game_id} has started."
    run(tables.computer.settled())
    assert service.store.seats(game_id) == {"blue": ANNA.id, "red": COMPUTER}
    assert not service.store.unfinished_openings()


def test_a_game_opened_against_the_computer_that_has_begun_or_been_cancelled_is_not_finished_again(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue")))
    run(tables.computer.settled())
    game_id = tables.lobby._open(BORIS, GUILD, "101", "toy_system", "short", {}, False, None, Opponent("red"), "red")
    run(tables.management.cancel(BORIS, "101"))
    assert service.store.unfinished_openings() == []
    run(tables.lobby.finish_all())
    assert service.store.seats(game_id) == {} and not service.store.game(game_id)["started_at"]


def test_a_game_opened_with_a_chosen_seed_keeps_it_and_its_dice_are_not_drawn_in_secret(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", seed=123))
    game = service.store.game(tables.game_in(CHANNEL)["id"])
    assert (game["seed"], game["commitment"]) == (123, None)


def test_a_taken_seat_is_refused_naming_who_holds_it(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    assert refused(tables.lobby.join(ANNA, CHANNEL, "red")) == "The Red seat is taken by you."
    assert refused(tables.lobby.join(BORIS, CHANNEL, "red")) == f"The Red seat is taken by <@{ANNA.id}>."
    assert refused(tables.lobby.join(ANNA, CHANNEL, "blue")) == \
        "You already play Red; one person plays both sides only in a game created as hot-seat."


def test_a_channel_holds_one_running_game_and_a_new_one_once_it_has_ended(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert refused(tables.lobby.new(BORIS, GUILD, CHANNEL, "toy_system", "short")) == \
        "This channel already has a game; finish it, or start one in another channel or thread."
    run(tables.play.resign(BORIS, CHANNEL))
    run(tables.lobby.new(BORIS, GUILD, CHANNEL, "toy_system", "short"))
    assert tables.game_in(CHANNEL)["id"] == game_id + 1


def test_a_game_against_the_computer_begins_at_once_with_the_side_asked(store):
    service = GameService(store, loader={"toy_system": toy_system}.__getitem__)  # each system by its own name
    tables = make_tables(service)
    reply = markup(run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent(" Blue "))))
    game_id = tables.game_in(CHANNEL)["id"]
    assert reply == f"You play Blue in game {game_id}. The computer plays the other side; game {game_id} has begun."
    assert service.store.seats(game_id)["blue"] == ANNA.id and service.store.game(game_id)["started_at"]
    run(tables.computer.settled())


def test_against_the_computer_a_wrong_side_or_level_is_refused_before_anything_is_opened(service):
    tables = make_tables(service)
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("green"))) == \
        "'green' is not a side of toy_system; choose red or blue."
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "chess", "short", against=Opponent("red"))) == \
        "'chess' is not a game system here; choose toy_system."
    assert refused(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("red", 2))) == \
        "The toy race has a level 1 computer player; level 2 is not built yet."
    assert service.store.games() == []


def test_against_the_computer_the_default_side_is_the_first_and_the_level_asked_is_kept(service):
    defaults = GameSettings(ai_level=2, ai_budget=5)  # a level the toy race lacks, unless one is asked for
    tables = make_tables(service, defaults=defaults)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent(level=1)))
    game_id = tables.game_in(CHANNEL)["id"]
    assert service.store.seats(game_id)["red"] == ANNA.id
    assert tables.settings(game_id) == GameSettings(ai_level=1, ai_budget=5)
    run(tables.computer.settled())
    run(tables.lobby.new(ANNA, GUILD, OTHER, "toy_system", "short"))
    assert tables.settings(game_id + 1) == defaults


def test_a_game_against_the_computer_begins_in_its_own_channel_while_another_opens_at_the_same_moment(service):
    """Anna opens a game against the computer while Boris opens one in another channel, his stored after hers and
    before she is seated: she joins, the computer sits and the game starts in her channel, his stays open."""
    tables = make_tables(service)
    opened, hers, his = tables.lobby._open, threading.Event(), threading.Event()

    def open_in_turn(actor, *args):
        if actor != ANNA:
            assert hers.wait(30)  # Boris's game is stored after hers
        try:
            game_id = opened(actor, *args)
        finally:
            (hers if actor == ANNA else his).set()
        if actor == ANNA:
            assert his.wait(30)  # and before she goes on
        return game_id
    tables.lobby._open = open_in_turn

    async def both() -> None:
        await asyncio.gather(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", against=Opponent("blue")),
                             tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "short"))
        await tables.computer.settled()
    run(both())
    mine, his = tables.game_in(CHANNEL)["id"], tables.game_in(OTHER)["id"]
    assert his > mine
    assert service.store.seats(mine) == {"red": COMPUTER, "blue": ANNA.id} and service.store.game(mine)["started_at"]
    assert service.store.seats(his) == {} and not service.store.game(his)["started_at"]


def test_settings_are_shown_to_anyone_and_changed_by_a_manager_with_the_deadlines_they_reshape(service):
    clock = FakeClock()
    tables = make_tables(service, clock)
    game_id = run(seated_game(tables))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))  # another game, with its own deadline
    run(tables.lobby.join(STRANGER, OTHER, "red"))
    run(tables.lobby.join(BORIS, OTHER, "blue"))
    run(tables.lobby.start(STRANGER, OTHER))
    locked = under_lock(tables, tables.lobby, "_set", game_id)
    assert run(tables.lobby.change_settings(STRANGER, CHANNEL, {})) == GameSettings().describe()
    assert refused(tables.lobby.change_settings(BORIS, CHANNEL, {"deadline_hours": 30})) == (
        "Only the game's creator (<@1>) or a member with Manage Server may change a game's settings.")
    due = int((clock() + timedelta(hours=30)).timestamp())
    assert markup(run(tables.lobby.change_settings(ANNA, CHANNEL, {"deadline_hours": 30}))) == \
        f"Settings saved. Red is now due <t:{due}:R>."
    assert locked == [True]
    settings = GameSettings(deadline_hours=30)
    assert tables.settings(game_id) == settings
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == (
        f"Anna changes the settings of game {game_id}: {settings.describe()} Red is now due <t:{due}:R>.")
    assert [row["due_at"] for row in service.store.deadlines(game_id)] == [
        (clock() + timedelta(hours=30)).isoformat()]
    reminder = tables.deadlines.scheduler.jobs[f"deadline:{game_id}:red"][0]
    assert reminder == clock() + timedelta(hours=30 - 24)  # the clock's job follows: its first reminder
    assert tables.settings(game_id + 1) == GameSettings()
    assert [row["due_at"] for row in service.store.deadlines(game_id + 1)] == [
        (clock() + timedelta(hours=48)).isoformat()]


def test_the_computer_s_level_and_its_seat_at_a_deadline_are_settings_only_where_it_can_play(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert refused(tables.lobby.change_settings(ANNA, CHANNEL, {"ai_level": 2})) == \
        "The toy race has a level 1 computer player; level 2 is not built yet."
    assert markup(run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "computer"}))).startswith(
        "Settings saved.")
    assert tables.settings(game_id).at_deadline == "computer"


def test_a_setting_the_games_computer_cannot_play_is_refused(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_without_computer)
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert refused(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "computer"})) == (
        "toy_system has no computer player yet, so only a person can take this seat.")
    assert tables.settings(game_id).at_deadline == "end"
    saved = markup(run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "remind"})))
    assert saved.startswith("Settings saved.")


def test_spectators_follow_from_another_channel_added_by_a_manager(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    run(tables.lobby.new(STRANGER, GUILD, OTHER, "toy_system", "short"))
    assert refused(tables.lobby.spectate(BORIS, CHANNEL, WATCH)) == (
        "Only the game's creator (<@1>) or a member with Manage Server may add a spectator channel.")
    assert refused(tables.lobby.spectate(ANNA, CHANNEL, CHANNEL)) == \
        "Spectators watch from another channel than the game's."
    assert markup(run(tables.lobby.spectate(MOD, CHANNEL, WATCH))) == f"<#{WATCH}> follows game {game_id}."
    assert tables.delivery.messenger.in_channel(WATCH) == [
        f"This channel now follows game {game_id} (public view only)."]
    assert service.store.spectators(game_id) == [WATCH] and service.store.spectators(game_id + 1) == []
