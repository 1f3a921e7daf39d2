"""The Combat Resolution Table and Terrain Effects Chart, from data/tables.toml."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

RESULTS = {"Ae", "Ar", "Ex", "Dr", "De"}


@dataclass(frozen=True)
class Tables:
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    enter: int
    ford: int
    bridge: int
    stream: int
    defence_multiplier: dict[str, int]
    across_halved: frozenset[str]

    def result(self, column: str, die: int) -> str:
        """The CRT result for an odds column and a die roll 1..6."""
        return self.rows[die - 1][self.columns.index(column)]

    def faces(self, column: str) -> dict[str, int]:
        """How many of the six die faces give each result in an odds column."""
        i = self.columns.index(column)
        out: dict[str, int] = {}
        for row in self.rows:
            out[row[i]] = out.get(row[i], 0) + 1
        return out


def odds_column(attack: Fraction, defence: Fraction) -> str:
    """The CRT column of an attack, rounded in the defender's favour (Combat, General Rule).

    8 against 3 is 2-1; 3 against 8 is 1-3; beyond 6-1 counts as 6-1, below 1-5 as 1-5.
    """
    left, right = (int(n) for n in odds_ratio(attack, defence).split("-"))
    return f"{min(6, left)}-1" if right == 1 else f"1-{min(5, right)}"


def odds_ratio(attack: Fraction, defence: Fraction) -> str:
    """The odds of an attack rounded in the defender's favour, also beyond the CRT's last columns,
    which its notes fight them at (`odds_column`); nothing against nothing is 6-1, nothing against a
    defender 1-5.

    >>> odds_ratio(Fraction(2), Fraction(15)), odds_ratio(Fraction(20), Fraction(2))
    ('1-8', '10-1')
    """
    a, d = attack.numerator * defence.denominator, defence.numerator * attack.denominator  # in whole numbers
    if d <= 0 or a <= 0:
        return "6-1" if d <= 0 else "1-5"
    return f"{a // d}-1" if a >= d else f"1-{-(-d // a)}"  # ceiling: rounding towards the defender


def parse(doc: dict) -> Tables:
    crt, tec = doc["crt"], doc["tec"]
    columns = tuple(crt["columns"])
    rows = tuple(tuple(r) for r in crt["rows"])
    if len(rows) != 6 or any(len(r) != len(columns) for r in rows):
        raise ValueError("the CRT needs six rows, one result per odds column")
    bad = {x for r in rows for x in r} - RESULTS
    if bad:
        raise ValueError(f"unknown CRT results: {sorted(bad)}")
    if tec["enter"] < 1 or min(tec["ford"], tec["bridge"], tec["stream"]) < 0:
        raise ValueError("the Terrain Effects Chart: entering a hex costs 1 MP or more, and a ford, bridge "
                         "or stream hexside adds 0 MP or more (a crossing never makes a step cheaper)")
    return Tables(columns, rows, tec["enter"], tec["ford"], tec["bridge"], tec["stream"],
                  dict(tec["defence_multiplier"]), frozenset(tec["across_halved"]))


@cache
def load() -> Tables:
    with open(Path(__file__).parent / "data" / "tables.toml", "rb") as f:
        return parse(tomllib.load(f))
