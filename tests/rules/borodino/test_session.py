"""A game played forward in place (rules/borodino/session.py) is the game `apply`
plays: the same commands drawn and the same states after each, under every policy, in every
scenario with and without the options, while the caller's state stays as it was. What the
session keeps between commands (the hex index, the units by side, each side's zones of control
counted move by move, the enemy contact of a position, each unit's retreat) is checked against
the same worked out afresh, and a refused command leaves the session refusing every later use."""
from __future__ import annotations

import random

import pytest

import rules.borodino as borodino
from rules.borodino import combat, results
from rules.borodino.battle import RING, SIDES, Battle, zoc_reach
from rules.borodino.session import Session
from rules.core.errors import RuleViolation
from rules.core.play import copy_state
from tests.rules.sessions import follows_apply, plays_as_apply

GAMES = [("7sep", {}), ("7sep", {"imperial_guard": True}), ("grand", {"additional_forces": True}),
         ("5sep", {"dv_leaders": True, "dv_rally": True}), ("6sep", {})]


def step(game: Session, rng: random.Random) -> None:
    """One command of the rollout policy, drawn and carried out in the session."""
    side = game.active_sides()[0]
    cmd = game.rollout_command(side, rng)
    assert cmd is not None, "an active side always has a command"
    game.apply(side, cmd)


PLAYS = [("rollout", 5000, *GAMES[0]), ("rollout", 250, *GAMES[1]), ("rollout", 150, *GAMES[2]),
         ("rollout", 50, *GAMES[3]), ("rollout", 150, *GAMES[4]), ("sample", 60, *GAMES[1]),
         ("sample", 40, *GAMES[3]), ("uniform", 8, *GAMES[3])]


@pytest.mark.parametrize("policy, commands, scenario, options", PLAYS)
def test_a_session_plays_the_game_apply_plays(policy, commands, scenario, options):
    plays_as_apply(borodino, policy, commands, scenario, options)


def test_each_state_of_a_session_is_the_state_apply_gives_and_the_start_is_untouched():
    follows_apply(borodino, borodino.setup("7sep", 4, {"imperial_guard": True}), 4, 150)


def test_a_refused_command_ends_the_session():
    game = borodino.session(borodino.setup("7sep", 1))
    side = game.active_sides()[0]
    legal = game.legal_commands(side)
    assert game.legal_commands("russian") == [] and game.sample_command("russian", random.Random(1)) is None
    assert game.rollout_command("russian", random.Random(1)) is None
    game.apply(side, legal[0])  # positive control: a legal command is carried out
    with pytest.raises(RuleViolation):
        game.apply(side, borodino.parse(side, "attack 3224 -> 3223"))  # a Movement Phase (Turns of Play)
    with pytest.raises(RuntimeError, match="start a new session"):
        game.active_sides()


def control_afresh(b: Battle) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    for h, uid in b.occupant.items():
        counts = out["russian" if b.side(uid) == "french" else "french"]
        for n in zoc_reach(b.map, h):
            counts[n] = counts.get(n, 0) + 1
    return out


def test_zones_of_control_counted_move_by_move_are_those_counted_afresh():
    """ZOC (A, H): after every command of rollout games (moves, retreats, advances, losses, exits)."""
    hexes = sorted(Battle(borodino.setup("7sep", 1)).map.hexes)
    checked = 0
    for seed in (5,):
        game, rng = borodino.session(borodino.setup("7sep", seed)), random.Random(seed)
        while game.active_sides():
            step(game, rng)
            b = game.battle
            assert b.control == control_afresh(b)
            if checked % 40 == 0:
                fresh = Battle(copy_state(b.s))
                for s in SIDES:
                    assert {h for h in hexes if b.in_enemy_zoc(s, h)} == fresh.zocs[s]
            checked += 1
    assert checked > 100


def test_the_units_by_side_follow_the_unit_table_whatever_order_they_moved_in():
    game, rng = borodino.session(borodino.setup("7sep", 2)), random.Random(2)
    for _ in range(60):
        step(game, rng)
    b = game.battle
    assert list(b.occupant.values()) != [uid for uid, u in b.s["units"].items() if u["where"] == "map"]
    for side in SIDES:
        assert list(b.stands[side].items()) == [(u["hex"], uid) for uid, u in b.s["units"].items()
                                                if u["where"] == "map" and b.side(uid) == side]


def test_the_retreats_kept_in_a_position_are_those_worked_out_afresh():
    """Retreat and Displacement: a position keeps each unit's retreat hexes (results.retreat_steps)
    and whether its retreat is open (retreat_open_here) until a unit moves or a redoubt's mark
    changes; asked before and after every command of a rollout game, with the friends next to the
    unit involved, they are what a fresh position says."""
    game, rng = borodino.session(borodino.setup("7sep", 4)), random.Random(4)
    checked = 0
    while game.active_sides() and checked < 20000:
        b = game.battle
        fresh = Battle(copy_state(b.s))
        for uid in b.on_map():
            side, h = b.side(uid), b.hex_of(uid)
            friends = frozenset(f for n in RING[h] if (f := b.at(n)) is not None and b.side(f) == side)
            assert results.retreat_steps(b, side, h) == results.retreat_steps(fresh, side, h)
            assert results.retreat_open_here(b, uid, friends) == results.retreat_open_here(fresh, uid, friends)
            checked += 1
        step(game, rng)
    assert checked >= 20000


def combat_position() -> dict:
    """A French Combat Phase with attacks owed, reached by a rollout game."""
    game, rng = borodino.session(borodino.setup("7sep", 3)), random.Random(3)
    while True:
        s = game.state
        if s["phase"] == "combat" and not s["pending"] and combat.contact(Battle(copy_state(s)), s["player"]).required:
            return copy_state(s)
        step(game, rng)


def test_the_contact_is_kept_until_a_unit_or_a_redoubt_changes():
    state = combat_position()
    b, side = Battle(state), state["player"]
    first = combat.contact(b, side)
    assert combat.contact(b, side) is first  # kept
    uid = next(a for a, targets in first.edges.items() if targets and a in state["units"])
    b.edit(uid)["attacked"] = True  # Combat (D): it has attacked
    after = combat.contact(b, side)
    assert after is not first and uid not in after.edges
    fresh = combat.contact(Battle(copy_state(b.s)), side)
    assert (after.edges, after.required) == (fresh.edges, fresh.required)
    h = next(iter(b.s["redoubts"]))
    b.s["redoubts"][h]["destroyed"] = not b.s["redoubts"][h]["destroyed"]  # read with the contact
    assert combat.contact(b, side) is not after
    kept = combat.contact(b, side)
    b.forget()
    assert combat.contact(b, side) is not kept


def test_the_contact_is_not_kept_under_doomed_victory():
    """Doomed Victory 6.10, 8.10: whether a unit may attack also reads the leaders."""
    state = combat_position()
    state["broken"] = []
    b = Battle(state)
    assert combat.contact(b, state["player"]) is not combat.contact(b, state["player"])
    assert combat.contact(b, state["player"]) == combat.contact(Battle(copy_state(state)), state["player"])


def test_an_end_refused_names_the_attacks_still_owed():
    """Combat (B): `end` read off the kept contact refuses with every unit still due."""
    state = combat_position()
    side = state["player"]
    due = combat.obligations(Battle(state), side)
    with pytest.raises(RuleViolation, match="still due") as refused:
        borodino.apply(state, side, borodino.parse(side, "end"))
    b = Battle(state)
    for a in due[0]:
        assert b.describe(a) in str(refused.value)
    for h in due[1]:
        assert h in str(refused.value)
