"""9.2 Grande Batterie: before the first impulse the French artillery in areas 16, 28, 31 and 32
fire once each, without moving or activating, four dice at TF into an adjacent Russian-occupied
area; the Russian applies the hits unseen, with the terrain bonus and shields once per area.

state["battery"] while it lasts: {"fired": [guns], "bonus": {area: hits still absorbed},
"shields": {area: [blocks whose shield is used]}}; each shot is a battle of stage "battery".
"""
from __future__ import annotations

from rules.bloody_monday.commands import Fire
from rules.bloody_monday.game import Game, faces, plural
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import event


def guns(g: Game) -> list[str]:
    """The French artillery still to fire from the Grande Batterie areas."""
    bt = g.s["battery"]
    return [b for n in g.field.grande_batterie for b in g.units(n, "french")
            if g.defs[b].type == "artillery" and b not in bt["fired"]]


def targets(g: Game, bid: str) -> list[int]:
    return sorted(n for n in g.areas[g.area(bid)].neighbours if g.units(n, "russian"))


def fire(g: Game, side: str, cmd: Fire) -> list[dict]:
    """9.2: one gun's four dice at TF into an adjacent enemy-occupied area; the Russian applies the hits."""
    bid = g.resolve(side, cmd.block)
    ready = guns(g)
    if bid not in ready:
        left = ", ".join(f"{b} in {g.area(b)}" for b in ready) or "none"
        raise RuleViolation("9.2", "each Grande Batterie artillery (areas 16, 28, 31, 32) fires once; still to "
                            f"fire: {left}")
    if cmd.area not in targets(g, bid):
        raise RuleViolation("9.2", f"{g.public_name(bid)} fires into an adjacent Russian-occupied area: "
                            + (", ".join(map(str, targets(g, bid))) or "none"))
    battery, area = g.s["battery"], str(cmd.area)
    battery["fired"].append(bid)
    dice = [roll(g.s["dice"]) for _ in range(4)]
    hits = sum(1 for d in dice if d >= g.army.hits_on["TF"])
    g.s["battle"] = {"area": cmd.area, "attacker": "french", "defender": "russian", "stage": "battery", "fired": [],
                     "bonus": battery["bonus"].get(area, g.defensive_bonus(cmd.area, "russian")),
                     "shields": battery["shields"].get(area, []), "volleys": None, "volley": 0,
                     "due": {"french": 0, "russian": hits}, "hits": {"french": hits, "russian": 0},
                     "shown": False, "choice": None, "rolled": [], "ambush": [], "stood": []}
    g.s["log"]["artillery"].append({"from": g.entry(bid)["area"], "to": cmd.area})
    return [event(f"Grande Batterie (9.2): the French artillery in {g.block(bid)['area']} fires into {cmd.area} at TF, "
                  f"{faces(dice)}: {plural(hits, 'hit', 'hits')}.", kind="artillery", dice=dice, hits=hits)]


def finish(g: Game) -> list[dict]:
    """The shot's hits are applied: keep what is left of the area's bonus and shields."""
    bt, battery = g.s["battle"], g.s["battery"]
    battery["bonus"][str(bt["area"])] = bt["bonus"]
    battery["shields"][str(bt["area"])] = bt["shields"]
    g.s["battle"] = None
    return []


def end(g: Game) -> list[dict]:
    """9.2: the French player "can fire": the batterie ends, having fired or not."""
    done = "has fired" if g.s["battery"]["fired"] else "holds its fire"
    g.s["battery"] = None
    return [event(f"The Grande Batterie {done}; the French player begins the first impulse (9.2).", kind="phase")]
