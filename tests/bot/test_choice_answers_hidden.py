"""The swap test for the answers a choice offers (Bloody Monday): at every hit, 6.4 retreat and
jager choice of random games, exchanging two enemy blocks the chooser has not seen changes
neither what the chooser is asked, nor the answers offered, nor the buttons' stored form (their
custom_ids are made of it: bot/discord/buttons.py). 1812's attrition losses offered at once alike."""
from __future__ import annotations

import random

import pytest

import rules
from bot import asked as ask
from bot.tables.notices import answer_buttons
from tests.rules.campaign_1812.c1812_helpers import position
from rules.bloody_monday.swaptest import pairs, swapped
from rules.campaign_1812 import swaptest as campaign_swaptest
from rules.campaign_1812.commands import Attrit
from rules.core.standing import choosers

BLOODY_MONDAY = rules.load("bloody_monday")


def offered(state: dict, side: str, system=BLOODY_MONDAY) -> tuple:
    question = ask.question(system, state, side)
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


CAMPAIGN = rules.load("campaign_1812")


def test_the_attrition_losses_offered_at_once_do_not_depend_on_what_the_enemy_stacks_hold(monkeypatch):
    """1812's attrition (the opponent selects the losses): the chooser is offered each enemy stack and every
    loss at once (where `nearest` and `deepest` put them all, one on each stack), from the markers alone.
    Exchanging what two enemy stacks hold changes neither the question, the answers and their buttons, nor
    the reply to each answer offered; a planted leak (the spread ranked by what the stacks hold) shows."""
    state = position({12: {"inf": 4}, 30: {"inf": 1, "cav": 1}, 31: {"cav": 2, "supply": 1}}, {1: {"inf": 1}},
                     player="french", phase="attrition", attrition=3)
    (a, b), whole = (12, 31), [cmd.to_text() for cmd in CAMPAIGN.whole_answers(state, "russian")]
    other = campaign_swaptest.swapped(state, "french", a, b)
    mine = offered(state, "russian", CAMPAIGN)
    assert mine[0].answers == tuple(whole) and len(whole) > len(CAMPAIGN.legal_commands(state, "russian"))
    assert offered(other, "russian", CAMPAIGN) == mine
    assert campaign_swaptest.differences(state, other, "russian", (a, b), whole) == []

    def leaky(state: dict, side: str) -> list:  # the planted leak: the stack holding most corps first
        answers = real(state, side)
        most = max(state["stacks"]["french"], key=lambda p: sum(state["stacks"]["french"][p].values()))
        return [*answers[:-1], Attrit(int(most), (12,))]
    real = CAMPAIGN.whole_answers
    monkeypatch.setattr(CAMPAIGN, "whole_answers", leaky)
    assert offered(other, "russian", CAMPAIGN) != offered(state, "russian", CAMPAIGN)
