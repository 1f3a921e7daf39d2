"""A game that is over asks nothing (bot/delivery.py, `unasked`): a question or a deadline's reminder
stored before the end but sent after it (the player's DMs were closed meanwhile) does not go out, nor
say that the game waits for anyone; what else such a row told the player still goes."""
from __future__ import annotations

import random

import pytest

import rules
from bot.config import GameSettings
from bot.service import GameService
from bot.store import Store
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, FakeClock, make_tables, run, seated_game

ASKING = ("waits for you", " is due", "Next", "deadline has passed")


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
