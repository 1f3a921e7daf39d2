"""Standing orders for 1812's mid-turn choices (rules.core.standing), so that a
deadline's default choice never stalls a game.

The choices: the Battle Plan (COMBAT: both players at once, each while their chit is not down),
where the enemy takes an attrition loss (ATTRITION: "selected by the opponent"), the defender's
choice on the Battle Plan Chart (retreat or fight), where a stack retreats (COMBAT), and which
corps the French remove when short of the Victory Point Index (VICTORY CONDITIONS).
An order reads only what its player knows: its own stacks, where the enemy's markers stand, and
the map; it always gives a command when its kind of choice is waiting.
"""
from __future__ import annotations

from rules.campaign_1812 import legal
from rules.campaign_1812.commands import Attrit, Command, Plan, Remove, Retreat
from rules.campaign_1812.game import SIDES, Game, enemy_of
from rules.core.commands import Word
from rules.core.standing import OrderTable, command_for

ORDERS: OrderTable = {
    "plan": {
        "steady": "attacking, Assault; defending, Entrench (the Battle Plan Chart)",
        "bold": "attacking, Outflank; defending, Counter-attack",
        "cautious": "attacking, Reconnaissance; defending, Withdraw",
    },
    "attrition": {
        "nearest": "the enemy stack nearest my own stacks takes the loss (Attrition)",
        "deepest": "the enemy stack farthest from my own stacks takes the loss",
    },
    "defence": {
        "fight": "at the defender's choice, fight it out (go CRS-PS-RAC)",
        "fall_back": "at the defender's choice, retreat towards my own map edge (Dr(D) & stop)",
    },
    "retreat": {"rearward": "retreat to the adjacent place nearest my own map edge (French west, Russian east)"},
    "removal": {
        "cavalry_first": "the corps lost to the Victory Point Index is a cavalry corps where I have one",
        "infantry_first": "the corps lost to the Victory Point Index is an infantry corps where I have one",
    },
}
CHITS = {"steady": ("assault", "entrench"), "bold": ("outflank", "counterattack"),
         "cautious": ("reconnaissance", "withdraw")}


def choice(state: dict) -> dict | None:
    """The choice waiting now: its kind and chooser; for battle plans every side whose chit is not
    down (`sides`), since both choose at once."""
    phase, player, bt, r = state["phase"], state["player"], state["battle"], state["retreat"]
    if phase == "attrition":
        return {"kind": "attrition", "side": enemy_of(player)}
    if phase == "removal":
        return {"kind": "removal", "side": "french"}
    if phase != "combat" or not (bt or r):
        return None
    if r:
        return {"kind": "retreat", "side": r["side"]}
    if bt["stage"] == "choice":
        return {"kind": "defence", "side": bt["defender"]}
    waiting = [side for side in SIDES if bt["plans"][side] is None]
    return {"kind": "plan", "side": waiting[0], "sides": waiting} if waiting and bt["stage"] == "plans" else None


def standing_command(state: dict, side: str, orders: dict[str, str] | None) -> Command | None:
    """The command `side`'s standing order gives at the waiting choice; None: ask the player."""
    return command_for(choice(state), side, orders, lambda kind, order: _obey(Game(state), side, kind, order))


def forced_answer(state: dict) -> tuple[Command, str] | None:
    """The one answer the choice waiting allows and why, where both players see that it is the only
    one (from the map and where the stacks stand, never what they hold); None: its chooser is asked.
    An attrition loss where the enemy has one stack, a retreat with one place to go, the defender's
    choice with none (fight). Battle plans and the French removal stay asked: a cavalry withdrawal
    and the corps a stack holds are hidden, so a game that went on at once would tell them."""
    waiting = choice(state)
    if waiting is None or waiting["kind"] not in ("attrition", "retreat", "defence"):
        return None
    g, side = Game(state), waiting["side"]
    answers = legal.candidates(g, side)
    if len(answers) != 1:
        return None
    if waiting["kind"] == "attrition":
        return answers[0], f"the only {enemy_of(side).title()} stack"
    place = g.name((g.s["retreat"] or g.s["battle"])["place"])
    if waiting["kind"] == "retreat":
        return answers[0], f"the only place next to {place} without an enemy stack"
    return answers[0], f"every place next to {place} holds a {enemy_of(side).title()} stack, so there is no retreat"


def _obey(g: Game, side: str, kind: str, order: str) -> Command:
    if kind == "plan":
        return _plan(g, side, order)
    if kind == "attrition":
        return Attrit(_by_distance(g, side, deepest=order == "deepest"))
    if kind == "removal":
        return _removal(g, order)
    place = g.s["retreat"]["place"] if kind == "retreat" else g.s["battle"]["place"]
    away = _rearward(g, side, g.retreat_places(side, place))
    if kind == "defence" and (order == "fight" or away is None):
        return Word("fight")
    assert away is not None  # a retreat is demanded only where there is somewhere to go (combat.py)
    return Retreat(away)


def _plan(g: Game, side: str, order: str) -> Plan:
    """The order's chit for this side's role, or the first offered (a player's own tables may
    name other chits)."""
    bt = g.s["battle"]
    attacking = side == bt["attacker"]
    offered = g.tables.attacker_plans if attacking else g.tables.defender_plans
    chit = CHITS[order][0 if attacking else 1]
    return Plan(chit if chit in offered else offered[0])


def _distance(g: Game, start: int, goals: set[int]) -> int:
    """Places from `start` to the nearest of `goals` (breadth first over the map)."""
    seen, frontier, steps = {start}, {start}, 0
    while frontier and not frontier & goals:
        frontier = {n for p in frontier for n in g.neighbours(p)} - seen
        seen |= frontier
        steps += 1
    return steps


def _by_distance(g: Game, side: str, deepest: bool) -> int:
    """The enemy stack nearest my own stacks (or farthest from them), then the lowest number."""
    mine = set(g.stacks(side)) or set(g.places)
    return min(g.stacks(enemy_of(side)), key=lambda p: ((-1 if deepest else 1) * _distance(g, p, mine), p))


def spread(g: Game, side: str, due: int) -> list[int]:
    """Where `due` attrition losses fall, spread over the enemy stacks: one each, those nearest my own
    stacks first (the order `nearest` ranks them by), again from the nearest where the losses outnumber
    them. From the markers alone, which both players see."""
    mine = set(g.stacks(side)) or set(g.places)
    ranked = sorted(g.stacks(enemy_of(side)), key=lambda p: (_distance(g, p, mine), p))
    return [ranked[n % len(ranked)] for n in range(due)] if ranked else []


def _rearward(g: Game, side: str, places: list[int]) -> int | None:
    """The place nearest the side's own map edge (the French west, the Russians east)."""
    west = side == "french"
    return min(places, key=lambda p: (g.places[p].xy[0] * (1 if west else -1), p), default=None)


def _removal(g: Game, order: str) -> Remove:
    kinds = ("cav", "inf") if order == "cavalry_first" else ("inf", "cav")
    for kind in kinds:
        places = [p for p in g.stacks("french") if g.stack("french", p)[kind]]
        if places:
            return Remove(max(places, key=lambda p: (g.corps("french", p), -p)), kind)
    raise AssertionError("the removal waits only while the French have a corps (turns.remove)")
