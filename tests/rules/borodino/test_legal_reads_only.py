"""`legal_commands` tries attacks and releases out on a shallow copy of the state
(battle.reading_copy) instead of a deep one: this shows it never changes the state it is given,
in movement and combat phases and at choices, with the Imperial Guard rule on."""
import json
from pathlib import Path

import rules
from rules.core.playout import replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "borodino-7sep-imperial_guard-4.txt"


def test_listing_the_legal_commands_leaves_every_position_unchanged():
    game = read(GAME)
    system = rules.load("borodino")
    state = system.setup(game.scenario, game.seed, game.options)
    phases = set()
    for i, (state, _) in enumerate(replay(system, state, game.commands)):
        if state["phase"] == "combat" or state["pending"] or i % 10 == 0:
            before = json.dumps(state, sort_keys=True)
            for side in system.active_sides(state):
                assert system.legal_commands(state, side)
            assert json.dumps(state, sort_keys=True) == before, f"after command {i + 1}"
            phases.add("choice" if state["pending"] else state["phase"])
    assert phases >= {"movement", "combat", "choice"}
