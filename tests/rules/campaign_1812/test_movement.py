"""MOVEMENT (SPI's 1812 overview): one area or sub-area a Player-Turn, then forced march with its three outcomes;
supply units never force march; French depots move only with a supply unit."""
import pytest

from rules.core.errors import CommandError
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused, rig, stack, texts
from tests.rules.controls import cleared


def test_each_corps_moves_one_area_or_sub_area():
    """'Each corps can move one area, or sub-area per Player-Turn.' Smolensk to the Vyazma sub-area."""
    state = position({15: {"inf": 3, "cav": 1}})
    state, events = do(state, "french", "move 15 161 2 inf")
    assert stack(state, "french", 161)["inf"] == 2 and stack(state, "french", 15) == \
        {"inf": 1, "cav": 1, "supply": 0, "depot": 0}
    assert texts(events, "all") == ["A French stack moves from Smolensk (15) to Vyazma (161)."]
    assert texts(events, "french") == ["Moved 2 infantry corps from Smolensk (15) to Vyazma (161)."]
    sentence = refused(state, "french", "move 161 162", "Movement")
    assert sentence == ("Nothing in Vyazma (161) may move any more this Player-Turn; yours that may are in Smolensk "
                        "(15) (Movement).")
    sentence = refused(state, "french", "move 15 17", "Movement")
    assert sentence == ("Moscow (17) is not next to Smolensk (15): a move is one area or sub-area, "
                        "to one of Roslavl (23), Vyazma (161), Vitebsk (10), Mogilev (18) (Movement).")
    assert refused(state, "french", "move 15 15", "Movement") == (
        "A stack moves away from its place: a move is one area or sub-area, to one of Vitebsk (10), Mogilev (18), "
        "Roslavl (23), Vyazma (161) (Movement).")
    assert do(state, "french", "move 15 161")[0]["stacks"]["french"]["161"]["cav"] == 1  # the rest may go


def test_a_corps_that_came_into_a_place_may_not_move_on_when_another_there_does():
    """'Each corps can move one area, or sub-area per Player-Turn' (option corps_move_once): two corps
    move from Vilna into Vitebsk, where one stood; that one goes on to Polotsk, and the two may not.
    The first reading let one of them move again."""
    state = position({12: {"inf": 2}, 10: {"inf": 1}}, options=["corps_move_once"])
    state, _ = do(state, "french", "move 12 10", "move 10 9 1 inf")
    assert stack(state, "french", 10)["inf"] == 2 and stack(state, "french", 9)["inf"] == 1
    sentence = refused(state, "french", "move 10 9 1 inf", "Movement")
    assert sentence == "Vitebsk (10) holds nothing free to move this Player-Turn, not 1 infantry corps (Movement)."
    first = position({12: {"inf": 2}, 10: {"inf": 1}}, options=[])
    first, _ = do(first, "french", "move 12 10", "move 10 9 1 inf", "move 10 9 1 inf")
    assert stack(first, "french", 9)["inf"] == 2


def test_a_forced_march_takes_its_own_marks_and_leaves_those_that_stayed():
    """A corps tries one forced march a Player-Turn (reconstructed): of two corps that try, the one
    that arrives takes its mark along, and the one the table holds back stays marked."""
    state = position({15: {"inf": 2}}, phase="march", options=["corps_move_once"])
    rig(state["side_dice"]["french"], 1, 4)  # the Forced March Table: 1 marches, 4 stays
    state, _ = do(state, "french", "march 15 10")
    assert stack(state, "french", 10)["inf"] == 1 and stack(state, "french", 15)["inf"] == 1
    assert state["marched"]["15"]["inf"] == 1 and state["marched"]["10"]["inf"] == 1


def test_a_corps_that_has_not_tried_a_forced_march_still_may_when_others_marched_on():
    """Of three corps, two try (one arrives, one stays): the third, which never tried, may still
    force march; the one that stayed may not."""
    state = position({15: {"inf": 3}}, phase="march", options=["corps_move_once"])
    rig(state["side_dice"]["french"], 1, 4)  # the Forced March Table: 1 marches, 4 stays
    state, _ = do(state, "french", "march 15 10 2 inf")
    assert stack(state, "french", 15)["inf"] == 2 and state["marched"]["15"]["inf"] == 1
    refused(do(state, "french", "march 15 10")[0], "french", "march 15 10", "Movement: Forced March")


def test_a_stack_may_not_move_more_than_it_holds():
    state = position({15: {"inf": 1}})
    sentence = refused(state, "french", "move 15 10 2 inf", "Movement")
    assert sentence == ("Smolensk (15) holds 1 infantry corps free to move this Player-Turn, "
                        "not 2 infantry corps (Movement).")


def test_french_depots_move_only_with_a_supply_unit():
    """'French depot units can only move if accompanied by a supply unit.'"""
    state = position({15: {"inf": 1, "supply": 1, "depot": 1}})
    refused(state, "french", "move 15 10 1 depot", "Movement")
    state, _ = do(state, "french", "move 15 10 1 depot 1 supply")
    assert stack(state, "french", 10) == {"inf": 0, "cav": 0, "supply": 1, "depot": 1}


def test_russian_depots_move_without_a_supply_unit():
    """Reconstructed from the seed naming only French depots: a Russian depot moves on its own."""
    state = position(russian={15: {"depot": 1}}, player="russian")
    assert do(state, "russian", "move 15 10")[0]["stacks"]["russian"]["10"]["depot"] == 1


@pytest.mark.parametrize("line", ["move ² 10", "attrit ²", "move 15 10 ² inf"])
def test_a_digit_python_reads_but_int_does_not_is_refused_with_a_sentence(line):
    """'²' is a digit to str.isdigit and not to int(): the place or count is refused in a sentence
    that says how to name one, never with a traceback."""
    with pytest.raises(CommandError, match="not a place: name areas|give a count and one of inf"):
        c1812.parse("french", line)


def test_supply_units_may_not_force_march():
    """'Supply units may move one area per Player-Turn and may not force march.'"""
    with pytest.raises(CommandError, match="Supply units may not force march"):
        c1812.parse("french", "march 15 10 1 supply")
    state = position({15: {"inf": 1, "supply": 1}}, phase="march")
    state, _ = do(state, "french", "march 15 10")
    assert stack(state, "french", 15)["supply"] == 1  # the corps alone tried


@pytest.mark.parametrize("face,arrive,stay,lost", [(1, 1, 0, 0), (4, 0, 1, 0), (6, 0, 0, 1)])
def test_forced_march_succeeds_is_not_permitted_or_eliminates(face, arrive, stay, lost):
    """'The result is either a successful forced march, elimination of the unit, or the forced march is not
    permitted -- the unit stays where it is.' One die per corps, on the Forced March table."""
    state = position({15: {"inf": 1}}, phase="march")
    rig(state["side_dice"]["french"], face)
    state, events = do(state, "french", "march 15 10")
    assert (stack(state, "french", 10)["inf"], stack(state, "french", 15)["inf"]) == (arrive, stay)
    assert texts(events, "all") == ["The French player force marches from Smolensk (15) toward Vitebsk (10)."]
    told = {(1, 0, 0): "1 infantry corps arrived", (0, 1, 0): "nothing arrived; 1 infantry corps stayed",
            (0, 0, 1): "nothing arrived; 1 infantry corps eliminated"}[arrive, stay, lost]
    assert texts(events, "french")[0] == f"Forced march from Smolensk (15) to Vitebsk (10): {told}."


def test_a_corps_force_marches_once_a_player_turn():
    state = position({15: {"inf": 1}}, phase="march")
    rig(state["side_dice"]["french"], 1)
    state, _ = do(state, "french", "march 15 10")
    sentence = refused(state, "french", "march 10 7", "Movement: Forced March")
    assert sentence.startswith("Nothing in Vitebsk (10) may force march any more")
    control = cleared(state, lambda s: s.update(marched={}))
    assert do(control, "french", "march 10 7")[0]["marched"]


def test_movement_comes_before_forced_march():
    """'After a Player has moved all of his units, he may force march an additional area.'"""
    state = position({15: {"inf": 1}})
    refused(state, "french", "march 15 10", "Movement")
    state, _ = do(state, "french", "move 15 10", "end")
    assert state["phase"] == "march"
    refused(state, "french", "move 10 7", "Movement: Forced March")


def test_forced_march_rolls_on_the_winter_table_in_winter_and_counts_every_corps():
    """WINTER (reconstructed): a 3 marches in summer and stays in winter; two corps that both arrive are
    told as two; the event says from where and to where, for the front ends."""
    for turn, arrived in ((2, 1), (10, 0)):
        state = position({15: {"inf": 1}}, phase="march", turn=turn)
        rig(state["side_dice"]["french"], 3)
        state, _ = do(state, "french", "march 15 10")
        assert stack(state, "french", 10)["inf"] == arrived, turn
    state = position({15: {"inf": 2}}, phase="march")
    rig(state["side_dice"]["french"], 1, 1)
    state, events = do(state, "french", "march 15 10")
    assert events[0] == {"kind": "march", "to": "all", "text": "The French player force marches from Smolensk (15) "
                         "toward Vitebsk (10).", "irreversible": True, "origin": 15, "dest": 10}
    assert texts(events, "french")[0] == "Forced march from Smolensk (15) to Vitebsk (10): 2 infantry corps arrived."


@pytest.mark.parametrize("faces, told", [
    ((4, 4), "nothing arrived; 2 infantry corps stayed"),
    ((1, 6), "1 infantry corps arrived; 1 infantry corps eliminated"),
    ((6, 4, 1), "1 infantry corps arrived; 1 infantry corps stayed; 1 infantry corps eliminated")])
def test_a_forced_march_tells_its_marcher_what_arrived_and_only_the_fates_a_corps_met(faces, told):
    """The Forced March Table's three results: whether any arrived is always said; 'stayed' and 'eliminated' only
    when a corps met them (it read 'stayed nothing; eliminated nothing' after every march that went well), each
    after what met it ('nothing arrived; 2 infantry corps stayed', where it read 'arrived nothing; stayed ...')."""
    state = position({15: {"inf": len(faces)}}, phase="march")
    rig(state["side_dice"]["french"], *faces)
    _, events = do(state, "french", "march 15 10")
    assert texts(events, "french")[0] == f"Forced march from Smolensk (15) to Vitebsk (10): {told}."


def test_the_corps_that_tried_a_forced_march_are_marked_and_the_others_stay_free():
    """Three corps, two try (a 6: eliminated, a 4: stays): the one that stayed has tried; the third may still try."""
    state = position({15: {"inf": 3}}, phase="march")
    rig(state["side_dice"]["french"], 6, 4)
    state, _ = do(state, "french", "march 15 10 2 inf")
    assert stack(state, "french", 15)["inf"] == 2
    assert [u["marched"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [1]
    assert refused(state, "french", "march 15 10 2 inf", "Movement: Forced March") == (
        "Smolensk (15) holds 1 infantry corps free to force march this Player-Turn, not 2 infantry corps "
        "(Movement: Forced March).")


def test_a_forced_march_refused_counts_corps_alone_and_says_where_corps_may_still_go():
    """MOVEMENT: 'Supply units may move one area per Player-Turn and may not force march': a refusal counts a
    stack's corps free to march, never its supply units, and a place with none names those that have some."""
    state = position({15: {"inf": 1, "supply": 1}, 10: {"supply": 1}}, phase="march")
    assert refused(state, "french", "march 15 161 2 inf", "Movement: Forced March") == (
        "Smolensk (15) holds 1 infantry corps free to force march this Player-Turn, not 2 infantry corps "
        "(Movement: Forced March).")
    assert refused(state, "french", "march 10 12", "Movement: Forced March") == (
        "Nothing in Vitebsk (10) may force march any more this Player-Turn; yours that may are in Smolensk (15) "
        "(Movement: Forced March).")
    assert refused(position({10: {"supply": 1}}, phase="march"), "french", "march 10 12",
                   "Movement: Forced March") == ("Nothing in Vitebsk (10) may force march any more this Player-Turn; "
                                                 "none of yours may: `end` (Movement: Forced March).")


def test_a_leader_follows_a_forced_march_only_when_no_corps_stays_behind():
    """Leaders: he never force marches himself; he goes when the last corps of his place leave it."""
    napoleon = {"name": "Napoleon", "place": 15, "rating": 2, "moved": False}
    state = position({15: {"inf": 2}}, phase="march", options=["leaders"], leaders={"french": napoleon})
    rig(state["side_dice"]["french"], 1)
    state, _ = do(state, "french", "march 15 10 1 inf")
    assert state["leaders"]["french"]["place"] == 15
    state = position({15: {"inf": 1}}, phase="march", options=["leaders"], leaders={"french": napoleon})
    rig(state["side_dice"]["french"], 1)
    state, events = do(state, "french", "march 15 10")
    assert state["leaders"]["french"]["place"] == 10
    assert texts(events, "french")[-1] == "Napoleon goes with them to Vitebsk (10)."


def test_a_move_is_refused_from_a_place_without_a_stack_or_to_a_place_off_the_map():
    state = position({12: {"inf": 1}, 30: {"inf": 1}})
    assert refused(state, "french", "move 15 10", "Movement") == (
        "You have no stack in Smolensk (15); yours are in Vilna (12), East Prussia (30) (Movement).")
    assert refused(state, "french", "move 12 99", "The Game Map") == (
        "There is no place 99 on the map: name an area by its number, 1 to 36, or a sub-area: Vyazma (161), Borodino "
        "(162), Pinsk (211), Turov (212) (The Game Map).")


def test_a_whole_french_stack_leaves_its_depot_without_a_supply_unit_and_takes_it_with_one():
    """'French depot units can only move if accompanied by a supply unit': `move 12 10` moves every unit that may
    go; the events say from where and to where."""
    state, events = do(position({12: {"inf": 2, "depot": 1}}), "french", "move 12 10")
    assert stack(state, "french", 12)["depot"] == 1 and stack(state, "french", 10)["inf"] == 2
    assert events[:2] == [
        {"kind": "move", "to": "all", "text": "A French stack moves from Vilna (12) to Vitebsk (10).",
         "irreversible": False, "origin": 12, "dest": 10},
        {"kind": "move", "to": "french", "text": "Moved 2 infantry corps from Vilna (12) to Vitebsk (10).",
         "irreversible": False}]
    state, _ = do(position({12: {"inf": 1, "supply": 1, "depot": 1}}), "french", "move 12 10")
    assert stack(state, "french", 10) == {"inf": 1, "cav": 0, "supply": 1, "depot": 1}
    assert refused(position({12: {"inf": 1, "supply": 1, "depot": 1}}), "french", "move 12 10 1 depot",
                   "Movement") == ("French depot units can only move if accompanied by a supply unit: add `1 supply` "
                                   "(1 supply unit free in Vilna (12)) (Movement).")


def test_a_depot_whose_supply_unit_has_moved_is_told_it_stays():
    """'French depot units can only move if accompanied by a supply unit': with none free to go, the refusal
    offers none."""
    state = position({12: {"inf": 1, "supply": 1, "depot": 1}},
                     moved={"12": {"inf": 0, "cav": 0, "supply": 1, "depot": 0}})
    assert refused(state, "french", "move 12 10 1 depot", "Movement") == (
        "French depot units can only move if accompanied by a supply unit: no supply unit in Vilna (12) is free to "
        "go with it, so the depot stays (Movement).")


def test_a_named_leader_goes_with_the_corps_named_though_others_stay():
    napoleon = {"name": "Napoleon", "place": 12, "rating": 2, "moved": False}
    state = position({12: {"inf": 2, "cav": 1}}, options=["leaders"], leaders={"french": napoleon})
    state, _ = do(state, "french", "move 12 10 1 inf 1 cav leader")
    assert state["leaders"]["french"]["place"] == 10


def test_a_supply_unit_does_not_try_a_forced_march_with_its_corps():
    """'Supply units ... may not force march': `march 15 10` tries the corps alone, and only they are marked."""
    state = position({15: {"inf": 1, "supply": 1}}, phase="march")
    rig(state["side_dice"]["french"], 4)  # the corps stays
    state, _ = do(state, "french", "march 15 10")
    assert [u["marched"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [1]


def test_corps_that_arrive_by_forced_march_leave_the_others_free_to_try():
    state = position({15: {"inf": 3}}, phase="march")
    rig(state["side_dice"]["french"], 1)
    state, _ = do(state, "french", "march 15 10 1 inf")
    assert [u["marched"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [1, 0]
    state, events = do(state, "french", "march 15 10 2 inf")
    assert texts(events, "french")[0].startswith(
        "Forced march from Smolensk (15) to Vitebsk (10): 1 infantry corps arrived")


def test_a_refusal_names_the_places_nearest_the_one_asked_and_how_many_more():
    """THE GAME MAP: 'Areas are also numbered and named': a refusal read 'yours are in 5, 6, 11, 12, 13, 14, 30, 31',
    numbers a player must look up on the map; it names each place with its number, those nearest the place asked
    first, and past six the five nearest and how many more, at a phone's width."""
    state = position({n: {"inf": 1} for n in (5, 6, 11, 12, 13, 14, 30, 31)})
    assert refused(state, "french", "move 15 10", "Movement") == (
        "You have no stack in Smolensk (15); yours are in Vilna (12), Minsk (14), Dinaburg (6), Kovno (11), Grodno "
        "(13) and 3 more (Movement).")
    assert refused(state, "french", "move 13 17", "Movement") == (
        "Moscow (17) is not next to Grodno (13): a move is one area or sub-area, to one of Kovno (11), Vilna (12), "
        "Minsk (14), East Prussia (30), Pinsk (211) and 2 more (Movement).")
