"""`odds` under the Doomed Victory options (rules/borodino/odds.py): the two-hex retreats of 6.10
and the leader's rally of 8.151, as test_dv_broken.py's attacks carry them out. A 7 against a 2 is
3-1, whose Dr is a two-hex retreat (data/doomed_victory.toml, `two_hex_retreats`); a 7 against a 4
is 2-1, whose Dr is a one-hex one."""
from __future__ import annotations

from bot.text import odds as odds_text
from rules import load
from tests.rules.borodino.dv_helpers import G, dv_position
from tests.rules.borodino.helpers import go

borodino = load("borodino")
N = go(G, 0)
SIW, VI24 = f"{N} (Russian 2-5 cavalry)", f"{N} (Russian 4-4 infantry)"


def _retreat(state: dict) -> dict:
    forecast = borodino.odds(state, "french", f"{G} -> {N}")
    return next(r for r in forecast["results"] if r["result"] == "Dr")


def test_6_10_odds_name_a_two_hex_retreat_and_the_unit_it_breaks():
    """6.10: "Any unit that receives a 2-hex retreat result ... is also considered 'Broken'"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == r["two_hexes"] == r["breaks"] == [SIW] and r["eliminated"] == []
    text = odds_text(borodino.odds(s, "french", f"{G} -> {N}"))
    assert f"Dr, defender retreats: {SIW} two hexes, and is broken (Doomed Victory 6.10)." in text


def test_6_10_odds_without_the_option_every_retreat_is_one_hex():
    """The control: SPI Borodino alone, the same attack: one hex, nobody broken."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=[], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == [SIW] and "two_hexes" not in r and "breaks" not in r


def test_6_10_odds_a_one_hex_retreat_stays_one_hex():
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == [VI24] and "two_hexes" not in r


def test_6_10_odds_a_broken_unit_retreats_two_hexes_on_a_one_hex_retreat():
    """6.10: "If a broken unit receives a Dr result, it retreats TWO hexes instead of one"."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-VI-24"]
    r = _retreat(s)
    assert r["two_hexes"] == [VI24] and "breaks" not in r
    assert f"{VI24} two hexes, being broken (Doomed Victory 6.10)" in odds_text(
        borodino.odds(s, "french", f"{G} -> {N}"))


def test_6_10_odds_a_broken_unit_on_a_two_hex_retreat_is_eliminated():
    """6.10: "If a broken unit receives another DR result, it is eliminated"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-Siw"]
    r = _retreat(s)
    assert r["eliminated"] == [SIW] and r["retreat"] == []
    assert "eliminated instead (Doomed Victory 6.10): " + SIW in odds_text(borodino.odds(s, "french", f"{G} -> {N}"))


def test_8_151_odds_say_which_retreating_units_a_leader_may_rally():
    """8.151: "If a subordinate unit stacked with its Leader (or in a hex adjacent to him) receives a
    one-hex retreat result ... roll one die to attempt Rally"; the control: no leader, no such note."""
    units = {"F-I-2": G, "R-VI-24": N}
    with_leader = dv_position(units, phase="combat", leaders={"L-DOKHTUROV": "R-VI-24"})
    assert _retreat(with_leader)["rally"] == [VI24]
    assert "rally" not in _retreat(dv_position(units, phase="combat"))
