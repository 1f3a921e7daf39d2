"""rules/bloody_monday/ai/level2.py: the searching commander plays from its view and the events told
to its side alone, replays from its seed, and holds to the macro it chose (issue 13.2, 13.4, 13.6)."""
from __future__ import annotations

import random

import pytest

from rules.bloody_monday.ai.level2 import LEVEL1, Level2, Macro, MacroPlanner, evaluate, impulse_start, macros
from rules.bloody_monday.swaptest import pairs, swapped
from rules.core.ai import addressed_to, decision_rng, duel
from tests.rules.bloody_monday.bm_helpers import bm, game, position

SMALL = Level2(iterations=3, rollout=0)  # a search small enough for the suite, the same code as the seat's


def _plan(state: dict, side: str, seen: list[dict], commander=SMALL) -> list[str]:
    return [d.command for d in commander.plan(bm.view(state, side), tuple(seen), decision_rng(7, 0))]


def _impulse_starts(seed: int, commands: int, skip: int = 40):
    """The first impulse start (4.0) of each side after `skip` commands of a random game, with the
    events told to that side."""
    state, rng = bm.setup("bloody_monday", seed), random.Random(seed)
    seen: dict[str, list[dict]] = {"french": [], "russian": []}
    found: set[str] = set()
    for n in range(commands):
        if not bm.active_sides(state):
            return
        mover = impulse_start(state)
        if mover and mover not in found and n >= skip:
            found.add(mover)
            yield state, mover, seen[mover]
        side = bm.active_sides(state)[0]
        state, events = bm.apply(state, side, bm.sample_command(state, side, rng))
        for each in seen:
            seen[each] = seen[each] + [e for e in events if addressed_to(e, each)]


def test_a_search_does_not_change_when_two_unseen_enemy_blocks_are_swapped_or_the_dice_seed_changes():
    """Issue 13.2 for level 2: the search draws its positions from the belief and its dice from its
    own generator, so its plan at an impulse start of either side is the same with another dice seed
    and with two enemy blocks it has not seen exchanged (the swap test's swap)."""
    sides = set()
    for state, side, seen in _impulse_starts(3, 400):
        plan = _plan(state, side, seen)
        reseeded = {**state, "dice": {**state["dice"], "seed": state["dice"]["seed"] + 99}}
        assert plan and _plan(reseeded, side, seen) == plan
        swaps = pairs(state, side, random.Random(1), 1)
        assert swaps
        for a, b in swaps:
            assert _plan(swapped(state, a, b), side, seen) == plan
        sides.add(side)
    assert sides == {"french", "russian"}


def test_its_decisions_replay_from_its_seed_and_change_with_it():
    """Issue 13.6: the same dice seed and AI seed give the same commands (the iterations are counted,
    not timed); another AI seed is another search."""
    games = [duel("bloody_monday", "bloody_monday", seed=5, seats={"french": SMALL}, ai_seed=ai_seed,
                  max_commands=30) for ai_seed in (3, 3, 4)]
    assert games[0].commands == games[1].commands and games[0].state == games[1].state
    assert games[0].commands != games[2].commands


def test_level_2_against_level_1_with_no_refused_command():
    """The suite's smoke test (issue 13.5): level 2 against level 1 into Turn 2, every command
    accepted; each of level 2's impulse choices says it was chosen by search or is level 1's own."""
    played = duel("bloody_monday", "bloody_monday", seed=6, seats={"russian": SMALL, "french": bm.commander(1)},
                  ai_seed=6, max_commands=260)
    assert played.state["turn"] >= 2
    russian = [(text, reason) for side, text, reason in played.commands if side == "russian"]
    assert russian and "random play" not in {r for _, r in russian}
    assert any("chosen by search" in r for _, r in russian)


@pytest.mark.long
def test_a_whole_game_of_level_2_against_level_1():
    played = duel("bloody_monday", "bloody_monday", seed=8, seats={"french": Level2(), "russian": bm.commander(1)},
                  ai_seed=8)
    assert played.outcome is not None


def test_level_2_is_the_seats_level_2_and_level_3_is_refused_naming_the_levels():
    assert isinstance(bm.commander(2), Level2)
    with pytest.raises(ValueError, match="levels 1 and 2; level 3 is not built"):
        bm.commander(3)


# --- macro actions (4.0, 5.1, 5.3) -------------------------------------------------------------------
def test_4_0_the_macros_are_level_1s_own_a_pass_and_tactical_actions_by_leader_and_target():
    """4.0: an impulse is a Tactical Action, a Pass or an Initiative Action; 5.1: a Tactical Action
    activates leaders. Murat with heavy cavalry beside Borodino (41) and a jager in 42 is offered
    Tactical Actions aimed at each; with no pool the Initiative Disc's reinforcements are not offered
    (control: the set-up, with a full pool, offers them)."""
    state = position({"F-CR-M": 30, "F-CR-1H": 30, "R-1-1J": 42}, pools=[])
    offered = macros(game(state), "french")
    assert offered[:2] == [LEVEL1, Macro("pass")]
    assert {Macro("tactical", "F-CR-M", None), Macro("tactical", "F-CR-M", 41),
            Macro("tactical", "F-CR-M", 42)} <= set(offered)
    assert Macro("initiative") not in offered and all(m.leader in (None, "F-CR-M") for m in offered)
    assert Macro("initiative") in macros(game(bm.setup("bloody_monday", 1)), "french")


def test_5_1_5_3_a_tactical_macro_activates_its_leader_first_and_attacks_only_its_target():
    """A macro fixes the first leader activated (5.1) and the area its attack is made on (5.3): aimed
    at the jager in 42, the cavalry attack 42 and fight there; aimed at Borodino (41), an empty
    victory area, they take it instead (1.1)."""
    state = position({"F-CR-M": 30, "F-CR-1H": 30, "F-CR-2H": 30, "R-1-1J": (42, 1)})

    def commands(target: int) -> list[str]:
        planner = MacroPlanner("french", state, set(), [{}], Macro("tactical", "F-CR-M", target))
        return [d.command for d in planner.plan()]
    at_42 = commands(42)
    assert at_42[:2] == ["tactical", "activate F-CR-M"] and at_42[-1] == "battle 42"
    assert not any(c.endswith(" 41") for c in at_42)
    at_41 = commands(41)
    assert "move F-CR-1H 41" in at_41 or "move F-CR-2H 41" in at_41
    assert not any(c.endswith(" 42") for c in at_41)


def test_the_evaluation_counts_victory_areas_morale_and_the_outcome():
    """1.1 and 8.0: victory areas; 2.4: blocks on the morale track; a game over is won or lost."""
    state = bm.setup("bloody_monday", 1)
    even = evaluate(state, "french")
    assert -1 < even < 1 and evaluate(state, "russian") == pytest.approx(-even)
    more = {**state, "control": {**state["control"], "41": "french"}}
    assert evaluate(more, "french") > even
    lost = {**state, "morale": {"french": ["F-I-1", "F-I-2"], "russian": []}}
    assert evaluate(lost, "french") < even
    assert evaluate({**state, "outcome": {"winner": "french"}}, "french") == 1.0
    assert evaluate({**state, "outcome": {"winner": None}}, "russian") == 0.0
