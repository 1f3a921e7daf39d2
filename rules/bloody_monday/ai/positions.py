"""The Bloody Monday tactical positions (data/positions.toml) set up: a seeded set-up with every
block back in its Reinforcements Pool except those the position names, each in its area (at a
strength of its own when given: `R-1-4 44:2`), and the supreme commanders at their icons (21, 69)
unless named. An area a side occupies alone is that side's (Controlled Area); `control` gives the
owner of a contested or empty one; `eliminated` lists blocks already lost (2.4: those that count
for morale go on the track). Then the `turn`, the `player` to move, who holds the `initiative`,
whether the enemy has just passed (`passes`), and `commands` played through the rules (a battle
whose hits wait for a choice).

A position the rules could not reach is refused with a sentence naming it: an area that is not on
the map, a block named twice, more units than an area stacks (1.2), or a side named to decide
where the rules have another decide.
"""
from __future__ import annotations

from rules import bloody_monday as bm
from rules.bloody_monday.bm_data import areas
from rules.bloody_monday.game import SIDES, Game
from rules.core import positions
from rules.core.positions import PositionError

CHIEFS = {"F-NAP": 21, "R-KUT": 69}  # their icons (Setup)


def position_state(entry: dict) -> dict:
    where = f"position {entry['id']}"
    state = bm.setup(entry.get("scenario", "bloody_monday"), int(entry.get("seed", 1)), entry.get("options", []))
    placed = {**{bid: (area, None) for bid, area in CHIEFS.items()}, **_placed(state, entry, where)}
    lost = entry.get("eliminated", [])
    for bid, b in state["blocks"].items():
        b.update(where="pool", area=None, activated=False, cubes=[])
    g = Game(state)
    for bid in lost:
        g.eliminate(bid)
    for bid, (area, strength) in placed.items():
        g.place(bid, area)
        if strength is not None:
            state["blocks"][bid]["strength"] = strength
    for area, side in entry.get("control", {}).items():
        state["control"][area] = side
    g = Game(state)
    for side in SIDES:
        for area in g.full(side):
            if g.room(side, area) < 0:
                raise PositionError(f"{where}: area {area} stacks {areas()[area].terrain.stacking} "
                                    f"{side.title()} units at most (1.2).")
    state.update({"turn": entry.get("turn", 1), "player": entry.get("player", entry["side"]),
                  "initiative": entry.get("initiative", state["initiative"]), "passes": entry.get("passes", 0)})
    return positions.played(bm, state, entry)


def _placed(state: dict, entry: dict, where: str) -> dict[str, tuple[int, int | None]]:
    """The blocks the position names: block -> (area, strength or None for its full strength)."""
    out: dict[str, tuple[int, int | None]] = {}
    for item in entry.get("blocks", []):
        words = item.replace(":", " ").split()
        if len(words) not in (2, 3) or words[0] in out or not all(w.isdigit() for w in words[1:]):
            raise PositionError(f"{where}: {item!r} is not a block and its area, each block once ('F-I-1 16').")
        bid, area = words[0], int(words[1])
        if bid not in state["blocks"]:
            raise PositionError(f"{where}: {bid} is not a Bloody Monday block.")
        if area not in areas():
            raise PositionError(f"{where}: there is no area {area} on the map (1.0: areas 1 to 111).")
        out[bid] = (area, int(words[2]) if len(words) == 3 else None)
    return out
