"""A unit named by its id is written in the game's own spelling, whatever case was typed
(`canonical`, which the service applies to every line before the rules judge it)."""
from __future__ import annotations

from rules import borodino
from rules.borodino import commands as C


def written(state: dict, side: str, line: str) -> C.Command:
    return borodino.canonical(state, side, borodino.parse(side, line))


def test_an_id_typed_in_any_case_is_written_as_the_id():
    state = borodino.setup("shevardino", seed=1)
    assert "F-I-cav" in state["units"]
    for typed in ("move f-i-cav 3224", "move F-I-CAV 3224", "move F-I-cav 3224"):
        assert written(state, "french", typed).to_text() == "move F-I-cav 3224"
    assert written(state, "russian", "release r-v-art").to_text() == "release R-V-art"
    assert written(state, "russian", "retreat r-v-art 3217") == C.Retreat("3217", "R-V-art")


def test_a_hex_or_a_word_naming_no_unit_is_left_as_typed():
    state = borodino.setup("shevardino", seed=1)
    assert written(state, "french", "move 3225 3224") == C.Move("3225", ("3224",))
    assert written(state, "french", "move davout 3224") == C.Move("DAVOUT", ("3224",))
    assert written(state, "french", "attack 3224 -> 3223") == C.Attack(("3224",), ("3223",))
    assert written(state, "russian", "retreat 3217") == C.Retreat("3217")  # the one unit waiting, unnamed


def test_a_leader_is_written_by_his_name_with_doomed_victory_leaders():
    """Doomed Victory 8.1: a leader moves as a unit does (`move davout 3224`); the game writes his name
    as its events do, however it was typed, and the written command is read back the same."""
    state = borodino.setup("shevardino", seed=1, options=["dv_leaders"])
    for typed in ("move davout 3224", "move DAVOUT 3224", "move l-davout 3224"):
        assert written(state, "french", typed).to_text() == "move Davout 3224"
    for typed in ("move latour-maubourg 3224", "move l-latour-maubourg 3224", "move l-latour 3224"):
        assert written(state, "french", typed).to_text() == "move Latour-Maubourg 3224"  # his id is L-LATOUR
    assert written(state, "russian", "assign barclay doctorov").to_text() == "assign Barclay Doctorov"
    assert written(state, "french", "move Davout 3224") == written(state, "french", "move davout 3224")
    assert written(state, "french", "move nobody 3224").to_text() == "move NOBODY 3224"  # for apply to refuse


def test_a_leader_is_named_as_the_rule_book_spells_him_and_still_by_the_spelling_of_his_id():
    """SPI's Borodino rules spell three Russian generals Tutchkov, Bagavout and Doctorov, as their
    corps are named; their ids keep Tuchkov, Baggovut and Dokhturov, the names games stored before
    wrote them with, so those still name them and are written anew."""
    state = borodino.setup("shevardino", seed=1, options=["dv_leaders"])
    for typed, now in (("tuchkov", "Tutchkov"), ("tutchkov", "Tutchkov"), ("baggovut", "Bagavout"),
                       ("l-dokhturov", "Doctorov")):
        assert written(state, "russian", f"move {typed} 1210").to_text() == f"move {now} 1210"
    assert written(state, "russian", "assign barclay dokhturov").to_text() == "assign Barclay Doctorov"
