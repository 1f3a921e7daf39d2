"""The turn around the impulses: the Logistics Phase (3.0-3.6), reinforcements (3.3, 6.1) and the
Final Phase (8.0, with 9.10 battle fatigue attrition).

state["logistics"] while it runs: {"order": [the side without the Initiative, the other], "index",
"stage": "choose"|"reinforce"|"restore", "lv", "reinforced": reinforcements deployed, "spent":
{category: LPs}, "step": category reached}.
"""
from __future__ import annotations

from rules.bloody_monday import movement
from rules.bloody_monday.commands import Activate, Reinforce, Restore
from rules.bloody_monday.game import Game, enemy_of, plural
from rules.bloody_monday.movement import Rules
from rules.core.dice import roll
from rules.core.errors import RuleViolation
from rules.core.events import event

LAST_TURN = 4
CATEGORIES = ("tactical_leader", "artillery", "combat")  # 3.1: restore in this order


def deploy_areas(g: Game, side: str) -> list[int]:
    """3.3: the victory areas a reinforcement may enter now (controlled, uncontested, not isolated,
    with room), in the printed order."""
    return [n for n in g.field.reinforcement_order[side]
            if g.friendly(side, n) and n not in g.s["isolated_areas"][side] and g.room(side, n) > 0]


def reinforce(g: Game, side: str, count: int) -> list[dict]:
    """3.3: draw at random and deploy into controlled, uncontested, not isolated victory areas, in the
    printed order, without overstacking; the rest stay in the pool."""
    placed: dict[int, list[str]] = {}
    for _ in range(count):
        pool = g.pool(side)
        where = deploy_areas(g, side)
        if not pool or not where:
            break
        bid = pool[roll(g.s["dice"], len(pool)) - 1]
        g.place(bid, where[0])
        placed.setdefault(where[0], []).append(bid)
    if not placed:
        return [event(f"No {side.title()} reinforcement can deploy (3.3).", kind="reinforcements")]
    public = "; ".join(f"{len(ids)} in {n}" for n, ids in placed.items())
    private = "; ".join(f"{', '.join(ids)} in {n}" for n, ids in placed.items())
    return [event(f"{side.title()} reinforcements deploy (3.3): {public}.", kind="reinforcements"),
            event(f"Your reinforcements (3.3): {private}.", to=side, kind="reinforcements")]


# --- Logistics Phase ------------------------------------------------------------------------------
def start_logistics(g: Game) -> list[dict]:
    s = g.s
    first = enemy_of(s["initiative"])
    s["phase"], s["player"] = "logistics", first
    s["logistics"] = {"order": [first, s["initiative"]], "index": 0, "stage": "choose", "lv": 0, "reinforced": 0,
                      "spent": {c: 0 for c in CATEGORIES}, "step": 0}
    return [event(f"Turn {s['turn']}: Logistics Phase (3.0); the {first.title()} player, without the Initiative, "
                  "chooses first whether to activate the supreme commander.", kind="phase", turn=s["turn"])]


def logistics_side(g: Game) -> str:
    lg = g.s["logistics"]
    return str(lg["order"][lg["index"]])


def activate_chief(g: Game, side: str, cmd: Activate) -> list[dict]:
    """3.1: move (not after), reveal for 1 MP in a friendly uncontested area, then reinforce (3.3)."""
    lg = g.s["logistics"]
    bid = g.resolve(side, cmd.block)
    if bid != g.chief(side) or lg["stage"] != "choose":
        raise RuleViolation("3.1", "in the Logistics Phase only the supreme commander is activated, once; "
                            "`restore` units or `end`")
    if g.exhausted(bid):
        raise RuleViolation("2.6.3", "your supreme commander is exhausted and cannot be activated; `end`")
    events: list[dict] = []
    if cmd.area is not None and cmd.area != g.entry(bid)["area"]:
        path = movement.plan(g, bid, (cmd.area,), Rules(movement.allowance(g, bid) - 1, engage=False))
        if not g.friendly(side, path[-1]):
            raise RuleViolation("3.1", "the supreme commander activates in a friendly, uncontested area, "
                                f"not {cmd.area}")
        events = movement.execute(g, bid, path, [])
    here = g.area(bid)
    if not g.friendly(side, here):
        raise RuleViolation("3.1", "the supreme commander activates in a friendly, uncontested area; "
                            f"move it out of {here}")
    g.block(bid)["activated"] = True
    lv = g.logistics_value(side)
    lg.update(stage="reinforce", lv=lv)
    return events + [event(f"{g.public_name(bid)} is activated in {here}: Logistics Value {lv} (3.2).",
                           kind="logistics", lv=lv)]


def reinforce_step(g: Game, side: str, cmd: Reinforce) -> list[dict]:
    """3.1: the player "may ... deploy Reinforcements", up to the LV (3.2), before restoring any unit."""
    lg = g.s["logistics"]
    if lg["stage"] != "reinforce":
        raise RuleViolation("3.1", "reinforcements are deployed after activating the supreme commander and "
                            "before restoring units")
    left = lg["lv"] - lg["reinforced"]
    if left <= 0:
        raise RuleViolation("3.2", f"you have deployed the {plural(lg['lv'], 'reinforcement', 'reinforcements')} "
                            "your Logistics Value allows; `restore` or `end`")
    if not g.pool(side) or not deploy_areas(g, side):
        why = "your Reinforcements Pool is empty" if not g.pool(side) else \
            "no victory area of yours is uncontested, not isolated and with room"
        raise RuleViolation("3.3", f"{why}; `restore` or `end`")
    if cmd.count is not None and cmd.count > left:
        raise RuleViolation("3.2", f"your Logistics Value allows {left} more reinforcements; `reinforce {left}`")
    before = len(g.pool(side))
    events = reinforce(g, side, left if cmd.count is None else cmd.count)
    lg["reinforced"] += before - len(g.pool(side))
    return events


def restore(g: Game, side: str, cmd: Restore) -> list[dict]:
    """3.4-3.6: one step back, leaders then artillery then combat units, each budget the LV."""
    lg = g.s["logistics"]
    if lg is None or lg["stage"] not in ("reinforce", "restore"):
        raise RuleViolation("3.1", "units are restored in the Logistics Phase after activating the supreme commander")
    bid = g.resolve(side, cmd.block)
    d, b = g.defs[bid], g.block(bid)
    cat = "combat" if d.type in ("infantry", "cavalry") else d.type
    if cat not in CATEGORIES or b["where"] != "map" or b["strength"] >= d.strength:
        raise RuleViolation("3.4-3.6", f"{g.public_name(bid)} has no step to restore; restore a reduced leader, "
                            "artillery or combat unit on the map")
    if "white" in b["cubes"]:
        raise RuleViolation("4.1", f"{g.public_name(bid)} is isolated and cannot be restored")
    step = CATEGORIES.index(cat)
    if step < lg["step"]:
        raise RuleViolation("3.1", "restoring goes leaders, then artillery, then combat units; "
                            f"{cat.replace('_', ' ')} steps are over")
    cost = g.army.restore_cost[d.firepower_at(b["strength"] + 1)] if cat == "combat" else 1
    if lg["spent"][cat] + cost > lg["lv"]:
        raise RuleViolation("3.6" if cat == "combat" else "3.4-3.5",
                            f"that step costs {cost} LPs and {lg['lv'] - lg['spent'][cat]} remain for "
                            f"{cat.replace('_', ' ')} steps; restore a cheaper step or `end`")
    lg["stage"], lg["step"], lg["spent"][cat] = "restore", step, lg["spent"][cat] + cost
    b["strength"] += 1
    return [event(f"The {side.title()} player restores a step (3.4-3.6).", kind="restore"),
            event(f"{g.public_name(bid)} is restored to {b['strength']} ({cost} LP).", to=side, kind="restore")]


def end_logistics_turn(g: Game) -> list[dict]:
    """A player is done; after both, activated supreme commanders are reduced and concealed (3.1)."""
    lg = g.s["logistics"]
    lg.update(index=lg["index"] + 1, stage="choose", lv=0, reinforced=0, spent={c: 0 for c in CATEGORIES}, step=0)
    if lg["index"] < 2:
        g.s["player"] = logistics_side(g)
        return [event(f"The {g.s['player'].title()} player's logistics (3.0).", kind="phase")]
    for side in ("french", "russian"):
        b = g.block(g.chief(side))
        if b["activated"]:
            b["strength"] -= 1
            b["activated"] = False
    g.s.update(logistics=None, phase="impulses", player=g.s["initiative"], passes=0, impulse=None)
    return [event(f"Impulses Phase (4.0): the {g.s['player'].title()} player, holding the Initiative, begins.",
                  kind="phase")]


# --- Final Phase ----------------------------------------------------------------------------------
def battle_fatigue(g: Game) -> list[dict]:
    """9.10: every engaged unit without a shield suffers one hit, terrain ignored: all at once, so a
    unit whose last enemy in the area falls to the same attrition takes its hit too. The loss of a
    step is told to whoever may see the block (its owner, and the enemy too when it stands revealed)."""
    engaged = [(bid, g.revealed(bid)) for bid in sorted(b for side in ("french", "russian") for b in g.on_map(side))
               if not g.defs[bid].shield and g.contested(g.area(bid))]
    events = [event("Battle fatigue attrition (9.10): engaged units without a shield take one hit.",
                    kind="attrition")]
    for bid, seen in engaged:
        d, b = g.defs[bid], g.block(bid)
        if d.is_support or b["strength"] <= 1:
            events.append(g.eliminate(bid))
        else:
            b["strength"] -= 1
            events.append(event(f"{g.public_name(bid)} takes a hit: strength {b['strength']} (9.10).",
                                to="all" if seen else d.side, kind="hit"))
    return events


def final_phase(g: Game) -> list[dict]:
    """8.0: attrition (9.10), then the turn track moves on; after Turn 4 the game ends, decided by the
    victory areas, in Last Blood by the victory points (10.0)."""
    s = g.s
    events = battle_fatigue(g) if g.option("battle_fatigue") else []
    if s["turn"] >= LAST_TURN:
        s["phase"] = "over"
        count = "victory points decide (10.0)" if s["scenario"] == "last_blood" else "victory areas decide"
        return events + [event(f"End of Turn 4 (8.0): the {count}.", kind="phase")]
    s["turn"] += 1
    s["passes"] = 0
    return events + start_logistics(g)
