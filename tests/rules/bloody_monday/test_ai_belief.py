"""rules/bloody_monday/ai/belief.py and the view's `position`: what a computer player may know of the
enemy's hidden blocks, and the boards it plans on."""
from __future__ import annotations

import json
import random

from rules.bloody_monday.ai.belief import Tracker, assign, believe, board, candidates
from rules.bloody_monday.bm_data import army, battlefield
from rules.bloody_monday.game import SIDES, Game, enemy_of
from rules.core.ai import addressed_to
from tests.rules.bloody_monday.bm_helpers import bm


def _random_game(seed: int, commands: int):
    """(state, side, events told to each side) after every command of a random game."""
    state, rng = bm.setup("bloody_monday", seed), random.Random(seed)
    seen: dict[str, list[dict]] = {side: [] for side in SIDES}
    for _ in range(commands):
        if not bm.active_sides(state):
            return
        side = bm.active_sides(state)[0]
        state, events = bm.apply(state, side, bm.sample_command(state, side, rng))
        for each in SIDES:
            seen[each] += [e for e in events if addressed_to(e, each)]
        yield state, {each: list(seen[each]) for each in SIDES}


def test_the_position_in_a_view_names_no_hidden_block_and_no_dice():
    """Setup, Fog of War: the position a side is handed holds its own blocks and the enemy blocks it
    may see; every other enemy block is named nowhere in it (its place is an unrevealed unit)."""
    checked = 0
    for state, _ in _random_game(4, 100):
        g = Game(state)
        for side in SIDES:
            position = bm.view(state, side)["position"]
            text = json.dumps(position)
            hidden = [b for b in state["blocks"] if not g.knows(side, b)]
            assert "dice" not in position and not [b for b in hidden if f'"{b}"' in text]
            assert set(position["blocks"]) == set(state["blocks"]) - set(hidden)
            checked += bool(hidden)
    assert checked > 60
    assert "position" not in bm.view(state, None)  # the public view gets none


def test_set_up_leaders_stand_on_their_icons_and_random_icons_spread_over_colour_and_kind():
    """Setup: leaders are deployed on their own icons; every other block is drawn for an icon of its
    corps colour and kind. Area 15 holds Eugene and two green infantry icons."""
    belief = Tracker("russian", []).belief
    tokens = belief.at(15)
    assert len(tokens) == 3 and {"F-IV-E": 1.0} in [t.odds for t in tokens]
    for t in tokens:
        if "F-IV-E" not in t.odds:
            kinds = {(army().blocks[b].colour, army().blocks[b].type) for b in t.odds}
            assert kinds == {("green", "infantry")} and abs(sum(t.odds.values()) - 1) < 1e-9
    assert len(belief.at(None)) == army().pools["french"].size  # the pool, fixed and drawn (Setup)


def test_a_route_too_long_for_infantry_was_made_by_a_mounted_unit():
    """2.1: slow units have 3 MPs, mounted ones 5. Area 20 holds a yellow infantry and a yellow
    cavalry icon; a block leaving it by four green areas (1 MP each, 1.2) is the cavalry, and the
    one left behind is the infantry."""
    route = [20, 6, 5, 4, 3]
    areas = battlefield().areas
    assert all(areas[n].colour == "green" for n in route[1:])
    assert not any(n in areas[m].kolocha for m, n in zip(route, route[1:], strict=False))
    tracker = Tracker("russian", [])
    text = "A French block moves 20 → 6 → 5 → 4 → 3."
    tracker.see({"kind": "move", "to": "all", "side": "french", "text": text})
    [moved], [stayed] = tracker.belief.at(3), tracker.belief.at(20)
    assert {army().blocks[b].type for b in moved.odds} == {"cavalry"}
    assert sum(w for b, w in stayed.odds.items() if army().blocks[b].type == "infantry") > 0.99


def test_a_showdown_names_the_hidden_blocks_of_its_area():
    """5.3.3: "both players simultaneously reveal their Units in the Area"."""
    tracker = Tracker("russian", [])
    blocks = sorted(b for b, d in army().blocks.items() if d.side == "french" and d.colour == "green"
                    and d.type == "infantry")[:2]
    names = ", ".join(f"French X ({b}, infantry)" for b in blocks)
    tracker.see({"kind": "showdown", "to": "all", "text": f"Showdown in 15 (5.3.3): French: {names}; Russian: x."})
    named = sorted(next(iter(t.odds)) for t in tracker.belief.at(15) if len(t.odds) == 1)
    assert named == sorted([*blocks, "F-IV-E"])
    assert not any(b in t.odds for t in tracker.belief.tokens if t.area != 15 for b in blocks)


def test_the_belief_points_to_the_hidden_blocks_far_better_than_a_blind_guess():
    """Over random games, the weight the belief's tokens in an area put on the blocks truly hidden
    there, against the share a uniform guess over the unseen blocks would give."""
    ratios = []
    for n, (state, seen) in enumerate(_random_game(1, 200)):
        if n % 40:
            continue
        view, g = bm.view(state, "russian"), Game(state)
        belief, unseen = believe(view, seen["russian"]), candidates(view)
        for t in belief.tokens:
            if t.area is not None:
                truth = [b for b in g.units(t.area, "french") if not g.knows("russian", b)]
                ratios.append(sum(t.odds.get(b, 0.0) for b in truth) / len(truth) * len(unseen))
    assert len(ratios) > 100 and sum(ratios) / len(ratios) > 5


def test_a_board_drawn_from_the_belief_matches_the_view_and_offers_the_real_legal_commands():
    """The board a plan is made on, drawn as level 1 draws it: the view's units area by area, each
    hidden enemy block once, and the active side's legal commands exactly those of the real
    position (hidden blocks decide none)."""
    checked = set()
    for n, (state, seen) in enumerate(_random_game(3, 220)):
        side = (bm.active_sides(state) or [None])[0]
        if side is None or (n % 7 and not state["battle"]):
            continue
        view = bm.view(state, side)
        belief, rng = believe(view, seen[side]), random.Random(n)
        position = board(view, belief, assign(belief, candidates(view), rng), rng)
        drawn = bm.view(position, side)
        assert [(u["side"], u["area"]) for u in drawn["units"]] == [(u["side"], u["area"]) for u in view["units"]]
        assert drawn["pools"] == view["pools"] and position["dice"] != state["dice"]
        assert [c.to_text() for c in bm.legal_commands(position, side)] == [c.to_text() for c in
                                                                          bm.legal_commands(state, side)]
        hidden = [b for b in state["blocks"] if Game(state).side(b) == enemy_of(side) and b in candidates(view)]
        assert sorted(b for b in position["blocks"] if b in hidden) == sorted(hidden)
        checked.add("battle" if state["battle"] else state["phase"])
    assert {"battle", "impulses", "logistics"} <= checked
