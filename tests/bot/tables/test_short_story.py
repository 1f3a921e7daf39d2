"""A game turn told short for spectators one turn behind (bot/tables/short_story.py), from the public
events and maps alone: Bloody Monday a line an impulse, Borodino's moves counted, 1812 without its
depletion; a system with no short telling is told in full. The swap test over Bloody Monday and 1812
holds the telling to what the public saw."""
from __future__ import annotations

import functools
import hashlib
import json
import random

import pytest

from bot.tables.short_story import TELLERS, short_story
from bot.tools.fog_check import public_lines
from rules import bloody_monday, borodino, campaign_1812
from rules.bloody_monday import swaptest as blocks
from rules.campaign_1812 import swaptest as stacks
from tests.bot import toy_system
from tests.bot.tables.test_spectators import _blocks_swapped, _stacks_swapped

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
        "Areas changing hands: 40, 54 into French hands."]


def test_borodino_counts_the_moves_and_tells_the_combat_as_told():
    """7 Sept: a phase's moves, each a line in the channel, are counted; its combat is told line by
    line, but for the question to the Russian player (you may advance after combat), whose answer
    follows."""
    start = borodino.setup("7sep", 7)
    assert short_story(borodino, lambda: start, [
        ("french", "move 3321 3219"), ("french", "end"), ("french", "attack 3219 -> 3218"),
        ("russian", "advance 3218 3219"), ("french", "end")]) == [
        "French Movement Phase: 1 unit moves.",
        "French Combat Phase:",
        "3219 (5) attacks 3218 (15) (3218 doubled in its redoubt, attacked only through the front; the Southern "
        "Flèche adds 3): 1-3, die 4: Ae.",
        "3219 (French 5-4 infantry) is eliminated.",
        "3218 (Russian 6-4 infantry) advances into 3219."]


def test_1812_tells_its_stacks_moves_and_battles_as_told_under_each_phase():
    """The Road to Moscow: the Russians march on Vyazma and attack; the few moves are told (where the
    armies went), each phase under its title, the phase's own lines left out: the end of the forced
    marches, which told nothing else, begins the battle under the Combat Phase."""
    start = campaign_1812.setup("borodino", 1)
    told = short_story(campaign_1812, lambda: start, [
        ("russian", "move 162 161"), ("russian", "end"), ("russian", "end"), ("russian", "plan outflank"),
        ("french", "plan withdraw")])
    assert told is not None and told[:4] == [
        "Russian Movement Phase:", "A Russian stack moves from Borodino (162) to Vyazma (161).",
        "Russian Combat Phase:", "Battle in Vyazma (161): the Russian player attacks (Combat)."]
    assert told[-2:] == ["The French lose 1 infantry corps.", "The French stack in Vyazma (161) must retreat."]


def test_a_system_without_a_short_telling_is_told_in_full():
    """The toy race of tests/bot has none: None, and its position is never rebuilt for it."""
    def unread() -> dict:
        raise AssertionError("the turn's start was rebuilt")
    assert short_story(toy_system, unread, [("red", "end")]) is None


WALKS = {"bloody_monday": (bloody_monday, 2, 170, _blocks_swapped, blocks.random_move),
         "1812": (campaign_1812, 5, 120, _stacks_swapped, stacks.random_move)}


@functools.cache
def _walked(name: str) -> tuple[dict, dict, tuple[tuple[str, str], ...]]:
    """Two positions of a new game that differ in what the public has not seen (two Bloody Monday
    blocks, what two 1812 stacks hold), and commands that show the public the same in both
    (bot/tools/fog_check/games.py's walk): Bloody Monday's first turn and the next begun, 1812's first
    six turns."""
    system, seed, steps, swap, move = WALKS[name]
    rng = random.Random(seed)
    state = system.setup(system.INFO.default_scenario, seed)
    other = swap(state, rng)
    first = system.INFO.sides[0]
    return state, other, tuple((line.side or first, line.text)
                               for line in public_lines(system, state, other, rng, steps, move))


def _told_of_two(name: str) -> list[list[str] | None]:
    """The walk told short from each of its two positions."""
    state, other, commands = _walked(name)
    return [short_story(WALKS[name][0], lambda position=position: position, list(commands))
            for position in (state, other)]


@pytest.mark.parametrize("name", WALKS)
def test_a_turn_told_short_tells_nothing_the_public_has_not_seen(name):
    """The swap test: turns with battles, told the same whichever of two positions the public cannot
    tell apart was played."""
    one, two = _told_of_two(name)
    assert one == two
    assert one is not None and sum(line.startswith(("Turn ", "Game-Turn ")) for line in one) >= 1
    assert any("eliminated" in line or "loses" in line for line in one)


def test_the_swap_test_sees_a_short_story_that_tells_what_the_public_has_not_seen(monkeypatch):
    """The positive control: a telling that ends with a digest of the whole last state is seen."""
    def leaked(system, state, commands):
        for side, text in commands:
            state, _ = system.apply(state, side, system.parse(side, text))
        return [hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()]
    monkeypatch.setitem(TELLERS, "bloody_monday", leaked)
    one, two = _told_of_two("bloody_monday")
    assert one != two


def test_a_turn_is_named_only_where_its_phases_tell_something():
    """Told up to the command that begins Bloody Monday's second turn (how a post one turn behind
    tells the turn before the one it shows), the telling ends with the first turn's areas changing
    hands: no 'Turn 2:' over nothing."""
    state, _, commands = _walked("bloody_monday")
    played = 0
    while state["turn"] == 1:
        side, text = commands[played]
        state, _ = bloody_monday.apply(state, side, bloody_monday.parse(side, text))
        played += 1
    start = _walked("bloody_monday")[0]
    told = short_story(bloody_monday, lambda: start, list(commands[:played]))
    assert told is not None and told[-1].startswith("Areas changing hands")
    assert not any(line.startswith("Turn ") for line in told)
