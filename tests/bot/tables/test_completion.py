"""Autocomplete (bot/tables/completion.py) without Discord: the choices of each field of a play command
for the side to move, none for anyone else, choices that follow the position after a move and an undo,
and the verbs a line of chat is read as an order by (over the toy race of tests/bot)."""
from __future__ import annotations

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

RUNNERS = [("r1", "r1 · Red 1-1 runner in 0101"), ("r2", "r2 · Red 2-1 runner in 0101")]
MOVES = ["move r1 0201", "move r2 0201", "end"]


def test_each_field_offers_the_side_to_move_its_own_legal_choices(service):
    tables = make_tables(service)
    run(seated_game(tables))
    complete = tables.completion.complete
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES
    assert complete(ANNA, CHANNEL, "unit", "", {}) == RUNNERS
    assert complete(ANNA, CHANNEL, "unit", "r2", {}) == RUNNERS[1:]
    assert complete(ANNA, CHANNEL, "to", "", {"unit": " R1 "}) == [("0201", "0201")]
    assert complete(ANNA, CHANNEL, "to", "", {}) == []
    assert complete(ANNA, CHANNEL, "order", "", {}) == [(text, text) for text in MOVES]
    assert complete(ANNA, CHANNEL, "order", "en", {}) == [("end", "end")]
    assert complete(ANNA, CHANNEL, "attackers", "", {}) == []  # the race has no combat
    assert complete(ANNA, CHANNEL, "defenders", "", {"attackers": "r1"}) == []


def test_no_choices_for_a_side_not_to_move_a_stranger_another_channel_or_a_game_not_started(service):
    tables = make_tables(service)
    run(seated_game(tables))
    for actor, channel in ((BORIS, CHANNEL), (STRANGER, CHANNEL), (ANNA, "555")):
        assert tables.completion.legal_texts(actor, channel) == []
        for field in ("unit", "to", "order"):
            assert tables.completion.complete(actor, channel, field, "", {"unit": "r1"}) == []
    run(tables.lobby.new(BORIS, GUILD, OTHER, "toy_system", "short"))
    run(tables.lobby.join(BORIS, OTHER, "red"))
    assert tables.completion.legal_texts(BORIS, OTHER) == []  # seated, to move, but not started


def test_a_hot_seat_player_is_offered_the_moves_of_whichever_side_is_to_move(service):
    tables = make_tables(service)
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "toy_system", "short", hot_seat=True))
    run(tables.lobby.join(ANNA, CHANNEL, "blue"))
    run(tables.lobby.join(ANNA, CHANNEL, "red"))
    run(tables.lobby.start(ANNA, CHANNEL))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES
    for line in ("end", "roll"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == ["move b1 0202", "move b2 0202", "end"]


def test_the_choices_follow_the_position_through_a_move_an_undo_and_another_move(service):
    tables = make_tables(service)
    run(seated_game(tables))
    second_game(tables)
    assert tables.completion.legal_texts(BORIS, OTHER) == MOVES  # the other game's cache stays its own
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES[1:]
    run(tables.play.submit(ANNA, CHANNEL, "undo"))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES
    run(tables.play.submit(ANNA, CHANNEL, "move r2 0201"))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == [MOVES[0], MOVES[2]]
    assert tables.completion.complete(ANNA, CHANNEL, "unit", "", {}) == RUNNERS[:1]
    assert tables.completion.legal_texts(BORIS, OTHER) == MOVES


def test_the_verbs_are_those_of_the_speaker_s_sides_at_this_position(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.completion.verbs(game_id, ["red"]) == {"move", "end"}
    assert tables.completion.verbs(game_id, ["blue"]) == set()
    assert tables.completion.verbs(game_id, ["blue", "red"]) == {"move", "end"}
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert tables.completion.verbs(game_id, ["red"]) == {"roll"}
