"""The map as one side sees it: its own stacks in full, the enemy's as markers (STACKING: "The
opposing Player may not learn the composition of the stack unless he is willing to do battle"),
control and depletion of every place, and the side's belief about what each marker holds.

The belief is built from what a player of the board game knows: the scenario's set-up and the
reinforcement schedule (both printed for both players; those of an option only in a game with it),
the attrition table's mean loss for every enemy Player-Turn played, and the battles the side has
seen revealed. The enemy's corps so counted are spread over its markers, a marker that began the
game as a lone depot counting a fifth of one that did not (depots are left behind as armies march
on). It never reads the state: the tables too are those its view names (a player's own the game
was set up with, public to both, or the shipped ones).
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.campaign_data import Tables
from rules.campaign_1812.combat import PEOPLE
from rules.campaign_1812.game import enemy_of, tables_of
from rules.campaign_1812.views import STEPS

PHASES = {title: key for key, title in STEPS.items()}  # the view's words for a step -> the state's
DEPOT_ONLY = 0.2  # what a marker standing where the set-up put a lone depot weighs in the belief
REVEALED = re.compile(r"(French|Russian): ((?:\d+ [a-z ]+?(?:, |;|\.|$))+)")
COUNTED = re.compile(r"(\d+) (infantry|cavalry) corps")


@cache
def distances(start: int) -> dict[int, int]:
    """Places from `start` to every place of the map (breadth first)."""
    places = data.places()
    out, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for n in places[here].neighbours:
            if n not in out:
                out[n] = out[here] + 1
                todo.append(n)
    return out


def revealed(lines: Sequence[str]) -> dict[str, dict[str, int]]:
    """The stacks a battle's reveal line showed: {"french": {"inf": 3, "cav": 1}, ...}.

    >>> revealed(["Battle of Vilna (12): French Assault against Russian Cordon. French: 6 infantry corps, "
    ...           "1 supply unit; Russian: 2 infantry corps, 1 cavalry corps."])["russian"]
    {'inf': 2, 'cav': 1}
    """
    for line in lines:
        found = REVEALED.findall(line)
        if len(found) == 2:
            out = {}
            for side, text in found:
                counts = {"inf": 0, "cav": 0}
                for n, kind in COUNTED.findall(text):
                    counts["inf" if kind == "infantry" else "cav"] = int(n)
                out[side.lower()] = counts
            return out
    return {}


@dataclass
class Board:
    """What `side` knows, read from its view (and the battles it was told of)."""

    side: str
    view: dict
    tables: Tables  # the tables the game plays, as its view names them
    mine: dict[int, dict[str, int]] = field(default_factory=dict)  # place -> inf, cav, supply, depot
    free: dict[int, dict[str, int]] = field(default_factory=dict)  # place -> the units the rules let move on
    free_to_march: dict[int, dict[str, int]] = field(default_factory=dict)  # and force march
    enemy: set[int] = field(default_factory=set)  # places of the enemy's markers
    control: dict[int, str] = field(default_factory=dict)
    depleted: dict[int, int] = field(default_factory=dict)  # by supply area
    belief: dict[int, float] = field(default_factory=dict)  # marker place -> infantry corps believed there

    @property
    def foe(self) -> str:
        return enemy_of(self.side)

    @property
    def phase(self) -> str:
        return PHASES.get(self.view["phase"], self.view["phase"])

    @property
    def winter(self) -> bool:
        return bool(self.view["winter"])

    def points(self, place: int) -> int:
        return data.places()[place].points

    def name(self, place: int) -> str:
        return data.places()[place].name

    def neighbours(self, place: int) -> tuple[int, ...]:
        return data.places()[place].neighbours

    def area_depleted(self, place: int) -> int:
        return self.depleted.get(data.places()[place].area, 0)

    def corps(self, place: int) -> int:
        st = self.mine.get(place)
        return st["inf"] + st["cav"] if st else 0

    def wanted(self, place: int) -> int:
        """The Victory Points a place is worth taking for this side: the French take what they do
        not control, the Russians take back what the French hold (VICTORY CONDITIONS)."""
        held = self.control.get(place)
        if held is None or held == self.side:
            return 0
        return self.points(place)

    def option(self, name: str) -> bool:
        """Whether the game was set up with that option (rules/campaign_1812/readings.py)."""
        return name in self.view["options"]

    def chart(self) -> dict[tuple[str, str], tuple[str, ...]]:
        """The Battle Plan Chart the game plays (its reading: rules/campaign_1812/readings.py)."""
        t = self.tables
        return t.chart if self.option("chart_fragments") else t.first_chart

    def supplied(self, place: int, depot: bool) -> bool:
        """Whether units of this side would be in supply there (SUPPLY): the area not 100% depleted,
        a depot with them, or (rules/campaign_1812/supply.py) under depot_supply one in the area or,
        out of winter, an adjacent area; in a game without it one next door out of winter, or a
        victory place the Russians hold."""
        if self.area_depleted(place) < 100 or depot:
            return True
        if self.option("depot_supply"):
            area = data.places()[place].area
            fed = {area} if self.winter else {area} | data.areas_next_to(area)
            return any(st.get("depot") for p, st in self.mine.items() if data.places()[p].area in fed)
        if self.side == "russian" and self.control.get(place) == "russian":
            return True
        return not self.winter and any(self.mine.get(n, {}).get("depot") for n in self.neighbours(place))


def about(believed: float, unit: str = " infantry corps") -> str:
    """A believed number of corps as a reason says it, rounded half up; below three quarters "half a
    corps" (what a marker not seen is believed to hold at least), never "about 0".

    >>> about(0.5), about(0.75), about(2.5), about(9.2, "")
    ('about half a corps', 'about 1 infantry corps', 'about 3 infantry corps', 'about 9')
    """
    return "about half a corps" if believed < 0.75 else f"about {int(believed + 0.5)}{unit}"


def read(view: dict, seen: Sequence[dict]) -> Board:
    """The board of the viewing side."""
    side = view["viewer"]
    b = Board(side, view, tables_of(view["tables"]))
    for unit in view["units"]:
        if unit["side"] == side:
            b.mine[unit["area"]] = {k: unit[k] for k in ("inf", "cav", "supply", "depot")}
            b.free[unit["area"]] = unit.get("free_to_move", b.mine[unit["area"]])
            b.free_to_march[unit["area"]] = unit.get("free_to_march", b.mine[unit["area"]])
        else:
            b.enemy.add(unit["area"])
    for p in view["places"]:
        if p["control"]:
            b.control[p["number"]] = p["control"]
        if p["depleted"]:
            b.depleted[p["area"]] = p["depleted"]
    b.belief = believe(view, seen, b.foe, sorted(b.enemy), b.tables)
    return b


def believe(view: dict, seen: Sequence[dict], foe: str, markers: list[int], t: Tables) -> dict[int, float]:
    """The enemy infantry believed at each marker (see the module's docstring)."""
    if not markers:
        return {}
    sc = data.scenarios()[view["scenario"]]
    total = float(sum(s.counts["inf"] for s in sc.stacks[foe]))
    options = view["options"]
    total += sum(r.counts["inf"] for r in data.reinforcements() if r.side == foe
                 and sc.first_turn <= r.turn <= view["turn"] and (r.option is None or r.option in options))
    played = view["turn"] - sc.first_turn + (1 if foe == "russian" or view["player"] == foe else 0)
    total -= played * sum(t.attrition[foe]) / 6
    total -= sum(losses(e, foe) for e in seen)
    lone_depots = {s.place for s in sc.stacks[foe] if not (s.counts["inf"] or s.counts["cav"])}
    weight = {m: DEPOT_ONLY if m in lone_depots else 1.0 for m in markers}
    last = last_seen(view, foe)
    for m, inf in last.items():
        if m in weight:
            weight[m] = 0.0
    known = sum(inf for m, inf in last.items() if m in weight)
    spread = max(0.0, total - known)
    whole = sum(weight.values())
    return {m: last[m] if m in last else max(0.5, spread * weight[m] / whole) if whole else 1.0 for m in markers}


def losses(e: dict, foe: str) -> float:
    """Enemy corps the side saw lost in an event told to all (a battle's losses: 'The Russians lose 2
    infantry corps.', its record's 'Russian loses 2 infantry corps.')."""
    text = e.get("text", "")
    m = re.match(rf"The {PEOPLE[foe]} lose (\d+) infantry corps", text)
    return float(m.group(1)) if m else 0.0


def last_seen(view: dict, foe: str) -> dict[int, float]:
    """The enemy infantry left where a battle of this Game-Turn revealed it and a marker still
    stands: what the reveal showed, less the losses told after it."""
    out: dict[int, float] = {}
    for battle in view["log"]:
        if battle["turn"] != view["turn"]:
            continue
        shown = revealed(battle["lines"]).get(foe)
        if shown is None:
            continue
        lost = sum(int(m.group(1)) for line in battle["lines"]
                   if (m := re.match(rf"{foe.title()} loses (\d+) infantry", line)))
        out[battle["place"]] = max(0.0, shown["inf"] - lost)
    return out
