"""rules/campaign_1812/ai/level1.py: what the level-1 commander chooses, and the one-line reason it gives, in
positions built by hand: the stack attrition falls on, the corps the index removes, the defender's choice,
where a retreat goes, the depots it makes and the chit it puts down."""
from __future__ import annotations

from rules.campaign_1812.ai.board import read
from rules.campaign_1812.ai.level1 import retreat
from rules.campaign_1812.ai.positions import position_state
from rules.core.ai import decision_rng
from tests.rules.campaign_1812.c1812_helpers import c1812, position
from tests.rules.campaign_1812.test_data import _doc

CHOICE_RETREAT = "the Combat Results Table would cost more than giving up the place; it is the safest place next door"


def _plan(state: dict, side: str) -> list[tuple[str, str]]:
    plan = c1812.commander().plan(c1812.view(state, side), (), decision_rng(7, 0))
    return [(d.command, d.reason) for d in plan]


def _attrition(french: dict, russian: dict, chooser: str = "french") -> dict:
    return position(french, russian, player="russian" if chooser == "french" else "french", phase="attrition",
                    attrition=1)


def test_attrition_falls_on_the_nearest_of_stacks_believed_alike_the_lowest_number_between_equals():
    """ATTRITION: 'the opponent selects the losses'. Kovno (11) and Grodno (13) are next to East Prussia (30),
    Vilna (12) two places off; the three markers are believed to hold as much."""
    state = _attrition({30: {"inf": 5}}, {11: {"inf": 2}, 12: {"inf": 2}, 13: {"inf": 2}})
    assert _plan(state, "french") == [
        ("attrit 11", "the enemy stack in Kovno is believed to hold about 3 infantry corps, 1 place from mine")]


def test_attrition_takes_a_stack_believed_larger_one_place_farther_rather_than_a_lone_depot_next_door():
    """A marker where the set-up put a lone depot (Smolensk, 15) is believed to hold half a corps; Zhitomir
    (28), two places from Mogilev, a whole one: a place farther costs a quarter of a corps."""
    far = {p: {"inf": 1} for p in (1, 2, 3, 4, 25, 27, 28, 29, 33, 34, 35, 36, 161)}
    state = _attrition({18: {"inf": 5}}, {15: {"inf": 2}, **far})
    assert _plan(state, "french") == [
        ("attrit 28", "the enemy stack in Zhitomir is believed to hold about 1 infantry corps, 2 places from mine")]


def test_attrition_is_chosen_by_a_side_without_a_stack_of_its_own():
    """Every Russian stack gone: the French Player-Turn's attrition is still the Russian player's to choose."""
    state = _attrition({11: {"inf": 5}}, {}, chooser="russian")
    assert _plan(state, "russian") == [
        ("attrit 11", "the enemy stack in Kovno is believed to hold about 15 infantry corps, "
                      "where a stack of mine stands")]


def test_the_index_removes_a_cavalry_corps_first_then_infantry_from_the_largest_stack():
    """VICTORY CONDITIONS: a corps removed when the French fall short of the index; infantry takes the places."""
    tail = ": infantry takes and holds the victory places"
    cases = [({11: {"inf": 3, "cav": 1}, 13: {"inf": 1}}, "remove 11 cav", "a cavalry corps of the largest stack, "
              "in Kovno"),
             ({11: {"inf": 3}, 13: {"inf": 4}}, "remove 13 inf", "an infantry corps of the largest stack, in Grodno"),
             ({12: {"inf": 2, "cav": 1}, 11: {"inf": 2, "cav": 1}}, "remove 11 cav", "a cavalry corps of the largest "
              "stack, in Kovno")]
    for french, command, reason in cases:
        state = position(french, {4: {"inf": 1}}, phase="removal", removal=1)
        assert _plan(state, "french") == [(command, reason + tail)], french


def _battle(attacker: str, mine: list[dict], theirs: list[dict], *, at: int = 12, held=(11,), chits=("assault",
            "withdraw"), **fields) -> dict:
    """A battle at `at` once both chits are down: by default the attacker's Assault against a Withdraw, the
    defender's choice (Dchoice)."""
    defender = "russian" if attacker == "french" else "french"
    stacks = {defender: mine, attacker: theirs}
    return position_state({"side": defender, "player": attacker, "phase": "combat", "held": list(held),
                           **stacks, "plans": {attacker: chits[0], defender: chits[1]}, **fields})


def test_two_corps_give_up_the_place_to_two_french_corps_but_hold_it_against_two_russian():
    """The Combat Results Table shifts one row for French leadership: at 1-1 the French attacker costs the
    defender more than the retreat's half corps, the Russian attacker nothing."""
    two = [{"place": 12, "inf": 2}]
    assert _plan(_battle("french", two, two), "russian") == [("retreat 10", f"from Vilna to Vitebsk: {CHOICE_RETREAT}")]
    assert _plan(_battle("russian", two, two, held=(11, 12)), "french") == [
        ("fight", "2 infantry corps against 2: the Combat Results Table costs less than giving up the place")]


def test_a_russian_retreat_goes_east_away_from_french_stacks_to_its_own_stacks_and_places():
    """From Vilna (12): Vitebsk, the easternmost place next door; Polotsk when a French stack stands next to
    Vitebsk; Vitebsk again when a Russian stack waits there (its own stack weighs as much as the threat); a
    place the Russians hold over a Russian stack in a place the French hold."""
    two = {"place": 12, "inf": 2}
    cases = [([], [], (11,), "retreat 10", "Vitebsk"),
             ([{"place": 15, "inf": 1}], [], (11,), "retreat 9", "Polotsk"),
             ([{"place": 15, "inf": 1}], [{"place": 10, "inf": 1}], (11,), "retreat 10", "Vitebsk"),
             ([], [{"place": 10, "inf": 1}], (11, 10), "retreat 9", "Polotsk"),
             ([{"place": 15, "inf": 1}, {"place": 7, "inf": 1}], [{"place": 10, "inf": 1}], (11,), "retreat 14",
              "Minsk")]
    for french, russian, held, command, to in cases:
        state = _battle("french", [two, *russian], [two, *french], held=held)
        assert _plan(state, "russian") == [(command, f"from Vilna to {to}: {CHOICE_RETREAT}")], (french, russian)


def test_a_french_retreat_goes_west_and_where_it_is_supplied():
    """From Minsk (14), Grodno is the westernmost place next door; from Vilna, Kovno, held by the French (and the
    lower number when Kovno and Grodno, as far west, are both Russian), unless its area is stripped bare (SUPPLY),
    then Grodno; in winter too, when no depot next door feeds it (WINTER); a stack that carries its depot is
    supplied anywhere."""
    cases = [(14, {}, {}, (11,), "retreat 13", "from Minsk to Grodno"),
             (12, {}, {}, (11, 12), "retreat 11", "from Vilna to Kovno"),
             (12, {}, {"11": 100}, (11, 12), "retreat 13", "from Vilna to Grodno"),
             (12, {}, {}, (12,), "retreat 11", "from Vilna to Kovno"),
             (12, {}, {"11": 100}, (11, 12), "retreat 13", "from Vilna to Grodno", 11),
             (12, {"supply": 1, "depot": 1}, {"11": 100}, (11, 12), "retreat 11", "from Vilna to Kovno", 11)]
    for at, extra, depleted, held, command, reason, *turn in cases:
        state = _battle("russian", [{"place": at, "inf": 2, **extra}], [{"place": at, "inf": 3}], at=at, held=held,
                        depleted=depleted, turn=turn[0] if turn else 2)
        assert _plan(state, "french") == [(command, f"{reason}: {CHOICE_RETREAT}")], (at, extra, depleted)


def test_a_retreat_the_rules_demand_says_so_and_an_even_choice_gives_up_the_place():
    """COMBAT: Contact against Withdraw is a forced retreat (Dr(D)) on the chart a game without options plays.
    One French corps with three of cavalry against three Russian corps would cost the Russians exactly the
    retreat's half corps: they retreat."""
    state = _battle("french", [{"place": 12, "inf": 2}], [{"place": 12, "inf": 3}], chits=("contact", "withdraw"))
    assert _plan(state, "russian") == [("retreat 10", "from Vilna to Vitebsk: the rules demand it; it is the safest "
                                        "place next door")]
    even = _battle("french", [{"place": 12, "inf": 3}], [{"place": 12, "inf": 1, "cav": 3}])
    assert _plan(even, "russian") == [("retreat 10", f"from Vilna to Vitebsk: {CHOICE_RETREAT}")]


def _depots(french: dict, russian: dict | None = None, **fields) -> list[tuple[str, str]]:
    return _plan(position(french, russian or {4: {"inf": 1}}, phase="supply", **fields), "french")


def _depot(place: int, name: str) -> tuple[str, str]:
    return (f"depot {place}", f"a depot in {name}: it feeds the corps that come by, and the enemy cannot tell it "
            "from a stack of corps")


def test_a_depot_is_made_in_every_area_where_a_supply_unit_stands_apart_and_one_an_area():
    """SUPPLY: 'The French Player may create a mobile Depot Unit by voluntarily 100% depleting an unoccupied area
    with a supply unit': not where French corps stand, nor an area with a Russian stack or already bare."""
    end = ("end", "no other depot is needed")
    assert _depots({11: {"inf": 2, "supply": 1}, 6: {"supply": 1}}) == [_depot(6, "Dinaburg"), end]
    assert _depots({6: {"supply": 1}, 9: {"supply": 1}}) == [_depot(6, "Dinaburg"), _depot(9, "Polotsk"), end]
    assert _depots({161: {"supply": 1}, 162: {"supply": 1}}) == [_depot(161, "Vyazma"), end]
    assert _depots({6: {"supply": 1}}, depleted={"6": 100}) == [end]
    assert _depots({161: {"supply": 1}}, {162: {"inf": 1}}) == [end]
    assert _depots({6: {"depot": 1}, 9: {"inf": 1}}) == [end]
    assert _depots({6: {"inf": 1}, 9: {"supply": 1}}) == [_depot(9, "Polotsk"), end]


def test_each_side_puts_down_a_chit_of_its_role_and_says_what_it_believes_it_faces():
    """COMBAT: the attacker's chits and the defender's; the enemy's stack is judged by belief (STACKING). The
    defender weighs the chits the attacker is likely to put down (battle.answered): one corps against about 14
    withdraws from the Assault they make likely, where taking them evenly it entrenched and lost the corps."""
    state = position_state({"side": "french", "phase": "combat", "turn": 3, "held": [11],
                            "french": [{"place": 12, "inf": 7, "cav": 2}],
                            "russian": [{"place": 12, "inf": 1}, {"place": 17, "depot": 1}]})
    tail = "the best of the chart against"
    assert _plan(state, "french") == [
        ("plan outflank", f"Outflank as the attacker in Vilna: 7 infantry corps against about 9, {tail} any enemy "
                          "chit")]
    assert _plan(state, "russian") == [
        ("plan withdraw", f"Withdraw as the defender in Vilna: 1 infantry corps against about 14, {tail} the chits "
                          "the attacker is likely to put down")]


def test_a_russian_attacker_counts_the_french_attrition_of_its_own_game_turn_not_yet_played():
    """In the Russian Player-Turn the French have not yet rolled this Game-Turn's attrition (SEQUENCE OF PLAY):
    the French stack in Vilna is believed to hold the set-up's corps less two Game-Turns of attrition."""
    state = position_state({"side": "russian", "player": "russian", "phase": "combat", "turn": 3, "held": [11, 12],
                            "french": [{"place": 12, "inf": 2}], "russian": [{"place": 12, "inf": 2}]})
    assert _plan(state, "russian") == [("plan reconnaissance", "Reconnaissance as the attacker in Vilna: 2 infantry "
                                        "corps against about 15, the best of the chart against any enemy chit")]


def test_a_french_defender_entrenches_against_a_russian_attack_and_its_chit_stays_down():
    """COMBAT: the Russian attacker has no French leadership shift on the Combat Results Table, so three French
    corps hold in Vilna (against a French attack they would withdraw); once down, the chit is not changed."""
    state = position_state({"side": "french", "player": "russian", "phase": "combat", "turn": 3, "held": [11, 12],
                            "french": [{"place": 12, "inf": 3}], "russian": [{"place": 12, "inf": 2}]})
    assert _plan(state, "french") == [("plan entrench", "Entrench as the defender in Vilna: 3 infantry corps against "
                                       "about 11, the best of the chart against the chits the attacker is likely "
                                       "to put down")]
    state, _ = c1812.apply(state, "french", c1812.parse("french", "plan entrench"))
    assert _plan(state, "french") == [("plan entrench", "the chit stays down until the enemy's is")]


def _own_tables(leadership: int = 1, french_attrition: tuple[int, ...] = (1, 1, 1, 1, 1, 2)) -> dict:
    """The shipped table document with another French leadership shift or French attrition row, as a player's
    own table file may give them (`kolocha local --tables FILE`)."""
    doc = _doc("tables.toml")
    doc["combat_results"]["french_leadership"] = leadership
    doc["attrition"]["french"] = list(french_attrition)
    return doc


def test_the_defender_s_choice_is_counted_on_the_tables_the_game_plays():
    """Two Russian corps attack two French in Vilna: on the shipped tables the Russians roll a row down (French
    leadership) and the French fight, at no cost; on a player's own tables without that shift the Combat Results
    Table costs the French half a corps, as much as the retreat, and they give the place up. Both players know
    the tables: the commander reads them from its view."""
    two = [{"place": 12, "inf": 2}]
    state = _battle("russian", two, two, held=(11, 12))
    assert _plan(state, "french") == [
        ("fight", "2 infantry corps against 2: the Combat Results Table costs less than giving up the place")]
    state["tables"] = _own_tables(leadership=0)
    assert _plan(state, "french") == [("retreat 11", f"from Vilna to Kovno: {CHOICE_RETREAT}")]


def test_the_belief_counts_the_attrition_of_the_tables_the_game_plays():
    """ATTRITION: the enemy's losses are believed at the table's mean. Five French corps in Kovno, the Russian
    to choose where the French attrition falls: about 15 believed on the shipped tables, fewer when the game's
    own table takes three corps a Player-Turn."""
    state = _attrition({11: {"inf": 5}}, {}, chooser="russian")
    state["tables"] = _own_tables(french_attrition=(3, 3, 3, 3, 3, 3))
    assert _plan(state, "russian") == [
        ("attrit 11", "the enemy stack in Kovno is believed to hold about 11 infantry corps, "
                      "where a stack of mine stands")]


def test_the_chit_counts_a_fifth_of_the_corps_believed_as_cavalry_against_the_pursuit():
    """A battle of this Game-Turn showed six Russian infantry corps in Vilna: believed there with a fifth as many
    cavalry corps. Three French infantry and three cavalry corps attack: their surplus cavalry (the Pursuit Table's
    row of one corps: three against 1.2) makes Reconnaissance, whose cells pursue, the best chit by more than the
    chits drawn among (a surplus of two, or none, would make Outflank as good)."""
    state = position_state({"side": "french", "player": "french", "phase": "combat", "held": [11],
                            "french": [{"place": 12, "inf": 3, "cav": 3}], "russian": [{"place": 12, "inf": 6}]})
    state["log"].append({"turn": 2, "place": 12, "lines": [
        "Battle of Vilna (12): Russian Assault against French Cordon. French: 1 infantry corps; Russian: 6 infantry "
        "corps."]})
    assert _plan(state, "french") == [("plan reconnaissance", "Reconnaissance as the attacker in Vilna: 3 infantry "
                                       "corps against about 6, the best of the chart against any enemy chit")]


def test_a_retreat_weighs_supply_as_two_places_held_against_a_threat_each_marker():
    """From Vilna, Russian markers in Polotsk, Vitebsk, Minsk and Velikie Luki: Dinaburg is supplied but two markers
    stand next to it (2 - 2 x 0.5); Kovno's area is stripped bare, but the French hold it and have a stack there (1
    + 0.5): Kovno; Grodno, bare and next to Minsk, is worst."""
    state = position({12: {"inf": 2}, 11: {"inf": 1}}, {9: {"inf": 1}, 10: {"inf": 1}, 14: {"inf": 1}, 7: {"inf": 1}},
                     depleted={"11": 100, "13": 100})
    decision = retreat(read(c1812.view(state, "french"), []), 12)
    assert (decision.command, decision.reason) == (
        "retreat 11", "from Vilna to Kovno: the rules demand it; it is the safest place next door")
