"""The Impulses Phase (4.0-7.0): the isolation check, the Tactical Action's leader activation,
movement, artillery activation, inspiration and deactivation, the Pass, and the Initiative Actions.

state["impulse"] is None between impulses, else an `Impulse` (rules/bloody_monday/game.py).
"""
from __future__ import annotations

from functools import cache

from rules.bloody_monday import movement, turns
from rules.bloody_monday.bm_data import Block, army
from rules.bloody_monday.commands import Activate, Inspire, Move
from rules.bloody_monday.game import Game, Impulse, enemy_of, plural
from rules.bloody_monday.movement import Rules
from rules.core.errors import RuleViolation
from rules.core.events import either, event

SEGMENTS = ("activation", "movement", "inspiration", "combat")


OPENINGS = {"tactical": "takes a Tactical Action", "pass": "passes"}  # an impulse's action, as its check names it


def isolation_check(g: Game, side: str, kind: str = "special") -> list[dict]:
    """4.1: units and controlled victory areas without a LoC to the supreme commander get a white cube.
    Its line opens the impulse, so it names the action it opens ('The Russian player passes; the isolation
    check (4.1) finds 3 Russian units isolated.'): the channel says an order on its first line, and
    'Isolation check (4.1): ...' stood for a Pass, which nothing else told (an Initiative Action's own
    line follows it)."""
    chief = g.chief(side)
    linked = movement.distances(g, side, g.area(chief)) if g.entry(chief)["where"] == "map" else {}
    cubes, blocks = 0, g.s["blocks"]
    for bid in g.on_map(side):
        b = blocks[bid]
        isolated = b["area"] not in linked and bid != chief
        if isolated != ("white" in b["cubes"]):
            g.set_cube(bid, "white", isolated)
        cubes += isolated
    cut = [n for n in g.field.victory_areas if g.owner(n) == side and n not in linked]
    g.s["isolated_areas"][side] = cut
    if not cubes and not cut:
        return []
    units = f"{cubes} {side.title()} unit{'s' if cubes > 1 else ''}" if cubes else ""
    areas = f"{'' if cubes else side.title() + ' '}victory area{'s' if len(cut) > 1 else ''} " \
        f"{', '.join(map(str, cut))}" if cut else ""
    found = " and ".join(filter(None, (units, areas)))
    if kind in OPENINGS:
        return [event(f"The {side.title()} player {OPENINGS[kind]}; the isolation check (4.1) finds {found} isolated.",
                      kind="isolation")]
    return [event(f"Isolation check (4.1): {found} {'is' if cubes + len(cut) == 1 else 'are'} isolated.",
                  kind="isolation")]


def begin(g: Game, side: str, kind: str, limit: int | None = None) -> list[dict]:
    """Open an impulse: isolation check first (4.0), then the action's own record."""
    s = g.s
    s["log"] = {"moves": [], "battles": [], "artillery": []}
    s["contested_at_start"] = sorted(g.contested_areas())
    s["impulse"] = Impulse(kind=kind, segment="activation" if kind == "tactical" else "movement",
                           leaders=[], tired=[], commanded=[], moved=[], inspired={}, new=[], fought=[],
                           limit=limit, offensive=False)
    return isolation_check(g, side, kind)


def follows(g: Game, leader: str, bid: str) -> bool:
    """5.1: units of the leader's colour or militia; 9.4 Murat any cavalry; 9.5 Platov cossacks only."""
    return _follows(g.defs[leader], g.defs[bid], g.option("cossacks"), g.option("first_saber"))


def _follows(ld: Block, d: Block, cossacks: bool, first_saber: bool) -> bool:
    if cossacks and ld.role == "cossack_leader":
        return d.subtype == "cossack"
    if first_saber and ld.role == "cavalry_leader" and d.type == "cavalry":
        return True
    return d.colour == ld.colour or d.subtype == "militia"


def followers(g: Game, leader: str) -> frozenset[str]:
    """Every block that `follows` the leader (of either side: callers ask about their own)."""
    return _followers(leader, g.option("cossacks"), g.option("first_saber"))


@cache
def _followers(leader: str, cossacks: bool, first_saber: bool) -> frozenset[str]:
    """Worked out once per leader and options: who follows whom is printed on the blocks."""
    blocks = army().blocks
    return frozenset(bid for bid, d in blocks.items() if _follows(blocks[leader], d, cossacks, first_saber))


def commanded_by(g: Game, leader: str, here: int | None = None) -> set[str]:
    """5.1: every unit in the leader's area, and its own units within tactical range (5.1.1); in
    `here` rather than where he stands, were he moved there before activating (5.1)."""
    side, here = g.side(leader), g.area(leader) if here is None else here
    role = g.defs[leader].role
    platov = g.option("cossacks") and role == "cossack_leader"
    local = {bid for bid in g.units(here, side) if not platov or follows(g, leader, bid)}
    reach = movement.in_range(g, leader, here)
    beyond = movement.command_limit(g) and role == "army_commander"
    fol = followers(g, leader)
    far = {bid for bid in g.on_map(side) if g.entry(bid)["area"] in reach and bid in fol
           and not (beyond and g.areas[g.area(bid)].command != g.areas[here].command)}
    return (local | far) - {leader}


def commanded(g: Game) -> list[str]:
    """The units the activated leaders command (5.1): those fixed when the activation segment
    ended, or, while it lasts, those it would fix if it ended now."""
    imp: Impulse = g.s["impulse"]
    if imp["segment"] != "activation":
        return imp["commanded"]
    units: set[str] = set()
    for leader in imp["leaders"]:
        units |= commanded_by(g, leader)
    return sorted(units - set(imp["leaders"]))


def to_segment(g: Game, segment: str) -> None:
    """Segments follow in order (5.0); leaving the activation segment fixes who is commanded."""
    imp: Impulse = g.s["impulse"]
    if imp["segment"] == "activation" and segment != "activation":
        imp["commanded"] = commanded(g)
    imp["segment"] = segment


def segment_after(g: Game, segment: str) -> bool:
    return SEGMENTS.index(g.s["impulse"]["segment"]) > SEGMENTS.index(segment)


# --- tactical leaders and artillery -------------------------------------------------------------
def may_activate_leader(g: Game, side: str, bid: str) -> None:
    """5.1 (and 9.7): the checks for activating a tactical leader now."""
    imp: Impulse = g.s["impulse"]
    if not g.is_leader(bid) or g.entry(bid)["where"] != "map":
        raise RuleViolation("5.1", f"{g.public_name(bid)} is not a tactical leader on the map; activate one of yours")
    if imp["segment"] != "activation":
        raise RuleViolation("5.1", "tactical leaders are activated only in the activation segment, before any move")
    if bid in imp["leaders"]:
        raise RuleViolation("5.1", f"{g.public_name(bid)} is already activated this impulse")
    if len(imp["leaders"]) >= g.chief_strength(side):
        raise RuleViolation("5.1", f"your supreme commander's strength {g.chief_strength(side)} limits the "
                            "activations this impulse; move the units already commanded")
    if g.exhausted(bid):
        if not g.option("exhausted_leaders"):
            raise RuleViolation("5.1", f"{g.public_name(bid)} is exhausted (heart level); activate a fresh leader")
        if len(imp["tired"]) == len(imp["leaders"]):
            raise RuleViolation("9.7", "an exhausted leader may be activated only after a fresh one this impulse")


def activatable(g: Game, side: str) -> list[str]:
    """5.1: the side's tactical leaders that may be activated now."""
    out = []
    for bid in g.leaders(side):
        try:
            may_activate_leader(g, side, bid)
        except RuleViolation:
            continue
        out.append(bid)
    return out


def activate(g: Game, side: str, cmd: Activate) -> list[dict]:
    """5.1 leaders (move up to 4 MPs, then activate for 1) and 5.2.1 artillery (the same, in movement)."""
    imp: Impulse = g.s["impulse"]
    bid = g.resolve(side, cmd.block)
    d = g.defs[bid]
    if imp is None:
        raise RuleViolation("5.0", "support units are activated only in a Tactical Action; declare `tactical` first")
    if imp["kind"] != "tactical":
        raise RuleViolation("6.2, 7.0", "support units are moved but not activated in a Pass or a Special "
                            "Initiative Action")
    if d.type == "tactical_leader":
        may_activate_leader(g, side, bid)
    elif d.type == "artillery":
        if segment_after(g, "movement"):
            raise RuleViolation("5.2.1", "artillery is activated in the movement segment, which is over")
        to_segment(g, "movement")
        if bid in imp["moved"]:  # moving then activating is one command (2.6.1: "ONE extra MP after moving")
            raise RuleViolation("5.2.1", f"{g.public_name(bid)} is already activated this impulse" if
                                g.block(bid)["activated"] else f"{g.public_name(bid)} has moved this impulse; "
                                f"an artillery moves and activates in one command, `activate {bid} <area>`")
        may_move(g, bid)
        if g.exhausted(bid):
            raise RuleViolation("2.6.1", f"{g.public_name(bid)} is exhausted and cannot fire until restored")
    else:
        raise RuleViolation("5.0", "only tactical leaders and artillery are activated in an impulse")
    events: list[dict] = []
    if cmd.area is not None and cmd.area != g.entry(bid)["area"]:
        path = movement.plan(g, bid, (cmd.area,), Rules(movement.allowance(g, bid) - 1, engage=False))
        events = movement.execute(g, bid, path, imp["new"])
    g.block(bid)["activated"] = True
    imp["moved"].append(bid)
    if d.type == "tactical_leader":
        imp["leaders"].append(bid)
        if g.exhausted(bid):
            imp["tired"].append(bid)
    where = g.entry(bid)["area"]
    return events + [event(f"{g.public_name(bid)} is activated in {where} and revealed (2.6).", kind="activate",
                           block=bid, area=where)]


def movable(g: Game, bid: str, units: frozenset[str] | list[str]) -> bool:
    """Whether the block may still move this impulse, `units` being the commanded ones (5.1,
    5.2, 6.2, 6.3, 7.0): `may_move`'s question, answered without its refusals."""
    imp: Impulse = g.s["impulse"]
    kind, moved = imp["kind"], imp["moved"]
    if bid in moved or (kind == "tactical" and bid not in units) or (kind == "pass" and moved):
        return False
    if kind in ("special", "raid") and len(moved) >= (imp["limit"] or 0):
        return False
    return kind != "raid" or g.defs[bid].type == "cavalry"


def movers(g: Game, side: str, units: frozenset[str]) -> list[str]:
    """The side's blocks on the map that are `movable`, in order: the same question for all at once."""
    imp: Impulse = g.s["impulse"]
    kind, moved = imp["kind"], imp["moved"]
    if (kind == "pass" and moved) or (kind in ("special", "raid") and len(moved) >= (imp["limit"] or 0)):
        return []
    if kind == "tactical":
        return [bid for bid in g.on_map(side) if bid in units and bid not in moved]
    if kind == "raid":
        return [bid for bid in g.on_map(side) if bid not in moved and g.defs[bid].type == "cavalry"]
    return [bid for bid in g.on_map(side) if bid not in moved]


def may_move(g: Game, bid: str) -> None:
    imp: Impulse = g.s["impulse"]
    if movable(g, bid, imp["commanded"]):
        return
    if imp["kind"] == "pass" and imp["moved"]:  # before "move another unit": in a Pass there is none
        raise RuleViolation("7.0", "during a Pass only one unit may move; `end` the Pass")
    if imp["kind"] in ("special", "raid") and len(imp["moved"]) >= (imp["limit"] or 0):
        raise RuleViolation("6.2" if imp["kind"] == "special" else "6.3",
                            f"your Logistics Value {imp['limit']} limits the units moved; `end` the action")
    if bid in imp["moved"] and g.block(bid)["activated"]:  # 5.1, 5.2.1: it moves first, then activates
        kind = "leader" if g.defs[bid].type == "tactical_leader" else "gun"
        raise RuleViolation("5.1" if kind == "leader" else "5.2.1", f"{g.public_name(bid)} was activated this "
                            f"impulse and moves no further: a {kind} moves as it activates, `activate {bid} <area>`; "
                            "move another unit")
    if bid in imp["moved"]:
        raise RuleViolation("5.2", f"{g.public_name(bid)} has already moved this impulse; move another unit")
    if imp["kind"] == "tactical" and bid not in imp["commanded"]:
        raise not_commanded(g, bid)
    if imp["kind"] == "raid" and g.defs[bid].type != "cavalry":
        raise RuleViolation("6.3", "a Cavalry Raid moves cavalry units only")


def not_commanded(g: Game, bid: str) -> RuleViolation:
    """Why no activated leader commands the unit: an optional rule where it bars a leader who would
    otherwise (9.5 Platov, cossacks only; 9.11 an army's commander, not across the command limit),
    else 5.1 itself."""
    for leader in g.s["impulse"]["leaders"]:
        here, role, name = g.area(leader), g.defs[leader].role, g.public_name(leader)
        if g.option("cossacks") and role == "cossack_leader" and g.area(bid) == here:
            return RuleViolation("9.5", f"{name} commands cossacks only; move a commanded unit")
        if movement.command_limit(g) and role == "army_commander" and bid in followers(g, leader) \
                and g.area(bid) in movement.in_range(g, leader, here):
            return RuleViolation("9.11", f"{name} commands no unit across the command limit; move a commanded unit")
    return RuleViolation("5.1", f"{g.public_name(bid)} is not commanded by an activated leader (same area, or its "
                         "colour within tactical range); move a commanded unit")


def move_rules(g: Game, bid: str) -> Rules:
    kind = g.s["impulse"]["kind"]
    return Rules(movement.allowance(g, bid), engage=kind in ("tactical", "special"), disengage=kind != "raid")


def engagement_limit(g: Game, side: str) -> int:
    """5.1 / 2.6.3: one new engagement per activated leader, within the supreme commander's strength;
    6.2: the supreme commander's strength."""
    imp: Impulse = g.s["impulse"]
    if imp["kind"] == "tactical":
        return min(len(imp["leaders"]), g.chief_strength(side))
    return g.chief_strength(side)


def limit_reached(g: Game, limit: int, verb: str, one: str, many: str) -> tuple[str, str]:
    """The rule and the first words of a refusal at the limit of new engagements or battles: one per
    activated leader in a Tactical Action (5.1), the supreme commander's strength in a Special
    Initiative Action, none once it is exhausted (2.6.3)."""
    tactical = g.s["impulse"]["kind"] == "tactical"
    if not limit:
        return "2.6.3", f"your exhausted supreme commander allows no {one}"
    return ("5.1, 2.6.3" if tactical else "2.6.3",
            f"you have {verb} the {plural(limit, one, many)} this impulse allows"
            + (" (one per activated leader)" if tactical else ""))


def off_map(g: Game, bid: str) -> None:
    """Refuse a block not on the map for why: it waits in the Reinforcements Pool (3.3) or was
    eliminated (2.4)."""
    where = g.entry(bid)["where"]
    if where == "pool":
        raise RuleViolation("3.3", f"{g.public_name(bid)} waits in your Reinforcements Pool until it is deployed "
                            "as a reinforcement")
    if where != "map":
        raise RuleViolation("2.4", f"{g.public_name(bid)} has been eliminated")


def declarable(g: Game, side: str) -> str:
    """The actions that open `side`'s impulse (4.0), an Initiative Action only for the holder of the
    Initiative Disc (6.0), as a prompt or a refusal names them."""
    return "`tactical`, `pass` or `initiative <action>`" if g.s["initiative"] == side else "`tactical` or `pass`"


def move(g: Game, side: str, cmd: Move) -> list[dict]:
    """5.2 (and 6.2, 6.3, 7.0): move one unit along its path or to its destination."""
    imp: Impulse = g.s["impulse"]
    if imp is None:
        raise RuleViolation("4.0", f"declare an action first: {declarable(g, side)}")
    bid = g.resolve(side, cmd.block)
    off_map(g, bid)
    if segment_after(g, "movement"):
        raise RuleViolation("5.2", "the movement segment is over; inspire, fight your battles or `end`")
    if imp["kind"] == "tactical":
        to_segment(g, "movement")
    may_move(g, bid)
    path = movement.plan(g, bid, cmd.path, move_rules(g, bid))
    dest = path[-1]
    if g.has_enemy(side, dest) and dest not in g.s["contested_at_start"] and dest not in imp["new"]:
        limit = engagement_limit(g, side)
        if len(imp["new"]) >= limit:
            rule, done = limit_reached(g, limit, "made", "new engagement", "new engagements")
            raise RuleViolation(rule, f"{done}; move into an area without enemy units or one contested since the "
                                "impulse began")
    imp["moved"].append(bid)
    return movement.execute(g, bid, path, imp["new"])


def inspire(g: Game, side: str, cmd: Inspire) -> list[dict]:
    """5.2.2: each activated leader inspires one adjacent combat unit of its colour (yellow cube)."""
    imp: Impulse = g.s["impulse"]
    _inspiration_open(imp, g)
    leader, bid = g.resolve(side, cmd.leader), g.resolve(side, cmd.block)
    may_inspire(g, leader, bid)
    to_segment(g, "inspiration")
    imp["inspired"][leader] = bid
    g.set_cube(bid, "yellow", True)
    if g.revealed(bid):  # face up (engaged in an area the enemy holds): everyone sees the cube on it
        return [event(f"{g.public_name(leader)} inspires {g.public_name(bid)} (5.2.2).", kind="inspire")]
    return [event(f"{g.public_name(leader)} inspires a unit (5.2.2).", kind="inspire"),
            event(f"{g.public_name(leader)} inspires {g.public_name(bid)} (yellow cube).", to=side)]


def _inspiration_open(imp: Impulse | None, g: Game) -> None:
    if imp is None or imp["kind"] != "tactical" or segment_after(g, "inspiration"):
        raise RuleViolation("5.2.2", "inspiration comes after movement in a Tactical Action, before the battles")


def may_inspire(g: Game, leader: str, bid: str) -> None:
    """5.2.2: the checks for the leader inspiring the unit now, both named by id (what `inspire`
    refuses, asked without trying the command out)."""
    imp: Impulse = g.s["impulse"]
    _inspiration_open(imp, g)
    if leader not in imp["leaders"]:
        raise RuleViolation("5.2.2", f"{g.public_name(leader)} is not an activated leader; inspire with one")
    if leader in imp["inspired"]:
        raise RuleViolation("5.2.2", f"{g.public_name(leader)} has already inspired a unit this impulse")
    if g.entry(bid)["where"] != "map":
        raise RuleViolation("5.2.2", f"{g.public_name(bid)} is not on the map; inspire a unit in or next to "
                            f"{g.area(leader)}")
    d = g.defs[bid]
    here, there = g.area(leader), g.area(bid)
    if "yellow" in g.cubes(bid):
        raise RuleViolation("5.2.2", f"{g.public_name(bid)} is inspired already this impulse; inspire another unit")
    if d.type not in ("infantry", "cavalry") or not follows(g, leader, bid):
        raise _whom_inspired(g, leader)
    if there != here and there not in g.areas[here].neighbours:
        raise RuleViolation("5.2.2", f"{g.public_name(bid)} is not adjacent to {g.public_name(leader)} in {here}; "
                            + _inspirable(g, leader))


def _inspirable(g: Game, leader: str) -> str:
    """Whom the leader may inspire instead, in its area or next to it: the commands to type."""
    here, ok = g.area(leader), []
    for area in (here, *sorted(g.areas[here].neighbours)):
        for bid in sorted(g.units(area, g.side(leader))):
            try:
                may_inspire(g, leader, bid)
            except RuleViolation:
                continue
            ok.append(f"`inspire {leader} {bid}`")
    if not ok:
        return f"no unit it may inspire stands in or next to {here}"
    more = f" and {len(ok) - 4} more" if len(ok) > 4 else ""
    return f"it may inspire a unit of its own in or next to {here}: {', '.join(ok[:4])}{more}"


def _whom_inspired(g: Game, leader: str) -> RuleViolation:
    """Whom the leader may inspire, by the rule that says so: Platov cossacks only (9.5), Murat any
    cavalry (9.4), any other leader the combat units of its colour and militia (5.2.2)."""
    role, name = g.defs[leader].role, g.public_name(leader)
    if g.option("cossacks") and role == "cossack_leader":
        return RuleViolation("9.5", f"{name} inspires cossacks only")
    if g.option("first_saber") and role == "cavalry_leader":
        return RuleViolation("9.4", f"{name} inspires a cavalry unit of any colour")
    return RuleViolation("5.2.2", f"{name} inspires an infantry or cavalry unit of its colour (or militia)")


# --- ending impulses ------------------------------------------------------------------------------
def deactivate(g: Game, side: str) -> list[dict]:
    """5.4: activated leaders are reduced (not exhausted ones under 9.7) and all support concealed."""
    imp: Impulse = g.s["impulse"]
    blocks = g.s["blocks"]
    for bid in g.on_map(side):
        if blocks[bid]["activated"]:
            b = g.block(bid)
            if g.is_leader(bid) and bid not in imp["tired"]:
                b["strength"] = max(1, b["strength"] - 1)
            b["activated"] = False
        if blocks[bid]["cubes"]:  # most blocks carry none
            g.set_cube(bid, "yellow", False)
            g.set_cube(bid, "light_blue", False)
    return [event(f"{side.title()} support units deactivate; activated leaders are reduced (5.4).", kind="phase")]


def due_battles(g: Game) -> list[int]:
    """FAQ 5: battles in newly contested areas are mandatory."""
    imp: Impulse = g.s["impulse"]
    return [n for n in imp["new"] if n not in imp["fought"] and g.contested(n)]


def end(g: Game, side: str) -> list[dict]:
    """Close the impulse; two consecutive Passes end the Impulses Phase (7.0)."""
    imp: Impulse = g.s["impulse"]
    if imp is None:
        raise RuleViolation("4.0", f"no action is under way; choose {declarable(g, side)}")
    if imp["kind"] == "tactical" and not imp["leaders"]:
        raise RuleViolation("5.1", "a Tactical Action activates at least one tactical leader; `activate` one")
    due = due_battles(g)
    if due:
        raise RuleViolation("5.3", "battles in newly contested areas are mandatory (FAQ 5): "
                            + either([f"battle {n}" for n in due]))
    events = deactivate(g, side) if imp["kind"] == "tactical" else []
    g.s["passes"] = g.s["passes"] + 1 if imp["kind"] == "pass" else 0
    return events + next_impulse(g)


def next_impulse(g: Game) -> list[dict]:
    s = g.s
    s["impulse"] = None
    if s["passes"] >= 2:
        return turns.final_phase(g)
    s["player"] = enemy_of(s["player"])
    return [event(f"{s['player'].title()} impulse (4.0).", kind="phase", player=s["player"])]


def spend_disc(g: Game, side: str) -> None:
    """6.0: a spent Initiative Disc goes to the other player."""
    if g.s["initiative"] != side:
        raise RuleViolation("6.0", "you do not hold the Initiative Disc")
    g.s["initiative"] = enemy_of(side)


def initiative(g: Game, side: str, action: str) -> list[dict]:
    """6.1 reinforcements, 6.2 movement and combat, 6.3 cavalry raid, 9.8 general offensive."""
    imp: Impulse = g.s["impulse"]
    if g.s["initiative"] != side:
        raise RuleViolation("6.0", "only the player holding the Initiative Disc may take an Initiative Action")
    if action in ("reinforcements", "move"):
        if imp is not None:
            raise RuleViolation("6.0", f"`initiative {action}` replaces a whole impulse; take it before anything else")
        if action == "reinforcements":
            events = begin(g, side, "special", 0)
            spend_disc(g, side)
            events += turns.reinforce(g, side, g.logistics_value(side))
            g.s["passes"] = 0
            return events + next_impulse(g)
        lv = g.logistics_value(side)
        events = begin(g, side, "special", lv)
        spend_disc(g, side)
        return events + [event(f"The {side.title()} player spends the Initiative Disc: Special Movement and Combat "
                               f"of up to {lv} units (6.2).", kind="initiative")]
    if action == "offensive" and not g.option("general_offensive"):
        raise RuleViolation("9.8", "this game is played without the General Offensive, an optional rule")
    if imp is None or imp["kind"] != "tactical":
        raise RuleViolation("6.3" if action == "raid" else "9.8", f"`initiative {action}` belongs to a Tactical Action")
    if action == "offensive":
        if imp["leaders"]:  # (called once: the disc, spent, is the other player's, 6.0)
            raise RuleViolation("9.8", "a General Offensive is called before any leader is activated")
        spend_disc(g, side)
        imp["offensive"] = True
        return [event(f"The {side.title()} player spends the Initiative Disc on a General Offensive (9.8).",
                      kind="initiative")]
    if not imp["leaders"] or due_battles(g) or g.s["battle"]:
        raise RuleViolation("6.3", "a Cavalry Raid follows a completed Tactical Action; finish its battles first")
    events = deactivate(g, side)
    spend_disc(g, side)
    # 9.8's strength 4 holds for the Tactical Impulse alone: the raid's LV counts the commander's own
    g.s["impulse"] = dict(imp, kind="raid", segment="movement", moved=[], offensive=False)
    lv = g.s["impulse"]["limit"] = g.logistics_value(side)
    return events + [event(f"The {side.title()} player spends the Initiative Disc: Cavalry Raid of up to {lv} "
                           f"cavalry (6.3).", kind="initiative")]
