"""Combat (B-D): whether an attack leaves the owed attacks possible is judged on the contact
after it. `combat.contact_after` reads that off the contact before it; here it is compared with
the contact computed afresh on a copy of the position in which the attackers have attacked, the
defenders have been attacked and an empty redoubt attacked alone is marked so, for every attack
shape `legal.attack_candidates` offers in the Combat Phases of recorded games."""
from pathlib import Path

import rules
from rules.borodino import combat, legal
from rules.borodino.battle import Battle
from rules.core.play import copy_state
from rules.core.errors import RuleViolation
from rules.core.playout import replay
from tests.corpus.record import read

CORPUS = Path(__file__).parents[2] / "corpus"
borodino = rules.load("borodino")


def afresh(b: Battle, plan: combat.Plan) -> combat.Contact:
    s = copy_state(b.s)
    for u in plan.attackers:
        s["units"][u]["attacked"] = True
    for u in plan.defenders:
        s["units"][u]["defended"] = True
    if plan.redoubt_alone and plan.redoubt_defending:
        s["redoubts"][plan.redoubt_defending]["attacked"] = True
    return combat.contact(Battle(s), plan.side)


def positions():
    """The Combat Phases of a 7 September game and of a 5 September game with Doomed Victory."""
    for name in ("borodino-7sep-3.txt", "borodino-5sep-dv_leaders-dv_rally-10.txt"):
        game = read(CORPUS / name)
        yield from (state for state, _ in replay(borodino, borodino.setup(game.scenario, game.seed, game.options),
                                                 game.commands))


def test_the_contact_after_an_attack_is_the_one_computed_afresh():
    compared, shapes = 0, set()
    for i, state in enumerate(positions()):
        if i % 2 or state["phase"] != "combat" or state["pending"]:
            continue
        b, side = Battle(state), state["player"]
        before = combat.contact(b, side)
        for cmd in legal.attack_candidates(b, side, before):
            try:
                plan = combat.plan_attack(b, side, cmd, check_obligations=False)
            except RuleViolation:
                continue
            after, fresh = combat.contact_after(b, before, plan), afresh(b, plan)
            assert (after.edges, list(after.edges), after.required) == (fresh.edges, list(fresh.edges), fresh.required)
            compared += 1
            shapes.add((len(cmd.attackers) > 1, len(cmd.defenders) > 1, bool(before.required)))
    assert compared > 20 and len(shapes) >= 3, (compared, shapes)
