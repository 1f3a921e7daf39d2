"""Bloody Monday standing orders: the defender's hit choice (5.3.6, asked at every
hit before the showdown) and the retreat after artillery fire (6.4)."""
import pytest

from rules.bloody_monday import combat
from rules.bloody_monday.commands import Hit, Retreat
from rules.bloody_monday.game import Game
from rules.core.errors import RuleViolation
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


@pytest.mark.parametrize("leader, order, struck", [
    ("R-1-BT", "protect_leaders", "R-1-A1"), ("R-1-BT", "protect_artillery", "R-1-BT"),
    ("R-KUT", "protect_leaders", "R-1-A1"), ("R-KUT", "protect_artillery", "R-KUT")])
def test_between_a_leader_and_a_gun_the_order_says_which_is_spared(leader, order, struck):
    """5.3.6.1: with no combat unit left, the hits fall on the support units, here a leader (a
    tactical leader, or the supreme commander) and a gun of equal strength (4): the order picks the
    one to lose."""
    g = Game(position({"F-I-1": 55, leader: 55, "R-1-A1": 55}, control={55: "russian"}))
    bt = battle(g, 55, shown=True)
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    assert sorted(bt["choice"]["candidates"]) == sorted(["R-1-A1", leader])
    assert bm.standing_command(g.s, "russian", {"hit": order}) == Hit((struck,))


@pytest.mark.parametrize("defender, attacker, nearest_first", [("russian", "french", (52, 42)),
                                                               ("french", "russian", (42, 52))])
def test_the_retreat_order_stands_or_retreats_into_the_areas_nearest_the_own_edge(defender, attacker, nearest_first):
    """6.4: `own_lines` retreats the defender into his two controlled neighbours, 52 (east) and 42
    (west), the one nearer his own map edge first, every unit having room; `stand` declines."""
    state = position({"F-I-1": 44, "R-1-3": 44}, initiative=defender,
                     control={n: attacker for n in (45, 51, 54, 55)} | {42: defender, 52: defender})
    battle(Game(state), 44, attacker=attacker, stage="retreat")
    assert bm.standing_command(state, defender, {"retreat": "own_lines"}) == Retreat(nearest_first)
    assert bm.standing_command(state, defender, {"retreat": "stand"}).to_text() == "stand"


def test_9_1_a_jager_order_is_for_the_russian_player_of_a_game_with_the_rule():
    """9.1 (optional): "each full strength Russian Jager ... may either Skirmish or Ambush"; no jager
    choice falls to the French player, nor to anyone in a game without the rule."""
    plain, with_jagers = bm.setup("bloody_monday", 1), bm.setup("bloody_monday", 1, ["russian_jager"])
    bm.check_standing_order(with_jagers, "russian", "jager")
    bm.check_standing_order(plain, "french", "hit")
    for state, side in ((plain, "russian"), (with_jagers, "french")):
        with pytest.raises(RuleViolation) as refusal:
            bm.check_standing_order(state, side, "jager")
        assert refusal.value.rule == "9.1"


def test_5_3_6_the_hits_on_a_lone_block_are_its_only_answer():
    """Before the showdown, the hits on a side's one block in the area go to it: both players see the
    block is alone, so the answer is forced, every hit at once."""
    g = Game(position({"F-I-1": 44, "R-1-3": 44}))
    bt = battle(g, 44, stage="artillery")
    bt["due"]["russian"] = 2
    combat.apply_hits(g)
    assert bm.forced_answer(g.s) == (Hit(("R-1-3", "R-1-3")), "the only Russian block in 44")


def test_5_3_6_a_strongest_block_among_hidden_ones_is_still_asked():
    """Before the showdown, one of two blocks may be the only strongest: the rules leave its owner one
    answer, but whether the game waits must not tell the other player so, and he is asked."""
    g = Game(position({"F-I-1": 44, "R-1-3": (44, 3), "R-1-17": (44, 1)}))
    bt = battle(g, 44, stage="artillery")
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    assert bt["choice"]["candidates"] == ["R-1-3"] and bm.forced_answer(g.s) is None


def test_5_3_6_after_the_showdown_hits_that_end_alike_are_forced():
    """After the showdown the blocks stand face up: two hits on two equally strong blocks, the last
    volley's, leave each with one hit, whichever takes the first, so the answer is forced; one hit
    between them is not."""
    g = Game(position({"F-I-1": 44, "R-1-3": (44, 2), "R-1-17": (44, 2)}))
    bt = battle(g, 44, shown=True, volleys=[])
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    assert bm.forced_answer(g.s) is None
    bt["due"]["russian"] = 2
    cmd, why = bm.forced_answer(g.s)
    assert len(cmd.blocks) == 1 and why == "every way to apply these hits ends alike"


@pytest.mark.parametrize("due, forced", [(8, True), (2, True), (1, False)])
def test_5_3_6_after_the_showdown_blocks_eliminated_in_either_order_end_alike(due, forced):
    """After the showdown, hits enough for two blocks of strength 1 in 46 eliminate both whichever
    takes the first: the game that follows reads the eliminated as a count and a sum (2.4, 10.0), not
    the order they fell in, so the answer is forced; one hit eliminates one of them, a different
    outcome, and is asked. The blocks eliminated before the battle keep their place in the list."""
    g = Game(position({"F-I-1": 46, "R-1-3": (46, 1), "R-1-17": (46, 1), "R-1-11": (45, 3)}))
    g.eliminate("R-1-11")
    bt = battle(g, 46, shown=True, volleys=[])
    bt["due"]["russian"] = due
    combat.apply_hits(g)
    assert sorted(bt["choice"]["candidates"]) == ["R-1-17", "R-1-3"]
    answer = bm.forced_answer(g.s)
    assert (answer is not None) == forced
    assert len(bm.whole_answers(g.s, "russian")) == (1 if forced else 2)
    if forced:
        state, _ = bm.apply(g.s, "russian", answer[0])
        assert answer[1] == "every way to apply these hits ends alike"
        assert [e["id"] for e in state["eliminated"]][0] == "R-1-11"
        assert sorted(state["morale"]["russian"]) == ["R-1-11", "R-1-17", "R-1-3"]


def test_6_4_a_retreat_is_never_forced():
    """6.4: the defender may always decline the retreat and fight."""
    state = position({"F-I-1": 44, "R-1-3": 44}, initiative="russian", control={42: "russian"})
    battle(Game(state), 44, stage="retreat")
    assert bm.forced_answer(state) is None
