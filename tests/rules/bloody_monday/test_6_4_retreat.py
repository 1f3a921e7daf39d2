"""6.4 Defender Retreat: "Retreating Units must move into any adjacent and controlled Areas without
overstacking. Retreating Units which cannot retreat due to overstacking are eliminated at the
controlling player's choice"; with 9.11-9.12 the command limits bind a retreat and a 9.1 skirmish
too; and the fog of war holds (points 3 and 8-10).

The battle is in 44 (green, north of the command limit); its neighbours are 42, 45, 51, 54 (green),
52 and 55 (red: room for one unit). 45 borders the south half (46, 53, 67).
"""
from __future__ import annotations

import pytest

from rules.bloody_monday import combat
from rules.bloody_monday import retreat as retreats
from rules.bloody_monday.commands import StandAll
from rules.core.errors import RuleViolation
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, position, refused, two_battles

FRENCH_HELD = {n: "french" for n in (42, 45, 51, 52, 54, 55)}  # every neighbour of 44


def at_retreat(blocks: dict, *, area: int = 44, control: dict | None = None, options=()) -> dict:
    """A French attack on `area` at the defender's retreat option, the Russian holding the disc."""
    state = position({"F-I-1": area, **blocks}, options=options, control=control, initiative="russian")
    battle(game(state), area, stage="retreat")
    return state


def test_6_4_retreat_into_a_controlled_area_even_if_contested():
    """6.4: "into any adjacent and controlled Areas" - the text asks control, not an uncontested area
    (the player who was the last sole occupant keeps control of a contested area: Contested Area)."""
    state = at_retreat({"R-1-3": 44, "F-I-2": 42, "R-1-4": 42}, control=FRENCH_HELD | {42: "russian"})
    assert game(state).contested(42) and game(state).owner(42) == "russian"
    state, _ = do(state, "russian", "retreat 42")
    assert state["blocks"]["R-1-3"]["area"] == 42 and state["battle"] is None
    refused(at_retreat({"R-1-3": 44}, control=FRENCH_HELD), "russian", "retreat 42", "6.4")


def test_6_4_the_defender_stands_by_stand_which_the_answers_offer_and_end_still_says():
    """6.4: the defender "may" retreat; declining is `stand` among the answers (a button reading
    `end` would seem to end the turn); `end`, the word of stored games, still stands."""
    state = at_retreat({"R-1-3": 44}, control=FRENCH_HELD | {42: "russian"})
    answers = [c.to_text() for c in bm.legal_commands(state, "russian")]
    assert "stand" in answers and "end" not in answers and any(a.startswith("retreat") for a in answers)
    stood, _ = do(state, "russian", "stand")
    ended, _ = do(state, "russian", "end")
    assert stood == ended and stood["blocks"]["R-1-3"]["area"] == 44
    # once the battle has gone on, or before the attacker's guns are done, no retreat is offered; the
    # attacker never has one to decline (at the table the turn, 4.0, refuses him first)
    jagers = position({"F-I-1": 44, "R-1-3": 44})
    battle(game(jagers), 44, stage="jagers")
    for board, side in ((stood, "russian"), (state, "french"), (jagers, "russian")):
        with pytest.raises(RuleViolation) as no_retreat:
            combat.stand(game(board), side)
        assert str(no_retreat.value) == ("`stand` answers the retreat the defender may make after artillery fire, "
                                         "and none is offered now; the prompt says what the battle waits for (6.4).")


def test_6_4_a_stand_reads_on_its_button_with_the_battle_it_stays_in():
    """6.4: the answers of an impulse stay in order in the defender's messages; a stand in three
    battles read 'Stand and fight it out.' three times. Its button names the battle's area (public:
    the question names it); a retreat names where it goes, as before."""
    state = at_retreat({"R-1-3": 44}, control=FRENCH_HELD | {42: "russian"})
    said = {c.to_text(): bm.in_words_in_game(state, "russian", c) for c in bm.legal_commands(state, "russian")}
    assert said["stand"] == "Stand and fight it out in 44" and said["retreat 42"] == "Retreat into 42"


def test_6_4_the_controlling_player_chooses_who_is_eliminated():
    """6.4: units without room "are eliminated at the controlling player's choice": two units, one
    place in the red Great Redoubt (55); the player names who goes, the other is lost; naming no one
    when there is room is refused."""
    two = {"R-1-3": 44, "R-1-4": 44}
    refused(at_retreat(two, control=FRENCH_HELD | {55: "russian"}), "russian", "retreat 55", "6.4")
    for kept, lost in (("R-1-3", "R-1-4"), ("R-1-4", "R-1-3")):
        state, events = do(at_retreat(two, control=FRENCH_HELD | {55: "russian"}), "russian", f"retreat {kept} 55")
        assert state["blocks"][kept]["area"] == 55 and state["blocks"][lost]["where"] == "eliminated"
        assert any(e["kind"] == "eliminated" and e["block"] == lost for e in events)
    assert refused(at_retreat(two, control=FRENCH_HELD | {55: "russian", 45: "russian"}), "russian",
                   "retreat R-1-3 55", "6.4") == (  # 45 has room for R-1-4
        "Russian 4 (R-1-4, infantry) has room in 45: only units that cannot retreat for overstacking are "
        "eliminated; place it too (6.4).")


def test_6_4_a_unit_placed_in_an_area_not_controlled_is_refused_naming_those_that_are():
    """6.4: "into any adjacent and controlled Areas", in the long form too."""
    sentence = refused(at_retreat({"R-1-3": 44}, control=FRENCH_HELD | {55: "russian", 52: "russian"}), "russian",
                       "retreat R-1-3 42", "6.4")
    assert sentence == "Retreat into adjacent areas you control: 52, 55 (6.4)."


def test_6_4_the_long_form_names_each_unit_of_the_battle_area_once_and_within_the_room():
    """6.4 with 1.2: a unit from elsewhere, a unit named twice, two units in one place are refused."""
    state = at_retreat({"R-1-3": 44, "R-1-4": 44, "R-1-11": 52}, control=FRENCH_HELD | {55: "russian", 52: "russian"})
    for stray in ("retreat R-1-11 55", "retreat R-1-3 55 R-1-3 45"):
        assert refused(state, "russian", stray, "6.4") == (
            "Name each of your units in the battle area once: R-1-3, R-1-4 (6.4).")
    assert refused(state, "russian", "retreat R-1-3 55 R-1-4 55", "1.2") == (
        "55 has no room left for Russian 4 (R-1-4, infantry); place it elsewhere (1.2).")


def test_6_4_the_short_forms_refusals_name_the_areas():
    """6.4: the areas that may be named, the areas without room for all, the command limit's areas."""
    held = FRENCH_HELD | {55: "russian", 52: "russian"}
    assert refused(at_retreat({"R-1-3": 44}, control=held), "russian", "retreat 42", "6.4") == (
        "Retreat into adjacent areas you control: 52, 55 (6.4).")
    assert refused(at_retreat({"R-1-3": 44, "R-1-4": 44, "R-1-11": 44}, control=held), "russian", "retreat 55 52",
                   "6.4") == ("Not all your units have room in 55, 52: place each, `retreat <block> <area> ...`; the "
                              "units you do not name are eliminated (6.4).")
    limited = at_retreat({"R-1-3": 45}, area=45, options=["extreme_command_limit"])
    assert refused(limited, "russian", "retreat 46 53", "9.12") == (
        "Russian 3 (R-1-3, infantry) may not cross the command limit into 46, 53 (9.12).")


def test_6_4_a_retreat_is_told_by_area_in_public_and_unit_by_unit_to_the_defender():
    three = {"R-1-3": 44, "R-1-4": 44, "R-1-BT": 44}
    _, events = do(at_retreat(three), "russian", "retreat R-1-3 51 R-1-4 52 barclay 51")
    assert (events[0]["side"], events[0]["area"]) == ("russian", 44)  # the computer reads them (ai/belief.py)
    assert [(e["kind"], e["to"], e["text"]) for e in events[:2]] == [
        ("retreat", "all", "The Russian player spends the Initiative Disc to retreat from 44: 2 blocks into 51, "
                           "1 block into 52 (6.4)."),
        ("info", "russian", "Your retreat: Russian 3 (R-1-3, infantry) → 51; Russian 4 (R-1-4, infantry) → 52; "
                            "Russian Barclay de Tolly (R-1-BT, tactical leader) → 51.")]


def test_6_4_a_retreat_where_no_unit_has_room_says_so():
    _, events = do(at_retreat({"R-1-3": 44, "R-1-11": 52}, control=FRENCH_HELD | {52: "russian"}), "russian",
                   "retreat 52")
    assert [(e["kind"], e["to"], e["text"]) for e in events[:3]] == [
        ("retreat", "all", "The Russian player spends the Initiative Disc to retreat from 44: no unit had room "
                           "(6.4)."),
        ("eliminated", "all", "Russian 3 (R-1-3, infantry) in 44 is eliminated (a loss for morale, 2.4)."),
        ("info", "russian", "Your retreat: no unit had room.")]


def test_6_4_a_full_area_is_offered_named_full_with_what_that_means():
    """6.4 with 1.2: an area the defender's units fill stays a retreat area (the rules bar overstacking, not
    the area), but none of his units may enter it, and "Retreating Units which cannot retreat due to
    overstacking are eliminated": he read '52 (room 0)' as if it were an answer; he reads it full, and what
    a full area means. 52 (red) holds R-1-11; 45 has room for four. Naming 52 alone, R-1-3 having room in
    45, is refused; where 52 is the only area, retreating into it eliminates R-1-3."""
    state = at_retreat({"R-1-3": 44, "R-1-11": 52}, control=FRENCH_HELD | {52: "russian", 45: "russian"})
    assert bm.view(state, "russian")["prompt"].split("\n")[1:3] == [
        "- `retreat <area> ...` into 45 (room 4)", "- full: 52; a unit without room in any area is eliminated"]
    assert "full" not in bm.view(state, "french")["prompt"]  # his own units' room: the defender's alone
    refused(state, "russian", "retreat 52", "6.4")
    alone = at_retreat({"R-1-3": 44, "R-1-11": 52}, control=FRENCH_HELD | {52: "russian"})
    assert bm.view(alone, "russian")["prompt"].split("\n")[1:3] == [
        "- `retreat <area> ...` into 52", "- full: 52; a unit without room in any area is eliminated"]
    lost, _ = do(alone, "russian", "retreat 52")
    assert lost["blocks"]["R-1-3"]["where"] == "eliminated"


def test_6_4_units_retreat_supreme_commander_first_then_strongest_first():
    """The order a retreat places the units in (the short form, and what the computer offers)."""
    g = game(at_retreat({"R-KUT": 44, "R-1-4": 44, "R-1-3": 44, "R-1-11": 44}))
    assert retreats.retreating(g) == ["R-KUT", "R-1-3", "R-1-11", "R-1-4"]


def test_1_2_room_in_a_retreat_is_the_defenders_own_and_a_supreme_commander_takes_none():
    """1.2: "Supreme Commanders may overstack" and take no place; the places each area has left are
    counted as units go into it; the enemy's units in a contested area take none of the defender's."""
    def areas(blocks: dict, control: dict, command: str, moved: tuple[str, ...]) -> list[int]:
        state, _ = do(at_retreat(blocks, control=FRENCH_HELD | control), "russian", command)
        return [state["blocks"][b]["area"] for b in moved]

    assert areas({"R-KUT": 44, "R-1-3": 44, "R-1-11": 55}, {55: "russian", 52: "russian"}, "retreat 55 52",
                 ("R-KUT", "R-1-3")) == [55, 52]  # Kutuzov into the full 55
    assert areas({"R-KUT": 44, "R-1-3": 44}, {55: "russian"}, "retreat 55", ("R-KUT", "R-1-3")) == [55, 55]
    assert areas({"R-1-3": 44, "R-1-17": 44, "R-1-23": 44, "R-1-4": 42, "R-1-11": 42}, {42: "russian", 55: "russian"},
                 "retreat 42 55", ("R-1-3", "R-1-17", "R-1-23")) == [42, 42, 55]  # two places left in 42
    assert areas({"R-1-3": 44, "R-1-11": 44, "R-1-17": 44, "F-I-2": 42, "R-1-4": 42}, {42: "russian"}, "retreat 42",
                 ("R-1-3", "R-1-11", "R-1-17")) == [42, 42, 42]  # contested: three Russian places left


def test_6_4_the_placement_offered_when_room_runs_out_keeps_the_units_taken_first():
    """6.4: with one place (55, red) for two units, each unit in turn goes to the first area with room
    and the rest, without room, are lost: the strongest kept, or the other when taken first (the two
    unit-by-unit retreats offered to a player and to the computer)."""
    g = game(at_retreat({"R-1-3": 44, "R-1-4": 44}, control=FRENCH_HELD | {55: "russian"}))
    first, second = retreats.retreating(g)
    assert retreats.greedy(g, [first, second]) == {first: 55}
    assert retreats.greedy(g, [second, first]) == {second: 55}


def test_6_4_the_answers_offered_place_the_units_each_way_once():
    """6.4: `retreat 42 45 55` fills the areas in the order named, so a lone unit, or units that
    all fit 42, go as `retreat 42` sends them; the buttons offered two answers doing one thing
    ('Retreat into 19' and 'Retreat into 19, 33, 45, 46', seen on simcord). The legal commands
    keep both (random games draw from them); the answers offered (`whole_answers`) keep the first, and
    add the stand in every battle of the impulse (`stand all`), which random games do not draw."""
    def said(state: dict) -> tuple[list[str], list[str]]:
        return ([c.to_text() for c in bm.legal_commands(state, "russian")],
                [c.to_text() for c in bm.whole_answers(state, "russian")])

    lone = at_retreat({"R-1-3": 44}, control=FRENCH_HELD | {42: "russian", 45: "russian", 55: "russian"})
    assert said(lone) == (["retreat 42", "retreat 45", "retreat 55", "retreat 42 45 55", "stand"],
                          ["retreat 42", "retreat 45", "retreat 55", "stand", "stand all"])
    both_fit = at_retreat({"R-1-3": 44, "R-1-4": 44}, control=FRENCH_HELD | {42: "russian", 55: "russian"})
    assert said(both_fit)[1] == ["retreat 42", "stand", "stand all"]
    one_each = at_retreat({"R-1-3": 44, "R-1-4": 44}, control=FRENCH_HELD | {52: "russian", 55: "russian"})
    assert said(one_each)[1] == ["retreat 52 55", "stand", "stand all"]  # red 52 and 55 hold one each
    assert bm.whole_answers(lone, "french") == []


def test_6_4_every_unit_placed_when_all_fit():
    """6.4: "Retreat involves all the friendly Units in the Area under attack"; the short form spreads
    them over the areas named, the long form places each where the player says."""
    three = {"R-1-3": 44, "R-1-4": 44, "R-1-BT": 44}
    state, _ = do(at_retreat(three), "russian", "retreat 52 55 51")
    places = sorted(state["blocks"][b]["area"] for b in three)
    assert places in ([51, 51, 52], [51, 51, 55], [51, 52, 55])
    state, _ = do(at_retreat(three), "russian", "retreat R-1-3 51 R-1-4 52 barclay 51")
    assert [state["blocks"][b]["area"] for b in three] == [51, 52, 51]


def test_9_12_command_limit_binds_a_retreat():
    """9.12: "Russian 1st Army Units (yellow) cannot enter any Area in the southern part of the map";
    a retreat is no exception. Battle in 45: 46 lies south, 44 north, both Russian."""
    limited = at_retreat({"R-1-3": 45}, area=45, options=["extreme_command_limit"])
    refused(limited, "russian", "retreat 46", "9.12")
    refused(limited, "russian", "retreat R-1-3 46", "9.12")
    state, _ = do(limited, "russian", "retreat 44")
    assert state["blocks"]["R-1-3"]["area"] == 44
    state, _ = do(at_retreat({"R-1-3": 45}, area=45), "russian", "retreat 46")
    assert state["blocks"]["R-1-3"]["area"] == 46


def test_9_11_command_limit_keeps_barclay_north_in_a_retreat():
    """9.11: "Barclay de Tolly cannot go south of this line" - the case cited is 9.11, the army
    commander's, whether the areas are named or Barclay is placed; 44 (north) is allowed."""
    limited = at_retreat({"R-1-BT": 45}, area=45, options=["command_limit"])
    assert refused(limited, "russian", "retreat 46", "9.11") == (
        "Russian Barclay de Tolly (R-1-BT, tactical leader) may not cross the command limit into 46 (9.11).")
    refused(limited, "russian", "retreat R-1-BT 46", "9.11")
    state, _ = do(limited, "russian", "retreat 44")
    assert state["blocks"]["R-1-BT"]["area"] == 44


def test_9_12_command_limit_binds_a_skirmish():
    """9.1 Skirmish: "retreat into any adjacent friendly-controlled Area"; 9.12 keeps a yellow jager
    out of the south. Battle in the red Great Redoubt (55): 67 lies south, 44 north."""
    state = position({"F-I-1": 55, "R-1-1J": 55}, options=["russian_jager", "extreme_command_limit"],
                     control={55: "russian"})
    battle(game(state), 55)
    g = game(state)
    combat.advance(g)
    assert g.s["battle"]["stage"] == "jagers"
    refused(g.s, "russian", "skirmish R-1-1J 67", "9.1")
    assert "skirmish R-1-1J 67" not in {c.to_text() for c in bm.legal_commands(g.s, "russian")}
    state, _ = do(g.s, "russian", "skirmish R-1-1J 44")
    assert state["blocks"]["R-1-1J"]["area"] == 44


def swapped_chief(kutuzov_in_52: bool) -> dict:
    """The red area 52 next to the battle holds one Russian block: Kutuzov, or a line infantry (and
    Kutuzov stays in Gorki). Every other neighbour is French-held."""
    if kutuzov_in_52:
        return {"F-I-1": 44, "R-1-3": 44, "R-KUT": 52, "R-1-4": 69}
    return {"F-I-1": 44, "R-1-3": 44, "R-1-4": 52, "R-KUT": 69}


def test_6_4_the_retreat_option_is_computed_from_what_the_attacker_may_know():
    """A supreme commander takes no room (1.2), so 52 with Kutuzov alone has room while
    52 with an infantry has none; the French player sees one hidden block in 52 either way, so his
    view (prompt and who is to move) must not tell the two apart."""
    views = []
    for kutuzov in (True, False):
        state = position(swapped_chief(kutuzov), control=FRENCH_HELD | {52: "russian"}, initiative="russian")
        battle(game(state), 44, stage="artillery")
        state, _ = do(state, "french", "end")
        views.append((bm.view(state, "french"), bm.active_sides(state)))
    assert views[0] == views[1]
    assert views[0][1] == ["russian"] and "52" in views[0][0]["prompt"]


STANDS_BY_ORDER = "The Russian player stands and fights it out in {} by the order given for this impulse (6.4)."


def unkept(state: dict) -> dict:
    """The position without the stand kept for the impulse (`stand all`)."""
    return {**state, "impulse": {k: v for k, v in state["impulse"].items() if k != "stand"}}


def test_6_4_a_stand_for_every_battle_of_the_impulse_stands_in_a_later_battle_unasked():
    """6.4: "The Non-Phasing Player spends the Disc to retreat from one Combat", so he may say once, as at
    the table, "I keep the disc this impulse": `stand all` stands in 44 and, the battle in 54 come to its
    retreat, stands there too, none asked; everyone reads each stand, and that the order given made it.
    It is kept in the impulse alone, and the battle in 54 goes where a `stand` typed there leads."""
    state, events = do(two_battles(), "russian", "stand all")
    assert (events[0]["text"], events[0]["to"]) == (STANDS_BY_ORDER.format(44), "all")
    assert state["impulse"]["stand"] == "russian"
    ordered, events = do(state, "french", "battle 54")
    assert [e["kind"] for e in events[:3]] == ["battle", "stand", "showdown"]
    assert (events[1]["text"], events[1]["to"]) == (STANDS_BY_ORDER.format(54), "all")
    asked, _ = do(unkept(state), "french", "battle 54")
    assert bm.choice(asked) == {"kind": "retreat", "side": "russian"}
    assert unkept(ordered) == do(asked, "russian", "stand")[0]


def test_6_4_a_stand_for_every_battle_of_the_impulse_is_forgotten_as_the_impulse_ends():
    """The order holds for its impulse only: once the French end theirs, none is kept."""
    state, _ = do(two_battles(), "russian", "stand all")
    over, _ = do(state, "french", "battle 54", "end")
    assert over["impulse"] is None and over["player"] == "russian"


def test_6_4_a_battle_where_the_defender_holds_no_disc_goes_as_before():
    """Without the disc (6.4) no retreat is asked of him, order or not: the battle in 54 reads the same
    with his `stand all` given in 44 and without it, no stand told."""
    state, _ = do(two_battles(), "russian", "stand all")
    state["initiative"] = "french"
    kept, events = do(state, "french", "battle 54")
    assert (unkept(kept), events) == do(unkept(state), "french", "battle 54")
    assert not any(e["kind"] == "stand" for e in events)


def test_6_4_a_stand_for_every_battle_is_refused_where_no_retreat_is_offered():
    """`stand all` answers the defender's retreat, as `stand` does: refused, nothing changed, while the
    battle waits for his jagers, and to the attacker, in one sentence with the rule case."""
    said = ("`stand all` answers the retreat the defender may make after artillery fire, and none is offered now; "
            "the prompt says what the battle waits for (6.4).")
    jagers = position({"F-I-1": 44, "R-1-3": 44})
    battle(game(jagers), 44, stage="jagers")
    assert refused(jagers, "russian", "stand all", "6.4") == said
    with pytest.raises(RuleViolation) as attacker:
        combat.stand_all(game(two_battles()), "french", StandAll())
    assert str(attacker.value) == said


def test_6_4_the_stand_for_every_battle_is_named_in_the_question_and_read_on_its_button():
    """The defender's question names the form as a point; its button reads what it does."""
    state = two_battles()
    assert bm.view(state, "russian")["prompt"].splitlines()[-1] == (
        "- `stand all` stands here and in every later battle of this impulse")
    assert bm.in_words_in_game(state, "russian", bm.whole_answers(state, "russian")[-1]) == (
        "Stand in every battle of this impulse")
