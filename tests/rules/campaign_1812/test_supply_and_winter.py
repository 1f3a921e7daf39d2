"""SUPPLY and WINTER (SPI's 1812 overview): depletion undepleted / 50% / 100%, permanent; depots project supply to
adjacent areas except in winter; the French make depots by depleting an empty area with a supply unit."""
from rules.campaign_1812 import supply
from rules.campaign_1812.game import Game
from tests.rules.campaign_1812.c1812_helpers import do, position, refused, rig, stack, texts
from tests.rules.controls import cleared


def supply_segment(french: dict, russian: dict | None = None, turn: int = 2, depleted=None) -> dict:
    state = position(french, russian or {1: {"inf": 1}}, phase="supply", turn=turn, depleted=depleted or {})
    return state


def test_corps_deplete_their_area_by_the_area_depletion_chart_and_a_supply_unit_softens_it():
    """'The total number of corps in the area is compared to the Area Depletion Chart, and note is made if a
    supply unit accompanies the units.' Reconstructed chart: 1-3 corps one step, 4+ two; with supply 3-6
    one step, 7+ two."""
    state, events = do(supply_segment({12: {"inf": 2}, 14: {"inf": 4}, 10: {"inf": 4, "supply": 1}}), "french", "end")
    assert state["depleted"] == {"12": 50, "14": 100, "10": 50, "1": 50}  # St Petersburg: 1 Russian corps
    assert ("Minsk (14) is now 100% depleted; St Petersburg (1), Vitebsk (10) and Vilna (12) 50% (Area Depletion "
            "Chart).") in texts(events, "all")  # one line, the most depleted first: it read a line an area


def test_sub_areas_deplete_together_with_their_area():
    """'Each area is distinguished by the fact that it has an equal supply capacity': Vyazma and Borodino
    are one area (16), their corps counted together."""
    state, events = do(supply_segment({161: {"inf": 2}, 162: {"inf": 2}}), "french", "end")
    assert state["depleted"]["16"] == 100
    assert ("The area of Vyazma (161) and Borodino (162) is now 100% depleted; St Petersburg (1) 50% (Area Depletion "
            "Chart).") in texts(events, "all")


def test_depletion_is_permanent():
    """'Once an area is depleted, it remains so for the remainder of the game.'"""
    state, _ = do(supply_segment({30: {"inf": 1}}, depleted={"12": 100, "14": 50}), "french", "end")
    assert state["depleted"]["12"] == 100 and state["depleted"]["14"] == 50


def test_units_in_a_100_percent_depleted_area_are_unsupplied_unless_a_depot_next_door_projects():
    """'Units existing in a 100% depleted area are unsupplied unless a friendly depot in an adjacent area can
    project supplies to those units.'"""
    g = Game(supply_segment({12: {"inf": 2}, 10: {"depot": 1}}, depleted={"12": 100}))
    assert supply.supplied(g, "french", 12)
    g = Game(supply_segment({12: {"inf": 2}, 15: {"depot": 1}}, depleted={"12": 100}))
    assert not supply.supplied(g, "french", 12)  # Smolensk is not next to Vilna
    g = Game(supply_segment({12: {"inf": 2}}, depleted={"12": 50}))
    assert supply.supplied(g, "french", 12)


def test_winter_stops_depots_projecting():
    """WINTER: 'preventing depots from projecting supplies'; a depot in the place itself still feeds it."""
    g = Game(supply_segment({12: {"inf": 2}, 10: {"depot": 1}}, turn=10, depleted={"12": 100}))
    assert g.winter() and not supply.supplied(g, "french", 12)
    g = Game(supply_segment({12: {"inf": 2, "depot": 1}}, turn=10, depleted={"12": 100}))
    assert supply.supplied(g, "french", 12)


def test_unsupplied_corps_roll_on_the_unsupplied_chart_and_winter_makes_them_fragile():
    """'such unsupplied units must be subject to a die roll on the Unsupplied Chart, which may cause their
    elimination'; winter makes them 'much more susceptible to elimination'. A roll of 4: survives in
    summer, eliminated in winter."""
    for turn, left in ((8, 1), (10, 0)):
        state = supply_segment({30: {"inf": 1}, 12: {"inf": 1}}, turn=turn, depleted={"12": 100})
        rig(state["side_dice"]["french"], 4)
        state, events = do(state, "french", "end")
        assert stack(state, "french", 12)["inf"] == left, turn
        lost = "lost 1 infantry corps" if left == 0 else "no corps lost"  # as the attrition roll says it
        assert f"Your units in Vilna (12) are unsupplied (Unsupplied Chart): {lost}." in texts(events, "french")


def test_russian_corps_draw_on_the_magazines_of_their_own_victory_places():
    """Reconstructed: a Russian-controlled fort or city supplies Russian corps in it."""
    g = Game(supply_segment({30: {"inf": 1}}, {15: {"inf": 3}}, depleted={"15": 100}))
    assert supply.supplied(g, "russian", 15)
    g.s["control"]["15"] = "french"
    assert not supply.supplied(g, "russian", 15)


def test_the_french_create_a_depot_by_depleting_an_unoccupied_area_with_a_supply_unit():
    """'The French Player may create a mobile Depot Unit by voluntarily 100% depleting an unoccupied area
    with a supply unit.'"""
    state = supply_segment({14: {"supply": 1}, 12: {"inf": 2, "supply": 1}})
    state, events = do(state, "french", "depot 14")
    assert stack(state, "french", 14)["depot"] == 1 and state["depleted"]["14"] == 100
    sentence = refused(state, "french", "depot 12", "Supply")
    assert sentence == ("The area of Vilna (12) is occupied by French corps: a depot is made by 100% depleting "
                        "an unoccupied area; no depot may be made now: `end` the Supply Segment (Supply).")
    empty_vilna = cleared(state, lambda s: s["stacks"]["french"]["12"].update(inf=0))
    assert do(empty_vilna, "french", "depot 12")[0]["stacks"]["french"]["12"]["depot"] == 1
    refused(state, "french", "depot 14", "Supply")  # already 100% depleted
    refused(state, "french", "depot 10", "Supply")  # no supply unit there


def test_a_supply_unit_with_few_corps_depletes_nothing_and_an_area_of_sub_areas_is_named_as_an_area():
    """The Area Depletion Chart with a supply unit starts at 3 corps: two corps with one deplete nothing.
    Vyazma and Borodino are one area (16): its depletion is told as the area's, by its sub-areas' names."""
    state, events = do(supply_segment({12: {"inf": 2, "supply": 1}}), "french", "end")
    assert "12" not in state["depleted"]
    state, events = do(supply_segment({161: {"inf": 1}}), "french", "end")
    assert {"kind": "depletion", "to": "all", "irreversible": True, "text": "St Petersburg (1) and the area of Vyazma "
            "(161) and Borodino (162) are now 50% depleted (Area Depletion Chart)."} in events


def test_the_unsupplied_chart_rolls_for_every_unsupplied_stack_with_corps_and_tells_its_owner():
    """Kovno (11) is supplied, Vilna (12) is not; a supply unit alone in a depleted place has no corps to lose
    and is not told; a roll of 6 costs a corps."""
    state = supply_segment({11: {"inf": 1}, 12: {"inf": 1}, 14: {"supply": 1}},
                           depleted={"12": 100, "14": 100})
    rig(state["side_dice"]["french"], 6)
    state, events = do(state, "french", "end")
    assert [e for e in events if e["kind"] == "unsupplied"] == [
        {"kind": "unsupplied", "to": "french", "text": "Your units in Vilna (12) are unsupplied (Unsupplied Chart): "
         "lost 1 infantry corps.", "irreversible": True, "place": 12}]
    assert "12" not in state["stacks"]["french"] and stack(state, "french", 14)["supply"] == 1


def test_a_depot_is_refused_without_a_supply_unit_in_an_area_with_a_russian_stack_or_a_depleted_one():
    """Each refusal says why, and where a depot may be made instead (or that none may now)."""
    state = supply_segment({14: {"supply": 1}, 18: {"supply": 1}, 10: {"inf": 1}}, {13: {"cav": 1}},
                           depleted={"18": 100})
    assert refused(state, "french", "depot 10", "Supply") == (
        "A depot is created by a supply unit, and you have none in Vitebsk (10); a depot may be made now in Minsk "
        "(14) (Supply).")
    assert refused(supply_segment({10: {"inf": 1}}), "french", "depot 10", "Supply") == (
        "A depot is created by a supply unit, and you have none in Vitebsk (10); no depot may be made now: `end` "
        "the Supply Segment (Supply).")
    assert refused(state, "french", "depot 18", "Supply") == (
        "The area of Mogilev (18) is already 100% depleted: nothing is left to gather; a depot may be made now in "
        "Minsk (14) (Supply).")
    russian = supply_segment({14: {"supply": 1}}, {14: {"cav": 1}})
    assert refused(russian, "french", "depot 14", "Supply") == (
        "The area of Minsk (14) is occupied by a Russian stack: a depot is made by 100% depleting an unoccupied "
        "area; no depot may be made now: `end` the Supply Segment (Supply).")
    borodino = supply_segment({161: {"supply": 1}, 162: {"inf": 1}})
    assert refused(borodino, "french", "depot 161", "Supply") == (
        "The area of Vyazma (161) is occupied by French corps in Borodino (162): a depot is made by 100% depleting "
        "an unoccupied area; no depot may be made now: `end` the Supply Segment (Supply).")
    state, events = do(state, "french", "depot 14")
    assert events == [{"kind": "depot", "to": "all", "text": "The French create a depot in Minsk (14); the area is "
                       "100% depleted (Supply).", "irreversible": False, "place": 14}]
