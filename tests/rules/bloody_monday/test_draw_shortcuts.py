"""The shortcuts listing and drawing take give the answers of the long way round, over
every position of two recorded games (every optional rule, and none): an inspiration is judged by
the rule's own checks (impulses.may_inspire) exactly as trying it out on a copy judges it; the
units still free to move are `movable`'s answer for every unit at once (impulses.movers); and
the blocks that follow a leader (impulses.followers, kept per leader and options) are those that
`follows` him (5.1, 9.4, 9.5); a unit's or leader's moves and activations are counted as many as
they are listed (legal.Moves); the lengths of paths through friendly areas that are kept
(movement.distances: isolation 4.1, tactical range 5.1.1) are those a search finds afresh; and
the rollout policy draws each leader's activation alike."""
from pathlib import Path

import pytest

import rules
from rules.bloody_monday import commands as C
from rules.bloody_monday import dispatch, impulses, legal, movement
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
    moving = counted = 0
    for i, (g, side) in enumerate(_positions(name)):
        assert g.leaders(side) == [b for b in g.on_map(side) if g.is_leader(b)]
        chief = [g.chief(side)] if g.entry(g.chief(side))["where"] == "map" else []
        for leader in (g.leaders(side) + chief) if i % 4 == 0 else []:
            here = g.area(leader)
            for limit in (None, 2):  # a LoC (4.1.1), a tactical range (5.1.1)
                kept = movement.distances(g, side, here, limit)
                assert kept == movement._distances(g, side, here, limit) and movement.distances(
                    Game(g.s), side, here, limit) is kept, f"{leader} from {here} within {limit}"
        imp = g.s["impulse"]
        if imp is None or g.s["phase"] != "impulses" or g.s["battle"]:
            continue
        for entry in legal._entries(g, side):  # the candidates, a unit's moves left unmade
            if isinstance(entry, legal.Moves) and i % 4 == 0:
                assert legal.Moves(g, entry.bid, entry.barred).count == len(entry.make()), entry.bid
                counted += 1
            if isinstance(entry, tuple) and isinstance(entry[0], C.Inspire):
                cmd = entry[0]
                assert entry[1] and legal.works(g, side, cmd) == _tried(g, side, cmd), cmd.to_text()
                judged[_tried(g, side, cmd)] += 1
        units = frozenset(impulses.commanded(g))
        assert impulses.movers(g, side, units) == [b for b in g.on_map(side) if impulses.movable(g, b, units)]
        moving += bool(impulses.movers(g, side, units))
    assert judged[True] > 5 and judged[False] > 5, "inspirations both accepted and refused were judged"
    assert moving > 50 and counted > 100


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


class _Drawn:
    """A stand-in for random.Random that answers `randrange` from a list and records each range."""

    def __init__(self, *answers: int) -> None:
        self.answers, self.ranges = list(answers), list[int]()

    def randrange(self, n: int) -> int:
        self.ranges.append(n)
        return self.answers.pop(0)


def test_the_rollout_draws_each_activation_of_every_leader_alike():
    """5.1: in the activation segment, "activate" is drawn as one kind of command, then one of the
    activations of all leaders alike (not a leader first), as when they were listed one by one."""
    state = bloody_monday.setup("bloody_monday", 1)
    state, _ = bloody_monday.apply(state, "french", C.Word("tactical"))
    g = Game(state)
    offered = [c for c in bloody_monday.legal_commands(state, "french")
               if isinstance(c, C.Activate) and g.is_leader(c.block)]
    assert len({c.block for c in offered}) > 2
    for i in (0, len(offered) // 2, len(offered) - 1):
        drawn = _Drawn(0, i)  # the first kind offered is "activate"
        assert legal.rollout(g, "french", drawn) == offered[i]
        assert drawn.ranges[1] == len(offered)
