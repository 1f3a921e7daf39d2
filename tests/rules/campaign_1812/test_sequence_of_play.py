"""SEQUENCE OF PLAY, REINFORCEMENTS and ATTRITION (SPI's 1812 overview), case by case."""
from rules.campaign_1812 import turns
from rules.campaign_1812.game import Game
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, refused, rig, stack, texts
from tests.rules.controls import cleared


def test_the_game_turn_is_russian_player_turn_french_player_turn_then_supply_segment():
    """'Each Game-Turn is divided into three segments: the Russian Player-Turn, the French Player-Turn and
    a Supply Segment.'"""
    state = position({30: {"inf": 9}}, {1: {"inf": 3}}, player="russian", turn=2)
    seen = []
    while state["turn"] == 2:
        step = (state["player"], state["phase"])
        if step not in seen and state["phase"] != "attrition":
            seen.append(step)
        side = c1812.active_sides(state)[0]
        state, _ = c1812.apply(state, side, c1812.legal_commands(state, side)[-1])  # attrit / end
    assert seen == [("russian", "movement"), ("russian", "march"), ("french", "movement"), ("french", "march"),
                    ("french", "supply")]
    assert state["player"] == "russian" and state["turn"] == 3


def test_each_player_turn_is_reinforcements_attrition_movement_march_combat_in_that_order():
    """'each Player adds reinforcements, determines attrition, moves, force marches, and engages in combat,
    in that order.' Turn 3 brings a Russian reinforcement; the attrition roll follows it."""
    state = position({30: {"inf": 2}}, {15: {"inf": 1}}, player="french", phase="march", turn=2)
    state["control"]["15"] = "russian"
    state, _ = do(state, "french", "end")  # French combat (none), the Supply Segment
    state, events = do(state, "french", "end")  # Supply Segment -> Game-Turn 3, Russian Player-Turn
    kinds = [e["kind"] for e in events]
    assert kinds.index("reinforce") < kinds.index("attrition")
    assert stack(state, "russian", 15)["inf"] == 2
    assert state["turn"] == 3 and state["player"] == "russian" and state["phase"] in ("attrition", "movement")


def test_attrition_losses_are_selected_by_the_opponent():
    """'During the attrition phase of each Player-Turn, a die is rolled ... These losses are selected by
    the opponent.' The French roll; the Russian player names the stacks."""
    state = position({12: {"inf": 3}, 30: {"inf": 1, "cav": 1}}, {1: {"inf": 1}}, player="french",
                     phase="attrition", attrition=2)
    assert c1812.active_sides(state) == ["russian"]
    refused(state, "french", "attrit 12", "Sequence of Play")
    state, events = do(state, "russian", "attrit 12")
    assert stack(state, "french", 12)["inf"] == 2
    assert texts(events, "all") == ["Attrition: the Russian player takes a French loss in Vilna (12)."]
    assert texts(events, "french") == ["Attrition in Vilna (12): 1 infantry corps lost; left there: 2 infantry corps."]
    state, _ = do(state, "russian", "attrit 30")
    assert stack(state, "french", 30) == {"inf": 0, "cav": 1, "supply": 0, "depot": 0}  # infantry first
    assert state["phase"] == "movement"


def test_attrition_losses_named_at_once_are_taken_as_named_one_after_another():
    """'These losses are selected by the opponent', nothing rolled between them: `attrit 12 30` leaves the game
    as `attrit 12` then `attrit 30`; every loss at once is offered beside each stack's: where either standing
    order would put them all, and one on each stack."""
    state = position({12: {"inf": 3}, 30: {"inf": 1, "cav": 1}}, {1: {"inf": 1}}, player="french",
                     phase="attrition", attrition=2)
    one_by_one, each = do(state, "russian", "attrit 12", "attrit 30")
    at_once, events = do(state, "russian", "attrit 12 30")
    assert at_once == one_by_one and events == each
    assert [c.to_text() for c in c1812.whole_answers(state, "russian")] == [  # each, then nearest, deepest, spread
        "attrit 12", "attrit 30", "attrit 12 12", "attrit 30 30", "attrit 12 30"]
    assert c1812.whole_answers(state, "french") == [] and c1812.whole_answers(one_by_one, "russian") == []
    refused(state, "russian", "attrit 12 30 12", "Attrition")  # two losses are due
    refused(state, "russian", "attrit 12 14", "Attrition")  # no stack in Minsk: nothing taken


def test_attrition_losses_named_at_once_stop_at_a_stack_an_earlier_one_took_off_the_map():
    """A stack of one corps named twice leaves the map at the first loss, which everyone sees: the order stops
    there and the loss left is chosen again (refused whole, it would tell what the stack held, no loss taken)."""
    state = position({12: {"inf": 1}, 30: {"inf": 3}}, {1: {"inf": 1}}, player="french", phase="attrition",
                     attrition=2)
    after, events = do(state, "russian", "attrit 12 12")
    assert after["phase"] == "attrition" and after["attrition"] == 1 and "12" not in after["stacks"]["french"]
    assert texts(events, "all")[-1] == "Attrition: no French stack is left in Vilna (12); the loss left chosen again."


def test_attrition_names_an_enemy_stack():
    state = position({12: {"inf": 3}}, {1: {"inf": 1}}, player="french", phase="attrition", attrition=1)
    sentence = refused(state, "russian", "attrit 14", "Attrition")
    assert sentence == "There is no French stack in Minsk (14); name one of Vilna (12) (Attrition)."
    control = cleared(state, lambda s: s["stacks"]["french"].update({"14": {"inf": 1, "cav": 0, "supply": 0,
                                                                           "depot": 0}}))
    assert do(control, "russian", "attrit 14")[0]["stacks"]["french"].get("14") is None


def test_french_attrition_is_greater_than_russian_on_every_roll():
    """'French attrition is always greater than Russian attrition': the same die face costs the French more."""
    for face in range(1, 7):
        due = {}
        for side in ("french", "russian"):
            state = position({30: {"inf": 9}}, {1: {"inf": 9}})
            rig(state["dice"], face)
            turns.begin_player_turn(Game(state), side)
            due[side] = state["attrition"]
        assert due["french"] > due["russian"], face


def test_french_reinforcements_enter_on_the_western_edge():
    """REINFORCEMENTS: 'The French must start their reinforcements along the map's western edge'."""
    state = position({12: {"inf": 1}}, {1: {"inf": 1}}, player="russian", phase="march", turn=5)
    state, events = do(state, "russian", "end")
    assert state["player"] == "french"
    assert stack(state, "french", 30)["inf"] == 1 and stack(state, "french", 30)["supply"] == 1
    assert "French reinforcements arrive in East Prussia (30)." in texts(events, "all")
    assert texts(events, "french")[0] == "Your reinforcements in East Prussia (30): 1 infantry corps, 1 supply unit."


def test_russian_reinforcements_appear_only_in_forts_the_russians_control():
    """REINFORCEMENTS: 'The Russian reinforcements appear in forts controlled by the Russians.' Turn 3's
    goes to Smolensk, else Moscow, else Kaluga."""
    state = position({30: {"inf": 1}}, {1: {"inf": 1}}, player="french", phase="supply", turn=2)
    state["control"]["15"] = "french"
    state, events = do(state, "french", "end")
    assert stack(state, "russian", 17)["inf"] == 1 and not stack(state, "russian", 15)["inf"]
    assert "Russian reinforcements arrive in Moscow (17)." in texts(events, "all")


def test_attrition_takes_cavalry_from_a_stack_without_infantry_and_nothing_from_one_without_corps():
    """ATTRITION: the stack named loses an infantry corps, or a cavalry corps when it has none; a stack without
    corps loses nothing and the loss is spent. The refusal lists every stack that may be named."""
    state = position({12: {"cav": 2}, 30: {"supply": 1}, 14: {"inf": 1}}, {1: {"inf": 1}}, player="french",
                     phase="attrition", attrition=2)
    assert refused(state, "russian", "attrit 15", "Attrition") == (
        "There is no French stack in Smolensk (15); name one of Vilna (12), Minsk (14), East Prussia (30) (Attrition).")
    state, events = do(state, "russian", "attrit 12")
    assert events == [
        {"kind": "attrition", "to": "all", "text": "Attrition: the Russian player takes a French loss in Vilna (12).",
         "irreversible": False, "place": 12},
        {"kind": "attrition", "to": "french",
         "text": "Attrition in Vilna (12): 1 cavalry corps lost; left there: 1 cavalry corps.", "irreversible": False}]
    assert stack(state, "french", 12)["cav"] == 1
    state, events = do(state, "russian", "attrit 30")
    assert texts(events, "french") == ["Attrition in East Prussia (30): no corps there to lose, so the loss is spent."]
    assert state["phase"] == "movement"


def test_two_attrition_losses_in_one_place_read_as_two():
    """ATTRITION: the opponent may name one stack for several losses; its owner reads each loss with
    what the stack has left, so the lines add up and none reads as the other said twice. A loss spent
    on a stack without corps says how many are still to be chosen."""
    state = position({30: {"inf": 2, "supply": 1}, 12: {"supply": 1}}, {1: {"inf": 1}}, player="french",
                     phase="attrition", attrition=4)
    said = []
    for place in (30, 12, 30, 30):
        state, events = do(state, "russian", f"attrit {place}")
        said += texts(events, "french")
    assert said == ["Attrition in East Prussia (30): 1 infantry corps lost; left there: 1 infantry corps, 1 supply "
                    "unit.",
                    "Attrition in Vilna (12): no corps there to lose, so the loss is spent (2 more to be chosen).",
                    "Attrition in East Prussia (30): 1 infantry corps lost; left there: 1 supply unit.",
                    "Attrition in East Prussia (30): no corps there to lose, so the loss is spent."]
    assert state["phase"] == "movement"


def test_the_marks_of_movement_are_cleared_when_the_forced_march_begins():
    """The view's count of moved units is of the Movement Phase: at its `end` it goes back to nothing."""
    state, _ = do(position({12: {"inf": 2}}), "french", "move 12 10 1 inf")
    state, events = do(state, "french", "end")
    assert events == [{"kind": "phase", "to": "all", "text": "The French player ends movement; forced marches "
                       "follow.", "irreversible": False}]
    assert [u["moved"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [0, 0]


def test_a_stack_eliminated_in_the_combat_phase_is_told_before_the_supply_segment():
    russian = {n: {"inf": 1} for n in (10, 18, 23, 161)}
    state = position({15: {"cav": 1}}, {**russian, 15: {"inf": 2}}, phase="march")
    state, events = do(state, "french", "end")
    assert [e["kind"] for e in events][:2] == ["phase", "eliminated"]
    assert events[-1] == {"kind": "phase", "to": "all", "text": "Supply Segment.", "irreversible": False}


def test_the_supply_segment_opens_with_its_name_and_each_prompt_says_what_may_be_done():
    """SUPPLY: the French create depots where a supply unit stands in an area no corps occupies, which the
    Russian cannot see. The segment's line names it; the French prompt says whether any depot can be made, the
    Russian's and the public's that the French may create depots. It said 'the French player may create depots
    (`depot <place>`)' to all, above a French prompt saying none could be made."""
    state = position({12: {"inf": 2, "supply": 1}}, {1: {"inf": 1}}, phase="march")
    state, events = do(state, "french", "end")
    assert texts(events)[-1] == "Supply Segment."
    assert c1812.view(state, "french")["prompt"] == ("No depot can be made now: `end` the Supply Segment.\n- a supply "
                                                     "unit makes one in an area no corps occupies")
    assert c1812.view(state, "russian")["prompt"] == c1812.view(state, None)["prompt"] == (
        "The French player may create depots; then the Supply Segment is resolved.")


def test_the_french_remove_a_corps_of_their_choice_told_as_such():
    """VICTORY CONDITIONS: 'the loss of one corps (of his choice)'; the refusal names the corps of each kind
    there are to choose from, and where."""
    state = position({12: {"inf": 1}, 14: {"supply": 1}, 30: {"inf": 2, "cav": 1}}, {1: {"inf": 1}},
                     phase="removal", removal=1, turn=3)
    assert refused(state, "french", "remove 12 cav", "Victory Conditions") == (
        "The French have no cavalry corps in Vilna (12); theirs are infantry corps in Vilna (12), East Prussia (30) "
        "and cavalry corps in East Prussia (30) (Victory Conditions).")
    assert refused(state, "french", "remove 14 inf", "Victory Conditions") == (
        "The French have no infantry corps in Minsk (14); theirs are infantry corps in Vilna (12), East Prussia (30) "
        "and cavalry corps in East Prussia (30) (Victory Conditions).")
    state, events = do(state, "french", "remove 30 inf")
    assert events[:2] == [
        {"kind": "remove", "to": "all", "text": "The French player removes a corps from East Prussia (30) (Victory "
         "Point Index).", "irreversible": True, "place": 30},
        {"kind": "remove", "to": "french", "text": "Removed: 1 infantry corps.", "irreversible": True}]
    assert stack(state, "french", 30)["inf"] == 1 and state["turn"] == 4


def test_a_player_turn_begins_with_its_name_its_reinforcements_and_the_attrition_roll():
    """Game-Turn 8 brings two Russian reinforcements: the first finds none of Riga, St Petersburg and Pskov
    Russian and does not appear; the second comes to Kaluga. A Russian 6 costs a corps, chosen by the French."""
    state = position({30: {"inf": 1}}, {17: {"inf": 2}}, player="french", phase="supply", turn=8, held=(11, 4, 1, 3))
    rig(state["dice"], 6)
    events = turns.begin_player_turn(Game(state), "russian")
    assert events == [
        {"kind": "phase", "to": "all", "text": "Game-Turn 8 (October I): the Russian Player-Turn.",
         "irreversible": False},
        {"kind": "reinforce", "to": "all", "text": "A Russian reinforcement does not appear: the Russians hold none of "
         "the victory places Riga (4), St Petersburg (1), Pskov (3).", "irreversible": False},
        {"kind": "reinforce", "to": "all", "text": "Russian reinforcements arrive in Kaluga (24).",
         "irreversible": False, "place": 24},
        {"kind": "reinforce", "to": "russian", "text": "Your reinforcements in Kaluga (24): 1 cavalry corps.",
         "irreversible": False},
        {"kind": "attrition", "to": "all", "text": "Attrition: Russian die 6, 1 corps lost, chosen by the French "
         "player (Attrition).", "irreversible": False}]
    assert (state["phase"], state["attrition"]) == ("attrition", 1)


def test_winter_is_named_with_the_game_turn_and_no_attrition_due_goes_straight_to_movement():
    """The French attrition table costs a corps on a 1; the Russian one costs none on a 5."""
    state = position({30: {"inf": 2}}, {17: {"inf": 2}}, player="russian", turn=10)
    rig(state["dice"], 1)
    events = turns.begin_player_turn(Game(state), "french")
    assert [e["text"] for e in events] == ["Game-Turn 10 (November I, winter): the French Player-Turn.",
                                           "Attrition: French die 1, 1 corps lost, chosen by the Russian player "
                                           "(Attrition)."]
    state = position({30: {"inf": 2}}, {17: {"inf": 2}}, player="french", turn=2)
    rig(state["dice"], 5)
    events = turns.begin_player_turn(Game(state), "russian")
    assert [e["text"] for e in events] == ["Game-Turn 2 (July I): the Russian Player-Turn.",
                                           "Attrition: Russian die 5, no corps lost (Attrition)."]
    assert (state["phase"], state["attrition"]) == ("movement", 0)


def test_a_place_fought_over_in_one_player_turn_is_fought_over_again_in_the_next():
    """COMBAT 'in each area where both Players have infantry units present during the combat phase of a
    Player-Turn': the Russian attack at Smolensk ends with no effect; in the French Combat Phase both are still
    there, and they fight again."""
    state = position({15: {"inf": 3}}, {15: {"inf": 2}}, player="russian", phase="march")
    state, _ = do(state, "russian", "end", "plan contact")
    state, _ = do(state, "french", "plan entrench")  # Entrench x Contact: no effect
    state, _ = do(state, "russian", *["attrit 15"] * state["attrition"])
    state, _ = do(state, "french", "end", "end")
    assert state["battle"]["place"] == 15


def test_the_marks_of_forced_marches_are_cleared_when_the_combat_phase_begins():
    state = position({12: {"inf": 2}}, {1: {"inf": 1}}, phase="march")
    rig(state["side_dice"]["french"], 4)  # the corps stays
    state, _ = do(state, "french", "march 12 10 1 inf")
    assert [u["marched"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [1]
    state, events = do(state, "french", "end")
    assert events[0] == {"kind": "phase", "to": "all", "irreversible": False, "text": (
        "Combat Phase: no area holds infantry of both players, so no battle is fought (Combat).")}
    assert state["phase"] == "supply"
    assert [u["marched"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == [0]
