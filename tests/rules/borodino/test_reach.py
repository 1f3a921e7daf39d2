"""Who may attack whom is looked for only where an enemy unit is within reach
(Combat A: attackers adjacent; Artillery, General Rule: artillery also at two hexes). A session
counts, move by move, each side's units by hex and the enemy units within each unit's reach;
these are checked after every command of rollout games against the same counted afresh, and
the attack edges found from them (`combat.capable_edges`) against every unit and every target
tried one by one, in the order of the unit table. The tables the searches read (the steps of
each side, the neighbours engaged across each hexside) are checked against the rules they
shorten."""
from __future__ import annotations

import random

import rules.borodino as borodino
from rules.borodino import combat
from rules.borodino.battle import SIDES, Battle, engaged_around, enemy_of
from rules.borodino.movement import closed_fronts, open_steps, passable_from, passable_steps
from rules.core.hexes import distance, within
from rules.core.play import copy_state

GAMES = [("7sep", 5, {}), ("grand", 6, {"additional_forces": True, "imperial_guard": True}),
         ("5sep", 7, {"dv_leaders": True, "dv_rally": True})]


def positions(scenario: str, seed: int, options: dict, commands: int = 300):
    """The session's position after each command of a rollout game."""
    game, rng = borodino.session(borodino.setup(scenario, seed, options)), random.Random(seed)
    for _ in range(commands):
        if not game.active_sides():
            return
        side = game.active_sides()[0]
        cmd = game.rollout_command(side, rng)
        assert cmd is not None
        game.apply(side, cmd)
        yield game.battle


def reach_afresh(b: Battle) -> dict[str, int]:
    """For each unit on the map, the enemy units within its reach (1 hex; 2 for artillery)."""
    out: dict[str, int] = {}
    for h, uid in b.occupant.items():
        near = sum(1 for e in within(h, 2 if b.is_artillery(uid) else 1) if b.side_at(e) == enemy_of(b.side(uid)))
        if near:
            out[uid] = near
    return out


def edges_one_by_one(b: Battle, side: str) -> dict[str, list[str]]:
    """Combat (A, D): every available attacker of the side in the order of the unit table, with
    every available target it may strike (`combat.strike_refusal`): enemy units in the order of
    the unit table, then, for the French, the empty active redoubts (Redoubts E, I)."""
    units = b.s["units"]
    targets = [u["hex"] for uid, u in units.items() if u["where"] == "map" and b.side(uid) == enemy_of(side)
               and not u["defended"] and not u["advanced"]]
    if side == "french":
        targets += [h for h in b.map.redoubts if b.at(h) is None and b.redoubt_active(h)
                    and not b.s["redoubts"][h]["attacked"]]
    out = {}
    for uid, u in units.items():
        if u["where"] != "map" or b.side(uid) != side or u["attacked"] or u["advanced"] \
                or (b.doomed and combat.dv_combat.why_barred(b, uid)):
            continue
        strikes = [t for t in targets if combat.strike_refusal(b.map, b.is_artillery(uid), u["hex"], t) is None]
        if strikes:
            out[uid] = strikes
    return out


def test_the_reach_counted_move_by_move_is_the_reach_counted_afresh():
    """After every third command (moves, retreats, advances, losses, exits, reinforcements placed)."""
    checked = 0
    for scenario, seed, options in GAMES:
        for i, b in enumerate(positions(scenario, seed, options)):
            if i % 3:
                continue
            assert b.reach == reach_afresh(b)
            fresh = Battle(copy_state(b.s))
            for side in SIDES:
                assert b.held is not None and b.held[side] == fresh.stands[side]  # the same units by hex
                assert b.in_reach(side) == fresh.in_reach(side)  # kept and looked for: the same, in order
            checked += 1
    assert checked > 200


def test_the_attack_edges_are_those_found_unit_by_unit_and_target_by_target():
    """Combat (A, D); Artillery (D, F, I): in a session (the reach kept) and in a position built
    afresh (the reach looked for), in the order of the unit table."""
    seen = {"artillery at two hexes": False, "several targets": False, "an empty redoubt": False,
            "a redoubt's own attack": False}
    for scenario, seed, options in GAMES:
        for b in positions(scenario, seed, options):
            if b.s["phase"] != "combat" or b.s["pending"]:
                continue
            for side in SIDES:
                expected = edges_one_by_one(b, side)
                assert combat.capable_edges(b, side) == expected
                assert combat.capable_edges(Battle(copy_state(b.s)), side) == expected
                fronts = {f"R{h}": {f: False for f in r.front if b.side_at(f) == "french"
                                    and not b.unit(b.occupant[f])["defended"] and not b.unit(b.occupant[f])["advanced"]}
                          for h, r in b.map.redoubts.items() if side == "russian" and b.redoubt_active(h)
                          and not b.s["redoubts"][h]["attacked"]}  # Redoubts (I): a redoubt attacks on its own
                kept = combat.contact(b, side).edges
                own = {a: t for a, t in kept.items() if a not in b.s["units"]}  # a redoubt: R<hex>
                assert own == {a: t for a, t in fronts.items() if t}
                seen["a redoubt's own attack"] |= any(a not in b.s["units"] for a in kept)
                for a, targets in expected.items():
                    seen["several targets"] |= len(targets) > 1
                    seen["artillery at two hexes"] |= any(distance(b.hex_of(a), t) == 2 for t in targets)
                    seen["an empty redoubt"] |= any(b.at(t) is None for t in targets)
    assert all(seen.values()), seen


def test_a_unit_off_the_numbered_hexes_is_in_no_one_s_reach():
    """A position (a test's) may hold a unit whose hex has no number: looking for the units in
    reach passes it by; a unit beside an enemy is found (positive control)."""
    state = borodino.setup("7sep", 1)
    for u in state["units"].values():
        u.update(where="removed", hex=None)
    state["units"]["F-I-2"].update(where="map", hex="2020")
    state["units"]["R-VIII-12"].update(where="map", hex="2021")
    state["units"]["R-VIII-2Gr"].update(where="map", hex=None)
    assert Battle(state).in_reach("french") == ["F-I-2"] and Battle(state).in_reach("russian") == ["R-VIII-12"]


def test_the_steps_of_each_side_are_the_passable_steps_less_the_closed_redoubt_fronts():
    """Russian Redoubts (B): the French may not cross the front hexside of an intact redoubt."""
    state = borodino.setup("7sep", 1)
    b = Battle(state)
    entry = [u["entry"] for u in state["units"].values() if u.get("entry")] + ["2100", "5050"]
    russian = open_steps(b, "russian")
    assert all(russian[h] == passable_steps(b.map)[h] for h in b.map.hexes)
    for destroyed in (set(), set(list(state["redoubts"])[:2])):
        for h, r in state["redoubts"].items():
            r["destroyed"] = h in destroyed
        steps, closed = open_steps(b, "french"), closed_fronts(b)
        assert closed, "an intact redoubt closes its front"
        for h in [*b.map.hexes, *entry]:
            assert steps[h] == tuple((n, c) for n, c in passable_from(b.map, h) if (h, n) not in closed)


def test_the_neighbours_engaged_are_all_but_those_across_a_plain_river():
    """Combat (B) and the Terrain Effects Chart (`Battle.engaged`): across fords and bridges too."""
    b = Battle(borodino.setup("7sep", 1))
    rivers = 0
    for h in b.map.hexes:
        assert engaged_around(b.map, h) == tuple(n for n in b.map.adjacent(h) if b.engaged(h, n))
        rivers += len(b.map.adjacent(h)) - len(engaged_around(b.map, h))
    assert rivers > 0
