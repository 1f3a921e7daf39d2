"""setup.py: the opening position of a scenario (data/scenarios.toml) and its first Player-Turn begun, the Russian
one (SEQUENCE OF PLAY)."""
from tests.rules.campaign_1812.c1812_helpers import c1812


def test_the_borodino_scenario_opens_with_the_french_holding_the_places_they_took_and_the_land_eaten():
    state = c1812.setup("borodino", 1)
    assert sorted(int(p) for p, who in state["control"].items() if who == "french") == [
        6, 9, 10, 11, 12, 13, 14, 15, 18, 20, 161]
    assert all(who == "russian" for p, who in state["control"].items() if int(p) in (1, 17, 27))
    assert {k: v for k, v in state.items() if k not in ("stacks", "control", "dice", "side_dice")} == {
        "system": "campaign_1812", "scenario": "borodino", "tables": None, "turn": 6, "player": "russian",
        "phase": "movement", "moved": {}, "marched": {}, "fought": [],
        "depleted": {"12": 100, "10": 100, "15": 100, "11": 50, "13": 50, "14": 50, "9": 50, "18": 50, "16": 50},
        "attrition": 0, "battle": None, "retreat": None, "removal": 0, "log": [], "outcome": None}
