"""What 1812's `help` explains: the Battle Plan Chart's chits and the results a battle line shows, in the rules of
the game asked about (its options and tables), and which options it plays."""
from __future__ import annotations

import tomllib

import rules
from rules.campaign_1812 import campaign_data
from rules.campaign_1812.help import CODE_MEANINGS
from rules.campaign_1812.readings import READINGS

c1812 = rules.load("campaign_1812")
HELP = c1812.help


def test_every_code_the_chart_may_show_is_explained():
    assert set(CODE_MEANINGS) == campaign_data.CHART_CODES


def test_help_chits_gives_every_pair_of_chits_with_its_results_and_what_each_result_means():
    text = HELP("chits")
    tables = campaign_data.tables()
    for (attacker, defender), codes in tables.chart.items():
        assert f"  {defender} against {attacker}: {', '.join(codes)}" in text
    assert "  Dcx2: the defender's corps count double in the Combat Resolution Step" in text


def test_help_results_reads_a_line_such_as_d2_dr():
    text = HELP("results")
    assert '"D2 Dr": two defending corps lost, then a retreat' in text
    assert "Ac1: one pursuing cavalry corps lost" in text


def test_the_plan_entry_and_the_command_list_point_to_the_chits():
    assert "`help chits`" in HELP("plan")
    assert any(line.startswith("help chits ") for line in HELP().splitlines())


def _pairs(text: str) -> dict[str, str]:
    """`help chits`' rows: 'entrench against outflank' -> 'Acx2, CRS'."""
    return dict(line.strip().split(": ", 1) for line in text.splitlines() if " against " in line)


def test_help_tells_the_chart_of_the_game_asked_about():
    """The Battle Plan Chart: a game set up without the option chart_fragments (stored before that reading,
    or its creator turned it off) plays the chart's first reading, and its `help chits` shows that one; a
    new game's, the legible fragments in their cells (readings.py)."""
    tables = campaign_data.tables()
    old, new = (_pairs(HELP("chits", c1812.setup("campaign", 1, options))) for options in ([], READINGS))
    assert old == {f"{d} against {a}": ", ".join(codes) for (a, d), codes in tables.first_chart.items()}
    assert new == {f"{d} against {a}": ", ".join(codes) for (a, d), codes in tables.chart.items()}
    assert old["entrench against assault"] == "Dcx2, CRS" and new["entrench against outflank"] == "Acx2, CRS"
    assert "first reading" in HELP("chits", c1812.setup("campaign", 1)) and _pairs(HELP("chits")) == new


def test_help_tells_the_supply_and_die_shift_of_the_game_asked_about():
    """SUPPLY: a depot projecting into areas (depot_supply) or places, Russian magazines in the first reading;
    the Combat Results Table's shift: French leadership, or the leaders present (the optional leader rule)."""
    basic, readings = c1812.setup("campaign", 1), c1812.setup("campaign", 1, [*READINGS, "leaders"])
    assert "in an area next to it; nothing else" in HELP("depot", readings)
    assert "in a place next to it; Russian corps also in any victory place" in HELP("depot", basic)
    assert "+1 when the French attack, -1 when they defend" in HELP("results", basic)
    assert "the attacking leader's rating" in HELP("results", readings) and "French attack" not in HELP(
        "results", readings)
    assert "[leader]" in HELP("move", readings) and "leader" not in HELP("move", basic)


def test_help_results_reads_the_games_own_tables():
    own = tomllib.loads((campaign_data.DATA / "tables.toml").read_text())
    own["combat_results"]["french_leadership"] = 2
    assert "+2 when the French attack, -2 when they defend" in HELP("results", c1812.setup("campaign", 1, {
        "tables": own}))


def test_help_options_says_which_options_the_game_plays_and_what_each_does():
    text = HELP("options", c1812.setup("campaign", 1, ["chart_fragments", "leaders"]))
    assert "  chart_fragments (on): the Battle Plan Chart holds every legible fragment" in text
    assert "  depot_supply (off): the first reading: a depot feeds its own place" in text
    assert "  fort_reinforcements (off): the first reading: no Russian reinforcement on turns 1, 2, 4" in text
    assert "  leaders (on): one leader a side" in text
    assert [line.split(" (")[0].strip() for line in text.splitlines()[1:]] == list(c1812.INFO.options)
    assert "depot_supply (on)" in HELP("options") and "leaders (off)" in HELP("options")  # a new game's
