"""Issue 5, point 3, and Setup: Fog of War: "blocks are placed upright with the stickers facing the
owning player so that the enemy player cannot see them".

THE property: over hundreds of seeded random games, after every command, no public output
(view(state, None), events to "all") and no output addressed to one side (view(state, side),
events to that side) contains the id, label, type or strength of a block the rules keep hidden
from that audience. The ground truth is the state: a block is hidden from an audience when it is
an enemy block (for the public: any block) in a pool, or on the map and not revealed, before and
after the command (a showdown in between shows it: 5.3.3).
"""
from __future__ import annotations

import json
import random
import re

import pytest

from rules import load
from rules.bloody_monday.game import Game

bm = load("bloody_monday")
ID = re.compile(r"\b[FR]-[A-Za-z0-9-]+")
AUDIENCES = (None, "french", "russian")
WEIGHTS = {"pass": 0.15, "end": 0.3, "battle": 3.0, "retreat": 0.5}  # toward battles
HIDDEN_KEYS = {"side", "area", "revealed"}


def hidden(state: dict) -> dict[str | None, set[str]]:
    """For each audience, the blocks it may not see: enemy (public: all) blocks unrevealed or pooled."""
    g = Game(state)
    secret = {bid for bid, b in state["blocks"].items()
              if b["where"] == "pool" or (b["where"] == "map" and not g.revealed(bid))}
    return {a: {bid for bid in secret if g.side(bid) != a} for a in AUDIENCES}


def shown_areas(before: dict, after: dict) -> set[int]:
    """Areas whose battle reached or passed its showdown during the command (5.3.3)."""
    areas = {bt["area"] for bt in (before["battle"], after["battle"]) if bt}
    old, new = before["log"]["battles"], after["log"]["battles"]
    fresh = new[len(old):] if new[:len(old)] == old else new
    return areas | {b["area"] for b in fresh}


def kept_hidden(before: dict, after: dict, was: dict, now: dict) -> dict[str | None, set[str]]:
    seen = shown_areas(before, after)
    return {a: {bid for bid in was[a] & now[a] if before["blocks"][bid]["area"] not in seen} for a in AUDIENCES}


def assert_view_hides(view: dict, secret: set[str], audience: str | None) -> None:
    for u in view["units"]:
        if "id" not in u:
            assert set(u) == HIDDEN_KEYS and u["revealed"] is False, u
            assert u["side"] != audience, "a side sees its own blocks in full"
        else:
            assert u["id"] not in secret, f"{audience} view shows hidden {u['id']}"
    assert ("my_pool" in view) == (audience is not None)
    leaked = set(ID.findall(json.dumps(view))) & secret
    assert not leaked, f"{audience} view names hidden blocks {leaked}"


def assert_events_hide(events: list[dict], secrets: dict) -> None:
    for e in events:
        if e["to"] == "log":
            continue
        audience = None if e["to"] == "all" else e["to"]
        leaked = set(ID.findall(json.dumps(e))) & secrets[audience]
        assert not leaked, f"event to {e['to']} names hidden blocks {leaked}: {e['text']}"


def verb(cmd: object) -> str:
    return getattr(cmd, "verb", type(cmd).__name__.lower())


def weighted_choice(rng: random.Random, legal: list) -> object:
    """A random legal command, its verb first (so that battles come often enough to test)."""
    verbs = sorted({verb(c) for c in legal})
    chosen = rng.choices(verbs, [WEIGHTS.get(v, 1.0) for v in verbs])[0]
    return rng.choice([c for c in legal if verb(c) == chosen])


def play_and_check(seed: int, options: list[str], max_commands: int) -> set[str]:
    """Play one game, checking every output; returns the kinds of events seen."""
    rng = random.Random(seed)
    state = bm.setup("bloody_monday", seed, options)
    was = hidden(state)
    for audience in AUDIENCES:
        assert_view_hides(bm.view(state, audience), was[audience], audience)
    played, kinds = 0, set()
    while state["phase"] != "over" and played < max_commands:
        side = bm.active_sides(state)[0]
        cmd = weighted_choice(rng, bm.legal_commands(state, side))
        after, events = bm.apply(state, side, bm.parse(side, cmd.to_text()))
        now = hidden(after)
        assert_events_hide(events, kept_hidden(state, after, was, now))
        kinds |= {e["kind"] for e in events}
        for audience in AUDIENCES:
            assert_view_hides(bm.view(after, audience), now[audience], audience)
        state, was, played = after, now, played + 1
    return kinds


@pytest.mark.parametrize("chunk", range(8))
def test_no_output_reveals_a_hidden_block(chunk):
    """Eight chunks of 25 seeded games (200 in all, their first 40 commands: the opening clashes),
    half with every option in play; the chunk must have seen moves, artillery, showdowns and losses."""
    kinds: set[str] = set()
    for seed in range(chunk * 25, chunk * 25 + 25):
        options = list(bm.INFO.options) if seed % 2 else []
        kinds |= play_and_check(seed, options, max_commands=40)
    assert {"move", "showdown", "roll", "eliminated", "activate"} <= kinds


def test_no_output_reveals_a_hidden_block_in_whole_games():
    """Six whole games (to Turn 4 or a sudden death): logistics, reinforcements and restoring too."""
    for seed in range(1000, 1006):
        kinds = play_and_check(seed, list(bm.INFO.options) if seed % 2 else [], max_commands=400)
        assert "phase" in kinds


def test_the_chooser_alone_hears_which_units_may_take_a_hit():
    """5.3.6 / issue 5.3: the engine asks the owner privately; others only learn a choice is due."""
    for seed in range(40):
        rng = random.Random(seed)
        state = bm.setup("bloody_monday", seed)
        for _ in range(300):
            if state["phase"] == "over":
                break
            bt = state["battle"]
            if bt and bt["choice"]:
                who = bt["choice"]["side"]
                other = "russian" if who == "french" else "french"
                assert "hit" in bm.view(state, who)["prompt"]
                for audience in (None, other):
                    assert not set(ID.findall(bm.view(state, audience)["prompt"]))
                return
            side = bm.active_sides(state)[0]
            cmd = weighted_choice(rng, bm.legal_commands(state, side))
            state, _ = bm.apply(state, side, cmd)
    pytest.fail("no random game reached a choice of hits")


def swap(state: dict, a: str, b: str) -> dict:
    """The same position with two blocks' places, strengths and cubes exchanged."""
    out = json.loads(json.dumps(state))
    keys = ("where", "area", "strength", "cubes")
    for k in keys:
        out["blocks"][a][k], out["blocks"][b][k] = state["blocks"][b][k], state["blocks"][a][k]
    return out


def test_a_view_is_the_same_whatever_the_hidden_blocks_are():
    """OpenSpiel's per-player observation: "two states that differ only in what that player cannot see
    give that player the same view" - exchange two hidden Russian blocks (on the map or in the pool)."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = bm.setup("bloody_monday", seed)
        for _ in range(rng.randrange(5, 60)):
            if state["phase"] == "over":
                break
            side = bm.active_sides(state)[0]
            state, _ = bm.apply(state, side, weighted_choice(rng, bm.legal_commands(state, side)))
        secret = sorted(b for b in hidden(state)["french"] if not state["blocks"][b]["activated"])
        a, b = rng.sample(secret, 2)
        other = swap(state, a, b)
        if set(hidden(other)["french"]) != set(secret) or other["battle"]:
            continue
        for audience in (None, "french"):
            assert bm.view(other, audience) == bm.view(state, audience), (seed, a, b)
        checked += 1
    assert checked >= 8


def test_undo_never_crosses_a_die_or_a_reveal():
    """DESIGN / Rally the Troops: "Undo is cleared when dice are rolled or hidden information is
    revealed": such commands' events are irreversible; a hidden move is not."""
    from bm_helpers import do, position

    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-2": 16, "R-1-2J": 42})
    state, events = do(state, "french", "tactical")
    assert not any(e["irreversible"] for e in events)
    state, events = do(state, "french", "activate F-I-D")
    assert all(e["irreversible"] for e in events)
    state, events = do(state, "french", "move F-I-2 30")
    assert not any(e["irreversible"] for e in events)
    state, events = do(state, "french", "move F-I-1 42", "battle 42")
    assert all(e["irreversible"] for e in events)
