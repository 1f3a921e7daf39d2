"""rules/bloody_monday/ai/level2.py: the searching commander plays from its view and the events told
to its side alone, replays from its seed, and holds to the macro it chose."""
from __future__ import annotations

import random
import re

import pytest

from rules.bloody_monday import bm_data
from rules.bloody_monday.ai.belief import believe
from rules.bloody_monday.ai.level2 import (LEVEL1, Level2, Macro, MacroPlanner, Search, evaluate, exposed,
                                          impulse_start, macros)
from rules.bloody_monday.swaptest import pairs, swapped
from rules.core.ai import addressed_to, decision_rng, duel
from tests.rules.bloody_monday.bm_helpers import bm, game, position

SMALL = Level2(iterations=3, rollout=0)  # a search small enough for the suite, the same code as a searching seat's
SEAT = Level2()  # the seat's level 2: the Decisive planner, no search (ITERATIONS)


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
    """For level 2: the search draws its positions from the belief and its dice from its
    own generator, so its plan at an impulse start of either side is the same with another dice seed
    and with two enemy blocks it has not seen exchanged (the swap test's swap)."""
    sides = set()
    for state, side, seen in _impulse_starts(3, 400):
        for commander in (SMALL, SEAT):
            plan = _plan(state, side, seen, commander)
            reseeded = {**state, "dice": {**state["dice"], "seed": state["dice"]["seed"] + 99}}
            assert plan and _plan(reseeded, side, seen, commander) == plan
            swaps = pairs(state, side, random.Random(1), 1)
            assert swaps
            for a, b in swaps:
                assert _plan(swapped(state, a, b), side, seen, commander) == plan
        sides.add(side)
    assert sides == {"french", "russian"}


def test_its_decisions_replay_from_its_seed_and_change_with_it():
    """The same dice seed and AI seed give the same commands (the iterations are counted,
    not timed); another AI seed is another search."""
    games = [duel("bloody_monday", "bloody_monday", seed=5, seats={"french": SMALL}, ai_seed=ai_seed,
                  max_commands=30) for ai_seed in (3, 3, 4)]
    assert games[0].commands == games[1].commands and games[0].state == games[1].state
    assert games[0].commands != games[2].commands


def test_level_2_against_level_1_with_no_refused_command():
    """The suite's smoke test: level 2 against level 1 into Turn 2, every command
    accepted; each of level 2's impulse choices says it was chosen by search or is level 1's own."""
    played = duel("bloody_monday", "bloody_monday", seed=6, seats={"russian": SMALL, "french": bm.commander(1)},
                  ai_seed=6, max_commands=260)
    assert played.state["turn"] >= 2
    russian = [(text, reason) for side, text, reason in played.commands if side == "russian"]
    assert russian and "random play" not in {r for _, r in russian}
    assert any("chosen by search" in r for _, r in russian)


def test_the_seats_level_2_against_level_1_with_no_refused_command():
    """The smoke test for the seat's level 2 (no search): into Turn 2 as the French, every command
    accepted, and no reason of either side names a block of the enemy's."""
    played = duel("bloody_monday", "bloody_monday", seed=6, seats={"french": SEAT, "russian": bm.commander(1)},
                  ai_seed=6, max_commands=260)
    assert played.state["turn"] >= 2 and any(side == "french" for side, _, _ in played.commands)
    for side in ("french", "russian"):
        reasons = [reason for who, _, reason in played.commands if who == side]
        assert reasons and not [r for r in reasons if _names_an_enemy_block(r, side)]
    kutuzov = next(b for b in bm_data.blocks().values() if b.side == "russian" and b.type == "supreme_commander")
    assert _names_an_enemy_block(f"attacks {kutuzov.name} in 41", "french")  # control: the check sees a name


def _names_an_enemy_block(reason: str, side: str) -> bool:
    """Whether a reason names a block of the enemy's, by its id, its name, or a label with a letter
    that no block of the side's own bears (a number is an area's too): each reason speaks from the
    side's own view, where the enemy's blocks stand face down (the areas, counts and expectations
    drawn from its belief, never a block)."""
    blocks = bm_data.blocks().values()
    own_labels = {b.label for b in blocks if b.side == side}
    words = {w for b in blocks if b.side != side for w in (
        b.id, b.name, b.label if re.search("[A-Za-z]", b.label) and b.label not in own_labels else "") if w}
    return any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", reason) for w in words)


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


def test_how_to_win_a_a_guard_stays_with_the_supreme_commander_while_the_enemy_is_near():
    """How to Win A (the enemy supreme commander killed) and 5.3.6 (hits go to the strongest unit):
    level 2 keeps beside Napoleon in 21 combat units of at least twice the hits the Russians around
    him are expected to roll. With two Russian grenadiers in 22 neither French infantry leaves him;
    with the Russians far off, level 1's rule alone holds and one may go (a last one always stays).
    The evaluation counts a thin guard against the side whose chief it is."""
    near = position({"F-I-1": 21, "F-I-2": 21, "R-2-CGr": 22, "R-2-2Gr": 22})
    planner = MacroPlanner("french", near, set(), [{}], LEVEL1)
    assert planner.last_defender(game(near), "F-I-1") and planner.last_defender(game(near), "F-I-2")
    far = position({"F-I-1": 21, "F-I-2": 21, "R-2-CGr": 69})
    assert not planner.last_defender(game(far), "F-I-1")
    thin = position({"F-I-1": (21, 1), "R-2-CGr": 22, "R-2-2Gr": 22, "R-2-7": 20})
    assert exposed(game(thin), "french") > exposed(game(far), "french") == 0.0


def test_2_4_an_unguarded_supreme_commander_is_joined_by_the_strongest_unit_free_to_go():
    """2.4's note ("Do not leave them unguarded!") and 5.3.6.1 (support units are hit after the
    combat units): Napoleon alone in 21 with Russian grenadiers beside him in 22 is joined by the
    strongest of Davout's infantry in 20; with the Russians far off, nobody is sent to him."""
    def plan(russians: dict[str, int]) -> list[tuple[str, str]]:
        state = position({"F-I-D": 20, "F-I-1": (20, 2), "F-I-2": 20, **russians})
        return [(d.command, d.reason) for d in MacroPlanner("french", state, set(), [{}], LEVEL1).plan()]
    guarded = [(c, r) for c, r in plan({"R-2-CGr": 22, "R-2-2Gr": 22}) if "guard" in r]
    assert guarded and guarded[0][0] == "move F-I-2 21" and "(How to Win A; 2.4, 5.3.6.1)" in guarded[0][1]
    assert not any("guard" in r for _, r in plan({"R-2-CGr": 69}))


def _logistics(blocks: dict) -> dict:
    """Turn 2's Logistics Phase, the French to choose (3.0), a French infantry in the pool."""
    state = position(blocks, pools=["F-I-4"], turn=2, phase="logistics",
                     logistics={"order": ["french", "russian"], "index": 0, "stage": "choose", "lv": 0,
                                "reinforced": 0, "spent": {"tactical_leader": 0, "artillery": 0, "combat": 0},
                                "step": 0})
    return state


def test_3_1_an_exposed_supreme_commander_moves_away_before_he_is_activated():
    """3.1: "The Supreme Commander may also be moved before activating": Napoleon alone in 21 with
    Russian grenadiers beside him moves to a friendly area where fewer enemies reach him, then
    activates; with the Russians far off he activates where he stands, as level 1 does."""
    def first(blocks: dict) -> tuple[str, str]:
        d = MacroPlanner("french", _logistics(blocks), set(), [{}], LEVEL1).plan()[0]
        return d.command, d.reason
    command, reason = first({"R-2-CGr": 22, "R-2-2Gr": 22, "R-2-7": 20})
    assert command.startswith("activate F-NAP ") and command != "activate F-NAP 21" and "(3.1" in reason
    assert first({"R-2-CGr": 69})[0] == "activate F-NAP"


def test_1_1_the_search_prefers_taking_an_empty_victory_area_to_passing():
    """1.1 and Controlled Area: Murat's heavy cavalry beside Borodino (41), left empty by the
    Russians, take it in every Tactical Action the search tries; a Pass leaves the area Russian. Over
    enough iterations for UCB1 to revisit its macros, the most visited is one that takes it, and the
    same generator seed gives the same tree."""
    state = position({"F-CR-M": 30, "F-CR-1H": 30, "F-CR-2H": 30})
    view = bm.view(state, "french")

    def search(seed: int) -> tuple[Macro, dict]:
        s = Search(view, believe(view, ()), random.Random(seed), rollout=0)
        return s.best(14), {k: (n.visits, round(n.total, 6)) for k, n in s.root.children.items()}
    best, tree = search(1)
    assert best.kind != "pass" and sum(v for v, _ in tree.values()) == 14 and max(v for v, _ in tree.values()) > 2
    assert search(1) == (best, tree)
