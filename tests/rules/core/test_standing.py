"""Standing orders' shared part: an order is checked against its system's table."""
import pytest

import rules
from rules.core.errors import CommandError
from rules.core.standing import ASK, check_order, command_for, defaults, given


@pytest.mark.parametrize("name", ["borodino", "bloody_monday"])
def test_every_system_declares_orders_with_words(name):
    table = rules.load(name).standing_orders()
    assert table and all(orders and all(text.strip() for text in orders.values())
                         for orders in table.values())
    assert all(ASK not in orders for orders in table.values())  # "ask" is everyone's, never listed


def test_an_unknown_kind_is_refused_naming_the_kinds():
    table = rules.load("borodino").standing_orders()
    with pytest.raises(CommandError, match="retreat, loss, advance, artillery"):
        check_order(table, "hits", "weakest")


def test_an_unknown_order_is_refused_naming_the_orders():
    table = rules.load("bloody_monday").standing_orders()
    with pytest.raises(CommandError, match="protect_leaders, protect_artillery, ask"):
        check_order(table, "hit", "weakest")


def test_ask_is_no_order_and_the_first_is_the_default():
    table = rules.load("borodino").standing_orders()
    assert check_order(table, "Advance", "ASK") == ASK
    assert given({"advance": ASK}, "advance") is None and given(None, "advance") is None
    assert defaults(table) == {"retreat": "away", "loss": "weakest", "advance": "never",
                               "artillery": "stay"}


def test_a_game_without_standing_orders_says_there_are_none():
    with pytest.raises(CommandError) as refused:
        check_order({}, "Advance", "never")
    assert str(refused.value) == ("'advance' is not a kind of choice that standing orders cover; "
                                  "they are: none in this game.")
    assert check_order({"advance": {"never": "stay"}}, "advance", "never") == "never"  # positive control


def test_ask_gives_no_command_and_an_order_gives_the_systems_command():
    waiting = {"kind": "advance", "side": "french"}
    obey = lambda kind, order: f"{kind}={order}"  # noqa: E731
    assert command_for(waiting, "french", {"advance": "ask"}, obey) is None
    assert command_for(waiting, "french", {"advance": "always"}, obey) == "advance=always"
