"""A game played forward in place (rules/bloody_monday/session.py) is the game `apply`
plays: the same commands drawn and the same states and events after each, under every policy, in
both scenarios with and without the optional rules (9.1-9.12), while the caller's state stays as
it was. The placement the session's position carries from command to command (blocks by area,
contested and enemy-held areas, full areas, blocks on the map, room) is checked against the
same worked out afresh over whole recorded games, and a refused command leaves the session
refusing every later use."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import rules.bloody_monday as bloody_monday
from rules.bloody_monday import game
from rules.bloody_monday.game import Game
from rules.core.errors import RuleViolation
from rules.core.play import copy_state
from tests.corpus.record import read
from tests.rules.bloody_monday.bm_helpers import placement_answers
from tests.rules.sessions import follows_apply, plays_as_apply

CORPUS = Path(__file__).parents[2] / "corpus"
ALL = {name: True for name in bloody_monday.INFO.options}
PLAYS = [("rollout", 5000, "bloody_monday", {}), ("rollout", 5000, "bloody_monday", ALL),
         ("rollout", 5000, "last_blood", {}), ("sample", 150, "bloody_monday", {"agility": True}),
         ("sample", 150, "last_blood", {}), ("uniform", 40, "bloody_monday", {"general_offensive": True})]


@pytest.mark.parametrize("policy, commands, scenario, options", PLAYS)
def test_a_session_plays_the_game_apply_plays(policy, commands, scenario, options):
    plays_as_apply(bloody_monday, policy, commands, scenario, options)


def test_each_state_of_a_session_is_the_state_apply_gives_and_the_start_is_untouched():
    last = follows_apply(bloody_monday, bloody_monday.setup("last_blood", 4), 4, 5000)
    assert last["outcome"] is not None, "a whole game"


def test_a_refused_command_ends_the_session():
    session = bloody_monday.session(bloody_monday.setup("bloody_monday", 1))
    assert session.legal_commands("russian") == [] and session.sample_command("russian", random.Random(1)) is None
    assert session.rollout_command("russian", random.Random(1)) is None
    session.apply("french", bloody_monday.parse("french", "tactical"))  # positive control: legal (4.0)
    with pytest.raises(RuleViolation, match="4.0"):
        session.apply("french", bloody_monday.parse("french", "pass"))  # an action is under way (4.0)
    with pytest.raises(RuntimeError, match="start a new session"):
        session.active_sides()


@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.glob("bloody_monday-*.txt")))
def test_the_placement_a_session_carries_is_the_one_worked_out_afresh(name):
    """Every recorded game of the corpus, replayed command by command in one session: after each
    command, the answers of the position kept since the start equal a fresh position's."""
    recorded = read(CORPUS / name)
    session = bloody_monday.session(bloody_monday.setup(recorded.scenario, recorded.seed, recorded.options))
    moved = 0
    for side, text in recorded.commands:
        g = session.game
        placement_answers(g)  # asked for, so that the next command carries them over
        before = g._p
        session.apply(side, bloody_monday.parse(side, text))
        assert session.game is g and g._key is None, "one position, no key kept (`keyed`)"
        game._placements.clear()
        assert placement_answers(g) == placement_answers(Game(copy_state(g.s))), f"after {side}: {text}"
        moved += g._p is not before
    assert moved > 20, "the games move blocks, so placements are carried over"
