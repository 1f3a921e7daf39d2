"""1.2-1.2.4, 9.11-9.12: `movement.routes` keeps each search and hands it out again while the block,
its area, its move's rules, the command limits and the enemy presence in the areas the search
looked at are the same. Over the positions of a recorded game with every option on (command limit
included), each kept answer equals a fresh search, for every block on the map, engaging or not,
and kept answers are handed out again after enemy units moved elsewhere on the map."""
from pathlib import Path

import rules
from rules.bloody_monday import movement
from rules.bloody_monday.game import Game
from rules.bloody_monday.movement import Rules
from rules.core.playout import replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "bloody_monday-bloody_monday-all-options-8.txt"


def test_a_kept_search_equals_a_fresh_one():
    game = read(GAME)
    bloody_monday = rules.load("bloody_monday")
    checked = set()
    first: dict[int, tuple[dict, frozenset]] = {}  # id of an answer -> (it, the enemy's areas when first given)
    reused_elsewhere = 0
    for i, (state, _) in enumerate(replay(bloody_monday, bloody_monday.setup(game.scenario, game.seed, game.options),
                                          game.commands[:240])):
        if i % 30:
            continue
        g = Game(state)
        for n, bid in enumerate(g.on_map("french") + g.on_map("russian")):
            rules_of_move = (Rules(3), Rules(5, engage=False), Rules(4, disengage=False))[n % 3]
            kept = movement.routes(g, bid, rules_of_move)
            assert kept == movement._search(g, bid, rules_of_move)[0], f"after command {i + 1}: {bid}"
            assert movement.routes(Game(state), bid, rules_of_move) is kept, "the same position reuses it"
            checked.add((rules_of_move.engage, any(g.has_enemy(g.side(bid), a) for a in kept)))
            _, enemy = first.setdefault(id(kept), (kept, g.enemy_areas(g.side(bid))))
            reused_elsewhere += enemy != g.enemy_areas(g.side(bid))
    assert checked == {(True, True), (True, False), (False, False)}
    assert reused_elsewhere, "a search is kept while enemy units move only where it did not look"
