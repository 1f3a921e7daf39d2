"""Borodino order of battle, scenarios and reinforcement chart against the rule book
(SPI's Borodino rules, 1972, SCENARIOS and Order of Battle)."""
from __future__ import annotations

import copy
import tomllib
from collections import Counter

import pytest

import rules
from rules.borodino import scenario_data as sd
from rules.borodino.scenario_data import ScenarioDataError
from rules.core.errors import CommandError
from tests.rules.borodino import printed_setups as printed

def _side(scenario: sd.Scenario, side: str) -> dict[str, str]:
    units = sd.units()
    return {u: h for u, h in scenario.setup.items() if units[u].side == side}


def _raw(name: str) -> dict:
    with open(sd.DATA / name, "rb") as f:
        return tomllib.load(f)


# --- loading -------------------------------------------------------------------------------------
def test_all_five_scenarios_load_in_order():
    """The four of the rule book, then Doomed Victory's Shevardino training scenario."""
    assert list(sd.scenarios()) == ["5sep", "6sep", "7sep", "grand", "shevardino"]
    assert sd.scenarios() is sd.scenarios()  # loaded once


def test_counter_mix():
    units = sd.units()
    by_side = Counter(u.side for u in units.values())
    # French OOB: I 5, III 5, IV 7, VIII 4, V 4, Guard 7, I/II Res. Cav. 3+3, IV 2, and the
    # III Res. Cav. with three counters (the set-ups) = 43. Russian OOB: 37 counters (the 27th
    # twice) + 11 Additional Forces = 48.
    assert by_side == {"french": 43, "russian": 48}
    assert sum(u.id.startswith("R-AF-") for u in units.values()) == 11
    assert all(u.value == "3-3" for u in units.values() if u.id.startswith("R-AF-"))


def test_guards():
    units = sd.units()
    guards = {u.id for u in units.values() if u.guard}
    assert guards == {"F-IG-OG", "F-IG-MG", "F-IG-YG", "F-IG-HC", "F-IG-LC", "F-IG-art",
                      "R-V-1G", "R-V-2G", "R-V-3G", "R-V-1GC", "R-V-2GC", "R-V-art"}
    # Exempt by the Imperial Guard rule: Italian Guards 7-4, Hessian Guard/LV 6-4, the militia.
    for exempt in ("F-IV-IG", "F-IG-LV", "R-Mil-1", "R-Mil-2"):
        assert not units[exempt].guard
    assert [u.id for u in units.values() if u.old_guard] == ["F-IG-OG"]
    assert units["F-IG-OG"].value == "11-4"


# --- set-ups against the rule book ----------------------------------------------------------------
# 5 Sept: 36 Russians (V 6, III 3, VIII 4, VII 3, VI 3, IV 3, II 3, Cos 3, Mil 2, cavalry 6), no
# French. 6 Sept: 27 French (V 4, IC 3, IIIC 3, I 5, III 5, IV 3, VIII 4), 36 Russians. 7 Sept:
# 43 French (IG 7, I 5, III 5, IV 7, V 4, VIII 4, IC 3, IIC 3, IIIC 3, IVC 2), 36 Russians.
@pytest.mark.parametrize("sid, french, russian", [
    ("5sep", 0, 36), ("6sep", 27, 36), ("7sep", 43, 36), ("grand", 0, 36)])
def test_counts_per_side(sid, french, russian):
    s = sd.scenarios()[sid]
    assert (len(_side(s, "french")), len(_side(s, "russian"))) == (french, russian)
    assert (len(printed.units(sid, "french")), len(printed.units(sid, "russian"))) == (french, russian)


@pytest.mark.parametrize("sid", printed.SCENARIOS)
@pytest.mark.parametrize("side", printed.SIDES)
def test_setup_values_match_printed_hexes(sid, side):
    units = sd.units()
    placed = Counter((h, units[u].value) for u, h in _side(sd.scenarios()[sid], side).items())
    assert placed == Counter(printed.units(sid, side))


@pytest.mark.parametrize("sid", ["5sep", "6sep", "7sep", "grand"])
def test_sides_of_the_front_line(sid):
    s = sd.scenarios()[sid]
    units = sd.units()
    assert set(s.front_line) == set(range(10, 42))
    for u, h in s.setup.items():
        assert s.west_of_front(h) == (units[u].side == "french"), (u, h)


def test_front_lines_shared():
    s = sd.scenarios()
    assert s["7sep"].front_line == s["6sep"].front_line
    assert s["grand"].front_line == s["5sep"].front_line
    assert s["grand"].setup == s["5sep"].setup
    # Schevardino lies east of the opening line of the Grand Battle (7 Sept victory conditions).
    assert not s["grand"].west_of_front("3222")


def test_27th_division_counter():
    s = sd.scenarios()
    for sid, counter, other in (("5sep", "R-VII-27", "R-VII-27w"), ("grand", "R-VII-27", "R-VII-27w"),
                                ("6sep", "R-VII-27w", "R-VII-27"), ("7sep", "R-VII-27w", "R-VII-27")):
        assert counter in s[sid].setup and other not in s[sid].setup
    assert sd.units()["R-VII-27"].value == "5-4" and sd.units()["R-VII-27w"].value == "3-4"


def test_scenario_rules():
    s = sd.scenarios()
    assert [(x.first_turn, x.last_turn) for x in s.values()] == [(1, 8), (11, 24), (27, 40), (1, 40), (3, 8)]
    assert [x.victory for x in s.values()] == ["schevardino", "three_redoubts", "grand", "grand", "schevardino"]
    assert s["6sep"].destroyed_redoubts == s["7sep"].destroyed_redoubts == {"3222"}
    assert not any(s[x].destroyed_redoubts for x in ("5sep", "grand", "shevardino"))
    assert all("imperial_guard" in x.options for x in s.values())
    assert [x.id for x in s.values() if "additional_forces" in x.options] == ["grand"]
    for sid in ("5sep", "shevardino", "grand"):
        assert sd.clock(s[sid].frozen_until_turn) == "1500" and s[sid].frozen_max_column == 27
    assert s["6sep"].frozen_until_turn is None and s["7sep"].frozen_max_column is None
    assert all(x.title and x.commentary for x in s.values())


# --- the reinforcement chart ------------------------------------------------------------------------
def test_5sep_reinforcements_are_the_6sep_french_army():
    s = sd.scenarios()
    entering = [r.unit for r in s["5sep"].reinforcements]
    assert sorted(entering) == sorted(_side(s["6sep"], "french"))
    assert all(1 <= r.turn <= 8 for r in s["5sep"].reinforcements)


def test_6sep_setup_plus_reinforcements_is_the_7sep_french_army():
    s = sd.scenarios()
    entering = [r.unit for r in s["6sep"].reinforcements]
    assert sorted(entering + list(_side(s["6sep"], "french"))) == sorted(_side(s["7sep"], "french"))
    assert all(11 <= r.turn <= 24 for r in s["6sep"].reinforcements)
    assert s["7sep"].reinforcements == ()  # "there are no reinforcements on 7 Sept"


def test_grand_battle_chart():
    s = sd.scenarios()
    grand = s["grand"]
    assert grand.reinforcements == s["5sep"].reinforcements + s["6sep"].reinforcements
    assert [(r.turn, r.unit) for r in grand.additional_forces] == [
        (t, f"R-AF-{t - 10}") for t in range(11, 22)]
    assert all(r.entry in sd.RUSSIAN_ENTRIES for r in grand.additional_forces)
    assert all(x.additional_forces == () for x in s.values() if x.id != "grand")


def test_chart_shape():
    chart = sd.scenarios()["grand"].reinforcements
    assert [r.turn for r in chart] == sorted(r.turn for r in chart)
    assert all(not sd.is_night(r.turn) and r.entry in sd.FRENCH_ENTRIES for r in chart)
    assert max(Counter((r.turn, r.entry) for r in chart).values()) <= 4


def test_the_printed_entries_b_and_c():
    """What the published articles on the game give of the chart: at B, I Corps' 4-4 on Game-Turn 2,
    its 7-4, 7-3 and 5-4 on Turn 4 and its 2-5 on Turn 5; at C, V Corps' 4-3, two 4-4 and 2-5 on Turn 8."""
    s = sd.scenarios()
    chart = s["5sep"].reinforcements
    units = sd.units()
    b = sorted((r.turn, f"{units[r.unit].strength}-{units[r.unit].movement}")
               for r in chart if r.unit.startswith("F-I-"))
    assert b == [(2, "4-4"), (4, "5-4"), (4, "7-3"), (4, "7-4"), (5, "2-5")]
    assert {r.entry for r in chart if r.unit.startswith("F-I-")} == {"new_road_west"}
    c = sorted((r.turn, r.entry, f"{units[r.unit].strength}-{units[r.unit].movement}")
               for r in chart if r.unit.startswith("F-V-"))
    assert c == [(8, "old_road_west", "2-5"), (8, "old_road_west", "4-3"),
                 (8, "old_road_west", "4-4"), (8, "old_road_west", "4-4")]
    assert s["shevardino"].setup["F-I-5"] == "2629"  # arrived on Turn 2, before the scenario's first
    first = {r.unit: r.turn for r in chart}
    assert first["F-IC-1L"] == 1  # Murat's vanguard about noon
    assert {r.entry for r in chart if r.unit.startswith("F-V-")} == {"old_road_west"}


# --- the clock -------------------------------------------------------------------------------------
@pytest.mark.parametrize("turn, clock, day, night", [
    (1, "1200", "5 Sept", False), (8, "1900", "5 Sept", False), (9, "night", "5 Sept", True),
    (11, "0600", "6 Sept", False), (24, "1900", "6 Sept", False), (26, "night", "6 Sept", True),
    (27, "0600", "7 Sept", False), (40, "1900", "7 Sept", False)])
def test_clock(turn, clock, day, night):
    assert (sd.clock(turn), sd.day(turn), sd.is_night(turn)) == (clock, day, night)


@pytest.mark.parametrize("turn", [0, 41])
def test_clock_outside_the_game(turn):
    with pytest.raises(ValueError):
        sd.clock(turn)


# --- validation ----------------------------------------------------------------------------------------
def _scenario(doc: dict, sid: str) -> dict:
    return next(t for t in doc["scenario"] if t["id"] == sid)


def _break_unknown_unit(doc):
    _scenario(doc, "6sep")["setup"]["F-NOPE"] = "3030"


def _break_placed_twice(doc):  # both counters of the 27th Division
    _scenario(doc, "7sep")["setup"]["R-VII-27"] = "2918"


def _break_two_in_one_hex(doc):
    _scenario(doc, "7sep")["setup"]["F-I-cav"] = "3322"


def _break_already_set_up(doc):  # F-I-2 stands in 3322 on 6 Sept: it cannot enter on turn 16
    next(r for r in doc["reinforcement"] if r["unit"] == "F-I-2")["turn"] = 16


def _break_entered_twice(doc):
    doc["reinforcement"].append({"turn": 20, "unit": "F-IG-OG", "entry": "new_road_west"})


def _break_turn(doc):
    doc["reinforcement"][0]["turn"] = 41


def _break_entry(doc):
    doc["reinforcement"][0]["entry"] = "north_edge"


def _break_option(doc):
    _scenario(doc, "5sep")["options"].append("fog_of_war")


def _break_front_line(doc):
    _scenario(doc, "6sep")["front_line"]["32"] = 23  # 3222 (French) falls east


def _break_too_many(doc):
    for r in doc["reinforcement"][-2:]:
        r["turn"] = 15  # a fourth and fifth unit by new_road_west on turn 15


def _break_victory(doc):
    _scenario(doc, "7sep")["victory"] = "moscow"


@pytest.mark.parametrize("breaker, message", [
    (_break_unknown_unit, "unknown unit id 'F-NOPE'"),
    (_break_placed_twice, "placed twice"),
    (_break_two_in_one_hex, "two units in one hex 3322"),
    (_break_already_set_up, "already set up"),
    (_break_entered_twice, "placed twice"),
    (_break_turn, "turn 41 is outside 1..40"),
    (_break_entry, "unknown entry 'north_edge'"),
    (_break_option, "unknown option 'fog_of_war'"),
    (_break_front_line, "wrong side of the Front Line"),
    (_break_too_many, "more than 4 units"),
    (_break_victory, "unknown victory 'moscow'"),
])
def test_broken_scenarios_are_refused(breaker, message):
    doc = copy.deepcopy(_raw("scenarios.toml"))
    sd.parse_scenarios(copy.deepcopy(doc), sd.units())  # the intact document parses
    breaker(doc)
    with pytest.raises(ScenarioDataError, match=message):
        sd.parse_scenarios(doc, sd.units())


@pytest.mark.parametrize("field, value, message", [
    ("side", "prussian", "side must be one of"),
    ("kind", "dragoons", "kind must be one of"),
    ("strength", "7", "strength must be int"),
    ("id", "F-I-4", "given twice"),
    ("variant_of", "R-NOPE", "variant_of names unknown unit"),
])
def test_broken_units_are_refused(field, value, message):
    doc = copy.deepcopy(_raw("units.toml"))
    doc["unit"][0][field] = value
    with pytest.raises(ScenarioDataError, match=message):
        sd.parse_units(doc)


def test_a_game_s_options_are_checked_when_it_is_set_up():
    """An option a scenario does not offer is refused naming the scenario by the id the player gave
    ('the The Grand Battle, 5-7 September' read once); a reading of the leaders' rules asked without
    dv_leaders is refused, where the game opened 'with dv_rally_moves' and nothing of it played."""
    borodino = rules.load("borodino")
    with pytest.raises(CommandError) as unknown:
        borodino.setup("grand", 1, ["nonsense"])
    assert str(unknown.value).startswith("'nonsense' is not an option of the grand scenario (options: ")
    for name, case in (("dv_rally_moves", "8.152"), ("dv_leaderless_halt", "8.10")):
        with pytest.raises(CommandError) as alone:
            borodino.setup("shevardino", 1, ["dv_rally", name])
        assert str(alone.value) == (f"{name} reads a rule of the Doomed Victory leaders ({case}) and plays only with "
                                    "them: add the option dv_leaders, or leave it out.")
        assert name in borodino.setup("shevardino", 1, ["dv_leaders", name])["options"]
