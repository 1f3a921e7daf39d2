"""The routes Bloody Monday keeps (movement.routes, reused while the enemy around is the same) are
bounded by the areas they hold, not by how many searches: long searches made the cache of a bot
that had run a while hold some 140 MB. Past the bound the cache starts again, and answers stay
the same."""
from pathlib import Path

import rules
from rules.bloody_monday import movement
from tests.corpus.record import read

CORPUS = Path(__file__).parents[2] / "corpus"
bloody_monday = rules.load("bloody_monday")


def held() -> int:
    return sum(2 * len(found[2]) + 1 for kept in movement._kept.values() for found in kept)


def test_the_kept_routes_hold_no_more_areas_than_their_bound(monkeypatch):
    monkeypatch.setattr(movement, "_KEPT_AREAS", 2_000)
    monkeypatch.setattr(movement, "_kept", {})
    monkeypatch.setattr(movement, "_held", [0])
    recorded = read(CORPUS / "bloody_monday-bloody_monday-all-options-8.txt")
    state = bloody_monday.setup(recorded.scenario, recorded.seed, recorded.options)
    counts = []
    for side, text in recorded.commands[:120]:
        bloody_monday.legal_commands(state, side)
        counts.append(held())
        assert counts[-1] == movement._held[0]
        state, _ = bloody_monday.apply(state, side, bloody_monday.parse(side, text))
    largest = 2 * 111 + 1  # one search more than the bound at most: every area of the map
    assert max(counts) <= 2_000 + largest
    assert any(later < earlier for earlier, later in zip(counts, counts[1:]))  # it started again
