"""Bloody Monday views built by hand from the map and block data, as the engine will produce them."""
from __future__ import annotations

import copy

from rules.bloody_monday import bm_data

SIDES = ("french", "russian")


def setup_places() -> dict[str, int]:
    """Every block that starts on the map, by id, at its set-up area; random icons take the first
    matching block by id (the rest go to the pool)."""
    blocks = bm_data.blocks()
    fixed = {b for p in bm_data.pools().values() for b in p.blocks}
    placed: dict[str, int] = {}
    for a in sorted(bm_data.areas().values(), key=lambda a: a.number):
        for icon in a.icons:
            if icon.block:
                placed[icon.block] = a.number
                continue
            bid = next(b.id for b in sorted(blocks.values(), key=lambda b: b.id)
                       if b.side == a.control and b.colour == icon.colour and b.setup_kind == icon.kind
                       and b.id not in fixed and b.id not in placed)
            placed[bid] = a.number
    return placed


def full_unit(bid: str, area: int, strength: int | None = None, **extra) -> dict:
    """A block in full, as its owner sees it."""
    b = bm_data.blocks()[bid]
    s = b.strength if strength is None else strength
    unit = {"side": b.side, "area": area, "id": b.id, "label": b.label, "type": b.type, "subtype": b.subtype,
            "corps": b.corps, "colour": b.colour, "strength": s, "max_strength": b.strength,
            "firepower": b.firepower_at(s), "shield": b.shield, "revealed": False, "activated": False, "cubes": []}
    unit.update(extra)
    return unit


def hidden(unit: dict) -> dict:
    return {"side": unit["side"], "area": unit["area"], "revealed": False}


def omniscient(units: list[dict], **game) -> dict:
    """A view holding every block in full; `seen_by` turns it into a side's or the public view."""
    areas = bm_data.areas()
    view = {"system": "bloody_monday", "scenario": "bloody_monday", "title": "Borodino, 7 September 1812",
            "viewer": None, "turn": 1, "last_turn": 4, "phase": "impulses", "player": "french",
            "to_move": "french", "prompt": "", "notes": [], "initiative": "french",
            "morale": {"french": 0, "russian": 0},
            "areas": [{"number": n, "owner": areas[n].control, "contested": False, "isolated": False}
                      for n in sorted(areas)],
            "units": units, "pools": {"french": 7, "russian": 7}, "eliminated": [],
            "log": {"moves": [], "battles": [], "artillery": []}, "outcome": None}
    view.update(game)
    return view


def seen_by(view: dict, viewer: str | None) -> dict:
    """What `viewer` may see: own and revealed blocks in full, the others as their side only."""
    out = copy.deepcopy(view)
    out["viewer"] = viewer
    out["units"] = [u if u["side"] == viewer or u.get("revealed") else hidden(u) for u in out["units"]]
    return out


def setup_view() -> dict:
    """Turn 1 before the first impulse: every block at its set-up area, nothing revealed."""
    return omniscient([full_unit(bid, area) for bid, area in sorted(setup_places().items())])


def first_impulse_view() -> dict:
    """The set-up after a French tactical action: Davout's men and the Grande Batterie against
    Borodino (41), a battle there with revealed blocks, cubes and a loss on each morale track."""
    view = setup_view()
    units = view["units"]
    by_area = {}
    for u in units:
        by_area.setdefault(u["area"], []).append(u)
    near = bm_data.areas()[41].neighbours
    movers = [u for u in units if u["side"] == "french" and u["type"] == "infantry" and u["area"] in near][:2]
    for u in movers:
        view["log"]["moves"].append({"side": "french", "from": u["area"], "to": 41, "id": u["id"]})
        u.update(area=41, revealed=True, cubes=["yellow"])
    movers[0].update(strength=movers[0]["max_strength"] - 1)
    movers[0]["firepower"] = bm_data.blocks()[movers[0]["id"]].firepower_at(movers[0]["strength"])
    for u in by_area.get(41, []):
        if u["side"] == "russian":
            u.update(revealed=True, strength=max(1, u["strength"] - 2))
            u["firepower"] = bm_data.blocks()[u["id"]].firepower_at(u["strength"])
    guns = [u for u in units if u["side"] == "french" and u["type"] == "artillery" and u["area"] in (16, 28)]
    for u in guns:
        u.update(revealed=True, activated=True, strength=u["strength"] - 1, cubes=["red"])
        view["log"]["artillery"].append({"from": u["area"], "to": 41})
    view["log"]["battles"].append({"area": 41, "hits": {"french": 3, "russian": 1}})
    for a in view["areas"]:
        if a["number"] == 41:
            a["contested"] = True
    view.update(morale={"french": 1, "russian": 2}, initiative="russian", to_move="russian", player="russian",
                pools={"french": 7, "russian": 6})
    return view


def crowded_view() -> dict:
    """The first impulse with three more French blocks in Borodino (41): six blocks in a small area."""
    view = first_impulse_view()
    near = bm_data.areas()[41].neighbours
    extra = [u for u in view["units"] if u["side"] == "french" and u["area"] in near and u["area"] != 41][:3]
    for u in extra:
        view["log"]["moves"].append({"side": "french", "from": u["area"], "to": 41, "id": u["id"]})
        u.update(area=41, revealed=True)
    return view
