"""A game that is over asks nothing (bot/delivery/payloads.py, `unasked`): a question or a deadline's reminder
stored before the end but sent after it (the player's DMs were closed meanwhile) does not go out, nor
say that the game waits for anyone; what else such a row told the player still goes. A question
message already sent is retired at the end (`retire`): its buttons gone, the end said in it; so is one
whose player's seat changes hands, saying to whom."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import rules
from bot.config import GameSettings
from bot.service import GameService
from bot.store import Store
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    MOD,
    STRANGER,
    FakeClock,
    FakeMessenger,
    make_tables,
    run,
    seated_game,
)

ASKING = ("waits for you", " is due", " are due", "Next", "has passed")


@pytest.mark.parametrize("system_name, scenario, how", [("bloody_monday", "bloody_monday", "resign"),
                                                        ("campaign_1812", "campaign", "draw"),
                                                        ("borodino", "6sep", "resign")])
def test_what_was_asked_before_a_game_ended_is_not_sent_after_it(tmp_path, system_name, scenario, how):
    """Boris takes his notices by DM and his DMs are closed: he is asked (a question, then the
    reminder of its deadline), the game ends (he resigns, or a draw is agreed), his DMs open again,
    and nothing he is then sent asks him anything or carries answer buttons."""
    system = rules.load(system_name)
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    clock = FakeClock()
    tables = make_tables(service, clock, systems=(system_name,),
                         defaults=GameSettings(deadline_hours=24, reminders=(12,)))
    messenger = tables.delivery.messenger
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    messenger.closed.add(BORIS.id)
    game_id = run(seated_game(tables, system=system_name, scenario=scenario, seed=3))
    players, rng = dict(zip(system.INFO.sides, (ANNA, BORIS))), random.Random(3)
    while not (russian := service.store.deadline(game_id, "russian")):  # until Boris is asked
        state = service.load(game_id)
        side = system.active_sides(state)[0]
        run(tables.play.submit(players[side], CHANNEL, system.sample_command(state, side, rng).to_text()))
    clock.advance(hours=13)  # past the reminder's point
    run(tables.deadlines.scheduler.run_due())
    assert service.store.deadline(game_id, "russian")["reminded_at"], "the reminder was stored"
    assert [row for row in service.store.undelivered(game_id) if "unasked" in row["payload"]], "asked, held back"
    if how == "resign":
        run(tables.play.resign(BORIS, CHANNEL))
    else:
        run(tables.play.submit(ANNA, CHANNEL, "draw"))
        run(tables.play.submit(BORIS, CHANNEL, "accept"))
    assert service.store.game(game_id)["status"] == "over" and russian
    sent = len(messenger.dms), len(messenger.buttons), len(messenger.edits)
    messenger.closed.clear()
    clock.advance(days=2)
    run(tables.delivery.flush(game_id))
    told = [text for who, text, _ in messenger.dms[sent[0]:] if who == BORIS.id] + \
        [messenger.kept[kept][1] for place, kept in messenger.edits[sent[2]:] if place == f"dm:{BORIS.id}"]
    assert not [text for text in told if any(word in text for word in ASKING)]
    assert not [b for who, _, b in messenger.buttons[sent[1]:] if who == BORIS.id and "answers" in b]
    assert not service.store.undelivered(game_id)


def play(tables, game_id: int, system_name: str, until: Callable[[], object], seed: int = 3) -> None:
    """Sample commands, each by the player of the side to move, until `until()` holds."""
    system = rules.load(system_name)
    players, rng = dict(zip(system.INFO.sides, (ANNA, BORIS))), random.Random(seed)
    while not until():
        state = tables.service.load(game_id)
        side = system.active_sides(state)[0]
        run(tables.play.submit(players[side], CHANNEL, system.sample_command(state, side, rng).to_text()))


def asked(tables, game_id: int, system_name: str) -> str:
    """Play on until Boris has a question message in his DMs; what it says."""
    play(tables, game_id, system_name, lambda: tables.store.question_messages(game_id, f"dm:{BORIS.id}"))
    messages = tables.store.question_messages(game_id, f"dm:{BORIS.id}")[2]
    return "".join(tables.delivery.messenger.kept[m][1] for m in messages)


def retired(messenger: FakeMessenger, service: GameService, game_id: int) -> str:
    """Boris's question message as it reads now, once its buttons are checked gone."""
    messages = service.store.question_messages(game_id, f"dm:{BORIS.id}")[2]
    assert messages and all(messenger.kept_buttons[m] is None for m in messages)
    return "".join(messenger.kept[m][1] for m in messages)


@pytest.mark.parametrize("system_name, scenario, how", [("bloody_monday", "bloody_monday", "resign"),
                                                        ("campaign_1812", "campaign", "end"),
                                                        ("borodino", "6sep", "draw")])
def test_a_question_message_open_at_the_end_is_retired(tmp_path, system_name, scenario, how):
    """Boris takes his notices by DM and is asked in his question message; the game ends (he
    resigns, a moderator ends it, a draw is agreed). The message is written over: what else it told
    (nothing more: in Bloody Monday, what his own view shows), then the end as the channel reads
    it; no buttons, nothing saying the game waits for him."""
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    tables = make_tables(service, FakeClock(), systems=(system_name,))
    messenger = tables.delivery.messenger
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    game_id = run(seated_game(tables, system=system_name, scenario=scenario, seed=3))
    question = asked(tables, game_id, system_name)
    assert "waits for you" in question
    posted = len(messenger.posts)
    if how == "resign":
        run(tables.play.resign(BORIS, CHANNEL))
    elif how == "end":
        run(tables.management.cancel(MOD, CHANNEL))
    else:
        run(tables.play.submit(ANNA, CHANNEL, "draw"))
        run(tables.play.submit(BORIS, CHANNEL, "accept"))
    assert service.store.game(game_id)["status"] == "over"
    *told, end = retired(messenger, service, game_id).removeprefix(f"Game {game_id}: ").splitlines()
    assert not [line for line in [*told, end] if any(word in line for word in ASKING)]
    assert all(line in question for line in told) and end in "\n".join(messenger.in_channel(CHANNEL)[posted:])
    assert not service.store.undelivered(game_id)


def test_a_question_message_open_when_the_rules_end_the_game_reads_the_outcome(service):
    """Boris was asked by DM and answered by typing; the rules end the game. His question message
    reads how it ended, as the channel's final post does, no longer that the game waits for him."""
    tables = make_tables(service, FakeClock())
    messenger = tables.delivery.messenger
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    game_id = run(seated_game(tables))
    assert "waits for you" in asked(tables, game_id, "toy_system")
    play(tables, game_id, "toy_system", lambda: service.store.game(game_id)["status"] == "over")
    end = retired(messenger, service, game_id).removeprefix(f"Game {game_id}: ").splitlines()[-1]
    assert end.startswith("Game over: ") and end in "\n".join(messenger.in_channel(CHANNEL)[-3:])


def test_a_question_message_and_the_view_of_a_player_whose_seat_changes_hands_say_it_went(tmp_path):
    """Boris, the Russian of Bloody Monday, is asked by DM in his question message; a manager who
    plays no part seats a stranger in his place. His question message is written over, its buttons
    gone, saying whose the seat is now, and his view says it is kept no longer: both read as his
    still ('the game waits for you', 'kept up to date') where his answer would be refused."""
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    tables = make_tables(service, FakeClock(), systems=("bloody_monday",))
    messenger = tables.delivery.messenger
    run(tables.absence.prefs(BORIS, {"remind": "dm"}))
    game_id = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=3))
    question = asked(tables, game_id, "bloody_monday")
    assert "waits for you" in question
    run(tables.seats.replace(MOD, CHANNEL, "russian", STRANGER))
    *told, went = retired(messenger, service, game_id).removeprefix(f"Game {game_id}: ").splitlines()
    assert went == f"The Russian seat went to <@{STRANGER.id}>."
    assert not [line for line in [*told, went] if any(word in line for word in ASKING)]
    assert all(line in question for line in told)
    view = messenger.kept_text(f"dm:{BORIS.id}")
    assert f"(no longer kept up to date: the Russian seat went to <@{STRANGER.id}>):" in view
    assert "kept up to date):" in messenger.kept_text(f"dm:{STRANGER.id}")
    assert not service.store.undelivered(game_id)
