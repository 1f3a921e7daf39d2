"""results.retreat_open: whether a unit has a retreat, empty or through a chain of displaced friendly
units (RETREAT AND ADVANCE, Displacement), answered by one search instead of every path."""
from __future__ import annotations

import random

from rules import borodino
from rules.borodino import scenario_data
from rules.borodino.results import retreat_open, safe_steps
from tests.rules.borodino.helpers import battle, go, open_ground, position, ring

G = open_ground(4)
UNITS = scenario_data.units()
IN_7SEP = borodino.setup("7sep", 1)["units"]
FRENCH = sorted(u for u in IN_7SEP if UNITS[u].side == "french")
RUSSIAN = sorted(u for u in IN_7SEP if UNITS[u].side == "russian")


def _every_path(b, side: str, frm: str, taken: frozenset, involved: set) -> bool:
    """The exhaustive reading: an empty safe hex, or a friendly uninvolved unit that can itself
    retreat on with the path so far closed behind it."""
    safe = safe_steps(b, side, frm, taken)
    if any(b.at(n) is None for n in safe):
        return True
    return any(b.occupant[n] not in involved and _every_path(b, side, n, taken | {frm, n}, involved)
               for n in safe)


def _agree(state: dict, involved: set) -> int:
    b, checked = battle(state), 0
    for uid in b.on_map():
        side, h = b.side(uid), b.hex_of(uid)
        assert retreat_open(b, side, h, frozenset({h}), involved) == \
            _every_path(b, side, h, frozenset({h}), involved), uid
        checked += 1
    return checked


def test_a_crowd_hemmed_in_retreats_only_through_its_chain_of_displacements():
    """French units packed around G, Russians on one side: an inner unit retreats only by
    displacing others outward, and not at all once the way out is closed by involved units."""
    crowd = [G, *ring(G), *[go(G, d, d) for d in range(6)]]
    units = dict(zip(FRENCH, crowd))
    units.update(zip(RUSSIAN, [go(G, 0, 0, 0), go(G, 1, 1, 1), go(G, 0, 1, 1)]))
    state = position(units, phase="combat")
    assert _agree(state, set()) == len(units)
    b = battle(state)
    assert retreat_open(b, "french", G, frozenset({G}), set())
    everyone_but_g = set(units) - {FRENCH[0]}
    assert not retreat_open(b, "french", G, frozenset({G}), everyone_but_g)
    assert _agree(state, everyone_but_g) == len(units)


def test_the_one_search_agrees_with_every_path_over_a_random_game():
    state, rng, checked = borodino.setup("7sep", 5), random.Random(5), 0
    for n in range(240):
        side = borodino.active_sides(state)[0]
        if n % 20 == 0:
            checked += _agree(state, set(rng.sample(sorted(state["units"]), 10)))
        state, _ = borodino.apply(state, side, borodino.sample_command(state, side, rng))
    assert checked > 300
