"""SEQUENCE OF PLAY: "Each Game-Turn is divided into three segments: the Russian Player-Turn, the
French Player-Turn and a Supply Segment. During each Player-Turn, each Player adds reinforcements,
determines attrition, moves, force marches, and engages in combat, in that order." (SPI's 1812
overview)

Phases of the state: attrition (the opponent chooses the losses), movement, march (forced march),
combat, supply (the French may create depots), removal (a corps lost to the Victory Point Index),
over. Reinforcements and the attrition roll happen as a Player-Turn begins.
"""
from __future__ import annotations

from rules.campaign_1812 import combat, leaders, supply, victory
from rules.campaign_1812.game import NAMES, Game, counted, enemy_of, empty
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import Event, event, seal

ORDER = ("russian", "french")  # the Russian Player-Turn comes first (SEQUENCE OF PLAY)


def begin_player_turn(g: Game, side: str) -> list[Event]:
    """Reinforcements, then the attrition roll (REINFORCEMENTS, ATTRITION)."""
    s = g.s
    s["player"], s["phase"], s["moved"], s["marched"], s["fought"] = side, "attrition", {}, {}, []
    leaders.new_player_turn(g)
    label = g.tables.labels[s["turn"] - 1]
    out = [event(f"Game-Turn {s['turn']} ({label}{', winter' if g.winter() else ''}): the {side.title()} "
                 "Player-Turn.", kind="phase")]
    out += reinforce(g, side)
    die = roll(s["dice"])
    # The roll's own count, not capped at the corps the side has: the stacks are hidden, and "2 corps"
    # where the roll asks 3 would tell the opponent the side has no more. A loss named at a stack
    # without corps is spent (`attrit`); only a side with no stack left on the map, which all see,
    # has no loss to name.
    due = g.tables.attrition[side][die - 1] if g.stacks(side) else 0
    lost = f"{due} corps lost, chosen by the {enemy_of(side).title()} player" if due else "no corps lost"
    out.append(event(f"Attrition: {side.title()} die {die}, {lost} (Attrition).", kind="attrition"))
    s["attrition"] = due
    if not due:
        s["phase"] = "movement"
    return out


def reinforce(g: Game, side: str) -> list[Event]:
    """REINFORCEMENTS: "The French must start their reinforcements along the map's western edge ...
    The Russian reinforcements appear in forts controlled by the Russians"; data/scenarios.toml lists
    the places in order of preference. Under the option fort_reinforcements a Russian one appears in a
    fort alone; in games without it, in any victory place the Russians control (the first reading)."""
    out = []
    for r in g.arrivals(side):
        place = next((p for p in r.places if side == "french" or g.s["control"].get(str(p)) == "russian"
                      and (g.places[p].fort or not g.option("fort_reinforcements"))), None)
        if place is None:  # only a Russian one: the French enter on the western edge
            forts = g.option("fort_reinforcements")
            listed = [g.name(p) for p in r.places if g.places[p].fort or not forts]
            out.append(event(f"A Russian reinforcement does not appear: the Russians hold none of the "
                             f"{'forts' if forts else 'victory places'} {', '.join(listed)}.", kind="reinforce"))
            continue
        g.add(side, place, r.counts)
        out.append(event(f"{side.title()} reinforcements arrive in {g.name(place)}.", kind="reinforce",
                         place=place))
        out.append(event(f"Your reinforcements in {g.name(place)}: {counted(r.counts)}.", side, kind="reinforce"))
    return out


def attrit(g: Game, side: str, place: int) -> list[Event]:
    """ATTRITION: 'These losses are selected by the opponent': the opponent names a stack; it loses
    an infantry corps, or a cavalry corps when it has no infantry (a stack without corps loses
    nothing: the loss is spent). Its owner reads what the stack has left, so two losses in one
    place read as two, not as one line said twice."""
    loser = enemy_of(side)
    if not g.has(loser, place):
        raise RuleViolation("Attrition", f"there is no {loser.title()} stack in {g.name(place)}; "
                            f"name one of {g.nearest(g.stacks(loser), place)}")
    kind = "inf" if g.stack(loser, place)["inf"] else "cav"
    lost = g.take(loser, place, kind, 1)
    g.s["attrition"] -= 1
    more = g.s["attrition"] if g.stacks(loser) else 0
    left = counted(g.stack(loser, place))
    said = f"{counted({kind: lost})} lost; " + ("nothing left there" if left == "nothing" else f"left there: {left}") \
        if lost else \
        "no corps there to lose, so the loss is spent" + (f" ({more} more to be chosen)" if more > 0 else "")
    out = [event(f"Attrition: the {side.title()} player takes a {loser.title()} loss in {g.name(place)}.",
                 kind="attrition", place=place),
           event(f"Attrition in {g.name(place)}: {said}.", loser, kind="attrition")]
    if g.s["attrition"] <= 0 or not g.stacks(loser):
        g.s["attrition"], g.s["phase"] = 0, "movement"
    return out


def attrit_each(g: Game, side: str, places: tuple[int, ...]) -> list[Event]:
    """`attrit 12 14 15`: the losses due, each at the place named in turn, as `attrit 12`, `attrit 14`,
    `attrit 15` one after another: the opponent selects every loss (ATTRITION) and nothing is rolled
    between them, so naming them together is naming each in turn. Every place must hold an enemy stack
    when they are named, and no more losses than are due. A stack an earlier loss of the same order took
    off the map (which everyone then sees) ends the order there, the losses left chosen again: refusing the
    whole order would tell, before any loss, that the stack held a single corps."""
    loser = enemy_of(side)
    if len(places) > g.s["attrition"]:
        raise RuleViolation("Attrition", f"{g.s['attrition']} {'loss is' if g.s['attrition'] == 1 else 'losses are'}"
                            f" due; name at most as many places: `attrit {' '.join(map(str, places[:1]))}`")
    for place in places:
        if not g.has(loser, place):
            raise RuleViolation("Attrition", f"there is no {loser.title()} stack in {g.name(place)}; "
                                f"name one of {g.nearest(g.stacks(loser), place)}")
    out: list[Event] = []
    for place in places:
        if g.s["phase"] != "attrition":  # the last loss due taken, or the last stack gone
            break
        if not g.has(loser, place):
            out.append(event(f"Attrition: no {loser.title()} stack is left in {g.name(place)}; the "
                             f"{'loss' if g.s['attrition'] == 1 else str(g.s['attrition']) + ' losses'} left "
                             "chosen again.", kind="attrition", place=place))
            break
        out += attrit(g, side, place)
    return out


def end_phase(g: Game) -> list[Event]:
    """`end`: the Movement Phase gives way to the Forced March, that to Combat; the French end
    their depots and the Supply Segment is resolved. The Segment always stands (undo never takes it
    back): its Unsupplied Chart rolls fall on each side's own dice, behind its screen, and whether
    any falls turns on Russian depots the French cannot see; were the `end` undoable only when no
    die fell, the French would learn it from the answer to their `undo`."""
    s = g.s
    if s["phase"] == "movement":
        s["phase"], s["moved"] = "march", {}
        return [event(f"The {s['player'].title()} player ends movement; forced marches follow.", kind="phase")]
    if s["phase"] == "march":
        s["phase"], s["marched"] = "combat", {}
        return [combat.opening(g)] + advance(g)
    if s["phase"] == "supply":
        return seal(supply.resolve(g) + after_supply(g))
    raise RuleViolation("Sequence of Play", f"there is nothing to end in the {s['phase']} step")


def advance(g: Game) -> list[Event]:
    """Carry the game on until a player must decide: the next battle or retreat of the Combat
    Phase, else the next Player-Turn or the Supply Segment."""
    out = combat.next_step(g)
    if g.s["battle"] or g.s["retreat"]:
        return out
    g.s.pop("plans", None)  # the chits kept for every battle of the Combat Phase, now over
    out += victory.update_control(g)
    if g.s["player"] == ORDER[0]:
        return out + begin_player_turn(g, ORDER[1])
    g.s["phase"], g.s["player"] = "supply", "french"
    # what the French may do is his prompt's (where a depot can be made, or that none can), the public's the
    # view's: said here too, it was said twice in the channel, and against the prompt where none can be made
    return out + [event("Supply Segment.", kind="phase")]


def after_supply(g: Game) -> list[Event]:
    """The Victory Point Index, then the next Game-Turn (or the end of the game)."""
    out = victory.update_control(g) + victory.check_index(g)
    return out if g.s["phase"] == "removal" else out + next_turn(g)


def next_turn(g: Game) -> list[Event]:
    s = g.s
    if s["turn"] >= g.tables.turns or not g.corps("french"):
        return victory.finish(g)
    s["turn"] += 1
    return begin_player_turn(g, ORDER[0])


def french_corps(g: Game, near: int | None = None) -> str:
    """Where the French corps stand, by kind: 'infantry corps in Vilna (12), East Prussia (30) and cavalry
    corps in East Prussia (30)'; every place, or those nearest `near`, the place a refusal was asked of,
    and how many more."""
    return " and ".join(corps_by_kind(g, near))


def corps_by_kind(g: Game, near: int | None = None) -> list[str]:
    """`french_corps` a kind each: the answers of the removal, a point each in its question."""
    return [f"{NAMES[k][1]} in {g.named(places) if near is None else g.nearest(places, near)}"
            for k in ("inf", "cav") if (places := [p for p in g.stacks("french") if g.stack("french", p)[k]])]


def remove(g: Game, side: str, place: int, kind: str) -> list[Event]:
    """VICTORY CONDITIONS: 'the loss of one corps (of his choice)' when short of the index."""
    if not g.stack("french", place)[kind]:
        raise RuleViolation("Victory Conditions", f"the French have no {NAMES[kind][0]} in {g.name(place)}; "
                            f"theirs are {french_corps(g, place)}")
    g.take("french", place, kind, 1)
    g.s["removal"] -= 1
    out = [event(f"The French player removes a corps from {g.name(place)} (Victory Point Index).", kind="remove",
                 place=place), event(f"Removed: {counted({**empty(), kind: 1})}.", "french", kind="remove")]
    if g.s["removal"] <= 0 or not g.corps("french"):
        g.s["removal"], g.s["phase"] = 0, "supply"
        out += next_turn(g)
    return out
