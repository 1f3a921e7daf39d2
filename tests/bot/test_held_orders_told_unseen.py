"""The swap tests of what their author is told of orders held behind a choice: the French player's
`/orders` box fires into a battle and names another to fight; the fire gives the Russian hits to apply, so
the second line is held, and once he has applied them it is refused, told by its number and its words ('2. ❌
battle 41 — ...'). Typed in the channel instead, after the fire, the line is held whole and its author told
so, and a second line typed after it is added to it, both told. What the French player observes reads the same
whichever Russian blocks, unseen, stand where; so does the word of the typed line held that a draw agreed before
the Russian applied his hits left unplayed."""
from __future__ import annotations

import hashlib
import json
import random

import pytest

from bot.service import GameService, unplayed
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
HITS = [Line(hit, typed=True, accepted=True, side="russian") for hit in ("hit R-2-7", "hit R-2-2J", "hit R-2-7")]
BOXED = [Line("fire F-I-A2 46", accepted=True), Line("battle 41"), *HITS]
TYPED = [Line("fire F-I-A2 46", accepted=True), Line("battle 41", typed=True), *HITS]
ADDED = [Line("fire F-I-A2 46", accepted=True), Line("battle 41", typed=True), Line("battle 45", typed=True), *HITS]
# the line typed held behind the Russian's hits, and the game drawn by agreement before they are applied
ENDED = [Line("fire F-I-A2 46", accepted=True), Line("battle 41", typed=True),
         Line("draw", typed=True, accepted=True, side="russian"), Line("accept", accepted=True)]


def held_word_read(given: list[Line], batched: bool) -> tuple[list[str], str | None]:
    """What the French player observes giving `given` (`batched`: the orders in one box) at the table alone,
    and where it parts between the position and the one that exchanges two Russian blocks he has not seen."""
    state = bloody_monday.setup("bloody_monday", 1, [])
    for line in BEFORE:
        state, _ = bloody_monday.apply(state, "french", bloody_monday.parse("french", line))
    a, b = swaptest.pairs(state, "french", random.Random(1), 1)[0]
    one, two = (fog_check.observed(bloody_monday, position, "french", given, batched=batched, terminal=False)
                for position in (state, swaptest.swapped(state, a, b)))
    return one, fog_check.first_difference(one, two)


# the orders given, in one box or not; what the French player reads of them; the word a planted leak ends
BOXED_READ = "DM: Game 1: your held orders, played once the choices were made:\n2. ❌ battle 41 — 41 is not a contested"
TYPED_READ = "Held until the choice waiting now is made, then played in order: "
ADDED_READ = "Not tried, after line 1 was refused: 2. battle 45."  # added to `battle 41`, held before it
ENDED_READ = ("DM: Game 1: your held orders were not played, as the game ended before they were due (a draw, as the "
              "Russian player offered a draw and the French player accepted): 1. battle 41.")
CASES = [pytest.param(BOXED, True, BOXED_READ, "reply", "your held orders", id="boxed, refused once played"),
         pytest.param(TYPED, False, TYPED_READ, "held_word", "it drops them.", id="typed, held whole"),
         pytest.param(ADDED, False, ADDED_READ, "held_word", "it drops them.", id="typed one at a time, both held"),
         pytest.param(ENDED, False, ENDED_READ, "unplayed", "battle 41.", id="typed, the game ended first")]


@pytest.mark.long
@pytest.mark.parametrize(("given", "batched", "read", "method", "leaks"), CASES)
def test_held_orders_are_told_the_same_whatever_the_hidden_blocks_are(given, batched, read, method, leaks,
                                                                       monkeypatch):
    """The positive control: plant a leak (the word ends with a digest of the whole position) and the check
    shows it."""
    seen, differ = held_word_read(given, batched)
    assert differ is None
    assert read in "\n".join(seen)
    loaded = last_loaded(monkeypatch)
    if method == "unplayed":  # the word the game's end stores with it
        word = unplayed.told
        monkeypatch.setattr(unplayed, "told", lambda store, game_id, *args: [
            (side, {"text": words(payload["text"], f" ({digest(loaded[-1])})")})
            for side, payload in word(store, game_id, *args)])
        assert leaks in str(held_word_read(given, batched)[1])
        return
    told = getattr(Batch, method)

    def telling_too_much(self: Batch, *numbered: bool):  # the box's own reply (not numbered) as it was
        said = told(self, *numbered)
        return words(said, f" ({digest(loaded[-1])})") if numbered or method == "held_word" else said
    monkeypatch.setattr(Batch, method, telling_too_much)
    assert leaks in str(held_word_read(given, batched)[1])


def last_loaded(monkeypatch) -> list[dict]:
    """Each position the game service loads, kept for a planted leak to tell."""
    loaded: list[dict] = []
    load = GameService.load
    monkeypatch.setattr(GameService, "load", lambda self, game_id: loaded.append(load(self, game_id)) or loaded[-1])
    return loaded


def digest(state: dict) -> str:
    """A digest of the whole position, hidden blocks and all: what a planted leak tells."""
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]
