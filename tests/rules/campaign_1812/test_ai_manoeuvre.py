"""rules/campaign_1812/ai/manoeuvre.py: where the level-1 commander sends its stacks and which corps it force
marches, with its reasons, in positions built by hand."""
from __future__ import annotations

import pytest

from rules.campaign_1812 import campaign_data as data
from rules.campaign_1812.ai.board import read
from rules.campaign_1812.ai.manoeuvre import Group, Manoeuvre, precious
from rules.campaign_1812.ai.positions import position_state
from rules.core import positions
from rules.core.ai import decision_rng
from tests.rules.campaign_1812.c1812_helpers import c1812, position

END_MARCH = ("end", "no other forced march is worth its risk")


def _plan(state: dict, side: str = "french") -> list[tuple[str, str]]:
    plan = c1812.commander().plan(c1812.view(state, side), (), decision_rng(7, 0))
    return [(d.command, d.reason) for d in plan]


def _marches(french: dict, russian: dict | None = None, **fields) -> list[tuple[str, str]]:
    return _plan(position(french, russian or {1: {"inf": 1}}, phase="march", **fields))


def _march(origin: tuple[int, str], to: tuple[int, str], tries: int) -> tuple[str, str]:
    return (f"march {origin[0]} {to[0]} {tries} inf", f"a forced march from {origin[1]} on {to[1]} (1 VP), where no "
            "enemy stack stands")


KOVNO, VILNA, GRODNO, DINABURG, POLOTSK = (11, "Kovno"), (12, "Vilna"), (13, "Grodno"), (6, "Dinaburg"), (9, "Polotsk")


def test_a_corps_a_fort_is_force_marched_while_points_are_short_and_two_on_the_last_turn():
    """MOVEMENT: a forced march may eliminate the corps; VICTORY CONDITIONS: 22 points at the end of the last
    Game-Turn, so there two corps are staked on each fort, as long as the stack has corps to spare."""
    assert _marches({11: {"inf": 5}}, turn=5) == [
        _march(KOVNO, DINABURG, 1), _march(KOVNO, VILNA, 1), _march(KOVNO, GRODNO, 1), END_MARCH]
    assert _marches({11: {"inf": 5}}, turn=13) == [
        _march(KOVNO, DINABURG, 2), _march(KOVNO, VILNA, 2), _march(KOVNO, GRODNO, 1), END_MARCH]
    held = (11, 13, 14, 20, 6, 9, 10, 18, 15, 161, 19, 22, 4, 3, 2, 7)
    assert _marches({11: {"inf": 5}}, turn=13, held=held) == [_march(KOVNO, VILNA, 2), END_MARCH]


def test_winter_odds_are_not_worth_a_corps_the_army_can_hardly_spare():
    """The Forced March Table in winter eliminates on 5 and 6 and arrives on 1 and 2 only: three corps with four
    Game-Turns of attrition to come march in September, not in October (WINTER)."""
    marches = [_march(KOVNO, DINABURG, 1), _march(KOVNO, VILNA, 1), _march(KOVNO, GRODNO, 1), END_MARCH]
    assert _marches({11: {"inf": 3}}, turn=9) == marches
    assert _marches({11: {"inf": 3}}, turn=10) == [END_MARCH]
    assert _marches({11: {"inf": 6}}, turn=10) == marches  # more to spare: worth the winter table
    assert _marches({11: {"inf": 5}}, turn=10) == [END_MARCH]


def test_moscow_is_worth_a_winter_march_that_a_fort_is_not():
    """Five points against one: from Borodino, with few corps to spare in October, Moscow is force marched on, the
    fort of Kaluga (24) is not."""
    assert _marches({162: {"inf": 5}}, turn=10, held=(11, 161)) == [
        ("march 162 17 1 inf", "a forced march from Borodino on Moscow (5 VP), where no enemy stack stands"),
        END_MARCH]


def test_no_forced_march_once_the_index_is_met_exactly():
    """VICTORY CONDITIONS: Kovno, Vilna and Grodno make the 3 points of Game-Turn 2's index: Dinaburg is left."""
    assert _marches({11: {"inf": 3}}, turn=2, held=(11, 12, 13)) == [END_MARCH]


def test_a_stack_keeps_a_corps_in_a_fort_it_takes_and_counts_the_corps_that_tried_already():
    """Vilna, held by the Russians, is taken by the French infantry left in it: of three corps two march. Of two
    corps in Kovno, one has tried a forced march this Player-Turn: one is left to try."""
    assert _marches({12: {"inf": 3}}) == [_march(VILNA, DINABURG, 1), _march(VILNA, POLOTSK, 1), END_MARCH]
    tried = {"11": {"inf": 1, "cav": 0, "supply": 0, "depot": 0}}
    assert _marches({11: {"inf": 2}}, turn=5, marched=tried) == [_march(KOVNO, DINABURG, 1), END_MARCH]


def test_the_largest_stack_marches_first_and_no_fort_is_aimed_at_twice_nor_one_with_a_stack_in_it():
    """Grodno's four corps (one kept to take Grodno) march on Vilna, Minsk and Brest-Litovsk; Kovno's two find
    Vilna aimed at, Grodno their own and Dinaburg held by a Russian stack."""
    minsk, brest = (14, "Minsk"), (20, "Brest-Litovsk")
    assert _marches({11: {"inf": 2}, 13: {"inf": 4}}, {6: {"inf": 1}}, turn=5) == [
        _march(GRODNO, VILNA, 1), _march(GRODNO, minsk, 1), _march(GRODNO, brest, 1), END_MARCH]


DECOY = "a stack of its own away from the enemy, who cannot tell it from one of infantry"
ONE = "1 infantry corps"


def _free(name: str, points: int = 1) -> str:
    return f"{name} is worth {points} VP and no enemy stack stands there"


def _attacks(believed: int | str) -> str:
    counted = believed if isinstance(believed, str) else f"{believed} infantry corps"
    return f"it attacks the enemy stack there (believed about {counted})"


def _move(command: str, part: str, origin: str, to: str, why: str) -> tuple[str, str]:
    return command, f"{part} from {origin} to {to}: {why}"


ARMY = "infantry corps, 1 supply unit, 1 depot"
PLANS = {
    "take-the-fort-next-door": [_move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg")),
                                _move("move 11 12 1 inf", ONE, "Kovno", "Vilna", _free("Vilna"))],
    "march-on-moscow": [_move("move 162 8 1 cav", "1 cavalry corps", "Borodino", "Tver", DECOY),
                        _move("move 162 17 6 inf 1 supply 1 depot", f"6 {ARMY}", "Borodino", "Moscow",
                              _free("Moscow", 5))],
    "army-keeps-its-depot": [_move("move 11 12 1 inf", ONE, "Kovno", "Vilna", _free("Vilna")),
                             _move("move 11 13 1 inf", ONE, "Kovno", "Grodno", _free("Grodno")),
                             _move("move 11 6 4 inf 1 supply 1 depot", f"4 {ARMY}", "Kovno", "Dinaburg",
                                   _free("Dinaburg"))],
    "cavalry-apart": [_move("move 11 12 1 inf", ONE, "Kovno", "Vilna", _free("Vilna")),
                      _move("move 11 13 1 inf", ONE, "Kovno", "Grodno", _free("Grodno")),
                      _move("move 11 30 1 cav", "1 cavalry corps", "Kovno", "East Prussia", DECOY),
                      _move("move 11 6 2 inf 1 supply 1 depot", f"2 {ARMY}", "Kovno", "Dinaburg", _free("Dinaburg"))],
    "strike-a-weak-stack": [_move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg")),
                            _move("move 11 30 1 cav", "1 cavalry corps", "Kovno", "East Prussia", DECOY),
                            _move("move 11 12 7 inf 1 supply 1 depot", f"7 {ARMY}", "Kovno", "Vilna", _attacks(2))],
    "no-lone-corps-into-the-main-army": [_move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg"))],
    "russians-retake-a-fort": [_move("move 14 12 2 inf", "2 infantry corps", "Minsk", "Vilna", _free("Vilna"))],
    "russians-strike-a-lone-corps": [_move("move 23 15 6 inf 2 cav", "6 infantry corps, 2 cavalry corps", "Roslavl",
                                           "Smolensk", _attacks(1))],
    "leave-a-stripped-area": [_move("move 12 9 1 inf", ONE, "Vilna", "Polotsk", _free("Polotsk")),
                              _move("move 12 10 1 inf", ONE, "Vilna", "Vitebsk", _free("Vitebsk")),
                              _move("move 12 6 1 inf", ONE, "Vilna", "Dinaburg", _free("Dinaburg"))],
    "last-turn-every-corps-counts": [_move("move 12 9 1 inf", ONE, "Vilna", "Polotsk", _free("Polotsk")),
                                     _move("move 12 6 3 inf", "3 infantry corps", "Vilna", "Dinaburg",
                                           _free("Dinaburg"))],
    "bring-up-the-reserve": [_move("move 14 10 6 inf 1 supply 1 depot", f"6 {ARMY}", "Minsk", "Vitebsk",
                                   _free("Vitebsk")),
                             _move("move 31 13 1 inf", ONE, "Warsaw", "Grodno", "closer to St Petersburg (5 VP)")],
}
END_MOVES = ("end", "every stack that should move has moved")


@pytest.mark.parametrize("name", sorted(PLANS))
def test_the_movement_plan_of_each_tactical_position_move_by_move_with_its_reasons(name):
    """The Movement Phase positions of data/positions.toml (MOVEMENT, STACKING, VICTORY CONDITIONS, SUPPLY): each
    stack, the largest first, goes whole or sends one infantry corps to each free victory place next door;
    French cavalry goes apart; the army takes its supply unit and depot along; each move says why."""
    (position,) = [p for p in positions.load("campaign_1812", c1812.INFO.sides) if p.id == name]
    assert _plan(position_state(position.entry), position.side) == [*PLANS[name], END_MOVES]


def _moves(french: dict, russian: dict, side: str = "french", **fields) -> list[tuple[str, str]]:
    return _plan(position(french, russian, player=side, **fields), side)


ALL_PLACES = tuple(p for p, place in data.places().items() if place.points)


def test_with_every_victory_place_held_a_stack_moves_for_its_safety_and_its_supply():
    """Nothing left to take: a lone corps steps away from an army next door believed stronger; two corps leave a
    100% depleted area for one that feeds them (SUPPLY), in winter too; French cavalry stands apart; a supply unit
    with its depot is a stack of its own (STACKING)."""
    assert _moves({12: {"inf": 1}}, {10: {"inf": 6}, 1: {"depot": 1}}, held=ALL_PLACES) == [
        _move("move 12 6 1 inf", ONE, "Vilna", "Dinaburg", "away from the enemy stacks next to Vilna, believed "
              "stronger"), END_MOVES]
    fed = [_move("move 12 6 2 inf", "2 infantry corps", "Vilna", "Dinaburg", "Dinaburg can feed it and Vilna "
                 "cannot (Supply)"), END_MOVES]
    assert _moves({12: {"inf": 2}}, {1: {"inf": 1}}, held=ALL_PLACES, depleted={"12": 100}) == fed
    assert _moves({12: {"inf": 2}}, {1: {"inf": 1}}, held=ALL_PLACES, depleted={"12": 100}, turn=11) == fed
    assert _moves({12: {"inf": 2, "cav": 1}}, {1: {"inf": 1}}, held=ALL_PLACES) == [
        _move("move 12 6 1 cav", "1 cavalry corps", "Vilna", "Dinaburg", DECOY), END_MOVES]
    assert _moves({12: {"supply": 1, "depot": 1}, 11: {"inf": 2}}, {1: {"inf": 1}}) == [
        _move("move 11 12 1 inf", ONE, "Kovno", "Vilna", _free("Vilna")),
        _move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg")),
        _move("move 12 9 1 supply 1 depot", "1 supply unit, 1 depot", "Vilna", "Polotsk", DECOY), END_MOVES]


def test_cavalry_alone_never_walks_into_an_enemy_stack():
    """COMBAT: a stack without infantry confronted by enemy infantry must retreat: cavalry ringed by Russian
    stacks goes to the one place next door without one."""
    russian = {p: {"inf": 1} for p in (6, 9, 10, 13, 14)}
    assert _moves({12: {"cav": 1}}, russian) == [
        _move("move 12 11 1 cav", "1 cavalry corps", "Vilna", "Kovno", DECOY), END_MOVES]


def test_the_russians_retake_the_places_the_french_hold_one_corps_each():
    """VICTORY CONDITIONS: the Russians take back what the French hold; a cavalry corps alone does not go."""
    assert _moves({30: {"inf": 1}}, {14: {"inf": 2}}, side="russian", held=(11, 12, 13)) == [
        _move("move 14 13 1 inf", ONE, "Minsk", "Grodno", _free("Grodno")),
        _move("move 14 12 1 inf", ONE, "Minsk", "Vilna", _free("Vilna")), END_MOVES]
    assert _moves({30: {"inf": 1}, 12: {"inf": 1}}, {14: {"inf": 1}, 18: {"cav": 1}}, side="russian",
                  held=(11, 12, 13)) == [_move("move 14 13 1 inf", ONE, "Minsk", "Grodno", _free("Grodno")), END_MOVES]


def test_cavalry_counts_in_the_size_of_a_stack_that_marches_first():
    """Kovno's two infantry and two cavalry corps make the larger stack: they take Vilna first, Grodno's three
    infantry corps (one kept in Grodno) the forts left."""
    grodno, minsk, brest = (13, "Grodno"), (14, "Minsk"), (20, "Brest-Litovsk")
    assert _marches({11: {"inf": 2, "cav": 2}, 13: {"inf": 3}}, turn=5) == [
        _march(KOVNO, DINABURG, 1), _march(KOVNO, VILNA, 1), _march(grodno, minsk, 1), _march(grodno, brest, 1),
        END_MARCH]


def test_a_stack_that_has_moved_is_not_moved_again():
    """MOVEMENT: each corps moves one area per Player-Turn: Kovno's corps moved, Grodno's has not."""
    moved = {"11": {"inf": 2, "cav": 0, "supply": 0, "depot": 0}}
    assert _moves({11: {"inf": 2}, 13: {"inf": 1}}, {4: {"inf": 1}}, moved=moved) == [
        _move("move 13 12 1 inf", ONE, "Grodno", "Vilna", _free("Vilna")), END_MOVES]


def test_a_victory_place_one_stack_is_sent_to_is_not_sent_another():
    """Kovno's army sends a corps to Vilna: Grodno's corps, next to Vilna too, stay to take Grodno. Vilna's corps
    take the free forts next door, Vitebsk among them: Minsk's go to Mogilev instead."""
    assert _moves({11: {"inf": 4, "supply": 1, "depot": 1}, 13: {"inf": 3}}, {4: {"inf": 1}},
                  depleted={"12": 50, "6": 50}) == [
        _move("move 11 12 1 inf", ONE, "Kovno", "Vilna", _free("Vilna")),
        _move("move 11 6 3 inf 1 supply 1 depot", f"3 {ARMY}", "Kovno", "Dinaburg", _free("Dinaburg")), END_MOVES]
    assert _moves({12: {"inf": 5}, 14: {"inf": 2}}, {1: {"inf": 1}}, held=(11, 12)) == [
        _move("move 12 9 1 inf", ONE, "Vilna", "Polotsk", _free("Polotsk")),
        _move("move 12 10 1 inf", ONE, "Vilna", "Vitebsk", _free("Vitebsk")),
        _move("move 12 13 1 inf", ONE, "Vilna", "Grodno", _free("Grodno")),
        _move("move 12 6 2 inf", "2 infantry corps", "Vilna", "Dinaburg", _free("Dinaburg")),
        _move("move 14 18 2 inf", "2 infantry corps", "Minsk", "Mogilev", _free("Mogilev")), END_MOVES]


def _seen(place: int, russian: int, lost: int = 0) -> dict:
    """A battle of this Game-Turn that revealed `russian` infantry corps in `place` (and the losses told after)."""
    lines = [f"Battle of X ({place}): French Assault against Russian Cordon. French: 9 infantry corps; Russian: "
             f"{russian} infantry corps."] + ([f"Russian loses {lost} infantry corps."] if lost else [])
    return {"turn": 2, "place": place, "lines": lines}


def _planner(french: dict, russian: dict, **fields) -> Manoeuvre:
    """The French planner's board in a Movement Phase of Game-Turn 2."""
    return Manoeuvre(read(c1812.view(position(french, russian, **fields), "french"), []))


def test_a_small_group_is_in_danger_beside_an_enemy_believed_half_as_strong_again():
    """Markers whose battles this Game-Turn showed 4 corps in Vitebsk, 3 in Zhitomir, 1 in Novgorod and none left
    in Riga (its corps lost): a group of fewer than four infantry corps next to (or in) a marker believed more than
    half as strong again (cavalry alone: more than half a corps) risks 0.3 of a corps each, at a corps' worth (here
    its usual 4: twenty corps to spare in East Prussia)."""
    m = _planner({30: {"inf": 20}}, {10: {"inf": 4}, 28: {"inf": 3}, 2: {"inf": 1}, 4: {"inf": 1}},
                 log=[_seen(10, 4), _seen(28, 3), _seen(2, 1), _seen(4, 1, lost=1)])
    assert m.b.belief == {10: 4.0, 28: 3.0, 2: 1.0, 4: 0.0}
    assert m.danger(12, Group(inf=2)) == pytest.approx(2.4)  # Vitebsk's 4 against 2
    assert m.danger(10, Group(inf=2, cav=1)) == pytest.approx(3.6)  # in the marker's own place
    assert m.danger(22, Group(inf=2)) == 0.0  # Zhitomir's 3: exactly half as strong again, no more
    assert m.danger(3, Group(cav=1)) == pytest.approx(1.2)  # Novgorod's 1 against cavalry alone
    assert m.danger(3, Group(inf=1)) == 0.0
    assert m.danger(12, Group(inf=4)) == 0.0  # four corps fear no one
    assert m.danger(31, Group(inf=1)) == 0.0  # no marker near Warsaw


def test_the_pull_is_the_best_of_the_points_over_one_more_than_their_distance_not_yet_claimed():
    """Only Vilna (1 VP, next to Kovno) and Moscow (5 VP, four places off) left to take: Moscow pulls 5/5, more than
    Vilna's 1/2, until a group is sent to take it."""
    m = _planner({30: {"inf": 20}}, {}, held=[p for p in ALL_PLACES if p not in (12, 17)])
    assert m.pull(11) == 1.0
    m.claimed.add(17)
    assert m.pull(11) == pytest.approx(1 / 2)


def test_each_move_planned_counts_its_corps_where_they_go_and_claims_the_place_its_infantry_takes():
    """The plan's board after a move: the corps leave their place and join what already goes to the other, a
    victory place to take is claimed by infantry alone (a place worth nothing never), and the depot goes along."""
    m = _planner({12: {"inf": 5, "cav": 1, "supply": 1, "depot": 1}}, {1: {"inf": 1}})
    m.arriving, m.depots = {12: 6, 6: 1}, {12}
    decision = m.send(12, 6, Group(inf=2, supply=1, depot=1), "why")
    assert (decision.command, decision.reason) == (
        "move 12 6 2 inf 1 supply 1 depot", "2 infantry corps, 1 supply unit, 1 depot from Vilna to Dinaburg: why")
    assert (m.arriving, m.claimed, m.depots, m.spots) == ({12: 4, 6: 3}, {6}, {6}, {6})
    m.send(12, 5, Group(inf=1), "why")  # Courland is worth nothing
    m.send(12, 9, Group(cav=1), "why")  # cavalry takes no place
    assert (m.arriving, m.claimed, m.spots) == ({12: 2, 6: 3, 5: 1, 9: 1}, {6}, {6, 5, 9})


def test_a_stack_that_stands_in_a_place_to_take_claims_it_and_counts_all_its_corps():
    """VICTORY CONDITIONS: a stack in Vilna takes it at the end of the Player-Turn: no other group is sent there;
    it counts its cavalry among the corps arriving there (SUPPLY: the depletion counts corps)."""
    moved = {"12": {"inf": 2, "cav": 2, "supply": 0, "depot": 0}}
    m = _planner({12: {"inf": 2, "cav": 2}, 31: {"cav": 1}}, {1: {"inf": 1}}, moved=moved)
    m.plan()
    assert (m.arriving[12], m.claimed) == (4, {12})


def test_the_reason_of_a_move_names_what_it_goes_for():
    """A place to take names itself, for Russian cavalry too; else the best place still to take, its points over
    one more than its distance (Kiev's 3 VP five places off against Kovno's 1 next door: a tie, the lower number);
    else the danger left, or the supply found; else safety."""
    held = [p for p in ALL_PLACES if p not in (11, 27)]
    m = _planner({30: {"inf": 20}}, {}, held=held)
    assert m.why(30, Group(inf=1), 31) == "closer to Kovno (1 VP)"
    m = _planner({30: {"inf": 20}}, {}, held=[p for p in ALL_PLACES if p not in (13, 4)])
    assert m.why(30, Group(inf=1), 31) == "closer to Grodno (1 VP)"
    m = _planner({30: {"inf": 20}}, {}, held=[p for p in ALL_PLACES if p not in (11, 13)])
    assert m.why(30, Group(inf=1), 31) == "closer to Kovno (1 VP)"
    russian = Manoeuvre(read(c1812.view(position({12: {"inf": 1}}, {14: {"cav": 1}}, player="russian",
                                                 held=(11, 13)), "russian"), []))
    assert russian.why(13, Group(cav=1), 14) == "Grodno is worth 1 VP and no enemy stack stands there"
    m = _planner({12: {"inf": 1}, 30: {"inf": 20}}, {10: {"inf": 4}, 5: {"inf": 1}}, held=ALL_PLACES,
                 log=[_seen(10, 4), _seen(5, 1, lost=1)])
    assert m.why(6, Group(inf=1), 12) == "away from the enemy stacks next to Vilna, believed stronger"
    m = _planner({12: {"inf": 1}, 30: {"inf": 20}}, {1: {"inf": 1}}, held=ALL_PLACES)
    assert m.why(11, Group(inf=1), 12) == "a safer place to stand"
    m.arriving = {12: 2}  # two corps stand in Vilna: one step of depletion, not bare
    assert m.why(6, Group(inf=2), 12) == "a safer place to stand"


def test_a_place_is_worth_its_battle_its_points_and_its_pull_less_the_corps_that_starve_or_are_in_danger():
    """In planner's units (a corps 4, its usual worth here; a Victory Point 10): battles this Game-Turn showed one
    Russian corps in Vilna and six in Vitebsk. Cavalry alone never walks into a marker (COMBAT); one French corps
    attacking Vilna's one expects 7/12 of a corps on the chart, enough to count half of Vilna's point; six corps
    attacking Vitebsk's six expect 7/24 (their surplus cavalry pursues: three against 1.2), not enough, and six
    corps there starve one time in six (SUPPLY: they strip the area bare) and are in danger; Dinaburg is free to
    take. Each adds six times its pull (St Petersburg 5 VP three places from Vilna, Moscow three from Vitebsk, St
    Petersburg two from Dinaburg). Russian cavalry retakes a place as infantry does."""
    m = _planner({30: {"inf": 20}, 11: {"inf": 3, "cav": 3}}, {12: {"inf": 1}, 10: {"inf": 6}},
                 log=[_seen(12, 1), _seen(10, 6)])
    assert m.worth(12, Group(), 11) == 0.0
    assert m.worth(12, Group(cav=2), 11) == -8.0
    assert m.worth(12, Group(inf=1), 11) == pytest.approx(4 * 7 / 12 + 10 * 0.5 - 4 * 0.3 + 6 * 5 / 4)
    assert m.worth(10, Group(inf=3, cav=3), 12) == pytest.approx(4 * 7 / 24 - 4 * 6 / 6 - 4 * 0.3 * 6 + 6 * 5 / 4)
    assert m.worth(6, Group(inf=1), 11) == pytest.approx(10 + 6 * 5 / 3)
    state = position({12: {"inf": 1}, 30: {"inf": 20}}, {14: {"cav": 1}}, player="russian", held=(11, 13))
    russian = Manoeuvre(read(c1812.view(state, "russian"), []))
    assert russian.corps == 14.0  # one corps left to the Russians, the attrition of twelve Player-Turns to come
    assert russian.worth(13, Group(cav=1), 14) == pytest.approx(10 - 14 * 0.3 + 6 * 1 / 1)


@pytest.mark.parametrize("side,corps,turn,worth", [
    ("french", 20, 2, 1.0),  # the attrition of twelve Player-Turns to come, 14 corps at 7/6: six to spare
    ("french", 15, 2, 2.5),  # one to spare: a corps counts 1 + (4 - 1) / 2
    ("french", 5, 2, 4.0),  # nine short: four times at most
    ("french", 5, 13, 0.25),  # the last Player-Turn: the points count
    ("russian", 1, 13, 1 + (4 - 5 / 6) / 2),  # the Russians' last Player-Turn: a sixth of a corps to come
])
def test_a_corps_counts_for_more_as_the_side_comes_near_what_attrition_will_take(side, corps, turn, worth):
    """ATTRITION: the table's mean loss for each Player-Turn left, this one included; VICTORY CONDITIONS: a French
    army without corps has lost, but in the last Player-Turn only the points count."""
    mine, theirs = {30: {"inf": corps}}, {1: {"inf": 1}}
    state = position(mine if side == "french" else theirs, theirs if side == "french" else mine, turn=turn,
                     player=side)
    assert precious(read(c1812.view(state, side), [])) == pytest.approx(worth)


def _but(*free: int) -> list[int]:
    """Every victory place held by the French but these."""
    return [p for p in ALL_PLACES if p not in free]


def test_a_depot_goes_with_a_french_supply_unit_only_and_with_any_russian_stack():
    """MOVEMENT: a French depot moves only with a supply unit (else it stays behind); a Russian one goes along."""
    assert _moves({11: {"inf": 2, "depot": 1}}, {1: {"inf": 1}}, held=_but(6)) == [
        _move("move 11 6 2 inf", "2 infantry corps", "Kovno", "Dinaburg", _free("Dinaburg")), END_MOVES]
    assert _moves({30: {"inf": 1}}, {14: {"inf": 2, "depot": 1}}, side="russian", held=(11, 13)) == [
        _move("move 14 13 2 inf 1 depot", "2 infantry corps, 1 depot", "Minsk", "Grodno", _free("Grodno")), END_MOVES]


def test_french_units_without_infantry_stay_where_they_are_safe_and_leave_the_place_the_army_goes_to():
    """A French cavalry corps alone in Warsaw, nothing near: it stays. Cavalry leaving Vilna with the army, a
    Russian marker in Minsk next door: not to Dinaburg, where the army goes (STACKING: one stack a place), but to
    Polotsk, out of the marker's reach."""
    assert _moves({31: {"cav": 1}}, {1: {"inf": 1}}, held=ALL_PLACES) == [END_MOVES]
    assert _moves({12: {"inf": 2, "cav": 1}}, {14: {"inf": 1}}, held=_but(6)) == [
        _move("move 12 9 1 cav", "1 cavalry corps", "Vilna", "Polotsk", DECOY),
        _move("move 12 6 2 inf", "2 infantry corps", "Vilna", "Dinaburg", _free("Dinaburg")), END_MOVES]


def test_the_french_keep_one_supply_unit_with_the_army_and_send_the_others_apart():
    """Three supply units in Kovno: one goes with the infantry to Dinaburg, one stands apart in Courland, one stays
    behind in Kovno (a stack of its own, as the enemy sees it)."""
    assert _moves({11: {"inf": 2, "supply": 3}}, {1: {"inf": 1}}, held=_but(6)) == [
        _move("move 11 5 1 supply", "1 supply unit", "Kovno", "Courland", DECOY),
        _move("move 11 6 2 inf 1 supply", "2 infantry corps, 1 supply unit", "Kovno", "Dinaburg", _free("Dinaburg")),
        END_MOVES]


def test_an_attack_keeps_twice_the_corps_believed_and_sends_only_the_rest_to_places_to_take():
    """Seven corps in Kovno attack Vilna, where a battle of this Game-Turn showed three: six go in (twice three),
    the seventh takes Dinaburg; Grodno, free as well, gets none."""
    assert _moves({11: {"inf": 7}}, {12: {"inf": 3}}, log=[_seen(12, 3)]) == [
        _move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg")),
        _move("move 11 12 6 inf", "6 infantry corps", "Kovno", "Vilna", _attacks(3)), END_MOVES]


def test_the_largest_stack_plans_first():
    """Grodno's three corps move before Kovno's one: they take Minsk, Brest-Litovsk and Vilna; Kovno's corps is left
    Dinaburg."""
    assert _moves({11: {"inf": 1}, 13: {"inf": 3}}, {1: {"inf": 1}}, held=(11, 13)) == [
        _move("move 13 14 1 inf", ONE, "Grodno", "Minsk", _free("Minsk")),
        _move("move 13 20 1 inf", ONE, "Grodno", "Brest-Litovsk", _free("Brest-Litovsk")),
        _move("move 13 12 1 inf", ONE, "Grodno", "Vilna", _free("Vilna")),
        _move("move 11 6 1 inf", ONE, "Kovno", "Dinaburg", _free("Dinaburg")), END_MOVES]


def test_corps_starve_where_their_stacks_strip_the_area_bare_with_no_depot_to_feed_them():
    """SUPPLY: an area is depleted 50% by a stack of one to three corps without a supply unit (two steps from four),
    by three with one (two from seven); a 100% depleted area starves units without a depot with them or next door
    (out of winter); the Unsupplied Chart eliminates a corps on a 6 (4 to 6 in winter). Vilna's area half
    depleted; the Russians hold their own places fed."""
    m = _planner({30: {"inf": 20}}, {1: {"inf": 1}}, depleted={"12": 50, "14": 100})
    assert m.starving(12, Group(inf=1), 11) == pytest.approx(1 / 6)  # one corps coming: two steps, bare
    assert m.starving(12, Group(inf=1), 12) == 0.0  # it stands there already, and nothing else does
    m.arriving = {12: 1}
    assert m.starving(12, Group(inf=1), 12) == pytest.approx(1 / 6)
    assert m.starving(13, Group(inf=3), 11) == 0.0  # three corps: one step of 50% in an area untouched
    assert m.starving(12, Group(supply=1), 11) == 0.0  # no corps: nothing depletes it
    assert m.starving(12, Group(inf=1, supply=1), 11) == 0.0  # a supply unit: one step from three corps
    assert m.starving(14, Group(inf=1, supply=1, depot=1), 11) == 0.0  # bare, but its depot feeds it
    m.depots = {6}
    assert m.starving(12, Group(inf=1), 11) == 0.0  # the depot in Dinaburg, next door
    winter = _planner({30: {"inf": 20}}, {1: {"inf": 1}}, depleted={"12": 50}, turn=11)
    winter.depots = {6}
    assert winter.starving(12, Group(inf=1), 11) == pytest.approx(3 / 6)  # in winter it feeds only its place
    russian = Manoeuvre(read(c1812.view(position({30: {"inf": 20}}, {1: {"inf": 1}}, player="russian",
                                                 depleted={"12": 50}), "russian"), []))
    assert russian.starving(12, Group(inf=1), 14) == 0.0  # Vilna, a place the Russians hold
    projected = _planner({30: {"inf": 20}, 8: {"supply": 1, "depot": 1}}, {1: {"inf": 1}}, depleted={"16": 100},
                         options=["depot_supply"])
    assert projected.starving(161, Group(inf=1), 15) == 0.0  # depot_supply: Tver's depot feeds the area next door


def test_a_decoy_weighs_each_marker_next_door_three_a_place_taken_six_and_its_starving_corps_four():
    """Two French cavalry corps leave Vilna in December (WINTER: a corps starves on 4 to 6). Markers in Polotsk,
    Vitebsk and Warsaw, the areas of Dinaburg and Kovno stripped bare: Grodno and Minsk are each next to one marker
    (-3), Kovno starves (-4 x 1/2 x 2), Dinaburg both: Grodno, the lower number. Markers in Vitebsk, Brest-Litovsk
    and Mogilev, the plan's stacks going to Polotsk, Kovno and Dinaburg (-6), Grodno bare: Dinaburg and Kovno
    crowded, Minsk next to two markers (-6 each), Grodno next to one and starving (-7): Dinaburg, the lowest. Three
    corps among five markers: Vitebsk, next to two and bare (-6 - 4 x 1/2 x 3), ties Kovno, next to two and taken
    (-6 - 6): Vitebsk, the lower number (Vilna, at -9, is not offered: the army stays there). Two corps that may
    stay in Vilna, where two more stand, are safest there."""
    m = _planner({30: {"inf": 20}, 12: {"cav": 2}}, {10: {"inf": 1}, 9: {"inf": 1}, 31: {"inf": 1}},
                 depleted={"6": 100, "11": 100}, turn=11)
    m.arriving = {12: 2}
    assert m.decoy(12, Group(cav=2), stays=False)[0].command == "move 12 13 2 cav"
    m = _planner({30: {"inf": 20}, 12: {"cav": 2}}, {10: {"inf": 1}, 20: {"inf": 1}, 18: {"inf": 1}},
                 depleted={"10": 50, "13": 100}, turn=11)
    m.spots, m.arriving = {9, 11, 6}, {12: 2}
    assert m.decoy(12, Group(cav=2), stays=False)[0].command == "move 12 6 2 cav"
    m = _planner({30: {"inf": 20}, 12: {"cav": 3}}, {p: {"inf": 1} for p in (6, 18, 13, 9, 19)},
                 depleted={"10": 100, "14": 100, "9": 100}, turn=11)
    m.spots, m.arriving = {11}, {12: 0}
    assert m.decoy(12, Group(cav=3), stays=False)[0].command == "move 12 10 3 cav"
    m = _planner({30: {"inf": 20}, 12: {"cav": 2}}, {15: {"inf": 1}, 5: {"inf": 1}, 4: {"inf": 1}},
                 depleted={"10": 100, "6": 100})
    m.spots, m.arriving = {9, 14}, {12: 2}
    assert m.decoy(12, Group(cav=2), stays=True) == []


def test_an_attack_on_a_marker_believed_to_hold_half_a_corps_keeps_one():
    """Game-Turn 3: a battle showed ten Russian corps in Vilna, all but half a corps of the Russians believed: Minsk's
    marker is believed to hold that half. Grodno's two corps send one to Brest-Litovsk and attack with the other."""
    seen = {"turn": 3, "place": 12, "lines": ["Battle of Vilna (12): French Assault against Russian Cordon. French: 9 "
                                              "infantry corps; Russian: 10 infantry corps."]}
    assert _moves({13: {"inf": 2}, 30: {"inf": 5}}, {12: {"inf": 10}, 14: {"inf": 1}}, turn=3, log=[seen]) == [
        _move("move 30 5 5 inf", "5 infantry corps", "East Prussia", "Courland", "closer to St Petersburg (5 VP)"),
        _move("move 13 20 1 inf", ONE, "Grodno", "Brest-Litovsk", _free("Brest-Litovsk")),
        _move("move 13 14 1 inf", ONE, "Grodno", "Minsk", _attacks("half a corps")), END_MOVES]


def test_the_place_a_stack_goes_to_is_claimed_before_it_sends_corps_to_the_places_next_door():
    """Pskov's two corps go to St Petersburg (5 VP), claimed at once: its pull no longer makes Pskov, next to it,
    worth more than Velikie Luki (1 VP) to the one corps they have to spare, which takes it: two places, not one."""
    assert _moves({3: {"inf": 2}}, {28: {"inf": 1}}, held=()) == [
        _move("move 3 7 1 inf", ONE, "Pskov", "Velikie Luki", _free("Velikie Luki")),
        _move("move 3 1 1 inf", ONE, "Pskov", "St Petersburg", _free("St Petersburg", 5)), END_MOVES]


def test_an_attack_does_not_claim_its_place_so_it_still_pulls_the_other_stacks():
    """Borodino's army attacks Moscow, the one place left to take, held by a corps a battle of this Game-Turn
    showed; a claim is for a place taken unopposed, so Moscow still pulls Smolensk's corps towards it."""
    assert _moves({162: {"inf": 6}, 15: {"inf": 1}}, {17: {"inf": 1}}, held=[p for p in ALL_PLACES if p != 17],
                  log=[_seen(17, 1)]) == [
        _move("move 162 17 6 inf", "6 infantry corps", "Borodino", "Moscow", _attacks(1)),
        _move("move 15 23 1 inf", ONE, "Smolensk", "Roslavl", "closer to Moscow (5 VP)"), END_MOVES]


def test_the_corps_to_spare_go_to_the_richest_places_next_door_first():
    """Mozyr's two infantry and three cavalry corps stand beside a marker believed to hold nearly ten corps (the
    Russian army not yet seen): they go to Bobruisk, fed by the depot in Turov and out of danger, and their one
    infantry corps to spare takes Kiev (3 VP) before Mogilev (1 VP), which is left to a cavalry decoy."""
    assert _moves({22: {"inf": 2, "cav": 3}, 212: {"depot": 1}}, {26: {"inf": 1}}, held=()) == [
        _move("move 22 27 1 inf", ONE, "Mozyr", "Kiev", _free("Kiev", 3)),
        _move("move 22 18 1 cav", "1 cavalry corps", "Mozyr", "Mogilev", DECOY),
        _move("move 22 28 1 cav", "1 cavalry corps", "Mozyr", "Zhitomir", DECOY),
        _move("move 22 19 1 inf", ONE, "Mozyr", "Bobruisk", _free("Bobruisk")), END_MOVES]
