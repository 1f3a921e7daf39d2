"""Borodino standing orders: the victor's retreat choice (Retreat), the attacker's
exchange loss (CRT: Exchange), the advance after combat (Combat H) and spared artillery
(Artillery C) are made by a player's standing orders, as commands the rules accept."""
import random

import pytest

from rules import borodino
from rules.borodino import standing
from rules.borodino.battle import Battle
from rules.core.standing import ASK
from tests.rules.standing_playout import play


def test_whole_5_sept_games_where_the_russian_never_chooses():
    games = [play("borodino", "5sep", seed=seed, side="russian", pick=seed) for seed in range(3)]
    assert all(game.outcome is not None for game in games)
    made = [m for game in games for m in game.made]
    assert {waiting["kind"] for waiting, _, _ in made} >= {"retreat", "advance"}
    never = [text for waiting, order, text in made if (waiting["kind"], order) == ("advance", "never")]
    retreats = [text for waiting, _, text in made if waiting["kind"] == "retreat"]
    assert never and set(never) == {"stay"}  # Combat H: advancing is optional; "never" stays
    assert retreats and all(text.startswith("retreat ") for text in retreats)


def test_no_order_or_ask_leaves_the_choice_to_the_player():
    game = play("borodino", "5sep", seed=0, side="russian", pick=0)
    assert game.made, "this seed has a Russian choice"
    # the same position asked without orders: the engine gives no command
    assert standing.standing_command({"phase": "movement", "pending": None}, "russian", {"retreat": "away"}) is None
    assert standing.choice({"phase": "movement", "pending": None}) is None
    state = {"phase": "combat", "pending": {"steps": [{"kind": "advance", "chooser": "russian"}]}}
    assert standing.choice(state) == {"kind": "advance", "side": "russian"}
    assert standing.standing_command(state, "russian", {"advance": ASK}) is None
    assert standing.standing_command(state, "french", {"advance": "never"}) is None  # not his choice


def test_the_artillery_order_is_worded_as_the_question_it_answers():
    """Artillery (C): bombarding artillery "may voluntarily elect to suffer an 'Attacker Retreat'", also
    when it bombarded alone: the order says it never elects to retreat all the same, as the prompt asks,
    and names no "others" to retreat with."""
    assert standing.ORDERS["artillery"]["stay"] == (
        "artillery spared by a retreat result never elects to retreat all the same (Artillery C)")


def _exchange_with_a_gun_among_the_attackers() -> dict:
    """A 7 Sept position of random play (dice seed 57, its 128th command) where the French lose
    attackers in an exchange, one of them the artillery in 3724: five ways to give them up."""
    rng, state = random.Random(57), borodino.setup("7sep", 57, [])
    for _ in range(128):
        side = rng.choice(borodino.active_sides(state))
        state, _ = borodino.apply(state, side, borodino.sample_command(state, side, rng))
    assert borodino.choice(state) == {"kind": "loss", "side": "french"}
    return state


@pytest.mark.parametrize("order", ["weakest", "spare_artillery"])
def test_an_exchange_loss_gives_up_the_weakest_set_the_order_allows(order):
    """CRT, Exchange: the attacker loses units of at least the defender's strength, his choice which.
    `weakest` gives the set of fewest Combat Points; `spare_artillery` the weakest without a gun
    where one is offered."""
    state = _exchange_with_a_gun_among_the_attackers()
    b = Battle(state)
    offered = [c.units for c in borodino.legal_commands(state, "french")]
    cost = {units: sum(b.strength(b.at(h) or "") for h in units) for units in offered}
    guns = {units: any(b.is_artillery(b.at(h) or "") for h in units) for units in offered}
    assert any(guns.values()) and not all(guns.values())
    chosen = standing.standing_command(state, "french", {"loss": order})
    assert chosen is not None and chosen.units in offered
    allowed = [units for units in offered if order == "weakest" or not guns[units]]
    assert cost[chosen.units] == min(cost[units] for units in allowed) and chosen.units in allowed
    borodino.apply(state, "french", chosen)  # a command the rules accept
