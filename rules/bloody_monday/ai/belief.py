"""What a Bloody Monday commander believes about the enemy blocks it cannot see.

Blocks stand upright (Setup: Fog of War), so a hidden enemy block is only "a French block in 20".
The commander follows every enemy block as a token from what its player has legitimately seen:
the set-up icons (each drawn from its corps colour and kind; leaders on their own icons), the
public moves and their routes (a route costing more than 3 MPs was made by a fast unit: 2.1,
1.2, 1.2.3), activations (2.6), reinforcements (3.3), retreats (6.4), showdowns (5.3.3), hits
told after a showdown and eliminations (2.4). A token carries weights over the blocks it may be.
Tokens that share an area are told apart only by what was seen of them: when one of several
leaves unnamed, the leaver is a mixture of them and so are those left behind.

The view is the truth: the tokens are reconciled with its unrevealed units area by area; `assign`
draws each hidden block for a token and `board` makes the position consistent with both (each
hidden block once), the board a level-1 plan is made on. Nothing here reads the state: only the
view and the events told to the side.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from rules.bloody_monday.bm_data import army, battlefield
from rules.bloody_monday.game import enemy_of
from rules.core.dice import new_dice
from rules.core.play import copy_state

Odds = dict[str, float]
_ID = re.compile(r"\(([FR]-[A-Za-z0-9-]+), ")
_SHOWDOWN = re.compile(r"^Showdown in (\d+) ")
_PLACED = re.compile(r"(\d+) in (\d+)")
_INTO = re.compile(r"(\d+) blocks? into (\d+)")
_STRENGTH = re.compile(r"\(([FR]-[A-Za-z0-9-]+), [^)]*\) takes a hit: strength (\d+)")
_UNSEEN = 1e-3  # a block nothing points to is unlikely, never impossible: the view may surprise


@dataclass
class Token:
    """One enemy block as the commander follows it: where it is (None: the pool) and what it may be."""

    area: int | None
    odds: Odds

    def best(self) -> float:
        return max(self.odds.values(), default=0.0)


@dataclass
class Belief:
    """The enemy side's tokens and the strengths last seen of its blocks (full strength if never)."""

    side: str
    tokens: list[Token] = field(default_factory=list)
    strength: dict[str, int] = field(default_factory=dict)

    def at(self, area: int | None) -> list[Token]:
        return [t for t in self.tokens if t.area == area]


def _normal(odds: Odds) -> Odds:
    total = sum(odds.values())
    return {b: w / total for b, w in odds.items() if w > 0} if total > 0 else {}


def _mixture(tokens: list[Token], weights: list[float]) -> Odds:
    out: Odds = {}
    for t, w in zip(tokens, weights, strict=True):
        for bid, p in t.odds.items():
            out[bid] = out.get(bid, 0.0) + w * p
    return _normal(out)


def _group(side: str, colour: str | None, kind: str | None, jagers_as_infantry: bool) -> Odds:
    """Setup: an icon is one block of its side, corps colour and kind, drawn at random (9.1: jagers
    drawn with the infantry)."""
    def drawn_as(k: str | None) -> str | None:
        return "infantry" if k == "jager" and jagers_as_infantry else k
    ids = [b.id for b in army().blocks.values() if b.side == side and b.colour == colour
           and drawn_as(b.setup_kind) == drawn_as(kind)]
    return _normal({b: 1.0 for b in ids})


def _set_up(side: str, options: list[str]) -> list[Token]:
    """Setup: the enemy's tokens on its icons, and its Reinforcements Pool (fixed and drawn)."""
    jagers = "russian_jager" in options
    tokens = [Token(n, {icon.block: 1.0} if icon.block else _group(side, icon.colour, icon.kind, jagers))
              for n, area in sorted(battlefield().areas.items()) if area.control == side for icon in area.icons]
    pool = army().pools[side]
    tokens += [Token(None, {b: 1.0}) for b in pool.blocks]
    for d in pool.draws:
        ids = [b.id for b in army().blocks.values() if b.side == side and b.colour == d.colour
               and b.type == d.type and d.subtype in (None, b.subtype)]
        tokens += [Token(None, _normal({b: 1.0 for b in ids})) for _ in range(d.count)]
    return tokens


def _route_cost(route: list[int], engages: bool) -> int:
    """The fewest MPs a route can have cost: terrain (1.2), the Kolocha (1.2.3), engaging (1.2.2)."""
    areas = battlefield().areas
    cost = sum(areas[n].terrain.movement_cost + (1 if n in areas[m].kolocha else 0)
               for m, n in zip(route, route[1:], strict=False))
    return cost + (1 if engages else 0)


class Tracker:
    """Follows the enemy's blocks through the events told to one side."""

    def __init__(self, viewer: str, options: list[str]):
        self.belief = Belief(enemy_of(viewer), _set_up(enemy_of(viewer), options))
        self.agile = "agility" in options

    # --- what a token may be -------------------------------------------------------------------
    def _named(self, bid: str, area: int | None) -> Token:
        """The token that is `bid`: the likeliest in `area` (None: not known), else the likeliest
        anywhere, the pool included."""
        here = (self.belief.at(area) if area is not None else []) or self.belief.tokens
        token = max(here, key=lambda t: t.odds.get(bid, 0.0))
        for t in self.belief.tokens:
            if t is not token and bid in t.odds:
                t.odds = _normal({b: w for b, w in t.odds.items() if b != bid}) or t.odds
        token.odds = {bid: 1.0}
        return token

    def _gone(self, bid: str, area: int | None) -> None:
        """2.4: an eliminated block leaves the board and every token's odds."""
        if self.belief.tokens:
            self.belief.tokens.remove(self._named(bid, area))

    def _leave(self, area: int | None, count: int, able: float = 3) -> list[Token]:
        """`count` unnamed tokens leave `area`: the leavers and those staying become mixtures,
        a leaver weighted to the blocks that could make the move (allowance above `able`)."""
        here = self.belief.at(area)
        if not here:
            return [Token(area, {}) for _ in range(count)]
        defs = army().blocks

        def fits(t: Token) -> Odds:
            return {b: w for b, w in t.odds.items()
                    if (defs[b].agile_movement if self.agile else defs[b].movement) >= able}
        able_ones = [Token(t.area, fits(t)) for t in here]
        if not any(t.odds for t in able_ones):  # the view will say: nothing known could have moved so
            able_ones = here
        chance = [sum(t.odds.values()) or _UNSEEN for t in able_ones]
        left = [min(1.0, c * count / sum(chance)) for c in chance]  # each token's chance of leaving
        moved = _mixture(able_ones, chance)
        stay = _mixture(here, [1 - p + _UNSEEN for p in left])
        for t in here:
            t.odds = dict(stay)
        leavers = here[:count]
        for t in leavers:
            t.odds = dict(moved)
        return leavers

    # --- the events -------------------------------------------------------------------------------
    def see(self, e: dict) -> None:
        """Update from one event told to the commander's side."""
        kind, text, enemy = e.get("kind"), e.get("text", ""), self.belief.side
        if kind == "move" and e.get("side") == enemy and e.get("to") == "all":
            route = [int(n) for n in text.rsplit(" moves ", 1)[1].rstrip(".").split(" and ")[0].split(" → ")]
            if e.get("block"):
                token = self._named(str(e["block"]), route[0])
            else:
                token = self._leave(route[0], 1, _route_cost(route, text.endswith("engages.")))[0]
            token.area = route[-1]
        elif kind in ("activate", "logistics", "skirmish", "ambush"):
            self._identify(text)
        elif kind == "showdown":
            m = _SHOWDOWN.match(text)
            for bid in _ID.findall(text):
                if m and army().blocks[bid].side == enemy:
                    self._named(bid, int(m[1]))
        elif kind == "eliminated" and e.get("side") == enemy:
            self._gone(str(e["block"]), e.get("area"))  # type: ignore[arg-type]
        elif kind == "reinforcements" and e.get("to") == "all" and text.startswith(enemy.title()):
            for count, area in _PLACED.findall(text.split(":", 1)[1]):
                for t in self._leave(None, int(count), 0):
                    t.area = int(area)
        elif kind == "retreat" and e.get("side") == enemy:
            self._retreat(int(e["area"]), text)
        elif kind == "hit" and e.get("to") == "all":
            for bid, strength in _STRENGTH.findall(text):
                self.belief.strength[bid] = int(strength)

    def _identify(self, text: str) -> None:
        """An activation (2.6, 3.1) or a jager's choice (9.1) names a block and where it is."""
        ids = [b for b in _ID.findall(text) if army().blocks[b].side == self.belief.side]
        where = re.search(r"(?:activated in|skirmishes into) (\d+)", text)
        if ids:
            token = self._named(ids[0], int(where[1]) if where and "activated" in text else None)
            if where:
                token.area = int(where[1])

    def _retreat(self, frm: int, text: str) -> None:
        """6.4: every unit in the battle area `frm` retreats; the count into each area is public."""
        for count, area in _INTO.findall(text):
            for t in self._leave(frm, int(count), 0):
                t.area = int(area)

    # --- the view is the truth ------------------------------------------------------------------
    def reconcile(self, view: dict) -> Belief:
        """Tokens matched to the view: its revealed and eliminated enemy blocks named, its count of
        unrevealed units in each area and in the pool met (tokens dropped or added)."""
        side, b = self.belief.side, self.belief
        for e in view["eliminated"]:
            if e["side"] == side and any(e["id"] in t.odds for t in b.tokens):
                self._gone(e["id"], None)
        for u in view["units"]:
            if u["side"] == side and "id" in u:
                b.tokens.remove(self._named(u["id"], u["area"]))
                b.strength[u["id"]] = u["strength"]
        want: dict[int | None, int] = {None: view["pools"][side]}
        for u in view["units"]:
            if u["side"] == side and "id" not in u:
                want[u["area"]] = want.get(u["area"], 0) + 1
        for area in sorted({t.area for t in b.tokens} | set(want), key=lambda a: -1 if a is None else a):
            here = sorted(b.at(area), key=Token.best)
            extra = len(here) - want.get(area, 0)
            for t in here[:max(0, extra)]:
                b.tokens.remove(t)
            b.tokens += [Token(area, {}) for _ in range(-extra)]
        return b


def believe(view: dict, seen: object) -> Belief:
    """The viewer's belief about the enemy's hidden blocks, from its view and the events told to it."""
    tracker = Tracker(view["viewer"], view["options"])
    for e in seen:  # type: ignore[attr-defined]
        tracker.see(e)
    return tracker.reconcile(view)


def candidates(view: dict) -> list[str]:
    """The enemy blocks the view does not show: hidden on the map or in the pool."""
    side = enemy_of(view["viewer"])
    shown = {u["id"] for u in view["units"] if "id" in u} | {e["id"] for e in view["eliminated"]}
    return sorted(b for b, d in army().blocks.items() if d.side == side and b not in shown)


def assign(belief: Belief, left: list[str], rng: random.Random) -> dict[str, int | None]:
    """Each hidden enemy block drawn for one token, by the tokens' weights (map tokens in random
    order, the pool's last): {block: area, or None for the pool}."""
    free = list(left)
    on_map = [t for t in belief.tokens if t.area is not None]
    rng.shuffle(on_map)
    out: dict[str, int | None] = {}
    for t in on_map + belief.at(None):
        if not free:
            break
        weights = [t.odds.get(b, 0.0) + _UNSEEN for b in free]
        bid = rng.choices(free, weights)[0]
        free.remove(bid)
        out[bid] = t.area
    return out


def board(view: dict, belief: Belief, drawn: dict[str, int | None], rng: random.Random) -> dict:
    """A whole state: the view's position, the hidden enemy blocks where `drawn` puts them (at the
    strength last seen, without cubes), and dice of the AI's own drawing."""
    state = copy_state(view["position"])
    defs = army().blocks
    for bid, area in drawn.items():
        state["blocks"][bid] = {"where": "pool" if area is None else "map", "area": area,
                                "strength": belief.strength.get(bid, defs[bid].strength),
                                "activated": False, "cubes": []}
    state["blocks"] = dict(sorted(state["blocks"].items()))
    state["dice"] = new_dice(rng.getrandbits(48))
    return state
