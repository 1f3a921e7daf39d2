"""1812 cites its rules one way, as Borodino ('(Movement)') and Bloody Monday ('(5.3.6)') do: a section
of SPI's 1812 overview, or one of its charts, by its title in title case ('(Combat)', '(Victory
Conditions)', '(Area Depletion Chart)'). Its texts mixed '(MOVEMENT)' and '(Movement)'. Random games
are walked, and at every position every text a player reads is gathered: the prompts and notes of
each view, the events, the help of every topic, and the refusals of lines of every verb typed by
either side, naming places near and far, on the map and off it, and the odds asked of a place."""
from __future__ import annotations

import random
import re

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.game import SIDES
from rules.campaign_1812.help import ORDER
from rules.core.errors import RulesError, RuleViolation
from tests.rules.campaign_1812.c1812_helpers import c1812

SECTIONS = {  # the overview's sections and charts, as it titles them
    "The Game Map", "Sequence of Play", "Stacking", "Reinforcements", "Attrition", "Movement",
    "Movement: Forced March", "Combat", "Combat: Retreat After Combat", "Battle Plan Chart", "Supply", "Winter",
    "Victory Conditions", "Victory Point Index", "Area Depletion Chart", "Unsupplied Chart", "Leaders"}
# a parenthesis of capitalised words (and 'of', and a colon's second title): a citation; words in capitals are
# SHOUTED's, and codes ('(PS)') and turns ('(October II)') no citation
TITLED = re.compile(r"\(((?:[A-Z][a-z][A-Za-z]*|of)(?::? (?:[A-Z][a-z][A-Za-z]*|of))*)\)")
SHOUTED = re.compile(r"\b(?:MOVEMENT|COMBAT|ATTRITION|SUPPLY|WINTER|STACKING|REINFORCEMENTS|VICTORY CONDITIONS|"
                     r"SEQUENCE OF PLAY|THE GAME MAP|GAME EQUIPMENT)\b")
PLACES = sorted(data.places())
VERBS = ("move {a} {b}", "move {a} {b} 9 cav", "move {a} {b} 1 inf leader", "march {a} {b}", "march {a} {b} 1 inf",
         "attrit {a}", "plan assault", "plan cordon", "plan entrench withdraw {b}", "plan outflank withdraw {a}",
         "fight", "retreat {a}", "retreat {b}", "depot {a}", "remove {a} inf", "remove {a} cav", "end")


def miscited(text: str) -> list[str]:
    """The citations of a text not in the overview's titles as it titles them.

    >>> miscited("Battle in Kovno (11): the Russian player attacks (COMBAT)."), miscited("... (Victory Conditions).")
    (['COMBAT'], [])
    >>> miscited("No corps lost (Attrition: a die, the opponent's choice); Forced March (Movement: Forced March).")
    []
    >>> miscited("Its supply (Forced March) (Sequence Of Play).")
    ['Forced March', 'Sequence Of Play']
    """
    cited = [m.group(0) for m in SHOUTED.finditer(text)] + TITLED.findall(text)
    return [c for c in cited if c not in SECTIONS]


def _lines(rng: random.Random, state: dict) -> list[str]:
    """Lines of every verb, naming a place where a stack of either side stands, a place next to it, any place,
    16 (an area sub-divided) and 99 (none)."""
    stands = [int(p) for side in SIDES for p in state["stacks"][side]] or PLACES
    a = rng.choice(stands + [rng.choice(PLACES), 16, 99])
    b = rng.choice([*data.places()[a].neighbours, rng.choice(PLACES), 99] if a in PLACES else PLACES)
    return [verb.format(a=a, b=b) for verb in rng.sample(VERBS, 6)] + [f"odds {a}"]


def _read(state: dict, side: str, line: str, refusals: list[RulesError]) -> None:
    try:
        if line.startswith("odds "):
            c1812.odds(state, side, line[5:])
        else:
            c1812.apply(state, side, c1812.parse(side, line))
    except RulesError as error:
        refusals.append(error)


def walk(scenario: str, seed: int, options: dict | None, commands: int) -> tuple[list[str], list[RulesError]]:
    """What the players read in a random game: its texts, and the refusals of the lines typed at each position."""
    rng = random.Random(seed)
    state = c1812.setup(scenario, seed, options)
    texts: list[str] = [c1812.help(topic) for topic in (None, *ORDER)]
    refusals: list[RulesError] = []
    for n in range(commands):
        texts += [text for viewer in (None, *SIDES) for view in [c1812.view(state, viewer)]
                  for text in (view["prompt"] or "", *view["notes"])]
        for side in SIDES:
            for line in _lines(rng, state):
                _read(state, side, line, refusals)
        if n % 50 == 0:
            texts += [c1812.help(topic, state) for topic in ORDER]
        active = c1812.active_sides(state)
        if not active:
            break
        side = rng.choice(active)
        state, events = c1812.apply(state, side, c1812.sample_command(state, side, rng))
        texts += [e["text"] for e in events]
    return texts, refusals


@pytest.mark.parametrize("scenario, seed, options", [
    ("campaign", 21, None), ("borodino", 22, dict.fromkeys(c1812.INFO.options, True)), ("retreat", 23, {})])
def test_every_text_and_refusal_of_random_positions_cites_a_section_as_the_overview_titles_it(scenario, seed,
                                                                                              options):
    texts, refusals = walk(scenario, seed, options, 400)
    ruled = [r for r in refusals if isinstance(r, RuleViolation)]
    charts = {"Stacking", "Reinforcements", "Winter", "Victory Point Index", "Area Depletion Chart", "Unsupplied Chart"}
    assert {r.rule for r in ruled} == SECTIONS - charts  # every rule a refusal cites is reached
    told = ("Attrition", "Combat", "Movement", "Area Depletion Chart", "Victory Point Index")  # by events and help
    assert all(any(f"({cited})" in t for t in texts) for cited in told)
    assert [str(r) for r in ruled if not str(r).endswith(f"({r.rule}).")] == []
    assert sorted({c for text in texts + list(map(str, refusals)) for c in miscited(text)}) == []


def test_the_walk_reads_a_citation_in_capitals_or_of_no_section():
    """The negative control: the texts of before ('... attacks (COMBAT).'), a case no section titles."""
    assert miscited("Attrition: Russian die 5, no corps lost (ATTRITION).") == ["ATTRITION"]
    assert miscited("... the count stands (VICTORY CONDITIONS).") == ["VICTORY CONDITIONS"]
    assert miscited("Nothing may move (Movement Phase).") == ["Movement Phase"]
