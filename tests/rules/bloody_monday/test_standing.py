"""Bloody Monday standing orders (issue 10.1): the defender's hit choice (5.3.6, asked at every
hit before the showdown: issue 9.4) and the retreat after artillery fire (6.4)."""
import pytest

from rules.bloody_monday.game import Game
from tests.rules.standing_playout import play


@pytest.mark.long
def test_whole_games_where_the_russian_never_chooses():
    games = [play("bloody_monday", "bloody_monday", seed=seed, side="russian", pick=seed) for seed in (0, 1, 2, 3)]
    assert all(game.outcome is not None for game in games)
    made = [m for game in games for m in game.made]
    assert {waiting["kind"] for waiting, _, _ in made} == {"hit", "retreat"}
    for waiting, order, text in made:
        if order == "stand":
            assert text == "end"  # 6.4: declining the retreat


def test_a_hit_goes_to_a_candidate_and_spares_leaders_where_it_can():
    game = play("bloody_monday", "bloody_monday", seed=2, side="russian", pick=0, max_commands=200)
    hits = [(state, text) for state, (waiting, _, text) in zip(game.before, game.made, strict=True)
            if waiting["kind"] == "hit"]
    assert hits
    for state, text in hits:
        g = Game(state)
        candidates = state["battle"]["choice"]["candidates"]
        chosen = g.resolve("russian", text.split()[1])
        assert chosen in candidates  # 5.3.6: the strongest units, primary targets first
        if any(not g.is_leader(b) and g.defs[b].type != "artillery" for b in candidates):
            assert not g.is_leader(chosen) and g.defs[chosen].type != "artillery"
