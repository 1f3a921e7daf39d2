"""The verbs every game answers beside its own grammar (help, status, units, accept, refuse) and
how refusals treat what a player typed ("Small, a player trips over them")."""
from __future__ import annotations

import pytest

from bot import text as fmt


@pytest.mark.parametrize("topic", ["map", "quit", "undo", "accept", "units"])
def test_help_answers_every_verb_a_player_may_type(service, game, topic):
    reply = service.submit(game, "red", f"help {topic}").reply
    assert reply.startswith(topic) and "Unknown command" not in reply


def test_help_on_the_games_own_commands_is_the_games(service, game):
    """The control: the game's grammar still answers for its own commands."""
    assert service.submit(game, "red", "help move").reply.startswith("move ID HEX")


def test_accept_with_nothing_pending_is_refused_citing_undo(service, game):
    refusal = service.submit(game, "blue", "accept")
    assert not refusal.accepted and refusal.rule == "Undo"
    assert refusal.message.startswith("No request to undo is waiting for an answer")
    assert "Unknown command" not in service.submit(game, "blue", "refuse").message
    service.submit(game, "red", "end")
    service.submit(game, "red", "undo")  # a request across the phase: now there is one
    assert service.submit(game, "blue", "accept").accepted


def test_status_is_short_and_units_lists_every_unit(service, game):
    status = service.submit(game, "red", "status").reply
    assert "Red: 2 units" in status and "r1" not in status
    units = service.submit(game, "red", "units").reply
    assert "r1" in units and "b2" in units


def test_units_at_something_that_is_no_place_is_refused(service, game):
    refusal = service.submit(game, "red", "units ZZZZ")
    assert not refusal.accepted and "'ZZZZ' is not a place" in refusal.message
    assert "r1" in service.submit(game, "red", "units 0101").reply  # a hex: answered


def test_a_huge_line_is_refused_without_being_repeated(service, game):
    refusal = service.submit(game, "red", "x" * 100_000)
    assert not refusal.accepted and len(refusal.message) < 200
    assert "100000 characters" in refusal.message
    assert not service.submit(game, "red", "x" * 150).accepted  # refused by the engine ...
    assert service.submit(game, "red", "move r1 0201").accepted  # ... and a command is played


def test_a_refusal_echoes_the_start_of_a_long_line(service, game):
    from bot.terminal.console import render

    line = "fly " + "y" * 150
    echo = render(service.submit(game, "red", line), line)
    assert echo.startswith("Refused: " + fmt.clipped(line) + ": ")
    assert not echo.startswith("Refused: " + line)
