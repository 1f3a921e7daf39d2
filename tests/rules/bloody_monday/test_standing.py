"""Bloody Monday standing orders: the defender's hit choice (5.3.6, asked at every
hit before the showdown) and the retreat after artillery fire (6.4)."""
import pytest

from rules.bloody_monday import combat
from rules.bloody_monday.commands import Hit
from rules.bloody_monday.game import Game
from tests.rules.bloody_monday.bm_helpers import battle, bm, position
from tests.rules.standing_playout import play


@pytest.mark.long
def test_whole_games_where_the_russian_never_chooses():
    games = [play("bloody_monday", "bloody_monday", seed=seed, side="russian", pick=seed) for seed in (0, 1, 2, 3)]
    assert all(game.outcome is not None for game in games)
    made = [m for game in games for m in game.made]
    assert {waiting["kind"] for waiting, _, _ in made} == {"hit", "retreat"}
    stood = [text for _, order, text in made if order == "stand"]
    assert stood and set(stood) == {"stand"}  # 6.4: declining the retreat


def test_a_standing_hit_goes_to_a_candidate_of_the_rules():
    """5.3.6: whatever the order, the hit goes to one of the candidates the rules name."""
    game = play("bloody_monday", "bloody_monday", seed=2, side="russian", pick=0, max_commands=200)
    hits = [(state, text) for state, (waiting, _, text) in zip(game.before, game.made, strict=True)
            if waiting["kind"] == "hit"]
    assert hits
    for state, text in hits:
        assert Game(state).resolve("russian", text.split()[1]) in state["battle"]["choice"]["candidates"]


@pytest.mark.parametrize("order, struck", [("protect_leaders", "R-1-A1"), ("protect_artillery", "R-1-BT")])
def test_between_a_leader_and_a_gun_the_order_says_which_is_spared(order, struck):
    """5.3.6.1: with no combat unit left, the hits fall on the support units, here a tactical
    leader and a gun of equal strength (4): the order picks the one to lose."""
    g = Game(position({"F-I-1": 55, "R-1-BT": 55, "R-1-A1": 55}, control={55: "russian"}))
    bt = battle(g, 55, shown=True)
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    assert sorted(bt["choice"]["candidates"]) == ["R-1-A1", "R-1-BT"]
    assert bm.standing_command(g.s, "russian", {"hit": order}) == Hit((struck,))
