"""The rollout policy (rules/borodino/rollout.py). Its random walks end on exactly
the destinations the route search finds (Movement; ZOC C), each walk a path `check_path`
accepts at the cost the walk counted; its games finish with every command accepted, and over a
dozen of them every kind of command is given and every combat result met, as with
`sample_command`."""
import random
from pathlib import Path

import pytest

import rules
from rules.borodino import movement
from rules.borodino.battle import Battle, reading_copy
from rules.borodino.rollout import walk
from rules.core.playout import random_playout, replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "borodino-7sep-imperial_guard-4.txt"
borodino = rules.load("borodino")


def movement_position():
    """A Movement Phase of the recorded game, a little after its start."""
    game = read(GAME)
    state = borodino.setup(game.scenario, game.seed, game.options)
    for i, (state, _) in enumerate(replay(borodino, state, game.commands)):
        if i > 40 and state["phase"] == "movement" and not state["pending"]:
            return state
    raise AssertionError("the recorded game has no Movement Phase after its 40th command")


def test_walks_end_on_every_destination_of_the_route_search_and_on_no_other():
    state = movement_position()
    side, b = state["player"], Battle(reading_copy(state))
    movers = [uid for uid in b.on_map(side) if not movement.why_immobile(b, side, uid)]
    units = [uid for uid in movers if 5 <= len(movement.reachable(b, uid)) <= 30][:3]
    assert units, "no unit with a handful of destinations"
    for uid in units:
        ends, lost = set(), 0
        for seed in range(1500):
            walked = walk(b, uid, random.Random(seed))
            if walked is None:  # a dead end among friendly units: the policy draws another unit
                lost += 1
                continue
            path, cost = walked
            assert movement.check_path(b, uid, path) == cost <= b.defs[uid].movement
            ends.add(path[-1])
        assert ends == set(movement.reachable(b, uid)), uid
        assert lost < 300


@pytest.mark.parametrize("scenario, options", [("7sep", {}), ("5sep", {"dv_leaders": True, "dv_rally": True})])
def test_rollout_games_finish_with_every_command_accepted(scenario, options):
    playout = random_playout(borodino, scenario, 3, options, rng_seed=3, policy="rollout")
    assert playout.outcome is not None


@pytest.mark.long
def test_rollout_games_visit_the_whole_rule_set_in_fewer_commands():
    """Every command kind and every combat result, as tests/rules/borodino/test_sample_command.py
    asks of `sample_command` (leaving by the east edge is as rare under every policy), in 7
    September games well under three quarters as long."""
    verbs, results, lengths = set(), set(), []
    for seed in range(7):
        for scenario, options in (("7sep", {"imperial_guard": True}),
                                  ("grand", {"additional_forces": True, "imperial_guard": True})):
            playout = random_playout(borodino, scenario, seed, options, rng_seed=seed, policy="rollout")
            if scenario == "7sep":
                lengths.append(len(playout.commands))
            verbs |= {text.split()[0] for _, text in playout.commands}
            state = borodino.setup(scenario, seed, options)
            results |= {e["result"] for _, events in replay(borodino, state, playout.commands)
                        for e in events if e["kind"] == "combat"}
    assert verbs == {"move", "attack", "retreat", "advance", "stay", "lose", "release", "end"}
    assert results == {"Ae", "Ar", "Ex", "Dr", "De"}
    sampled = [len(random_playout(borodino, "7sep", seed, {"imperial_guard": True}, rng_seed=seed,
                                  policy="sample").commands) for seed in range(2)]
    assert sum(lengths) / len(lengths) < 0.75 * sum(sampled) / len(sampled)
