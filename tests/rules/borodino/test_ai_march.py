"""rules/borodino/ai/march.py: how far a unit must march to a victory hex, round the Kolocha by
its fords and through woods by their roads (Terrain Effects Chart; Movement)."""
from __future__ import annotations

from rules import borodino
from rules.borodino.ai import level1
from rules.borodino.ai.march import march
from rules.borodino.battle import Battle
from rules.borodino.battlemap import load
from rules.borodino.movement import passable_steps
from rules.core.hexes import distance

REDOUBT = "3222"  # the Schevardino redoubt


def test_each_hex_is_one_step_further_than_its_nearest_passable_neighbour():
    """The march is the shortest way: from every hex with a way to the redoubt, one step more
    than the best neighbour the ground lets it enter, and never shorter than the hex count."""
    m = load()
    steps = passable_steps(m)
    ways = [h for h in m.hexes if any(march(m, n, REDOUBT) < march(m, h, REDOUBT) for n, _ in steps[h])]
    assert len(ways) > 700
    for h in ways:
        assert march(m, h, REDOUBT) == 1 + min(march(m, n, REDOUBT) for n, _ in steps[h])
        assert march(m, h, REDOUBT) >= distance(h, REDOUBT)
    assert march(m, REDOUBT, REDOUBT) == 0


def test_the_kolocha_is_crossed_at_its_ford_so_the_bank_beside_it_is_further():
    """Rivers are crossed only at fords and bridges: 2725 and 2724 are both five hexes from the
    redoubt, but only 2724 has the ford; from 2725 the march is six."""
    m = load()
    assert distance("2725", REDOUBT) == distance("2724", REDOUBT) == 5
    assert m.side("2724", "2824") == "ford"
    assert (march(m, "2724", REDOUBT), march(m, "2725", REDOUBT)) == (5, 6)


def test_woods_are_marched_through_only_along_their_road():
    m = load()
    assert (distance("3812", "2817"), march(m, "3812", "2817")) == (10, 20)


def test_level_1_ranks_the_ford_above_the_bank_beside_it():
    """Level 1's measure of a hex (level1.place_score, in half hexes) is the march: the ford hex
    is worth a whole hex more than the bank beside it, at the same hex count."""
    b = Battle(borodino.setup("shevardino", 1))
    targets = level1.targets(b, "french")
    assert level1.place_score(b, "french", "2724", targets) - level1.place_score(b, "french", "2725", targets) == 2
