"""VICTORY CONDITIONS (SPI's 1812 overview): forts 1, Kiev 3, St Petersburg 5, Moscow 5; 22 to win; a French corps
of his choice removed in every Game-Turn the Victory Point Index is not met."""
from rules.campaign_1812.game import Game
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused, stack, texts


def test_victory_points_count_forts_kiev_and_the_capitals():
    g = Game(position(held=(11, 12, 27, 17)))
    assert g.vp() == 1 + 1 + 3 + 5


def test_french_infantry_alone_takes_control_at_the_end_of_the_player_turn():
    """Reconstructed control: French infantry holding a victory place with no Russian unit there."""
    state = position({12: {"inf": 1}, 13: {"cav": 1}}, {1: {"inf": 1}}, phase="march")
    state, events = do(state, "french", "end")
    assert state["control"]["12"] == "french" and state["control"]["13"] == "russian"
    assert "Vilna (12) passes to the French (1 point)." in texts(events, "all")


def test_short_of_the_index_the_french_remove_a_corps_of_their_choice():
    """'the French Player totals his Victory Points and suffers the loss of one corps (of his choice) in the
    event he has less Victory Points than the required total for that Game-Turn.' Turn 3's index is 3."""
    state = position({30: {"inf": 2, "cav": 1}}, {1: {"inf": 1}}, phase="supply", turn=3)
    state, events = do(state, "french", "end")
    assert state["phase"] == "removal" and c1812.active_sides(state) == ["french"]
    assert "The French fall short of the Victory Point Index (1 Victory Point, 3 needed): the French player " \
           "removes a corps of his choice (`remove <place> inf|cav`)." in texts(events, "all")
    refused(state, "french", "remove 12 inf", "Victory Conditions")
    state, _ = do(state, "french", "remove 30 cav")
    assert stack(state, "french", 30) == {"inf": 2, "cav": 0, "supply": 0, "depot": 0}
    assert state["turn"] == 4 and state["player"] == "russian"


def test_meeting_the_index_costs_nothing():
    state = position({30: {"inf": 2}}, {1: {"inf": 1}}, phase="supply", turn=3, held=(11, 12, 13))
    state, events = do(state, "french", "end")
    assert "The French meet the Victory Point Index: 3 Victory Points, 3 needed." in texts(events, "all")
    assert state["turn"] == 4


def test_twenty_two_points_at_the_end_win_for_the_french_fewer_for_the_russians():
    """'The French Player needs 22 Victory Points to win ... The Russian Player wins if he can prevent the
    French Player from reaching his required total by game's end.'"""
    moscow_and_more = (17, 1, 27, 11, 12, 13, 14, 20, 10, 15)  # 5 + 5 + 3 + 7 forts = 20
    short = position({30: {"inf": 2}}, {36: {"inf": 1}}, phase="supply", turn=13, held=moscow_and_more)
    short, _ = do(short, "french", "end", "remove 30 inf")  # the last index (22) not met either
    assert c1812.outcome(short) == {"winner": "russian", "level": "marginal",
                                    "reason": "the French hold 20 Victory Points; they needed 22"}
    state = position({30: {"inf": 2}}, {36: {"inf": 1}}, phase="supply", turn=13, held=moscow_and_more + (9, 18))
    state, events = do(state, "french", "end")
    assert c1812.active_sides(state) == [] and state["phase"] == "over"
    assert c1812.outcome(state) == {"winner": "french", "level": "marginal",
                                    "reason": "the French hold 22 Victory Points; they needed 22"}


def test_control_changes_are_told_in_place_order_with_their_points():
    """Novgorod (2) and Vitebsk (10) both fall to French infantry; Moscow (17) is worth 5 points."""
    state = position({2: {"inf": 1}, 10: {"inf": 1}, 17: {"inf": 1}}, {36: {"inf": 1}}, phase="march")
    _, events = do(state, "french", "end")
    assert [e for e in events if e["kind"] == "control"] == [
        {"kind": "control", "to": "all", "text": f"{name} passes to the French ({points}).", "irreversible": False,
         "place": place} for place, name, points in ((2, "Novgorod (2)", "1 point"), (10, "Vitebsk (10)", "1 point"),
                                                     (17, "Moscow (17)", "5 points"))]


def test_control_stays_where_both_sides_hold_corps_and_the_russians_retake_with_any_corps():
    """After a battle with no effect both stacks stay: neither side takes the place (Smolensk stays Russian,
    Vilna French); Russian infantry with cavalry retake Kovno, where the French have no corps."""
    russian = {15: {"inf": 2}, 12: {"inf": 1}, 11: {"inf": 1, "cav": 1}}
    state = position({15: {"inf": 3}, 12: {"inf": 1, "cav": 1}}, russian, player="russian", phase="march",
                     held=(11, 12))
    state, _ = do(state, "russian", "end", "plan contact")
    state, _ = do(state, "french", "plan entrench")  # Entrench x Contact: no effect, at Vilna
    state, _ = do(state, "russian", "plan contact")
    state, events = do(state, "french", "plan entrench")  # and at Smolensk
    assert (state["control"]["15"], state["control"]["12"], state["control"]["11"]) == ("russian", "french", "russian")


def test_the_grande_armee_without_a_corps_loses_decisively_and_the_game_has_no_player():
    """Short of the index with no corps to remove, the index is told as not met (it read 'French 1, index 6: met')."""
    state = position({30: {"supply": 1}}, {36: {"inf": 1}}, phase="supply", turn=5)
    state, events = do(state, "french", "end")
    assert c1812.outcome(state) == {"winner": "russian", "level": "decisive",
                                    "reason": "the Grande Armee has no corps left"}
    assert events[-2:] == [
        {"kind": "victory", "to": "all", "text": "The French fall short of the Victory Point Index (1 Victory "
         "Point, 6 needed) and have no corps left to remove.", "irreversible": True},
        {"kind": "outcome", "to": "all", "text": "The game is over: Russian decisive victory (the Grande Armee has no "
         "corps left).", "irreversible": True}]
    assert c1812.view(state, None)["player"] is None


def test_short_of_the_index_the_removal_is_told_as_a_victory_event():
    state = position({30: {"inf": 2}}, {1: {"inf": 1}}, phase="supply", turn=3)
    _, events = do(state, "french", "end")
    assert events[-1] == {"kind": "victory", "to": "all", "text": "The French fall short of the Victory Point Index "
                          "(1 Victory Point, 3 needed): the French player removes a corps of his choice "
                          "(`remove <place> inf|cav`).", "irreversible": True}


def test_a_command_after_the_end_is_refused_with_the_reason_the_game_ended():
    short = position({30: {"inf": 2}}, {36: {"inf": 1}}, phase="supply", turn=13,
                     held=(17, 1, 27, 11, 12, 13, 14, 20, 10, 15))
    short, _ = do(short, "french", "end", "remove 30 inf")
    for side in ("french", "russian"):
        assert refused(short, side, "end", "Victory Conditions") == (
            "The game is over; the French hold 20 Victory Points; they needed 22 (Victory Conditions).")
