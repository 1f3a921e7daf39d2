"""The opening position (Setup): leaders on their own icons, every other block drawn at random for
an icon of its corps colour and kind, the Reinforcements Pools drawn at random, the French holding
the Initiative Disc. All randomness comes from the dice in the state (rules.core.dice)."""
from __future__ import annotations

from rules.bloody_monday.bm_data import Block, army, battlefield
from rules.bloody_monday.game import SIDES
from rules.core.dice import new_dice, roll


def shuffled(dice: dict, items: list[str]) -> list[str]:
    """Fisher-Yates with the state's dice: a random draw that replays bit for bit."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = roll(dice, i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def _kind(b: Block, jagers_as_infantry: bool) -> str | None:
    """The icon a block is drawn for; 9.1 mixes Russian jagers with the line infantry."""
    kind = b.setup_kind
    return "infantry" if kind == "jager" and jagers_as_infantry else kind


def _draw_pools(dice: dict) -> dict[str, list[str]]:
    """Setup: each pool's fixed units plus the ones "Randomly Drawn"."""
    out = {}
    blocks = army().blocks
    for side, pool in army().pools.items():
        chosen = list(pool.blocks)
        for d in pool.draws:
            among = sorted(b.id for b in blocks.values() if b.side == side and b.colour == d.colour
                           and b.type == d.type and d.subtype in (None, b.subtype) and b.id not in chosen)
            chosen += shuffled(dice, among)[:d.count]
        out[side] = chosen
    return out


def deal(dice: dict, jagers_as_infantry: bool) -> dict[str, int]:
    """{block: area} for the blocks on the map; the rest are the pools (FAQ 2: none left over)."""
    pools = _draw_pools(dice)
    pooled = {b for ids in pools.values() for b in ids}
    groups: dict[tuple[str, str, str], list[str]] = {}
    for b in army().blocks.values():
        kind = _kind(b, jagers_as_infantry)
        if kind and b.id not in pooled:
            groups.setdefault((b.side, b.colour, kind), []).append(b.id)
    decks = {key: shuffled(dice, sorted(ids)) for key, ids in sorted(groups.items())}
    placed: dict[str, int] = {}
    for number, area in sorted(battlefield().areas.items()):
        for icon in area.icons:
            if icon.block:
                placed[icon.block] = number
                continue
            kind = "infantry" if icon.kind == "jager" and jagers_as_infantry else str(icon.kind)
            placed[decks[(area.control, str(icon.colour), kind)].pop()] = number
    return placed


def new_state(scenario: str, seed: int, options: list[str]) -> dict:
    """The state at the start of Turn 1's Impulses Phase (no Logistics Phase on Turn 1)."""
    dice = new_dice(seed)
    placed = deal(dice, "russian_jager" in options)
    blocks = {}
    for bid, d in sorted(army().blocks.items()):
        where = {"where": "map", "area": placed[bid]} if bid in placed else {"where": "pool", "area": None}
        blocks[bid] = {**where, "strength": d.strength, "activated": False, "cubes": []}
    return {
        "system": "bloody_monday", "scenario": scenario, "options": options, "dice": dice,
        "turn": 1, "phase": "impulses", "player": "french", "initiative": "french",
        "blocks": blocks, "control": {str(n): a.control for n, a in sorted(battlefield().areas.items())},
        "isolated_areas": {side: [] for side in SIDES}, "passes": 0, "impulse": None, "battle": None,
        "logistics": None, "morale": {side: [] for side in SIDES}, "eliminated": [],
        "log": {"moves": [], "battles": [], "artillery": []}, "outcome": None,
        "battery": {"fired": [], "bonus": {}, "shields": {}} if "grande_batterie" in options else None
    }
