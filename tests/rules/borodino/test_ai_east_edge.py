"""rules/borodino/ai/east_edge.py: the French march for the east edge (7 September, Victory
Conditions: 60 Combat Points off it between the two roads win the Decisive victory), and level 2
choosing it by playouts to the end of the game."""
from __future__ import annotations

import random

import pytest

from rules import borodino
from rules.borodino import commands as C
from rules.borodino import movement
from rules.borodino.ai import east_edge, level1, level2
from rules.borodino.ai.contact import engages
from rules.borodino.ai.east_edge import (CLOSED, FORCE, column, destination, exposed, late, stand_back, steps, threat,
                                         within_reach)
from rules.borodino.ai.march import march
from rules.borodino.ai.playout import playout
from rules.borodino.ai.positions import position_state
from rules.borodino.ai.stakes import bettered_by_the_edge
from rules.borodino.battle import Battle
from rules.core import positions
from rules.core.ai import never
from tests.rules.borodino.helpers import go, position, ring

CAV, INF, GUNS, GUARD = "F-IC-1L", "F-I-2", "F-I-art", "F-IG-YG"  # French 2-5, 7-4, 7-3 and a Guard unit
RUSSIAN = "R-VIII-12"


def test_a_unit_that_can_leave_by_the_edge_leaves():
    state = position({CAV: "2502", RUSSIAN: "1020"}, turn=30)
    assert destination(Battle(state), CAV) == C.OFF


def test_the_way_to_the_edge_goes_round_the_enemy_and_the_hexes_it_controls():
    """Zones of Control (C): a unit stops on entering an enemy controlled hex, so the column's
    way keeps out of them; where the enemy bars every way, the march over the ground counts,
    CLOSED further."""
    state = position({RUSSIAN: "2810"})
    b = Battle(state)
    assert steps(b, "2501") == 1  # an exit hex: one step off the map
    beside = ring("2810")[0]
    assert steps(b, beside) == CLOSED + min(march(b.map, beside, e) for e in b.map.east_exits)
    behind = go(go(go("2810", 0), 0), 0)
    assert march(b.map, behind, "2801") <= steps(b, behind) < CLOSED


def test_the_column_is_the_fastest_units_out_of_contact_and_no_guard_or_guns():
    state = borodino.setup("7sep", 1)
    b = Battle(state)
    marching = column(b)
    assert marching and not any(b.defs[u].guard or b.defs[u].kind == "artillery" for u in marching)
    assert sum(b.strength(u) for u in marching) >= FORCE
    state["exited"]["french"] = FORCE  # the points already off make the force: nobody more marches
    assert column(Battle(state)) == []


def test_a_unit_of_the_column_ends_nearer_the_edge_out_of_contact():
    state = position({INF: "2820", GUNS: "2920", GUARD: "3020", RUSSIAN: "1010"}, turn=30)
    b = Battle(state)
    assert column(b) == [INF]
    to = destination(b, INF)
    assert to is not None and steps(b, to) < steps(b, "2820")


def test_the_column_keeps_out_of_the_russians_reach_where_a_way_off_it_leads_nearer():
    """Level 1 closes on a French unit it can strike at 2-1 or better (level1.strikes): the hex out
    of contact nearest the edge the 7-4 reaches, 2618, is next to a hex the Russian 5-4 in 2514 may
    end its move in, 5 against 7 (a 1-2), and the 7-4 of the column takes it; the 2-5 cavalry unit's,
    2617, is too, a 2-1 against it, and the cavalry takes 2619, nearer than its own hex, off reach."""
    b = Battle(position({INF: "2820", RUSSIAN: "2514"}, turn=30))
    reach = within_reach(b)
    assert reach["2618"] == reach["2617"] == 5 and "2820" not in reach and "2619" not in reach
    assert destination(b, INF) == destination(b, INF, reach) == "2618"
    cav = Battle(position({CAV: "2820", RUSSIAN: "2514"}, turn=30))
    assert exposed(cav, CAV, "2617", within_reach(cav)) and destination(cav, CAV) == "2617"
    to = destination(cav, CAV, within_reach(cav))
    assert to == "2619" and steps(cav, to) < steps(cav, "2820")


def test_a_unit_standing_exposed_steps_back_out_of_the_russians_reach():
    """Zones of Control (D) keeps a unit in contact where it is; one out of contact the Russian 5-4
    in 2514 could strike at 2-1 or better steps back to a hex where it could not, a redoubt's
    garrison too; one it could not strike there stands. Guns the Russians could strike in every hex
    they reach go to the hex where the strength against them is least, as the column's units do."""
    for h, them in (("2717", "2514"), ("3018", "2916")):  # in the open, in the Northern Fleche
        b = Battle(position({CAV: h, RUSSIAN: them}, turn=30))
        reach = within_reach(b)
        to = stand_back(b, CAV, reach)
        assert exposed(b, CAV, h, reach) and to is not None and not exposed(b, CAV, to, reach)
        assert to in movement.reachable(b, CAV)
    strong = Battle(position({INF: "2717", RUSSIAN: "2514"}, turn=30))  # 5 against 7: a 1-2
    assert not exposed(strong, INF, "2717", within_reach(strong))
    assert stand_back(strong, INF, within_reach(strong)) is None
    beside = Battle(position({CAV: "2516", RUSSIAN: "2514", INF: "2515"}, turn=30))
    assert engages(beside, "french", "2515") and stand_back(beside, INF, within_reach(beside)) is None

    guns = Battle(position({GUNS: "2720", "R-VIII-12": "2418", "R-VIII-2Gr": "2518", "R-II-4": "2617",
                            "R-II-17": "2823", "R-V-1G": "3018"}, turn=30))
    reach = within_reach(guns)  # every hex the 7-3 reaches exposed: it goes where the strength against it is least
    assert all(exposed(guns, GUNS, h, reach) for h in movement.reachable(guns, GUNS))
    to = stand_back(guns, GUNS, reach)
    assert to is not None and threat(guns, GUNS, to, reach) == min(
        threat(guns, GUNS, h, reach) for h in movement.reachable(guns, GUNS)) < threat(guns, GUNS, "2720", reach)


def test_the_column_marches_wary_while_the_russians_bar_every_way_to_the_edge():
    """At 0600 (Game-Turn 27, the set-up) the Russians bar every way to the zone: the column's
    units need more Game-Turns than are left by the ground alone (CLOSED), yet none is late, so
    none walks next to the Russians; a unit whose way is open and needs every Game-Turn left is."""
    b = Battle(borodino.setup("7sep", 1))
    left = b.scenario.last_turn - b.s["turn"] + 1
    marching = column(b)
    assert all(steps(b, b.hex_of(u)) >= CLOSED and east_edge.phases(b, u) >= left for u in marching)
    assert not any(late(b, u, left) for u in marching)
    far = Battle(position({INF: "2820", RUSSIAN: "1010"}, turn=40))
    assert steps(far, "2820") < CLOSED and late(far, INF, 1) and not late(far, INF, east_edge.phases(far, INF) + 1)


def test_a_late_unit_marches_unwary_only_where_the_60_need_its_points():
    """The last Game-Turn: every unit of the column still on the map needs it all. With 58 Combat
    Points off, the 2-5 in 2502 leaves and makes the 60; the 2-5 in 2820, the column's margin for
    losses, keeps off 2617, where the Russian 5-4 could strike it at 2-1, and takes 2619. With 50
    off its points are needed, and it takes 2617, the nearer."""
    for off, to in ((58, "2619"), (50, "2617")):
        state = position({"F-IC-1H": "2502", CAV: "2820", RUSSIAN: "2514"}, turn=40)
        state["exited"]["french"] = off
        now = [state]

        def apply(cmd: C.Command) -> Battle:
            now[0], _ = borodino.apply(now[0], "french", cmd)
            return Battle(now[0])
        b = Battle(state)
        assert late(b, CAV, 1) and column(b) == ["F-IC-1H", CAV]
        assert [d.command for d in east_edge.moves(b, apply, wary=True)] == ["move 2502 off", f"move 2820 {to}"]


def test_level_2s_column_goes_round_the_reach_of_the_russians_in_the_tactical_position():
    """the-column-keeps-out-of-reach: the march chosen by its playouts, the 2-5 goes to 2619, off the
    5-4's reach, where the march as it was took 2617, next to a hex the 5-4 may end its move in."""
    entry = next(p for p in positions.load("borodino", borodino.INFO.sides) if p.id == "the-column-keeps-out-of-reach")
    state = position_state(entry.entry)
    plan = level2.Level2().plan(borodino.view(state, "french"), (), random.Random(1))
    commands = [d.command for d in plan]
    assert commands == ["move 2820 2619", "end"] and entry.judge(commands)
    assert east_edge.WHY in plan[0].reason and "playouts to the end" in plan[0].reason


def test_the_game_is_won_as_it_stands_with_60_off_the_french_losses_no_greater_and_no_unit_in_contact():
    """7 September, Victory Conditions: the French Decisive victory outranks every Russian victory but
    their Decisive one, their Marginal (every redoubt east of the Front Line theirs) with their
    Substantial (the French losses greater than the Russian)."""
    redoubts = {"R-VII-art": "2817", RUSSIAN: "3018", "R-VIII-art": "3117", "R-VIII-2Gr": "3218"}

    def board(units: dict[str, str], exited: int = 61, french: int = 4) -> Battle:
        state = position(units, turn=38)
        state["exited"]["french"], state["losses"] = exited, {"french": french, "russian": 4}
        return Battle(state)
    assert east_edge.won(board({INF: "2820", **redoubts}))
    assert not east_edge.won(board({INF: "2820", **redoubts}, exited=59))
    assert not east_edge.won(board({INF: "2820", **redoubts}, french=5))
    assert east_edge.won(board({INF: "2820", **redoubts, "R-VIII-2Gr": "3319"}, french=5))  # the Southern Fleche left
    assert not east_edge.won(board({INF: "2818", **redoubts}))  # next to 2817: it owes an attack (Combat B)


def test_level_2_stands_out_of_the_fights_once_the_game_is_won_in_the_tactical_position():
    """the-decisive-victory-won-stands: level 1's 7-4 closes on the lone 2-5 at 3-1, whose Ex loses the
    7-4 and the game; level 2 closes on nothing, no playout weighed, and says why once."""
    entry = next(p for p in positions.load("borodino", borodino.INFO.sides)
                 if p.id == "the-decisive-victory-won-stands")
    state = position_state(entry.entry)
    plan = level2.Level2().plan(borodino.view(state, "french"), (), random.Random(1))
    commands = [d.command for d in plan]
    assert entry.judge(commands) and plan[-1].reason == east_edge.STAND
    assert "(level 2: the game won as it stands)" in plan[0].reason and "playouts" not in plan[0].reason
    for d in plan:  # every command of it is legal, in turn
        state, _ = borodino.apply(state, "french", borodino.parse("french", d.command))


def test_a_playout_marching_for_the_edge_wins_where_the_redoubts_lose():
    """From the 7 September set-up, played out to the end against level 1's Russians: the march
    brings more than 60 Combat Points off the east edge (a French Decisive victory); the march on
    the redoubts, level 1's, loses."""
    state = borodino.setup("7sep", 1)
    marched = playout(state, 99, random.Random(1), edge=True)
    assert marched["exited"]["french"] >= 60 and borodino.outcome(marched)["winner"] == "french"
    assert borodino.outcome(playout(state, 99, random.Random(1)))["winner"] == "russian"


@pytest.mark.long  # seconds of level-2 playouts: the suite stays under its three minutes
def test_level_2_marches_for_the_edge_when_its_playouts_show_it_clearly_better():
    state = borodino.setup("7sep", 1)
    plan = level2.by_the_edge(state, "french", random.Random(3), never)
    assert plan is not None and plan[-1].command == "end"
    moves = [d for d in plan if d.command.startswith("move")]
    # the march is wary from the set-up on: the column marches, a unit it leaves in reach steps back
    assert any(east_edge.WHY in d.reason for d in moves)
    assert all(east_edge.WHY in d.reason or east_edge.BACK in d.reason for d in moves)
    assert "playouts to the end" in plan[0].reason and not any("playouts" in d.reason for d in plan[1:])  # said once
    for d in plan:  # every command of it is legal, in turn
        state, _ = borodino.apply(state, "french", borodino.parse("french", d.command))


def test_the_edge_is_no_aim_where_the_victory_conditions_do_not_count_it_or_the_army_is_still_coming():
    assert not east_edge.open_to(Battle(borodino.setup("shevardino", 1)), "french")
    assert not east_edge.open_to(Battle(borodino.setup("7sep", 1)), "russian")
    assert east_edge.open_to(Battle(borodino.setup("7sep", 1)), "french")
    assert not east_edge.open_to(Battle(borodino.setup("grand", 1)), "french")  # 5 Sept: the army arrives


def test_a_clock_that_stops_before_any_playout_leaves_the_choice_to_the_search():
    """Anytime: the march is weighed only by the playouts its clock lets it play; with none played,
    nothing shows it clearly better, and the Movement Phase's search decides as before."""
    assert level2.by_the_edge(borodino.setup("7sep", 1), "french", random.Random(3), lambda share: True) is None


def _marching_position(**change) -> dict:
    """The Grand Battle's Game-Turn 32 of level 1 against itself, dice seed 1 (the tactical position
    grand-march-for-the-east-edge): every redoubt French, 75 Combat Points of theirs on the map, two
    Russian units left."""
    entry = next(p.entry for p in positions.load("borodino", borodino.INFO.sides)
                 if p.id == "grand-march-for-the-east-edge")
    return position_state({**entry, **change})


def test_level_1s_column_sets_out_when_waiting_longer_would_make_it_late_and_not_before():
    """The slowest of the units that make the 60 needs 7 Movement Phases: with 9 Game-Turns left it
    sets out (SLACK 2 to spare), with 11 it keeps to the battle, with 6 it is too late. The units
    holding redoubts march only where the others are too few, and no more than the 60 need."""
    b = Battle(_marching_position())
    held = frozenset(h for h in b.map.redoubts if b.side_at(h) == "french")
    marching = east_edge.in_time(b, held)
    assert sum(b.strength(u) for u in marching) >= 60 > sum(b.strength(u) for u in marching[:-1])
    assert max(east_edge.phases(b, u) for u in marching) == 7
    free = [u for u in marching if b.hex_of(u) not in held]
    assert marching[:len(free)] == free  # the units holding no redoubt first
    assert east_edge.in_time(Battle(_marching_position(turn=30)), held) == []
    assert east_edge.in_time(Battle(_marching_position(turn=35)), held) == []


def test_level_1_marches_for_the_edge_where_the_decisive_victory_betters_the_result_and_says_why():
    """The French marginal victory held, the Decisive one outranks it: level 1 marches the column and
    every unit out of it plays as before; 7 September's level 1, against which level 2 was measured,
    does not."""
    state = _marching_position()
    assert bettered_by_the_edge(Battle(state))
    plan = level1.Level1().plan(borodino.view(state, "french"), (), random.Random(1))
    moves = [d for d in plan if d.command.startswith("move")]
    assert len(moves) >= 10 and all(d.reason == f"{east_edge.WHY}; the column's last unit leaves within the 9 "
                                    "Game-Turns left" for d in moves)
    assert plan[-1].command == "end"
    for d in plan:  # every command of it is legal, in turn
        state, _ = borodino.apply(state, "french", borodino.parse("french", d.command))
    state["exited"]["french"] = 60
    assert not bettered_by_the_edge(Battle(state))  # the Decisive victory won: nothing more to better
    sept = _marching_position(scenario="7sep")
    plan = level1.Level1().plan(borodino.view(sept, "french"), (), random.Random(1))
    assert not any(east_edge.WHY in d.reason for d in plan)


def test_level_2_marches_level_1s_column_and_searches_the_rest_of_the_army():
    """Level 2 played the Grand Battle's last day by its own search alone (level1.moves), which never
    marches for the edge: in this position it moved nothing ('end'), its own column (`by_the_edge`,
    no Guard, no guns) short of the 60. It now marches level 1's column first, its moves and reasons
    level 1's, and plans the rest of the army by its search, every command legal in turn."""
    state = _marching_position()
    column = level1.for_the_edge(state, "french")[0]
    plan = level2.Level2(plans=4, playouts=1).plan(borodino.view(state, "french"), (), random.Random(1))
    assert plan[:len(column)] == column and len(column) >= 10
    assert "level 2:" in plan[len(column)].reason and plan[-1].command == "end"
    for d in plan:
        state, _ = borodino.apply(state, "french", borodino.parse("french", d.command))


def test_a_playout_marches_level_1s_column_on_as_level_1_would():
    """Level 2 judges the rest of the army's plans after the column sets out by playouts: they march
    the column on (level1.edge_column), where they held it by level 1's aims, every redoubt French
    (none of its 13 units moved). One Movement Phase and its Combat Phase played out from the
    position: every unit of the column has left its hex, 11 stand where level 1's own plan sends
    them, and two advanced after combat (Retreat and Advance) beside it."""
    state = _marching_position()
    column = level1.for_the_edge(state, "french")[0]
    after = playout(state, 1, random.Random(5))
    assert (after["turn"], after["player"], after["phase"]) == (32, "russian", "movement") and len(column) == 13
    ends = [(start, end, after["units"][Battle(state).at(start)]["hex"])
            for start, end in (d.command.split()[1:] for d in column)]
    assert all(now != start for start, _, now in ends)
    assert sum(now == end for _, end, now in ends) == 11
