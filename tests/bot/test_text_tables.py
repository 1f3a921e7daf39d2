"""The tables a player reads, whole, in each system (golden texts, tests/bot/golden_tables/). The units
table: a Discord code block on a phone shows about 40 characters a line, and the terminal prints the same
lines; each unit is a line (its kind on it: 'F-NAP  4 supreme commander', never the kind on a line of its
own), or a card where its place's name leaves no room (1812's stacks). The list of commands (`help`):
two columns in an 80-column terminal, what a command does running on under itself; a sentence a
command in a chat, whose proportional font lines up no columns. Writing goldens is an explicit act, as
for the pictures:

    KOLOCHA_REGOLD=1 python -m pytest tests/bot/test_text_tables.py     # then read every file it wrote
"""
from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

import rules
from bot import cli, text

GOLDEN = Path(__file__).parent / "golden_tables"
TABLES = {  # name: system, scenario, options, the side that asks (None: a spectator, the public view)
    "borodino-7sep-guard-russian": ("borodino", "7sep", ["imperial_guard"], "russian"),
    "borodino-shevardino-leaders-russian": ("borodino", "shevardino", ["dv_rally", "dv_leaders"], "russian"),
    "bloody_monday-french": ("bloody_monday", "bloody_monday", None, "french"),
    "bloody_monday-public": ("bloody_monday", "bloody_monday", None, None),
    "campaign_1812-leaders-russian": ("campaign_1812", "campaign", ["leaders"], "russian"),
    "campaign_1812-borodino-french": ("campaign_1812", "borodino", None, "french"),
}


HELP = {"borodino": ("7sep", ["dv_leaders"]), "bloody_monday": ("bloody_monday", None),
        "campaign_1812": ("campaign", ["leaders"])}


def _golden(name: str, said: str) -> None:
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("KOLOCHA_REGOLD") == "1":
        path.write_text(said + "\n", encoding="utf-8")
    assert path.exists(), f"{name}: no golden text at {path}; write it with KOLOCHA_REGOLD=1 and read it"
    assert said + "\n" == path.read_text(encoding="utf-8")


def _table(system: str, scenario: str, options: list[str] | None, side: str | None) -> tuple[dict, str]:
    module = rules.load(system)
    view = module.view(module.setup(scenario, 1, options), side)
    return view, text.units_table(view["units"], words=view.get("unit_words"), names=text.place_names(view))


@pytest.mark.parametrize("name", TABLES)
def test_the_units_table_reads_as_its_golden(name):
    _golden(name, _table(*TABLES[name])[1])


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


@pytest.mark.parametrize("system", HELP)
def test_the_list_of_commands_reads_as_its_golden_in_the_terminal_and_in_a_chat(system, tmp_path):
    """`help` in `kolocha local` (its lines were up to 306 characters, wrapped by the terminal at its
    80th column into the column of the commands) and `/help` on Discord (padded to its 27th column in a
    font that lines up nothing: 'end                        end your phase'). 1812's words are its
    help's own to change (a reconstruction's notes): its list is held to its shape alone."""
    scenario, options = HELP[system]
    script = tmp_path / "help.txt"
    script.write_text("help\norders\n")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        argv = ["local", "--db", str(tmp_path / "k.sqlite"), "--system", system, "--scenario", scenario,
                "--seed", "1", "--script", str(script)]
        assert cli.main(argv + [part for option in options or [] for part in ("--option", option)]) == 0
    shown = printed.getvalue().split("\n", 1)[1].rstrip("\n")  # after the line naming the game and its file
    assert max(map(len, shown.splitlines())) <= text.TERMINAL
    runs_on = [line for line in shown.splitlines() if line.startswith(" " * text.HELP_COLUMN)]
    assert runs_on and all(line[text.HELP_COLUMN] != " " for line in runs_on)
    module = rules.load(system)
    chat = text.in_chat(text.with_table_commands(module.help(None, module.setup(scenario, 1, options))))
    assert not any(re.search(r"\S {2,}\S", line) for line in chat.splitlines())
    if system != "campaign_1812":
        _golden(f"help-{system}-terminal", shown)
        _golden(f"help-{system}-chat", chat)
