"""`odds` in 1812: the Combat Results Table of a battle once the rules have shown both
stacks and both chits; before, a refusal that says why (the chits and the enemy stack are secret)."""
import pytest

from rules.core.errors import CommandError, RuleViolation
from tests.rules.campaign_1812.c1812_helpers import c1812, do, rig
from tests.rules.campaign_1812.test_combat import battle


def _at_the_defender_s_choice() -> dict:
    """Assault against Withdraw: the chart's 'D choice' -- fight goes to the Combat Results Table."""
    state = battle({"inf": 3}, {"inf": 2})
    state, _ = do(state, "french", "plan assault")
    state, _ = do(state, "russian", "plan withdraw")
    return state


def test_before_the_plans_are_revealed_odds_say_why_there_are_none():
    state = battle({"inf": 3}, {"inf": 2})
    for side in ("french", "russian", None):
        with pytest.raises(RuleViolation) as refusal:
            c1812.odds(state, side, "15")
        assert "two secret Battle Plans" in str(refusal.value) and "STACKING" in str(refusal.value)
    assert c1812.odds(_at_the_defender_s_choice(), "russian", "15")["kind"] == "results"  # the control


@pytest.mark.parametrize("die", range(1, 7))
def test_the_odds_are_the_results_the_battle_rolls(die):
    """Each die's line of the forecast is what fighting on brings with that die."""
    state = _at_the_defender_s_choice()
    table = c1812.odds(state, "russian", "15")
    assert sum(r["probability"] for r in table["results"]) == pytest.approx(1)
    expected = next(r["result"] for r in table["results"] if die in r["faces"])
    rig(state["dice"], die)
    _, events = do(state, "russian", "fight")
    assert any(f"die {die} " in e["text"] and e["text"].endswith(f": {expected}.") for e in events)


def test_odds_name_a_battle_place():
    state = _at_the_defender_s_choice()
    with pytest.raises(CommandError):
        c1812.odds(state, "french", "smolensk")
    with pytest.raises(RuleViolation, match="No battle is being fought in Vitebsk"):
        c1812.odds(state, "french", "10")
