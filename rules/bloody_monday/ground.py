"""Ground combat (5.3.4): who rolls when and with how many dice. Volleys fire in order and their hits
are applied before the next: both sides at once (5.3.4), the combined force bonus first (5.3.5),
ambushing Russian jagers before anyone (9.1), the unit classes one by one in woods and hills (9.9).

A volley is {"sides": [...], "kinds": [...] or None, "units": [...] or None}; a unit rolls once
per battle (state["battle"]["rolled"]).
"""
from __future__ import annotations

from rules.bloody_monday import movement
from rules.bloody_monday.commands import Ambush, Skirmish
from rules.bloody_monday.game import Game, enemy_of, plural
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import event

ORDER = ("jager", "infantry", "militia", "light", "heavy", "support")  # 9.9
NAMES = {"jager": ("jager", "jagers"), "infantry": ("infantry",) * 2, "militia": ("militia",) * 2,
         "light": ("light cavalry",) * 2, "heavy": ("heavy cavalry",) * 2,
         "support": ("support unit", "support units")}  # how a 9.9 volley's class reads, one unit or more


def kind(g: Game, bid: str) -> str:
    """The 9.9 firing class: Russian jager, infantry, militia, light or heavy cavalry, support."""
    d = g.defs[bid]
    if d.is_support:
        return "support"
    if d.type == "cavalry":
        return "heavy" if d.subtype == "heavy" else "light"
    if d.subtype == "jager" and d.side == "russian":
        return "jager"
    return "militia" if d.subtype == "militia" else "infantry"


def combined_arms(g: Game, side: str, area: int) -> bool:
    """5.3.5: infantry and cavalry without a light blue cube (9.5: cossacks are no cavalry here)."""
    kinds = {g.defs[b].type for b in g.units(area, side) if "light_blue" not in g.cubes(b)
             and not (g.option("cossacks") and g.defs[b].subtype == "cossack")}
    return {"infantry", "cavalry"} <= kinds


def volleys(g: Game) -> list[dict]:
    """The order of fire for the battle, once the jagers have chosen (9.1)."""
    bt = g.s["battle"]
    area, both = bt["area"], [bt["defender"], bt["attacker"]]
    first = [{"sides": ["russian"], "kinds": None, "units": list(bt["ambush"])}] if bt["ambush"] else []
    if g.option("advanced_combat") and g.areas[area].colour != "green":
        return first + [{"sides": both, "kinds": [k], "units": None} for k in ORDER]
    if g.areas[area].colour == "green":
        able = [s for s in both if combined_arms(g, s, area)]
        if len(able) == 1:
            return first + [{"sides": able, "kinds": None, "units": None},
                            {"sides": [enemy_of(able[0])], "kinds": None, "units": None}]
    return first + [{"sides": both, "kinds": None, "units": None}]


def dice_of(g: Game, bid: str) -> tuple[int, int]:
    """(dice, lowest hitting die): 2.2-2.3, support 1 die; 5.2.2 inspired +1; 1.2.3 halved."""
    d, strength = g.defs[bid], g.strength(bid)
    if d.is_support:
        return 1, g.army.hits_on["SF" if d.type == "artillery" else "TF"]
    need = g.army.hits_on[d.firepower_at(strength)] - (1 if "yellow" in g.cubes(bid) else 0)
    dice = max(1, strength // 2) if "light_blue" in g.cubes(bid) else strength
    return dice, need


def fire(g: Game, volley: dict) -> list[dict]:
    """Roll for the volley's units that have not rolled yet; the hits fall on the other side."""
    bt = g.s["battle"]
    events = []
    for side in volley["sides"]:
        units = [b for b in g.units(bt["area"], side) if b not in bt["rolled"]
                 and (volley["kinds"] is None or kind(g, b) in volley["kinds"])
                 and (volley["units"] is None or b in volley["units"])]
        if not units:
            continue
        rolled: list[int] = []
        hits = 0
        for bid in units:
            dice, need = dice_of(g, bid)
            rs = [roll(g.s["dice"]) for _ in range(dice)]
            rolled += rs
            hits += sum(1 for r in rs if r >= need)
        bt["rolled"] += units
        bt["due"][enemy_of(side)] += hits
        bt["hits"][side] += hits
        events.append(event(f"The {side.title()} player rolls {plural(len(rolled), 'die', 'dice')} in {bt['area']}"
                            f"{firing(volley, len(units))}: {plural(hits, 'hit', 'hits')} ({rule(volley)}).",
                            kind="roll", side=side, dice=rolled, hits=hits))
    return events


def firing(volley: dict, count: int) -> str:
    """Which `count` units a volley is, when not all: the ambushing jagers (9.1), one class in woods
    and hills (9.9)."""
    if volley["units"] is not None:
        return f" with its ambushing {NAMES['jager'][count > 1]}"
    return f" with its {NAMES[volley['kinds'][0]][count > 1]}" if volley["kinds"] else ""


def rule(volley: dict) -> str:
    return "9.1" if volley["units"] is not None else "9.9" if volley["kinds"] else "5.3.4"


# --- 9.1 Russian jagers ------------------------------------------------------------------------------
def jagers(g: Game) -> list[str]:
    """9.1: full-strength Russian jagers in a yellow or red battle area that have not chosen yet."""
    bt = g.s["battle"]
    if not g.option("russian_jager") or g.areas[bt["area"]].colour == "green":
        return []
    return [b for b in g.units(bt["area"], "russian") if g.defs[b].subtype == "jager"
            and g.strength(b) == g.defs[b].strength and b not in bt["ambush"] and b not in bt["stood"]]


def skirmish_areas(g: Game, bid: str) -> list[int]:
    """9.1: "any adjacent friendly-controlled Area without overstacking" (controlled, as in 6.4,
    contested or not), within the command limits (9.11-9.12)."""
    area = g.s["battle"]["area"]
    return sorted(n for n in g.areas[area].neighbours if g.owner(n) == "russian" and g.fits(bid, n)
                  and movement.may_enter(g, bid, n))


def _jager(g: Game, side: str, ref: str) -> str:
    bid = g.resolve(side, ref)
    if side != "russian" or bid not in jagers(g):
        raise RuleViolation("9.1", "only a full-strength Russian jager in a yellow or red battle area may "
                            "skirmish or ambush, once")
    return bid


def skirmish(g: Game, side: str, cmd: Skirmish) -> list[dict]:
    """9.1 Skirmish: "reduce strength by one and retreat into any adjacent friendly-controlled Area"."""
    bid = _jager(g, side, cmd.block)
    areas = skirmish_areas(g, bid)
    if cmd.area not in areas:
        limit = " on its side of the command limit (9.12)" if g.option("extreme_command_limit") else ""
        raise RuleViolation("9.1", f"{g.public_name(bid)} skirmishes into an adjacent area you control with room"
                            f"{limit}: {', '.join(map(str, areas)) or 'none'}")
    g.block(bid)["strength"] -= 1
    g.place(bid, cmd.area)
    return [event(f"{g.public_name(bid)} skirmishes into {cmd.area} (9.1).", kind="skirmish")]


def ambush(g: Game, side: str, cmd: Ambush) -> list[dict]:
    """9.1 Ambush: "roll dice before any other Units and immediately apply any hits"."""
    bid = _jager(g, side, cmd.block)
    g.s["battle"]["ambush"].append(bid)
    return [event(f"{g.public_name(bid)} lies in ambush (9.1).", kind="ambush")]
