"""data/doomed_victory.toml: loaded and validated (dv_data.parse), every reconstructed value with
its provenance, Murat's printed 14 hexes (8.112)."""
from __future__ import annotations

import tomllib

import pytest

from rules.borodino import dv_data, scenario_data
from rules.borodino.dv_data import DoomedDataError

DOC = tomllib.loads((dv_data.Path(dv_data.__file__).parent / "data" / "doomed_victory.toml").read_text())
CORPS = {u.corps for u in scenario_data.units().values()}


def test_the_shipped_data_loads_and_every_corps_has_one_leader():
    data = dv_data.load()
    commanded = sorted(c for d in data.leaders.values() for c in d.commands)
    assert commanded == sorted(CORPS)
    assert all(d.side in ("french", "russian") for d in data.leaders.values())


def test_a_corps_leader_is_spelled_as_the_order_of_battle_names_his_corps():
    """SPI's Borodino rules name a corps by its general ('III Corps: General Tutchkov'), and the
    corps keeps his name in brackets; its leader's name reads the same ('Tutchkov', not 'Tuchkov')."""
    for d in dv_data.load().leaders.values():
        general = [c[c.index("(") + 1:-1] for c in d.commands if "(" in c]
        if d.role == "corps" and len(general) == 1 and " " not in general[0] and "," not in general[0]:
            assert d.name == general[0], d.id


def test_8_112_murat_reaches_14_hexes_and_8_10_names_four_russian_army_commanders():
    """8.112: "farther than 14 hexes from Murat"; 8.10: "Barclay, Bagration, Miloradovich, and
    Gorchakov are all considered Army Commanders"."""
    leaders = dv_data.load().leaders
    assert leaders["L-MURAT"].range == 14 and leaders["L-MURAT"].role == "army"
    armies = {d.name for d in leaders.values() if d.side == "russian" and d.role == "army"}
    assert armies == {"Barclay", "Bagration", "Miloradovich", "Gorchakov"}


def test_6_10_rally_numbers_as_printed():
    data = dv_data.load()
    assert data.rally_number("russian", "VI Corps (Doctorov)") == 2
    assert data.rally_number("french", "IV Corps (Eugene)") == 3
    assert data.rally_number("french", "I Corps (Davout)") == 4


def _broken(**change) -> dict:
    doc = {**DOC, "leader": [dict(t) for t in DOC["leader"]]}
    doc["leader"][0].update(change)
    return doc


@pytest.mark.parametrize("change, says", [
    ({"provenance": None}, "provenance"),
    ({"commands": ["XX Corps"]}, "not a corps"),
    ({"rating": 7}, "rating"),
    ({"range": None}, "range"),
])
def test_broken_leader_data_is_refused_on_load(change, says):
    doc = _broken(**change)
    if change.get("range", 0) is None:
        del doc["leader"][0]["range"]
    if change.get("provenance", 0) is None:
        del doc["leader"][0]["provenance"]
    with pytest.raises(DoomedDataError, match=says):
        dv_data.parse(doc, CORPS)
    dv_data.parse(DOC, CORPS)  # the control: the shipped document is accepted


def test_a_two_hex_retreat_in_an_unknown_odds_column_is_refused():
    doc = {**DOC, "two_hex_retreats": {**DOC["two_hex_retreats"], "Dr": ["7-1"]}}
    with pytest.raises(DoomedDataError, match="odds column"):
        dv_data.parse(doc, CORPS)
