"""rules/borodino/ai/level2.py: whole Movement Phase plans evolved from level 1's options,
deterministic for an AI seed and its clock's stops, a smoke game against level 1."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from rules import borodino
from rules.borodino.ai import level1
from rules.borodino import commands as C
from rules.borodino.ai import level2
from rules.borodino.ai.level2 import (ATTACKS, CANDIDATES, HOLD_BACK, HORIZON, MARGIN, MAX_PLANS, MAX_PLAYOUTS,
                                      PLANS, PLAYOUTS, POPULATION, Level2, Search, advance, attack_choices,
                                      clear_gain, dice_seeds, hopeless, horizon, into_goal, judged, last_attacks,
                                      outcomes, rounds, score)
from rules.borodino.ai.position import rebuild
from rules.borodino.ai.positions import position_state
from rules.borodino.battle import Battle
from rules.core.ai import Decision, decision_rng, duel, never
from tests.rules.borodino.helpers import position

SMALL = Level2(plans=POPULATION, playouts=1)  # a search small enough for the suite, the same code as the seat's


def _later(scenario: str, seed: int, commands: int) -> dict:
    """A position some random commands into the game, at the start of a Movement Phase."""
    state, rng = borodino.setup(scenario, seed), random.Random(seed)
    while commands > 0 or state["phase"] != "movement" or state["pending"]:
        side = borodino.active_sides(state)[0]
        state, _ = borodino.apply(state, side, borodino.sample_command(state, side, rng))
        commands -= 1
    return state


def test_a_search_with_a_clock_goes_as_far_as_it_lets_it():
    """Without a stop level 2 searches PLANS plans and PLAYOUTS rounds; with one, up to four
    times as many, until the stop says so: scoring first, then the playouts a round at a time.
    Stopped after four plans and two rounds, the plan says so, and level 1's is what no playout judged."""
    assert (Level2().plans, Level2().playouts) == (PLANS, PLAYOUTS)
    seat = borodino.commander(2, stop=lambda share: False)
    assert (seat.plans, seat.playouts) == (MAX_PLANS, MAX_PLAYOUTS)  # type: ignore[attr-defined]
    state = _later("shevardino", 1, 40)
    side = state["player"]
    view = borodino.view(state, side)
    asked: list[float] = []

    def stop(share: float) -> bool:
        asked.append(share)
        return len(asked) in (5, 8)  # the 5th ask ends the scoring, the 8th the playouts
    plan = borodino.commander(2, stop=stop).plan(view, (), random.Random(1))
    assert len(asked) == 8 and "no other of 6 plans clearly better in 2 playouts each" in plan[0].reason
    assert asked[0] < asked[-1] <= 1  # its stages end at shares of the time the seat gives
    nothing = borodino.commander(2, stop=lambda share: True).plan(view, (), random.Random(1))
    assert [d.command for d in nothing] == [d.command for d in borodino.commander(1).plan(view, (), random.Random(1))]


def test_the_plan_chosen_scores_at_least_level_1s_own():
    """Level 1's plan (every unit's first option) is in the first generation, so the search
    never picks a plan its measure puts below it."""
    state = _later("7sep", 2, 60)
    side = state["player"]
    search = Search(rebuild(borodino.view(state, side), random.Random(1)), side, random.Random(1), 10, 1)
    plan = search.best()
    first = search.scored[(0,) * search.genes]
    assert plan[-1].command == "end" and max(search.scored.values()) >= first
    assert 1 < len(search.scored) <= 10
    _, level1_board = level1.moves(rebuild(borodino.view(state, side), random.Random(1)), side, level1.first)
    assert first == score(level1_board, side)


def _level_1_game_until(scenario: str, seed: int, turn: int, side: str) -> dict:
    """Level 1 against itself from `setup(scenario, seed)` to `side`'s Movement Phase of `turn`."""
    state, commander, plan = borodino.setup(scenario, seed), borodino.commander(1), []
    while not (state["turn"] == turn and state["player"] == side and state["phase"] == "movement"):
        mover = borodino.active_sides(state)[0]
        plan = plan or list(commander.plan(borodino.view(state, mover), (), random.Random(0)))
        state, _ = borodino.apply(state, mover, borodino.parse(mover, plan.pop(0).command))
    return state


def _in_contact(state: dict, side: str) -> set[str]:
    b = Battle(state)
    return {u for h, u in b.stands[side].items() if level1.engages(b, side, h)}


def test_a_unit_held_back_ends_its_move_out_of_contact():
    """A gene of HOLD_BACK keeps its unit out of contact (Combat B: no attack owed; the unit may
    wait a turn for friends to strike together). With every gene so, the only French units next
    to a Russian after the moves are those there before them (ZOC D keeps them), while level 1's
    own plan brings new ones into contact (the positive control)."""
    state = _level_1_game_until("shevardino", 1, 6, "french")
    search = Search(rebuild(borodino.view(state, "french"), random.Random(1)), "french", random.Random(1), 8, 1)
    before = _in_contact(state, "french")
    _, held = search._moves((HOLD_BACK,) * search.genes)
    _, first = search._moves((0,) * search.genes)
    assert _in_contact(held, "french") <= before < _in_contact(first, "french")
    assert held != state


THE_FRONT = {"R-VII-art": "2817", "R-VII-26": "2717", "R-Siw": "2716", "R-VI-24": "2517", "R-VIII-12": "3018",
             "R-VIII-art": "3117", "R-VIII-2Gr": "3218", "R-Was": "3115", "F-IV-1": "2719", "F-III-cav": "2819",
             "F-III-10": "2720", "F-III-11": "2820", "F-I-2": "2920", "F-III-25": "2921"}


def test_the_russians_plan_of_level_1_holds_back_the_units_level_1_finds_rash():
    """7 Sept counts losses: level 1 holds back a unit that would move next to the enemy only to owe
    a losing attack (level1.rash; Combat B, ZOC D). Level 2's plan of level 1 as the Russians does
    too: the 2-5 cavalry stays off 2718, next to the 7-4 in 2719 (a 1-4 owed), and the 4-4 off 2818;
    unchecked, as before, they closed there. A gene for another of a unit's options still moves it as
    that option says, judged by the playouts."""
    state = position(THE_FRONT, player="russian", turn=27)
    search = Search(rebuild(borodino.view(state, "russian"), random.Random(1)), "russian", random.Random(1), 8, 1)
    assert {"R-Siw", "R-VI-24"} <= search.rash
    planned = [d.command for d in search._moves((0,) * search.genes)[0]]
    assert "move 2716 2718" not in planned and "move 2517 2818" not in planned
    assert _in_contact(search._moves((0,) * search.genes)[1], "russian") <= _in_contact(state, "russian")
    unchecked = [d.command for d in level1.moves(search.state, "russian", level1.first, order=search.movers)[0]]
    assert {"move 2716 2718", "move 2517 2818"} <= set(unchecked)  # level 2's plan of level 1 before


def test_the_french_plan_of_level_1_holds_back_the_units_level_1_finds_rash_where_the_east_edge_may_win():
    """7 Sept: a French Combat Point lost counts towards the Russian Substantial victory, which draws against
    the French Decisive one (Victory Conditions). Level 2's plan of level 1 as the French holds back the 6-4
    in 2720 that level 1 holds back: unchecked, it closed on 2617, next to the Russians in 2517 and 2717 (a
    losing attack owed, Combat B, and ZOC D keeps it there)."""
    state = position(THE_FRONT, turn=28)
    search = Search(rebuild(borodino.view(state, "french"), random.Random(1)), "french", random.Random(1), 8, 1)
    assert search.rash == {"F-III-10"}
    planned = [d.command for d in search._moves((0,) * search.genes)[0]]
    unchecked = [d.command for d in level1.moves(search.state, "french", level1.first, order=search.movers)[0]]
    assert "move 2720 2617" in unchecked and "move 2720 2617" not in planned


def test_waiting_is_judged_by_playouts_even_where_the_static_measure_ranks_it_low():
    """Waiting (every unit held back) is in the first generation and among the candidates the
    playouts judge, beside level 1's own plan, though `score`, which sees only this turn, puts it
    below the CANDIDATES best here (the positive control: it would not have been judged)."""
    state = _level_1_game_until("shevardino", 2, 8, "french")
    search = Search(rebuild(borodino.view(state, "french"), random.Random(1)), "french", random.Random(1), 8, 1)
    search.best()
    first, wait = (0,) * search.genes, (HOLD_BACK,) * search.genes
    ranked = sorted(search.scored, key=lambda g: (-search.scored[g], g))
    boards = list(dict.fromkeys(search.made[g] for g in ranked))
    assert boards.index(search.made[wait]) >= CANDIDATES and search.made[wait] != search.made[first]
    judged = search.candidates(ranked, first, wait)
    assert judged[:2] == [first, wait] and len({search.made[g] for g in judged}) == len(judged) == CANDIDATES


def test_plans_that_build_the_same_board_are_one_candidate():
    """A plan's board is known by the choices it made, one a mover, so plans that decode to the
    same moves (holding back a unit whose best option is out of contact anyway, or choosing that
    option) are scored once and judged as one candidate, and the candidate's place goes to another
    board. Shevardino, the Russians' Game-Turn 5: waiting builds level 1's own board."""
    state = _level_1_game_until("shevardino", 1, 5, "russian")
    search = Search(rebuild(borodino.view(state, "russian"), random.Random(1)), "russian", random.Random(1), 8, 1)
    search.best()
    first, wait = (0,) * search.genes, (HOLD_BACK,) * search.genes
    boards = {g: _board(search._moves(g)[1]) for g in search.scored}
    assert boards[first] == boards[wait] and search.made[first] == search.made[wait]
    assert all(len(made) == search.genes for made in search.made.values())
    for g in search.scored:
        assert {h for h in search.scored if search.made[h] == search.made[g]} == \
               {h for h in search.scored if boards[h] == boards[g]}
    ranked = sorted(search.scored, key=lambda g: (-search.scored[g], g))
    judged = search.candidates(ranked, first, wait)
    distinct = len(set(boards.values()))
    assert judged[0] == first and len({boards[g] for g in judged}) == len(judged) == min(CANDIDATES, distinct)


def _board(state: dict) -> str:
    """Where everything stands, not the way the moves went there (the turn's log)."""
    return json.dumps({k: v for k, v in state.items() if k != "log"}, sort_keys=True)


def _level_1_commands(scenario: str, seed: int, commands: int) -> dict:
    """Level 1 against itself from `setup(scenario, seed)`, the first `commands` commands."""
    state, commander = borodino.setup(scenario, seed), borodino.commander(1)
    plan: list[Decision] = []
    for _ in range(commands):
        mover = borodino.active_sides(state)[0]
        plan = plan or list(commander.plan(borodino.view(state, mover), (), random.Random(0)))
        state, _ = borodino.apply(state, mover, borodino.parse(mover, plan.pop(0).command))
    return state


def test_who_advances_into_a_vacated_victory_hex_is_chosen_by_playouts():
    """Combat H: after the French drive the Russians from the Schevardino redoubt (Shevardino, dice
    seed 7, Game-Turn 7), the attacker in 3122 may advance into 3222 or stay. Level 2 judges each
    by playouts (`advance`), deterministically for its generator; an advance that takes no victory
    hex (the French beside the redoubt, Game-Turn 3) is left to level 1."""
    state = _level_1_commands("shevardino", 7, 161)
    assert state["turn"] == 7 and into_goal(state, "french")
    offered = {c.to_text() for c in borodino.legal_commands(state, "french")}
    assert offered == {"advance 3122 3222", "stay"}
    choice = advance(state, "french", random.Random(3), 2)
    assert choice == advance(state, "french", random.Random(3), 2) and choice.command in offered
    rng = random.Random(5)
    view = borodino.view(state, "french")
    assert SMALL.plan(view, (), random.Random(5)) == [advance(rebuild(view, rng), "french", rng, 1)]
    beside = _level_1_commands("shevardino", 1, 10)
    assert beside["pending"]["steps"][0]["kind"] == "advance" and not into_goal(beside, "french")
    view = borodino.view(beside, "french")
    assert SMALL.plan(view, (), random.Random(5)) == level1.Level1().plan(view, (), random.Random(5))


SEED_13 = [
    "F-I-2 3024", "F-I-4 3021", "F-I-5 3125", "F-I-art 2922", "F-I-cav 3325", "F-III-10 3023", "F-III-11 2923",
    "F-III-25 2724", "F-III-art 2824", "F-III-cav 2725", "F-IV-1 2624", "F-IV-3 2623", "F-IV-cav 2726",
    "F-V-16 3528", "F-V-18 3627", "F-V-art 3628", "F-V-cav 3427", "F-VIII-23 2926", "F-VIII-24 2523",
    "F-VIII-art 2625", "F-VIII-cav 2827", "R-Mil-1 3123", "R-Mil-2 3220", "R-Siw 3323", "R-V-2G 2921",
    "R-VI-24 3020", "R-VI-7 2720", "R-VII-26 3122", "R-VII-art 3222", "R-VIII-12 3322", "R-VIII-2Gr 3221",
    "R-VIII-CGr 3223", "R-VIII-art 3121",
]


def test_the_last_attacks_judged_include_the_best_made_from_the_victory_hex_held():
    """Combat B, H: Shevardino, the Russians' Combat Phase of Game-Turn 8 (where dice seed 13 of level 1
    against itself stood before level 1 closed on enemies to strike them, the Russians who never
    came near left out). The redoubt's holder in 3222 owes an attack. Level 1's choice and its
    three best attacks by CRT expectation leave the holder out; `attack_choices` adds its best
    attack, joined by 3123, valued holding the redoubt. `last_attacks` judges that set by playouts
    to the end."""
    state = position_state({"id": "seed 13", "side": "russian", "scenario": "shevardino", "turn": 8,
                            "phase": "combat", "units": SEED_13})
    assert (state["turn"], state["player"], state["phase"]) == (8, "russian", "combat")
    mine = level1.combat(Battle(state), "russian")
    choices = attack_choices(state, "russian")
    assert mine.command == "attack 2921+3020+3122 -> 3021" and all("3222" not in t for t in choices[:ATTACKS])
    assert choices[ATTACKS] == "attack 3123+3222 -> 3023"
    assert choices[-1] == level1.combat(Battle(state), "russian", holding=True).command
    chosen = last_attacks(state, "russian", random.Random(3), 2)
    assert chosen == last_attacks(state, "russian", random.Random(3), 2)
    assert chosen.command in [mine.command] + choices


def test_level_2_decisions_do_not_change_with_the_dice_seed():
    """13.2: two states alike but for their dice seed give the same plan from the same AI generator."""
    state = _later("6sep", 1, 60)
    other = {**state, "dice": {"seed": state["dice"]["seed"] + 99, "rolls": state["dice"]["rolls"]}}
    side = borodino.active_sides(state)[0]
    plans = [SMALL.plan(borodino.view(s, side), (), decision_rng(7, 60)) for s in (state, other)]
    assert plans[0] == plans[1] and plans[0][-1].command == "end"
    assert "level 2:" in plans[0][0].reason


def _against_level_1(max_commands: int):
    return duel("borodino", "5sep", seed=3, ai_seed=2, max_commands=max_commands,
                seats={"french": SMALL, "russian": borodino.commander(1)})


def test_a_level_2_game_against_level_1_replays_bit_for_bit():
    """13.6: the first game turns of 5 Sept, level 2 (a small search) against level 1, twice
    from the same seeds: no command refused (duel raises RefusedPlan), the same commands."""
    first, again = _against_level_1(70), _against_level_1(70)
    assert first.commands == again.commands and len(first.commands) == 70
    assert any("level 2: the best of" in reason for side, _, reason in first.commands if side == "french")
    assert any("level 2: no other of" in reason for side, _, reason in first.commands if side == "french")


@pytest.mark.long
def test_a_whole_level_2_game_against_level_1_refuses_nothing():
    """13.5 smoke test: 5 Sept to the end."""
    assert _against_level_1(5000).outcome is not None


def test_playouts_reach_the_end_of_the_game_from_the_last_two_game_turns():
    """5 Sept ends with Game-Turn 8: from turn 6 on a playout plays to the end, before it HORIZON
    Movement Phases."""
    state = borodino.setup("5sep", 1)
    assert horizon({**state, "turn": 5}) == HORIZON
    assert [horizon({**state, "turn": t}) for t in (6, 7, 8)] == [6, 4, 2]


def test_shorter_playouts_are_more_at_the_same_cost():
    """A playout costs about one Movement and one Combat Phase per Movement Phase it begins, and
    the Combat Phase it starts with (the French move first, Sequence of Play). 5 Sept: PLAYOUTS
    per choice while a playout plays HORIZON Movement Phases; then more, up to six times as many
    in the Russians' last Player-Turn, whose playouts are its Combat Phase alone."""
    state = borodino.setup("5sep", 1)

    def judged_by(turn: int, player: str) -> int:
        return len(dice_seeds({**state, "turn": turn, "player": player}, random.Random(0), PLAYOUTS))
    assert judged_by(4, "french") == judged_by(5, "french") == judged_by(5, "russian") == PLAYOUTS
    assert PLAYOUTS == 12
    assert [judged_by(t, p) for t in (6, 7, 8) for p in ("french", "russian")] == [12, 14, 18, 24, 36, 72]


def test_in_the_last_game_turn_the_attack_massed_on_the_deciding_redoubt_is_chosen():
    """5 Sept, Game-Turn 8, French Combat Phase: a 7-4 next to a 5-4 in the Schevardino redoubt
    (doubled to 10), a 7-point artillery two hexes off (Artillery C). Alone the infantry attacks at
    1-2; with the guns at 1-1. Playouts to the end value the massed attack higher, since who
    occupies the redoubt at the end wins (Victory Conditions); the choice is legal and the same
    from the same generator."""
    state = position({"F-I-2": "3123", "F-I-art": "3324", "R-VIII-12": "3222"}, scenario="5sep",
                     phase="combat", turn=8)
    dice = random.Random(5)
    seeds = [dice.getrandbits(48) for _ in range(8)]
    massed, alone = C.Attack(("3123", "3324"), ("3222",)), C.Attack(("3123",), ("3222",))
    assert sum(outcomes(state, "french", seeds, massed)) > sum(outcomes(state, "french", seeds, alone))
    choice = last_attacks(state, "french", random.Random(3), 2)
    assert choice == last_attacks(state, "french", random.Random(3), 2)
    assert borodino.parse("french", choice.command) == massed
    borodino.apply(state, "french", massed)


def test_another_choice_replaces_level_1s_only_when_its_gain_is_clear_or_the_side_is_behind():
    """Shevardino, dice seed 8, the Russians' last Combat Phase: level 1 attacks the redoubt at 1-1;
    another attack first rolled a die more, so each of the 20 playouts lost or won the redoubt by
    another die. These are the worths the two choices' playouts ended on: a mean gain of +12.9,
    above MARGIN, but within two standard errors of nothing (gains of +80, 0 and -80). Level 1's
    choice ended lost on average (-7.15), so the Russians, behind, take the chance; the same
    gains from a position won on average are noise, and level 1's choice is kept. A gain as
    large, seed by seed alike, is taken; one no larger than MARGIN never is."""
    level_1 = [Fraction(w) for w in [-42, 41, -42, 41, -42, -42, 44, -45, -38, -38, 41, 48, 41, -38, -42, -38,
                                     -42, -42, 48, 44]]
    other = [Fraction(w) for w in [41, -42, -45, -42, 44, 48, 44, -45, -38, 41, -42, -38, -38, 44, 48, 41,
                                   44, 44, 48, -42]]
    assert sum(level_1) / 20 == Fraction(-143, 20) and MARGIN < Fraction(258, 20)
    assert clear_gain(other, level_1) == Fraction(258, 20)  # behind: the chance is taken
    ahead = [w + 20 for w in level_1]
    assert clear_gain([w + 20 for w in other], ahead) is None  # ahead: noise is not a gain
    assert clear_gain([w + 13 for w in ahead], ahead) == 13  # a steady gain is
    assert clear_gain([w + MARGIN for w in ahead], ahead) is None
    assert clear_gain([w + MARGIN for w in level_1], level_1) is None
    assert clear_gain([Fraction(13)], [Fraction(0)]) == 13  # one playout: held to MARGIN alone


def test_a_choice_of_one_is_played_without_playouts(monkeypatch):
    """Where level 1's choice is the only one (an attack owed that no other meets, Combat B), no
    playout could change it: none is played."""
    state = _level_1_commands("shevardino", 1, 184)
    mine = level1.combat(Battle(state), "french")

    def played(*args: object) -> None:
        raise AssertionError("a playout was played")
    monkeypatch.setattr(level2, "rounds", played)
    assert judged(state, "french", random.Random(1), 2, mine, [mine.command]) == mine


def test_a_choice_that_cannot_gain_clearly_is_played_no_more_after_a_third_of_the_seeds():
    """Level 1's choice is played on every seed; another whose playouts have gone as level 1's so
    far (the same board: every gain nought) is dropped once a third of the seeds are played, and
    one that gains clearly (a positive control: a board with the redoubt's garrison gone) is not."""
    state = position({"F-I-2": "3123", "R-VIII-12": "3222"}, scenario="5sep", phase="combat", turn=8)
    gone = position({"F-I-2": "3222"}, scenario="5sep", phase="combat", turn=8)
    seeds = list(range(9))
    ends = rounds({"mine": state, "alike": state, "won": gone}, "french", seeds, never)
    assert [len(ends[k]) for k in ("mine", "alike", "won")] == [9, 3, 9]
    assert hopeless(ends["alike"], ends["mine"][:3]) and not hopeless(ends["won"], ends["mine"])


def test_a_movement_phase_whose_plans_all_move_as_level_1s_plays_no_playout(monkeypatch):
    """5 Sept, Game-Turn 8: the French hold the Schevardino redoubt with their one unit, which
    stays to defend it (Victory Conditions), so every plan moves as level 1's: none is played
    out, and the plan says so."""
    state = position({"F-I-2": "3222", "R-VIII-12": "3019"}, scenario="5sep", turn=8)
    monkeypatch.setattr(level2, "rounds", lambda *args: pytest.fail("a playout was played"))
    plan = Search(rebuild(borodino.view(state, "french"), random.Random(1)), "french", random.Random(1), 8, 1).best()
    assert [d.command for d in plan] == ["end"] and plan[-1].reason.endswith("every plan it scored moves as level 1's)")
    assert plan[-1].reason.startswith("no unit moves: none has a better hex within its reach (Sequence of Play)")


def test_a_plan_that_moves_nothing_where_level_1s_moves_says_its_playouts_found_standing_better(monkeypatch):
    """5 Sept, Game-Turn 8: level 1 walks the French 7-4 to the Schevardino redoubt's rear (3122); where
    the playouts find the plan that holds it back better, nothing moves, and the `end` says so, not
    'every unit that should move has moved'."""
    state = position({"F-I-2": "3224", "R-VIII-12": "3222"}, scenario="5sep", turn=8)
    search = Search(rebuild(borodino.view(state, "french"), random.Random(1)), "french", random.Random(1), 8, 1)
    monkeypatch.setattr(search, "_judged", lambda candidates, first, seeds: ((HOLD_BACK,), Fraction(7), 1))
    plan = search.best()
    assert search.made[(0,)] == ("3122",)
    assert [(d.command, d.reason) for d in plan] == [("end", "no unit moves: the playouts find standing better than "
                                                       "level 1's moves (Sequence of Play) (level 2: the best of 2 "
                                                       "plans, +7.0 over level 1's in 1 playout each)")]
