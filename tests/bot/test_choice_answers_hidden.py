"""The swap test for the answers a choice offers (Bloody Monday): at every hit, 6.4 retreat and
jager choice of random games, exchanging two enemy blocks the chooser has not seen changes
neither what the chooser is asked, nor the answers offered, nor the buttons' stored form (their
custom_ids are made of it: bot/discord/buttons.py)."""
from __future__ import annotations

import random

import pytest

import rules
from bot import asked as ask
from bot.tables.notices import answer_buttons
from rules.bloody_monday.swaptest import pairs, swapped
from rules.core.standing import choosers

BLOODY_MONDAY = rules.load("bloody_monday")


def offered(state: dict, side: str) -> tuple:
    question = ask.question(BLOODY_MONDAY, state, side)
    return question, answer_buttons(1, question, 7)


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_the_answers_offered_do_not_depend_on_unseen_enemy_blocks(seed):
    state = BLOODY_MONDAY.setup("last_blood", seed, ["russian_jager"])
    rng, checked = random.Random(seed), 0
    for _ in range(400):
        if BLOODY_MONDAY.outcome(state):
            break
        waiting = BLOODY_MONDAY.choice(state)
        if waiting is not None:
            chooser = choosers(waiting)[0]
            mine = offered(state, chooser)
            assert mine[0].answers, "a choice always has answers"
            for a, b in pairs(state, chooser, rng, 3):
                assert offered(swapped(state, a, b), chooser) == mine, (a, b)
                checked += 1
        side = BLOODY_MONDAY.active_sides(state)[0]
        state, _ = BLOODY_MONDAY.apply(state, side, BLOODY_MONDAY.sample_command(state, side, rng))
    assert checked, "no choice with unseen enemy blocks was met"
