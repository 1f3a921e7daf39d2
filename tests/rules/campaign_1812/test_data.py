"""The 1812 data files load, carry their provenance, and keep the facts SPI's 1812 overview states."""
import copy
import tomllib

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.campaign_data import DataError


def _doc(name):
    with open(data.DATA / name, "rb") as f:
        return tomllib.load(f)


def test_every_shipped_file_loads_and_validates():
    assert len(data.places()) == 38
    assert data.tables().turns == 13
    assert set(data.scenarios()) == {"campaign", "borodino", "retreat"}
    assert data.reinforcements()


def test_victory_conditions_nineteen_forts_kiev_three_capitals_five_make_32_and_22_win():
    """Seed, VICTORY CONDITIONS: 'one Victory Point for each of the nineteen fort-areas ..., plus three
    points for Kiev, five points for St. Petersburg, and five points for Moscow -- a total of 32'."""
    places = data.places().values()
    by_name = {p.name: p.points for p in places}
    assert sum(p.fort for p in places) == 19
    assert (by_name["Kiev"], by_name["St Petersburg"], by_name["Moscow"]) == (3, 5, 5)
    assert sum(p.points for p in places) == 32
    assert data.tables().to_win == 22 and data.tables().index[-1] == 22


def test_the_map_is_connected_and_its_adjacency_symmetric():
    places = data.places()
    assert all(p.number in places[n].neighbours for p in places.values() for n in p.neighbours)
    broken = _doc("map.toml")
    broken["place"] = [p for p in broken["place"] if p["number"] not in (1, 2)]
    for p in broken["place"]:
        p["neighbours"] = [n for n in p["neighbours"] if n not in (1, 2)]
    data.parse_map(_doc("map.toml"))  # positive control
    with pytest.raises(DataError, match="forts and cities"):
        data.parse_map(broken)  # St Petersburg gone: the overview's victory places no longer hold


def test_a_one_way_neighbour_is_refused():
    doc = _doc("map.toml")
    doc["place"][0]["neighbours"].append(27)
    with pytest.raises(DataError, match="place 1 is next to 27 but 27 is not next to it"):
        data.parse_map(doc)


def test_the_historical_march_vilna_vitebsk_smolensk_borodino_moscow_is_a_route():
    """Vilna, Vitebsk, Smolensk, (Vyazma,) Borodino, Moscow, one place a move."""
    names = {p.name: p for p in data.places().values()}
    route = ["Vilna", "Vitebsk", "Smolensk", "Vyazma", "Borodino", "Moscow"]
    assert all(names[b].number in names[a].neighbours for a, b in zip(route, route[1:]))
    assert names["Vyazma"].area == names["Borodino"].area == 16  # sub-areas of one supply area


@pytest.mark.parametrize("name,path", [
    ("map.toml", ("place", 3)), ("map.toml", ("areas",)), ("tables.toml", ("pursuit",)),
    ("scenarios.toml", ("scenario", 0)), ("scenarios.toml", ("reinforcement", 2))])
def test_the_loader_refuses_data_without_provenance(name, path):
    doc = _doc(name)
    entry = doc
    for key in path:
        entry = entry[key]
    parse = {"map.toml": data.parse_map, "tables.toml": data.parse_tables,
             "scenarios.toml": lambda d: data.parse_scenarios(d, data.places())}[name]
    parse(copy.deepcopy(doc))  # positive control
    del entry["provenance"]
    with pytest.raises(DataError, match="has no provenance"):
        parse(doc)


def test_french_attrition_is_greater_at_every_roll_and_a_table_that_breaks_it_is_refused():
    """Seed, ATTRITION: 'French attrition is always greater than Russian attrition.'"""
    t = data.tables()
    assert all(f > r for f, r in zip(t.attrition["french"], t.attrition["russian"]))
    doc = _doc("tables.toml")
    doc["attrition"]["russian"] = [1, 1, 1, 1, 1, 2]
    with pytest.raises(DataError, match="greater than Russian at every roll"):
        data.parse_tables(doc)


def test_battle_plan_cells_use_only_the_codes_the_overview_shows():
    t = data.tables()
    assert set(t.attacker_plans) == {"outflank", "assault", "reconnaissance", "contact"}
    assert set(t.defender_plans) == {"withdraw", "entrench", "counterattack", "cordon"}
    assert len(t.chart) == 16 and all(set(c) <= data.CHART_CODES for c in t.chart.values())
    doc = _doc("tables.toml")
    doc["battle_plans"]["cells"]["cordon"][0] = ["D-2c"]
    with pytest.raises(DataError, match="outflank x cordon uses codes the overview's chart does not show"):
        data.parse_tables(doc)


def test_french_reinforcements_only_on_the_western_edge():
    """Seed, REINFORCEMENTS: 'The French must start their reinforcements along the map's western edge'."""
    places = data.places()
    assert all(places[n].west_edge for r in data.reinforcements() if r.side == "french" for n in r.places)
    doc = _doc("scenarios.toml")
    doc["reinforcement"][1]["places"] = [12]
    with pytest.raises(DataError, match="western edge"):
        data.parse_scenarios(doc, places)


def test_a_reinforcement_s_provenance_dates_it_in_the_month_of_its_game_turn():
    """A provenance that names a month names the month its Game-Turn is (Game-Turn 3 is July II): the history a
    reinforcement is drawn from happened when it arrives."""
    months = ("June", "July", "August", "September", "October", "November", "December")
    labels = data.tables().labels
    for entry in _doc("scenarios.toml")["reinforcement"]:
        named = {month for month in months if month in entry["provenance"]}
        assert not named or labels[entry["turn"] - 1].split()[0] in named, (entry["turn"], entry["provenance"])


def test_a_players_table_file_is_read_and_validated(tmp_path):
    good = tmp_path / "mine.toml"
    good.write_text((data.DATA / "tables.toml").read_text())
    assert data.parse_tables(data.read_tables(str(good))).to_win == 22
    bad = tmp_path / "bad.toml"
    bad.write_text("[turns]\ncount = 13\n")
    with pytest.raises(DataError, match="has no provenance"):
        data.read_tables(str(bad))


def test_a_game_plays_with_the_tables_it_was_set_up_with_and_refuses_broken_ones():
    """The owner of the original game loads its tables; the state keeps them, so the game
    replays with them."""
    from rules import load
    from rules.campaign_1812.game import Game
    c1812 = load("campaign_1812")
    own = _doc("tables.toml")
    own["combat_results"]["french_leadership"] = 0
    state = c1812.setup("campaign", 1, {"tables": own})
    assert Game(state).tables.french_leadership == 0
    assert Game(c1812.setup("campaign", 1)).tables.french_leadership == 1  # positive control
    del own["pursuit"]["provenance"]
    with pytest.raises(DataError, match=r"\[pursuit\] has no provenance"):
        c1812.setup("campaign", 1, {"tables": own})


def test_the_scenarios_hold_their_titles_leaders_and_first_turns():
    """SPI's 1812 overview: three scenarios; the optional leader rule gives each side one leader, Napoleon
    shifting the die two rows, the Russian one."""
    scenarios = data.scenarios()
    campaign = scenarios["campaign"]
    assert campaign.id == "campaign" and campaign.title.startswith("The Campaign, June to December 1812")
    assert campaign.leaders == (data.Leader("french", "Napoleon", 30, 2), data.Leader("russian", "Barclay", 12, 1))
    assert [(s.first_turn, [x.name for x in s.leaders]) for s in scenarios.values()] == [
        (1, ["Napoleon", "Barclay"]), (6, ["Napoleon", "Kutuzov"]), (9, ["Napoleon", "Kutuzov"])]
    t = data.tables()
    assert t.forced_march["normal"] == ("march", "march", "march", "stay", "stay", "eliminated")
    assert t.unsupplied == {"normal": frozenset({6}), "winter": frozenset({4, 5, 6})}
    assert t.pursuit[0] == ("D1", "D1", "-", "-", "-", "Ac1") and t.levels[0] == (26, "french", "decisive")
    first = data.reinforcements()[0]
    assert first.counts == {"inf": 1, "cav": 0, "supply": 0, "depot": 0} and first.option is None


def _broken(name: str, change) -> str:
    """The sentence the loader refuses `name` with once `change` broke it (the shipped file loads)."""
    doc = _doc(name)
    parse = {"map.toml": data.parse_map, "tables.toml": data.parse_tables,
             "scenarios.toml": lambda d: data.parse_scenarios(d, data.places())}[name]
    parse(copy.deepcopy(doc))
    change(doc)
    with pytest.raises(DataError) as refused:
        parse(doc)
    return str(refused.value)


def _leader(doc: dict, **fields) -> None:
    doc["scenario"][0]["leaders"][0].update(fields)


def _cut_off(doc: dict, number: int) -> None:
    """Every link to and from `number` taken away."""
    for place in doc["place"]:
        place["neighbours"] = [] if place["number"] == number else [n for n in place["neighbours"] if n != number]


def _optional(doc: dict) -> dict:
    """The first reinforcement that arrives only under an option."""
    return next(r for r in doc["reinforcement"] if r.get("option"))


def _set(path: tuple, value):
    def change(doc: dict) -> None:
        entry = doc
        for key in path[:-1]:
            entry = entry[key]
        if value is None:
            del entry[path[-1]]
        else:
            entry[path[-1]] = value
    return change


@pytest.mark.parametrize("name,change,sentence", [
    ("tables.toml", _set(("turns", "count"), 12), "the game has 13 Game-Turns and the French need 22 Victory Points "
     "(SPI's 1812 overview, Sequence of Play, Victory Conditions)."),
    ("tables.toml", _set(("victory", "to_win"), 20), "the game has 13 Game-Turns and the French need 22 Victory "
     "Points (SPI's 1812 overview, Sequence of Play, Victory Conditions)."),
    ("tables.toml", _set(("depletion",), None), "the table file has no 'depletion'."),
    ("tables.toml", _set(("attrition", "french"), [2, 2, 2]), "attrition.french must have 6 entries."),
    ("tables.toml", _set(("attrition", "russian"), "000001"), "attrition.russian is '000001', where the format has a "
     "list in [ ] (rules/campaign_1812/data/tables.toml)."),
    ("tables.toml", _set(("forced_march", "winter"), ["march"]), "forced_march.winter must have 6 entries."),
    ("tables.toml", _set(("attrition", "russian"), [1, 1, 1, 1, 1, 2]), "French attrition must be greater than "
     "Russian at every roll (SPI's 1812 overview, Attrition)."),
    ("tables.toml", _set(("forced_march", "winter"), ["march", "march", "stay", "stay", "eliminated", "lost"]),
     "a forced march ends in march, stay or eliminated (SPI's 1812 overview, Movement)."),
    ("tables.toml", lambda doc: doc["combat_results"]["rows"].pop(), "combat_results.rows must have 8 entries."),
    ("tables.toml", lambda doc: doc["combat_results"]["rows"][3].pop(), "a combat results row must have 6 entries."),
    ("tables.toml", lambda doc: doc["combat_results"]["rows"][3].__setitem__(0, "Dr Q1"), "'Q1' is not a combat "
     "result: write A<n>/D<n> corps lost, Ar/Dr retreats."),
    ("tables.toml", lambda doc: doc["pursuit"]["rows"].pop(), "pursuit.rows must have 3 entries."),
    ("tables.toml", lambda doc: doc["pursuit"]["rows"][0].pop(), "a pursuit row must have 6 entries."),
    ("tables.toml", lambda doc: doc["pursuit"]["rows"][0].__setitem__(0, "Dx"), "'Dx' is not a pursuit result: "
     "write A<n>/D<n> corps lost, Ar/Dr retreats."),
    ("tables.toml", lambda doc: doc["turns"]["labels"].pop(), "turns.labels must have 13 entries."),
    ("tables.toml", lambda doc: doc["victory"]["index"].pop(), "victory.index must have 13 entries."),
    ("tables.toml", lambda doc: doc["battle_plans"]["cells"]["cordon"].pop(), "battle_plans.cells.cordon must have "
     "4 entries."),
    ("tables.toml", _set(("battle_plans", "cells"), None), "battle_plans has no 'cells'."),
    ("tables.toml", lambda doc: doc["attrition"].pop("russian"), "attrition has no 'russian'."),
    ("tables.toml", _set(("turns", "count"), "x"), "turns.count is 'x', where the format has a whole number "
     "(rules/campaign_1812/data/tables.toml)."),
    ("tables.toml", lambda doc: doc["victory"]["index"].__setitem__(1, "a"), "victory.index[1] is 'a', where the "
     "format has a whole number (rules/campaign_1812/data/tables.toml)."),
    ("tables.toml", _set(("unsupplied", "eliminated_on"), 6), "unsupplied.eliminated_on is 6, where the format has "
     "a list in [ ] (rules/campaign_1812/data/tables.toml)."),
    ("tables.toml", _set(("combat_results", "french_leadership"), 1.5), "combat_results.french_leadership is 1.5, "
     "where the format has a whole number (rules/campaign_1812/data/tables.toml)."),
    ("tables.toml", lambda doc: doc["victory"]["levels"][0].pop("winner"), "victory.levels[0] has no 'winner'."),
    ("tables.toml", lambda doc: doc["victory"]["levels"][0].update(winner="prussian"), "victory.levels: the winner "
     "'prussian' is french or russian."),
    ("tables.toml", lambda doc: doc["victory"]["levels"][3].update(at_least=1), "victory.levels needs a row "
     "at_least = 0, so that every total reaches a level of victory."),
    ("tables.toml", _set(("turns", "winter"), [10, 11, 12, 14]), "turns.winter names a turn the game has not: its "
     "Game-Turns are 1 to 13."),
    ("tables.toml", _set(("attrition", "russian"), [-1, 0, 0, 0, 0, 1]), "attrition.russian: a roll of the "
     "Attrition Table costs 0 corps or more."),
    ("tables.toml", lambda doc: doc["combat_results"]["columns"].__setitem__(0, "1:3"), "combat_results.columns: "
     "'1:3' is not a ratio of attacker to defender such as '3-2'."),
    ("tables.toml", lambda doc: doc["battle_plans"]["attacker"].__setitem__(0, "flank"), "the Battle Plan chits are "
     "some of the overview's eight, each once: the attacker's outflank, assault, reconnaissance, contact; the "
     "defender's withdraw, entrench, counterattack, cordon (SPI's 1812 overview, Combat)."),
    ("tables.toml", _set(("battle_plans", "defender"), ["cordon", "cordon"]), "the Battle Plan chits are some of the "
     "overview's eight, each once: the attacker's outflank, assault, reconnaissance, contact; the defender's "
     "withdraw, entrench, counterattack, cordon (SPI's 1812 overview, Combat)."),
    ("tables.toml", _set(("unsupplied", "winter_eliminated_on"), [0, 6]), "the Unsupplied Chart eliminates on rolls "
     "of one die, 1 to 6."),
    ("tables.toml", lambda doc: doc["depletion"]["with_supply"][0].append(1), "a row of the Area Depletion Chart is "
     "[at least so many corps, steps of 50%]."),
    ("map.toml", _set(("areas",), None), "map.toml has no 'areas'."),
    ("map.toml", lambda doc: doc["place"][3].pop("provenance"), "place 4 has no provenance: say which sentence of "
     "SPI's 1812 overview it honours, or what history it is reconstructed from."),
    ("map.toml", lambda doc: doc["place"][3].pop("number"), "place ? has no 'number'."),
    ("map.toml", lambda doc: doc["place"][4].update(number=4), "place 4 is listed twice."),
    ("map.toml", lambda doc: doc["place"][1].update(points=2), "place 2 is a fort-area, worth one Victory Point "
     "(SPI's 1812 overview, Victory Conditions)."),
    ("map.toml", lambda doc: doc["place"][3].pop("xy"), "place 4 has no 'xy'."),
    ("map.toml", lambda doc: doc["place"][3].pop("name"), "place 4 has no 'name'."),
    ("map.toml", lambda doc: doc["place"][3].pop("area"), "place 4 has no 'area'."),
    ("map.toml", lambda doc: doc["place"][3].pop("neighbours"), "place 4 has no 'neighbours'."),
    ("map.toml", lambda doc: doc["place"][0]["neighbours"].append(99), "place 1 names neighbour 99, which is no "
     "place."),
    ("map.toml", lambda doc: doc["place"][0]["neighbours"].append(2), "place 1 lists a neighbour twice, or itself."),
    ("map.toml", lambda doc: doc["place"][0]["neighbours"].append(1), "place 1 lists a neighbour twice, or itself."),
    ("map.toml", lambda doc: _cut_off(doc, 32), "the map is not connected: [32] cannot be reached."),
    ("map.toml", lambda doc: doc["areas"]["subdivided"][0].pop("provenance"), "sub-divided area 16 has no "
     "provenance: say which sentence of SPI's 1812 overview it honours, or what history it is reconstructed from."),
    ("map.toml", lambda doc: doc["areas"]["subdivided"][0]["places"].append(15), "sub-area 15 is not a place of "
     "area 16."),
    ("map.toml", lambda doc: doc["areas"]["subdivided"][0]["places"].append(99), "sub-area 99 is not a place of "
     "area 16."),
    ("map.toml", lambda doc: doc["areas"].pop("provenance"), "[areas] has no provenance: say which sentence of "
     "SPI's 1812 overview it honours, or what history it is reconstructed from."),
    ("map.toml", _set(("place",), None), "map.toml has no 'place'."),
    ("map.toml", lambda doc: doc["place"][3].update(fort=False, points=0), "the map has 18 forts and cities worth "
     "[3, 5, 5]; SPI's 1812 overview, Victory Conditions, gives nineteen fort-areas, Kiev 3, St. Petersburg 5 and "
     "Moscow 5."),
    ("scenarios.toml", lambda doc: doc["scenario"][1].pop("provenance"), "scenario borodino has no provenance: say "
     "which sentence of SPI's 1812 overview it honours, or what history it is reconstructed from."),
    ("scenarios.toml", lambda doc: doc["scenario"][0]["russian"][1].pop("provenance"), "scenario campaign: a russian "
     "stack has no provenance: say which sentence of SPI's 1812 overview it honours, or what history it is "
     "reconstructed from."),
    ("scenarios.toml", lambda doc: doc["scenario"][0]["french"][0].update(place=99), "scenario campaign: a french "
     "stack stands in 99, which is no place."),
    ("scenarios.toml", lambda doc: doc["scenario"][1]["depleted"][0].update(level=75), "scenario borodino: an area is "
     "undepleted, 50% or 100% depleted (SPI's 1812 overview, Supply)."),
    ("scenarios.toml", lambda doc: doc["reinforcement"][0].pop("provenance"), "a reinforcement of turn 3 has no "
     "provenance: say which sentence of SPI's 1812 overview it honours, or what history it is reconstructed from."),
    ("scenarios.toml", lambda doc: doc["reinforcement"][1].update(places=[12]), "French reinforcements start along "
     "the map's western edge (SPI's 1812 overview, Reinforcements)."),
    ("scenarios.toml", lambda doc: _optional(doc).update(places=[211]), "a reinforcement of turn 1 under "
     "fort_reinforcements names no fort (SPI's 1812 overview, Reinforcements: the Russian reinforcements appear in "
     "forts)."),
    ("scenarios.toml", lambda doc: doc["scenario"][0].pop("leaders"), "scenario campaign has no 'leaders'."),
    ("scenarios.toml", lambda doc: doc["scenario"][0]["leaders"][1].pop("provenance"), "scenario campaign: a leader "
     "has no provenance: say which sentence of SPI's 1812 overview it honours, or what history it is "
     "reconstructed from."),
    ("scenarios.toml", lambda doc: _leader(doc, place=29), "scenario campaign: leader Napoleon starts in 29, where "
     "his side has no corps."),
    ("scenarios.toml", lambda doc: _leader(doc, place=12), "scenario campaign: leader Napoleon starts in 12, where "
     "his side has no corps."),
    ("scenarios.toml", lambda doc: _leader(doc, side="prussian"), "scenario campaign: leader Napoleon starts in 30, "
     "where his side has no corps."),
    ("scenarios.toml", lambda doc: _leader(doc, rating=-1), "scenario campaign: leader Napoleon's rating is a die "
     "roll shift of 0 or more."),
    ("scenarios.toml", lambda doc: _leader(doc, side="russian", place=12), "scenario campaign: the optional leader "
     "rule gives each side one leader."),
])
def test_broken_data_is_refused_with_one_sentence_naming_the_entry(name, change, sentence):
    assert _broken(name, change) == sentence


def test_a_leader_may_start_with_cavalry_alone_and_rate_nothing():
    """A leader starts with corps of his side, cavalry as well as infantry; a rating of 0 shifts no row."""
    doc = _doc("scenarios.toml")
    _leader(doc, rating=0)
    for inf, cav in ((0, 2), (2, 2)):
        doc["scenario"][0]["french"][0].update(inf=inf, cav=cav)
        scenarios, _ = data.parse_scenarios(doc, data.places())
        assert scenarios["campaign"].leaders[0] == data.Leader("french", "Napoleon", 30, 0)


def test_a_map_without_sub_divided_areas_loads_and_its_places_keep_their_spots():
    doc = _doc("map.toml")
    doc["areas"].pop("subdivided")
    places = data.parse_map(doc)
    assert places[12].xy == (300, 350) and places[30].west_edge and not places[12].west_edge


def test_a_players_table_file_that_is_not_toml_is_refused_with_its_reason(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[turns\n")
    with pytest.raises(DataError) as refused:
        data.read_tables(str(bad))
    assert str(refused.value).startswith(f"{bad}: cannot read the tables (") and str(refused.value).endswith(").")
    accented = tmp_path / "accented.toml"
    accented.write_text((data.DATA / "tables.toml").read_text() + "# Barclay de Tolly, Bagration: Смоленск\n",
                        encoding="utf-8")
    assert data.parse_tables(data.read_tables(str(accented))).to_win == 22


def test_a_battle_plan_cell_may_carry_out_every_code_of_the_chart():
    doc = _doc("tables.toml")
    doc["battle_plans"]["cells"]["cordon"][0] = sorted(data.CHART_CODES)
    assert data.parse_tables(doc).chart["outflank", "cordon"] == tuple(sorted(data.CHART_CODES))
