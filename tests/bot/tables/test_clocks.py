"""Clocks (bot/tables/clocks.py) without Discord: a deadline's reminder the way its player asked for
it, and what its passing does at each setting, every line in full (over the toy race of tests/bot,
whose Red player moves first)."""
from __future__ import annotations

import asyncio
import types
from datetime import UTC, datetime, timedelta

import pytest

from bot.config import GameSettings
from bot.service import GameService
from bot.store import blank
from rules.core.registry import _SYSTEMS
from tests.bot import toy_system, toy_wager, toy_without_computer
from bot.tables.clocks import LATE, due_words
from bot.words import plain
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, WATCH, FakeClock, make_tables, run, seated_game

PHASE = "the Red Movement Phase (turn 1)"  # what the toy race asks of Red first


REMIND = GameSettings(at_deadline="remind")  # a passed deadline starts the clock again, the game waiting


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:R>"


@pytest.mark.parametrize("how, public, private", [("both", True, True), ("dm", False, True),
                                                  ("channel", True, False), ("asked", True, False)])
def test_a_reminder_comes_the_way_its_player_asked(service, how, public, private):
    clock = FakeClock()
    tables = make_tables(service, clock)
    run(tables.absence.prefs(ANNA, {"remind": how}))
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    posts, dms = len(messenger.posts), len(messenger.to(ANNA.id))
    due = clock() + timedelta(hours=24)
    run(tables.clocks.remind(game_id, "red", due, clock().isoformat()))
    said = f"Game {game_id}: your orders for {PHASE} are due {stamp(due)}."
    assert messenger.in_channel(CHANNEL)[posts:] == ([f"<@{ANNA.id}> {said}"] if public else [])
    assert messenger.to(ANNA.id)[dms:] == ([said] if private else [])


@pytest.fixture
def wager(tmp_path, monkeypatch):
    """Tables over the toy wager (Anna plays Red, Boris Blue), with their clock."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager)
    clock = FakeClock()
    tables = make_tables(service, clock, systems=("toy_wager",), defaults=REMIND)
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    return tables, game_id, clock


def test_a_reminder_is_said_once_where_the_game_asks_its_player(wager):
    """By default a reminder goes where the game asks its player: in a game with hidden units, by
    DM alone, with the answers as buttons (in an open game, a ping in the channel: above). It was
    said twice, by DM and by a ping in the channel, as a player who asks for both reads it."""
    tables, game_id, clock = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    messenger = tables.delivery.messenger
    posts, dms = len(messenger.posts), len(messenger.to(BORIS.id))
    due = clock() + timedelta(hours=24)
    run(tables.clocks.remind(game_id, "blue", due, clock().isoformat()))
    assert len(messenger.posts) == posts
    assert messenger.to(BORIS.id)[dms:] == [f"Game {game_id}: your orders for the Blue Answer Phase (turn 1) are "
                                            f"due {stamp(due)}."] and messenger.buttons[-1][0] == BORIS.id


def test_a_reminder_in_the_channel_of_a_game_with_hidden_units_carries_no_buttons(wager):
    """A player who takes reminders in the channel (/prefs remind:channel) reads there the public's
    words; a choice's buttons are his own units' (a Bloody Monday hit's: '1 hit on R-1-3J', a block
    the French have not seen), and stay in his DM where the game hides anything."""
    tables, game_id, clock = wager
    run(tables.absence.prefs(BORIS, {"remind": "channel"}))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    messenger = tables.delivery.messenger
    posts, buttons = len(messenger.posts), len(messenger.buttons)
    run(tables.clocks.remind(game_id, "blue", clock() + timedelta(hours=24), clock().isoformat()))
    assert messenger.in_channel(CHANNEL)[posts:][0].startswith(f"<@{BORIS.id}> Game {game_id}: your orders for ")
    assert [where for where, _, _ in messenger.buttons[buttons:]] == []


def test_a_passed_deadline_reminds_again_with_a_fresh_one_at_the_players_hour(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=REMIND)
    run(tables.absence.prefs(ANNA, {"due_hour": 20}))
    game_id = run(seated_game(tables))
    messenger = tables.delivery.messenger
    clock.advance(hours=50)
    held: list[bool] = []
    secret = tables.clocks._secret
    tables.clocks._secret = lambda *args: (held.append(tables.lock(game_id).locked()), secret(*args))[1]
    run(tables.clocks.expire(game_id, "red", LATE))  # a minute late is on time
    assert held == [True]
    fresh = datetime(2026, 3, 5, 20, tzinfo=UTC)  # 48 hours on, at her hour
    said = f"Game {game_id}: the deadline for {PHASE} has passed. New deadline {stamp(fresh)}."
    assert messenger.in_channel(CHANNEL)[-1] == f"<@{ANNA.id}> {said}"  # where the game asks her: once
    assert said not in messenger.to(ANNA.id)
    assert service.store.deadline(game_id, "red")["due_at"] == fresh.isoformat()
    clock.advance(hours=7)  # a fresh deadline now would fall a day later, at her hour
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))  # the same phase goes on: its deadline stands
    assert service.store.deadline(game_id, "red")["due_at"] == fresh.isoformat()


def test_a_deadline_met_while_its_expiry_waited_for_the_game_is_not_acted_on(service):
    """The deadline's job read it due, then waited for the game's lock, which Red's own `end` held
    (its news still going out): met by then, the deadline neither forfeits Red nor says a word."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="forfeit"))
    game_id = run(seated_game(tables))
    due_at = service.store.deadline(game_id, "red")["due_at"]
    clock.advance(hours=48)

    async def race() -> None:
        async with tables.lock(game_id):  # Red's command holds the game: the expiry waits for it
            expiry = asyncio.create_task(tables.clocks.expire(game_id, "red", timedelta(0), due_at))
            await asyncio.sleep(0)
            assert not expiry.done()
            service.store.set_deadline(game_id, "red", (clock() + timedelta(hours=48)).isoformat(), "next")  # met
        await expiry
    posted = len(tables.delivery.messenger.posts)
    run(race())
    assert service.store.game(game_id)["status"] != "over"
    assert len(tables.delivery.messenger.posts) == posted


def test_a_deadline_acted_on_late_says_it_fell_due_while_the_bot_was_offline(service):
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="forfeit"))
    game_id = run(seated_game(tables))
    run(tables.clocks.expire(game_id, "red", timedelta(minutes=2)))
    assert tables.delivery.messenger.in_channel(CHANNEL)[-2] == (  # no command ended it: both players pinged
        f"<@{ANNA.id}> <@{BORIS.id}> Red missed the deadline (it fell due while the bot was offline; acted on now) "
        f"and forfeits: Blue wins game {game_id}.\nTurn 1 | hour 1 | Game over")
    assert service.store.game(game_id)["ended"]["winner"] == "blue"
    posted = len(tables.delivery.messenger.posts)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))  # an ended game: nothing
    assert len(tables.delivery.messenger.posts) == posted


def test_at_the_end_setting_the_deadline_ends_the_phase_and_the_absent_side_s_next_falls_due_at_once(service):
    """Red's Movement Phase ends at its deadline; the Dice Phase after it is still Red's player-turn, so
    Red, absent, is due at once there, as the line told, pinging Anna (nothing else told her that the
    bot played for her), and the channel says the bot plays for it (it read '<@anna>: your move, due
    <now>', a moment before the deadline played)."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="end"))
    game_id = run(seated_game(tables))
    clock.advance(hours=48)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == (
        f"**Deadline** — Red: end. Until <@{ANNA.id}> (Red) acts again, what falls to them this player-turn is played "
        "at once, as at this deadline.\nred ends the Movement Phase\nTurn 1 | hour 1 | Dice Phase | Red player\n"
        "Roll the die.\nRed player: their deadline passed this player-turn, so the bot plays for "
        "them now.")
    assert service.store.deadline(game_id, "red")["due_at"] == clock().isoformat()


def test_the_late_player_is_pinged_once_by_the_deadline_s_line_and_spectators_read_no_ping(service):
    """At `end` the deadline's line tells Anna, by a ping, that the bot plays for her; it is her one
    ping of the deadline (the absent side's next step is named unpinged), and the spectators' post
    tells what happened without it."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="end"))
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    messenger = tables.delivery.messenger
    posts = len(messenger.posts)
    clock.advance(hours=48)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    told = " ".join(text for _, text, _ in messenger.posts[posts:])
    assert told.count(f"<@{ANNA.id}>") == 1 and f"<@{BORIS.id}>" not in told
    watched = messenger.in_channel(WATCH)[-1]
    assert "**Deadline** — Red: end.\nred ends the Movement Phase" in watched and "<@" not in watched


def test_a_passed_deadline_at_a_choice_asks_it_again_with_its_answers_as_buttons(wager):
    tables, game_id, clock = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    messenger = tables.delivery.messenger
    asked = messenger.buttons[-1]
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    where, text, buttons = messenger.buttons[-1]
    due = stamp(clock() + timedelta(hours=48))
    assert (where, buttons) == (BORIS.id, asked[2])  # the same answers, still good at this position
    assert text == f"Game {game_id}: the deadline for the Blue Answer Phase (turn 1) has passed. New deadline {due}."
    assert messenger.in_channel(CHANNEL)[-1] == text  # told by DM, where his questions go: no ping too


def test_a_side_whose_secret_order_is_down_gets_a_fresh_clock_and_not_a_word(wager):
    tables, game_id, clock = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    run(tables.play.submit(BORIS, CHANNEL, "plan bold"))  # both plan at once; Blue's is down
    messenger = tables.delivery.messenger
    posts, dms = len(messenger.posts), len(messenger.dms)
    clock.advance(hours=48)
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    assert (len(messenger.posts), len(messenger.dms)) == (posts, dms)
    row = tables.store.deadline(game_id, "blue")
    assert (row["due_at"], row["phase_key"]) == ((clock() + timedelta(hours=48)).isoformat(), "1:plan")


def test_a_passed_deadline_s_buttons_carry_what_the_late_side_has_observed(wager):
    """Red's plan is down, hidden from Blue: the answers Blue is asked again carry the commands Blue has seen."""
    tables, game_id, clock = wager
    for who, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):
        run(tables.play.submit(who, CHANNEL, line))
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    where, _, buttons = tables.delivery.messenger.buttons[-1]
    seen = tables.store.seen_seq(game_id, "blue")
    assert (where, buttons["seq"]) == (BORIS.id, seen) and seen == tables.store.last_seq(game_id) - 1


def test_a_passed_deadline_at_a_choice_of_more_answers_than_a_menu_holds_says_to_type_one(tmp_path, monkeypatch):
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "many.sqlite"), loader=lambda name: toy_wager.many_answers())
    tables = make_tables(service, systems=("toy_wager",), defaults=REMIND)
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    due = stamp(FakeClock()() + timedelta(hours=48))
    assert tables.delivery.messenger.to(BORIS.id)[-1] == (
        f"Game {game_id}: the deadline for the Blue Answer Phase (turn 1) has passed. New deadline {due}. "
        "(30 answers are possible, more than a menu holds: type yours with `/order` and its words.)")


def test_at_the_end_setting_a_late_choice_made_by_default_ends_the_phase(wager):
    tables, game_id, clock = wager
    run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "end"}))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer loud"))
    run(tables.clocks.expire(game_id, "red", timedelta(0)))  # Red's echo made by default: the Plan Phase begins
    assert [row["normalised"] for row in tables.store.commands(game_id)][-1] == "echo yes"
    assert not any("deadline has passed" in line for line in tables.delivery.messenger.in_channel(CHANNEL))


@pytest.mark.parametrize("action", ["choose", "end"])
def test_a_deadline_s_commands_leave_the_late_side_acting_in_the_phase_with_a_fresh_clock(tmp_path, monkeypatch,
                                                                                            action):
    """Red's echo is late: the deadline echoes (and at `end` gives Red's default plan too); Red still acts in the
    same phase, absent, so on a deadline due at once, and the echo is told in place of a reminder."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "one.sqlite"), loader=lambda name: toy_wager.one_phase())
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline=action), systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer loud"))
    clock.advance(hours=50)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    assert service.store.deadline(game_id, "red")["due_at"] == clock().isoformat()
    said = tables.delivery.messenger.in_channel(CHANNEL)
    assert any(line.endswith("\nred: echo yes") for line in said)  # Blue, asked the plan, in a new DM
    assert not any("deadline has passed" in line for line in said)


@pytest.mark.parametrize("action, before, whose, why", [
    ("computer", [], f"the deadline for {PHASE}", "the computer cannot take the seat: toy_system has no computer "
     "player yet"),
    ("end", ["end"], "the Red deadline", "the phase cannot end by itself: "),  # at 'Roll the die.', the prompt
])
def test_a_deadline_acted_on_late_says_so_beside_why_it_could_not_act(tmp_path, action, before, whose, why):
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_without_computer)
    tables = make_tables(service, defaults=GameSettings(at_deadline=action))
    game_id = run(seated_game(tables))
    for line in before:
        run(tables.play.submit(ANNA, CHANNEL, line))
    run(tables.clocks.expire(game_id, "red", timedelta(minutes=2)))
    assert f"{whose} has passed (it fell due while the bot was offline; acted on now); {why}" in \
        tables.delivery.messenger.in_channel(CHANNEL)[-1]


def test_a_side_still_owing_its_secret_order_hears_of_its_passed_deadline_alone(wager):
    tables, game_id, clock = wager
    for who, line in ((ANNA, "shout"), (BORIS, "answer soft"), (BORIS, "plan calm")):  # Blue's plan is down
        run(tables.play.submit(who, CHANNEL, line))
    messenger = tables.delivery.messenger
    posts = len(messenger.posts)
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    assert len(messenger.posts) == posts
    assert messenger.to(ANNA.id)[-1].startswith(
        f"Game {game_id}: the deadline for the Red Plan Phase (turn 1) has passed. New deadline ")


def whispering_toy() -> types.ModuleType:
    """The toy race whose side's own view prompts it in words the public view lacks."""
    module = types.ModuleType("whispering_toy")
    module.__dict__.update({**vars(toy_system), "__name__": "whispering_toy"})

    def view(state: dict, side: str | None = None) -> dict:
        seen = toy_system.view(state, side)
        return {**seen, "prompt": f"{side}, your runners wait."} if side else seen
    module.view = view
    return module


def test_the_channel_reads_the_public_question_and_the_player_their_own(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: whispering_toy())
    tables = make_tables(service, defaults=REMIND)
    run(tables.absence.prefs(ANNA, {"remind": "both"}))  # told in both places
    game_id = run(seated_game(tables))
    run(tables.clocks.expire(game_id, "red", timedelta(0)))
    due = stamp(FakeClock()() + timedelta(hours=48))
    assert tables.delivery.messenger.to(ANNA.id)[-1] == \
        f"Game {game_id}: the Red deadline has passed. New deadline {due}. red, your runners wait."
    assert tables.delivery.messenger.in_channel(CHANNEL)[-1] == \
        f"<@{ANNA.id}> Game {game_id}: the deadline for {PHASE} has passed. New deadline {due}."


def test_a_choice_made_by_default_at_the_deadline_is_said_to_be_the_deadline_s_not_a_standing_order(wager):
    """At the `choose` setting the late side's waiting choice is made by its default; the player gave no standing
    order, so the channel names the deadline and its default (without the order: the wager hides its commands)."""
    tables, game_id, clock = wager
    run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "choose"}))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    said = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert said.startswith("**Deadline** — Blue by default: an `answer` command. Until the Blue "
                           "player acts again, what falls to them this player-turn is played at once, as at this "
                           "deadline.\nblue: answer loud\n")
    assert "standing order" not in said


def _absent_wager(tmp_path, monkeypatch, action: str):
    """The toy wager at `action` (Anna plays Red, Boris Blue): Red shouts and Blue's answer is late, so
    the deadline answers for Blue (loud: Red may echo); Red echoes, and both are asked their plans,
    Blue a second time in the same turn (the toy's one player-turn)."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "absent.sqlite"), loader=lambda name: toy_wager)
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline=action), systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    clock.advance(hours=50)
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    run(tables.play.submit(ANNA, CHANNEL, "echo yes"))
    return tables, game_id, clock


@pytest.mark.parametrize("action", ["choose", "end"])
def test_a_side_a_passed_deadline_played_for_is_absent_for_the_rest_of_the_player_turn(tmp_path, monkeypatch,
                                                                                     action):
    """Blue's second question of the turn falls due at once, not a deadline later, and the setting makes
    it; Blue was told so once, with the first, and is not pinged for the second (nothing waits for
    the answer), its question message written in place, under what the deadline answered for him.
    The next turn asks Blue with a full deadline again."""
    tables, game_id, clock = _absent_wager(tmp_path, monkeypatch, action)
    store = tables.store
    assert f"<@{BORIS.id}>" not in tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert [text for place, text in tables.delivery.messenger.kept.values() if place == f"dm:{BORIS.id}"][-1] \
        .startswith("Game 1: At your deadline: Blue by default (answer: loud): answer loud.\nNext, due ")
    said = [line for line in tables.delivery.messenger.in_channel(CHANNEL) if line.startswith("**Deadline")]
    assert len(said) == 1 and said[0].startswith(
        "**Deadline** — Blue by default: an `answer` command. Until the Blue player acts again, "
        "what falls to them this player-turn is played at once, as at this deadline.\nblue: answer loud\n")
    assert store.deadline(game_id, "blue")["due_at"] == clock().isoformat()
    assert store.deadline(game_id, "red")["due_at"] == (clock() + timedelta(hours=48)).isoformat()
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    assert [row["normalised"] for row in store.commands(game_id)][-1] == "plan bold"
    assert len([line for line in tables.delivery.messenger.in_channel(CHANNEL) if "Until the Blue" in line]) == 1
    told = ("Game 1: your Blue deadline has passed, so the bot plays for you. Until you act again, what falls "
            "to you this player-turn is played at once, as at this deadline.")  # by DM: his notices go there
    assert tables.delivery.messenger.to(BORIS.id).count(told) == 1
    run(tables.play.submit(ANNA, CHANNEL, "plan calm"))  # turn 2: Blue is no longer absent
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    assert store.game(game_id)["absent"] == {}
    assert store.deadline(game_id, "blue")["due_at"] == (clock() + timedelta(hours=48)).isoformat()


def test_an_absent_side_s_own_command_ends_its_absence_with_a_full_deadline(service):
    """Red, marked absent in its own player-turn (as a passed deadline marks it), moves before its deadline due
    at once has fired: the player is back, and the phase goes on with a full deadline."""
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="end"))
    game_id = run(seated_game(tables))
    with tables.store.transaction():
        tables.store.db.execute("UPDATE games SET absent = ? WHERE id = ?", ['{"red": "1:red"}', game_id])
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    assert tables.store.game(game_id)["absent"] == {}
    assert tables.store.deadline(game_id, "red")["due_at"] == (clock() + timedelta(hours=48)).isoformat()


def test_a_secret_order_given_at_a_deadline_marks_no_one_absent(tmp_path, monkeypatch):
    """Blue's plan, made by default at its deadline while Red's is not yet down, is hidden: whether Blue still owed
    it must not show, so Blue is no more absent than before (here: not at all) and no line tells of it."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "secret.sqlite"), loader=lambda name: toy_wager)
    clock = FakeClock()
    tables = make_tables(service, clock, defaults=GameSettings(at_deadline="choose"), systems=("toy_wager",))
    game_id = run(seated_game(tables, system="toy_wager", scenario="long"))
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    run(tables.play.submit(BORIS, CHANNEL, "answer soft"))
    clock.advance(hours=50)
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    assert [row["normalised"] for row in tables.store.commands(game_id)][-1] == "plan bold"
    assert tables.store.game(game_id)["absent"] == {}
    assert not any("Until the" in line for line in tables.delivery.messenger.in_channel(CHANNEL))


def test_at_remind_a_passed_deadline_leaves_no_side_absent(wager):
    tables, game_id, clock = wager
    run(tables.play.submit(ANNA, CHANNEL, "shout"))
    clock.advance(hours=50)
    run(tables.clocks.expire(game_id, "blue", timedelta(0)))
    assert tables.store.game(game_id)["absent"] == {}
    assert tables.store.deadline(game_id, "blue")["due_at"] == (clock() + timedelta(hours=48)).isoformat()


def test_a_reminder_names_the_side_once_with_what_is_awaited_and_when():
    """It read 'the French move is due ...: the French Movement Phase (turn 28).', the side twice; a
    phase's orders are now named with its Game-Turn (SPI's Borodino rules), a prompt after when."""
    moment = datetime(2026, 3, 3, 12, tzinfo=UTC)
    phase = {"system": "borodino", "turn": 28, "phase": "movement"}
    choice = {**phase, "prompt": "Russian player: choose where 3120 retreats."}
    said = [plain(due_words(view, side, moment, yours, passed), moment - timedelta(hours=1))
            for view, side, yours, passed in (
        (phase, "french", True, None), (choice, "russian", True, None), (choice, "russian", False, None),
        (phase, "french", False, ""), (choice, "russian", False, " (it fell due while the bot was offline)"))]
    assert said == [
        "your orders for the French Movement Phase (Game-Turn 28) are due in 1 hour.",
        "your move is due in 1 hour. Russian player: choose where 3120 retreats.",
        "the move is due in 1 hour. Russian player: choose where 3120 retreats.",
        "the deadline for the French Movement Phase (Game-Turn 28) has passed. New deadline in 1 hour.",
        "the deadline has passed (it fell due while the bot was offline). New deadline in 1 hour. "
        "Russian player: choose where 3120 retreats."]
