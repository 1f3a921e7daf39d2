"""GameService.new_game stores a system's current readings with a new game (SystemInfo.new_game_options), and
a game stored before them replays as it was played: 1812, whose readings of SPI's overview changed."""
from __future__ import annotations

import json
from pathlib import Path

from bot.service import GameService
from bot.store import Store
from rules.campaign_1812.readings import READINGS
from tests.corpus.record import digest, read

CORPUS = Path(__file__).parents[1] / "corpus"


def test_a_new_1812_game_is_stored_and_set_up_with_the_current_readings(store: Store):
    service = GameService(store)
    game = service.new_game("campaign_1812", "campaign", seed=3)
    assert store.game(game)["options"] == dict.fromkeys(READINGS, True)
    assert service.load(game)["options"] == sorted(READINGS)
    assert service.replay_check(game).ok


def test_its_creator_may_turn_a_reading_off(store: Store):
    service = GameService(store)
    game = service.new_game("campaign_1812", "campaign", seed=3, options={"chart_fragments": False})
    assert service.load(game)["options"] == ["corps_move_once", "depot_supply", "fort_reinforcements"]


def test_other_systems_store_the_options_they_are_given(store: Store):
    service = GameService(store)
    assert store.game(service.new_game("borodino", "7sep", seed=3))["options"] == {}


def test_a_1812_game_stored_before_the_readings_replays_unchanged(store: Store):
    """A game stored with no options (as every 1812 game was before them) replays from its seed to the very
    state and events it was recorded with: the corpus game, put in the store as such a game was (a command its
    choice's only answer, the service plays at once)."""
    recorded = read(CORPUS / "campaign_1812-campaign-10.txt")
    service = GameService(store)
    game = store.create_game("campaign_1812", recorded.scenario, recorded.seed, {})
    for n, (side, text) in enumerate(recorded.commands):
        if store.last_seq(game) == n:  # else the service played it at once, the only answer the choice allowed
            assert service.submit(game, side, text).accepted
    state = service.state_at(game, len(recorded.commands))
    assert "options" not in state
    assert digest(json.loads(json.dumps(state))) == recorded.state_digest
    assert service.replay_check(game).ok
