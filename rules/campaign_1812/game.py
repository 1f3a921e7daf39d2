"""The position of a game of 1812: the state (plain JSON) and the lookups every rule asks of it.

State, as the rules read it (place numbers are JSON string keys):

* `stacks[side][place]`: {inf, cav, supply, depot} -- "All of the counters of a Player in an area
  must be stacked" (SPI's 1812 overview, STACKING): one stack per side and place; corps markers are freely
  substituted, so a stack is its counts, never its counters;
* `moved[place]` / `marched[place]`: the phasing side's units there that have moved this
  Movement Phase, or tried their forced march;
* `depleted[area]`: 50 or 100 (undepleted areas are absent); `control[place]`: who holds each
  victory place; `turn`, `player` (the phasing side), `phase`;
* `attrition` (losses the opponent still chooses), `battle` and `retreat` (the combat under way),
  `fought` (places fought over this Combat Phase), `removal` (corps the French still remove);
* `dice` (attrition, combat, pursuit: rolls whose number everyone knows) and `side_dice[side]`
  (forced march and unsupplied rolls, one per corps of a stack whose size only its owner knows,
  so that the other side's rolls never shift with a hidden count);
* `log`: battles as they were revealed (public), `outcome`;
* `options`: the optional rules and readings the game was set up with (readings.py); absent in a
  game set up without any.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.campaign_data import KINDS, Place, Tables
from rules.core.steps import steps

SIDES: tuple[str, ...] = ("french", "russian")
CORPS = ("inf", "cav")
SHOWN = 6  # places a refusal names before 'and N more': two lines or three at a phone's width
NAMES = {"inf": ("infantry corps", "infantry corps"), "cav": ("cavalry corps", "cavalry corps"),
         "supply": ("supply unit", "supply units"), "depot": ("depot", "depots")}


@lru_cache(maxsize=8)
def _own_tables(document: str) -> Tables:
    return data.parse_tables(json.loads(document))


def tables_of(own: dict | None) -> Tables:
    """The tables a game plays: a player's own document it was set up with, or (None) the shipped ones."""
    return _own_tables(json.dumps(own, sort_keys=True)) if own else data.tables()


def enemy_of(side: str) -> str:
    return "russian" if side == "french" else "french"


def empty() -> dict[str, int]:
    return {k: 0 for k in KINDS}


def counted(counts: dict[str, int]) -> str:
    """'3 infantry corps, 1 supply unit' (nothing: 'nothing').

    >>> counted({"inf": 3, "cav": 0, "supply": 1, "depot": 0})
    '3 infantry corps, 1 supply unit'
    """
    parts = [f"{n} {NAMES[k][n != 1]}" for k, n in counts.items() if n]
    return ", ".join(parts) or "nothing"


class Game:
    """A state and what the rules ask of it; rule modules change `s` through it."""

    def __init__(self, state: dict):
        self.s = state
        self.places: dict[int, Place] = data.places()

    @property
    def tables(self) -> Tables:
        """The shipped tables, or the player's own the game was set up with."""
        return tables_of(self.s.get("tables"))

    def option(self, name: str) -> bool:
        """Whether the game was set up with that option (readings.py)."""
        return name in self.s.get("options", ())

    def chart(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """The Battle Plan Chart this game plays: its reading of the fragments (readings.py)."""
        return self.tables.chart if self.option("chart_fragments") else self.tables.first_chart

    def name(self, place: int) -> str:
        return self.places[place].label

    def named(self, places: Iterable[int]) -> str:
        """Places as a player reads them, each name with its number (THE GAME MAP: "Areas are also
        numbered and named"): every one, in order, where they are the answers a player chooses among.

        >>> Game({}).named([11, 12])
        'Kovno (11), Vilna (12)'
        """
        return ", ".join(map(self.name, places))

    def nearest(self, places: Iterable[int], near: int) -> str:
        """Places pointed to instead of the one a player named, `near`: those nearest it first (the
        fewest places between, then by number), the first few and how many more, as a phone shows them.

        >>> Game({}).nearest([5, 6, 13, 30, 31, 32, 36], 11)
        'Courland (5), Dinaburg (6), Grodno (13), East Prussia (30), Warsaw (31) and 2 more'
        """
        away = {p: steps(self.neighbours, near, p) for p in places}
        order = sorted(away, key=lambda p: (away[p] is None, away[p] or 0, p))
        if len(order) <= SHOWN:
            return self.named(order)
        return f"{self.named(order[:SHOWN - 1])} and {len(order) - SHOWN + 1} more"

    def stack(self, side: str, place: int) -> dict[str, int]:
        """The side's stack there (a fresh empty one when it has none: not stored)."""
        return self.s["stacks"][side].get(str(place)) or empty()

    def has(self, side: str, place: int) -> bool:
        return str(place) in self.s["stacks"][side]

    def stacks(self, side: str) -> list[int]:
        return sorted(int(p) for p in self.s["stacks"][side])

    def add(self, side: str, place: int, counts: dict[str, int]) -> None:
        stack = self.s["stacks"][side].setdefault(str(place), empty())
        for k, n in counts.items():
            stack[k] += n

    def take(self, side: str, place: int, kind: str, n: int) -> int:
        """Remove up to n units of a kind; returns how many there were to remove. An emptied
        stack leaves the map."""
        stack = self.s["stacks"][side].get(str(place))
        if not stack:
            return 0
        n = min(n, stack[kind])
        stack[kind] -= n
        if not any(stack.values()):
            del self.s["stacks"][side][str(place)]
        return n

    def corps(self, side: str, place: int | None = None) -> int:
        places = self.stacks(side) if place is None else [place]
        return sum(self.stack(side, p)["inf"] + self.stack(side, p)["cav"] for p in places)

    def infantry(self, side: str, place: int) -> int:
        return self.stack(side, place)["inf"]

    def neighbours(self, place: int) -> tuple[int, ...]:
        return self.places[place].neighbours

    def not_a_place(self, number: int) -> str | None:
        """Why `number` names no place of the map (THE GAME MAP: "Areas are also numbered and
        named"), or None: an area sub-divided is named by its sub-areas."""
        if number in self.places:
            return None
        parts = sorted(n for n, p in self.places.items() if p.area == number)
        if parts:
            return f"area {number} is sub-divided: name its sub-area, {' or '.join(map(self.name, parts))}"
        areas = sorted(n for n, p in self.places.items() if p.area == n)
        subs = sorted(n for n, p in self.places.items() if p.area != n)
        return (f"there is no place {number} on the map: name an area by its number, {areas[0]} to {areas[-1]}, "
                f"or a sub-area: {self.named(subs)}")

    def winter(self) -> bool:
        return self.tables.winter_turn(self.s["turn"])

    def marks(self, key: str, place: int) -> dict[str, int]:
        """Units of the phasing side in a place that have moved (key "moved") or tried a forced
        march ("marched") this Player-Turn."""
        return self.s[key].get(str(place)) or empty()

    def mark(self, key: str, place: int, counts: dict[str, int]) -> None:
        marks = self.s[key].setdefault(str(place), empty())
        for k, n in counts.items():
            marks[k] += n

    def free(self, key: str, place: int) -> dict[str, int]:
        """The phasing side's units in a place not yet moved (or marched)."""
        stack, marks = self.stack(self.s["player"], place), self.marks(key, place)
        return {k: max(0, stack[k] - marks[k]) for k in KINDS}

    def unmark(self, key: str, place: int, counts: dict[str, int]) -> None:
        """Units leaving a place take their marks with them (the rest stay marked)."""
        marks = self.s[key].get(str(place))
        if marks:
            for k, n in counts.items():
                marks[k] = max(0, marks[k] - n)

    def retreat_places(self, side: str, place: int) -> list[int]:
        """Where a side's units may retreat from a place: an adjacent place without an enemy
        stack (reconstructed: a stack's composition is hidden, so a retreat may not go where the
        enemy stands, whatever his stack holds)."""
        return [n for n in self.neighbours(place) if not self.has(enemy_of(side), n)]

    def arrivals(self, side: str) -> list[data.Reinforcement]:
        """The side's reinforcements of this Game-Turn (those of an option only in a game with it)."""
        return [r for r in data.reinforcements() if r.turn == self.s["turn"] and r.side == side
                and (r.option is None or self.option(r.option))]

    def vp(self) -> int:
        """The French Victory Points: the points of every place the French control."""
        return sum(self.places[int(p)].points for p, who in self.s["control"].items() if who == "french")
