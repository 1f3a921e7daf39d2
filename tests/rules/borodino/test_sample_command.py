"""`sample_command` draws one legal command without listing them all. Over many
draws it covers exactly the set `legal_commands` lists, and never draws anything else, in a
movement phase (units then destinations), a combat phase (attack shapes and `end`) and at a
choice after combat; the positions come from a recorded game (tests/corpus)."""
import random
from pathlib import Path

import pytest

import rules
from rules.core.playout import random_playout, replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "borodino-7sep-imperial_guard-4.txt"
borodino = rules.load("borodino")


def positions():
    """(kind, state, side) for each position of the recorded game, in order."""
    game = read(GAME)
    state = borodino.setup(game.scenario, game.seed, game.options)
    for state, _ in replay(borodino, state, game.commands):
        for side in borodino.active_sides(state):
            yield ("choice" if state["pending"] else state["phase"]), state, side


def first(kind, fewest, most):
    return next((state, side) for k, state, side in positions()
                if k == kind and fewest <= len(borodino.legal_commands(state, side)) <= most)


@pytest.mark.parametrize("kind, fewest, most, draws", [
    ("movement", 15, 40, 1000), ("combat", 5, 20, 400), ("choice", 2, 10, 200)])
def test_many_draws_cover_the_legal_commands_and_nothing_else(kind, fewest, most, draws):
    """Drawn from generators seeded 0, 1, 2, ...: the Movement Phase's 36 commands are all drawn by
    the 298th, so 1,000 draws leave a margin of three times that."""
    state, side = first(kind, fewest, most)
    legal = {c.to_text() for c in borodino.legal_commands(state, side)}
    drawn = {borodino.sample_command(state, side, random.Random(i)).to_text() for i in range(draws)}
    assert drawn == legal


def test_the_side_not_to_act_draws_nothing():
    state = borodino.setup("7sep", 1)
    assert borodino.sample_command(state, "russian", random.Random(1)) is None
    assert borodino.sample_command(state, "french", random.Random(1)) is not None


@pytest.mark.long
def test_sampled_random_games_still_visit_the_whole_rule_set():
    """The faster policy plays every command kind and meets every combat result.
    (Leaving by the east edge, `move <unit> off`, is as rare in random play under either policy;
    tests/rules/borodino/test_victory_exit_edge.py plays it.)"""
    verbs, results = set(), set()
    for seed in range(6):
        for scenario, options in (("7sep", {"imperial_guard": True}), ("grand", {"additional_forces": True})):
            playout = random_playout(borodino, scenario, seed, options, rng_seed=seed, policy="sample")
            verbs |= {text.split()[0] + (" off" if text.endswith(" off") else "") for _, text in playout.commands}
            state = borodino.setup(scenario, seed, options)
            results |= {e["result"] for _, events in replay(borodino, state, playout.commands)
                        for e in events if e["kind"] == "combat"}
    assert verbs == {"move", "attack", "retreat", "advance", "stay", "lose", "release", "end"}
    assert results == {"Ae", "Ar", "Ex", "Dr", "De"}
