"""A game turn told short for spectators one turn behind (bot/tables/short_story.py): Bloody Monday
a line an impulse, from the public events and maps alone; a system with no short telling is told in
full."""
from __future__ import annotations

import functools
import hashlib
import json
import random

from bot.tables.short_story import TELLERS, short_story
from bot.tools.fog_check import public_lines
from rules import bloody_monday, borodino
from rules.bloody_monday import swaptest as blocks

# the first impulses of a Bloody Monday game (seed 1): moves, battles in 41 and 33 with blocks
# eliminated, reinforcements, a battle in 54 the Russians leave by the Initiative Disc (6.4)
OPENING = [
    ("french", "initiative reinforcements"), ("russian", "initiative move"), ("russian", "move R-G-A3 70"),
    ("russian", "move R-2-26 105"), ("russian", "end"), ("french", "tactical"), ("french", "activate F-VIII-J 8"),
    ("french", "move F-CR-7H 5"), ("french", "initiative raid"), ("french", "move F-CR-2H 16"),
    ("french", "move F-CR-1H 22"), ("french", "end"), ("russian", "tactical"), ("russian", "activate R-2-B 85"),
    ("russian", "inspire R-2-B R-2-27"), ("russian", "initiative raid"), ("russian", "move R-C-2DC 78"),
    ("russian", "move R-2-4C 69"), ("russian", "move R-G-C 105"), ("russian", "move R-1-1C 45"),
    ("russian", "move R-C-Bu 51"), ("russian", "move R-1-2C 82"), ("russian", "end"), ("french", "initiative move"),
    ("french", "move F-IV-IRG 41"), ("french", "battle 41"), ("russian", "stand"), ("french", "end"),
    ("russian", "tactical"), ("russian", "activate R-1-BT 51"), ("russian", "battle 41"),
    ("russian", "initiative raid"), ("russian", "move R-C-2DC 97"), ("russian", "end"), ("french", "tactical"),
    ("french", "activate F-V-P 27"), ("french", "activate F-CR-M 6"), ("french", "initiative raid"),
    ("french", "move F-CR-2LC 33"), ("french", "move F-CR-1H 11"), ("french", "move F-VIII-H 26"),
    ("french", "move F-CR-6H 11"), ("french", "move F-CR-5H 6"), ("french", "end"), ("russian", "initiative move"),
    ("russian", "move R-1-17 33"), ("russian", "battle 33"), ("french", "stand"), ("russian", "end"),
    ("french", "pass"), ("french", "move F-CR-M 7"), ("french", "end"), ("russian", "tactical"),
    ("russian", "activate R-1-BT"), ("russian", "battle 33"), ("french", "stand"), ("russian", "end"),
    ("french", "tactical"), ("french", "activate F-IV-E"), ("french", "move F-IV-15 3"),
    ("french", "activate F-IV-A 3"), ("french", "end"), ("russian", "tactical"), ("russian", "activate R-1-BT 67"),
    ("russian", "move R-1-1Gr 54"), ("russian", "end"), ("french", "initiative move"), ("french", "move F-CR-5H 22"),
    ("french", "move F-IV-LC 40"), ("french", "move F-III-11 6"), ("french", "move F-III-LC 31"),
    ("french", "move F-CR-1LC 6"), ("french", "end"), ("russian", "initiative reinforcements"),
    ("french", "initiative move"), ("french", "move F-III-25 54"), ("french", "move F-IV-15 1"),
    ("french", "battle 54"), ("russian", "retreat 44 45")]


def test_bloody_monday_is_told_a_line_an_impulse_then_the_areas_that_changed_hands():
    """80 commands, whose channel lines are each block's move, each die and each hit, read in 16
    lines: how many blocks moved, each battle with its result (5.3.7) and the blocks it
    eliminated, a retreat by the Initiative Disc (6.4), the reinforcements as told (3.3)."""
    start = bloody_monday.setup("bloody_monday", 1)
    assert short_story(bloody_monday, lambda: start, OPENING) == [
        "French impulse: reinforcements deploy (3.3): 1 in 19.",
        "Russian impulse: 2 blocks move.",
        "French impulse: 4 blocks move.",
        "Russian impulse: 7 blocks move.",
        "French impulse: 1 block moves; battle in 41 (still contested).",
        "Russian impulse: 2 blocks move; battle in 41 (held by Russian; French IRG eliminated).",
        "French impulse: 7 blocks move.",
        "Russian impulse: 1 block moves; battle in 33 (still contested).",
        "French impulse: 1 block moves.",
        "Russian impulse: battle in 33 (held by French; Russian 17 eliminated).",
        "French impulse: 2 blocks move.",
        "Russian impulse: 2 blocks move.",
        "French impulse: 5 blocks move.",
        "Russian impulse: reinforcements deploy (3.3): 4 in 107; 3 in 41.",
        "French impulse: 2 blocks move; battle in 54 (held by French after a retreat, 6.4).",
        "Areas changing hands: to the French 40, 54."]


def test_a_system_without_a_short_telling_is_told_in_full():
    """Borodino has none: None, and its position is never rebuilt for it."""
    def unread() -> dict:
        raise AssertionError("the turn's start was rebuilt")
    assert short_story(borodino, unread, [("french", "end")]) is None


@functools.cache
def _walked(seed: int = 2) -> tuple[dict, dict, tuple[tuple[str, str], ...]]:
    """Two Bloody Monday positions that differ in two blocks the public has not seen, and 170
    commands that show the public the same in both (bot/tools/fog_check.py's walk): the first turn
    and the next begun."""
    rng = random.Random(seed)
    state = bloody_monday.setup("bloody_monday", seed)
    other = blocks.swapped(state, *blocks.pairs(state, rng.choice(bloody_monday.INFO.sides), rng, 1)[0])
    first = bloody_monday.INFO.sides[0]
    return state, other, tuple((line.side or first, line.text)
                               for line in public_lines(bloody_monday, state, other, rng, 170, blocks.random_move))


def _told_of_two() -> list[list[str] | None]:
    """The walk told short from each of its two positions."""
    state, other, commands = _walked()
    return [short_story(bloody_monday, lambda position=position: position, list(commands))
            for position in (state, other)]


def test_a_turn_told_short_tells_nothing_the_public_has_not_seen():
    """The swap test: a turn with battles and blocks eliminated, and the next begun, told the same
    whichever of two unseen blocks stood where."""
    one, two = _told_of_two()
    assert one == two
    assert one is not None and "Turn 2:" in one and any("eliminated" in line for line in one)


def test_the_swap_test_sees_a_short_story_that_tells_what_the_public_has_not_seen(monkeypatch):
    """The positive control: a telling that ends with a digest of the whole last state is seen."""
    def leaked(system, state, commands):
        for side, text in commands:
            state, _ = system.apply(state, side, system.parse(side, text))
        return [hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()]
    monkeypatch.setitem(TELLERS, "bloody_monday", leaked)
    one, two = _told_of_two()
    assert one != two
