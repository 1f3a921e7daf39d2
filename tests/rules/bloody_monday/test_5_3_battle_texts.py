"""What the players read during a battle, word for word (rules/bloody_monday/combat.py): every
refusal of 5.1, 2.6.3, 5.3, 5.3.1, 5.3.6, 6.4 and 9.1 with its positive control, and every event
of the combat sequence (5.3 the battle called, 5.3.1 artillery fire, 5.3.3 showdown, 5.3.5 the
combined force bonus, 5.3.6 and 9.6 hits, 5.3.7 the battle over)."""
from __future__ import annotations

import copy

import pytest

from rules.bloody_monday import combat
from rules.bloody_monday.commands import Fire, Hit, Retreat, Skirmish
from rules.core.errors import RuleViolation
from tests.rules.bloody_monday.bm_helpers import battle, do, game, position, refused, refused_then_accepted, strength
from tests.rules.bloody_monday.test_5_3_combat import after_showdown, attack_42

PROTECT_GUN = {"F-III-A": 16}  # a second activated gun beside 42 keeps the artillery step open


def texts(events: list[dict], kind: str) -> list[str]:
    return [e["text"] for e in events if e["kind"] == kind]


def two_guns() -> dict:
    """attack_42 with a second activated gun in 16 and two Guard infantry beside the jager, the
    battle called, nothing fired yet."""
    state = attack_42(**PROTECT_GUN, **{"R-G-1LG": 42, "R-G-2LG": 42})
    state, _ = do(state, "french", "activate F-III-A", "battle 42")
    return state


def apply_hits(state: dict) -> dict:
    """The Russian applies every waiting hit to his first candidate."""
    while state["battle"] and state["battle"]["choice"]:
        state, _ = do(state, "russian", f"hit {state['battle']['choice']['candidates'][0]}")
    return state


# -- calling a battle (5.1, 2.6.3, 5.3) ---------------------------------------------------------------------

def test_5_3_a_battle_opens_with_the_attacker_named():
    state, events = do(attack_42(), "french", "battle 42")
    assert events[0] == {**events[0], "kind": "battle", "area": 42, "to": "all",
                         "text": "The French player resolves the battle in 42 (5.3)."}
    assert state["battle"]["area"] == 42 and state["battle"]["attacker"] == "french"
    assert state["impulse"]["segment"] == "combat"


def red_55(*guns: str) -> dict:
    """French F-I-1 in 55 (red, held by the Russian) against R-1-4; Davout and a gun in 44, French."""
    state = position({"F-I-D": 44, "F-I-A1": 44, "F-I-1": 55, "R-1-4": 55}, control={55: "russian", 44: "french"})
    return do(state, "french", "tactical", "activate F-I-D", *(f"activate {g}" for g in guns))[0]


def test_5_3_a_battle_begins_at_the_artillery_step_with_the_red_areas_bonus():
    """1.2.1: a red area gives its owner, defending, a bonus of 2 hits absorbed; the battle begins
    with nothing fired, rolled, scored or shown (5.3)."""
    state, _ = do(red_55("F-I-A1"), "french", "battle 55")
    assert state["battle"] == {"area": 55, "attacker": "french", "defender": "russian", "stage": "artillery",
                               "fired": [], "bonus": 2, "shields": [], "volleys": None, "volley": 0,
                               "due": {"french": 0, "russian": 0}, "hits": {"french": 0, "russian": 0},
                               "shown": False, "choice": None, "rolled": [], "ambush": [], "stood": []}


def test_1_2_1_both_players_read_the_hits_the_ground_absorbs():
    """1.2.1: "This Defensive Bonus will absorb the first (1 or 2) hits involved in each battle": of
    the gun's 3 hits into red 55, held by the Russian, both players read that 2 are absorbed (the
    ground and its owner are public), and the Russian applies the third."""
    state, _ = do(red_55("F-I-A1"), "french", "battle 55")
    state, events = do(state, "french", "fire F-I-A1 55")
    assert [(e["to"], e["text"]) for e in events if e["kind"] == "ground"] == [
        ("all", "The defensive bonus of 55 absorbs 2 hits (1.2.1).")]
    assert state["battle"]["due"] == {"french": 0, "russian": 1} and state["battle"]["bonus"] == 0


def test_5_0_a_battle_called_straight_after_activation_fixes_who_is_commanded():
    """5.0: leaving the activation segment fixes the units the activated leaders command."""
    state, _ = do(red_55(), "french", "battle 55")
    assert state["impulse"]["segment"] == "combat" and state["impulse"]["commanded"] == ["F-I-1", "F-I-A1"]


def test_6_2_a_special_action_fights_in_its_combat_segment():
    """6.2: Special Movement and Combat: its battles close the movement."""
    state = position({"F-I-1": 55, "R-1-4": 55}, control={55: "russian"})
    state, _ = do(state, "french", "initiative move", "battle 55")
    assert state["impulse"]["kind"] == "special" and state["impulse"]["segment"] == "combat"


def test_5_3_no_battle_outside_a_tactical_or_special_action():
    state = position({"F-I-D": 16, "F-I-1": 42, "R-1-2J": 42})
    sentence, after = refused_then_accepted(state, "french", "battle 42", "5.3, 6.2",
                                            lambda s: s.update(do(s, "french", "tactical", "activate F-I-D")[0]))
    assert sentence == "Battles are fought in a Tactical Action or a Special Initiative Action (5.3, 6.2)."
    assert after["log"]["battles"][0]["area"] == 42


def test_5_1_a_tactical_action_needs_an_activated_leader():
    state, _ = do(position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42}), "french", "tactical")
    state["blocks"]["F-I-1"]["area"] = 42
    sentence, after = refused_then_accepted(state, "french", "battle 42", "5.1",
                                            lambda s: s.update(do(s, "french", "activate F-I-D")[0]))
    assert sentence == "Activate a tactical leader first: each one allows one battle (5.1)."
    assert after["log"]["battles"][0]["area"] == 42


def test_5_3_only_a_contested_area_awaiting_battle():
    assert refused(attack_42(), "french", "battle 16", "5.3") == (
        "16 is not a contested area awaiting battle this impulse; `battle 42` (5.3).")
    state = attack_42(**{"R-G-1LG": 42})
    state["impulse"]["fought"] = [42]
    sentence, after = refused_then_accepted(state, "french", "battle 42", "5.3",
                                            lambda s: s["impulse"].update(fought=[]))
    assert sentence == ("42 is not a contested area awaiting battle this impulse; none does now: `end` the "
                        "impulse (5.3).")
    assert after["battle"]["area"] == 42


def test_5_3_a_refused_battle_names_every_area_awaiting_one():
    """5.3 and FAQ 4-7: the refusal names the contested areas not yet fought this impulse."""
    state = attack_42(**{"F-I-2": 44, "R-1-4": 44})
    state["impulse"]["new"] = []
    assert refused(state, "french", "battle 16", "5.3") == (
        "16 is not a contested area awaiting battle this impulse; choose `battle 42` or `battle 44` (5.3).")


def test_5_3_a_new_engagement_is_fought_before_an_old_contest():
    """FAQ 4-7: newly contested areas first (44 was contested before the impulse, 42 is new)."""
    state = attack_42(**{"F-I-2": 44, "R-1-4": 44})
    sentence, after = refused_then_accepted(state, "french", "battle 44", "5.3",
                                            lambda s: s["impulse"].update(new=[]))
    assert sentence == "New engagements are always resolved first: `battle 42` (5.3)."
    assert after["log"]["battles"][0]["area"] == 44


@pytest.mark.parametrize("leaders, sentence", [
    (["F-I-D"], "You have resolved the 1 battle this impulse allows (one per activated leader); `end` the "
                "impulse (5.1, 2.6.3)."),
    (["F-I-D", "F-III-N"], "You have resolved the 2 battles this impulse allows (one per activated leader); "
                           "`end` the impulse (5.1, 2.6.3).")])
def test_2_6_3_one_battle_per_activated_leader(leaders, sentence):
    """5.1: "each activated Tactical Leader allows one battle"; 2.6.3 the supreme commander's
    strength caps them. As many battles fought as leaders: refused; one fewer: accepted."""
    state = position({"F-I-D": 16, "F-III-N": 16, "F-I-1": 44, "R-1-4": 44})
    state, _ = do(state, "french", "tactical", *(f"activate {b}" for b in leaders))
    fought = [1, 2][:len(leaders)]
    state["impulse"]["fought"] = fought
    sentence_read, after = refused_then_accepted(state, "french", "battle 44", "5.1, 2.6.3",
                                                 lambda s: s["impulse"]["fought"].pop())
    assert sentence_read == sentence
    assert after["log"]["battles"][-1]["area"] == 44


def test_6_2_the_battles_of_a_special_initiative_action_are_the_supreme_commanders_strength():
    """6.2: "The maximum number of new engagements and battles must not exceed the Supreme Commander's
    Strength": no leader is named, and an exhausted one allows none (2.6.3)."""
    state = position({"F-NAP": (21, 2), "F-I-1": 44, "R-1-4": 44})
    state, _ = do(state, "french", "initiative move")
    state["impulse"]["fought"] = [1, 2]
    assert refused(state, "french", "battle 44", "2.6.3") == (
        "You have resolved the 2 battles this impulse allows; `end` the impulse (2.6.3).")
    state["blocks"]["F-NAP"]["strength"] = 1
    state["impulse"]["fought"] = []
    assert refused(state, "french", "battle 44", "2.6.3") == (
        "Your exhausted supreme commander allows no battle; `end` the impulse (2.6.3).")


# -- artillery fire (5.3.1) -------------------------------------------------------------------------------

def test_5_3_1_each_gun_fires_once_and_its_hits_add_up():
    """5.3.1: "Each activated Artillery rolls as many dice as its Strength ... and has TF" (hits on 4
    or more, 2.2); each gun fires once per battle; the hits scored add up in the battle's record."""
    state = two_guns()
    state, events = do(state, "french", "fire F-I-A1 42")
    first = next(e for e in events if e["kind"] == "artillery")
    assert first == {"kind": "artillery", "to": "all", "irreversible": True, "dice": [5, 2, 6, 4], "hits": 3,
                     "text": "French A (F-I-A1, artillery) fires into 42 at TF, dice 5, 2, 6, 4: 3 hits (5.3.1)."}
    state = apply_hits(state)
    assert refused(state, "french", "fire F-I-A1 42", "5.3.1") == (
        "French A (F-I-A1, artillery) may not fire: it must be activated, not exhausted, adjacent, not yet fired "
        "here, and at most 4 guns fire into one area (5.3.1).")
    state, events = do(state, "french", "fire F-III-A 42")
    second = next(e for e in events if e["kind"] == "artillery")
    assert second["text"] == (f"French A (F-III-A, artillery) fires into 42 at TF, dice "
                              f"{', '.join(map(str, second['dice']))}: {second['hits']} "
                              f"hit{'' if second['hits'] == 1 else 's'} (5.3.1).")
    assert second["hits"] == sum(d >= 4 for d in second["dice"])
    assert state["battle"]["hits"] == {"french": 3 + second["hits"], "russian": 0}


def test_5_3_1_one_hit_is_one():
    state = attack_42()
    state["dice"]["rolls"] += 3  # the seed's fourth to seventh dice: 4, 1, 1, 2
    state, events = do(state, "french", "battle 42", "fire F-I-A1 42")
    assert texts(events, "artillery") == ["French A (F-I-A1, artillery) fires into 42 at TF, dice 4, 1, 1, 2: 1 hit "
                                          "(5.3.1)."]


def test_5_3_1_a_gun_not_activated_may_not_fire():
    state = two_guns()
    state["blocks"]["F-III-A"]["activated"] = False
    sentence, _ = refused_then_accepted(state, "french", "fire F-III-A 42", "5.3.1",
                                        lambda s: s["blocks"]["F-III-A"].update(activated=True))
    assert sentence == ("French A (F-III-A, artillery) may not fire: it must be activated, not exhausted, adjacent, "
                        "not yet fired here, and at most 4 guns fire into one area (5.3.1).")


def test_5_3_1_the_guns_limit_is_the_supreme_commanders_strength():
    """2.6.3: at most the supreme commander's strength in guns fire into one area (Napoleon at 1)."""
    state = two_guns()
    state["blocks"]["F-NAP"]["strength"] = 2
    state["battle"]["fired"] = ["F-I-A2", "F-IV-A"]
    sentence, _ = refused_then_accepted(state, "french", "fire F-I-A1 42", "5.3.1",
                                        lambda s: s["battle"].update(fired=["F-I-A2"]))
    assert sentence.endswith("and at most 2 guns fire into one area (5.3.1).")


def test_5_3_1_artillery_fires_into_the_battle_area_only():
    assert refused(two_guns(), "french", "fire F-I-A1 16", "5.3.1") == (
        "Artillery fires in the first step of the attacker's current battle, into its area (5.3.1).")
    assert texts(do(two_guns(), "french", "fire F-I-A1 42")[1], "artillery")  # positive control


@pytest.mark.parametrize("side, stage", [("russian", "artillery"), ("french", "retreat"), ("french", "ground")])
def test_5_3_1_artillery_fires_in_the_attackers_first_step_only(side, stage):
    """Asked of the rule itself (the game would wait for the other player first, 4.0)."""
    g = game(two_guns())
    g.s["battle"]["stage"] = stage
    with pytest.raises(RuleViolation) as refusal:
        combat.fire(g, side, Fire("F-I-A1", 42))
    assert str(refusal.value) == ("Artillery fires in the first step of the attacker's current battle, into its "
                                  "area (5.3.1).")
    g.s["battle"]["stage"] = "artillery"
    assert texts(combat.fire(g, "french", Fire("F-I-A1", 42)), "artillery")


def test_5_3_1_no_fire_without_a_battle():
    g = game(attack_42())
    with pytest.raises(RuleViolation, match=r"^Artillery fires in the first step"):
        combat.fire(g, "french", Fire("F-I-A1", 42))


# -- the steps of a battle: `end`, retreat, hits (5.3.6, 6.4) --------------------------------------------

def test_5_3_6_a_waiting_hit_is_applied_before_anything_else():
    state, _ = do(two_guns(), "french", "fire F-I-A1 42")
    assert refused(state, "russian", "end", "5.3.6") == (
        "A hit is waiting to be applied; choose the unit with `hit` (5.3.6).")
    first = state["battle"]["choice"]["candidates"][0]
    assert do(state, "russian", f"hit {first}")[0]["battle"]["due"]["russian"] == 2


@pytest.mark.parametrize("stage, ender, other", [
    ("artillery", "french", "russian"), ("retreat", "russian", "french"), ("jagers", "russian", "french")])
def test_5_3_end_closes_the_step_of_its_player_only(stage, ender, other):
    """`end`: the attacker stops firing (5.3.1), the defender stands (6.4), the Russian jagers fight
    as usual (9.1); the other player's `end` is refused (the rule asked directly; the game answers
    4.0 first). The battle goes on to the jagers' choice after the showdown, or past it."""
    g = game(position({"F-I-1": 55, "R-1-2J": 55}, options=["russian_jager"], control={55: "russian"}))
    battle(g, 55, stage=stage, shown=stage == "jagers", volleys=[] if stage == "jagers" else None)
    with pytest.raises(RuleViolation) as refusal:
        combat.end_step(g, other)
    assert str(refusal.value) == "The battle waits for the other player (5.3)."
    assert g.s["battle"]["stage"] == stage
    events = combat.end_step(g, ender)
    if stage == "jagers":
        assert g.s["battle"] is None and g.s["log"]["battles"][0]["area"] == 55
    else:
        assert g.s["battle"]["stage"] == "jagers" and texts(events, "showdown")


def test_9_1_jagers_that_fight_as_usual_stand_with_those_that_stood_before():
    """9.1: `end` at the jagers' step: every full-strength jager left fights as usual, and may not
    skirmish or ambush later in this battle. Two French infantry tied for a hit hold the battle
    at the French choice, where it can be read."""
    g = game(position({"F-I-1": 55, "F-I-2": 55, "R-1-2J": 55, "R-1-3J": 55, "R-1-4J": 55},
                      options=["russian_jager"], control={55: "russian"}))
    battle(g, 55, stage="jagers", shown=True, volleys=[], stood=["R-1-4J"], due={"french": 1, "russian": 0})
    combat.end_step(g, "russian")
    assert g.s["battle"]["stood"] == ["R-1-4J", "R-1-2J", "R-1-3J"] and g.s["battle"]["stage"] == "ground"
    assert g.s["battle"]["choice"] == {"side": "french", "candidates": ["F-I-1", "F-I-2"]}


def test_6_4_the_defender_retreats_at_its_step_only():
    """6.4: the defender holding the disc retreats after the artillery fire: not while a gun may
    still fire, and never the attacker (the rule asked directly; the game answers 4.0 first)."""
    state = attack_42()
    state["initiative"] = "russian"
    state, _ = do(state, "french", "battle 42")
    with pytest.raises(RuleViolation) as refusal:
        combat.retreat(game(copy.deepcopy(state)), "russian", Retreat((41,)))
    assert str(refusal.value) == "The defender retreats after artillery fire, spending the Initiative Disc (6.4)."
    state, _ = do(state, "french", "end")
    assert combat.gunners(game(state)) == []  # F-I-A1, still loaded, fires no more once the step is over
    with pytest.raises(RuleViolation, match=r"^The defender retreats after artillery fire"):
        combat.retreat(game(copy.deepcopy(state)), "french", Retreat((41,)))
    state, _ = do(state, "russian", "retreat 41")
    assert state["blocks"]["R-1-2J"]["area"] == 41 and state["battle"] is None


def test_6_4_a_defender_without_the_disc_is_told_so():
    """6.4: "The Non-Phasing Player player spends the Disc to retreat": without it the retreat was refused
    as if it came too early ('The defender retreats after artillery fire, spending the Initiative Disc')."""
    state, _ = do(attack_42(), "french", "battle 42", "fire F-I-A1 42")
    assert state["initiative"] == "french"
    assert refused(state, "russian", "retreat 41", "6.4") == (
        "A retreat spends the Initiative Disc, which you do not hold: the battle is fought out (6.4).")


def tie_of_two(due: int) -> dict:
    """Two Russian infantry at 3 in 44, `due` artillery hits waiting for them."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": due})
    return do(state, "french", "end")[0]


def test_5_3_6_a_hit_goes_to_one_of_the_strongest():
    """Once the tie is broken the one strongest unit is named as such ('one of your strongest units'
    read oddly before a single unit)."""
    state = tie_of_two(2)
    state, _ = do(state, "russian", "hit R-1-4")
    assert refused(state, "russian", "hit R-1-4", "5.3.6") == (
        "The hit goes to your strongest unit, primary targets first: R-1-11 (5.3.6).")
    assert strength(do(state, "russian", "hit R-1-11")[0], "R-1-11") == 2  # positive control


def test_5_3_6_more_units_named_than_hits_waiting():
    sentence, after = refused_then_accepted(tie_of_two(1), "russian", "hit R-1-4 R-1-11", "5.3.6",
                                            lambda s: s["battle"]["due"].update(russian=2))
    assert sentence == ("Only the first unit named had a hit to take: no hit of yours is due after it; `hit R-1-4` "
                        "(5.3.6).")
    assert refused(tie_of_two(2), "russian", "hit r-1-4 R-1-11 R-1-4", "5.3.6") == (
        "Only the first 2 units named had hits to take: no hit of yours is due after them; `hit R-1-4 R-1-11` "
        "(5.3.6).")
    assert (strength(after, "R-1-4"), strength(after, "R-1-11")) == (2, 2)
    state = tie_of_two(2)
    assert texts(do(state, "russian", "hit R-1-4 R-1-11")[1], "hit")[:2] == [
        "Russian 4 (R-1-4, infantry) takes a hit: strength 2 (5.3.6).",
        "Russian 11 (R-1-11, infantry) takes a hit: strength 2 (5.3.6)."]


def shown_tie_of_two(due: int) -> dict:
    """The tie of two after the showdown: a hit with one strongest unit goes to it at once."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": due}, shown=True)
    return do(state, "french", "end")[0]


def test_5_3_6_every_hit_named_in_order_is_accepted_though_one_had_no_choice():
    """Three hits: a tie (R-1-4 chosen), then R-1-11 alone strongest takes the second at once, then
    a tie again. Naming all three in order is the whole answer, not one unit too many."""
    state, events = do(shown_tie_of_two(3), "russian", "hit R-1-4 R-1-11 R-1-4")
    assert (strength(state, "R-1-4"), strength(state, "R-1-11")) == (1, 2)
    assert [t.split(" (")[0] for t in texts(events, "hit")[:3]] == ["Russian 4", "Russian 11", "Russian 4"]


def test_5_3_6_a_hit_that_had_one_unit_to_go_to_names_it():
    sentence = refused(shown_tie_of_two(3), "russian", "hit R-1-4 R-1-4", "5.3.6")
    assert sentence == ("Hit 2 can go only to Russian 11 (R-1-11, infantry), so the rules give it that hit; "
                        "name it there or leave it out (5.3.6).")  # a refusal changes nothing: nothing "took" it
    assert strength(do(shown_tie_of_two(3), "russian", "hit R-1-4")[0], "R-1-11") == 2  # positive control


def test_5_3_6_no_hit_waiting_for_the_other_player():
    g = game(tie_of_two(1))
    with pytest.raises(RuleViolation) as refusal:
        combat.choose_hit(g, "french", Hit(("F-I-1",)))
    assert str(refusal.value) == "No hit of yours is waiting to be applied (5.3.6)."
    g.s["battle"] = None
    with pytest.raises(RuleViolation, match=r"^No hit of yours is waiting to be applied \(5\.3\.6\)\.$"):
        combat.choose_hit(g, "russian", Hit(("R-1-4",)))


def test_9_1_jagers_choose_only_at_their_step():
    state = position({"F-I-1": 55, "R-1-2J": 55}, options=["russian_jager"], control={55: "russian", 66: "russian"})
    battle(game(state), 55, stage="artillery", due={"french": 0, "russian": 1})
    state, _ = do(state, "french", "end")
    assert refused(state, "russian", "skirmish R-1-2J 66", "9.1") == (
        "Jagers skirmish or ambush after the showdown of a battle in woods or hills (9.1).")
    g = game(copy.deepcopy(state))
    g.s["battle"] = None
    with pytest.raises(RuleViolation, match=r"^Jagers skirmish or ambush after the showdown"):
        combat.jager_choice(g, "russian", Skirmish("R-1-2J", 66))
    state["blocks"]["R-1-2J"]["strength"] = 3
    state["battle"].update(choice=None, due={"french": 0, "russian": 0}, stage="jagers", shown=True, volleys=[])
    state, events = do(state, "russian", "skirmish R-1-2J 66")
    assert texts(events, "skirmish") == ["Russian 2J (R-1-2J, infantry) skirmishes into 66 (9.1)."]


# -- the events of the sequence (5.3.3-5.3.7, 9.6) -------------------------------------------------------

def test_5_3_3_the_showdown_names_every_unit_attacker_first():
    g = game(position({"F-I-1": 44, "F-I-2": 44, "R-1-4": 44}))
    battle(g, 44, stage="ground", volleys=[])
    events = combat.advance(g)
    assert events[0] == {"kind": "showdown", "to": "all", "irreversible": False,
                         "text": "Showdown in 44 (5.3.3): French: French 1 (F-I-1, infantry), French 2 (F-I-2, "
                                 "infantry); Russian: Russian 4 (R-1-4, infantry)."}


def test_5_3_3_the_showdown_names_the_russian_first_when_he_attacks():
    g = game(position({"F-I-1": 44, "R-1-4": 44}, player="russian"))
    battle(g, 44, attacker="russian", stage="ground", volleys=[])
    assert texts(combat.advance(g), "showdown") == [
        "Showdown in 44 (5.3.3): Russian: Russian 4 (R-1-4, infantry); French: French 1 (F-I-1, infantry)."]


def test_5_3_5_the_combined_force_bonus_is_announced():
    """5.3.5: infantry and cavalry without a light blue cube in a green area fire first."""
    g = after_showdown(due={"french": 0, "russian": 0})
    g.s["battle"]["volleys"] = None
    g.set_cube("F-CR-3LC", "light_blue", False)
    events = combat.advance(g)
    assert events[0] == {"kind": "bonus", "to": "all", "irreversible": False,
                         "text": "The French player earns the combined force bonus and fires first (5.3.5)."}
    g = after_showdown(due={"french": 0, "russian": 0})  # positive control: the cavalry crossed the Kolocha
    g.s["battle"]["volleys"] = None
    assert texts(combat.advance(g), "bonus") == []


def test_9_6_a_shield_absorbs_the_first_hit_and_is_told_to_all_after_the_showdown():
    g = after_showdown(options=["shields"])
    combat.advance(g)
    events = combat.choose_hit(g, "russian", Hit(("R-1-1Gr",)))
    assert events[0] == {"kind": "hit", "to": "all", "irreversible": False,
                         "text": "The silver shield of Russian 1Gr (R-1-1Gr, infantry) absorbs a hit (9.6)."}
    assert strength(g.s, "R-1-1Gr") == 2 and g.s["battle"]["shields"] == ["R-1-1Gr"]
    events = combat.choose_hit(g, "russian", Hit(("R-1-1Gr",)))
    assert texts(events, "hit")[0] == "Russian 1Gr (R-1-1Gr, infantry) takes a hit: strength 1 (5.3.6)."


def test_5_3_6_a_hit_before_the_showdown_is_told_to_its_owner_only():
    state, events = do(tie_of_two(1), "russian", "hit R-1-4")
    assert [e for e in events if e["kind"] == "hit"][0] == {
        "kind": "hit", "to": "russian", "irreversible": True,
        "text": "Russian 4 (R-1-4, infantry) takes a hit: strength 2 (5.3.6)."}


def test_5_3_6_the_public_reads_how_many_hits_were_applied_unseen_and_where_not_to_which_unit():
    """5.3.1: artillery hits are applied "without showing his Units to the attacker": everyone reads
    that the defender applied them, by their count and area, which the fire's line told already;
    not which unit took them (the same line whichever he names). It read 'Russian: a `hit` command.'"""
    public = [[e["text"] for e in do(tie_of_two(2), "russian", named)[1] if e["to"] == "all"][:1]
              for named in ("hit R-1-4", "hit R-1-11", "hit R-1-4 R-1-11")]
    assert public == [["The Russian player applies 1 hit in 44 (5.3.6)."]] * 2 + [
        ["The Russian player applies 2 hits in 44 (5.3.6)."]]  # then the showdown, the hits all taken


def test_5_3_6_several_hits_after_the_showdown_are_counted_above_the_units_that_take_them():
    """After the showdown every hit's unit is told to all; a command that applies several, the rules giving
    those with one unit to go to, is counted first, so that an answer played at once is said of them all
    ('The Russian player applies 2 hits in 44 (5.3.6), forced: ...'), not of the first hit's line. One hit
    is its own line."""
    def after(due: int, named: str) -> list[str]:
        g = game(position({"F-I-1": 44, "R-1-3": (44, 2), "R-1-17": (44, 2)}))
        battle(g, 44, shown=True, volleys=[], due={"french": 0, "russian": due})
        combat.apply_hits(g)
        return [e["text"] for e in do(g.s, "russian", named)[1] if e["kind"] in ("hit", "hits")]
    assert after(1, "hit R-1-3") == ["Russian 3 (R-1-3, infantry) takes a hit: strength 1 (5.3.6)."]
    assert after(2, "hit R-1-3") == ["The Russian player applies 2 hits in 44 (5.3.6).",
                                     "Russian 3 (R-1-3, infantry) takes a hit: strength 1 (5.3.6).",
                                     "Russian 17 (R-1-17, infantry) takes a hit: strength 1 (5.3.6)."]


def test_5_3_7_the_battle_over_says_who_holds_the_area_and_lifts_the_attackers_cubes():
    """5.3.7: "the cubes are removed"; an area left to one side is held by it."""
    g = game(position({"F-I-1": 44, "R-1-2J": (44, 1)}, control={44: "russian"}))
    g.set_cube("F-I-1", "yellow", True)
    g.set_cube("F-I-1", "light_blue", True)
    battle(g, 44, shown=True, volleys=[], due={"french": 0, "russian": 1})
    events = combat.advance(g)
    assert events[-1] == {"kind": "battle_over", "to": "all", "irreversible": False, "area": 44,
                          "text": "The battle in 44 is over, held by the French (5.3.7).", "holder": "french"}
    assert g.cubes("F-I-1") == ["white"] and g.s["impulse"]["fought"] == [44]  # white: 4.1, cut off
    assert g.s["log"]["battles"] == [{"area": 44, "hits": {"french": 0, "russian": 0}}]


def test_5_3_7_a_battle_can_end_with_the_area_still_contested():
    g = game(position({"F-I-1": 44, "R-1-4": 44}, control={44: "russian"}))
    g.set_cube("R-1-4", "light_blue", True)
    g.set_cube("F-I-1", "light_blue", True)
    battle(g, 44, shown=True, volleys=[], hits={"french": 2, "russian": 1})
    events = combat.advance(g)
    assert texts(events, "battle_over") == ["The battle in 44 is over, still contested (5.3.7)."]
    assert g.cubes("R-1-4") == ["light_blue"] and g.cubes("F-I-1") == ["white"]
    assert g.s["log"]["battles"] == [{"area": 44, "hits": {"french": 2, "russian": 1}}]


# -- what the mutation run found unread -----------------------------------------------------

def test_1_2_1_the_defensive_bonus_absorbs_the_first_hits_of_the_defender_only():
    """1.2.1: "This Defensive Bonus will absorb the first (1 or 2) hits involved in each battle"; 5.3.6:
    "Before applying any Hits, the Defender must use the Defensive Bonus". Red 55, held by the Russian
    defender: 2 of the gun's 3 hits are absorbed, the third waits for him."""
    state = position({"F-I-D": 44, "F-I-A1": 44, "F-I-A2": 44, "F-I-1": 55, "R-1-4": 55},
                     control={55: "russian", 44: "french"})  # red_55 with a second gun: the step stays open
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "activate F-I-A2", "battle 55",
                  "fire F-I-A1 55")
    bt = state["battle"]
    assert (bt["bonus"], bt["due"], bt["hits"]["french"]) == (0, {"french": 0, "russian": 1}, 3)
    assert bt["choice"] == {"side": "russian", "candidates": ["R-1-4"]} and bt["stage"] == "artillery"
    g = game(position({"F-I-1": 55, "R-1-4": 55}, control={55: "russian"}))  # one hit, one absorbed
    battle(g, 55, shown=True, volleys=[], bonus=1, due={"french": 0, "russian": 1})
    assert texts(combat.advance(g), "hit") == [] and strength(g.s, "R-1-4") == 3
    g = game(position({"F-I-1": 55, "R-1-4": 55}, control={55: "russian"}))  # the attacker has no bonus
    battle(g, 55, shown=True, volleys=[], bonus=2, due={"french": 1, "russian": 0})
    assert texts(combat.advance(g), "hit") == ["French 1 (F-I-1, infantry) takes a hit: strength 3 (5.3.6)."]
    assert g.s["log"]["battles"][-1]["area"] == 55 and strength(g.s, "F-I-1") == 3


def test_5_3_6_hits_applied_one_after_another_are_each_told():
    """5.3.6: a lone strongest unit takes hit after hit, each one told, then the battle ends (5.3.7)."""
    g = game(position({"F-I-1": 44, "R-1-4": 44}, control={44: "russian"}))
    battle(g, 44, shown=True, volleys=[], due={"french": 0, "russian": 2})
    assert [e["text"] for e in combat.advance(g)] == [
        "Russian 4 (R-1-4, infantry) takes a hit: strength 2 (5.3.6).",
        "Russian 4 (R-1-4, infantry) takes a hit: strength 1 (5.3.6).",
        "The battle in 44 is over, still contested (5.3.7)."]


def test_5_3_6_a_refused_hit_names_every_strongest_unit():
    """5.3.6: of R-1-4 and R-1-11 (3 each) and a jager at 1, the hit may go to either infantry only."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44, "R-1-2J": (44, 1)})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 1})
    state = do(state, "french", "end")[0]
    assert refused(state, "russian", "hit R-1-2J", "5.3.6") == (
        "The hit goes to one of your strongest units, primary targets first: R-1-11, R-1-4 (5.3.6).")
    assert strength(do(state, "russian", "hit R-1-4")[0], "R-1-4") == 2  # positive control


def test_9_6_a_shield_absorbing_an_artillery_hit_is_told_to_its_owner_only():
    """5.3.1: artillery hits are applied "without showing his Units to the attacker": a shield that
    absorbs one before the showdown (9.6) is the defender's news alone."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-A1": 16, "R-1-1Gr": 42}, options=["shields"])
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42", "battle 42",
                  "fire F-I-A1 42")
    state, events = do(state, "russian", "hit R-1-1Gr")
    assert [e for e in events if e["kind"] == "hit"] == [{
        "kind": "hit", "to": "russian", "irreversible": False,
        "text": "The silver shield of Russian 1Gr (R-1-1Gr, infantry) absorbs a hit (9.6)."}]


def davout_into_42(initiative: str) -> dict:
    """Davout leads F-I-1 from 16 into 42, held by one Russian jager; no gun supports the battle."""
    state = position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42}, initiative=initiative)
    return do(state, "french", "tactical", "activate F-I-D", "move F-I-1 42", "battle 42")[0]


def test_6_4_with_no_gun_to_fire_the_battle_waits_for_the_defenders_retreat_then_the_showdown():
    """6.4: "Retreat is performed after Artillery Fire", by the Non-Phasing Player who spends the Disc:
    with no gun ready the battle goes straight to his choice; his `end` stands, said so in public, and
    the showdown follows (5.3.3). Without the disc there is no choice to wait for."""
    state = davout_into_42("russian")
    assert state["battle"]["stage"] == "retreat" and state["battle"]["choice"] is None
    state, events = do(state, "russian", "end")
    assert [e["kind"] for e in events][:2] == ["stand", "showdown"]
    assert (state["battle"] or {}).get("stage") != "retreat"
    assert (events[0]["text"], events[0]["to"]) == ("The Russian player stands and fights it out in 42 (6.4).", "all")
    assert [e["kind"] for e in do(davout_into_42("russian"), "russian", "stand")[1]][:2] == ["stand", "showdown"]
    assert davout_into_42("french")["battle"] is None  # positive control: fought out at once


def test_6_4_no_retreat_while_an_artillery_hit_waits():
    """6.4: the retreat comes after the artillery fire and its hits (5.3.1, 5.3.6): asked while a hit
    waits it is refused; once the hits are applied and no gun is left to fire, it is accepted."""
    state = attack_42(**{"R-G-1LG": 42})
    state["initiative"] = "russian"
    state, _ = do(state, "french", "battle 42", "fire F-I-A1 42")
    assert state["battle"]["choice"] == {"side": "russian", "candidates": ["R-G-1LG"]}
    assert refused(state, "russian", "retreat 41", "6.4") == (
        "The defender retreats after artillery fire, spending the Initiative Disc (6.4).")
    state = apply_hits(state)  # the only gun has fired: the battle comes to the retreat by itself
    assert state["battle"]["stage"] == "retreat"
    state, _ = do(state, "russian", "retreat 41")
    assert state["blocks"]["R-G-1LG"]["area"] == 41 and state["battle"] is None


def test_5_3_4_each_side_fires_once_after_the_showdown():
    """5.3.3-5.3.4: the showdown, then both players roll once each (no combined force bonus in a
    yellow area) and the hits are applied; the battle ends still contested (5.3.7)."""
    g = game(position({"F-I-1": 44, "R-1-4": 44}, control={44: "russian"}))
    battle(g, 44)
    events = combat.advance(g)
    assert [e["kind"] for e in events][:3] == ["showdown", "roll", "roll"]
    assert sorted(e["side"].title() for e in events if e["kind"] == "roll") == ["French", "Russian"]
    assert events[-1]["text"] == "The battle in 44 is over, still contested (5.3.7)."


def test_5_3_5_the_side_with_the_combined_force_bonus_fires_then_the_other_once():
    """5.3.5: "the player rolls the dice before his opponent, and hits are immediately applied. Then the
    opponent rolls the dice for his remaining Units": French infantry and cavalry in green 54 against a
    Guard infantry, each side rolling once."""
    g = game(position({"F-I-1": 54, "F-I-LC": 54, "R-G-1LG": 54}, control={54: "russian"}))
    battle(g, 54, shown=True)
    events = combat.advance(g)
    assert [e["kind"] for e in events] == ["bonus", "roll", "hit", "hit", "roll", "hit", "battle_over"]
    assert [e["side"].title() for e in events if e["kind"] == "roll"] == ["French", "Russian"]


def test_5_3_6_hits_that_outlive_the_last_unit_are_lost_and_the_refusal_says_so():
    """2.6: "One hit is enough to eliminate a Support Unit": three artillery hits on a lone Russian
    artillery in 44 (seen at the terminal, on a French one: 'Apply 3 hits in 31', then `hit f-i-a1
    f-i-a1 f-i-a1`) leave the two after the first with no unit to go to. The refusal read 'No hit of
    yours is waiting to be applied', of hits the prompt had just counted; it says they are lost."""
    state = position({"F-I-1": 44, "R-1-A4": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 3})
    state = do(state, "french", "end")[0]
    assert refused(state, "russian", "hit r-1-a4 R-1-A4 R-1-A4", "5.3.6") == (
        "Only the first unit named had a hit to take: it leaves no unit of yours in 44 for the other hits, which are "
        "lost; `hit R-1-A4` (5.3.6).")
    assert do(state, "russian", "hit R-1-A4")[0]["blocks"]["R-1-A4"]["area"] != 44  # positive control
