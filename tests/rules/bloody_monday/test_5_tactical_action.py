"""5.0-5.2 and 5.4: the Tactical Action: leader activation limited by the supreme commander's
strength, tactical range, who is commanded, artillery activation, inspiration, new engagements
limited and mandatory, deactivation; FAQ 4-7, 12, 13."""
from __future__ import annotations

from rules.bloody_monday import impulses, movement
from rules.bloody_monday.bm_data import areas
from tests.rules.bloody_monday.bm_helpers import at, do, game, position, refused, refused_then_accepted, strength

AREAS = areas()


def ring(origin: int, steps: int) -> list[int]:
    """French-controlled areas exactly `steps` areas from `origin` over French-controlled areas."""
    dist = {origin: 0}
    frontier = [origin]
    for d in range(1, steps + 1):
        frontier = [n for a in frontier for n in sorted(AREAS[a].neighbours)
                    if n not in dist and AREAS[n].control == "french"]
        for n in frontier:
            dist[n] = d
    return sorted(n for n, d in dist.items() if d == steps)


def test_5_1_activations_limited_by_the_supreme_commanders_strength():
    """5.1: "the Phasing Player can activate a number of not exhausted Tactical Leaders, up to his
    Supreme Commander's Strength" (Napoleon at 2 stars: two)."""
    state = position({"F-NAP": (21, 2), "F-I-D": 21, "F-III-N": 21, "F-IV-E": 22})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-III-N")
    _, state = refused_then_accepted(state, "french", "activate F-IV-E", "5.1",
                                     lambda s: s["blocks"]["F-NAP"].update(strength=3))  # three stars
    assert state["blocks"]["F-IV-E"]["activated"]


def test_5_1_exhausted_leaders_and_9_7():
    """5.1: "Exhausted Tactical Leaders (Heart Level) cannot be activated"; 9.7: they can, after a
    fresh one, with range 0, and are not reduced."""
    state = position({"F-I-D": (21, 1), "F-III-N": 21})
    refused_then_accepted(do(state, "french", "tactical")[0], "french", "activate F-I-D", "5.1",
                          lambda s: s["blocks"]["F-I-D"].update(strength=2))  # no longer at heart level
    state = position({"F-I-D": (21, 1), "F-III-N": 21}, options=["exhausted_leaders"])
    state, _ = do(state, "french", "tactical")
    refused(state, "french", "activate F-I-D", "9.7")
    state, _ = do(state, "french", "activate F-III-N", "activate F-I-D", "end")
    assert strength(state, "F-I-D") == 1 and strength(state, "F-III-N") == 3


def test_5_1_a_leader_moves_up_to_4_mps_then_activates():
    """5.1: "A Tactical Leader has 5 MPs which allows him to move up to 4 MPs and then activate"."""
    state = position({"F-I-D": 21})
    far = ring(21, 5)[0]
    state, _ = do(state, "french", "tactical")
    refused(state, "french", f"activate F-I-D {far}", "2.1")
    state, _ = do(state, "french", f"activate F-I-D {ring(21, 2)[0]}")
    assert at(state, "F-I-D") == ring(21, 2)[0] and state["blocks"]["F-I-D"]["activated"]


def test_5_1_commands_its_area_and_its_colour_in_range():
    """5.1: a leader commands "any Units in the Area where it has been activated" and "Units of its
    color (or Militia) in its Tactical Range"; others do not move."""
    near = ring(21, 1)[0]
    state = position({"F-I-D": 21, "F-IV-13": 21, "F-I-1": near, "F-IV-14": near})
    state, _ = do(state, "french", "tactical", "activate F-I-D", f"move F-IV-13 {near}", "move F-I-1 21")
    refused(state, "french", "move F-IV-14 21", "5.1")


def test_5_1_1_tactical_range_by_strength():
    """5.1.1: the range grows with the leader's strength (reconstructed: one area per star)."""
    two, three = ring(21, 2)[0], ring(21, 3)[0]

    def activated(stars: int) -> dict:
        state = position({"F-I-D": (21, stars), "F-I-1": two, "F-I-2": three})
        return do(state, "french", "tactical", "activate F-I-D", f"move F-I-1 {ring(21, 1)[0]}")[0]

    _, state = refused_then_accepted(activated(2), "french", f"move F-I-2 {two}", "5.1",
                                     lambda s: s.update(activated(3)))  # three stars reach three areas
    assert at(state, "F-I-2") == two


def test_5_1_1_range_does_not_pass_through_contested_areas():
    """5.1.1: the path "must neither pass through nor end in any enemy controlled or contested Area"."""
    near = ring(21, 1)[0]
    state = position({"F-I-D": 21, "R-1-1J": 21, "F-I-1": near})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    _, state = refused_then_accepted(state, "french", f"move F-I-1 {ring(21, 2)[0]}", "5.1",
                                     lambda s: s["blocks"]["R-1-1J"].update(where="pool", area=None))
    assert at(state, "F-I-1") == ring(21, 2)[0]


def test_5_2_1_activating_artillery_costs_one_mp_and_reveals_it():
    """5.2.1 / 2.6.1: "Activating an Artillery costs ONE extra MP after moving and the Artillery is
    revealed"."""
    state = position({"F-I-D": 21, "F-I-A1": 21})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    refused(state, "french", f"activate F-I-A1 {ring(21, 3)[0]}", "2.1")
    state, _ = do(state, "french", f"activate F-I-A1 {ring(21, 1)[0]}")
    assert state["blocks"]["F-I-A1"]["activated"]


def test_5_2_2_inspiration_one_adjacent_unit_of_the_leaders_colour():
    """5.2.2: "each activated Tactical Leader can Inspire one of its Combat Units"; "of the Tactical
    Leader's color (or a Militia) and adjacent to it"."""
    near = ring(21, 1)[0]
    state = position({"F-I-D": 21, "F-I-1": near, "F-I-2": near, "F-IV-13": near})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    refused(state, "french", "inspire F-I-D F-IV-13", "5.2.2")
    state, _ = do(state, "french", "inspire F-I-D F-I-1")
    assert "yellow" in state["blocks"]["F-I-1"]["cubes"]
    refused(state, "french", "inspire F-I-D F-I-2", "5.2.2")


def test_2_6_3_new_engagements_limited_by_activated_leaders():
    """5.1: "For each activated TL, the Phasing Player may either make ONE new engagement ..."."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-2": 16, "R-1-1J": 54, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "move F-I-1 54")
    refused(state, "french", "move F-I-2 42", "5.1, 2.6.3")


def test_faq_5_new_engagements_must_be_fought():
    """FAQ 5: "Can a player choose to not resolve the Battle for a newly Contested Area? No."."""
    state = position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "move F-I-1 42")
    assert "battle 42" in refused(state, "french", "end", "5.3")


def test_faq_5_the_refusal_to_end_names_every_battle_due():
    """FAQ 5: with two battles due, `end` refused named only the first; the player must fight both."""
    state = position({"F-I-D": 16, "F-III-N": 16, "F-I-1": 16, "F-I-2": 16, "R-1-2J": 42, "R-1-1J": 54})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-III-N", "move F-I-1 42",
                  "move F-I-2 54")
    assert refused(state, "french", "end", "5.3") == (
        "Battles in newly contested areas are mandatory (FAQ 5): `battle 42` or `battle 54` (5.3).")


def test_faq_4_and_6_old_contests_need_no_battle():
    """FAQ 6: "Only Battles in newly Contested Areas are mandatory"."""
    state = position({"F-I-D": 16, "F-I-1": 42, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "end")
    assert state["player"] == "russian" and state["impulse"] is None


def test_5_4_leaders_reduced_and_concealed_after_the_impulse():
    """5.4: "Tactical Leaders are reduced and then concealed; Artillery are concealed"."""
    state = position({"F-I-D": 21, "F-I-A1": 21})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "end")
    assert strength(state, "F-I-D") == 3 and strength(state, "F-I-A1") == 4
    assert not state["blocks"]["F-I-D"]["activated"] and not state["blocks"]["F-I-A1"]["activated"]


def test_faq_12_and_13_a_leader_moves_unactivated_with_another_in_its_area():
    """FAQ 12: a leader moves without activating "only if another Tactical Leader has been activated
    in the same Area"; FAQ 13: that does not count toward the activations (Napoleon at 2 stars)."""
    state = position({"F-NAP": (22, 2), "F-I-D": 21, "F-III-N": 21, "F-IV-E": 21, "F-V-P": 20})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-IV-E",
                  f"move F-III-N {ring(21, 1)[0]}")
    assert not state["blocks"]["F-III-N"]["activated"]
    refused(state, "french", "move F-V-P 21", "5.1")


def test_faq_7_battles_one_at_a_time_new_engagements_first():
    """5.3: "in the order chosen by the Phasing Player, New Engagements always first"; FAQ 7: "Yes, one
    at a time"."""
    state = position({"F-I-D": 16, "F-III-N": 16, "F-I-2": 16, "F-I-1": (42, 4), "R-1-2J": (42, 1),
                      "R-1-1J": (54, 1)})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-III-N", "move F-I-2 54")
    refused(state, "french", "battle 42", "5.3")
    state, _ = do(state, "french", "battle 54")
    while state["battle"]:
        side = state["battle"]["choice"]["side"]
        state, _ = do(state, side, f"hit {state['battle']['choice']['candidates'][0]}")
    state, _ = do(state, "french", "battle 42")
    assert state["impulse"]["fought"][:2] == [54, 42]


def test_leaders_may_be_named_as_the_rule_book_names_them():
    """Unit Name Abbreviations: "D (French Leader) = Davout", "BT (Russian Leader) = Barclay de Tolly":
    players type the leader's name (or its first word) as well as the id or label."""
    from rules import load
    from rules.bloody_monday.game import Game

    state = load("bloody_monday").setup("bloody_monday", 5)
    game = Game(state)
    assert game.resolve("french", "davout") == game.resolve("french", "D") == "F-I-D"
    assert game.resolve("russian", "Barclay") == game.resolve("russian", "barclay de tolly") == "R-1-BT"
    assert game.resolve("french", "Napoleon") == "F-NAP"


def test_5_4_a_leader_at_two_steps_is_reduced_to_one_and_the_impulse_s_cubes_come_off():
    """5.4: "Tactical Leaders are reduced and then concealed"; a leader on its 2 edge ends on its 1
    (heart) edge. The yellow and light blue cubes the impulse left (5.2.2, 1.2.3; after a battle
    "The Phasing Player removes yellow and light blue cubes from the Area", 5.3) come off too; an
    isolated unit's white cube stays (4.1)."""
    state = position({"F-I-D": (21, 2), "F-I-1": 21, "F-I-2": 100})  # F-I-2 cut off: isolated (4.1)
    state["blocks"]["F-I-1"]["cubes"] = ["light_blue", "yellow"]
    state, events = do(state, "french", "tactical", "activate F-I-D", "end")
    assert strength(state, "F-I-D") == 1 and state["blocks"]["F-I-D"]["activated"] is False
    assert state["blocks"]["F-I-1"]["cubes"] == [] and state["blocks"]["F-I-2"]["cubes"] == ["white"]
    phases = [(e["kind"], e["text"], e.get("player")) for e in events if e["kind"] == "phase"]
    assert phases == [("phase", "French support units deactivate; activated leaders are reduced (5.4).", None),
                      ("phase", "Russian impulse (4.0).", "russian")]


def test_5_1_no_leader_is_activated_once_a_unit_has_moved():
    """5.0, 5.1: the activation segment comes before the movement segment: after a move, no more
    leaders are activated."""
    near = ring(21, 1)[0]
    state = position({"F-I-D": 21, "F-III-N": 21, "F-IV-13": 21})
    state, _ = do(state, "french", "tactical", "activate F-I-D", f"move F-IV-13 {near}")
    refused(state, "french", "activate F-III-N", "5.1")


def test_5_1_each_activated_leader_commands_its_own_units():
    """5.1: each activated leader commands the units of its area: with two leaders activated far
    apart, the units of the first leader's area still move."""
    far = ring(21, 4)[0]
    state = position({"F-I-D": 21, "F-IV-13": 21, "F-III-N": far})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-III-N", f"move F-IV-13 {ring(21, 1)[0]}")
    assert at(state, "F-IV-13") == ring(21, 1)[0]


def test_5_1_a_leader_in_a_contested_area_commands_no_enemy_block():
    """5.1: a leader commands "any Units in the Area" of its own side: the Russian jager sharing the
    contested area 42 is not among them."""
    state = position({"F-I-D": 42, "F-I-1": 42, "R-1-2J": 42})
    assert impulses.commanded_by(game(state), "F-I-D") == {"F-I-1"}


def test_5_1_the_units_commanded_are_fixed_when_the_activation_segment_ends():
    """5.1: the units commanded are those of the leader's area when the activation segment ends: a
    unit that moved off stays commanded (Napoleon, in the area, is commanded too: FAQ 10)."""
    near = ring(21, 1)[0]
    state = position({"F-I-D": 21, "F-IV-13": 21})
    state, _ = do(state, "french", "tactical", "activate F-I-D", f"move F-IV-13 {near}")
    assert impulses.commanded(game(state)) == ["F-IV-13", "F-NAP"]


def test_faq_5_a_battle_fought_need_not_be_fought_again():
    """FAQ 5: battles in newly contested areas are mandatory, once: area 42, still contested after
    its battle, does not keep the impulse from ending."""
    state = position({"F-I-D": 16, "F-I-1": 42, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    state["impulse"].update(new=[42], fought=[42])
    state, _ = do(state, "french", "end")
    assert state["player"] == "russian"


def test_5_1_a_leader_may_spend_all_4_mps_before_activating():
    """5.1: "move up to 4 MPs and then activate": an area exactly 4 MPs away is within reach."""
    state, _ = do(position({"F-I-D": 21}), "french", "tactical")
    four = min(n for n, (mps, _) in movement.routes(game(state), "F-I-D", movement.Rules(5)).items() if mps == 4)
    state, _ = do(state, "french", f"activate F-I-D {four}")
    assert at(state, "F-I-D") == four


def test_5_2_1_an_activated_gun_has_made_its_move():
    """5.2.1: artillery moves up to its MPs less one, then activates: it moves no further this impulse; 5.1
    likewise a leader. Activated where they stood, each read 'has already moved this impulse' (seen at the
    terminal: Eugene activated in 15, then `move F-IV-E 29`), though neither had moved."""
    state = position({"F-I-D": 16, "F-I-A1": 16, "F-I-1": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1")
    assert refused(state, "french", "move F-I-A1 15", "5.2.1") == (
        "French A (F-I-A1, artillery) was activated this impulse and moves no further: a gun moves as it "
        "activates, `activate F-I-A1 <area>`; move another unit (5.2.1).")
    assert refused(state, "french", "move F-I-D 15", "5.1") == (
        "French Davout (F-I-D, tactical leader) was activated this impulse and moves no further: a leader moves "
        "as it activates, `activate F-I-D <area>`; move another unit (5.1).")
    state, _ = do(state, "french", "move F-I-1 15")
    assert refused(state, "french", "move F-I-1 16", "5.2") == (
        "French 1 (F-I-1, infantry) has already moved this impulse; move another unit (5.2).")


def test_5_2_1_a_gun_activated_twice_or_after_its_move_is_told_why():
    """5.2.1: a gun activated again read 'has already moved this impulse; move another unit (5.2)', and one
    moved first the same, though 'activate <gun> <area>' moves and activates it in one command."""
    state = position({"F-I-D": 16, "F-I-A1": 16, "F-I-A2": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-A2 15")
    assert refused(state, "french", "activate F-I-A1", "5.2.1") == (
        "French A (F-I-A1, artillery) is already activated this impulse (5.2.1).")
    assert refused(state, "french", "activate F-I-A2", "5.2.1") == (
        "French A (F-I-A2, artillery) has moved this impulse; an artillery moves and activates in one command, "
        "`activate F-I-A2 <area>` (5.2.1).")


def test_5_2_2_a_leader_inspires_a_cavalry_unit_in_its_own_area():
    """5.2.2: a combat unit (infantry or cavalry) "of the Tactical Leader's color ... and adjacent to
    it": the leader's own area counts as adjacent."""
    state = position({"F-I-D": 16, "F-I-LC": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "inspire F-I-D F-I-LC")
    assert state["blocks"]["F-I-LC"]["cubes"] == ["yellow"]


def test_5_2_2_a_unit_is_inspired_once_though_two_leaders_may_inspire_it():
    """5.2.2: "an uninspired" unit: under 9.4 Murat inspires any cavalry, so Davout's light cavalry,
    once inspired by Davout, is refused to Murat."""
    state = position({"F-I-D": 16, "F-CR-M": 16, "F-I-LC": 16}, options=["first_saber"])
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-CR-M", "inspire F-I-D F-I-LC")
    assert refused(state, "french", "inspire F-CR-M F-I-LC", "5.2.2") == (
        "French LC (F-I-LC, cavalry) is inspired already this impulse; inspire another unit (5.2.2).")


def test_5_2_2_no_inspiration_once_the_battles_have_begun():
    """5.0, 5.2.2: inspiration comes before the combat segment: after a battle it is over."""
    state = position({"F-I-D": 16, "F-I-1": 42, "R-1-2J": 42, "F-I-LC": 16})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "battle 42")
    assert state["battle"] is None and state["impulse"]["segment"] == "combat"
    refused(state, "french", "inspire F-I-D F-I-LC", "5.2.2")


def test_2_6_3_with_the_engagements_made_a_unit_still_joins_its_own_side():
    """2.6.3 limits new engagements only: with the one engagement of one leader made, a unit still
    moves into an area its own side holds."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-2": 16, "F-I-3": 15, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "move F-I-1 42", "move F-I-2 15")
    assert at(state, "F-I-2") == 15


def test_2_6_3_an_exhausted_supreme_commander_activates_no_leader():
    """2.6.3: "Once exhausted, its Strength is 0": Napoleon on his heart edge allows no activation, so
    no Tactical Action is declared (2 stars allow two)."""
    assert refused(position({"F-NAP": (21, 1), "F-I-D": 21}), "french", "tactical", "5.1").startswith(
        "No tactical leader can be activated")
    assert do(position({"F-NAP": (21, 2), "F-I-D": 21}), "french", "tactical")[0]["impulse"]["kind"] == "tactical"
