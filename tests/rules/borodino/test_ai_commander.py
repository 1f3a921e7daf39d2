"""rules/borodino/ai: the level-1 commander plays through the rules from its view alone,
sees nothing hidden, and is deterministic for an AI seed."""
from __future__ import annotations

import random
import re

import pytest

from rules import borodino
from rules.borodino.ai.position import rebuild
from rules.core.ai import decision_rng, duel
from tests.rules.watched import Watched, never_the_state


def _texts(state: dict, side: str) -> list[str]:
    return [c.to_text() for c in borodino.legal_commands(state, side)]


@pytest.mark.parametrize("scenario", ["5sep", "7sep"])
def test_the_board_rebuilt_from_the_view_offers_exactly_the_legal_commands_of_the_real_one(scenario):
    """Over a game of the commander against random play, in every phase and at mid-turn choices
    of both sides: the view holds all but the dice."""
    game = duel("borodino", scenario, seed=11, seats={"french": borodino.commander()}, max_commands=130)
    state, phases = borodino.setup(scenario, 11), set()
    for n, (side, text, _) in enumerate(game.commands):
        phase = ("choice" if state["pending"] else state["phase"], side)
        if n % 8 == 0 or phase not in phases:  # every eighth board, and the first of each phase
            phases.add(phase)
            rebuilt = rebuild(borodino.view(state, side), random.Random(n))
            assert "dice" not in borodino.view(state, side)["position"]
            assert _texts(rebuilt, side) == _texts(state, side)
        state, _ = borodino.apply(state, side, borodino.parse(side, text))
    assert {phase for phase, _ in phases} == {"movement", "combat", "choice"}
    assert {side for _, side in phases} == {"french", "russian"}


@pytest.mark.parametrize("side", ["french", "russian"])
def test_level_1_beats_random_play_in_5_september_with_no_refused_command(side):
    game = duel("borodino", "5sep", seed=2, seats={side: borodino.commander(1)}, ai_seed=1)
    assert game.outcome is not None and game.outcome["winner"] == side
    reasons = [reason for who, _, reason in game.commands if who == side]
    assert any("Schevardino" in r for r in reasons)  # the goal comes from the victory conditions


def test_a_reason_counts_its_march_in_hexes_one_hex_or_more():
    game = duel("borodino", "5sep", seed=2, seats={"french": borodino.commander(1)}, ai_seed=1, max_commands=120)
    marches = set(re.findall(r"a march of (\d+) (hex\w*)", " ".join(reason for _, _, reason in game.commands)))
    assert ("1", "hex") in marches and ("2", "hexes") in marches
    assert all((n == "1") == (word == "hex") for n, word in marches)


def test_a_plan_says_what_its_aim_is_worth_once():
    """Each move names the aim it closes on; what the aim is worth ('the Schevardino redoubt
    decides the 5 Sept scenario') only the first move of the plan that names it says."""
    state = borodino.setup("shevardino", 1)
    plan = borodino.commander(1).plan(borodino.view(state, "french"), (), random.Random(1))
    moves = [d.reason for d in plan if d.command.startswith("move")]
    assert len(moves) > 1 and all("3222" in reason for reason in moves)
    assert [("decides the" in reason) for reason in moves] == [True] + [False] * (len(moves) - 1)


def test_level_1_attacks_by_the_crt_and_soaks_off_what_is_owed():
    game = duel("borodino", "5sep", seed=1, seats={"french": borodino.commander(1)}, ai_seed=1)
    attacks = [reason for who, text, reason in game.commands if who == "french" and text.startswith("attack")]
    assert attacks and all(re.match(r"attacks \S+ at \d-\d \(expected [+-]\d+\.\d Combat Points over the CRT\): ", r)
                           for r in attacks)
    assert any(r.endswith("the CRT favours it") for r in attacks)
    assert any(r.endswith("meets the attacks owed (Combat B)") for r in attacks)


def test_the_commander_is_handed_the_view_never_the_state():
    watched = Watched(borodino.commander())
    duel("borodino", "5sep", seed=4, seats={"russian": watched}, max_commands=150)
    assert never_the_state(watched.views)


def test_decisions_do_not_change_with_the_dice_seed():
    """Two states alike but for their dice seed: the same plan from the same AI generator."""
    state = borodino.setup("7sep", 1)
    rng = random.Random(5)
    for _ in range(120):  # into a later position with attacks and reinforcements about
        side = borodino.active_sides(state)[0]
        state, _ = borodino.apply(state, side, borodino.sample_command(state, side, rng))
    other = {**state, "dice": {"seed": state["dice"]["seed"] + 99, "rolls": state["dice"]["rolls"]}}
    side = borodino.active_sides(state)[0]
    plans = [borodino.commander().plan(borodino.view(s, side), (), decision_rng(7, 120)) for s in (state, other)]
    assert plans[0] == plans[1] and plans[0]


def test_a_game_against_the_commander_replays_bit_for_bit_from_its_seeds():
    first = duel("borodino", "5sep", seed=6, seats={"french": borodino.commander()}, ai_seed=3)
    again = duel("borodino", "5sep", seed=6, seats={"french": borodino.commander()}, ai_seed=3)
    assert first.commands == again.commands and first.outcome == again.outcome


def test_a_level_not_built_is_refused_with_the_levels_there_are():
    with pytest.raises(ValueError, match="levels 1 and 2"):
        borodino.commander(3)


@pytest.mark.long
def test_two_commanders_play_a_whole_game_with_no_refused_command():
    """Level 1 against level 1, 5 Sept, to the end (the long step: the suite plays level 1 against random
    play and a game against the commander twice from its seeds, every command accepted)."""
    game = duel("borodino", "5sep", seed=3, seats={"french": borodino.commander(), "russian": borodino.commander()})
    assert game.outcome is not None and {side for side, _, _ in game.commands} == {"french", "russian"}
    assert "random play" not in {reason for _, _, reason in game.commands}
