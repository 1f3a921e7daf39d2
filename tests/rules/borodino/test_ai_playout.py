"""rules/borodino/ai/playout.py: self-play from a board on the rollout engine, and what the board it stops on is
worth (level 2 judges its plans by what follows them)."""
from __future__ import annotations

import copy
import random

from rules import borodino
from rules.borodino.ai import level1
from rules.borodino.ai.playout import HOLD, WIN, march_on, playout, strikes, worth
from rules.borodino.battle import Battle
from tests.rules.borodino.helpers import go, open_ground, position, ring

F7, R5 = "F-I-2", "R-VIII-12"  # French 7-4 infantry, Russian 5-4 infantry
SCHEVARDINO = "3222"           # the redoubt that decides 5 Sept (Victory Conditions)


def test_a_playout_stops_as_its_last_movement_phase_would_begin():
    """5 Sept opens with the French Movement Phase of Game-Turn 1: three phases begun (French 1,
    Russian 1, French 2) and the playout stops before the Russian Movement Phase of turn 2."""
    state = borodino.setup("5sep", 3)
    after = playout(state, 3, random.Random(1))
    assert (after["turn"], after["player"], after["phase"], after["pending"]) == (2, "russian", "movement", None)
    assert after == playout(state, 3, random.Random(1))  # its dice are the generator's own
    assert after["units"] != state["units"]


def test_a_playout_with_phases_to_spare_plays_the_game_to_its_end():
    after = playout(borodino.setup("shevardino", 3), 99, random.Random(2))
    assert after["phase"] == "over" and borodino.outcome(after) is not None


def test_worth_counts_the_game_won_were_it_to_end_now_and_the_points_lost():
    """5 Sept: whoever occupies the Schevardino redoubt at the end wins (Victory Conditions); the
    points lost count one for one there (goals.loss_weight)."""
    state = position({F7: SCHEVARDINO, R5: "3220"}, scenario="5sep", turn=4)
    state["losses"] = {"french": 2, "russian": 5}
    assert worth(state, "french") == WIN + HOLD + 5 - 2
    assert worth(state, "russian") == -WIN - HOLD + 2 - 5
    state["units"][F7]["hex"] = "3223"  # nobody in the redoubt: a draw, were the game to end now
    assert worth(state, "french") == 5 - 2


def test_a_playouts_movement_walks_each_unit_to_where_its_best_walk_ends_and_holds_the_redoubt():
    """A playout's Movement Phase runs on the rollout engine (a session, random walks): a unit in
    the victory hex it holds stays; another ends where level 1's measure of a hex is no worse than
    where it stood, by a path the rules accept; the board handed in is never changed."""
    state = position({F7: SCHEVARDINO, "F-I-5": "2826", R5: "3720"}, scenario="5sep", turn=2)
    before = copy.deepcopy(state)
    play = borodino.session(state)
    march_on(play, "french", random.Random(4))
    after = play.state
    b, aims = Battle(after), level1.targets(Battle(state), "french")
    assert after["units"][F7]["hex"] == SCHEVARDINO and state == before
    assert after["units"]["F-I-5"]["hex"] != "2826"
    assert level1.place_score(b, "french", after["units"]["F-I-5"]["hex"], aims) > \
        level1.place_score(b, "french", "2826", aims)
    assert playout(state, 2, random.Random(1)) == playout(state, 2, random.Random(1))  # its walks are the rng's


def test_a_playouts_unit_closes_on_a_lone_enemy_only_where_it_raises_the_odds_to_3_1_or_better():
    """Level 1's strikes on the rollout engine (`strikes`): an end next to the lone French 2-5
    cavalry in the open counts the CRT column the attack reaches with the friends already next to
    it. A 5-4 alone makes 2-1 (an Ar on a 6): no strike; beside a 4-4 already there, 9 against 2 is
    4-1; a 5-4 more makes 14, past 6-1 read as 6-1 (Combat, General Rule); a 6-4 after that adds no
    column and closes for nothing. An end next to two enemy units owes two attacks (Combat B) and is
    left to the unit's aims."""
    g = open_ground(3)
    d = ring(g)
    cav, r4, r5, r6, r5b = "F-I-cav", "R-VI-24", "R-VI-7", "R-III-1Gr", "R-VIII-12"
    columns = Battle(position({cav: g})).tables.columns
    alone = Battle(position({cav: g, r5: go(g, 0, 0, 0)}, player="russian"))
    assert strikes(alone, "russian", r5, d[0]) == 0
    beside = Battle(position({cav: g, r4: d[3], r5: go(g, 0, 0, 0)}, player="russian"))
    assert strikes(beside, "russian", r5, d[0]) == columns.index("4-1")
    full = Battle(position({cav: g, r4: d[3], r5b: d[1], r6: go(g, 0, 0, 0)}, player="russian"))
    assert strikes(full, "russian", r6, d[0]) == columns.index("6-1")  # 15 against 2: 7-1, read as 6-1
    past = Battle(position({cav: g, r4: d[3], r5b: d[1], r5: d[5], r6: go(g, 0, 0, 0)}, player="russian"))
    assert strikes(past, "russian", r6, d[0]) == 0  # 14 against 2 is 6-1 already
    two = Battle(position({cav: g, "F-I-5": go(g, 0, 0), r4: d[3], r5: go(g, 0, 0, 0)}, player="russian"))
    assert strikes(two, "russian", r5, d[0]) == 0
