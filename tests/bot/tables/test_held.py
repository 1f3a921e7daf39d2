"""Held orders (bot/tables/held.py) over the toy wager of tests/bot: which refused orders are held,
when they are due, and how a side's are kept, replaced and dropped."""
from __future__ import annotations

from bot.permissions import Actor
from bot.tables import held
from tests.bot import toy_wager

ANNA = Actor("1", "Anna")


def _after(*orders: tuple[str, str]) -> dict:
    state = toy_wager.setup("long", 1)
    for side, line in orders:
        state, _ = toy_wager.apply(state, side, toy_wager.parse(side, line))
    return state


def test_a_refused_order_of_the_side_is_held_while_a_choice_waits_unless_it_answers_it():
    answering = _after(("red", "shout"))  # Blue's answer waits
    assert held.waits_for_a_choice(toy_wager, answering, "red", "shout")
    assert held.waits_for_a_choice(toy_wager, answering, "red", "echo yes")  # not Red's question now
    assert not held.waits_for_a_choice(toy_wager, answering, "red", "shout louder")  # not an order
    assert not held.waits_for_a_choice(toy_wager, answering, "blue", "ANSWER hum")  # a wrong answer: told at once
    assert held.waits_for_a_choice(toy_wager, answering, "blue", "echo yes")
    assert not held.waits_for_a_choice(toy_wager, _after(), "red", "echo yes")  # no choice waits


def test_held_orders_are_due_once_no_choice_waits_and_the_side_may_act():
    assert held.due(toy_wager, _after(), "red")
    assert not held.due(toy_wager, _after(), "blue")  # Red shouts first
    assert not held.due(toy_wager, _after(("red", "shout")), "red")  # Blue's answer waits
    over = toy_wager.setup("short", 1) | {"turn": 2}
    assert not held.due(toy_wager, over, "red")


def test_a_sides_held_orders_are_kept_apart_replaced_and_dropped(service, game):
    store, other = service.store, service.new_game("toy_system", "short", seed=2)
    held.hold(store, game, held.Held("red", ANNA, ["shout", "echo no"]))
    assert held.held_by(store, game, "red") == held.Held("red", Actor("1", "Anna", False), ["shout", "echo no"])
    assert held.held_by(store, game, "blue") is None and held.held_by(store, other, "red") is None
    held.hold(store, game, held.Held("red", ANNA, ["plan calm"]))
    assert held.held_by(store, game, "red").lines == ["plan calm"]
    held.drop(store, game, "blue")  # nothing held there: nothing to drop
    assert held.held_by(store, game, "red").lines == ["plan calm"]
    held.drop(store, game, "red")
    assert held.held_by(store, game, "red") is None
