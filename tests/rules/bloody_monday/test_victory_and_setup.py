"""How to Win (A, B, C), 1.1 victory areas and the Flèches, 8.0 end of game with ties, 10.0 Last
Blood's points; Setup (random set-up by icon and colour, the pools, FAQ 1 and 2)."""
from __future__ import annotations

from collections import Counter

from rules.bloody_monday import victory
from rules.bloody_monday.bm_data import areas, blocks, pools
from tests.rules.bloody_monday.bm_helpers import bm, game, position

AREAS, BLOCKS = areas(), blocks()
VICTORY = (19, 41, 55, 62, 69, 107)


def test_a_killing_the_enemy_supreme_commander_wins_at_once():
    """How to Win A: "kills the enemy Supreme Commander"."""
    g = game(position({}))
    g.eliminate("R-KUT")
    assert victory.sudden_death(g)["winner"] == "french"


def test_b_all_seven_victory_areas_win_at_once():
    """How to Win B / 1.1: "Controlling all 7 is a sudden death result"; the Flèches need all three."""
    state = position({}, control={n: "french" for n in (*VICTORY, 57, 58)})
    assert victory.sudden_death(game(state)) is None
    state["control"]["59"] = "french"
    assert victory.sudden_death(game(state))["level"] == "sudden death"


def test_c_ten_blocks_but_not_jagers_militia_cossacks():
    """How to Win C: "eliminates 10 enemy blocks. Russian Militia, Jagers and Cossacks do not count"."""
    g = game(position({}))
    uncounted = [b for b in BLOCKS.values() if b.side == "russian" and b.subtype in ("jager", "militia", "cossack")]
    for b in uncounted[:12]:
        g.eliminate(b.id)
    assert victory.sudden_death(g) is None and not g.s["morale"]["russian"]
    counted = [b.id for b in BLOCKS.values() if b.side == "russian" and b.counts_for_morale and b.id != "R-KUT"]
    for bid in counted[:10]:
        g.eliminate(bid)
    assert victory.sudden_death(g)["winner"] == "french" and "R-C-P" in [b.id for b in BLOCKS.values()
                                                                         if b.counts_for_morale]


def test_1_1_a_tie_at_three_each_without_the_fleches():
    """1.1: "if the game ends, and each player controls three Victory Areas and neither controls the
    Fleches, the result is a TIE"."""
    state = position({}, control={19: "french", 41: "french", 55: "french", 57: "french"})
    result = victory.final_score(game(state))
    assert result == {"winner": None, "level": "tie",
                      "reason": "Turn 4 ends with equal victory areas (8.0): French 3, Russian 3."}
    state["control"].update({"57": "russian", "58": "russian", "59": "russian"})
    assert victory.final_score(game(state)) == {
        "winner": "russian", "level": "victory",
        "reason": "The Russian player ends Turn 4 with more victory areas (8.0): French 3, Russian 4."}


def test_10_0_last_blood_points():
    """10.0: 3 for the Flèches, 2 per victory area, 5 per gold shield, 3 per silver, 2 per other
    eliminated unit (Russian jagers, militia and cossacks 1)."""
    state = bm.setup("last_blood", 3)
    assert set(state["options"]) == set(bm.INFO.options)
    g = game(state)
    for bid in ("R-1-A1", "R-1-1Gr", "R-1-3", "R-1-1J"):
        g.eliminate(bid)
    assert victory.last_blood_points(g, "french") == 2 * 1 + 5 + 3 + 2 + 1
    assert victory.last_blood_points(g, "russian") == 3 + 2 * 5


def test_setup_every_icon_gets_a_block_of_its_colour_and_kind_faq_1_2():
    """Setup: "For each icon on the mapboard, randomly deploy a Unit with matching color and type";
    FAQ 1: light and heavy cavalry, foot and horse artillery together; FAQ 2: none left over."""
    for seed in range(5):
        state = bm.setup("bloody_monday", seed)
        on_map = Counter()
        for bid, b in state["blocks"].items():
            if b["where"] == "map":
                d = BLOCKS[bid]
                on_map[(b["area"], d.colour if not d.is_leader else d.id, d.setup_kind or d.id)] += 1
        wanted = Counter((n, i.colour or i.block, i.kind or i.block) for n, a in AREAS.items() for i in a.icons)
        assert on_map == wanted
        pooled = [bid for bid, b in state["blocks"].items() if b["where"] == "pool"]
        assert len(pooled) == 14 and {"F-G-B", "R-G-L"} <= set(pooled)
        assert all(state["blocks"][b]["strength"] == BLOCKS[b].strength for b in state["blocks"])


def test_setup_pools_drawn_at_random():
    """Setup: the French pool holds "one of the two blue Artillery*, and one of the six red Heavy
    Cavalry*" (*Randomly Drawn); different seeds draw differently."""
    fixed = set(pools()["french"].blocks)
    draws = {frozenset(b for b, x in bm.setup("bloody_monday", s)["blocks"].items()
                       if x["where"] == "pool" and b.startswith("F-") and b not in fixed) for s in range(12)}
    assert len(draws) > 1 and all(len(d) == 2 for d in draws)


def test_the_public_view_of_the_opening():
    """Setup / Fog of War: the public sees where blocks stand, not what they are."""
    view = bm.view(bm.setup("bloody_monday", 1), None)
    assert view["viewer"] is None and view["turn"] == 1 and view["phase"] == "impulses"
    assert all(set(u) == {"side", "area", "revealed"} for u in view["units"])
    assert view["pools"] == {"french": 7, "russian": 7} and "my_pool" not in view
    mine = bm.view(bm.setup("bloody_monday", 1), "french")
    assert all("id" in u for u in mine["units"] if u["side"] == "french") and len(mine["my_pool"]) == 7
