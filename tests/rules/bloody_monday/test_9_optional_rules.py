"""9.0 the optional rules (9.3 and 9.6 are in test_1_2_movement and test_5_3_combat, 9.7, 9.8 and
9.10 in test_5_tactical_action and test_6_7_8_impulses)."""
from __future__ import annotations

import pytest

from rules.bloody_monday import combat, ground, impulses
from rules.bloody_monday.bm_data import areas
from rules.bloody_monday.commands import Ambush, Skirmish
from rules.bloody_monday.movement import may_enter
from rules.core.errors import CommandError
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, position, refused

AREAS = areas()


def redoubt_fight(*options: str):
    """French infantry attack a full-strength Russian jager and line infantry in the Great Redoubt (red)."""
    state = position({"F-I-1": 55, "F-I-2": 55, "R-1-1J": 44, "R-1-1Gr": 45},
                     options=["russian_jager", *options], control={55: "russian"})
    g = game(state)
    g.place("R-1-1J", 55)
    g.place("R-1-1Gr", 55)
    battle(g, 55)
    return g


def test_9_1_jagers_mixed_with_the_infantry_at_setup():
    """9.1: "during Setup, Russian Jagers are treated as regular Infantry ... mixed with Line Infantry"."""
    places = {bm.setup("bloody_monday", s, ["russian_jager"])["blocks"]["R-G-LGJ"]["area"] for s in range(20)}
    assert len(places) > 1


def test_9_1_skirmish():
    """9.1 Skirmish: "reduce strength by one and retreat into any adjacent friendly-controlled Area"."""
    g = redoubt_fight()
    combat.advance(g)
    assert g.s["battle"]["stage"] == "jagers" and ground.jagers(g) == ["R-1-1J"]
    combat.jager_choice(g, "russian", Skirmish("R-1-1J", 44))
    assert g.block("R-1-1J")["area"] == 44 and g.strength("R-1-1J") == 2


def test_9_1_a_skirmish_refused_names_the_areas_and_a_command_limit_only_in_play():
    """9.1: "retreat into any adjacent friendly-controlled Area without overstacking"; the 1st Army's
    jager keeps to the north only with 9.12, so only then does the refusal speak of the command limit."""
    g = redoubt_fight()
    combat.advance(g)
    assert refused(g.s, "russian", "skirmish R-1-1J 99", "9.1") == (
        "Russian 1J (R-1-1J, infantry) skirmishes into an adjacent area you control with room: 44, 45, 52, 66, 67, "
        "71 (9.1).")
    g = redoubt_fight("extreme_command_limit")
    combat.advance(g)
    assert refused(g.s, "russian", "skirmish R-1-1J 99", "9.1") == (
        "Russian 1J (R-1-1J, infantry) skirmishes into an adjacent area you control with room on its side of the "
        "command limit (9.12): 44, 45, 52, 66, 71 (9.1).")


def test_9_1_ambush_rolls_before_anyone():
    """9.1 Ambush: "roll dice before any other Units and immediately apply any hits"."""
    g = redoubt_fight()
    combat.advance(g)
    events = combat.jager_choice(g, "russian", Ambush("R-1-1J"))
    first = next(e for e in events if e["kind"] == "roll")
    assert first["side"] == "russian" and len(first["dice"]) == 3  # the jager's 3 steps


def test_9_1_the_jagers_answers_are_each_ambush_each_skirmish_and_end():
    """9.1: the Russian player's answers at the jagers' choice, as his buttons offer them: the jager's
    ambush, a skirmish into each adjacent friendly-controlled area, or `end` (they fight as usual)."""
    g = redoubt_fight()
    combat.advance(g)
    answers = [c.to_text() for c in bm.legal_commands(g.s, "russian")]
    skirmishes = [f"skirmish R-1-1J {n}" for n in ground.skirmish_areas(g, "R-1-1J")]
    assert skirmishes and answers == ["ambush R-1-1J", *skirmishes, "end"]


def test_9_9_advanced_combat_fires_by_class_in_woods_and_hills():
    """9.9: "Russian Jager; Infantry; Russian Militia; Light Cavalry; Heavy Cavalry; Secondary Targets"."""
    g = redoubt_fight("advanced_combat")
    g.s["battle"]["stood"] = ["R-1-1J"]
    assert [v["kinds"] for v in ground.volleys(g)] == [[k] for k in ground.ORDER]


def test_9_9_each_volley_names_the_class_that_fires():
    """9.9: the classes fire one after another, so a side may roll twice in one battle; each roll names
    its class, and the ambushing jagers theirs (9.1), so that the two rolls do not read as one repeated."""
    g = redoubt_fight("advanced_combat")
    combat.advance(g)
    events = combat.jager_choice(g, "russian", Ambush("R-1-1J"))
    assert [e["text"] for e in events if e["kind"] == "roll"] == [
        "The Russian player rolls 3 dice in 55 with its ambushing jager: 0 hits (9.1).",
        "The Russian player rolls 4 dice in 55 with its infantry: 2 hits (9.9).",
        "The French player rolls 8 dice in 55 with its infantry: 3 hits (9.9)."]


def test_9_2_grande_batterie_fires_once_per_gun_before_the_first_impulse():
    """9.2: "the French player can fire (without moving or activating) with its four Artillery deployed
    in Areas 16, 28, 31, and 32"; "Each Artillery may fire only once"."""
    state = bm.setup("bloody_monday", 2, ["grande_batterie"])
    shots = [c for c in bm.legal_commands(state, "french") if c.to_text().startswith("fire")]
    guns = {c.block for c in shots}
    assert len(guns) == 4 and {state["blocks"][b]["area"] for b in guns} == {16, 28, 31, 32}
    first = shots[0]
    state, events = do(state, "french", first.to_text())
    while state["battle"]:
        state, _ = do(state, "russian", f"hit {state['battle']['choice']['candidates'][0]}")
    assert len(next(e for e in events if e["kind"] == "artillery")["dice"]) == 4
    refused(state, "french", first.to_text(), "9.2")
    state, _ = do(state, "french", "end")
    assert state["battery"] is None and bm.legal_commands(state, "french")[-1].to_text() != "end"


def test_9_2_one_grande_batterie_hit_is_one():
    """9.2: a gun of the Grande Batterie that scores once reads "1 hit", as any other fire (5.3.1); its four dice
    at TF read as a sentence does, as any other fire's ('[3, 4, 1, 2]' read as a program's list), and say
    their firepower as 5.3.1's do (9.2: "four dice at TF")."""
    state = bm.setup("bloody_monday", 1, ["grande_batterie"])
    state["dice"]["rolls"] = 5  # the seed's sixth to ninth dice: 3, 4, 1, 2
    _, events = do(state, "french", "fire F-IV-A 42")
    assert [e["text"] for e in events if e["kind"] == "artillery"] == [
        "Grande Batterie (9.2): the French artillery in 16 fires into 42 at TF, dice 3, 4, 1, 2: 1 hit."]


def test_9_2_a_grande_batterie_that_never_fired_is_not_told_as_fired():
    """9.2: "the French player can fire": ended at once, it read 'The Grande Batterie has fired'."""
    state = bm.setup("bloody_monday", 1, ["grande_batterie"])
    _, events = do(state, "french", "end")
    assert events[0]["text"] == "The Grande Batterie holds its fire; the French player begins the first impulse (9.2)."
    state, _ = do(state, "french", "fire F-IV-A 42")
    while state["battle"]:
        state, _ = do(state, "russian", f"hit {state['battle']['choice']['candidates'][0]}")
    _, events = do(state, "french", "end")
    assert events[0]["text"] == "The Grande Batterie has fired; the French player begins the first impulse (9.2)."


def test_9_2_a_refused_shot_names_the_guns_and_areas_that_may_fire():
    """9.2: "the French player places a red cube in an adjacent enemy occupied Area to fire in": a shot
    refused says which areas this gun may fire into, or which guns are still to fire."""
    state = bm.setup("bloody_monday", 1, ["grande_batterie"])
    assert refused(state, "french", "fire F-III-A 57", "9.2") == (
        "French A (F-III-A, artillery) fires into an adjacent Russian-occupied area: 45, 46, 54 (9.2).")
    assert refused(state, "french", "fire F-I-1 46", "9.2") == (
        "Each Grande Batterie artillery (areas 16, 28, 31, 32) fires once; still to fire: F-IV-A in 16, "
        "F-III-A in 28, F-I-A2 in 31, F-G-A1 in 32 (9.2).")


def test_9_4_murat_commands_and_inspires_any_cavalry():
    """9.4: "Murat, when activated, may move any Cavalry Unit (regardless of its color) in Tactical Range"."""
    assert not impulses.follows(game(position({})), "F-CR-M", "F-I-LC")
    assert impulses.follows(game(position({}, options=["first_saber"])), "F-CR-M", "F-I-LC")


def test_9_5_platov_commands_only_cossacks():
    """9.5: "Platov may NOT, under any circumstance, command any other Unit besides Cossacks"."""
    g = game(position({"R-C-P": 100, "R-1-1C": 100, "R-C-At": 100}, options=["cossacks"]))
    assert impulses.commanded_by(g, "R-C-P") == {"R-C-At"}


def test_9_11_and_9_12_command_limits():
    """9.11: "Barclay de Tolly cannot go south of this line, and Bagration cannot go north of it";
    9.12: the 1st Army (yellow) stays north and the 2nd Army (light blue) south."""
    south = next(n for n, a in AREAS.items() if a.command == "south")
    north = next(n for n, a in AREAS.items() if a.command == "north")
    g = game(position({}, options=["command_limit"]))
    assert not may_enter(g, "R-1-BT", south) and may_enter(g, "R-1-BT", north)
    assert not may_enter(g, "R-2-B", north) and may_enter(g, "R-1-1J", south)
    g = game(position({}, options=["extreme_command_limit"]))
    assert not may_enter(g, "R-1-1J", south) and not may_enter(g, "R-2-7", north)


def test_10_0_last_blood_plays_with_every_optional_rule():
    """10.0: "The Last Blood Scenario must be played with ALL the Optional Rules"."""
    state = bm.setup("last_blood", 1)
    assert set(state["options"]) == set(bm.INFO.options) and len(bm.INFO.options) == 12
    assert state["battery"] is not None


def test_10_0_last_blood_refuses_an_optional_rule_turned_off():
    """10.0: no optional rule may be left out of Last Blood: asked off, the game is not opened (it
    would have played the rule all the same); asked on, or in Bloody Monday, it is."""
    with pytest.raises(CommandError) as refused_off:
        bm.setup("last_blood", 1, {"shields": False, "cossacks": True, "agility": False})
    assert str(refused_off.value) == ("Last Blood is played with all the optional rules (10.0): agility, shields "
                                      "cannot be turned off; open it without `=off`, or open Bloody Monday to "
                                      "choose them.")
    assert set(bm.setup("last_blood", 1, {"shields": True})["options"]) == set(bm.INFO.options)
    assert "shields" not in bm.setup("bloody_monday", 1, {"shields": False})["options"]


def test_rule_code_names_no_block():
    """Rule code asks a block's type or role (blocks.toml), never its id: no string in
    rules/bloody_monday/*.py looks like a block id ("R-KUT", "F-CR-M")."""
    import re
    from pathlib import Path

    import rules.bloody_monday as package

    ids = re.compile(r"""["'][FR]-[A-Za-z0-9-]+["']""")
    named = {p.name: ids.findall(p.read_text()) for p in Path(package.__file__).parent.glob("*.py")}
    assert {name: found for name, found in named.items() if found} == {}


def test_9_1_the_jagers_choice_waits_for_the_russian_and_a_standing_order_answers_it():
    """For 9.1: the jagers' choice is a mid-turn choice of the Russian player; the
    standing order `ambush` gives each full-strength jager's ambush, `fight` the `end` that lets
    them fight as usual, and none leaves it to the player."""
    g = redoubt_fight()
    combat.advance(g)
    assert bm.choice(g.s) == {"kind": "jager", "side": "russian"}
    assert bm.standing_command(g.s, "russian", {"jager": "ambush"}) == Ambush("R-1-1J")
    assert bm.standing_command(g.s, "russian", {"jager": "fight"}).to_text() == "end"
    assert bm.standing_command(g.s, "russian", {"jager": "ask"}) is None
    assert bm.standing_command(g.s, "french", {"jager": "ambush"}) is None  # not the French player's choice
    after, _ = bm.apply(g.s, "russian", bm.standing_command(g.s, "russian", {"jager": "ambush"}))
    assert after["battle"] is None or after["battle"]["stage"] != "jagers"


def test_9_5_platov_leaves_the_militia_to_others_and_commands_it_without_the_rule():
    """9.5: Platov commands "only Cossacks", the militia in his area or in range too; without the
    optional rule he commands like any leader (5.1: "any Units in the Area", and "Units of its color
    (or Militia) in its Tactical Range")."""
    blocks = {"R-C-P": 100, "R-M-1Mos": 100, "R-M-2Mos": 101, "R-C-At": 101}
    assert impulses.commanded_by(game(position(blocks, options=["cossacks"])), "R-C-P") == {"R-C-At"}
    assert impulses.commanded_by(game(position(blocks)), "R-C-P") == {"R-M-1Mos", "R-M-2Mos", "R-C-At"}
    other = game(position({"R-1-BT": 100, "R-2-7": 100}, options=["cossacks"]))
    assert impulses.commanded_by(other, "R-1-BT") == {"R-2-7"}, "the rule is Platov's alone"


def test_9_4_murat_commands_cavalry_of_any_colour_in_range():
    """9.4: "Murat, when activated, may move any Cavalry Unit (regardless of its color) in Tactical
    Range": the orange light cavalry in the next area only under the optional rule."""
    blocks = {"F-CR-M": 22, "F-I-LC": 21}
    assert impulses.commanded_by(game(position(blocks, options=["first_saber"])), "F-CR-M") == {"F-I-LC"}
    assert impulses.commanded_by(game(position(blocks)), "F-CR-M") == set()


def test_9_11_barclay_commands_in_range_only_north_of_the_line():
    """9.11: "Barclay de Tolly cannot go south of this line": with the rule he commands the yellow
    units in range on his side of the line only; without it, on both. 9.12 is "in addition to all the
    restrictions mentioned in OR 9.11": a game with 9.12 alone holds him to his side too (he commanded
    across the line there, though he might not cross it)."""
    north, south, beside = next((n, m, k) for n, a in sorted(AREAS.items()) if a.command == "north"
                                for m in sorted(a.neighbours) if AREAS[m].command == "south"
                                for k in sorted(a.neighbours) if AREAS[k].command == "north")
    blocks = {"R-1-BT": north, "R-1-1J": south, "R-1-2J": beside}
    control = {n: "russian" for n in (north, south, beside)}
    limited = game(position(blocks, options=["command_limit"], control=control))
    assert impulses.commanded_by(limited, "R-1-BT") == {"R-1-2J"}
    assert impulses.commanded_by(game(position(blocks, control=control)), "R-1-BT") == {"R-1-1J", "R-1-2J"}
    extreme = game(position(blocks, options=["extreme_command_limit"], control=control))  # 9.12 alone, 9.11 in it
    assert impulses.commanded_by(extreme, "R-1-BT") == {"R-1-2J"}


def test_9_5_and_9_11_a_unit_a_leader_may_not_command_is_refused_citing_the_optional_rule():
    """A unit in Platov's own area, or of Barclay's colour in his range across the line, was refused
    as 'not commanded (same area, or its colour within tactical range)' under 5.1, which it meets: the
    optional rule that bars the leader is the reason (9.5, 9.11)."""
    state = position({"R-C-P": 63, "R-1-1J": 63}, player="russian", options=["cossacks"])
    state, _ = do(state, "russian", "tactical", "activate R-C-P")
    assert refused(state, "russian", "move R-1-1J 64", "9.5") == (
        "Russian Platov (R-C-P, tactical leader) commands cossacks only; move a commanded unit (9.5).")
    state = position({"R-1-BT": 66, "R-1-3": 67}, player="russian", options=["command_limit"])
    assert (AREAS[66].command, AREAS[67].command) == ("north", "south")
    state, _ = do(state, "russian", "tactical", "activate R-1-BT")
    assert refused(state, "russian", "move R-1-3 53", "9.11") == (
        "Russian Barclay de Tolly (R-1-BT, tactical leader) commands no unit across the command limit; move a "
        "commanded unit (9.11).")
    state = position({"R-1-BT": 66, "R-2-7": 67}, player="russian", options=["command_limit"])  # not his colour
    state, _ = do(state, "russian", "tactical", "activate R-1-BT")
    said = refused(state, "russian", "move R-2-7 53", "5.1")
    assert said.endswith("is not commanded by an activated leader (same area, or its colour within tactical range); "
                         "move a commanded unit (5.1).")


def test_9_4_and_9_5_an_inspiration_refused_says_whom_the_leader_inspires_by_its_rule():
    """9.4: Murat "may ... Inspire any adjacent Cavalry Unit (regardless of its color)"; 9.5: Platov may
    not "command any other Unit besides Cossacks". Both were refused as inspiring 'a unit of its colour
    (or militia)' under 5.2.2."""
    state = position({"F-CR-M": 16, "F-I-1": 16, "R-1-2J": 42}, options=["first_saber"])
    state, _ = do(state, "french", "tactical", "activate F-CR-M")
    assert refused(state, "french", "inspire F-CR-M F-I-1", "9.4") == (
        "French Murat (F-CR-M, tactical leader) inspires a cavalry unit of any colour (9.4).")
    state = position({"R-C-P": 63, "R-1-1C": 63}, player="russian", options=["cossacks"])
    state, _ = do(state, "russian", "tactical", "activate R-C-P")
    assert refused(state, "russian", "inspire R-C-P R-1-1C", "9.5") == (
        "Russian Platov (R-C-P, tactical leader) inspires cossacks only (9.5).")


def test_9_1_only_a_full_strength_jager_skirmishes_or_lies_in_ambush():
    """9.1: "each full strength Russian Jager ... may either Skirmish or Ambush"; the line infantry beside the
    jager in the Great Redoubt may do neither, one sentence citing the case, while the jager's own
    ambush is accepted."""
    g = redoubt_fight()
    combat.advance(g)
    for text in ("ambush R-1-1Gr", "skirmish R-1-1Gr 44"):
        assert refused(g.s, "russian", text, "9.1") == (
            "Only a full-strength Russian jager in a yellow or red battle area may skirmish or ambush, once (9.1).")
    _, events = do(g.s, "russian", "ambush R-1-1J")
    assert [e["kind"] for e in events][:2] == ["ambush", "roll"]
