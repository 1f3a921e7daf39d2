"""What a refused order could be instead, in the player's own position (rules/borodino/instead.py).

Each refusal names the player's own unit and hexes and the line to type, which the game then
accepts (the positive control); it read a fixed example, `move 3225 3224` or `attack 3224 -> 3223`,
of hexes the player did not hold (seen in a 7 September game with the Doomed Victory options).
"""
from __future__ import annotations

import re

import pytest

from rules.borodino import forecast, parse_in_game
from rules.core.errors import CommandError
from tests.rules.borodino.dv_helpers import dv_position
from tests.rules.borodino.helpers import borodino, force_die, go, open_ground, play, position, refused, ring

G = open_ground(4)  # 2705
D = ring(G)         # 2704, 2804, 2805, 2706, 2605, 2604
INF, INF2, CAV, ART, RUS = "F-I-2", "F-IV-1", "F-I-cav", "F-I-art", "R-VIII-12"
FORMATIONS = ("Formations are not played: SPI's Borodino has none, so the Doomed Victory errata's formation "
              "changes (4.4, 4.6, 5.4) do not apply; ")
FACING = "Facing is not played: a unit of SPI's Borodino has none, so the Doomed Victory errata's facing (5.4) " \
         "does not apply; "
CHARGES = ("Cavalry charges are not played: SPI's Borodino has none, so the Doomed Victory errata's charge and "
           "countercharge (4.4) do not apply; ")
LIMBERING = ("Artillery is never limbered or unlimbered: SPI's Borodino has no such sides, so the Doomed Victory "
             "errata's limbered artillery (6.8) does not apply; ")
IN_THE_OPEN = "2604, 2605, 2704, 2706 and {} more hexes further from 2705"  # where 2705 may go


def told(state: dict, side: str, text: str) -> str:
    """The refusal of a line, read in the game (as the bot and the terminal read it); one sentence."""
    with pytest.raises(CommandError) as refused:
        parse_in_game(state, side, text)
    said = str(refused.value)
    assert said.endswith(".") and ". " not in said.replace("e.g. ", ""), said
    return said


def offered(state: dict, side: str, said: str) -> dict:
    """The positive control: the first line the refusal offers is played as it stands."""
    line = re.findall(r"`([^`]+)`", said)[0]
    return borodino.apply(state, side, parse_in_game(state, side, line))[0]


def test_a_formation_change_is_told_where_the_unit_itself_may_move():
    s = position({INF: G, CAV: go(G, 3, 3), ART: go(G, 0, 0, 0), RUS: go(G, 1, 1, 1)})
    said = told(s, "french", f"formation {G} line")
    assert said == FORMATIONS + (f"2705 (French 7-4 infantry) moves as it stands, to {IN_THE_OPEN.format(50)}: "
                                 "`move 2705 2604`.")
    assert offered(s, "french", said)["units"][INF]["hex"] == "2604"


def test_a_facing_is_told_the_unit_attacks_every_enemy_next_to_it_and_where_it_moves_now():
    s = position({INF: G, RUS: go(G, 1, 1, 1)})
    assert told(s, "french", f"face {G} north") == FACING + (
        f"2705 (French 7-4 infantry) attacks every enemy next to it alike in your Combat Phase, and now moves to "
        f"{IN_THE_OPEN.format(52)}: `move 2705 2604`.")


def test_a_charge_names_the_cavalry_s_own_move():
    s = position({INF: G, CAV: go(G, 3, 3), RUS: go(G, 1, 1, 1)})
    said = told(s, "french", "charge")  # no unit named: the side's cavalry, not its infantry
    assert said == CHARGES + ("2707 (French 2-5 cavalry) moves and attacks as any unit does: now to 2606, 2607, "
                              "2706, 2708 and 82 more hexes further from 2707 (`move 2707 2606`), then in your "
                              "Combat Phase.")
    assert offered(s, "french", said)["units"][CAV]["hex"] == "2606"


def test_limbering_names_the_gun_and_a_unit_that_is_none():
    s = position({INF: G, ART: go(G, 0, 0, 0), RUS: go(G, 1, 1, 1)})
    assert told(s, "french", "unlimber") == LIMBERING + (
        "2702 (French 7-3 artillery) moves as it stands, to 2601, 2602, 2701, 2703 and 20 more hexes further from "
        "2702 (`move 2702 2601`), and bombards from two hexes in your Combat Phase (Artillery).")
    assert told(position({INF: G, RUS: go(G, 1, 1, 1)}), "french", "limber") == LIMBERING + (
        "no gun of yours may move now, and 2705 (French 7-4 infantry) moves as it stands, to "
        f"{IN_THE_OPEN.format(52)}: `move 2705 2604`.")  # no gun on the map: a unit that is none, said so
    assert told(s, "french", f"limber {G}") == LIMBERING + (
        f"2705 (French 7-4 infantry) is no gun, and moves as it stands, to {IN_THE_OPEN.format(51)}: "
        "`move 2705 2604`.")


def test_an_enemy_unit_or_an_empty_hex_named_is_said_so_and_the_player_s_own_unit_nearest_it_offered():
    s = position({INF: G, INF2: go(G, 3, 3, 3, 3), RUS: go(G, 1, 1, 1)})
    assert told(s, "french", "formation 3003 line") == FORMATIONS + (
        f"3003 (Russian 5-4 infantry) is not yours, and 2705 (French 7-4 infantry) moves as it stands, to "
        f"{IN_THE_OPEN.format(51)}: `move 2705 2604`.")
    assert told(s, "french", "reform 2708").startswith(FORMATIONS + "2708 holds no unit, and 2709 (French 7-4 ")


def test_a_unit_that_may_not_move_is_told_why_citing_the_case():
    s = position({INF: G, RUS: D[0]})
    assert told(s, "french", f"formation {G} square") == FORMATIONS + (
        "2705 (French 7-4 infantry) began the phase in an enemy Zone of Control and may not move (Zones of Control D).")


def test_in_the_combat_phase_the_unit_s_own_attack_is_offered():
    s = position({INF: D[3], ART: go(D[3], 3), RUS: G}, phase="combat")
    said = told(s, "french", f"formation {D[3]}")
    assert said == FORMATIONS + "2706 (French 7-4 infantry) may attack 2705 as it stands: `attack 2706 -> 2705`."
    assert offered(s, "french", said)["pending"] is not None  # the attack is made
    assert told(s, "french", f"limber {go(D[3], 3)}") == LIMBERING + (  # alone it would leave 2706's attack owed
        "2707 (French 7-3 artillery) may bombard 2705 as it stands, from up to two hexes (Artillery): "
        "`attack 2706+2707 -> 2705`.")


def test_in_the_combat_phase_a_unit_with_no_attack_is_told_another_s():
    s = position({INF: D[3], CAV: go(G, 3, 3, 3, 3), RUS: G}, phase="combat")
    assert told(s, "french", f"charge {go(G, 3, 3, 3, 3)}") == CHARGES + (
        "2709 (French 2-5 cavalry) has no enemy it may attack next to it; another of yours may: "
        "`attack 2706 -> 2705`.")


def test_a_broken_unit_is_told_it_may_not_attack():
    s = dv_position({INF: G, INF2: D[0], RUS: D[1]}, phase="combat", leaders={"L-DAVOUT": INF})
    s["broken"] = [INF2]
    assert told(s, "french", f"face {D[0]}") == FACING + (
        "2704 (French 7-4 infantry) is broken: broken units may not attack, but defend normally, until rallied in "
        "the Rally Phase (Doomed Victory 6.10); another of yours may: `attack 2705 -> 2804`.")


def test_out_of_the_player_s_turn_or_with_a_result_waiting_the_refusal_says_what_the_game_waits_for():
    s = position({INF: D[3], RUS: G}, phase="combat")
    assert told(s, "russian", f"formation {G}") == FORMATIONS + (
        "it is the French Combat Phase, and your units move and attack as they stand in your own Player-Turn.")
    force_die(s, 1)  # 1-1, die 1: Dr, the French choose the retreat
    s, _ = play(s, "french", f"attack {D[3]} -> {G}")
    said = told(s, "french", f"face {D[3]}")
    assert said == FACING + ("the game waits for your answer to a combat result first: `retreat 2704`, "
                             "`retreat 2804` or `retreat 2604`.")
    assert offered(s, "french", said)["units"][RUS]["hex"] == "2704"
    assert told(s, "russian", "charge") == CHARGES + "the game waits for the French player's answer to a combat result."


def test_in_the_rally_phase_a_unit_s_move_is_told_a_leader_s_move_of_the_player_s_own():
    """It read '... only leaders move (`move <leader> <hex>`) ...', the form, not a leader of his."""
    s = dv_position({INF: G, "F-I-4": go(G, 3, 3, 3), "R-VI-24": go(G, 0, 0, 0, 0)}, player="russian",
                    leaders={"L-DAVOUT": INF})
    s["broken"] = ["F-I-4"]
    s, _ = play(s, "russian", "end")
    assert str(refused(s, "french", f"move {G} {D[0]}", "Doomed Victory 8.152")) == (
        "In the Rally Phase only leaders move, before they rally broken units: `move Davout 2708` or `end` (Doomed "
        "Victory 8.152).")
    assert str(refused(s, "french", f"move davout 2708 {go(G, 3, 3, 3, 1)}", "Doomed Victory 8.1")) == (
        "A leader is moved to one hex, not along a path: `move Davout 2708` (Doomed Victory 8.1).")


def test_in_the_rally_phase_a_leader_s_move_is_offered():
    s = dv_position({INF: G, "F-I-4": go(G, 3, 3, 3), "R-VI-24": go(G, 0, 0, 0, 0)}, player="russian",
                    leaders={"L-DAVOUT": INF})
    s["broken"] = ["F-I-4"]
    s, _ = play(s, "russian", "end")
    said = told(s, "french", "formation davout line")
    assert said == FORMATIONS + ("in the Rally Phase only leaders move, before they rally broken units (Doomed "
                                 "Victory 8.152): `move Davout 2708` or `end`.")
    assert offered(s, "french", said)["leaders"]["L-DAVOUT"]["with"] == "F-I-4"


@pytest.mark.parametrize("line, instead", [
    ("move 2706", "`move 2706 2605` (it can reach 2605, 2606, 2705, 2707 and 54 more hexes further from 2706)"),
    ("move 270 2704", "like 2706"),
    ("attack 2706,2707 -> 2705", "like 2706 (join several with +: 2706+2707)"),
])
def test_a_malformed_move_is_shown_in_the_player_s_own_hexes(line, instead):
    s = position({INF: D[3], RUS: go(G, 1, 1, 1)})
    assert instead in told(s, "french", line)


@pytest.mark.parametrize("line, instead", [
    ("attack 2706", "attack needs attackers -> defenders: `attack 2706 -> 2705` (Combat A)."),
    ("  ", "Type a command, e.g. `attack 2706 -> 2705`; `help` lists them all."),  # owed: no `end` yet (Combat B)
])
def test_a_malformed_attack_is_shown_the_unit_s_own(line, instead):
    assert told(position({INF: D[3], RUS: G}, phase="combat"), "french", line) == instead


def test_the_answers_to_a_result_are_shown_as_the_result_asks_them():
    s = position({INF: D[3], INF2: D[2], RUS: G}, phase="combat")
    force_die(s, 5)  # 2-1, die 5: Ex
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert told(s, "french", "lose") == ("lose names the units given up in the exchange: `lose 2805` or `lose 2706` "
                                         "(CRT: Exchange).")
    s = position({INF: D[3], RUS: G}, phase="combat")
    force_die(s, 1)
    s, _ = play(s, "french", f"attack {D[3]} -> {G}")
    assert told(s, "french", "retreat 1 2 3") == ("retreat takes the hex to retreat to: `retreat 2704`, "
                                                  "`retreat 2804` or `retreat 2604` (Retreat).")
    assert told(s, "french", "lose") == ("lose names the units given up in the exchange: `lose <hex>+<hex>`, but the "
                                         "result waiting asks `retreat 2704`, `retreat 2804` or `retreat 2604` "
                                         "(CRT: Exchange).")
    s, _ = play(s, "french", "retreat 2704")
    assert told(s, "french", "advance") == "advance takes the advancing unit: `advance 2706 2705` or `stay` (Combat H)."


def test_a_leader_named_without_the_leaders_option_is_shown_a_move_of_the_player_s_own_unit():
    said = str(refused(position({INF: G}), "french", "move davout 2705", "Doomed Victory 8.1"))
    assert "name a unit by the hex it stands in, or one waiting to enter by its id: `move 2705 2604`" in said


def test_odds_asked_without_an_arrow_are_shown_with_one_in_the_player_s_hexes():
    s = position({INF: D[3], RUS: G}, phase="combat")
    for asked, shown in ((f"{D[3]} {G}", "`odds 2706 -> 2705`"), (D[3], "`odds 2706 -> 2705`")):
        with pytest.raises(CommandError) as refused:
            forecast(s, asked)
        assert str(refused.value) == f"odds takes an attack, attackers -> defenders: {shown} (Combat A)."
