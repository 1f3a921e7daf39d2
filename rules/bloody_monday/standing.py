"""Standing orders for Bloody Monday's mid-turn choices (rules.core.standing).

A battle waits for the defender's hit choice at every hit before the showdown and among equally
strong units after it (5.3.6), for the defender's retreat after artillery fire (6.4),
and, with the optional rule 9.1, for the Russian player's full-strength jagers to skirmish, ambush
or fight as usual.
An order reads only what its player knows: their own blocks and the public control of areas. It
always gives a command when its kind of choice is waiting, so whether the game paused never
depends on a hidden block.
"""
from __future__ import annotations

from rules.bloody_monday import ground
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday.commands import Ambush, Command, Hit, Retreat, Word
from rules.bloody_monday.game import Game
from rules.core.errors import RuleViolation
from rules.core.standing import OrderTable, command_for

ORDERS: OrderTable = {
    "hit": {
        "protect_leaders": "a hit goes to a unit that is neither a leader nor artillery where 5.3.6 leaves a "
                           "choice (it always strikes the strongest units, primary targets first)",
        "protect_artillery": "a hit goes to a unit that is not artillery, then not a leader, where 5.3.6 leaves "
                             "a choice",
    },
    "retreat": {
        "stand": "never retreat after artillery fire: fight the battle out (6.4)",
        "own_lines": "retreat when every unit has room, into the areas nearest my own map edge (French "
                     "west, Russian east), else stand (6.4)",
    },
    "jager": {
        "fight": "my full-strength jagers fight the battle as usual, neither skirmishing nor ambushing (9.1)",
        "ambush": "each full-strength jager ambushes: it rolls before any other unit and its hits apply at "
                  "once (9.1)",
    },
}


def choice(state: dict) -> dict | None:
    """The choice a battle waits for: the defender's hit or 6.4 retreat, or what the Russian
    jagers do (9.1); None."""
    bt = state["battle"]
    if state["phase"] in ("over", "logistics") or not bt:
        return None
    if bt["choice"]:
        return {"kind": "hit", "side": bt["choice"]["side"]}
    if bt["stage"] == "retreat":
        return {"kind": "retreat", "side": bt["defender"]}
    if bt["stage"] == "jagers":
        return {"kind": "jager", "side": "russian"}
    return None


def check_standing_order(state: dict, side: str | None, kind: str) -> None:
    """Refuses (RuleViolation) an order for a kind of choice that never falls to `side` (None: any
    side) in this game: the jagers skirmish or ambush only with the optional rule 9.1, and only the
    Russian player's."""
    if kind != "jager":
        return
    if not Game(state).option("russian_jager"):
        raise RuleViolation("9.1", "this game is played without the optional rule Russian Jager: its jagers fight "
                                   "as the other infantry do, so no jager choice comes up to give an order for")
    if side not in (None, "russian"):
        raise RuleViolation("9.1", "only the Russian player's jagers skirmish or ambush: no jager choice falls to "
                                   "the French player")


def standing_command(state: dict, side: str, orders: dict[str, str] | None) -> Command | None:
    """The command `side`'s standing order gives at the waiting choice; None: ask the player."""
    return command_for(choice(state), side, orders, lambda kind, order: _obey(Game(state), side, kind, order))


def _obey(g: Game, side: str, kind: str, order: str) -> Command:
    """The command an order of this kind gives in the battle waiting for it."""
    if kind == "hit":
        return _hit(g, g.s["battle"]["choice"]["candidates"], order)
    if kind == "jager":  # 9.1: `end` lets the jagers left fight as usual
        return Ambush(ground.jagers(g)[0]) if order == "ambush" else Word("end")
    return _retreat(g, side) if order == "own_lines" else Word("stand")


def _hit(g: Game, candidates: list[str], order: str) -> Hit:
    return Hit((min(candidates, key=lambda bid: spared(g, bid, order)),))


def spared(g: Game, bid: str, order: str) -> tuple:
    """Where a unit stands among equals in the hits' order (5.3.6) of a `hit` order: the units it
    spares last."""
    leader = g.is_leader(bid) or g.defs[bid].type == "supreme_commander"
    gun = g.defs[bid].type == "artillery"
    return (gun, leader, bid) if order == "protect_artillery" else (leader, gun, bid)


def ranked(g: Game, side: str, order: str) -> list[str]:
    """`side`'s units in the battle in the order a `hit` order spares them last (5.3.6)."""
    return sorted(g.units(g.s["battle"]["area"], side), key=lambda bid: spared(g, bid, order))


def _retreat(g: Game, side: str) -> Command:
    """Every unit into the retreat areas nearest the side's own edge, or `stand` when some would be
    lost for want of room."""
    west = side == "french"
    areas = sorted(retreats.retreat_areas(g), key=lambda n: (g.areas[n].centre[0] * (1 if west else -1), n))
    places = retreats.spread(g, retreats.retreating(g), tuple(areas))
    if not areas or places is None:
        return Word("stand")
    return Retreat(tuple(areas))
