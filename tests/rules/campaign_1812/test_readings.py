"""The later readings of SPI's 1812 overview (rules/campaign_1812/readings.py), each against the text it
follows and against the first reading that games set up without it keep."""
import tomllib

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812 import supply, turns
from rules.campaign_1812.game import Game
from rules.campaign_1812.readings import READINGS
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, rig, stack, texts


def supply_segment(french: dict, russian: dict | None = None, *, turn: int = 2, depleted: dict,
                   options: tuple[str, ...] = ("depot_supply",)) -> Game:
    return Game(position(french, russian or {1: {"inf": 1}}, phase="supply", turn=turn, depleted=depleted,
                         options=list(options)))


def test_the_readings_are_options_and_a_game_without_them_stores_none():
    """A game set up without options keeps the state games had before there were options."""
    assert set(READINGS) <= set(c1812.INFO.options) and c1812.INFO.new_game_options == READINGS
    assert "options" not in c1812.setup("campaign", 1)
    assert c1812.setup("campaign", 1, {"depot_supply": True})["options"] == ["depot_supply"]


# SUPPLY: "Units existing in a 100% depleted area are unsupplied unless a friendly depot in an adjacent area
# can 'project' supplies to those units."

def test_a_depot_projects_into_every_place_of_an_adjacent_area():
    """Vilna (12) is 100% depleted; a depot in Vitebsk (10), an adjacent area, supplies it; one in Smolensk
    (15), not adjacent, does not."""
    assert supply.supplied(supply_segment({12: {"inf": 2}, 10: {"depot": 1}}, depleted={"12": 100}), "french", 12)
    assert not supply.supplied(supply_segment({12: {"inf": 2}, 15: {"depot": 1}}, depleted={"12": 100}),
                               "french", 12)


def test_adjacency_is_of_areas_not_of_places():
    """Moscow (17) is next to Borodino (162), not to Vyazma (161); both are sub-areas of area 16, so a depot in
    Moscow projects into Vyazma, an area away as the text counts. The first reading counted places: no."""
    corps = {161: {"inf": 2}, 17: {"depot": 1}}
    assert supply.supplied(supply_segment(corps, depleted={"16": 100}), "french", 161)
    assert not supply.supplied(supply_segment(corps, depleted={"16": 100}, options=()), "french", 161)


def test_a_depot_feeds_its_own_area_even_in_winter_but_projects_nowhere():
    """Depots 'are used to supply combat units in areas whose supply capacity has been depleted'; WINTER:
    'preventing depots from projecting supplies'. A depot in Borodino feeds Vyazma, its own area, in
    November; one next door in Smolensk does not."""
    assert supply.supplied(supply_segment({161: {"inf": 2}, 162: {"depot": 1}}, turn=10, depleted={"16": 100}),
                           "french", 161)
    g = supply_segment({161: {"inf": 2}, 15: {"depot": 1}}, turn=10, depleted={"16": 100})
    assert g.winter() and not supply.supplied(g, "french", 161)


def test_russian_corps_in_their_own_fort_starve_without_a_depot():
    """The overview names no other source of supply: Russian corps in a Russian-held fort of a 100% depleted
    area are unsupplied unless a Russian depot feeds or projects. The first reading supplied them from the
    place's magazines."""
    g = supply_segment({30: {"inf": 1}}, {15: {"inf": 3}}, depleted={"15": 100})
    assert g.s["control"]["15"] == "russian" and not supply.supplied(g, "russian", 15)
    assert supply.supplied(supply_segment({30: {"inf": 1}}, {15: {"inf": 3}, 10: {"depot": 1}},
                                          depleted={"15": 100}), "russian", 15)
    assert supply.supplied(supply_segment({30: {"inf": 1}}, {15: {"inf": 3}}, depleted={"15": 100}, options=()),
                           "russian", 15)


def test_unsupplied_russians_roll_on_the_unsupplied_chart():
    state = position({30: {"inf": 1}}, {15: {"inf": 1}}, phase="supply", turn=10, depleted={"15": 100},
                     options=["depot_supply"])
    rig(state["side_dice"]["russian"], 6)
    state, events = do(state, "french", "end")
    assert not stack(state, "russian", 15)["inf"]
    assert "Your units in Smolensk (15) are unsupplied (Unsupplied Chart): lost 1 infantry corps." in \
        texts(events, "russian")


# The Battle Plan Chart: the legible fragments in their cells.

@pytest.mark.parametrize("attacker, defender, codes, fragment", [
    ("outflank", "entrench", ("Acx2", "CRS"), "ENTRENCH go CRS-PS-RAC / Acx2"),
    ("assault", "entrench", ("CRS",), "no effect / go CRS-PS-RAC"),
    ("reconnaissance", "entrench", ("A-1c", "CRS"), "A-1c / go CRS-PS-RAC"),
    ("assault", "counterattack", ("Dcx2", "CRS"), "COUNTER- Dcx2"),
    ("reconnaissance", "counterattack", ("Dr(D)", "PS"), "Dr(D) / go PS-RAC"),
    ("outflank", "withdraw", ("Dchoice",), "WITHDRAW or go CRS-PS-RAC D choice"),
    ("assault", "withdraw", ("Dr(D)", "stop"), "Dr(D) / stop"),
    ("reconnaissance", "withdraw", ("D-1c", "Dr(D)", "stop"), "D-1c Dr(D) / stop"),
    ("contact", "withdraw", ("Dchoice",), "Dr(D) & stop or go CRS-PS-RAC D choice"),
])
def test_the_chart_places_each_legible_fragment(attacker, defender, codes, fragment):
    assert data.tables().chart[attacker, defender] == codes, fragment


def test_no_dcx2_under_assault_against_entrench_in_the_new_reading():
    """The Entrench row shows 'Acx2' and no Dcx2; the first reading's Dcx2 stays for games without the option."""
    t = data.tables()
    assert all("Dcx2" not in t.chart[a, "entrench"] for a in t.attacker_plans)
    assert t.first_chart["assault", "entrench"] == ("Dcx2", "CRS")


def battle(attacker_chit: str, defender_chit: str, options: list[str]) -> tuple[dict, list[dict]]:
    state = position({15: {"inf": 3}}, {15: {"inf": 3}}, phase="march", options=options)
    state, _ = do(state, "french", "end")
    rig(state["dice"], 3)
    state, _ = do(state, "russian", f"plan {defender_chit}")
    return do(state, "french", f"plan {attacker_chit}")


def test_outflanking_an_entrenched_defender_doubles_the_attacker():
    """Outflank against Entrench, 'Acx2 ... go CRS-PS-RAC': 6 against 3, column 2-1; the first reading cost
    the attacker a corps first (2 against 3, column 1-2)."""
    _, events = battle("outflank", "entrench", ["chart_fragments"])
    assert "French corps count double in the combat." in texts(events, "all")
    assert any(t.startswith("Combat Results Table: 6 against 3, column 2-1") for t in texts(events, "all"))
    _, events = battle("outflank", "entrench", [])
    assert any(t.startswith("Combat Results Table: 2 against 3, column 1-2") for t in texts(events, "all"))


def test_a_game_without_the_option_plays_the_first_chart():
    assert Game(position()).chart() == data.tables().first_chart
    assert Game(position(options=["chart_fragments"])).chart() == data.tables().chart


def test_own_tables_without_a_first_reading_play_their_cells_in_every_game():
    """A player's own table file is the original chart: it has no first reading to keep."""
    doc = tomllib.loads((data.DATA / "tables.toml").read_text())
    del doc["battle_plans"]["first_cells"]
    t = data.parse_tables(doc)
    assert t.first_chart == t.chart


# REINFORCEMENTS: "Russian reinforcements are continuous ... The Russian reinforcements appear in forts
# controlled by the Russians, considerably closer to the front."

def test_a_russian_reinforcement_arrives_every_game_turn():
    options = ["fort_reinforcements"]
    for turn in range(1, 14):
        assert Game(position(turn=turn, options=options)).arrivals("russian"), turn
    without = [turn for turn in range(1, 14) if not Game(position(turn=turn)).arrivals("russian")]
    assert without == [1, 2, 4, 12, 13]  # the first reading


def test_russian_reinforcements_appear_in_forts_only():
    """Turn 5's reinforcement lists Moscow first: a city, not a fort. With the option it appears in Kaluga,
    the first fort of its list the Russians control; without, in Moscow."""
    for options, place in ((["fort_reinforcements"], 24), ([], 17)):
        state = position(turn=4, player="french", phase="supply", options=options)
        state["turn"] = 5
        g = Game(state)
        events = turns.reinforce(g, "russian")
        assert stack(state, "russian", place)["inf"] == 1, options
        assert f"Russian reinforcements arrive in {g.name(place)}." in texts(events, "all")
    assert all(any(data.places()[n].fort for n in r.places) for r in data.reinforcements() if r.side == "russian")


def test_a_reinforcement_with_no_fort_the_russians_hold_does_not_appear():
    state = position(turn=1, options=["fort_reinforcements"], held=(11, 22, 19))
    events = turns.reinforce(Game(state), "russian")
    assert texts(events, "all") == ["A Russian reinforcement does not appear: the Russians hold none of the forts "
                                    "Mozyr (22), Bobruisk (19)."]
    state = position(turn=3, options=["fort_reinforcements"], held=(11, 15, 24))  # Moscow (17) is no fort
    assert texts(turns.reinforce(Game(state), "russian"), "all") == [
        "A Russian reinforcement does not appear: the Russians hold none of the forts Smolensk (15), Kaluga (24)."]
