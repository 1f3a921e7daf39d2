"""rules/bloody_monday/ai/level2.py: the seat's level 2 plays from its view and the events told to
its side alone, replays from its seed, and plays level 1 through a game."""
from __future__ import annotations

import random
import re

import pytest

from rules.bloody_monday import bm_data
from rules.bloody_monday.ai.level2 import Level2
from rules.bloody_monday.swaptest import pairs, swapped
from rules.core.ai import addressed_to, decision_rng, duel
from tests.rules.bloody_monday.bm_helpers import bm

SEAT = Level2()


def _plan(state: dict, side: str, seen: list[dict]) -> list[str]:
    return [d.command for d in SEAT.plan(bm.view(state, side), tuple(seen), decision_rng(7, 0))]


def _impulse_start(state: dict) -> str | None:
    """The side choosing an impulse (4.0) now, or None."""
    if state["phase"] != "impulses" or state["battle"] or state["battery"] is not None or state["impulse"]:
        return None
    active = bm.active_sides(state)
    return active[0] if active else None


def _impulse_starts(seed: int, commands: int, skip: int = 40):
    """The first impulse start (4.0) of each side after `skip` commands of a random game, with the
    events told to that side."""
    state, rng = bm.setup("bloody_monday", seed), random.Random(seed)
    seen: dict[str, list[dict]] = {"french": [], "russian": []}
    found: set[str] = set()
    for n in range(commands):
        if not bm.active_sides(state):
            return
        mover = _impulse_start(state)
        if mover and mover not in found and n >= skip:
            found.add(mover)
            yield state, mover, seen[mover]
        side = bm.active_sides(state)[0]
        state, events = bm.apply(state, side, bm.sample_command(state, side, rng))
        for each in seen:
            seen[each] = seen[each] + [e for e in events if addressed_to(e, each)]


def test_a_plan_does_not_change_when_two_unseen_enemy_blocks_are_swapped_or_the_dice_seed_changes():
    """Level 2 draws its boards from the belief and its dice from its own generator, so its plan at
    an impulse start of either side is the same with another dice seed and with two enemy blocks it
    has not seen exchanged (the swap test's swap)."""
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
    """The same dice seed and AI seed give the same commands; another AI seed draws other boards."""
    games = [duel("bloody_monday", "bloody_monday", seed=5, seats={"french": SEAT}, ai_seed=ai_seed,
                  max_commands=30) for ai_seed in (3, 3, 4)]
    assert games[0].commands == games[1].commands and games[0].state == games[1].state
    assert games[0].commands != games[2].commands


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
