"""What 1812's `help` explains: the Battle Plan Chart's chits and the results a battle line shows."""
from __future__ import annotations

import rules
from rules.campaign_1812 import campaign_data
from rules.campaign_1812.help import CODE_MEANINGS

HELP = rules.load("campaign_1812").help


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
