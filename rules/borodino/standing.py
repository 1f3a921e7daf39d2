"""Standing orders for Borodino's mid-turn choices (rules.core.standing).

A combat result waits for its chooser (results.py): the victor chooses where each loser retreats
(Retreat), the attacker which units an exchange costs (CRT: Exchange), the owner of spared
artillery whether it retreats all the same (Artillery C), and the victor whether to advance
(Combat H). An open game: every order reads the whole board, as the player would.
"""
from __future__ import annotations

from rules.borodino import results
from rules.borodino.battle import Battle
from rules.borodino.commands import Advance, Command, Lose, Retreat, Stay
from rules.core.hexes import Hex, distance
from rules.core.standing import OrderTable, command_for

ORDERS: OrderTable = {
    "retreat": {
        "away": "each enemy unit I make retreat goes to the open hex farthest from my units (Retreat)",
        "off_objectives": "the same, but never into a redoubt or town while another hex is open",
    },
    "loss": {
        "weakest": "an exchange costs the set of attackers with the fewest Combat Points, then the fewest units "
                   "(CRT: Exchange)",
        "spare_artillery": "an exchange costs as few artillery units as possible, then the weakest set",
    },
    "advance": {
        "never": "my units stay after combat (Combat H)",
        "redoubt": "advance the strongest unit that can into a vacated redoubt, else stay",
        "always": "advance the strongest unit that can into a vacated hex (a redoubt first)",
    },
    "artillery": {
        "stay": "artillery spared by a retreat result never elects to retreat all the same (Artillery C)",
    },
}
KINDS = {"retreat": "retreat", "lose": "loss", "advance": "advance", "voluntary": "artillery"}


def choice(state: dict) -> dict | None:
    """The choice a combat result waits for: its kind (a key of ORDERS) and chooser, or None."""
    pending = state.get("pending")
    if state["phase"] == "over" or not pending or not pending["steps"]:
        return None
    step = pending["steps"][0]
    return {"kind": KINDS[step["kind"]], "side": step["chooser"]}


def standing_command(state: dict, side: str, orders: dict[str, str] | None) -> Command | None:
    """The command `side`'s standing order gives at the waiting choice; None: ask the player."""
    return command_for(choice(state), side, orders,
                       lambda kind, order: _obey(Battle(state), side, kind, order))


def _obey(b: Battle, side: str, kind: str, order: str) -> Command:
    """The command an order of this kind gives at the first step of the pending result."""
    options = results.options_of(b, b.s["pending"]["steps"][0])
    if kind == "retreat":
        return _retreat(b, side, options, avoid=order == "off_objectives")
    if kind == "loss":
        return _loss(b, options, spare_artillery=order == "spare_artillery")
    if kind == "advance":
        return _advance(b, options, order)
    return Stay()


def _retreat(b: Battle, side: str, options: list[tuple[Hex, str | None]], avoid: bool) -> Retreat:
    mine = [b.hex_of(u) for u in b.on_map(side)]

    def key(option: tuple[Hex, str | None]) -> tuple:
        h, displaced = option
        held = h in b.map.redoubts or h in b.map.towns
        return (avoid and held, displaced is not None, -min((distance(h, m) for m in mine), default=0), h)

    return Retreat(min(options, key=key)[0])


def _loss(b: Battle, options: list[tuple[str, ...]], spare_artillery: bool) -> Lose:
    def key(units: tuple[str, ...]) -> tuple:
        guns = sum(1 for u in units if b.is_artillery(u))
        return (guns if spare_artillery else 0, sum(b.strength(u) for u in units), len(units),
                sorted(b.hex_of(u) for u in units))

    return Lose(tuple(b.hex_of(u) for u in min(options, key=key)))


def _advance(b: Battle, options: list[tuple[str, Hex]], order: str) -> Advance | Stay:
    if order == "redoubt":
        options = [(u, h) for u, h in options if h in b.map.redoubts]
    if order == "never" or not options:
        return Stay()
    uid, h = min(options, key=lambda o: (o[1] not in b.map.redoubts, -b.strength(o[0]), b.hex_of(o[0]), o[1]))
    return Advance(b.hex_of(uid), h)

