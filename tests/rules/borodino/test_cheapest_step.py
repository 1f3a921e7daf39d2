"""Movement: a one-hex move into an adjacent empty hex that costs 1 MP, the least any step can
cost (Terrain Effects Chart), needs no route search (`movement._cheapest_step`): any other path
enters two hexes or more. Where it answers, the route search agrees on the cost and on the
path; where the step costs more (a ford, a stream) or is barred, it leaves the move to the
search. Checked for every unit of the player to move and every hex around it, in the Movement
Phases of a recorded game."""
from pathlib import Path

import rules
from rules.borodino import movement
from rules.borodino.battle import Battle
from rules.core.playout import replay
from tests.corpus.record import read

GAME = Path(__file__).parents[2] / "corpus" / "borodino-7sep-imperial_guard-4.txt"


def test_the_cheapest_step_agrees_with_the_route_search():
    game = read(GAME)
    borodino = rules.load("borodino")
    answered = searched = 0
    for i, (state, _) in enumerate(replay(borodino, borodino.setup(game.scenario, game.seed, game.options),
                                          game.commands)):
        if i % 40 or state["phase"] != "movement" or state["pending"]:
            continue
        b, side = Battle(state), state["player"]
        for uid in b.on_map(side):
            if movement.why_immobile(b, side, uid):
                continue
            options = movement.reachable(b, uid)
            for dest in b.map.adjacent(b.hex_of(uid)):
                cost = movement._cheapest_step(b, side, uid, dest)
                if cost is None:
                    searched += dest in options
                    continue
                answered += 1
                assert options.get(dest) == cost == 1, (i, uid, dest)
                assert movement.cheapest_path(b, uid, dest) == (dest,)
    assert answered > 50 and searched > 5, (answered, searched)
