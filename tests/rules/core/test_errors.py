"""rules/core/errors.py: a refusal's sentence ends by citing its case as a player reads it."""
from __future__ import annotations

from rules.core.errors import RuleViolation


def test_the_sentence_starts_with_a_capital_and_cites_the_case_without_brackets():
    err = RuleViolation("Zones of Control (D)", "units that start in an enemy zone may not move.")
    assert str(err) == "Units that start in an enemy zone may not move (Zones of Control D)."
    assert err.rule == "Zones of Control (D)" and err.message == "units that start in an enemy zone may not move."


def test_a_numbered_case_and_a_case_list_are_cited_as_written():
    assert str(RuleViolation("5.1", "activate a leader first")) == "Activate a leader first (5.1)."
    assert str(RuleViolation("Combat (B, C, D)", "x")) == "X (Combat B, C, D)."
    assert str(RuleViolation("(A)", "y")) == "Y (A)."
