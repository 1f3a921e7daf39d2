"""The swap test of the word to its author of what became of orders held behind a choice: the French
player's `/orders` box fires into a battle and names another to fight; the fire gives the Russian hits to
apply, so the second line is held, and once he has applied them it is refused, told by its number and its
words ('2. ❌ battle 41 — ...'). What the French player observes reads the same whichever Russian blocks,
unseen, stand where."""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from bot.service import GameService
from bot.tables.batch import Batch
from bot.tools import fog_check
from bot.words import words
from rules import bloody_monday
from rules.bloody_monday import swaptest

Line = fog_check.Line
# dice seed 1: Davout's corps moves into 46 and its battle begins; the box's fire scores 3 hits, each the
# Russian's to apply, then the showdown's 6 (forced); the held `battle 41` names an area no battle awaits
BEFORE = ("tactical", "activate F-I-D", "move F-I-5 46", "move F-I-1 46", "move F-I-3 46", "activate F-I-A2",
          "battle 46")
GIVEN = [Line("fire F-I-A2 46", accepted=True), Line("battle 41"),
         *(Line(hit, typed=True, accepted=True, side="russian") for hit in ("hit R-2-7", "hit R-2-2J", "hit R-2-7"))]


def held_word_read() -> tuple[list[str], str | None]:
    """What the French player observes giving GIVEN at the table alone, and where it parts between the
    position and the one that exchanges two Russian blocks he has not seen."""
    state = bloody_monday.setup("bloody_monday", 1, [])
    for line in BEFORE:
        state, _ = bloody_monday.apply(state, "french", bloody_monday.parse("french", line))
    a, b = swaptest.pairs(state, "french", random.Random(1), 1)[0]
    one, two = (fog_check.observed(bloody_monday, position, "french", GIVEN, batched=True, terminal=False)
                for position in (state, swaptest.swapped(state, a, b)))
    return one, fog_check.first_difference(one, two)


@pytest.mark.long
def test_a_held_order_refused_alone_is_told_the_same_whatever_the_hidden_blocks_are(monkeypatch):
    """The positive control: plant a leak (the word ends with a digest of the whole position last loaded)
    and the check shows it."""
    seen, differ = held_word_read()
    assert differ is None
    assert "DM: Game 1: your held orders, played once the choices were made:\n2. ❌ battle 41 — 41 is not a " \
        "contested area awaiting battle this impulse" in "\n".join(seen)
    loaded: list[dict] = []
    load, reply = GameService.load, Batch.reply
    monkeypatch.setattr(GameService, "load", lambda self, game_id: loaded.append(load(self, game_id)) or loaded[-1])

    def telling_too_much(self: Batch, numbered: bool = False):
        digest = hashlib.sha256(json.dumps(loaded[-1], sort_keys=True).encode()).hexdigest()[:12]
        return words(reply(self, numbered), f" ({digest})") if numbered else reply(self, numbered)
    monkeypatch.setattr(Batch, "reply", telling_too_much)
    assert "your held orders" in str(held_word_read()[1])
