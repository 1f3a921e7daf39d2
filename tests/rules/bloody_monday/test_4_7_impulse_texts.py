"""What each side reads in an impulse, word for word (rules/bloody_monday/impulses.py): every
refusal of declaring, activating, moving, inspiring and the Initiative Actions (4.0-7.0, 9.7, 9.8),
and the events of an activation, an inspiration and each Initiative Action.

The case tests check the rule cited; these pin the sentences a player reads.
"""
from __future__ import annotations

from tests.rules.bloody_monday.bm_helpers import bm, do, position, refused

FRENCH: dict[str, int | tuple[int, int]] = {"F-I-D": 16, "F-I-1": 16, "F-I-A1": 16, "F-III-N": 16, "F-I-LC": 16}


def _after(*texts: str, blocks: dict[str, int | tuple[int, int]] | None = None, **kw) -> dict:
    """The French position after `texts`."""
    return do(position(FRENCH if blocks is None else blocks, **kw), "french", *texts)[0]


REFUSALS = [
    # (commands before, command, rule, sentence); the French blocks of FRENCH unless told
    ((), "activate F-I-A1", "5.0",
     "Support units are activated only in a Tactical Action; declare `tactical` first (5.0)."),
    (("pass",), "activate F-I-A1", "6.2, 7.0",
     "Support units are moved but not activated in a Pass or a Special Initiative Action (6.2, 7.0)."),
    (("tactical",), "activate F-I-1", "5.0", "Only tactical leaders and artillery are activated in an impulse (5.0)."),
    (("tactical", "activate F-I-D", "activate F-I-A1", "inspire F-I-D F-I-1"), "activate F-I-A1", "5.2.1",
     "Artillery is activated in the movement segment, which is over (5.2.1)."),
    (("tactical", "activate F-I-D"), "activate F-I-D", "5.1",
     "French Davout (F-I-D, tactical leader) is already activated this impulse (5.1)."),
    (("tactical", "activate F-I-D", "move F-I-1 15"), "activate F-III-N", "5.1",
     "Tactical leaders are activated only in the activation segment, before any move (5.1)."),
    ((), "move F-I-1 15", "4.0", "Declare an action first: `tactical`, `pass` or `initiative <action>` (4.0)."),
    (("tactical", "activate F-I-D", "inspire F-I-D F-I-1"), "move F-I-LC 15", "5.2",
     "The movement segment is over; inspire, fight your battles or `end` (5.2)."),
    (("pass", "move F-I-1 15"), "move F-I-LC 15", "7.0", "During a Pass only one unit may move; `end` the Pass (7.0)."),
    (("pass", "move F-I-1 15"), "move F-I-1 16", "7.0", "During a Pass only one unit may move; `end` the Pass (7.0)."),
    ((), "reinforce", "3.1, 6.1", "Reinforcements come in the Logistics Phase once your supreme commander is "
     "activated, or in an impulse with `initiative reinforcements` (3.1, 6.1)."),
    (("tactical",), "restore F-I-1", "3.1",
     "Units are restored in the Logistics Phase, once your supreme commander is activated (3.1)."),
    ((), "ambush F-I-1", "9.1",  # without the optional rule: said so, and what jagers do instead
     "This game is played without the optional Russian Jager rule (the option russian_jager), so no jager "
     "skirmishes or lies in ambush: jagers fight as other blocks (9.1)."),
    ((), "stand", "5.3",
     "No battle is waiting for that; `hit`, `fire`, `retreat` and `stand` belong to a battle (5.3)."),
    (("tactical", "activate F-I-D", "initiative raid"), "move F-I-1 15", "6.3",
     "A Cavalry Raid moves cavalry units only (6.3)."),
    ((), "inspire F-I-D F-I-1", "5.2.2",
     "Inspiration comes after movement in a Tactical Action, before the battles (5.2.2)."),
    (("pass",), "inspire F-I-D F-I-1", "5.2.2",
     "Inspiration comes after movement in a Tactical Action, before the battles (5.2.2)."),
    (("tactical", "activate F-I-D"), "inspire F-III-N F-I-1", "5.2.2",
     "French Ney (F-III-N, tactical leader) is not an activated leader; inspire with one (5.2.2)."),
    (("tactical", "activate F-I-D", "inspire F-I-D F-I-1"), "inspire F-I-D F-I-LC", "5.2.2",
     "French Davout (F-I-D, tactical leader) has already inspired a unit this impulse (5.2.2)."),
    (("tactical", "activate F-I-D"), "inspire F-I-D F-I-A1", "5.2.2",
     "French Davout (F-I-D, tactical leader) inspires an infantry or cavalry unit of its colour "
     "(or militia) (5.2.2)."),
    (("tactical", "activate F-I-D"), "inspire F-I-D F-III-LC", "5.2.2",  # in the pool
     "French LC (F-III-LC, cavalry) is not on the map; inspire a unit in or next to 16 (5.2.2)."),
    ((), "initiative raid", "6.3", "`initiative raid` belongs to a Tactical Action (6.3)."),
    (("pass",), "initiative raid", "6.3", "`initiative raid` belongs to a Tactical Action (6.3)."),
    ((), "initiative offensive", "9.8",  # without the optional rule
     "This game is played without the General Offensive, an optional rule (9.8)."),
    (("pass",), "initiative move", "6.0",
     "`initiative move` replaces a whole impulse; take it before anything else (6.0)."),
    (("tactical",), "initiative raid", "6.3",
     "A Cavalry Raid follows a completed Tactical Action; finish its battles first (6.3)."),
    (("tactical",), "initiative offensive", "9.8",  # it read "called before any leader is activated"
     "This game is played without the General Offensive, an optional rule (9.8)."),
]


def test_an_impulse_not_yet_declared_offers_an_initiative_action_only_to_the_discs_holder():
    """6.0: only the player holding the Initiative Disc may take an Initiative Action, so the others are told
    of `tactical` and `pass` alone (they were offered the one action they could not take)."""
    without = _after(initiative="russian")
    assert refused(without, "french", "move F-I-1 15", "4.0") == "Declare an action first: `tactical` or `pass` (4.0)."
    assert refused(without, "french", "end", "4.0") == "No action is under way; choose `tactical` or `pass` (4.0)."
    assert refused(_after(), "french", "end", "4.0") == (
        "No action is under way; choose `tactical`, `pass` or `initiative <action>` (4.0).")
    assert refused(without, "french", "initiative move", "6.0") == (
        "Only the player holding the Initiative Disc may take an Initiative Action (6.0).")


def test_each_refusal_reads_exactly():
    for before, command, rule, sentence in REFUSALS:
        assert refused(_after(*before), "french", command, rule) == sentence, (before, command)
    assert refused(_after(options=["russian_jager"]), "french", "ambush F-I-1", "9.1") == (  # with it: when
        "Jagers skirmish or ambush after the showdown of a battle in woods or hills (9.1).")


def test_the_refusals_that_need_a_position_of_their_own_read_exactly():
    """A leader in the pool (5.1), a unit in the pool (3.3) or eliminated (2.4), an exhausted gun (2.6.1),
    a leader over the supreme commander's strength (5.1), an exhausted leader first (9.7), a unit not
    commanded (5.1), a unit too far to inspire (5.2.2), a new engagement beyond one per leader (2.6.3), a
    raid before the battle due (6.3), a General Offensive after a leader (9.8) and the Initiative Action
    of the player without the disc (6.0)."""
    pool = position({"F-I-D": 16}, pools=["F-III-N", "F-I-1"])
    assert refused(do(pool, "french", "tactical")[0], "french", "activate F-III-N", "5.1") == (
        "French Ney (F-III-N, tactical leader) is not a tactical leader on the map; activate one of yours (5.1).")
    assert refused(do(pool, "french", "initiative move")[0], "french", "move F-I-1 15", "3.3") == (
        "French 1 (F-I-1, infantry) waits in your Reinforcements Pool until it is deployed as a reinforcement "
        "(3.3).")
    gone = position({"F-I-D": 16}, pools=[])  # every block not placed is out of play: eliminated
    assert refused(do(gone, "french", "initiative move")[0], "french", "move F-I-1 15", "2.4") == (
        "French 1 (F-I-1, infantry) has been eliminated (2.4).")
    tired_gun = _after("tactical", "activate F-I-D", blocks={"F-I-D": 16, "F-I-A1": (16, 1)})
    assert refused(tired_gun, "french", "activate F-I-A1", "2.6.1") == (
        "French A (F-I-A1, artillery) is exhausted and cannot fire until restored (2.6.1).")
    two = _after("tactical", "activate F-I-D", "activate F-III-N", blocks={"F-NAP": (21, 2), **FRENCH, "F-IV-E": 16})
    assert refused(two, "french", "activate F-IV-E", "5.1") == (
        "Your supreme commander's strength 2 limits the activations this impulse; move the units already "
        "commanded (5.1).")
    tired = {"F-I-D": (16, 1), "F-III-N": 16}
    assert refused(_after("tactical", blocks=tired), "french", "activate F-I-D", "5.1") == (
        "French Davout (F-I-D, tactical leader) is exhausted (heart level); activate a fresh leader (5.1).")
    assert refused(_after("tactical", blocks=tired, options=["exhausted_leaders"]), "french", "activate F-I-D",
                   "9.7") == "An exhausted leader may be activated only after a fresh one this impulse (9.7)."
    far = _after("tactical", "activate F-I-D", blocks={"F-I-D": 16, "F-I-1": 3, "F-IV-13": 3})
    assert refused(far, "french", "move F-IV-13 4", "5.1") == (
        "French 13 (F-IV-13, infantry) is not commanded by an activated leader (same area, or its colour within "
        "tactical range); move a commanded unit (5.1).")
    assert refused(far, "french", "inspire F-I-D F-I-1", "5.2.2") == (
        "French 1 (F-I-1, infantry) is not adjacent to French Davout (F-I-D, tactical leader) in 16; no unit it may "
        "inspire stands in or next to 16 (5.2.2).")
    near = _after("tactical", "activate F-I-D", blocks={"F-I-D": 16, "F-I-1": 3, "F-I-2": 15, "F-IV-13": 16})
    assert refused(near, "french", "inspire F-I-D F-I-1", "5.2.2") == (  # seen in kolocha local: Ney and 46
        "French 1 (F-I-1, infantry) is not adjacent to French Davout (F-I-D, tactical leader) in 16; it may inspire "
        "a unit of its own in or next to 16: `inspire F-I-D F-I-2` (5.2.2).")
    engaged = _after("tactical", "activate F-I-D", "move F-I-1 42",
                     blocks={"F-I-D": 16, "F-I-1": 16, "F-I-2": 16, "R-1-2J": 42, "R-1-3": 17})
    assert refused(engaged, "french", "move F-I-2 17", "5.1, 2.6.3") == (
        "You have made the 1 new engagement this impulse allows (one per activated leader); move into an area "
        "without enemy units or one contested since the impulse began (5.1, 2.6.3).")
    two_made = _after("tactical", "activate F-I-D", "activate F-III-N", "move F-I-1 42", "move F-I-2 54",
                      blocks={"F-I-D": 16, "F-III-N": 16, "F-I-1": 16, "F-I-2": 16, "F-I-3": 16,
                              "R-1-2J": 42, "R-1-1J": 54, "R-1-3": 17})
    assert refused(two_made, "french", "move F-I-3 17", "5.1, 2.6.3").startswith(
        "You have made the 2 new engagements this impulse allows (one per activated leader);")
    special = _after("initiative move", "move F-I-1 42", "move F-I-2 54",
                     blocks={"F-NAP": (21, 2), "F-I-1": 16, "F-I-2": 16, "F-I-3": 16, "R-1-2J": 42, "R-1-1J": 54,
                             "R-1-3": 17})
    assert refused(special, "french", "move F-I-3 17", "2.6.3") == (  # 6.2: the supreme commander's strength
        "You have made the 2 new engagements this impulse allows; move into an area without enemy units or one "
        "contested since the impulse began (2.6.3).")
    exhausted = _after("initiative move", blocks={"F-NAP": (21, 1), "F-I-1": 16, "R-1-2J": 42})
    assert refused(exhausted, "french", "move F-I-1 42", "2.6.3") == (  # 2.6.3: "Once exhausted, its Strength is 0"
        "Your exhausted supreme commander allows no new engagement; move into an area without enemy units or one "
        "contested since the impulse began (2.6.3).")
    assert refused(engaged, "french", "initiative raid", "6.3") == (
        "A Cavalry Raid follows a completed Tactical Action; finish its battles first (6.3).")
    offensive = _after("tactical", "activate F-I-D", options=["general_offensive"])
    assert refused(offensive, "french", "initiative offensive", "9.8") == (
        "A General Offensive is called before any leader is activated (9.8).")
    called = _after("tactical", "initiative offensive", options=["general_offensive"])
    assert refused(called, "french", "initiative offensive", "6.0") == (
        "Only the player holding the Initiative Disc may take an Initiative Action (6.0).")
    assert refused(_after(options=["general_offensive"]), "french", "initiative offensive", "9.8") == (
        "`initiative offensive` belongs to a Tactical Action (9.8).")
    assert refused(position(FRENCH, initiative="russian"), "french", "initiative move", "6.0") == (
        "Only the player holding the Initiative Disc may take an Initiative Action (6.0).")


def test_an_activation_names_the_block_and_its_area_to_all():
    """2.6: an activated support unit is revealed: the event names it and where it stands."""
    _, events = do(position(FRENCH), "french", "tactical", "activate F-I-D 15")
    assert events[-1] == {"kind": "activate", "to": "all", "irreversible": True, "block": "F-I-D", "area": 15,
                          "text": "French Davout (F-I-D, tactical leader) is activated in 15 and revealed (2.6)."}


def test_an_inspiration_is_public_and_the_unit_inspired_the_inspirers_own():
    """5.2.2: the yellow cube sits on a block the enemy cannot see: the public reads the leader, the
    French player the unit too."""
    _, events = do(_after("tactical", "activate F-I-D"), "french", "inspire F-I-D F-I-1")
    assert [(e["kind"], e["to"], e["text"]) for e in events] == [
        ("inspire", "all", "French Davout (F-I-D, tactical leader) inspires a unit (5.2.2)."),
        ("info", "french", "French Davout (F-I-D, tactical leader) inspires French 1 (F-I-1, infantry) (yellow cube).")]


def test_an_inspiration_of_a_revealed_unit_names_it_to_all():
    """5.2.2, Contested Area: a unit engaged in an area the enemy holds stands revealed, its yellow cube
    in everyone's view: the public line named only 'a unit'."""
    state = _after("tactical", "activate F-I-D", "move F-I-1 42", blocks={"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42})
    _, events = do(state, "french", "inspire F-I-D F-I-1")
    assert [(e["kind"], e["to"], e["text"]) for e in events] == [
        ("inspire", "all", "French Davout (F-I-D, tactical leader) inspires French 1 (F-I-1, infantry) (5.2.2).")]
    seen = bm.view(do(state, "french", "inspire F-I-D F-I-1")[0], "russian")["units"]
    assert next(u for u in seen if u.get("id") == "F-I-1")["cubes"] == ["yellow"]


def test_each_initiative_action_says_what_the_disc_was_spent_on():
    """6.2, 6.3, 9.8: the public reads the action and its limit."""
    def told(state: dict, *texts: str) -> list[tuple[str, str]]:
        return [(e["kind"], e["text"]) for e in do(state, "french", *texts)[1] if e["kind"] == "initiative"]

    napoleon_2 = {**FRENCH, "F-NAP": (21, 2)}  # LV 3: Napoleon's 2 stars and Shevardino
    assert told(position(napoleon_2), "initiative move") == [
        ("initiative", "The French player spends the Initiative Disc: Special Movement and Combat of up to 3 units "
                       "(6.2).")]
    assert told(position(napoleon_2), "tactical", "activate F-I-D", "initiative raid") == [
        ("initiative", "The French player spends the Initiative Disc: Cavalry Raid of up to 3 cavalry (6.3).")]
    assert told(position(napoleon_2, options=["general_offensive"]), "tactical", "initiative offensive") == [
        ("initiative", "The French player spends the Initiative Disc on a General Offensive (9.8).")]
