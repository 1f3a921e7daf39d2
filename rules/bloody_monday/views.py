"""What a side may see (Setup: Fog of War): its own blocks in full, enemy blocks only as a side and
an area unless the rules reveal them; `side=None` is the public board. Hidden facts never enter
the dict, so nothing downstream can leak them."""
from __future__ import annotations

from rules.bloody_monday import combat, ground, impulses
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday import turns
from rules.bloody_monday.game import SIDES, Game, Impulse, plural
from rules.core.events import either, point_by_point

TITLES = {"bloody_monday": "Borodino, 7 September 1812", "last_blood": "Last Blood"}
UNASKED = {"last_blood": "10.0"}  # a scenario played with every optional rule, none asked: the case that says so
# The cubes on a block, as the players read them (the rule book's markers; the map's legend)
CUBES = {"white": "isolated (4.1)", "yellow": "inspired (5.2.2)", "light_blue": "Kolocha crossing (1.2.3)",
         "red": "artillery fired (5.3.1)"}


def unit(g: Game, bid: str, viewer: str | None) -> dict:
    b, d = g.block(bid), g.defs[bid]
    if not g.knows(viewer, bid):
        return {"side": d.side, "area": b["area"], "revealed": False}
    return {"side": d.side, "area": b["area"], "id": bid, "label": d.label, "type": d.type, "subtype": d.subtype,
            "corps": d.corps, "colour": d.colour, "strength": b["strength"], "max_strength": d.strength,
            "firepower": d.firepower_at(b["strength"]), "revealed": g.revealed(bid), "activated": b["activated"],
            "cubes": sorted([*b["cubes"], *(["red"] if bid in fired(g) else [])])}


def fired(g: Game) -> set[str]:
    """The artillery marked with a red cube: those that fired into the battle under way while its guns
    still fire (5.3.1: the cube is removed once they have), and the Grande Batterie's while it lasts (9.2)."""
    bt, battery = g.s["battle"], g.s.get("battery")
    return {*(bt["fired"] if bt and bt["stage"] == "artillery" else ()), *(battery["fired"] if battery else ())}


def _units(g: Game, viewer: str | None) -> list[dict]:
    out = [unit(g, bid, viewer) for side in SIDES for bid in g.on_map(side)]
    return sorted(out, key=lambda u: (u["area"], u["side"], "id" not in u, u.get("id", "")))


def _log(g: Game, viewer: str | None) -> dict:
    log = g.s["log"]
    moves = [{k: v for k, v in m.items() if k != "id" or g.knows(viewer, v)} for m in log["moves"]]
    return {"moves": moves, "battles": [dict(x) for x in log["battles"]],
            "artillery": [dict(x) for x in log["artillery"]]}


def prompt(g: Game, viewer: str | None) -> str | None:
    """What the game waits for, told so that only the chooser hears the private part."""
    s = g.s
    if s["phase"] == "over":
        return None
    bt = s["battle"]
    if s["phase"] == "logistics":
        who = turns.logistics_side(g)
        if viewer != who:
            return f"The {who.title()} player's logistics (3.0)."
        lg = s["logistics"]
        if lg["stage"] == "choose" and g.exhausted(g.chief(who)):
            return "Your supreme commander is exhausted and cannot be activated (2.6.3): `end` your logistics (3.1)."
        if lg["stage"] == "choose":
            chief = g.chief(who)
            return point_by_point("Activate your supreme commander, or `end` to keep its strength (3.1):",
                                  [f"`activate {chief}`", f"`activate {chief} <area>` moves it there first"])
        most = min(lg["lv"] - lg["reinforced"], len(g.pool(who))) if turns.deploy_areas(g, who) else 0
        if lg["stage"] == "reinforce" and most > 0:
            return point_by_point(f"You may deploy up to {plural(most, 'reinforcement', 'reinforcements')} (3.1-3.6):",
                                  ["`reinforce`, or `reinforce <count>`",
                                   "then restore leaders, artillery and combat units: `restore <block>`", "then `end`"])
        return point_by_point("Restore your blocks (3.4-3.6):", ["`restore <block>`: leaders, then artillery, then "
                                                                "combat units", "then `end`"])
    if bt and bt["choice"]:
        who = bt["choice"]["side"]
        if viewer != who:
            return f"The {who.title()} player is applying hits in {bt['area']} (5.3.6)."
        return hits_prompt(g, who)
    if bt and bt["stage"] == "jagers":
        return jager_prompt(g, viewer)
    if s["battery"] is not None and not bt:
        return point_by_point("Grande Batterie (9.2):", ["`fire <artillery> <area>` from 16, 28, 31 and 32, once each",
                                                         "then `end`"])
    if bt and bt["stage"] == "retreat":
        return retreat_prompt(g, viewer)
    if bt:
        return artillery_prompt(g, viewer)
    imp: Impulse | None = s["impulse"]
    if imp is None:
        return f"{s['player'].title()} impulse: {impulses.declarable(g, s['player'])} (4.0)."
    if viewer != s["player"]:
        name, rule = ACTIONS[imp["kind"]]
        return f"{s['player'].title()} {name}, {imp['segment']} segment ({rule})."
    if imp["kind"] == "tactical" and imp["segment"] in ("activation", "movement"):
        return tactical_points(g, imp)
    return f"{s['player'].title()} {action_prompt(imp)}"


def hits_prompt(g: Game, side: str) -> str:
    """The hits waiting for their player (5.3.6): how many and where in a short sentence, then as points
    the units the next may go to (one sentence with them ran up to 116 characters) and, where later steps
    of the battle may bring more (combat.hits_to_come), the order that applies every hit of the battle at once."""
    bt = g.s["battle"]
    due, candidates = bt["due"][side], bt["choice"]["candidates"]
    to = "one of your strongest units" if len(candidates) > 1 else "your strongest unit"  # a tie, or none
    order = ["or every hit of this battle, ties to the first named: `hit order <unit> <unit>...`"] \
        if combat.hits_to_come(g, side) else []
    return point_by_point(f"Apply {plural(due, 'hit', 'hits')} in {bt['area']}, the next to {to} (5.3.6):",
                          [either([f'hit {bid}' for bid in candidates]), *order])


def tactical_points(g: Game, imp: Impulse) -> str:
    """The phasing player's Tactical Action in its first two segments, the segment in a short sentence and
    what may be done in it as points (one line of up to 340 characters read as nine on a phone): in the
    activation segment the leaders they may activate, a point each with where it stands (six on one point
    ran 113 characters), and how many more their supreme commander's strength allows (5.1); in the movement
    segment the moves, the guns' activation (5.2, 5.2.1). Each command is shown whole (`move <block> <area>`,
    not `move`): the channel shows a whole command as the slash command that gives it."""
    side = g.s["player"]
    if imp["segment"] == "movement":
        return point_by_point(f"{side.title()} Tactical Action, movement segment (5.2):", [
            "`move <block> <area>` the units your activated leaders command", "`activate <artillery>` (5.2.1)",
            "then `inspire <leader> <block>` (5.2.2), `battle <area>` (5.3) or `end` (5.0)"])
    free = impulses.activatable(g, side)
    left = g.chief_strength(side) - len(imp["leaders"])
    limit = [f"{left} of them at most, your supreme commander's strength (5.1)"] if left < len(free) else []
    return point_by_point(f"{side.title()} Tactical Action, activation segment (5.0):", [
        "`activate <leader> [<area>]`" + ("" if limit else " (5.1)") + (", one of:" if free else ""),
        *(f"{bid} in {g.entry(bid)['area']}" for bid in free), *limit,
        "then `move <block> <area>` the units your activated leaders command (5.2)",
        "`battle <area>` (5.3) and `end` (5.0)"])


# An impulse's kind -> its name and rule case (5.0, 6.2, 6.3, 7.0).
ACTIONS = {"tactical": ("Tactical Action", "5.0"), "pass": ("Pass", "7.0"), "raid": ("Cavalry Raid", "6.3"),
           "special": ("Special Movement and Combat", "6.2")}


def action_prompt(imp: Impulse) -> str:
    """The phasing player's action under way, its segment and what may be done in it (5.0-5.3,
    6.2, 6.3, 7.0): the action in a short sentence, what it allows as points where one sentence ran
    long (a Special Movement's ran 149 characters with its player's name)."""
    if imp["kind"] == "pass":
        return "Pass: `move <block> <area>`, one unit at most, then `end` (7.0)."
    if imp["kind"] == "raid":  # 6.3: "no Combat may be resolved"
        return point_by_point("Cavalry Raid (6.3):", [f"`move <block> <area>`, up to {imp['limit']} cavalry, "
                                                      "no engagement", "then `end`"])
    if imp["kind"] != "tactical":
        name, rule = ACTIONS[imp["kind"]]
        moves = [f"`move <block> <area>`, up to {imp['limit']} units"] if imp["segment"] == "movement" else []
        return point_by_point(f"{name}, {imp['segment']} segment ({rule}):",
                              [*moves, f"{'then ' if moves else ''}`battle <area>` where contested, then `end`"])
    return point_by_point(*{  # its activation and movement segments: tactical_points
        "inspiration": ("Tactical Action, inspiration segment (5.2.2):",
                        ["`inspire <leader> <block>`", "then `battle <area>` (5.3) or `end` (5.0)"]),
        "combat": ("Tactical Action, combat segment (5.3):",
                   ["`battle <area>` in each contested area, newly contested ones first (FAQ 5)", "then `end` (5.0)"]),
    }[imp["segment"]])


def artillery_prompt(g: Game, viewer: str | None) -> str:
    """5.3.1: the attacker's activated guns beside the battle fire first; he is given each by name (as
    many as his supreme commander's strength lets fire, which only he knows, 2.6.3), the others that
    he may fire."""
    bt = g.s["battle"]
    area, attacker = bt["area"], bt["attacker"]
    if viewer != attacker:
        return f"The battle in {area}: the {attacker.title()} player's activated artillery may fire into it (5.3.1)."
    shots = [f"fire {bid} {area}" for bid in combat.gunners(g)]
    return f"The battle in {area}: " + (f"{either(shots)}, or " if shots else "") + "`end` the artillery fire (5.3.1)."


def jager_prompt(g: Game, viewer: str | None) -> str:
    """9.1: the jagers choose after the showdown, face up; only the Russian player is given the commands,
    for each jager by name, with the areas it may skirmish into: the choice in a short sentence, each answer
    a point (one jager's ran 189 characters in one sentence)."""
    area = g.s["battle"]["area"]
    if viewer != "russian":
        return (f"The battle in {area}: the Russian player chooses whether the full-strength jagers skirmish or "
                "ambush (9.1).")
    choices = []
    for bid in ground.jagers(g):
        places = ", ".join(map(str, ground.skirmish_areas(g, bid)))
        choices += [f"`skirmish {bid} <area>`, one step down, into {places}"] if places else []
        choices.append(f"`ambush {bid}`")
    return point_by_point(f"The battle in {area}: your full-strength jagers may skirmish away or ambush (9.1):",
                          [*choices, "`end` to fight as usual"])


def retreat_prompt(g: Game, viewer: str | None) -> str:
    """6.4: the areas are public (control); their room only for the defender (his own units, 1.2). To him
    the choice in a short sentence, then its two ways of answering as points (one line of 231 characters
    read as eight on a phone; a dash between its clauses read as a hyphen). An area his units fill stays a
    retreat area (the rules bar only overstacking), but none of them may enter it, and a unit with room in
    no area is eliminated: it is named full, with what that means, where '57 (room 0)' read as an answer."""
    bt = g.s["battle"]
    areas = retreats.retreat_areas(g)
    if viewer is None or viewer != bt["defender"]:
        return (f"The battle in {bt['area']}: the {bt['defender'].title()} player may spend the Initiative Disc "
                f"to retreat into {', '.join(map(str, areas))} or stand (6.4).")
    rooms = {n: max(0, g.room(viewer, n)) for n in areas}
    full = [str(n) for n in areas if not rooms[n]]
    into = ", ".join(f"{n} (room {rooms[n]})" for n in areas if rooms[n]) or ", ".join(full)
    none = [f"full: {', '.join(full)}; a unit without room in any area is eliminated"] if full else []
    return point_by_point(f"The battle in {bt['area']}: spend the Initiative Disc to retreat, or `stand` (6.4):",
                          [f"`retreat <area> ...` into {into}", *none,
                           "`retreat <block> <area> ...` places each unit, where not all have room",
                           "`stand all` stands here and in every later battle of this impulse"])


LP_FOR = {"tactical_leader": "leader steps", "artillery": "artillery steps", "combat": "combat unit steps"}


def notes(g: Game, viewer: str | None) -> list[str]:
    s = g.s
    if s["phase"] == "over":  # nothing more is owed, nor played for (How to Win): the headline says the turn
        return []
    out = [f"The {s['initiative'].title()} player holds the Initiative Disc (6.0)."]  # the headline says the turn
    imp: Impulse | None = s["impulse"]
    if imp and viewer == s["player"]:
        if imp["kind"] == "tactical":
            out.append(f"Leaders activated: {len(imp['leaders'])} of {g.chief_strength(s['player'])}; "
                       f"battles fought: {len(imp['fought'])} (5.1).")
        if imp["limit"] is not None:
            out.append(f"Units moved: {len(imp['moved'])} of {imp['limit']} (6.2-6.3).")
    lg = s["logistics"]
    if lg and lg["stage"] in ("reinforce", "restore") and viewer == turns.logistics_side(g):
        left = [f"{lg['lv'] - lg['spent'][cat]} for {LP_FOR[cat]}" for cat in turns.CATEGORIES[lg["step"]:]]
        out.append(f"Logistics Value {lg['lv']}; LPs left: {', '.join(left)} (3.2, 3.4-3.6).")
    fighting = s["battle"]["area"] if s["battle"] else None  # under way: no longer due (the prompt names it)
    due = sorted(n for n in battles_due(g) if n != fighting)  # by number, as the map is read, not as they were entered
    if due:
        out.append(f"Battles due in newly contested areas (FAQ 5): {', '.join(map(str, due))}.")
    if s["passes"] == 1 and (imp is None or imp["kind"] == "pass"):  # an action other than a Pass resets it
        out.append("One Pass made: another ends the Impulses Phase (7.0).")
    return out


def owed(g: Game) -> list[int]:
    """The areas the game now waits on, all public: the battle under way (where hits are applied,
    5.3.6; jagers, 9.1; a retreat, 6.4, with the areas it may go to), else the battles due in newly
    contested areas (FAQ 5); nothing once the game is over."""
    s = g.s
    bt = s["battle"]
    if s["phase"] == "over":
        return []
    if bt:
        return sorted({bt["area"], *(retreats.retreat_areas(g) if bt["stage"] == "retreat" else [])})
    return sorted(battles_due(g))


def battles_due(g: Game) -> list[int]:
    """The newly contested areas of the impulse under way not fought over yet (FAQ 5)."""
    imp: Impulse | None = g.s["impulse"]
    return [n for n in imp["new"] if n not in imp["fought"] and g.contested(n)] if imp and imp["new"] else []


def view(g: Game, viewer: str | None, to_move: list[str]) -> dict:
    s = g.s
    out = {
        "system": "bloody_monday", "scenario": s["scenario"], "title": TITLES[s["scenario"]], "viewer": viewer,
        "turn": s["turn"], "last_turn": turns.LAST_TURN, "phase": s["phase"], "player": s["player"],
        "to_move": to_move, "prompt": prompt(g, viewer), "notes": notes(g, viewer), "initiative": s["initiative"],
        "morale": {side: len(s["morale"][side]) for side in SIDES},
        "areas": [{"number": n, "owner": g.owner(n), "contested": g.contested(n),
                   "isolated": n in s["isolated_areas"][g.owner(n)]} for n in sorted(g.areas)],
        "units": _units(g, viewer), "pools": {side: len(g.pool(side)) for side in SIDES},
        "eliminated": [dict(e) for e in s["eliminated"]], "log": _log(g, viewer), "options": list(s["options"]),
        "outcome": s["outcome"], "owed": owed(g), "battle": s["battle"]["area"] if s["battle"] else None,
        "unit_words": {"columns": ["area", "block", "kind", "strength"], "markers": CUBES},  # bot/text.py
    }
    if viewer in SIDES:
        out["my_pool"] = g.pool(viewer)
        out["position"] = position(g, viewer)
    return out


def position(g: Game, viewer: str) -> dict:
    """The state as `viewer` may know it, for a computer player's board: no dice, only
    the blocks the viewer knows (its own, the revealed, the eliminated), the other side's hidden
    blocks named nowhere (their places are the view's unrevealed `units`), and another player's
    logistics without its private spending (3.4-3.6 restores are told only as "a step")."""
    s = g.s
    hidden = {bid for bid in s["blocks"] if not g.knows(viewer, bid)}
    out = {key: _without(value, hidden) for key, value in s.items() if key not in ("dice", "blocks", "log")}
    out["blocks"] = {bid: _without(b, hidden) for bid, b in s["blocks"].items() if bid not in hidden}
    out["log"] = _log(g, viewer)
    if s["logistics"] and turns.logistics_side(g) != viewer:
        out["logistics"] = {k: v for k, v in s["logistics"].items() if k not in ("spent", "step")}
    return out


def _without(value: object, hidden: set[str]) -> object:
    """A JSON value copied with every mention of a hidden block left out (list items, dict entries)."""
    if isinstance(value, dict):
        return {k: _without(v, hidden) for k, v in value.items() if k not in hidden and not _names(v, hidden)}
    if isinstance(value, list):
        return [_without(v, hidden) for v in value if not _names(v, hidden)]
    return value


def _names(value: object, hidden: set[str]) -> bool:
    return isinstance(value, str) and value in hidden
