"""The Doomed Victory options' data (data/doomed_victory.toml), loaded once and validated on load:
which SPI retreats count as two-hex ones (6.10), the rally numbers (6.10) and the leaders (8.1-8.15).

Every value the errata does not print carries its `provenance`; `parse` takes the parsed document
and the corps of units.toml, so tests can feed it broken data.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.borodino import scenario_data, tables

ROLES = ("army", "corps")
ACTIVATIONS = ("always", "in_range")


class DoomedDataError(ValueError):
    """doomed_victory.toml contradicts itself or the order of battle."""


@dataclass(frozen=True)
class LeaderDef:
    """One leader counter (8.1): his printed or reconstructed values."""

    id: str
    side: str
    name: str
    role: str
    commands: tuple[str, ...]
    activation: str
    rating: int
    movement: int
    range: int
    starts_with: str


@dataclass(frozen=True)
class DoomedData:
    two_hex: dict[str, frozenset[str]]  # "Dr"/"Ar" -> odds columns where it is a two-hex retreat
    rally: dict[str, int]  # "russian", "french_allied", "french" -> rallies on this or less (6.10)
    allied_corps: frozenset[str]
    leaders: dict[str, LeaderDef]

    def rally_number(self, side: str, corps: str) -> int:
        """6.10: Russians rally on 1-2, French allies on 1-3, the French on 1-4."""
        if side == "russian":
            return self.rally["russian"]
        return self.rally["french_allied" if corps in self.allied_corps else "french"]


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise DoomedDataError(message)


def _int(t: dict, key: str, where: str, low: int, high: int) -> int:
    value = t.get(key)
    _check(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high,
           f"{where}: {key} must be a whole number {low}..{high}, got {value!r}")
    assert isinstance(value, int)
    return value


def _leader(t: dict, corps: set[str], where: str) -> LeaderDef:
    _check(isinstance(t.get("provenance"), str), f"{where}: every leader says its provenance")
    lid, side = t.get("id"), t.get("side")
    _check(isinstance(lid, str) and lid.startswith("L-"), f"{where}: id must start with 'L-', got {lid!r}")
    _check(side in scenario_data.SIDES, f"{where}: side must be one of {scenario_data.SIDES}")
    _check(t.get("role") in ROLES, f"{where}: role must be one of {ROLES}")
    _check(t.get("activation") in ACTIVATIONS, f"{where}: activation must be one of {ACTIVATIONS}")
    commands = tuple(t.get("commands", ()))
    for c in commands + (t.get("starts_with"),):
        _check(c in corps, f"{where}: {c!r} is not a corps of units.toml")
    army = t["role"] == "army"
    _check(army == ("range" in t), f"{where}: army leaders, and only they, have a range")
    _check(army or bool(commands), f"{where}: a corps leader commands at least one corps")
    return LeaderDef(str(lid), str(side), str(t.get("name")), t["role"], commands, t["activation"],
                     _int(t, "rating", where, 1, 6), _int(t, "movement", where, 1, 20),
                     _int(t, "range", where, 1, 40) if army else 0, t["starts_with"])


def parse(doc: dict, corps: set[str]) -> DoomedData:
    """Build and validate the data from the parsed doomed_victory.toml."""
    two = doc.get("two_hex_retreats", {})
    _check(isinstance(two.get("provenance"), str), "two_hex_retreats: say its provenance")
    columns = set(tables.load().columns)
    two_hex = {}
    for result in ("Dr", "Ar"):
        cols = two.get(result, [])
        _check(all(c in columns for c in cols), f"two_hex_retreats.{result}: unknown odds column in {cols}")
        two_hex[result] = frozenset(cols)
    rally = doc.get("rally", {})
    _check(isinstance(rally.get("provenance"), str), "rally: say its provenance")
    numbers = {k: _int(rally, k, "rally", 1, 6) for k in ("russian", "french_allied", "french")}
    allied = frozenset(rally.get("allied_corps", []))
    _check(allied <= corps, f"rally.allied_corps: unknown corps {sorted(allied - corps)}")
    leaders: dict[str, LeaderDef] = {}
    for i, t in enumerate(doc.get("leader", [])):
        d = _leader(t, corps, f"leader #{i + 1} ({t.get('id', '?')})")
        _check(d.id not in leaders, f"leader id {d.id} given twice")
        leaders[d.id] = d
    commanded = [c for d in leaders.values() for c in d.commands]
    _check(len(commanded) == len(set(commanded)), "a corps is under two leaders' Command Responsibility")
    _check(set(commanded) == corps, f"corps without a leader: {sorted(corps - set(commanded))}")
    return DoomedData(two_hex, numbers, allied, leaders)


@cache
def load() -> DoomedData:
    with open(Path(__file__).parent / "data" / "doomed_victory.toml", "rb") as f:
        doc = tomllib.load(f)
    return parse(doc, {u.corps for u in scenario_data.units().values()})
