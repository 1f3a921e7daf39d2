"""setup.py: the opening position of a scenario (data/scenarios.toml) and its first Player-Turn begun, the Russian
one (SEQUENCE OF PLAY)."""
from rules.core.dice import FAIR_SEEDS
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


def test_each_side_rolls_its_own_dice_from_the_game_s_seed():
    """Forced march and unsupplied rolls are made unseen, one die per corps of a hidden stack (SPI's 1812 rules,
    MOVEMENT and SUPPLY), so each side has its own dice: a seed the bot draws gives each side a SHA-256 stream of
    its own; a seed typed by hand keeps the dice games were played with (seed * 4 + 1 French, + 2 Russian), so a
    stored game replays bit for bit. The first attrition roll is the game's own die, not a side's."""
    state = c1812.setup("campaign", 5)
    assert state["dice"] == {"seed": 5, "rolls": 1}
    assert state["side_dice"] == {"french": {"seed": 21, "rolls": 0}, "russian": {"seed": 22, "rolls": 0}}
    fair = FAIR_SEEDS[12345]
    assert c1812.setup("campaign", fair)["side_dice"] == {
        "french": {"seed": fair, "rolls": 0, "stream": "french"},
        "russian": {"seed": fair, "rolls": 0, "stream": "russian"}}
