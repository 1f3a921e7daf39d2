"""What a side may see (STACKING: "The opposing Player may not learn the composition of the stack
unless he is willing to do battle"): its own stacks in full, the enemy's as a marker in a place;
its own battle plan, and the other side's only once both are revealed -- not even whether it has
been chosen. `side=None` is the public view. Hidden facts never enter the dict."""
from __future__ import annotations

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812 import combat, leaders, supply, turns
from rules.campaign_1812.commands import Plan, in_words
from rules.campaign_1812.game import SIDES, Game, enemy_of
from rules.core.events import point_by_point

TITLES = {sid: sc.title for sid, sc in data.scenarios().items()}
STEPS = {"attrition": "Attrition", "movement": "Movement Phase", "march": "Forced March", "combat": "Combat Phase",
         "supply": "Supply Segment", "removal": "Supply Segment: Victory Point Index", "over": "Game over"}


def _units(g: Game, viewer: str | None) -> list[dict]:
    """Own stacks in full (`type` says what they hold in the words a move counts them with, so that
    the units list keeps to a phone's width: '4 inf, 1 cav, 1 supply'; `strength` counts the
    corps; in its own Player-Turn, how many have moved or force marched and, kind by kind, those the
    rules let move or force march on); the enemy's as a side and a place."""
    out = []
    for side in SIDES:
        for place in g.stacks(side):
            if side != viewer:
                out.append({"side": side, "area": place, "type": "stack"})
                continue
            st, x = g.stack(side, place), leaders.leader(g, side, place)
            unit = {"side": side, "area": place, "id": f"{side[0].upper()}{place}",
                    "type": ", ".join(f"{n} {kind}{'s' if kind == 'depot' and n > 1 else ''}" for kind, n in st.items()
                                      if n) + leaders.named(g, side, place),
                    "strength": st["inf"] + st["cav"], **st, **({"leader": x["name"]} if x else {})}
            if g.s["player"] == side:  # what may go on (MOVEMENT; corps_move_once: readings.py)
                unit.update(moved=sum(g.marks("moved", place).values()),
                            marched=sum(g.marks("marched", place).values()),
                            free_to_move=g.free("moved", place),
                            free_to_march={k: n for k, n in g.free("marched", place).items() if k in ("inf", "cav")})
            out.append(unit)
    return out


def _battle(g: Game, viewer: str | None) -> dict | None:
    bt = g.s["battle"]
    if bt is None:
        return None
    out = {"place": bt["place"], "attacker": bt["attacker"], "defender": bt["defender"], "stage": bt["stage"],
           "lines": list(bt["lines"])}
    if bt["stage"] != "plans":
        out["plans"] = dict(bt["plans"])
    elif viewer in SIDES:
        out["my_plan"] = bt["plans"][viewer]
    return out


def prompt(g: Game, viewer: str | None) -> str | None:
    s = g.s
    phase, player = s["phase"], s["player"]
    if phase == "over":
        return None
    if phase == "attrition":
        chooser = enemy_of(player)
        if viewer == chooser:
            due = s["attrition"]  # several are chosen at once too (`attrit 12 12 30`: ATTRITION)
            places = " ".join(["<place>"] * min(due, 3)) + (" ..." if due > 3 else "")
            whole = [f"or all {due} at once: `attrit {places}`"] if due > 1 else []
            return point_by_point(f"Choose where {player.title()} attrition falls ({due} to take), "
                                  "`attrit <place>`, one of:", [*map(g.name, g.stacks(player)), *whole])
        return (f"The {chooser.title()} player chooses where {player.title()} attrition falls "
                f"({s['attrition']} to take).")
    if phase in ("movement", "march"):
        if viewer != player:
            return f"The {player.title()} player's {STEPS[phase]}."
        return ("Move stacks one place (`move <from> <to> [<n> inf ...]`), then `end`." if phase == "movement" else
                "Force march corps one place further (`march <from> <to> [<n> inf ...]`), then `end`.")
    if phase == "supply":
        return (_depots(g) if viewer == "french" else
                "The French player may create depots; then the Supply Segment is resolved.")
    if phase == "removal":
        return (point_by_point("Remove a corps of your choice, `remove <place> inf|cav`:", turns.corps_by_kind(g))
                if viewer == "french" else "The French player removes a corps (Victory Point Index).")
    return _combat_prompt(g, viewer)


def _combat_prompt(g: Game, viewer: str | None) -> str:
    r, bt = g.s["retreat"], g.s["battle"]
    if r:
        where = g.name(r["place"])
        if viewer != r["side"]:
            return (combat.retreating if r["battle"] else combat.confronted)(r["side"], where)
        if len(places := g.retreat_places(r["side"], r["place"])) > 1:
            return point_by_point(f"Retreat your stack from {where}, `retreat <place>`, to one of:",
                                  map(g.name, places))
        return f"Retreat your stack from {where}: `retreat <place>`{_to(g, r['side'], r['place'])}."
    if bt is None:
        return "Combat Phase."
    where = g.name(bt["place"])
    if bt["stage"] == "choice":
        if viewer != bt["defender"]:
            return combat.choosing(bt["defender"], where)
        if len(places := g.retreat_places(bt["defender"], bt["place"])) > 1:
            return point_by_point(f"Battle of {where}: `fight`, or `retreat <place>` to one of:", map(g.name, places))
        return f"Battle of {where}: retreat (`retreat <place>`{_to(g, bt['defender'], bt['place'])}) or `fight`."
    if viewer not in SIDES:
        return f"Battle of {where}: both players choose a Battle Plan in secret."
    mine = bt["plans"][viewer]
    role = "attacker" if viewer == bt["attacker"] else "defender"
    chits = g.tables.attacker_plans if role == "attacker" else g.tables.defender_plans
    away = bt["withdraw"][viewer]
    held = [f"your chit: {in_words(Plan(mine, away))}", "you may change it until both are revealed"] if mine else []
    to = _to(g, viewer, bt["place"]).removeprefix(",")  # where, a point of its own (128 characters with it)
    cavalry = ["your cavalry may withdraw first: `plan <chit> withdraw <place>`",
               *([f"it withdraws{to}"] if to else [])] if g.stack(viewer, bt["place"])["cav"] else []
    return point_by_point(f"Battle of {where}, you are the {role}: choose your Battle Plan:",
                          [f"`plan <chit>`, one of {', '.join(chits)}",
                           "or the chit for every battle of this phase: `plan <chit> all`", *cavalry, *held])


def _depots(g: Game) -> str:
    """The French Supply Segment's question: the places a depot may be made in, a point each (two in one
    sentence ran 104 characters), or why none may be."""
    if not (able := supply.depot_places(g)):
        return point_by_point("No depot can be made now: `end` the Supply Segment.",
                              ["a supply unit makes one in an area no corps occupies"])
    return point_by_point("Create depots, `depot <place>`, in any of:",
                          [*map(g.name, able), "then `end` the Supply Segment"])


def _to(g: Game, side: str, place: int) -> str:
    """Where a retreat from `place` may go: the adjacent places without an enemy stack (public), every
    one named: the answers the player chooses among."""
    places = g.retreat_places(side, place)
    return f", to one of {g.named(places)}" if len(places) > 1 else f", to {g.named(places)}" if places else ""


def _notes(g: Game) -> list[str]:
    """The points, this turn's index and what wins (VICTORY CONDITIONS); none once the game is over,
    whose outcome says how it ended ('the French hold 12 Victory Points; they needed 22'): the
    headline under it read '22 to win' of a game no one could win any more."""
    if g.s["outcome"]:
        return []
    return [f"Victory Points: French {g.vp()}, index {g.tables.index[g.s['turn'] - 1]}, {g.tables.to_win} to win."]


def view(g: Game, viewer: str | None, to_move: list[str]) -> dict:
    s, t = g.s, g.tables
    return {
        "system": "campaign_1812", "scenario": s["scenario"], "title": TITLES[s["scenario"]], "viewer": viewer,
        "reconstructed": True, "turn": s["turn"], "last_turn": t.turns, "label": t.labels[s["turn"] - 1],
        "clock": f"{t.labels[s['turn'] - 1]} 1812" + (", winter" if g.winter() else ""), "winter": g.winter(),
        "phase": STEPS.get(s["phase"], s["phase"]), "player": s["player"], "to_move": to_move,
        "prompt": prompt(g, viewer), "notes": _notes(g),
        "vp": g.vp(), "index": t.index[s["turn"] - 1], "index_track": list(t.index),
        "winter_turns": sorted(t.winter),  # the game's own tables' (a player's may differ from the shipped)
        "places": [{"number": n, "name": p.name, "area": p.area, "fort": p.fort, "points": p.points,
                    "control": s["control"].get(str(n)), "depleted": s["depleted"].get(str(p.area), 0)}
                   for n, p in sorted(g.places.items())],
        "units": _units(g, viewer), "battle": _battle(g, viewer),
        "unit_words": {"unit": "stack", "units": "stacks", "columns": ["place", "stack", "holds", "corps"]},
        "retreat": dict(s["retreat"]) if s["retreat"] else None,
        "log": [dict(b) for b in s["log"][-6:]], "outcome": s["outcome"],
        "options": list(s.get("options", [])),  # chosen at set-up, known to both players
        "tables": s.get("tables"),  # a player's own tables the game plays (None: the shipped ones), public as well
    }
