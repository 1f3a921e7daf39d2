"""Standing orders: what a player wants done when a mid-turn choice falls to them and
they are not there to type it.

Each system declares its kinds of choice and the orders a player may give for each, as data
(`OrderTable`: kind -> {order: what it does}); its `standing_command` turns the order that applies
into the very command the player could have typed, computed from that player's own knowledge
only, so it is stored, replayed and shown like any other. "ask" (or no order) leaves the choice to
the player; the first other order of a kind is what a deadline's default choice plays.

>>> table = {"advance": {"never": "stay put", "always": "advance"}}
>>> check_order(table, "advance", "Never")
'never'
>>> defaults(table)
{'advance': 'never'}
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.core.errors import CommandError

Command = TypeVar("Command")

ASK = "ask"  # no standing order: the game waits for the player
OrderTable = dict[str, dict[str, str]]  # kind of choice -> {order: what it does}


def check_order(table: OrderTable, kind: str, order: str) -> str:
    """The order in its normal spelling; CommandError naming what may be given instead."""
    kind, order = kind.strip().lower(), order.strip().lower()
    if kind not in table:
        kinds = ", ".join(table) or "none in this game"
        raise CommandError(f"{kind!r} is not a kind of choice that standing orders cover; they are: {kinds}.")
    if order != ASK and order not in table[kind]:
        raise CommandError(f"{order!r} is not a standing order for {kind}; give one of "
                           f"{', '.join([*table[kind], ASK])}.")
    return order


def defaults(table: OrderTable) -> dict[str, str]:
    """The order each kind falls back to when a deadline's default choice decides (the first)."""
    return {kind: next(iter(orders)) for kind, orders in table.items() if orders}


def given(orders: dict[str, str] | None, kind: str) -> str | None:
    """The order a player gave for this kind of choice, None for none or "ask".

    >>> given({"advance": "never", "retreat": "ask"}, "advance"), given({"retreat": "ask"}, "retreat")
    ('never', None)
    """
    order = (orders or {}).get(kind)
    return None if order in (None, ASK) else order


def choosers(waiting: dict) -> list[str]:
    """The sides a waiting choice falls to: its `side`, or, where several choose at once and in
    secret (1812's battle plans), every side of its `sides` that has not chosen yet.

    >>> choosers({"kind": "plan", "side": "french", "sides": ["french", "russian"]})
    ['french', 'russian']
    """
    return list(waiting.get("sides") or [waiting["side"]])


def command_for(waiting: dict | None, side: str, orders: dict[str, str] | None,
                obey: Callable[[str, str], Command]) -> Command | None:
    """The command `side`'s standing order gives at the choice waiting now (`choice(state)`):
    `obey(kind, order)` is what the system makes of the order that applies; None when the choice
    is not theirs, or they gave no order for it, or "ask".

    >>> waiting = {"kind": "advance", "side": "french"}
    >>> command_for(waiting, "french", {"advance": "never"}, lambda kind, order: f"{kind}: {order}")
    'advance: never'
    >>> command_for(waiting, "russian", {"advance": "never"}, lambda kind, order: "x") is None
    True
    """
    if waiting is None or side not in choosers(waiting):
        return None
    order = given(orders, waiting["kind"])
    return None if order is None else obey(waiting["kind"], order)


def every_command(table: OrderTable, give: Callable[[dict, str, dict[str, str]], object | None],
                  state: dict, side: str) -> dict[str, str | None]:
    """What each standing order of the `table` would play for `side` now, by `give` (a system's
    `standing_command`), as text (None: none, or no choice of that kind waits for `side`): what
    the swap tests compare, an order reading only what its player knows.

    >>> table = {"advance": {"never": "stay put", "always": "advance"}}
    >>> every_command(table, lambda state, side, orders: "advance 3019" if orders["advance"] == "always" else "stay",
    ...               {}, "french")
    {'advance never': 'stay', 'advance always': 'advance 3019'}
    """
    return {f"{kind} {order}": None if cmd is None else str(getattr(cmd, "to_text", lambda: cmd)())
            for kind, orders in table.items() for order in orders
            for cmd in [give(state, side, {kind: order})]}
