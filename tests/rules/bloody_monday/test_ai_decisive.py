"""rules/bloody_monday/ai/decisive.py: level 2's planner counts How to Win A and C from the dice."""
from __future__ import annotations

import pytest

from rules.bloody_monday.ai import decisive
from rules.bloody_monday.ai.decisive import (Decisive, at_least, chance_of, chances, eliminations, gun_chances,
                                            kill_chance, ruin)
from rules.bloody_monday.ai.judgement import worth
from rules.bloody_monday.ai.level1 import Planner
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, position


def test_2_2_the_hits_of_the_dice_are_counted_exactly():
    """2.2: each die hits on its firepower or better; two dice hitting half the time score at
    least one hit 3 times in 4 and two hits once in 4."""
    assert at_least([0.5, 0.5]) == [1.0, 0.75, 0.25]
    tail = at_least([1 / 3] * 3)
    assert chance_of(tail, 0) == 1.0 and chance_of(tail, 3) == pytest.approx(1 / 27) and chance_of(tail, 4) == 0.0


def test_2_3_5_3_1_a_units_dice_and_the_guns_beside_an_area():
    """2.3: a unit rolls its strength in dice at its firepower (heavy cavalry at 4 steps: TF, half
    its dice hit); 5.3.1: artillery beside the battle rolls its strength at TF, no more guns than
    the supreme commander's stars; an exhausted or distant gun adds nothing."""
    state = position({"F-CR-1H": 51, "F-CR-A": (51, 3), "F-I-A1": 20})
    g = game(state)
    assert chances(g, ["F-CR-1H"]) == [0.5] * 4
    assert gun_chances(g, "french", 69) == [0.5] * 3
    assert gun_chances(g, "french", 107) == []


def test_5_3_6_blocks_fall_after_every_step_above_them_and_the_owner_loses_first_what_does_not_count():
    """5.3.6: hits go to the strongest unit, so a jager (3 steps) and a line infantry at 2 steps fall
    only from the 4th and 5th hit after the defensive bonus; among equals the owner gives up the
    jager first, which does not count for morale (2.4). Certain dice: four hits eliminate the jager
    alone (nothing that counts), five both, and a defensive bonus of 1 takes one hit away."""
    g = game(position({"R-1-1J": 42, "R-2-7": (42, 2)}))
    units = ["R-1-1J", "R-2-7"]
    assert eliminations(g, [1.0] * 4, 0, units) == 0.0
    assert eliminations(g, [1.0] * 5, 0, units) == 1.0
    assert eliminations(g, [1.0] * 5, 1, units) == 0.0
    assert eliminations(g, [0.5] * 5, 0, units) == pytest.approx(1 / 32)


def test_how_to_win_c_the_chance_a_battle_eliminates_the_last_counting_blocks_its_owner_may_lose():
    """How to Win C and 5.3.6: of a jager (3 steps, does not count, 2.4) and a line infantry at 2
    steps, the line infantry falls at the 5th hit: with one counting block left to lose, certain
    dice end the game from five hits; a defensive bonus of 1 needs six; with none left it is over
    already, with two left (only one counts here) never."""
    g = game(position({"R-1-1J": 42, "R-2-7": (42, 2)}))
    units = ["R-1-1J", "R-2-7"]
    assert ruin(g, [1.0] * 4, 0, units, 1) == 0.0 and ruin(g, [1.0] * 5, 0, units, 1) == 1.0
    assert ruin(g, [1.0] * 5, 1, units, 1) == 0.0 and ruin(g, [0.5] * 5, 0, units, 1) == pytest.approx(1 / 32)
    assert ruin(g, [], 0, units, 0) == 1.0 and ruin(g, [1.0] * 9, 0, units, 2) == 0.0


def test_how_to_win_c_one_block_from_the_ten_no_attack_that_may_lose_the_game(monkeypatch):
    """How to Win C: with nine French counting blocks eliminated, the tenth ends the game. Davout
    sends a line infantry at one step against a lone jager at one step (which does not count, 2.4)
    while the French morale track is empty, and with nine on it when the chance of the tenth is not
    counted (RUIN 0); counted, the jager's die may end the game and no attack goes in."""
    def plan(lost: int) -> list[str]:
        state = position({"F-I-D": 41, "F-I-1": (41, 1), "F-I-2": (41, 1), "R-1-1J": (42, 1)},
                         control={41: "french", 50: "french", 51: "french"}, initiative="russian")
        gone = [b for b, d in game(state).defs.items() if d.side == "french" and d.counts_for_morale
                and state["blocks"][b]["where"] == "pool"][:lost]
        for bid in gone:
            state["blocks"][bid]["where"] = "eliminated"
        state["morale"]["french"] = gone
        return [d.command for d in Decisive("french", state, set(), [{}]).plan()]
    assert "move F-I-1 42" in plan(0)
    assert not any(c.startswith("move") or c.startswith("battle") for c in plan(9))
    monkeypatch.setattr(decisive, "RUIN", 0.0)
    assert "move F-I-1 42" in plan(9)


def test_how_to_win_a_the_chance_to_kill_the_supreme_commander_counts_the_bonus_and_his_guard():
    """How to Win A, 1.2.1 and 5.3.6.1: Kutuzov alone in 69 (a red area, defensive bonus 2) dies to
    the third hit of heavy cavalry and guns; with the Guard's grenadiers beside him, four more
    steps stand in the way."""
    alone = game(position({"F-CR-1H": 51, "F-CR-A": (51, 3)}))
    assert kill_chance(alone, "french", 69, ["F-CR-1H"]) == pytest.approx(chance_of(at_least([0.5] * 7), 3))
    guarded = game(position({"F-CR-1H": 51, "F-CR-A": (51, 3), "R-2-CGr": 69}))
    assert kill_chance(guarded, "french", 69, ["F-CR-1H"]) == pytest.approx(chance_of(at_least([0.5] * 7), 7))


def _plans(blocks: dict) -> tuple[list[tuple[str, str]], list[str]]:
    state = position({"F-CR-M": 51, **blocks}, control={50: "french", 51: "french"})
    mine = [(d.command, d.reason) for d in Decisive("french", state, set(), [{}]).plan()]
    return mine, [d.command for d in Planner("french", state, set(), [{}]).plan()]


def test_how_to_win_a_a_strike_at_a_lone_supreme_commander_with_its_guns_kept_beside_him():
    """How to Win A: Murat's heavy cavalry at 3 steps beside Kutuzov alone in 69, with Murat's guns:
    level 1 expects nothing past 69's defensive bonus and takes empty victory areas instead; level 2
    counts the guns' dice too (5.3.1), strikes, keeps the guns beside him, activates and fights
    them there. Control: with the Guard's grenadiers beside Kutuzov, no strike."""
    mine, level1 = _plans({"F-CR-1H": (51, 3), "F-CR-A": (51, 3)})
    assert "move F-CR-1H 69" not in level1
    strike = [r for c, r in mine if c == "move F-CR-1H 69"]
    assert strike and "strikes at the enemy supreme commander" in strike[0] and "(How to Win A" in strike[0]
    assert "activate F-CR-A" in [c for c, _ in mine] and mine[-1][0] == "battle 69"
    guarded, _ = _plans({"F-CR-1H": (51, 3), "F-CR-A": (51, 3), "R-2-CGr": 69})
    assert not any("strikes" in r for _, r in guarded)


def test_6_4_the_supreme_commanders_battle_waits_while_the_enemy_holds_the_disc():
    """6.4: the defender holding the Initiative Disc may retreat from one battle; level 1 (FAQ 5)
    fights its new battles in the order offered: Kutuzov's in 42 before the infantry's in 52. With
    the disc Russian, level 2 fights 52 first; with the disc French, it keeps level 1's order."""
    control = {n: "french" for n in (50, 51, 41, 55, 62, 107, 57, 58, 59)}
    blocks = {"R-KUT": 42, "F-CR-M": 41, "F-CR-1H": 41, "F-I-D": 51, "F-CR-2H": 51, "R-2-7": (52, 1)}

    def battles(disc: str, commander: type[Planner]) -> list[tuple[str, str]]:
        state = position(blocks, control=control, initiative=disc, pools=[])
        state, _ = do(state, "french", "tactical", "activate F-CR-M", "activate F-I-D", "move F-CR-1H 42",
                      "move F-CR-2H 52")
        return [(d.command, d.reason) for d in commander("french", state, set(), [{}]).plan()
                if d.command.startswith("battle")]
    assert battles("russian", Planner)[0][0] == battles("french", Planner)[0][0] == "battle 42"
    first, why = battles("russian", Decisive)[0]
    assert first == "battle 52" and "(6.4; FAQ 5)" in why
    assert battles("french", Decisive)[0][0] == "battle 42"


def test_how_to_win_c_an_attack_is_worth_the_counting_blocks_it_eliminates():
    """How to Win C and 2.4: a French attack on a lone line infantry at one step (it counts for
    morale) is worth more to level 2 than to level 1; on a jager at one step (it does not count)
    the difference is smaller; the enemy's attacks (a retreat's judgement) are judged as level 1's."""
    def values(target: str) -> tuple[float, float, float]:
        state = position({"F-CR-1H": 41, target: (42, 1)})
        g, mine, theirs = game(state), Decisive("french", state, set(), [{}]), Planner("french", state, set(), [{}])
        return (mine.value(g, 42, ("F-CR-1H",)) - theirs.value(g, 42, ("F-CR-1H",)),
                mine.value(g, 42, attacker="russian"), theirs.value(g, 42, attacker="russian"))
    line, jager = values("R-2-7"), values("R-1-1J")
    assert line[0] > jager[0] >= 0 and line[0] > 1
    assert line[1] == line[2]


def test_6_1_6_4_the_disc_is_kept_for_a_threatened_supreme_commanders_retreat():
    """How to Win A, 2.4 ("Do not leave them unguarded!"), 6.1 and 6.4: with three victory areas to
    reinforce, level 1 spends the Initiative Disc on reinforcements; level 2 keeps it when a Russian
    line infantry beside Napoleon alone in 21 may kill him, and spends it with none near him."""
    def first(blocks: dict, commander: type[Planner]) -> tuple[str, str]:
        state = position(blocks, control={41: "french", 55: "french", 62: "french"})
        return next((d.command, d.reason) for d in commander("french", state, set(), [{}]).plan())
    assert first({"R-2-7": 22}, Planner)[0] == "initiative reinforcements"
    kept, why = first({"R-2-7": 22}, Decisive)
    assert kept != "initiative reinforcements" and "keeps the Initiative Disc" in why and "(6.4)" in why
    assert first({"R-2-7": 34}, Decisive)[0] == "initiative reinforcements"


def test_6_4_no_retreat_elsewhere_while_the_supreme_commander_may_need_the_disc():
    """6.4: a Russian line infantry at one step attacked by two French in 44 retreats with the disc
    (level 1, and level 2 with no French near Kutuzov); with French heavy cavalry beside Kutuzov
    alone in 69, level 2 stands in 44 and keeps the disc for his retreat (How to Win A)."""
    def plan(blocks: dict, commander: type[Planner]) -> tuple[str, str]:
        state = position({"F-I-1": 44, "F-I-2": 44, "R-1-3": (44, 1), **blocks},
                         control={44: "russian", 45: "russian"}, initiative="russian")
        battle(game(state), 44, stage="retreat")
        return next((d.command, d.reason) for d in commander("russian", state, set(), [{}]).plan())
    threat = {"F-CR-1H": 51}
    assert plan(threat, Planner)[0].startswith("retreat") and plan({}, Decisive)[0].startswith("retreat")
    stand, why = plan(threat, Decisive)
    assert stand == "stand" and "keeping the Initiative Disc" in why and "How to Win A" in why


def test_8_0_behind_in_turn_4_an_attack_on_a_victory_area_is_worth_the_chance_of_taking_it():
    """8.0: at the end of Turn 4 the victory areas alone decide. Heavy cavalry in 42 against a lone
    jager in 41 (a victory area the Russians hold): in Turn 4 with the French behind on victory
    areas the attack is worth the area again, times the chance of clearing it (the jager's steps and
    the defensive bonus, 2.4, 1.2.1); in Turn 3, or in Turn 4 when not behind, no more than before."""
    def value(turn: int, control: dict[int, str]) -> float:
        state = position({"F-CR-1H": 42, "R-1-1J": (41, 1)}, control=control, turn=turn)
        return Decisive("french", state, set(), [{}]).value(game(state), 41, ("F-CR-1H",))
    behind = {41: "russian", 55: "russian"}
    g = game(position({"F-CR-1H": 42, "R-1-1J": (41, 1)}, control=behind, turn=4))
    assert g.victory_count("french") < g.victory_count("russian")
    cleared = chance_of(at_least(chances(g, ["F-CR-1H"]) + gun_chances(g, "french", 41)),
                        g.defensive_bonus(41, "russian") + 1)
    assert 0 < cleared < 1
    assert value(4, behind) == pytest.approx(value(3, behind) + worth(41) * cleared)
    level = {19: "french", 55: "french", 62: "french", 41: "russian", 69: "russian", 107: "russian",
             57: "french", 58: "russian"}
    assert game(position({}, control=level)).victory_count("french") == 3 == game(
        position({}, control=level)).victory_count("russian")
    assert value(4, level) == value(3, level)


def test_6_2_8_0_behind_in_turn_4_with_no_leader_to_activate_the_disc_buys_special_movement_and_combat():
    """5.1, 6.2, 7.0, 8.0: no French leader is on the map, so no Tactical Action; behind on victory
    areas in Turn 4, level 2 spends the Initiative Disc on Special Movement and Combat and attacks
    (Kutuzov beside it in 69, How to Win A) rather than pass (level 1 passes, and two Passes would
    end the game lost); in Turn 3 it passes as level 1 does."""
    def plan(turn: int, commander: type[Planner] = Decisive) -> list[str]:
        state = position({"F-CR-1H": 42, "R-1-1J": (41, 1)}, control={41: "russian"}, turn=turn, initiative="french")
        assert "tactical" not in {c.to_text() for c in bm.legal_commands(state, "french")}
        return [d.command for d in commander("french", state, set(), [{}]).plan()]
    assert plan(4) == ["initiative move"]
    assert plan(4, Planner)[0] == plan(3)[0] == "pass"
    state = position({"F-CR-1H": 42, "R-1-1J": (41, 1)}, control={41: "russian"}, turn=4, initiative="french")
    state, _ = do(state, "french", "initiative move")
    assert [d.command for d in Decisive("french", state, set(), [{}]).plan()][0] == "move F-CR-1H 69"


def test_5_1_a_leader_left_behind_moves_up_to_his_units_before_activating():
    """5.1: a tactical leader may move up to 4 MPs and then activate; 5.1.1: at two steps Murat
    commands his units two areas away. Murat in 18, three areas behind his heavy cavalry in 30
    beside a Russian line infantry in 41: level 1 finds no leader worth a Tactical Action and
    passes; level 2 moves Murat to 2, where the cavalry is within his range and he stands off the
    front, activates him there and attacks 41. Two areas away he is activated where he stands."""
    def plans(murat: int, commander: type[Planner]) -> list[tuple[str, str]]:
        state = position({"F-CR-M": (murat, 2), "F-CR-1H": 30, "F-CR-2H": 30, "R-2-7": (41, 2)}, pools=[],
                         initiative="russian")
        first = [d.command for d in commander("french", state, set(), [{}]).plan()][0]
        state, _ = do(state, "french", "tactical")
        return [(first, "")] + [(d.command, d.reason) for d in commander("french", state, set(), [{}]).plan()]
    assert plans(18, Planner)[0][0] == "pass" and plans(18, Planner)[1][0] == "activate F-CR-M"
    mine = plans(18, Decisive)
    assert mine[0][0] == "tactical"
    assert mine[1] == ("activate F-CR-M 2", "moves Murat to 2 and activates him there (5.1): 2 units he commands "
                       "from there are near the enemy or a victory area (5.1.1)")
    assert [c for c, _ in mine[2:4]] == ["move F-CR-1H 41", "move F-CR-2H 41"]
    assert plans(2, Decisive)[1][0] == plans(2, Planner)[1][0] == "activate F-CR-M"


def test_10_0_in_last_blood_the_victory_points_decide_whether_it_is_ahead():
    """Last Blood (10.0): at the end of Turn 4 the victory points decide, not the victory areas.
    The French hold four victory areas to the Russians' three (8 points to 6) but have lost two
    gold-shield guns (the Russians' 10 points): the Russians have passed in Turn 4, and level 1,
    ahead on victory areas, passes to end the game, lost; level 2, behind on victory points, spends
    the Initiative Disc on Special Movement and Combat (6.2) and attacks. In the standard game the
    same position is won on victory areas, and level 2 passes too."""
    control = {19: "french", 41: "french", 55: "french", 62: "french", 69: "russian", 107: "russian",
               57: "russian", 58: "russian", 59: "russian"}
    lost = [{"id": b, "side": "french", "label": "A", "type": "artillery", "morale": True}
            for b in ("F-I-A1", "F-I-A2")]

    def plan(scenario: str, commander: type[Planner]) -> tuple[str, str]:
        state = position({"F-CR-1H": 42, "R-1-1J": (43, 1)}, control=control, turn=4, initiative="french",
                         passes=1, pools=[], scenario=scenario, eliminated=lost)
        return next((d.command, d.reason) for d in commander("french", state, set(), [{}]).plan())
    assert plan("last_blood", Planner)[0] == "pass"
    special, why = plan("last_blood", Decisive)
    assert special == "initiative move" and "behind on victory points in the last turn" in why
    assert plan("bloody_monday", Decisive) == ("pass", "passes to end the turn while ahead on victory areas, 1 more "
                                                "(7.0, 8.0)")


def test_6_2_8_0_level_in_turn_4_the_disc_buys_special_movement_and_combat_too():
    """8.0 and 1.1: three victory areas each, neither side holding all three Flèches, is a tie at the
    end of Turn 4, not a win. With no leader to activate, level 1 passes (two Passes would end the
    game tied, 7.0); level 2 spends the Initiative Disc on Special Movement and Combat (6.2); ahead
    by one area, it passes as level 1 does."""
    level = {19: "french", 55: "french", 62: "french", 41: "russian", 69: "russian", 107: "russian",
             57: "french", 58: "russian"}

    def plan(control: dict[int, str], commander: type[Planner] = Decisive) -> tuple[str, str]:
        state = position({"F-CR-1H": 42, "R-1-1J": (43, 1)}, control=control, turn=4, initiative="french", pools=[])
        return next((d.command, d.reason) for d in commander("french", state, set(), [{}]).plan())
    assert plan(level, Planner)[0] == "pass"
    special, why = plan(level)
    assert special == "initiative move" and "level on victory areas in the last turn" in why and "(6.2)" in why
    assert plan({**level, 41: "french"})[0] == "pass"


def test_a_reason_counts_one_unit_or_area_in_the_singular():
    """The one-line reasons read as a player would say them: '1 unit he commands is', '1 area away'."""
    state = position({"F-CR-M": (2, 2), "F-CR-1H": 30, "R-2-7": (41, 2)}, pools=[], initiative="russian")
    state, _ = do(state, "french", "tactical")
    for commander in (Planner, Decisive):
        first = commander("french", state, set(), [{}]).plan()[0]
        assert first.reason == "activates Murat (5.1): 1 unit he commands is near the enemy or a victory area"
    state = position({"F-CR-1H": 18, "R-2-7": (41, 2)}, pools=[], initiative="russian")
    moved = Planner("french", state, set(), [{}]).plan()[1]
    assert moved.reason == "closes on 41, a victory area it lacks, 1 area away: the one unit a Pass moves (7.0)"
