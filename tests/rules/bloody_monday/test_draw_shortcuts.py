"""Issue 11.1: the shortcuts listing and drawing take give the answers of the long way round, over
every position of two recorded games (every optional rule, and none): an inspiration is judged by
the rule's own checks (impulses.may_inspire) exactly as trying it out on a copy judges it; the
units still free to move are `movable`'s answer for every unit at once (impulses.movers); and
the blocks that follow a leader (impulses.followers, kept per leader and options) are those that
`follows` him (5.1, 9.4, 9.5)."""
from pathlib import Path

import pytest

import rules
from rules.bloody_monday import commands as C
from rules.bloody_monday import dispatch, impulses, legal
from rules.bloody_monday.game import SIDES, Game, trial
from rules.core.errors import RulesError
from rules.core.playout import replay
from tests.corpus.record import read

CORPUS = Path(__file__).parents[2] / "corpus"
bloody_monday = rules.load("bloody_monday")


def _tried(g: Game, side: str, cmd: C.Command) -> bool:
    """The long way round: carry the command out on a copy."""
    try:
        dispatch(trial(g), side, cmd)
    except RulesError:
        return False
    return True


def _positions(name: str):
    game = read(CORPUS / f"{name}.txt")
    start = bloody_monday.setup(game.scenario, game.seed, game.options)
    for state, _ in replay(bloody_monday, start, game.commands):
        for side in bloody_monday.active_sides(state):
            yield Game(state), side


@pytest.mark.parametrize("name", ["bloody_monday-bloody_monday-all-options-8", "bloody_monday-bloody_monday-7"])
def test_shortcuts_answer_as_the_long_way_round(name):
    judged: dict[bool, int] = {True: 0, False: 0}
    moving = 0
    for g, side in _positions(name):
        imp = g.s["impulse"]
        if imp is None or g.s["phase"] != "impulses" or g.s["battle"]:
            continue
        for entry in legal._entries(g, side):  # the candidates, a unit's moves left unmade
            if isinstance(entry, tuple) and isinstance(entry[0], C.Inspire):
                cmd = entry[0]
                assert entry[1] and legal.works(g, side, cmd) == _tried(g, side, cmd), cmd.to_text()
                judged[_tried(g, side, cmd)] += 1
        units = frozenset(impulses.commanded(g))
        assert impulses.movers(g, side, units) == [b for b in g.on_map(side) if impulses.movable(g, b, units)]
        moving += bool(impulses.movers(g, side, units))
    assert judged[True] > 5 and judged[False] > 5, "inspirations both accepted and refused were judged"
    assert moving > 50


@pytest.mark.parametrize("options", [(), ("cossacks", "first_saber")])
def test_the_followers_of_a_leader_are_the_blocks_that_follow_him(options):
    g = Game(bloody_monday.setup("bloody_monday", 1, list(options)))
    leaders = [bid for bid, d in g.defs.items() if d.type == "tactical_leader"]
    for leader in leaders:
        assert impulses.followers(g, leader) == {b for b in g.defs if impulses.follows(g, leader, b)}
    platov = next(bid for bid in leaders if g.defs[bid].role == "cossack_leader")
    cossacks = {b for b, d in g.defs.items() if d.subtype == "cossack"}
    assert (impulses.followers(g, platov) == cossacks) == ("cossacks" in options), "9.5 changes who follows Platov"
    assert {side for side in SIDES if any(g.side(b) == side for b in impulses.followers(g, platov))}
