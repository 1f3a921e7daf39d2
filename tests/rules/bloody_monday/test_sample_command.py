"""Bloody Monday's `sample_command` draws uniformly from the legal commands while
trying out only the candidates it draws: over many draws it covers exactly what
`legal_commands` lists and never anything else — in an impulse, in a battle and in logistics
(positions from a recorded game, tests/corpus)."""
import json
import random
from pathlib import Path

import pytest

import rules
from rules.bloody_monday import legal
from rules.bloody_monday.game import Game
from rules.core.play import copy_state
from rules.core.playout import replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "bloody_monday-bloody_monday-all-options-8.txt"
bloody_monday = rules.load("bloody_monday")


def kind(state: dict) -> str:
    return "battle" if state["battle"] else state["phase"]


def trials(state: dict, side: str) -> list[bool]:
    """For each candidate that must be tried out, whether the rules accept it."""
    g = Game(copy_state(state))
    return [legal.works(g, side, cmd) for cmd, trial in legal.candidates(g, side) if trial]


def first(wanted: str, fewest: int):
    """The first position of the recorded game of that kind with at least `fewest` legal commands,
    where some candidates pass their trial and some fail it (so that draws are rejected)."""
    game = read(GAME)
    state = bloody_monday.setup(game.scenario, game.seed, game.options)
    for state, _ in replay(bloody_monday, state, game.commands):
        for side in bloody_monday.active_sides(state):
            if kind(state) == wanted and fewest <= len(bloody_monday.legal_commands(state, side)) <= 25 \
                    and {True, False} <= set(trials(state, side)):
                return state, side
    raise AssertionError(f"the recorded game has no {wanted} position")


@pytest.mark.parametrize("wanted, fewest", [("impulses", 5), ("battle", 2), ("logistics", 2)])
def test_many_draws_cover_the_legal_commands_and_nothing_else(wanted, fewest):
    state, side = first(wanted, fewest)
    legal = {c.to_text() for c in bloody_monday.legal_commands(state, side)}
    drawn = {bloody_monday.sample_command(state, side, random.Random(i)).to_text() for i in range(250)}
    assert drawn == legal


def test_the_side_not_to_act_draws_nothing():
    state = bloody_monday.setup("bloody_monday", 1)
    idle = next(side for side in bloody_monday.INFO.sides if side not in bloody_monday.active_sides(state))
    assert bloody_monday.sample_command(state, idle, random.Random(1)) is None


def test_listing_and_drawing_leave_the_position_as_it_was():
    """They read the state in place (no copy): over a recorded game with every option, neither
    `legal_commands` nor `sample_command` changes it, in any kind of position."""
    game = read(GAME)
    state = bloody_monday.setup(game.scenario, game.seed, game.options)
    kinds = set()
    for i, (state, _) in enumerate(replay(bloody_monday, state, game.commands)):
        side = bloody_monday.active_sides(state)[0] if bloody_monday.active_sides(state) else "french"
        before = json.dumps(state, sort_keys=True)
        bloody_monday.legal_commands(state, side)
        bloody_monday.sample_command(state, side, random.Random(i))
        assert json.dumps(state, sort_keys=True) == before, f"after command {i + 1}"
        kinds.add(kind(state))
    assert kinds == {"impulses", "battle", "logistics", "over"}
