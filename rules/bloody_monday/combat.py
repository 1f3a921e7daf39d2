"""The combat sequence (5.3): artillery fire, the defender's hits and retreat option (6.4), showdown,
ground combat with the combined force bonus, hits to the strongest unit with target priority,
concealment. A battle lives in state["battle"] and advances by itself until a player must choose:
the attacker's artillery, the defender's retreat, or which of equally strong units takes a hit.

state["battle"]: {"area", "attacker", "defender", "stage": artillery|retreat|ground|jagers|battery,
"fired", "bonus" (1.2.1 hits still absorbed), "shields" (9.6 used), "volleys" (ground.py), "volley",
"rolled", "ambush" and "stood" (9.1), "due" {side: hits still to apply}, "hits" {side: hits
scored}, "shown" (5.3.3), "choice" {"side", "candidates"}, and once a player gave one, "order" {side: his
units in the order they take the hits that leave him the choice, 5.3.6}}.
"""
from __future__ import annotations

from rules.bloody_monday import batterie, ground, impulses, standing
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday.commands import Ambush, Battle, Fire, Hit, HitOrder, Retreat, Skirmish, StandAll
from rules.bloody_monday.game import Game, enemy_of, faces, plural
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import either, event

HOLDERS = {"french": "French", "russian": "Russians"}  # a side as a people: 'held by the Russians'


def battle_limit(g: Game, side: str) -> int:
    """5.1: one battle per activated leader within the supreme commander's strength; 6.2: its strength."""
    return impulses.engagement_limit(g, side)


def start(g: Game, side: str, cmd: Battle) -> list[dict]:
    """5.3: the attacker picks the next battle, newly contested areas first (FAQ 4-7)."""
    imp, area = g.s["impulse"], cmd.area
    if imp is None or imp["kind"] not in ("tactical", "special"):
        raise RuleViolation("5.3, 6.2", "battles are fought in a Tactical Action or a Special Initiative Action")
    if imp["kind"] == "tactical" and not imp["leaders"]:
        raise RuleViolation("5.1", "activate a tactical leader first: each one allows one battle")
    if not g.contested(area) or area in imp["fought"]:
        waiting = sorted(a for a in g.contested_areas() if a not in imp["fought"])
        battles = [f"battle {n}" for n in waiting]
        instead = (either(battles) if len(waiting) == 1 else f"choose {either(battles)}" if waiting else
                   "none does now: `end` the impulse")
        raise RuleViolation("5.3", f"{area} is not a contested area awaiting battle this impulse; {instead}")
    due = impulses.due_battles(g)
    if due and area not in due:
        raise RuleViolation("5.3", f"new engagements are always resolved first: `battle {due[0]}`")
    limit = battle_limit(g, side)
    if len(imp["fought"]) >= limit:
        rule, done = impulses.limit_reached(g, limit, "resolved", "battle", "battles")
        raise RuleViolation(rule, f"{done}; `end` the impulse")
    if imp["kind"] == "tactical":
        impulses.to_segment(g, "combat")
    imp["segment"] = "combat"
    defender = enemy_of(side)
    g.s["battle"] = {"area": area, "attacker": side, "defender": defender, "stage": "artillery", "fired": [],
                     "bonus": g.defensive_bonus(area, defender), "shields": [], "volleys": None, "volley": 0,
                     "due": {"french": 0, "russian": 0}, "hits": {"french": 0, "russian": 0},
                     "shown": False, "choice": None, "rolled": [], "ambush": [], "stood": []}
    return [event(f"The {side.title()} player resolves the battle in {area} (5.3).", kind="battle",
                  area=area)] + advance(g)


# --- artillery fire ---------------------------------------------------------------------------------
def loaded(g: Game, bid: str) -> bool:
    """5.3.1: an activated, not exhausted artillery adjacent to the battle that has not fired into it.
    All of it is public: an activated block stands revealed (2.6)."""
    bt = g.s["battle"]
    b = g.entry(bid)
    return (g.defs[bid].type == "artillery" and b["activated"] and b["where"] == "map"
            and b["area"] in g.areas[bt["area"]].neighbours and not g.exhausted(bid) and bid not in bt["fired"])


def may_fire(g: Game, bid: str) -> bool:
    """5.3.1 and 2.6.3: a loaded gun, while fewer than the supreme commander's strength have fired."""
    return loaded(g, bid) and len(g.s["battle"]["fired"]) < g.chief_strength(g.s["battle"]["attacker"])


def ready_guns(g: Game) -> list[str]:
    """The attacker's loaded guns: while there is one, the battle waits for his `fire` or `end`,
    whether or not his supreme commander's hidden strength lets it fire."""
    bt = g.s["battle"]
    return [bid for bid in g.on_map(bt["attacker"]) if loaded(g, bid)] if bt["stage"] == "artillery" else []


def gunners(g: Game) -> list[str]:
    """The guns that may fire now (5.3.1, 2.6.3)."""
    return [bid for bid in ready_guns(g) if may_fire(g, bid)]


def fire(g: Game, side: str, cmd: Fire) -> list[dict]:
    """5.3.1: strength dice at TF; the defender applies the hits unseen; the gun is reduced."""
    bt = g.s["battle"]
    if bt is None or bt["stage"] != "artillery" or side != bt["attacker"] or cmd.area != bt["area"]:
        raise RuleViolation("5.3.1", "artillery fires in the first step of the attacker's current battle, "
                            "into its area")
    bid = g.resolve(side, cmd.block)
    if not may_fire(g, bid):
        raise RuleViolation("5.3.1", f"{g.public_name(bid)} may not fire: it must be activated, not exhausted, "
                            f"adjacent, not yet fired here, and at most {g.chief_strength(side)} guns fire into "
                            "one area")
    dice = [roll(g.s["dice"]) for _ in range(g.strength(bid))]
    hits = sum(1 for d in dice if d >= g.army.hits_on["TF"])
    bt["fired"].append(bid)
    bt["due"][bt["defender"]] += hits
    bt["hits"][side] += hits
    g.block(bid)["strength"] -= 1
    g.s["log"]["artillery"].append({"from": g.entry(bid)["area"], "to": bt["area"]})
    return [event(f"{g.public_name(bid)} fires into {bt['area']} at TF, {faces(dice)}: {plural(hits, 'hit', 'hits')} "
                  "(5.3.1).", kind="artillery", dice=dice, hits=hits)] + advance(g)


def end_step(g: Game, side: str) -> list[dict]:
    """`end` in a battle: the attacker stops firing, the defender declines to retreat (6.4), or the
    Russian player's remaining jagers fight as usual (9.1). The defender's choice is told, as a retreat
    is ('The French player stands and fights it out in 28 (6.4).'): the channel says an order on its
    first line, and a `stand` read as the showdown after it ('**anna** — Showdown in 28 ...', and with a
    standing order 'Showdown in 28 (5.3.3): ...; French: French A (F-III-A, artillery), by standing order.')."""
    bt = g.s["battle"]
    events: list[dict] = []
    if bt["choice"]:
        raise RuleViolation("5.3.6", "a hit is waiting to be applied; choose the unit with `hit`")
    if bt["stage"] == "artillery" and side == bt["attacker"]:
        bt["stage"] = "retreat"
    elif bt["stage"] == "retreat" and side == bt["defender"]:
        bt["stage"] = "ground"
        events.append(stood(g, side))
    elif bt["stage"] == "jagers" and side == "russian":
        bt["stood"] += ground.jagers(g)
        bt["stage"] = "ground"
    else:
        raise RuleViolation("5.3", "the battle waits for the other player")
    return events + advance(g)


# --- retreat (6.4) -------------------------------------------------------------------------------
def stand(g: Game, side: str) -> list[dict]:
    """`stand`: the defender declines to retreat after artillery fire, and the battle goes on (6.4)."""
    _retreat_offered(g, side, "stand")
    return end_step(g, side)


def stand_all(g: Game, side: str, cmd: StandAll) -> list[dict]:
    """`stand all`: the defender stands in this battle and in every later battle of this impulse where
    he would be asked (6.4: "The Non-Phasing Player spends the Disc to retreat from one Combat"), as a
    player at the table says once "I keep the disc this impulse". Kept in the impulse (its "stand",
    only once given), gone with it; `advance` plays it as each battle comes to its retreat, none asked."""
    _retreat_offered(g, side, cmd.to_text())
    g.s["impulse"]["stand"] = side
    return advance(g)


def _retreat_offered(g: Game, side: str, answer: str) -> None:
    """Refuses an answer to the defender's retreat (6.4) where none waits for `side`."""
    bt = g.s["battle"]
    if bt is None or bt["choice"] or bt["stage"] != "retreat" or side != bt["defender"]:
        raise RuleViolation("6.4", f"`{answer}` answers the retreat the defender may make after artillery fire, "
                            "and none is offered now; the prompt says what the battle waits for")


def stood(g: Game, side: str, how: str = "") -> dict:
    """The defender's stand, told to everyone as a retreat is ('The French player stands and fights it out
    in 28 (6.4).'), `how` naming the order given for the impulse where it was that (`stand_all`)."""
    area = g.s["battle"]["area"]
    return event(f"The {side.title()} player stands and fights it out in {area}{how} (6.4).", kind="stand",
                 side=side, area=area)


def retreat(g: Game, side: str, cmd: Retreat) -> list[dict]:
    """6.4: spend the disc; the units move to adjacent controlled areas, those without room are lost."""
    bt = g.s["battle"]
    if bt is not None and side == bt["defender"] and g.s["initiative"] != side:
        raise RuleViolation("6.4", "a retreat spends the Initiative Disc, which you do not hold: the battle is "
                            "fought out")
    if bt is None or bt["stage"] != "retreat" or side != bt["defender"]:
        raise RuleViolation("6.4", "the defender retreats after artillery fire, spending the Initiative Disc")
    places = retreats.placement(g, side, cmd)
    impulses.spend_disc(g, side)
    return retreats.execute(g, side, places) + finish(g)


# --- hits ------------------------------------------------------------------------------------------
def targets(g: Game, side: str, area: int) -> list[str]:
    """5.3.6: the strongest units, primary targets (combat units) before secondary ones (5.3.6.1)."""
    units = g.units(area, side)
    primary = [b for b in units if not g.defs[b].is_support]
    pool = primary or units
    top = max(g.strength(b) for b in pool)
    return [b for b in pool if g.strength(b) == top]


def hit_one(g: Game, bid: str) -> list[dict]:
    """One hit: a shield absorbs the first (9.6: 'The silver shield of Russian 2LG (R-G-2LG, infantry)
    absorbs a hit.', the block named first, not 'Russian 2LG (R-G-2LG, infantry)'s silver shield');
    support units die to one hit (2.6); 2.4. After the showdown the blocks stand face up, so both
    players see the result (5.3.3); before it the defender applies artillery hits unseen (5.3.1, 9.2)."""
    bt, b, d = g.s["battle"], g.block(bid), g.defs[bid]
    to = "all" if bt["shown"] else d.side
    if g.option("shields") and d.shield and bid not in bt["shields"]:
        bt["shields"].append(bid)
        return [event(f"The {d.shield} shield of {g.public_name(bid)} absorbs a hit (9.6).", to=to, kind="hit")]
    if d.is_support or b["strength"] <= 1:
        return [g.eliminate(bid)]
    b["strength"] -= 1
    return [event(f"{g.public_name(bid)} takes a hit: strength {b['strength']} (5.3.6).", to=to, kind="hit")]


def apply_hits(g: Game, given: list[tuple[str, str]] | None = None) -> list[dict]:
    """Non-phasing player first (FAQ 9); the defensive bonus absorbs first (5.3.6); the owner chooses
    among equally strong units. Before the showdown the defender is asked for every hit, choice or
    not, so that the pause tells the attacker nothing of his hidden units. A side that gave its order
    for the battle (`order_hits`) is asked no more: its hits go by that order, their count told first.
    Each hit that had only one unit to go to is added to `given` as (side, block)."""
    bt = g.s["battle"]
    events: list[dict] = []
    for side in (bt["defender"], bt["attacker"]):
        if side == bt["defender"] and bt["bonus"] > 0 and bt["due"][side] > 0 and g.units(bt["area"], side):
            events.append(absorb(g))
        order, ordered = bt.get("order", {}).get(side), 0  # the side's order and the hits it applied (`order_hits`)
        told = len(events)
        while bt["due"][side] > 0:
            if not g.units(bt["area"], side):
                bt["due"][side] = 0
                break
            cands = targets(g, side, bt["area"])
            if order is None and (len(cands) > 1 or not bt["shown"]):
                bt["choice"] = {"side": side, "candidates": cands}
                return events
            bid = cands[0] if order is None else min(cands, key=lambda b: order.index(b) if b in order else len(order))
            bt["due"][side] -= 1
            if given is not None and order is None:
                given.append((side, bid))
            events += hit_one(g, bid)
            if order is not None:
                ordered += 1
        if ordered:
            events.insert(told, applied_hits(side, ordered, bt["area"], " by the order given for this battle"))
    return events


def absorb(g: Game) -> dict:
    """1.2.1: the defender's ground absorbs the first hits, as many as its bonus has left; the ground
    and its owner are public, so everyone reads it."""
    bt = g.s["battle"]
    side = bt["defender"]
    absorbed = min(bt["bonus"], bt["due"][side])
    bt["bonus"] -= absorbed
    bt["due"][side] -= absorbed
    return event(f"The defensive bonus of {bt['area']} absorbs {plural(absorbed, 'hit', 'hits')} (1.2.1).",
                 kind="ground", area=bt["area"], hits=absorbed)


def choose_hit(g: Game, side: str, cmd: Hit) -> list[dict]:
    """5.3.6: "the controlling player chooses to which Unit that hit must be applied"; several units
    named take the next hits in order. A hit that had only one unit to go to is applied by the rules
    at once; naming that unit in its place in the list is right, naming another is refused. The hits are
    told by their count and area first (`applied_hits`): before the showdown that is all the public reads."""
    bt = g.s["battle"]
    shown = bool(bt and bt["shown"])
    events: list[dict] = []
    given: list[str] = []  # the player's hits the rules applied since the last unit named
    named: list[str] = []  # the units named so far, each taking its hit
    hits = 0  # the player's hits applied, those the rules gave included
    for count, ref in enumerate(cmd.blocks):
        if given:
            bid = g.resolve(side, ref)
            named.append(bid)
            if bid != given[0]:
                raise RuleViolation("5.3.6", f"hit {count + 1} can go only to {g.public_name(given[0])}, so the "
                                    "rules give it that hit; name it there or leave it out")
            given.pop(0)
            continue
        choice = bt["choice"] if bt else None
        if choice is None or choice["side"] != side:
            raise RuleViolation("5.3.6", _no_more_hits(g, side, bt, named))
        bid = g.resolve(side, ref)
        named.append(bid)
        if bid not in choice["candidates"]:
            to = "one of your strongest units" if len(choice["candidates"]) > 1 else "your strongest unit"
            raise RuleViolation("5.3.6", f"the hit goes to {to}, primary targets first: "
                                + ", ".join(choice["candidates"]))
        bt["choice"] = None
        bt["due"][side] -= 1
        applied: list[tuple[str, str]] = []
        events += hit_one(g, bid) + apply_hits(g, applied)
        given = [b for owner, b in applied if owner == side]
        hits += 1 + len(given)
    return ([] if shown and hits == 1 else [applied_hits(side, hits, bt["area"])]) + events + advance(g)


def hits_to_come(g: Game, side: str) -> bool:
    """Whether a later step of the battle under way may bring `side` more hits among his units there to
    choose from (5.3): two or more of them, before the showdown or after it with a volley still to fire
    (9.9); never in the Grande Batterie's fire, one volley into each area (9.2). Where one may, a `hit
    order` answers them with the hits due now."""
    bt = g.s["battle"]
    if bt["stage"] == "battery" or len(g.units(bt["area"], side)) < 2:
        return False
    return not bt["shown"] or bt["volleys"] is None or bt["volley"] < len(bt["volleys"])


def order_hits(g: Game, side: str, cmd: HitOrder) -> list[dict]:
    """5.3.6: every hit of the player's in this battle, those due now and those to come, applied as the
    rules send them, to his strongest units, and where they leave him the choice among equals to the
    first of those in the order he gives; his units not named come after those named, leaders and
    artillery last (standing.ranked). Given once, at the battle's first question of his hits, as a
    player at the table says once which unit goes first; his hits are asked no more in this battle.
    Before the showdown everyone reads the hits' count, the order's units stay his (5.3.1)."""
    bt = g.s["battle"]
    if bt is None or bt["choice"] is None or bt["choice"]["side"] != side:
        raise RuleViolation("5.3.6", "no hit of yours is waiting to be applied")
    units = g.units(bt["area"], side)
    named: list[str] = []
    for ref in cmd.blocks:
        bid = g.resolve(side, ref)
        if bid not in units:
            raise RuleViolation("5.3.6", f"{g.public_name(bid)} is not in the battle in {bt['area']}: name your units "
                                f"there, {', '.join(units)}")
        if bid in named:
            raise RuleViolation("5.3.6", f"{g.public_name(bid)} is named twice; name each unit once")
        named.append(bid)
    rest = [bid for bid in standing.ranked(g, side, "protect_leaders") if bid not in named]
    bt["order"] = {**bt.get("order", {}), side: named + rest}
    bt["choice"] = None
    return advance(g)


def _no_more_hits(g: Game, side: str, bt: dict | None, named: list[str]) -> str:
    """Why a hit named finds none to take: none was waiting, or the units named before it took all
    there were. Hits that outlive the player's last unit in the area are lost with the battle
    ('Apply 3 hits in 31' to a lone artillery, which one hit destroys, 2.6): the refusal said no hit
    was waiting, of hits the prompt had just counted."""
    if not named or bt is None:
        return "no hit of yours is waiting to be applied"
    many = len(named) > 1
    it = "them" if many else "it"
    why = f"no hit of yours is due after {it}"
    if (g.s["battle"] is not bt or not g.contested(bt["area"])) and not g.units(bt["area"], side):
        leave = "they leave" if many else "it leaves"
        why = f"{leave} no unit of yours in {bt['area']} for the other hits, which are lost"
    first = f"the first {len(named)} units named" if many else "the first unit named"
    return f"only {first} had {'hits' if many else 'a hit'} to take: {why}; `hit {' '.join(named)}`"


def applied_hits(side: str, hits: int, area: int, how: str = "") -> dict:
    """5.3.6: a player's hits in an area, told to everyone by their count ('The Russian player applies 2
    hits in 46 (5.3.6).'). Before the showdown the owner applies them to his hidden units (5.3.1, 9.2)
    and the public reads that he did by what it knows already, the count the fire's line gave and the
    area, never the units; it read 'Russian: a `hit` command.', the kind of an order as if one were
    still to give. After it the blocks stand face up and each hit's line follows; several are counted
    first, so that an answer given at once ('..., forced: every way to apply these hits ends alike.')
    is said of them all, not of the first hit's line."""
    return event(f"The {side.title()} player applies {plural(hits, 'hit', 'hits')} in {area}{how} (5.3.6).",
                 kind="hits", area=area)


def jager_choice(g: Game, side: str, cmd: Skirmish | Ambush) -> list[dict]:
    """9.1: a full-strength Russian jager skirmishes away or lies in ambush, then the battle goes on."""
    bt = g.s["battle"]
    if not g.option("russian_jager"):
        raise RuleViolation("9.1", "this game is played without the optional Russian Jager rule (the option "
                            "russian_jager), so no jager skirmishes or lies in ambush: jagers fight as other blocks")
    if bt is None or bt["stage"] != "jagers":
        raise RuleViolation("9.1", "jagers skirmish or ambush after the showdown of a battle in woods or hills")
    events = ground.skirmish(g, side, cmd) if isinstance(cmd, Skirmish) else ground.ambush(g, side, cmd)
    if not ground.jagers(g):
        bt["stage"] = "ground"
    return events + advance(g)


# --- the sequence ---------------------------------------------------------------------------------
def showdown(g: Game) -> list[dict]:
    """5.3.3: both players reveal their units in the area."""
    bt = g.s["battle"]
    bt["shown"] = True
    names = "; ".join(f"{side.title()}: " + ", ".join(g.public_name(b) for b in g.units(bt["area"], side))
                      for side in (bt["attacker"], bt["defender"]))
    return [event(f"Showdown in {bt['area']} (5.3.3): {names}.", kind="showdown")]


def order_of_fire(g: Game) -> list[dict]:
    bt = g.s["battle"]
    bt["volleys"] = ground.volleys(g)
    plain = [v for v in bt["volleys"] if v["units"] is None]
    if len(plain) == 2 and plain[0]["kinds"] is None:
        first = plain[0]["sides"][0].title()
        return [event(f"The {first} player earns the combined force bonus and fires first (5.3.5).", kind="bonus")]
    return []


def advance(g: Game) -> list[dict]:
    """Run the battle until a player must choose or it is over."""
    bt = g.s["battle"]
    events: list[dict] = []
    while g.s["battle"] is not None and g.s["phase"] != "over":
        events += apply_hits(g)
        if bt["choice"]:
            return events
        if bt["stage"] == "battery":
            return events + batterie.finish(g)
        if not g.contested(bt["area"]):
            return events + finish(g)
        if bt["stage"] == "artillery":
            if ready_guns(g):
                return events
            bt["stage"] = "retreat"
        elif bt["stage"] == "retreat":
            if g.s["initiative"] == bt["defender"] and retreats.retreat_areas(g):
                if (g.s["impulse"] or {}).get("stand") != bt["defender"]:
                    return events
                events.append(stood(g, bt["defender"], " by the order given for this impulse"))
            bt["stage"] = "ground"
        elif not bt["shown"]:
            events += showdown(g)
            bt["stage"] = "jagers" if ground.jagers(g) else "ground"
        elif bt["stage"] == "jagers":
            return events
        elif bt["volleys"] is None:
            events += order_of_fire(g)
        elif bt["volley"] < len(bt["volleys"]):
            events += ground.fire(g, bt["volleys"][bt["volley"]])
            bt["volley"] += 1
        else:
            return events + finish(g)
    return events


def finish(g: Game) -> list[dict]:
    """5.3.7: cubes off, the area owner conceals; the battle is over."""
    bt = g.s["battle"]
    area = bt["area"]
    for bid in g.units(area, bt["attacker"]):
        g.set_cube(bid, "yellow", False)
        g.set_cube(bid, "light_blue", False)
    g.s["impulse"]["fought"].append(area)
    g.s["log"]["battles"].append({"area": area, "hits": dict(bt["hits"])})
    g.s["battle"] = None
    holder = None if g.contested(area) else g.owner(area)
    state = "still contested" if holder is None else f"held by the {HOLDERS[holder]}"
    return [event(f"The battle in {area} is over, {state} (5.3.7).", kind="battle_over", area=area, holder=holder)]
