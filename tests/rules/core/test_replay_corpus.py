"""Decisions stay identical. Each corpus game (tests/corpus, recorded by
`python -m tests.corpus.record` before the engine was made faster) replays from its seed and
commands to exactly the recorded final state and events, in every scenario and option set."""
from pathlib import Path

import pytest

from tests.corpus.record import read, replayed

CORPUS = sorted((Path(__file__).parents[2] / "corpus").glob("*.txt"))


def test_the_corpus_covers_every_scenario_of_every_system():
    games = {(game.system, game.scenario) for game in map(read, CORPUS)}
    assert games == {("borodino", s) for s in ("5sep", "6sep", "7sep", "grand")} | \
        {("bloody_monday", s) for s in ("bloody_monday", "last_blood")} | \
        {("campaign_1812", s) for s in ("campaign", "borodino", "retreat")}


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_a_recorded_game_replays_to_the_same_states_and_events(path):
    game = read(path)
    assert len(game.commands) > 20
    assert replayed(game.system, game.scenario, game.seed, game.options, game.commands) == \
        (game.state_digest, game.events_digest)
