"""The blocks, corps and reinforcement pools of data/blocks.toml (see bm_data for the whole model)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

SUBTYPES = {
    "infantry": ("line", "jager", "militia"),
    "cavalry": ("light", "heavy", "cossack"),
    "artillery": ("foot", "horse"),
    "tactical_leader": (),
    "supreme_commander": (),
}
LEADERS = ("tactical_leader", "supreme_commander")
ROLES = ("army_commander", "cossack_leader", "cavalry_leader")  # 9.11, 9.5, 9.4
HALVES = ("north", "south")  # of the white command limit (9.11)
SUPPORT = ("artillery",) + LEADERS  # 2.6
NOT_FOR_MORALE = ("jager", "militia", "cossack")  # Russian only (2.4)
FIREPOWER = ("SF", "DF", "TF", "QF")

# The Armies: blocks per corps colour, as printed; "gold" is each side's supreme commander.
ARMIES = {
    "french": {"gold": 1, "blue": 7, "orange": 9, "yellow": 6, "green": 8, "brown": 5, "pink": 5, "red": 12},
    "russian": {"gold": 1, "red": 10, "yellow": 20, "light_blue": 17, "brown": 10, "white": 4},
}
POOL_SIZE = 7  # Setup: seven units in each Reinforcements Pool


class DataError(ValueError):
    """A Bloody Monday data file contradicts itself or the rule book."""


def check(cond: bool, message: str) -> None:
    if not cond:
        raise DataError(message)


def setup_group(type_: str, subtype: str | None) -> str | None:
    """The set-up icon kind a block is drawn for (Setup, FAQ 1); leaders have their own icons."""
    if type_ in LEADERS:
        return None
    return "jager" if subtype == "jager" else type_


@dataclass(frozen=True)
class Block:
    """One wooden block: what its sticker shows and what the rules read off it."""

    id: str
    side: str
    corps: str
    colour: str
    label: str
    type: str
    subtype: str | None
    strength: int  # maximum: dots, cannonballs or stars
    firepower: tuple[str, ...]  # per step, strength 1 first (combat units; support units by rule)
    shield: str | None  # "silver" / "gold" (9.6)
    horsehead: str | None  # "black" / "white" when mounted (2.1, 9.3)
    movement: int  # MPs (2.1)
    agile_movement: int  # MPs with optional rule 9.3
    name: str = ""  # a leader's name (Unit Name Abbreviations): players may type it
    role: str | None = None  # a tactical leader's part in an optional rule: one of ROLES
    command: str | None = None  # the half of the map its army keeps to (9.11-9.12), from its corps

    @property
    def mounted(self) -> bool:
        return self.horsehead is not None

    @property
    def is_leader(self) -> bool:
        return self.type in LEADERS

    @property
    def is_support(self) -> bool:
        """Artillery and leaders: secondary targets, one hit destroys them (2.6)."""
        return self.type in SUPPORT

    @property
    def counts_for_morale(self) -> bool:
        """Russian jagers, militia and cossacks do not count (2.4); Platov does."""
        return not (self.side == "russian" and self.subtype in NOT_FOR_MORALE)

    @property
    def activations(self) -> int:
        """Support units: activations (fires) from full strength until the pawn/heart edge."""
        return self.strength - 1 if self.is_support else 0

    @property
    def setup_kind(self) -> str | None:
        return setup_group(self.type, self.subtype)

    def firepower_at(self, strength: int) -> str:
        """The firepower the block rolls with at that strength in its own area (2.2, 2.3)."""
        if not 1 <= strength <= self.strength:
            raise ValueError(f"{self.id} has no strength {strength} (maximum {self.strength})")
        return self.firepower[strength - 1]


@dataclass(frozen=True)
class Corps:
    side: str
    key: str
    name: str
    colour: str
    blocks: tuple[str, ...]
    command: str | None = None  # "north" / "south": the army's half of the map (9.11-9.12)


@dataclass(frozen=True)
class Draw:
    """`count` blocks of that colour and type (and subtype) drawn at random into a pool."""

    colour: str
    type: str
    subtype: str | None
    count: int


@dataclass(frozen=True)
class Pool:
    side: str
    blocks: tuple[str, ...]  # always in the pool
    draws: tuple[Draw, ...]

    @property
    def size(self) -> int:
        return len(self.blocks) + sum(d.count for d in self.draws)


@dataclass(frozen=True)
class Army:
    """Both armies' blocks, corps and pools, with the tables the rules read off blocks."""

    blocks: dict[str, Block]
    corps: tuple[Corps, ...]
    pools: dict[str, Pool]
    hits_on: dict[str, int]  # firepower -> lowest die that hits (2.2)
    restore_cost: dict[str, int]  # firepower of the step -> LPs (3.6)
    tactical_range: dict[int, int]  # leader strength (0 = heart) -> areas (5.1.1)

    @property
    def colours(self) -> dict[str, frozenset[str]]:
        return {side: frozenset(c.colour for c in self.corps if c.side == side) for side in ARMIES}

    def chief(self, side: str) -> str:
        """The side's supreme commander (2.6.3)."""
        return self.chiefs[side]

    @cached_property
    def chiefs(self) -> dict[str, str]:
        return {b.side: b.id for b in self.blocks.values() if b.type == "supreme_commander"}

    @cached_property
    def sides(self) -> dict[str, str]:
        """Each block's side, by id: the question every rule asks most often."""
        return {bid: b.side for bid, b in self.blocks.items()}

    @cached_property
    def leaders(self) -> dict[str, tuple[str, ...]]:
        """Each side's tactical leaders, by id (5.1)."""
        return {side: tuple(sorted(bid for bid, b in self.blocks.items()
                                   if b.side == side and b.type == "tactical_leader")) for side in ARMIES}

    @cached_property
    def stacks(self) -> dict[str, bool]:
        """Whether each block counts for stacking (1.2: supreme commanders may overstack)."""
        return {bid: b.type != "supreme_commander" for bid, b in self.blocks.items()}

    @cached_property
    def ids(self) -> dict[str, str]:
        """Block ids by their case-folded spelling, as players may type them."""
        return {bid.casefold(): bid for bid in self.blocks}

    def command_half(self, side: str, colour: str) -> str | None:
        """The half of the map the side's corps of that colour keeps to (9.12), if any."""
        return next((c.command for c in self.corps if c.side == side and c.colour == colour), None)


_BLOCK_KEYS = {"id", "label", "type", "subtype", "strength", "firepower", "shield", "horsehead", "name", "role"}


def _int(value: Any) -> bool:
    return type(value) is int


def _firepower(t: dict, strength: int, where: str) -> tuple[str, ...]:
    value = t.get("firepower")
    if t["type"] in SUPPORT:
        check(value is None, f"{where}: support units take their firepower from the rules (2.3), not the file")
        return ("SF" if t["type"] == "artillery" else "TF",) * strength
    steps: Any = [value] * strength if isinstance(value, str) else value
    check(isinstance(steps, list) and len(steps) == strength and all(s in FIREPOWER for s in steps),
          f"{where}: firepower must be one of {', '.join(FIREPOWER)} or a list of one per step, got {value!r}")
    return tuple(steps)


def _block(t: dict, corps: Corps, moves: dict) -> Block:
    where = f"block {t.get('id', '?')}"
    check(not set(t) - _BLOCK_KEYS, f"{where}: unknown fields {sorted(set(t) - _BLOCK_KEYS)}")
    for key in ("id", "label", "type", "strength"):
        check(key in t, f"{where}: missing field {key!r}")
    bid, type_, subtype = t["id"], t["type"], t.get("subtype")
    check(bid.startswith("F-" if corps.side == "french" else "R-"),
          f"{where}: a {corps.side} id starts with its side's letter")
    check(type_ in SUBTYPES, f"{where}: type must be one of {', '.join(SUBTYPES)}, got {type_!r}")
    check(subtype in SUBTYPES[type_] if SUBTYPES[type_] else subtype is None,
          f"{where}: a {type_} has subtype {' / '.join(SUBTYPES[type_]) or 'none'}, got {subtype!r}")
    strength = t["strength"]
    low = 2 if type_ in SUPPORT else 1  # a support unit's last edge is its pawn or heart
    check(_int(strength) and low <= strength <= 4, f"{where}: strength must be {low}..4 (four edges), got {strength!r}")
    shield = t.get("shield")
    wanted = "gold" if type_ == "artillery" else "silver" if subtype == "heavy" else None
    check(shield == wanted or (wanted is None and shield == "silver" and type_ == "infantry"),
          f"{where}: shield {shield!r} is wrong (artillery gold 2.6.1, heavy cavalry silver 2.5.2, "
          "infantry silver or none, others none)")
    mounted = type_ in ("cavalry",) + LEADERS or subtype == "horse"
    default = "black" if subtype in ("light", "cossack") else "white" if mounted else None
    horsehead = t.get("horsehead", default)
    check(horsehead in (("black", "white") if mounted else (None,)),
          f"{where}: horsehead {horsehead!r} (only mounted blocks have one, black or white: 2.1)")
    movement = moves["fast"] if mounted else moves["slow"]
    agile = (moves["agile_light"] if horsehead == "black" else moves["agile_jager"] if subtype == "jager"
             else moves["agile_militia"] if subtype == "militia" else movement)
    check("name" not in t or type_ in LEADERS, f"{where}: only leaders carry a name")
    role = t.get("role")
    check(role is None or (role in ROLES and type_ == "tactical_leader"),
          f"{where}: role must be one of {', '.join(ROLES)}, for a tactical leader, got {role!r}")
    check(role != "army_commander" or corps.command is not None,
          f"{where}: an army commander leads a corps with a command half (9.11)")
    return Block(bid, corps.side, corps.key, corps.colour, t["label"], type_, subtype, strength,
                 _firepower(t, strength, where), shield, horsehead, movement, agile, t.get("name", ""), role,
                 corps.command)


def _pool(side: str, t: dict, blocks: dict[str, Block]) -> Pool:
    fixed = tuple(t.get("blocks", []))
    for bid in fixed:
        check(bid in blocks and blocks[bid].side == side, f"{side} pool: {bid!r} is not a {side} block")
    draws = []
    for d in t.get("draws", []):
        draw = Draw(d.get("colour"), d.get("type"), d.get("subtype"), d.get("count", 0))
        among = [b for b in blocks.values() if b.side == side and b.colour == draw.colour and b.type == draw.type
                 and draw.subtype in (None, b.subtype) and b.id not in fixed]
        check(_int(draw.count) and 0 < draw.count <= len(among),
              f"{side} pool: cannot draw {draw.count} {draw.colour} {draw.subtype or ''} {draw.type} "
              f"from {len(among)} blocks")
        draws.append(draw)
    pool = Pool(side, fixed, tuple(draws))
    check(pool.size == POOL_SIZE, f"the {side} pool holds {pool.size} units, not {POOL_SIZE} (Setup)")
    return pool


def _check_armies(corps: tuple[Corps, ...], blocks: dict[str, Block]) -> None:
    for side, colours in ARMIES.items():
        have = {c.colour: len(c.blocks) for c in corps if c.side == side}
        check(have == colours, f"the {side} corps must be {colours} (The Armies), got {have}")
        chiefs = [b for b in blocks.values() if b.side == side and b.type == "supreme_commander"]
        check(len(chiefs) == 1 and chiefs[0].strength == 4,
              f"the {side} army needs one supreme commander of 4 stars (2.6.3)")


def parse_army(doc: dict) -> Army:
    """Build and validate the blocks, corps, pools and tables from the parsed blocks.toml."""
    moves = doc.get("movement", {})
    check(all(_int(moves.get(k)) for k in ("fast", "slow", "agile_light", "agile_jager", "agile_militia")),
          "[movement] needs fast, slow, agile_light, agile_jager and agile_militia")
    blocks: dict[str, Block] = {}
    corps = []
    for c in doc.get("corps", []):
        check(c.get("side") in ARMIES, f"corps {c.get('key')!r}: side must be french or russian")
        check(c.get("command") in (None, *HALVES), f"corps {c.get('key')!r}: command must be north or south")
        entry = Corps(c["side"], c["key"], c["name"], c["colour"], tuple(str(b.get("id")) for b in c.get("blocks", [])),
                      c.get("command"))
        for t in c.get("blocks", []):
            b = _block(t, entry, moves)
            check(b.id not in blocks, f"block id {b.id} is given twice")
            blocks[b.id] = b
        corps.append(entry)
    _check_armies(tuple(corps), blocks)
    pools = {side: _pool(side, doc.get("pool", {}).get(side, {}), blocks) for side in ARMIES}
    hits_on, cost = doc.get("firepower", {}), doc.get("restore_cost", {})
    check(set(hits_on) == set(FIREPOWER) and set(cost) == set(FIREPOWER),
          f"[firepower] and [restore_cost] need exactly {', '.join(FIREPOWER)}")
    ranges = {int(k): v for k, v in doc.get("tactical_range", {}).items()}
    leaders = {b.strength for b in blocks.values() if b.type == "tactical_leader"}
    check(all(s in ranges for s in range(2, max(leaders, default=2) + 1)) and ranges.get(0) == 0,
          "[tactical_range] needs every leader strength from 2 up and 0 for the exhausted heart (9.7)")
    return Army(blocks, tuple(corps), pools, hits_on, cost, ranges)
