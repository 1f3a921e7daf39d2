"""rules/core/strength.py: a commander's results and its planning seconds per decision."""
from __future__ import annotations

import random

from rules.core.ai import Decision
from rules.core.strength import Strength, Timed, player_turn


class Clocked:
    """A commander whose planning moves a stand-in CPU clock on by the seconds it is given."""

    def __init__(self, now: list[float], spends: list[float]):
        self.now, self.spends, self.handed = now, spends, []

    def plan(self, view, seen, rng):
        self.handed.append((view, seen, rng))
        self.now[0] += self.spends.pop(0)
        return [Decision("end", "nothing to do")]


def test_a_plan_belongs_to_its_turn_and_phasing_player():
    assert player_turn({"turn": 3, "player": "russian", "phase": "Combat"}, ()) == (3, "russian")


def test_timed_sums_the_cpu_seconds_of_the_plans_of_one_decision(monkeypatch):
    now = [100.0]
    monkeypatch.setattr("rules.core.strength.time.process_time", lambda: now[0])
    inner, clock = Clocked(now, [0.5, 0.25, 2.0]), {}
    timed = Timed(inner, clock)
    rng = random.Random(1)
    first = {"turn": 1, "player": "french"}
    assert timed.plan(first, ("seen",), rng) == [Decision("end", "nothing to do")]
    timed.plan(first, (), rng)
    timed.plan({"turn": 1, "player": "russian"}, (), rng)
    assert clock == {(1, "french"): 0.75, (1, "russian"): 2.0}
    assert inner.handed[0] == (first, ("seen",), rng)


def test_timed_keys_decisions_by_the_key_given(monkeypatch):
    now = [0.0]
    monkeypatch.setattr("rules.core.strength.time.process_time", lambda: now[0])
    clock: dict = {}
    timed = Timed(Clocked(now, [1.0, 3.0]), clock, key=lambda view, seen: len(seen))
    timed.plan({}, (1, 2), random.Random(0))
    timed.plan({}, (), random.Random(0))
    assert clock == {2: 1.0, 0: 3.0}


def test_count_scores_a_win_a_loss_and_a_draw_for_its_side_and_keeps_the_seconds():
    strength = Strength("short", "red", 2)
    strength.count({"winner": "red"}, [0.5])
    strength.count({"winner": "blue"}, [0.25, 1.5])
    strength.count({"winner": "red"}, [])
    strength.count({"winner": "blue"}, [])
    strength.count({"winner": None}, [])
    strength.count(None, (2.0,))
    assert (strength.wins, strength.losses, strength.draws, strength.games) == (2, 2, 2, 6)
    assert strength.turn_seconds == [0.5, 0.25, 1.5, 2.0]


def test_percentiles_are_nearest_rank():
    hundred_and_one = Strength("s", "red", 1, turn_seconds=[float(n) for n in range(101, 0, -1)])
    assert hundred_and_one.percentile(100) == 101.0
    assert hundred_and_one.percentile(50) == 51.0
    assert hundred_and_one.percentile(1) == 2.0
    assert hundred_and_one.percentile(0) == 1.0
    four = Strength("s", "red", 1, turn_seconds=[4.0, 1.0, 3.0, 2.0])
    assert [four.percentile(p) for p in (1, 25, 26, 95)] == [1.0, 1.0, 2.0, 4.0]
    assert four.p95() == 4.0
    assert Strength("s", "red", 1).percentile(95) == 0.0


def test_the_line_reports_results_and_seconds():
    strength = Strength("5sep", "french", 2, wins=3, draws=1, losses=2, opponent="level 1", per="impulse",
                        turn_seconds=[float(n) / 100 for n in range(1, 41)])
    assert strength.line() == ("5sep french level 2: won 3 of 6 against level 1 (1 drawn, 2 lost); "
                               "seconds per impulse p95 0.38, max 0.40")
    assert Strength("7sep", "russian", 1).line() == (
        "7sep russian level 1: won 0 of 0 against random play (0 drawn, 0 lost); "
        "seconds per player-turn p95 0.00, max 0.00")
