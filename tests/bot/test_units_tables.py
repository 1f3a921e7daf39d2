"""The units table as a player reads it, whole, in each system (golden texts, tests/bot/golden_tables/):
a Discord code block on a phone shows about 40 characters a line, and the terminal prints the same
lines. Each unit is a line (its kind on it: 'F-NAP  4 supreme commander', never the kind on a line of
its own), or a card where its place's name leaves no room (1812's stacks). Writing goldens is an
explicit act, as for the pictures:

    KOLOCHA_REGOLD=1 python -m pytest tests/bot/test_units_tables.py     # then read every file it wrote
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import rules
from bot import text

GOLDEN = Path(__file__).parent / "golden_tables"
TABLES = {  # name: system, scenario, options, the side that asks (None: a spectator, the public view)
    "borodino-7sep-guard-russian": ("borodino", "7sep", ["imperial_guard"], "russian"),
    "borodino-shevardino-leaders-russian": ("borodino", "shevardino", ["dv_rally", "dv_leaders"], "russian"),
    "bloody_monday-french": ("bloody_monday", "bloody_monday", None, "french"),
    "bloody_monday-public": ("bloody_monday", "bloody_monday", None, None),
    "campaign_1812-leaders-russian": ("campaign_1812", "campaign", ["leaders"], "russian"),
    "campaign_1812-borodino-french": ("campaign_1812", "borodino", None, "french"),
}


def _table(system: str, scenario: str, options: list[str] | None, side: str | None) -> tuple[dict, str]:
    module = rules.load(system)
    view = module.view(module.setup(scenario, 1, options), side)
    return view, text.units_table(view["units"], words=view.get("unit_words"), names=text.place_names(view))


@pytest.mark.parametrize("name", TABLES)
def test_the_units_table_reads_as_its_golden(name):
    _, table = _table(*TABLES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("KOLOCHA_REGOLD") == "1":
        path.write_text(table + "\n", encoding="utf-8")
    assert path.exists(), f"{name}: no golden text at {path}; write it with KOLOCHA_REGOLD=1 and read it"
    assert table + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", TABLES)
def test_every_unit_s_kind_is_on_its_own_row_within_a_phone_s_width(name):
    """No line is wider than a phone shows; every unit the viewer may identify has its id and its kind on
    one line (Borodino, Bloody Monday), or its holdings on the line under its card's (1812)."""
    view, table = _table(*TABLES[name])
    lines = table.splitlines()
    assert max(map(len, lines)) <= text.PHONE
    for unit in (u for u in view["units"] if "id" in u):
        at = next(n for n, line in enumerate(lines) if f"  {unit['id']}  " in line)
        kind = str(unit["type"]).replace("_", " ")
        below = [*lines, ""][at + 1]
        card = below.startswith("    ") and kind.startswith(below.strip().rstrip(",;"))
        assert card if TABLES[name][0] == "campaign_1812" else f" {kind}" in lines[at], (unit["id"], lines[at:at + 2])


def test_a_bloody_monday_supreme_commander_reads_on_his_block_s_line():
    """Napoleon's block, F-NAP in 21, read '21  F-NAP  4' with 'supreme commander' alone on the line under
    it (a kind wider than the room the 'strength' column left), in the terminal too."""
    _, table = _table("bloody_monday", "bloody_monday", None, "french")
    assert "  21    F-NAP       4 supreme commander" in table.splitlines()
