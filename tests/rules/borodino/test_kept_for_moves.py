"""What a position keeps between commands for the rollout policy, checked against the
same worked out afresh after commands of whole rollout games (7 September; the Grand Battle with
its night turns, the Guard and the additional forces; 5 September under the Doomed Victory
options): the walks' tables (`Battle.walking`: the steps of each side less the fronts of the
redoubts intact now, Russian Redoubts B), the units still to arrive (`Battle.arrivals`), and the
marks a new phase clears (`Battle.may_be_marked`: every unit holding one is among those it
names). The draws below n written out (`rollout.below`) are `randrange`'s."""
from __future__ import annotations

import random

from rules.borodino.battle import SIDES, Battle
from rules.borodino.movement import open_steps
from rules.borodino.rollout import _tables, below
from rules.core.play import copy_state
from tests.rules.borodino.test_reach import positions

GAMES = [("7sep", 11, {}), ("grand", 12, {"additional_forces": True, "imperial_guard": True}),
         ("5sep", 13, {"dv_leaders": True, "dv_rally": True})]
MARKS = {"moved": ("moved",), "combat": ("attacked", "defended", "advanced")}


def sessions():
    """Each game's position after each command of its rollout game, with its scenario."""
    for scenario, seed, options in GAMES:
        for b in positions(scenario, seed, options, commands=400):
            yield scenario, b


def test_the_walks_tables_kept_are_the_tables_read_afresh():
    kept, destroyed = 0, set()
    for _, b in sessions():
        fresh = Battle(copy_state(b.s))
        for side in SIDES:
            if side in b.walking:
                hops, exits, fronts = b.walking[side]
                again, exits_again, fronts_again = _tables(fresh, side)
                assert (exits, fronts) == (exits_again, fronts_again)
                steps = open_steps(fresh, side)
                assert all(hops[h] == again[h] == (dict(steps[h]), max((c for _, c in steps[h]), default=0))
                           for h in b.occupant)
                kept += 1
        destroyed |= {h for h, r in b.s["redoubts"].items() if r["destroyed"]}
    assert kept > 100 and destroyed, "the games walk both sides and destroy a redoubt"


def test_the_units_to_arrive_and_the_marks_kept_are_those_read_from_every_unit():
    checked = set()
    for scenario, b in sessions():
        units = b.s["units"]
        assert set(b.arrivals) >= {uid for uid, u in units.items() if u["where"] in ("future", "waiting")}
        if "arrivals" in b.__dict__ and any(units[uid]["where"] == "waiting" for uid in b.arrivals):
            checked.add((scenario, "waiting"))
        for kind, marks in MARKS.items():
            marked = {uid for uid, u in units.items() if any(u[m] for m in marks)}
            start = b._marks_read.get(kind)
            if start is not None:  # what the next phase would clear: every marked unit among them
                assert marked <= set(b.edited[start:]), kind
                checked.add((scenario, kind))
    assert {("grand", "waiting"), ("7sep", "moved"), ("7sep", "combat"), ("5sep", "combat")} <= checked


def test_a_new_phase_clears_every_mark_as_reading_every_unit_would():
    """Turns of Play: a Movement Phase opens with no unit moved; a Combat Phase with none attacked,
    attacked or advanced (Combat D); night turns have no Combat Phase (Night Movement)."""
    opened = set()
    for scenario, b in sessions():
        s = b.s
        if s["phase"] == "movement" and not s["log"]["moves"] and not s["pending"]:
            assert not any(u["moved"] for u in s["units"].values())
            opened.add((scenario, "movement"))
        if s["phase"] == "combat" and not s["log"]["attacks"] and not s["pending"]:
            assert not any(u["attacked"] or u["defended"] or u["advanced"] for u in s["units"].values())
            opened.add((scenario, "combat"))
    assert {("7sep", "movement"), ("7sep", "combat"), ("grand", "movement"), ("grand", "combat"),
            ("5sep", "movement")} <= opened


def test_the_draws_below_n_are_randranges():
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [below(ours.getrandbits, n) for n in range(1, 300)] == [theirs.randrange(n) for n in range(1, 300)]
