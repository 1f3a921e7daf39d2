"""The swap test of lines waiting for their player's question: 1812's French `end` opens the Russian
Player-Turn, the Russian reinforcements told to him alone wait while the French choose where Russian attrition
falls, and come in one DM with the loss and what is asked of him (bot/tables/question_message.py,
`_until_asked`). What the Russian player observes reads the same whichever French stacks, unseen, stand where."""
from __future__ import annotations

import random

import pytest

from bot.tables.question_message import QuestionMessagePart
from bot.tools import fog_check
from rules import campaign_1812
from rules.campaign_1812 import swaptest

Line = fog_check.Line
# dice seed 1, the fortresses reinforced, every choice asked: the Russian Player-Turn of June II, the French one
# up to its Supply Segment
BEFORE = (("russian", "end"), ("russian", "end"), ("russian", "attrit 30"), ("french", "end"), ("french", "end"))
GIVEN = [Line("end", typed=True, accepted=True, side="french"),
         Line("attrit 12", typed=True, accepted=True, side="french"), Line("end", accepted=True)]
READ = ("Game 1: Your reinforcements in Smolensk (15): 1 infantry corps.\nAttrition in Vilna (12): 1 infantry corps "
        "lost; left there: 3 infantry corps, 1 cavalry corps, 1 supply unit, 1 depot.\nThe game waits for you")


def read_by_the_russian() -> tuple[dict, list[str], str | None]:
    """The position, what the Russian player observes of it at the table, and where it parts from what he
    observes of the position that exchanges two French stacks he has not seen."""
    state = campaign_1812.setup("campaign", 1, ["fort_reinforcements"])
    for side, line in BEFORE:
        state, _ = campaign_1812.apply(state, side, campaign_1812.parse(side, line))
    a, b = swaptest.pairs(state, "russian", random.Random(4), 1)[0]  # East Prussia and Warsaw, alike depleted
    one, two = (fog_check.observed(campaign_1812, position, "russian", GIVEN, terminal=False)
                for position in (state, swaptest.swapped(state, "french", a, b)))
    return state, one, fog_check.first_difference(one, two)


@pytest.mark.long
def test_lines_waiting_for_the_russian_s_question_read_the_same_whatever_the_hidden_stacks_are(monkeypatch):
    """The positive control: plant a leak (the lines wait only where the French stacks stand as they stood)
    and the check shows it."""
    state, seen, differ = read_by_the_russian()
    assert differ is None
    assert READ in "\n".join(seen)
    waits = QuestionMessagePart._until_asked
    monkeypatch.setattr(QuestionMessagePart, "_until_asked", lambda self, system, side, after: waits(
        self, system, side, after) if after["stacks"]["french"] == state["stacks"]["french"] else {})
    assert "Your reinforcements in Smolensk (15): 1 infantry corps." in str(read_by_the_russian()[2])
