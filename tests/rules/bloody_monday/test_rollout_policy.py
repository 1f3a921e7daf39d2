"""Bloody Monday's rollout policy (`rollout_command`, legal.rollout) draws a kind of
command alike, then a candidate of that kind, then one of its commands. It changes the odds, not
the rules: in a position it can draw every legal command and nothing else, and whole games played
with it still meet every kind of command and every way a battle and a game can end."""
import random
from collections import Counter

import pytest

import rules
from rules.bloody_monday import commands as C
from rules.core.playout import policies, random_playout
from tests.rules.bloody_monday.test_random_games import invariants
from tests.rules.bloody_monday.test_sample_command import first

bloody_monday = rules.load("bloody_monday")
EVERY_OPTION = {name: True for name in bloody_monday.INFO.options if name != "extreme_command_limit"}


@pytest.mark.parametrize("wanted, fewest", [("impulses", 5), ("battle", 2), ("logistics", 2)])
def test_draws_cover_the_legal_commands_and_nothing_else(wanted, fewest):
    state, side = first(wanted, fewest)
    legal = {c.to_text() for c in bloody_monday.legal_commands(state, side)}
    drawn = Counter(bloody_monday.rollout_command(state, side, random.Random(i)).to_text() for i in range(1500))
    assert set(drawn) == legal


def test_the_side_not_to_act_draws_nothing():
    state = bloody_monday.setup("bloody_monday", 1)
    idle = next(side for side in bloody_monday.INFO.sides if side not in bloody_monday.active_sides(state))
    assert bloody_monday.rollout_command(state, idle, random.Random(1)) is None


def test_a_whole_rollout_playout_keeps_the_invariants():
    """rules.core.playout's "rollout" policy takes this system's own `rollout_command`."""
    result = random_playout(bloody_monday, "bloody_monday", 3, EVERY_OPTION, rng_seed=3, check=invariants,
                            policy="rollout")
    assert result.state["phase"] == "over" and result.outcome is not None
    assert policies(bloody_monday) == ("uniform", "sample", "rollout")
    assert policies(rules.load("campaign_1812")) == ("uniform", "sample"), "elsewhere it would be `sample` again"


def test_a_kind_of_command_is_drawn_as_often_as_the_moves_together():
    """At the start of an impulse with units to move, `end` is drawn about as often as any move:
    what makes rollout games short."""
    state, side = first("impulses", 5)
    kinds = Counter(type(bloody_monday.rollout_command(state, side, random.Random(i))).__name__ for i in range(600))
    offered = {type(c).__name__ for c in bloody_monday.legal_commands(state, side)}
    assert set(kinds) == offered and min(kinds.values()) > 600 / len(offered) / 2


COMMANDS = set(C.VERBS) - {"initiative"} | {f"initiative {action}" for action in C.INITIATIVE_ACTIONS}
ENDINGS = {"still contested", "held by the attacker", "held by the defender", "a shield absorbs a hit", "a retreat",
           "a block eliminated", "the combined force bonus", "artillery fire", "a jager skirmishes", "a jager ambushes",
           "victory", "victory on points", "sudden death"}


def _met(most: int) -> tuple[set[str], set[str], int]:
    """The kinds of command played and the kinds of battle and game ending met by rollout games of
    every scenario, with and without the optional rules, until all are met or `most` games are
    played; and how many were."""
    commands: set[str] = set()
    endings: set[str] = set()
    n = 0
    while n < most and not (commands >= COMMANDS and endings >= ENDINGS):
        scenario, options = (("bloody_monday", None), ("bloody_monday", EVERY_OPTION), ("last_blood", None))[n % 3]
        rng, state = random.Random(n), bloody_monday.setup(scenario, n, options)
        while bloody_monday.active_sides(state):
            side = rng.choice(bloody_monday.active_sides(state))
            cmd = bloody_monday.rollout_command(state, side, rng)
            words = cmd.to_text().split()
            commands.add(" ".join(words[:2]) if words[0] == "initiative" else words[0])
            before = state
            state, events = bloody_monday.apply(state, side, cmd)
            endings |= {_ending(before, e) for e in events} - {None}
        endings.add(state["outcome"]["level"] + (" on points" if scenario == "last_blood" else ""))
        n += 1
    return commands, endings, n


def _ending(before: dict, e: dict) -> str | None:
    if e["kind"] == "battle_over":
        return "still contested" if e["holder"] is None else \
            "held by the attacker" if e["holder"] == before["player"] else "held by the defender"
    if e["kind"] == "hit" and "shield" in e["text"]:
        return "a shield absorbs a hit"
    return {"retreat": "a retreat", "eliminated": "a block eliminated", "bonus": "the combined force bonus",
            "artillery": "artillery fire", "skirmish": "a jager skirmishes",
            "ambush": "a jager ambushes"}.get(e["kind"])


@pytest.mark.long
def test_whole_rollout_games_meet_every_kind_of_command_and_ending():
    commands, endings, games = _met(400)
    assert commands == COMMANDS, f"after {games} games"
    assert endings >= ENDINGS, f"after {games} games: {ENDINGS - endings} never met"
