"""A position's placement (game.Placement: blocks by area, and what follows from it:
contested areas, areas holding the enemy, full areas, blocks on the map, room left) is worked out
once per placement. A command that moves a block takes over what the placement before had worked
out and brings only the areas it changed up to date (`Game._set_at`); a trial position takes over
the placement of the position it tries commands for; `keep` offers the placement to the next
command. Over every command of a recorded game, whatever a position carried over equals what a
position made afresh from the same state works out."""
from pathlib import Path

import rules
from rules.bloody_monday import dispatch, game
from rules.bloody_monday.game import Game, command_copy, trial
from tests.rules.bloody_monday.bm_helpers import placement_answers
from tests.corpus.record import read

CORPUS = Path(__file__).parents[2] / "corpus"
bloody_monday = rules.load("bloody_monday")


def test_a_command_carries_over_the_answers_a_fresh_position_gives():
    recorded = read(CORPUS / "bloody_monday-bloody_monday-all-options-8.txt")
    state = bloody_monday.setup(recorded.scenario, recorded.seed, recorded.options)
    moved = 0
    for side, text in recorded.commands:
        g = Game(command_copy(state), shared=True)
        placement_answers(g)
        before = g._p
        dispatch(g, side, bloody_monday.parse(side, text))
        carried = placement_answers(g)
        assert g._key is None or g._key == game._placed(g.s["blocks"]), "the key kept up to date (`_rekey`)"
        game._placements.clear()
        assert carried == placement_answers(Game(g.s)), f"after {side}: {text}"
        moved += g._p is not before
        state = g.s  # what `apply` returns
    assert moved > 50, "the games move blocks, so placements are carried over"


def test_keep_offers_the_placement_to_the_state_the_command_made():
    state = bloody_monday.setup("bloody_monday", 1)
    for text in ("tactical", "activate davout"):
        g = Game(command_copy(state), shared=True)
        dispatch(g, "french", bloody_monday.parse("french", text))
        game._placements.clear()
        g.keep()
        assert Game(g.s)._p is g._p, f"{text}: the next position of that state takes it over"
        state = g.s
    assert state["blocks"]["F-I-D"]["activated"]


def test_a_move_makes_a_placement_kept_under_the_blocks_new_places():
    state = bloody_monday.setup("bloody_monday", 1)
    g = Game(command_copy(state), shared=True)
    bid = g.on_map("french")[0]
    here = g.area(bid)
    there = min(n for n in g.areas[here].neighbours if not g.at[n])
    g.place(bid, there)
    game._placements.clear()
    g.keep()
    fresh = Game(g.s)
    assert fresh._p is g._p and bid in fresh.at[there] and bid not in fresh.at[here]
    assert Game(state).at[here] != fresh.at[here], "the state before keeps its own placement"


def test_a_trial_takes_over_the_placement_and_leaves_the_position_as_it_was():
    state = bloody_monday.setup("bloody_monday", 1)
    g = Game(state)
    tried = trial(g)
    assert tried._p is g._p and tried.s is not state
    bid = g.on_map("french")[0]
    tried.place(bid, min(n for n in g.areas[g.area(bid)].neighbours if not g.at[n]))
    assert tried.at is not g.at and g.area(bid) == state["blocks"][bid]["area"]
    assert Game(state).at == g.at


def test_a_block_placed_where_it_stands_leaves_and_comes_back():
    """Controlled Area: the area converts as if the block had left it, then counts it again."""
    state = bloody_monday.setup("bloody_monday", 1)
    g = Game(command_copy(state), shared=True)
    french, russian = g.on_map("french")[0], g.on_map("russian")[0]
    here = min(n for n, ids in g.at.items() if not ids)
    g.place(french, here)
    g.place(russian, here)
    assert g.contested(here) and g.owner(here) == "french"
    g.place(french, here)
    assert g.owner(here) == "russian" and g.contested(here) and french in g.at[here]
    assert g._key == game._placed(g.s["blocks"])
