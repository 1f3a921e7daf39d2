"""Autocomplete (bot/tables/completion.py) without Discord: the choices of each field of a play command
for the side to move, none for anyone else, choices that follow the position after a move and an undo,
and the verbs a line of chat is read as an order by (over the toy race of tests/bot)."""
from __future__ import annotations

from bot.service import GameService
from bot.store import blank
from rules.core.registry import _SYSTEMS
from tests.bot import toy_system, toy_wager
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
    second_game(tables)  # game 2, Boris to move: its first command's number is not its own
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES  # the other game's cache stays its own
    for _ in range(2):
        assert tables.completion.legal_texts(BORIS, OTHER) == MOVES
        run(tables.play.submit(BORIS, OTHER, "move r1 0201"))
        assert tables.completion.legal_texts(BORIS, OTHER) == MOVES[1:]
        run(tables.play.submit(BORIS, OTHER, "undo"))
    assert tables.completion.legal_texts(BORIS, OTHER) == MOVES
    run(tables.play.submit(BORIS, OTHER, "move r2 0201"))
    assert tables.completion.legal_texts(BORIS, OTHER) == [MOVES[0], MOVES[2]]
    assert tables.completion.complete(BORIS, OTHER, "unit", "", {}) == RUNNERS[:1]
    assert tables.completion.legal_texts(ANNA, CHANNEL) == MOVES


def test_two_sides_ordering_at_once_are_each_offered_their_own_orders(tmp_path, monkeypatch):
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "wager.sqlite"), loader=lambda name: toy_wager)
    tables = make_tables(service, systems=("toy_wager",))
    run(seated_game(tables, system="toy_wager", scenario="long"))
    for who, line in ((ANNA, "shout"), (BORIS, "answer soft"), (ANNA, "plan bold")):
        run(tables.play.submit(who, CHANNEL, line))
    assert tables.completion.legal_texts(ANNA, CHANNEL) == []  # her plan is down; Blue's is not
    assert tables.completion.legal_texts(BORIS, CHANNEL) == ["plan bold", "plan calm"]


def test_destinations_come_nearest_first_from_where_the_unit_stands_in_its_own_side_s_view(service, monkeypatch):
    """A system that measures distances (as Borodino does) and hides the units from the public view."""
    tables = make_tables(service)
    run(seated_game(tables))
    asked: list[tuple[str, str]] = []

    def distance(a: str, b: str) -> int:
        asked.append((a, b))
        return 1

    public = toy_system.view
    monkeypatch.setattr(toy_system, "distance", distance, raising=False)
    monkeypatch.setattr(toy_system, "view", lambda state, side: {**public(state, side), "units": []} if side is None
                        else public(state, side))
    complete = tables.completion.complete
    assert complete(ANNA, CHANNEL, "to", "", {"unit": " R1 "}) == [("0201", "0201 · 1 hex away")]
    assert asked == [("0101", "0201")]
    assert complete(ANNA, CHANNEL, "unit", "", {}) == RUNNERS


def test_the_attack_fields_offer_the_attacking_groups_then_the_targets_of_the_group_chosen(service, monkeypatch):
    """Over legal commands that attack (the race has none), as the engine words them: `attack A+B -> C`."""
    tables = make_tables(service)
    run(seated_game(tables))
    monkeypatch.setattr(tables.completion, "_legal_now", lambda acting: [
        "attack r1+r2 -> b1", "attack r1 -> b2", "end"])
    complete = tables.completion.complete
    assert complete(ANNA, CHANNEL, "attackers", "", {}) == [("r1+r2", "r1+r2"), ("r1", "r1")]
    assert complete(ANNA, CHANNEL, "defenders", "", {"attackers": "R1 "}) == [("b2", "b2")]
    assert complete(ANNA, CHANNEL, "defenders", "", {}) == [("b1", "b1"), ("b2", "b2")]
    assert complete(ANNA, CHANNEL, "then", "adv", {"attackers": "r1+r2"}) == [  # Borodino's answers written ahead
        ("advance r1", "advance r1"), ("advance r2", "advance r2")]


def test_the_verbs_are_those_of_the_speaker_s_sides_at_this_position(service):
    tables = make_tables(service)
    game_id = run(seated_game(tables))
    assert tables.completion.verbs(game_id, ["red"]) == {"move", "end"}
    assert tables.completion.verbs(game_id, ["blue"]) == set()
    assert tables.completion.verbs(game_id, ["blue", "red"]) == {"move", "end"}
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert tables.completion.verbs(game_id, ["red"]) == {"roll"}


def test_1812_s_places_read_by_their_names_with_their_numbers(tmp_path):
    """THE GAME MAP: 'Areas are also numbered and named'; 1812's choices read '12 · Russian 4 inf ...', '10 · 1 area
    away' and 'attrit 30', numbers a player must find on the map. Each place reads as the game's texts name it,
    'Vilna (12)', and a name typed finds the orders through it; the values are the numbers the commands take."""
    tables = make_tables(GameService(blank(tmp_path / "c.sqlite")), systems=("campaign_1812",))
    run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    complete = tables.completion.complete
    assert complete(BORIS, CHANNEL, "unit", "vil", {}) == [
        ("12", "Vilna (12) · Russian 4 inf, 1 cav, 1 supply, 1 depot")]
    assert complete(BORIS, CHANNEL, "to", "", {"unit": "12"})[:2] == [("6", "Dinaburg (6) · 1 area away"),
                                                                    ("9", "Polotsk (9) · 1 area away")]
    assert complete(BORIS, CHANNEL, "order", "vitebsk", {})[0] == (
        "move 12 10", "move 12 10 · Vilna (12) → Vitebsk (10)")
    for line in ("end", "end"):
        run(tables.play.submit(BORIS, CHANNEL, line))
    assert complete(BORIS, CHANNEL, "order", "", {}) == [("attrit 30", "attrit 30 · East Prussia (30)"),
                                                         ("attrit 31", "attrit 31 · Warsaw (31)"),
                                                         ("attrit 32", "attrit 32 · Galicia (32)")]
