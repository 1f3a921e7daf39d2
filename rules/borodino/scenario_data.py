"""Borodino's order of battle, scenarios and reinforcement chart, from data/units.toml and
data/scenarios.toml, loaded once and validated on load.

`units()` gives every counter, `scenarios()` the five scenarios (5sep, 6sep, 7sep, grand,
shevardino) with their set-ups, their slice of the reinforcement chart and their special rules;
`clock`, `day` and `is_night` name a Game-Turn. The printed reinforcement chart and deployment maps
are lost: the data files say which values are reconstructed. `parse_units` and `parse_scenarios`
take already-parsed documents so that tests can feed them broken data.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.hexes import Hex, col_row, is_hex

DATA = Path(__file__).parent / "data"

SIDES = ("french", "russian")
KINDS = ("infantry", "cavalry", "artillery")
VICTORIES = ("schevardino", "three_redoubts", "grand")
# dv_: Doomed Victory (dv_rally_moves and dv_leaderless_halt read its errata to the letter, with dv_leaders);
# river_artillery and moves_stand read SPI's rule book to the letter (combat.py, phase_key)
OPTIONS = ("imperial_guard", "additional_forces", "dv_rally", "dv_leaders", "dv_rally_moves", "dv_leaderless_halt",
           "river_artillery", "moves_stand")
FRENCH_ENTRIES = ("new_road_west", "old_road_west")
RUSSIAN_ENTRIES = ("new_road_east", "old_road_east")
ENTRIES = FRENCH_ENTRIES + RUSSIAN_ENTRIES
FIRST_TURN, LAST_TURN = 1, 40
NIGHT_TURNS = frozenset({9, 10, 25, 26})
MAX_PER_ENTRY = 4  # units entering by one entry in one Game-Turn (the chart's entry C on Turn 8)
SIDE_PREFIX = {"french": "F-", "russian": "R-"}
_DAYS = ((1, 10, "5 Sept", 1200), (11, 26, "6 Sept", 600), (27, 40, "7 Sept", 600))


class ScenarioDataError(ValueError):
    """units.toml or scenarios.toml contradicts itself or the rule book's structure."""


@dataclass(frozen=True)
class UnitDef:
    """One counter: its printed values and its place in the order of battle."""

    id: str
    side: str
    name: str
    corps: str
    kind: str
    strength: int
    movement: int
    guard: bool = False  # restricted by the Imperial Guard optional rule
    old_guard: bool = False  # the French 11-4: must be the last Guard unit released
    variant_of: str | None = None  # another counter of the same formation (27th Division)

    @property
    def value(self) -> str:
        """The printed "strength-movement", e.g. "7-4"."""
        return f"{self.strength}-{self.movement}"


@dataclass(frozen=True)
class Reinforcement:
    """A unit entering the map at the start of a Game-Turn by a map-edge entry."""

    turn: int
    unit: str
    entry: str


@dataclass(frozen=True)
class Scenario:
    """A scenario: one of the four battle games, as the SCENARIOS section details it, or the Doomed
    Victory errata's Shevardino training scenario (data/scenarios.toml says how it is adapted)."""

    id: str
    title: str
    commentary: str
    first_turn: int
    last_turn: int
    setup: dict[str, Hex]  # unit id -> hex
    reinforcements: tuple[Reinforcement, ...]  # this scenario's part of the chart, by turn
    additional_forces: tuple[Reinforcement, ...]  # only with the "additional_forces" option
    destroyed_redoubts: frozenset[Hex]
    victory: str
    options: frozenset[str]
    front_line: dict[int, int] = field(repr=False)  # column -> first French (western) row
    frozen_until_turn: int | None = None
    frozen_max_column: int | None = None

    @property
    def exits_east(self) -> bool:
        """May French units leave by the east edge? Only where the Victory Conditions count it: 7 Sept
        ("Move 60 Combat Points of units off the east edge of the map between the two roads") and the
        Grand Battle ("The same as September 7 Battle Game"); elsewhere the map edge is its end."""
        return self.victory == "grand"

    def west_of_front(self, h: Hex) -> bool:
        """True when hex XXYY lies on the French (west) side of this scenario's Front Line."""
        col, row = col_row(h)
        if col not in self.front_line:
            raise KeyError(f"column {col:02d} has no Front Line in scenario {self.id}")
        return row >= self.front_line[col]


# --- the clock ---------------------------------------------------------------------------------
def _check_turn(turn: int) -> None:
    if not FIRST_TURN <= turn <= LAST_TURN:
        raise ValueError(f"Game-Turn {turn} is outside {FIRST_TURN}..{LAST_TURN}")


@cache  # asked before every move drawn (Night Movement): a look-up, not two calls
def is_night(turn: int) -> bool:
    """Turns 9, 10, 25 and 26 are the night turns between the days of battle."""
    _check_turn(turn)
    return turn in NIGHT_TURNS


def day(turn: int) -> str:
    """The date of a Game-Turn; a night turn belongs to the evening before it."""
    _check_turn(turn)
    return next(name for first, last, name, _ in _DAYS if first <= turn <= last)


def clock(turn: int) -> str:
    """The hour a Game-Turn shows on the Turn Record Track: "1200", "0600" or "night"."""
    if is_night(turn):
        return "night"
    first, hour = next((f, h) for f, last, _, h in _DAYS if f <= turn <= last)
    return f"{hour + 100 * (turn - first):04d}"


# --- parsing and validation ----------------------------------------------------------------------
def _check(cond: bool, message: str) -> None:
    if not cond:
        raise ScenarioDataError(message)


def _field(table: dict, key: str, kind: type, where: str) -> Any:
    _check(key in table, f"{where}: missing field {key!r}")
    value = table[key]
    _check(isinstance(value, kind) and not (kind is int and isinstance(value, bool)),
           f"{where}: {key} must be {kind.__name__}, got {value!r}")
    return value


_UNIT_KEYS = {"id", "side", "name", "corps", "kind", "strength", "movement", "guard", "old_guard",
              "variant_of"}


def parse_units(doc: dict) -> dict[str, UnitDef]:
    """Build and validate the counters from the parsed units.toml."""
    out: dict[str, UnitDef] = {}
    for i, t in enumerate(doc.get("unit", [])):
        where = f"unit #{i + 1} ({t.get('id', '?')})"
        _check(not set(t) - _UNIT_KEYS, f"{where}: unknown fields {sorted(set(t) - _UNIT_KEYS)}")
        uid = _field(t, "id", str, where)
        _check(uid not in out, f"unit id {uid} given twice")
        side = _field(t, "side", str, where)
        _check(side in SIDES, f"{where}: side must be one of {SIDES}, got {side!r}")
        _check(uid.startswith(SIDE_PREFIX[side]), f"{where}: a {side} id starts with {SIDE_PREFIX[side]!r}")
        kind = _field(t, "kind", str, where)
        _check(kind in KINDS, f"{where}: kind must be one of {KINDS}, got {kind!r}")
        strength, movement = _field(t, "strength", int, where), _field(t, "movement", int, where)
        _check(strength > 0 and movement > 0, f"{where}: strength and movement must be positive")
        guard, old_guard = bool(t.get("guard", False)), bool(t.get("old_guard", False))
        _check(guard or not old_guard, f"{where}: old_guard needs guard = true")
        out[uid] = UnitDef(uid, side, _field(t, "name", str, where), _field(t, "corps", str, where),
                           kind, strength, movement, guard, old_guard, t.get("variant_of"))
    _check(bool(out), "units.toml defines no unit")
    for u in out.values():
        _check(u.variant_of is None or u.variant_of in out,
               f"unit {u.id}: variant_of names unknown unit {u.variant_of!r}")
    _check(sum(u.old_guard for u in out.values()) <= 1, "more than one unit is the Old Guard")
    return out


def _formation(units: dict[str, UnitDef], uid: str) -> str:
    return units[uid].variant_of or uid


def _known_unit(units: dict[str, UnitDef], uid: Any, where: str) -> str:
    _check(isinstance(uid, str) and uid in units, f"{where}: unknown unit id {uid!r}")
    return uid


def _parse_chart(rows: list[dict], units: dict[str, UnitDef], what: str,
                 entries: tuple[str, ...], side: str) -> tuple[Reinforcement, ...]:
    out = []
    for i, r in enumerate(rows):
        where = f"{what} #{i + 1}"
        uid = _known_unit(units, r.get("unit"), where)
        turn = _field(r, "turn", int, where)
        _check(FIRST_TURN <= turn <= LAST_TURN,
               f"{where} ({uid}): turn {turn} is outside {FIRST_TURN}..{LAST_TURN}")
        entry = _field(r, "entry", str, where)
        _check(entry in ENTRIES, f"{where} ({uid}): unknown entry {entry!r}; known: {', '.join(ENTRIES)}")
        _check(units[uid].side == side, f"{where} ({uid}): only {side} units belong in the {what} list")
        _check(entry in entries, f"{where} ({uid}): {side} units enter by {', '.join(entries)}, not {entry}")
        out.append(Reinforcement(turn, uid, entry))
    return tuple(sorted(out, key=lambda r: r.turn))


def _check_entries(chart: tuple[Reinforcement, ...], units: dict[str, UnitDef], what: str) -> None:
    seen: dict[str, Reinforcement] = {}
    per_entry: dict[tuple[int, str], int] = {}
    for r in chart:
        key = _formation(units, r.unit)
        _check(key not in seen, f"{what}: unit {r.unit} is placed twice (turns {seen.get(key, r).turn} and {r.turn})")
        seen[key] = r
        per_entry[r.turn, r.entry] = per_entry.get((r.turn, r.entry), 0) + 1
        _check(per_entry[r.turn, r.entry] <= MAX_PER_ENTRY,
               f"{what}: more than {MAX_PER_ENTRY} units enter by {r.entry} on turn {r.turn}")


def _parse_setup(raw: dict, units: dict[str, UnitDef], where: str) -> dict[str, Hex]:
    _check(isinstance(raw, dict), f"{where}: setup must be a table unit id -> hex")
    setup: dict[str, Hex] = {}
    by_hex: dict[Hex, str] = {}
    by_formation: dict[str, str] = {}
    for uid, h in raw.items():
        _known_unit(units, uid, f"{where} setup")
        _check(isinstance(h, str) and is_hex(h), f"{where}: {uid} stands on malformed hex {h!r}")
        _check(h not in by_hex, f"{where}: two units in one hex {h} ({by_hex.get(h)} and {uid})")
        key = _formation(units, uid)
        _check(key not in by_formation,
               f"{where}: unit {uid} is placed twice (as {by_formation.get(key)} and {uid})")
        by_hex[h], by_formation[key], setup[uid] = uid, uid, h
    return setup


def _parse_front_line(raw: dict, where: str) -> dict[int, int]:
    _check(isinstance(raw, dict) and bool(raw), f"{where}: front_line must be a table column -> row")
    out = {}
    for col, row in raw.items():
        _check(str(col).isdigit() and isinstance(row, int) and not isinstance(row, bool),
               f"{where}: front_line entry {col!r} = {row!r} is not column = row")
        out[int(col)] = row
    return out


def _borrowed(t: dict, key: str, raw_by_id: dict[str, dict], where: str) -> Any:
    """t[key], or the same field of the scenario named by t[key + "_from"]."""
    source = t.get(key + "_from")
    if source is None:
        _check(key in t, f"{where}: missing field {key!r} (or {key}_from)")
        return t[key]
    _check(key not in t, f"{where}: give {key} or {key}_from, not both")
    _check(source in raw_by_id and key in raw_by_id[source],
           f"{where}: {key}_from names {source!r}, which has no {key} of its own")
    return raw_by_id[source][key]


_SCENARIO_KEYS = {"id", "title", "commentary", "first_turn", "last_turn", "victory", "options",
                  "destroyed_redoubts", "frozen_until_turn", "frozen_max_column", "setup",
                  "setup_from", "also_set_up", "front_line", "front_line_from"}


def parse_scenarios(doc: dict, units: dict[str, UnitDef]) -> dict[str, Scenario]:
    """Build and validate the scenarios and the reinforcement chart from parsed scenarios.toml."""
    chart = _parse_chart(doc.get("reinforcement", []), units, "reinforcement", FRENCH_ENTRIES, "french")
    extra = _parse_chart(doc.get("additional_forces", []), units, "additional_forces",
                         RUSSIAN_ENTRIES, "russian")
    _check_entries(chart + extra, units, "reinforcement chart")

    raw_by_id = {t.get("id"): t for t in doc.get("scenario", [])}
    out: dict[str, Scenario] = {}
    for t in doc.get("scenario", []):
        sid = _field(t, "id", str, "scenario")
        where = f"scenario {sid}"
        _check(sid not in out, f"scenario id {sid} given twice")
        _check(not set(t) - _SCENARIO_KEYS, f"{where}: unknown fields {sorted(set(t) - _SCENARIO_KEYS)}")
        first, last = _field(t, "first_turn", int, where), _field(t, "last_turn", int, where)
        _check(FIRST_TURN <= first <= last <= LAST_TURN,
               f"{where}: turns {first}..{last} are not within {FIRST_TURN}..{LAST_TURN}")
        victory = _field(t, "victory", str, where)
        _check(victory in VICTORIES, f"{where}: unknown victory {victory!r}; known: {', '.join(VICTORIES)}")
        options = frozenset(_field(t, "options", list, where))
        for o in options:
            _check(o in OPTIONS, f"{where}: unknown option {o!r}; known: {', '.join(OPTIONS)}")
        also = t.get("also_set_up", {})  # units placed besides a borrowed set-up
        _check(isinstance(also, dict), f"{where}: also_set_up must be a table unit id -> hex")
        setup = _parse_setup({**_borrowed(t, "setup", raw_by_id, where), **also}, units, where)
        _check(len(setup) == len(_borrowed(t, "setup", raw_by_id, where)) + len(also),
               f"{where}: also_set_up places a unit the set-up already places")
        front = _parse_front_line(_borrowed(t, "front_line", raw_by_id, where), where)
        redoubts = _field(t, "destroyed_redoubts", list, where)
        for h in redoubts:
            _check(isinstance(h, str) and is_hex(h), f"{where}: destroyed redoubt {h!r} is not a hex")
        frozen_turn, frozen_col = t.get("frozen_until_turn"), t.get("frozen_max_column")
        _check((frozen_turn is None) == (frozen_col is None),
               f"{where}: give frozen_until_turn and frozen_max_column together")
        _check(frozen_turn is None or first <= frozen_turn <= last,
               f"{where}: frozen_until_turn {frozen_turn} is outside {first}..{last}")

        in_range = tuple(r for r in chart if first <= r.turn <= last)
        forces = tuple(r for r in extra if first <= r.turn <= last) if "additional_forces" in options else ()
        for r in in_range + forces:
            _check(_formation(units, r.unit) not in {_formation(units, u) for u in setup},
                   f"{where}: reinforcement {r.unit} (turn {r.turn}) is already set up in {setup.get(r.unit, 'play')}")
        s = Scenario(sid, _field(t, "title", str, where), _field(t, "commentary", str, where),
                     first, last, setup, in_range, forces, frozenset(redoubts), victory, options,
                     front, frozen_turn, frozen_col)
        for uid, h in setup.items():
            _check(col_row(h)[0] in front, f"{where}: no Front Line for column {h[:2]} ({uid} in {h})")
            west = s.west_of_front(h)
            _check(west == (units[uid].side == "french"),
                   f"{where}: {units[uid].side} unit {uid} in {h} is on the wrong side of the Front Line")
        out[sid] = s
    _check(bool(out), "scenarios.toml defines no scenario")
    return out


def _read(name: str) -> dict:
    try:
        with open(DATA / name, "rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as e:  # e.g. a unit set up twice: a duplicate TOML key
        raise ScenarioDataError(f"{name}: {e}") from None


@cache
def units() -> dict[str, UnitDef]:
    """Every counter of the game, by id (loaded once)."""
    return parse_units(_read("units.toml"))


@cache
def scenarios() -> dict[str, Scenario]:
    """The five scenarios by id, in the order 5sep, 6sep, 7sep, grand, shevardino (loaded once)."""
    return parse_scenarios(_read("scenarios.toml"), units())
