"""rules/campaign_1812/ai/battle.py: what the level-1 commander counts a battle worth, worked by hand on the
game's tables (the Combat Results Table of data/tables.toml, rows 1 to 8, French leadership one row; the
Pursuit Table; the Battle Plan Chart), in infantry corps for the attacker, a forced retreat half a corps."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.ai.battle import Stacks, cell, chit_values, crs, expected, pursuit


def _exact(value: float) -> Fraction:
    return Fraction(value).limit_denominator(1000)


@pytest.mark.parametrize("stacks,french,doubled,worth", [
    # 1-1, the French one row up (rows 2-7): A1 D1, A1 D1, D1, D1 Dr, D1 Dr, D2 Dr: (0+0+1+1.5+1.5+2.5) / 6
    ((2, 0, 2, 0), True, "", Fraction(13, 12)),
    # 1-1, the Russians one row down (rows 0-5): A1 Ar, A1, A1 D1, A1 D1, D1, D1 Dr: (-1.5-1+0+0+1+1.5) / 6
    ((2, 0, 2, 0), False, "", 0),
    ((1, 0, 1, 0), False, "", 0),
    # 1-2, one corps against two (rows 2-7): A1 Ar, A1, A1 D1, A1 D1, D1, D1 Dr: a corps lost counts once
    ((1, 0, 2, 0), True, "", 0),
    ((1, 0, 2, 0), True, "A", Fraction(13, 12)),  # Acx2: the attacker counts double, at 1-1; its losses stay one
    ((2, 0, 1, 0), True, "D", Fraction(11, 12)),  # Dcx2: 2 against 2; the defender loses at most its one corps
    ((0, 0, 2, 0), True, "", 0),  # no attacking infantry: no battle to count
    ((2, 0, 0.4, 0), True, "", Fraction(9, 10)),  # less than half a corps believed: counted as one, at 2-1
    ((6, 0, 1, 0), True, "", Fraction(3, 2)),  # 3-1: D2 Dr and more on every row, one corps to lose
    ((3, 2, 1, 0), True, "", Fraction(3, 2)),  # the defender gone: no pursuit
    ((2, 0, 0, 0), True, "", 0),  # no defending infantry left: nothing to fight
    # 1-1 with two cavalry corps to pursue the infantry each result leaves
    ((2, 2, 2, 0), True, "", Fraction(49, 36)),
])
def test_the_combat_resolution_step_is_counted_over_the_die(stacks, french, doubled, worth):
    assert _exact(crs(Stacks(*stacks), french, data.tables(), frozenset(doubled))) == worth


@pytest.mark.parametrize("stacks,worth", [
    ((2, 2, 1, 0), Fraction(1, 3)),  # surplus 2: D1 D1 D1 - - Ac1
    ((2, 1, 1, 0), Fraction(1, 6)),  # surplus 1: D1 D1 - - - Ac1
    ((2, 5, 2, 0), Fraction(1, 1)),  # surplus 5, read on the row of 3: D2 D2 D1 D1 - -
    ((2, 3, 2, 0), Fraction(1, 1)),
    ((2, 3, 1, 1), Fraction(1, 3)),  # surplus 2 over the defender's own cavalry
    ((2, 4, 1, 1), Fraction(1, 1)),  # surplus 3: a D2 takes the two corps there are
    ((2, 3, 0, 0), 0),  # nobody left to pursue
    ((2, 1, 1, 1), 0),  # no surplus
])
def test_the_pursuit_step_counts_the_attacker_s_surplus_cavalry(stacks, worth):
    assert _exact(pursuit(Stacks(*stacks), data.tables())) == worth


@pytest.mark.parametrize("codes,stacks,french,worth", [
    (("A-1c", "CRS"), (3, 0, 2, 0), True, Fraction(1, 12)),  # a corps lost, then 2 against 2: 13/12 - 1
    (("D-1c", "CRS"), (3, 0, 2, 0), True, Fraction(5, 2)),  # a corps taken, then 3-1 on one corps: 1 + 3/2
    (("A-1c", "CRS"), (0.5, 0, 2, 0), True, Fraction(-1, 2)),  # half a corps believed: half lost, none left
    (("A-1c", "CRS"), (1, 0, 1, 0), True, -1),  # the one corps lost: no battle left to fight
    (("D-1c", "CRS"), (3, 0, 1, 0), True, 1),
    (("D-1c", "CRS"), (3, 0, 0.5, 0), True, Fraction(1, 2)),
    (("switch", "A-1c", "CRS"), (3, 0, 2, 0), True, Fraction(13, 6)),  # the defender attacks 2 against 3, loses one
    (("switch", "D-1c", "CRS"), (2, 0, 3, 0), False, Fraction(-5, 2)),
    (("switch", "Acx2", "CRS"), (2, 0, 1, 0), True, 0),  # the Russian one doubled against two: 1-1, a wash
    (("Acx2", "CRS"), (1, 0, 2, 0), True, Fraction(13, 12)),
    (("Dcx2", "CRS"), (2, 0, 1, 0), True, Fraction(11, 12)),
    (("Dr(D)", "PS"), (3, 2, 2, 0), True, Fraction(5, 6)),  # a retreat forced, then D1 D1 D1 - - Ac1
    (("Dr(D)", "stop"), (1, 0, 1, 0), True, Fraction(1, 2)),
    (("Dchoice",), (6, 0, 1, 0), True, Fraction(1, 2)),  # the defender retreats rather than lose 3/2
    (("Dchoice",), (2, 0, 2, 0), False, 0),  # and fights what costs it nothing
    (("Dchoice",), (2, 0, 2, 0), True, Fraction(1, 2)),  # against the French, 13/12: it retreats
    (("none",), (1, 0, 1, 0), True, 0),
])
def test_a_battle_plan_chart_cell_is_carried_out_code_by_code(codes, stacks, french, worth):
    assert _exact(cell(codes, Stacks(*stacks), french, data.tables())) == worth


def test_each_chit_is_worth_its_mean_over_the_enemy_s_chits_with_a_quarter_of_the_worst():
    """Three French corps attacking two, on the chart every new game plays: Outflank is worth most to the
    attacker (Dchoice, Acx2 CRS, switch A-1c CRS, D-1c CRS), and to the defender Counter-attack costs least."""
    t = data.tables()
    st = Stacks(3, 0, 2, 0)
    attacker = chit_values(st, True, True, list(t.attacker_plans), t, t.chart)
    assert {c: _exact(v) for c, v in attacker.items()} == {
        "outflank": Fraction(49, 24), "assault": Fraction(13, 12), "reconnaissance": Fraction(2, 3),
        "contact": Fraction(-3, 8)}
    defender = chit_values(st, True, False, list(t.defender_plans), t, t.chart)
    assert {c: _exact(v) for c, v in defender.items()} == {
        "withdraw": Fraction(-9, 8), "entrench": Fraction(-7, 4), "counterattack": Fraction(-23, 24),
        "cordon": Fraction(-89, 48)}
    assert chit_values(st, True, True, ["stay"], t, t.chart) == {}
    assert _exact(expected(st, True, t, t.chart)) == Fraction(49, 24)
    assert _exact(expected(st, False, t, t.first_chart)) == Fraction(41, 48)
    assert expected(st, True, t, {}) == 0.0
