"""SPI's 1812 as data: the area map, the tables and the scenarios from data/*.toml, loaded once and
validated on load (SPI's 1812 overview, the publisher's, prints no number: the files say what they
reconstruct, and every place, table, stack and reinforcement carries its `provenance`).

    places()   -> {number: Place}: areas and sub-areas, their neighbours, forts and points
    tables()   -> Tables: turns, victory index, attrition, forced march, battle plans, combat
                  results, pursuit, unsupplied and depletion tables
    scenarios() -> {id: Scenario}: set-ups; reinforcements() -> [Reinforcement]

`parse_map`, `parse_tables` and `parse_scenarios` take parsed TOML documents so that tests (and a
player's own table file, `read_tables`) can feed broken data; each raises DataError with one clear
sentence.
"""
from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.errors import CommandError

DATA = Path(__file__).parent / "data"
KINDS = ("inf", "cav", "supply", "depot")  # what a stack holds: corps of two types, supply, depots
CHART_CODES = frozenset({"Dr(D)", "A-1c", "D-1c", "Acx2", "Dcx2", "switch", "CRS", "PS", "stop", "none",
                         "Dchoice"})  # the results the overview's Battle Plan Chart shows
FORTS, KIEV, CAPITAL, TO_WIN = 19, 3, 5, 22  # the overview's VICTORY CONDITIONS
OVERVIEW = "SPI's 1812 overview"  # the rule book the refusals of a data file cite
KINDS_OF_VALUE = {bool: "true or false", int: "a whole number", float: "a number", str: "a text in quotes",
                  list: "a list in [ ]", dict: "a table of named entries"}


class DataError(CommandError):
    """A data file breaks a rule of its format; the sentence names the entry."""


@dataclass(frozen=True)
class Place:
    """An area or sub-area: what movement and combat count in (one place per move)."""

    number: int
    name: str
    area: int  # the supply area it depletes with
    neighbours: tuple[int, ...]
    fort: bool
    points: int
    west_edge: bool
    xy: tuple[int, int]

    @property
    def label(self) -> str:
        return f"{self.name} ({self.number})"


@dataclass(frozen=True)
class Tables:
    """The game's tables (data/tables.toml), by the rule they serve."""

    turns: int
    labels: tuple[str, ...]
    winter: frozenset[int]
    to_win: int
    index: tuple[int, ...]  # the Victory Point Index of each Game-Turn
    levels: tuple[tuple[int, str, str], ...]  # (at least, winner, level)
    attrition: dict[str, tuple[int, ...]]
    forced_march: dict[str, tuple[str, ...]]  # "normal" / "winter" -> result per die roll
    attacker_plans: tuple[str, ...]
    defender_plans: tuple[str, ...]
    chart: dict[tuple[str, str], tuple[str, ...]]  # (attacker plan, defender plan) -> codes
    first_chart: dict[tuple[str, str], tuple[str, ...]]  # its first reading (readings.py)
    crt_columns: tuple[str, ...]
    crt_rows: tuple[tuple[str, ...], ...]
    french_leadership: int
    pursuit: tuple[tuple[str, ...], ...]
    unsupplied: dict[str, frozenset[int]]
    depletion: dict[str, tuple[tuple[int, int], ...]]

    def winter_turn(self, turn: int) -> bool:
        return turn in self.winter


@dataclass(frozen=True)
class Stack:
    place: int
    counts: dict[str, int]


@dataclass(frozen=True)
class Leader:
    """A leader unit of the optional leader rule (rules/campaign_1812/leaders.py)."""

    side: str
    name: str
    place: int
    rating: int  # the die roll shift he brings to a battle


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    first_turn: int
    stacks: dict[str, tuple[Stack, ...]]
    french_control: tuple[int, ...]
    depleted: dict[int, int]
    leaders: tuple[Leader, ...]


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    side: str
    counts: dict[str, int]
    places: tuple[int, ...]
    option: str | None = None  # arrives only in games with this option (rules/campaign_1812/readings.py)


def _need(entry: dict, key: str, where: str) -> Any:
    if key not in entry:
        raise DataError(f"{where} has no {key!r}.")
    return entry[key]


def _provenance(entry: dict, where: str) -> None:
    text = entry.get("provenance")
    if not isinstance(text, str) or not text.strip():
        raise DataError(f"{where} has no provenance: say which sentence of {OVERVIEW} it honours, "
                        "or what history it is reconstructed from.")


def parse_map(doc: dict) -> dict[int, Place]:
    """The places of a parsed map.toml, checked: provenance, symmetric adjacency, one connected
    map, sub-areas under their area, and the overview's victory places (19 forts, Kiev 3, St
    Petersburg 5, Moscow 5: 32 points)."""
    _provenance(_need(doc, "areas", "map.toml"), "[areas]")
    out: dict[int, Place] = {}
    for entry in _need(doc, "place", "map.toml"):
        where = f"place {entry.get('number', '?')}"
        _provenance(entry, where)
        number = int(_need(entry, "number", where))
        if number in out:
            raise DataError(f"{where} is listed twice.")
        fort = bool(entry.get("fort", False))
        points = int(entry.get("points", 0))
        if fort and points != 1:
            raise DataError(f"{where} is a fort-area, worth one Victory Point ({OVERVIEW}, Victory Conditions).")
        xy = tuple(_need(entry, "xy", where))
        out[number] = Place(number, str(_need(entry, "name", where)), int(_need(entry, "area", where)),
                            tuple(int(n) for n in _need(entry, "neighbours", where)), fort, points,
                            bool(entry.get("west_edge", False)), (int(xy[0]), int(xy[1])))
    for sub in doc["areas"].get("subdivided", []):
        _provenance(sub, f"sub-divided area {sub.get('number')}")
        for n in sub["places"]:
            if n not in out or out[n].area != sub["number"]:
                raise DataError(f"sub-area {n} is not a place of area {sub['number']}.")
    _check_graph(out)
    _check_victory_places(out)
    return out


def _check_graph(places: dict[int, Place]) -> None:
    for p in places.values():
        for n in p.neighbours:
            if n not in places:
                raise DataError(f"place {p.number} names neighbour {n}, which is no place.")
            if p.number not in places[n].neighbours:
                raise DataError(f"place {p.number} is next to {n} but {n} is not next to it.")
        if len(set(p.neighbours)) != len(p.neighbours) or p.number in p.neighbours:
            raise DataError(f"place {p.number} lists a neighbour twice, or itself.")
    start = next(iter(places))
    seen, todo = {start}, deque([start])
    while todo:
        for n in places[todo.popleft()].neighbours:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != set(places):
        raise DataError(f"the map is not connected: {sorted(set(places) - seen)} cannot be reached.")


def _check_victory_places(places: dict[int, Place]) -> None:
    forts = sum(p.fort for p in places.values())
    cities = sorted(p.points for p in places.values() if p.points and not p.fort)
    if forts != FORTS or cities != [KIEV, CAPITAL, CAPITAL]:
        raise DataError(f"the map has {forts} forts and cities worth {cities}; {OVERVIEW}, Victory "
                        "Conditions, gives nineteen fort-areas, Kiev 3, St. Petersburg 5 and Moscow 5.")


def _rows(value: Any, length: int, where: str) -> tuple:
    if not isinstance(value, list) or len(value) != length:
        raise DataError(f"{where} must have {length} entries.")
    return tuple(value)


def parse_tables(doc: dict) -> Tables:
    """The tables of a parsed tables.toml, checked against what the overview fixes, and against the
    shape of the shipped file (a player's own file holds every entry it holds, of the same kind)."""
    for key in ("turns", "victory", "attrition", "forced_march", "battle_plans", "combat_results", "pursuit",
                "unsupplied", "depletion"):
        _provenance(_need(doc, key, "the table file"), f"[{key}]")
    _shaped(doc, _shipped_tables(), "the table file")
    t, v = doc["turns"], doc["victory"]
    count = int(t["count"])
    if count != 13 or int(v["to_win"]) != TO_WIN:
        raise DataError(f"the game has 13 Game-Turns and the French need 22 Victory Points ({OVERVIEW}, Sequence "
                        "of Play, Victory Conditions).")
    _check_turns_and_levels(t, v)
    attrition = {side: _rows(doc["attrition"][side], 6, f"attrition.{side}") for side in ("french", "russian")}
    if min(attrition["russian"]) < 0:
        raise DataError("attrition.russian: a roll of the Attrition Table costs 0 corps or more.")
    if not all(f > r for f, r in zip(attrition["french"], attrition["russian"])):
        raise DataError(f"French attrition must be greater than Russian at every roll ({OVERVIEW}, Attrition).")
    march = {k: _rows(doc["forced_march"][k], 6, f"forced_march.{k}") for k in ("normal", "winter")}
    if not set(march["normal"]) | set(march["winter"]) <= {"march", "stay", "eliminated"}:
        raise DataError(f"a forced march ends in march, stay or eliminated ({OVERVIEW}, Movement).")
    bp = doc["battle_plans"]
    attackers, defenders = tuple(bp["attacker"]), tuple(bp["defender"])
    shipped = _shipped_tables()["battle_plans"]
    if not (attackers and defenders and set(attackers) <= set(shipped["attacker"]) and
            set(defenders) <= set(shipped["defender"]) and len({*attackers, *defenders}) == len(attackers + defenders)):
        raise DataError("the Battle Plan chits are some of the overview's eight, each once: the attacker's "
                        f"{', '.join(shipped['attacker'])}; the defender's {', '.join(shipped['defender'])} "
                        f"({OVERVIEW}, Combat).")
    chart = _chart(bp, "cells", attackers, defenders)
    first_chart = _chart(bp, "first_cells", attackers, defenders) if "first_cells" in bp else chart
    crt = doc["combat_results"]
    columns = tuple(crt["columns"])
    for name in columns:
        if not (len(name.split("-")) == 2 and all(n.isdigit() and int(n) for n in name.split("-"))):
            raise DataError(f"combat_results.columns: {name!r} is not a ratio of attacker to defender such as '3-2'.")
    rows = tuple(_rows(r, len(columns), "a combat results row") for r in _rows(crt["rows"], 8, "combat_results.rows"))
    for cell in (c for r in rows for c in r):
        _check_result(cell, "combat result", ("A", "D"))
    pursuit = tuple(_rows(r, 6, "a pursuit row") for r in _rows(doc["pursuit"]["rows"], 3, "pursuit.rows"))
    for cell in (c for r in pursuit for c in r):
        if cell != "-":
            _check_result(cell, "pursuit result", ("D", "Ac"))
    un = doc["unsupplied"]
    if not set(un["eliminated_on"]) | set(un["winter_eliminated_on"]) <= set(range(1, 7)):
        raise DataError("the Unsupplied Chart eliminates on rolls of one die, 1 to 6.")
    dep = doc["depletion"]
    if any(len(row) != 2 for k in ("without_supply", "with_supply") for row in dep[k]):
        raise DataError("a row of the Area Depletion Chart is [at least so many corps, steps of 50%].")
    return Tables(
        count, _rows(t["labels"], count, "turns.labels"), frozenset(t["winter"]), int(v["to_win"]),
        _rows(v["index"], count, "victory.index"),
        tuple((int(x["at_least"]), x["winner"], x["level"]) for x in v["levels"]), attrition, march,
        attackers, defenders, chart, first_chart, columns, rows, int(crt["french_leadership"]), pursuit,
        {"normal": frozenset(un["eliminated_on"]), "winter": frozenset(un["winter_eliminated_on"])},
        {k: tuple((int(a), int(b)) for a, b in dep[k]) for k in ("without_supply", "with_supply")})


def _chart(bp: dict, key: str, attackers: tuple[str, ...],
           defenders: tuple[str, ...]) -> dict[tuple[str, str], tuple[str, ...]]:
    """The cells of `battle_plans.<key>`, checked: one per pair of chits, codes from the chart."""
    chart = {}
    for d in defenders:
        for a, codes in zip(attackers, _rows(_need(bp, key, "[battle_plans]")[d], len(attackers),
                                             f"battle_plans.{key}.{d}")):
            if not codes or not set(codes) <= CHART_CODES:
                raise DataError(f"the Battle Plan cell {a} x {d} uses codes the overview's chart does not show.")
            chart[a, d] = tuple(codes)
    return chart


def _check_turns_and_levels(turns: dict, victory: dict) -> None:
    """Winter falls on turns of the game; every total of Victory Points reaches a level of victory."""
    if not set(turns["winter"]) <= set(range(1, turns["count"] + 1)):
        raise DataError(f"turns.winter names a turn the game has not: its Game-Turns are 1 to {turns['count']}.")
    for row in victory["levels"]:
        if row["winner"] not in ("french", "russian"):
            raise DataError(f"victory.levels: the winner {row['winner']!r} is french or russian.")
    if min(row["at_least"] for row in victory["levels"]) > 0:
        raise DataError("victory.levels needs a row at_least = 0, so that every total reaches a level of victory.")


def _shaped(value: Any, like: Any, where: str) -> None:
    """`value` has the shape of `like`, the shipped tables' entry: the same named entries (a Battle Plan
    Chart's first reading and a provenance aside: parse_tables asks for those), each of the same kind."""
    if type(value) is not type(like):  # bool is no int here
        kind = KINDS_OF_VALUE.get(type(like), type(like).__name__)
        raise DataError(f"{where} is {value!r}, where the format has {kind} (rules/campaign_1812/data/tables.toml).")
    if isinstance(like, dict):
        for key, entry in like.items():
            if key not in ("first_cells", "provenance"):
                _shaped(_need(value, key, where), entry, f"{where}.{key}" if where != "the table file" else key)
    elif isinstance(like, list) and like:
        for i, item in enumerate(value):
            _shaped(item, like[0], f"{where}[{i}]")


def _check_result(cell: str, what: str, prefixes: tuple[str, ...]) -> None:
    for word in cell.split():
        if word in ("Ar", "Dr"):
            continue
        if not any(word.startswith(p) and word[len(p):].isdigit() for p in prefixes):
            raise DataError(f"{word!r} is not a {what}: write A<n>/D<n> corps lost, Ar/Dr retreats.")


def _counts(entry: dict) -> dict[str, int]:
    return {k: int(entry.get(k, 0)) for k in KINDS}


def parse_scenarios(doc: dict, places: dict[int, Place]) -> tuple[dict[str, Scenario], list[Reinforcement]]:
    """The scenarios and reinforcements of a parsed scenarios.toml, checked against the map."""
    out = {}
    for entry in doc["scenario"]:
        where = f"scenario {entry.get('id')}"
        _provenance(entry, where)
        stacks = {}
        for side in ("french", "russian"):
            for s in entry[side]:
                _provenance(s, f"{where}: a {side} stack")
                if s["place"] not in places:
                    raise DataError(f"{where}: a {side} stack stands in {s['place']}, which is no place.")
            stacks[side] = tuple(Stack(int(s["place"]), _counts(s)) for s in entry[side])
        depleted = {int(d["area"]): int(d["level"]) for d in entry["depleted"]}
        if not set(depleted.values()) <= {50, 100}:
            raise DataError(f"{where}: an area is undepleted, 50% or 100% depleted ({OVERVIEW}, Supply).")
        out[entry["id"]] = Scenario(entry["id"], entry["title"], int(entry["first_turn"]), stacks,
                                    tuple(entry["french_control"]), depleted, _leaders(entry, stacks, where))
    arrivals = []
    for r in doc["reinforcement"]:
        _provenance(r, f"a reinforcement of turn {r.get('turn')}")
        if r["side"] == "french" and not all(places[n].west_edge for n in r["places"]):
            raise DataError(f"French reinforcements start along the map's western edge ({OVERVIEW}, Reinforcements).")
        if r.get("option") is not None and not any(places[n].fort for n in r["places"]):
            raise DataError(f"a reinforcement of turn {r['turn']} under {r['option']} names no fort ({OVERVIEW}, "
                            "Reinforcements: the Russian reinforcements appear in forts).")
        arrivals.append(Reinforcement(int(r["turn"]), r["side"], _counts(r), tuple(r["places"]), r.get("option")))
    return out, arrivals


def _leaders(entry: dict, stacks: dict[str, tuple[Stack, ...]], where: str) -> tuple[Leader, ...]:
    """A scenario's leaders, one a side, each starting with corps of his side."""
    out = []
    for x in _need(entry, "leaders", where):
        _provenance(x, f"{where}: a leader")
        side, place, rating = x["side"], int(x["place"]), int(x["rating"])
        if not any(st.place == place and st.counts["inf"] + st.counts["cav"] for st in stacks.get(side, ())):
            raise DataError(f"{where}: leader {x['name']} starts in {place}, where his side has no corps.")
        if rating < 0:
            raise DataError(f"{where}: leader {x['name']}'s rating is a die roll shift of 0 or more.")
        out.append(Leader(side, str(x["name"]), place, rating))
    if sorted(x.side for x in out) != ["french", "russian"]:
        raise DataError(f"{where}: the optional leader rule gives each side one leader.")
    return tuple(out)


def _load(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)


@cache
def places() -> dict[int, Place]:
    return parse_map(_load("map.toml"))


@cache
def _shipped_tables() -> dict:
    return _load("tables.toml")


@cache
def tables() -> Tables:
    return parse_tables(_shipped_tables())


def read_tables(path: str) -> dict:
    """A player's own table file (the format of data/tables.toml), parsed and validated: the
    document a game stores to play with it; DataError for a file that breaks the format."""
    try:
        doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DataError(f"{path}: cannot read the tables ({error}).") from error
    parse_tables(doc)
    return doc


@cache
def _scenario_data() -> tuple[dict[str, Scenario], list[Reinforcement]]:
    return parse_scenarios(_load("scenarios.toml"), places())


@cache
def areas_next_to(area: int) -> frozenset[int]:
    """The areas adjacent to an area: those of the places next to any of its places (sub-areas
    included).

    >>> sorted(areas_next_to(16))  # Vyazma and Borodino
    [8, 15, 17, 23, 24]
    """
    ps = places()
    return frozenset(ps[n].area for p in ps.values() if p.area == area for n in p.neighbours) - {area}


def scenarios() -> dict[str, Scenario]:
    return _scenario_data()[0]


def reinforcements() -> list[Reinforcement]:
    return _scenario_data()[1]
