"""rules/borodino/ai/stakes.py: in the Grand Battle's last Game-Turns a side not ahead counts what a
combat result changes in the game's result (7 September Victory Conditions), and level 1 plays for it."""
from __future__ import annotations

import random
from fractions import Fraction

from rules import borodino
from rules.borodino import commands as C
from rules.borodino.ai import level1
from rules.borodino.ai.attacks import expectation
from rules.borodino.ai.positions import position_state
from rules.borodino.ai.stakes import LEVEL, RESULT, After, Stakes, worth
from rules.borodino.battle import Battle

# The French occupy every redoubt (French Marginal victory); rear units keep their losses under the
# Russians' (no Russian Substantial victory): French 109, Russian 136 Combat Points lost.
EVERY_REDOUBT = ["F-III-10 3222", "F-IG-OG 3117", "F-IV-1 3018", "F-IV-IG 2817", "F-IG-YG 3218", "F-I-2 4030",
                 "F-III-11 4130", "F-IG-MG 3930", "F-IG-LV 3830"]


def _battle(units: list[str], turn: int = 40, player: str = "russian", phase: str = "combat",
            scenario: str = "grand") -> Battle:
    side = player
    return Battle(position_state({"id": "t", "scenario": scenario, "turn": turn, "player": player, "phase": phase,
                                  "side": side, "units": units}))


def test_the_result_were_the_game_to_end_now_is_worth_a_win_and_the_levels_between():
    b = _battle(EVERY_REDOUBT + ["R-III-3 3122"])
    assert b.s["losses"] == {"french": 109, "russian": 136}
    assert worth(b, "french") == RESULT + LEVEL and worth(b, "russian") == -RESULT - LEVEL  # marginal against none


def test_stakes_count_for_a_side_not_ahead_from_the_grand_battles_last_night_the_losses_alone_until_its_last_turns():
    units = EVERY_REDOUBT + ["R-III-3 3122"]
    last = Stakes.of(_battle(units), "russian")
    assert last is not None and not last.lasting
    assert Stakes.of(_battle(units, player="french"), "french") is None  # ahead
    before = Stakes.of(_battle(units, turn=38), "russian")               # two Game-Turns more to play
    assert before is not None and before.lasting
    assert Stakes.of(_battle(units, turn=26), "russian") is None         # the last night (Night Movement)
    assert Stakes.of(_battle(units, turn=20), "russian") is None
    assert Stakes.of(_battle(units, turn=30, scenario="7sep"), "russian") is None  # 7 Sept plays as measured


def test_before_the_last_two_game_turns_a_result_counts_by_the_losses_alone():
    """Game-Turn 33: the French would retake a redoubt they are driven from before the end, so only
    the losses, which stay, count: the Russian advance into the Schevardino redoubt changes nothing, a
    Russian 6-4 destroyed still ends the Russian substantial victory (French 134 lost, Russian 130)."""
    stakes = Stakes.of(_battle(EVERY_REDOUBT + ["R-III-3 3122"], turn=33), "russian")
    assert stakes is not None and stakes.swing(After({"french": 0}, ("3222",), ("R-III-3",))) == 0
    units = EVERY_REDOUBT[:5] + ["R-III-3 3122", "R-III-1Gr 3528"]
    french = Stakes.of(_battle(units, turn=33, player="french"), "french")
    assert french is not None and french.swing(After({"russian": 6}, ("3528",), ())) == 2 * (RESULT + LEVEL)
    assert french.aim == "not ahead, it plays for the losses that decide the substantial victories"


def test_driving_the_french_from_one_redoubt_draws_the_game():
    """A Russian advance into the Schevardino redoubt the French leave ends "French units occupy every
    redoubt hex": a loss turned into a draw. Combat Points lost that cross no level change nothing."""
    b = _battle(EVERY_REDOUBT + ["R-III-3 3122"])
    stakes = Stakes.of(b, "russian")
    assert stakes is not None
    driven = After({"french": 0}, ("3222",), ("R-III-3",))
    assert stakes.swing(driven) == RESULT + LEVEL
    assert stakes.changed(driven) == "the French marginal victory (French units occupy every redoubt hex) no " \
        "longer holds"
    assert stakes.swing(After({"russian": 5}, ("3122",), ("F-III-10",))) == 0  # 141 lost is not 2 x 109


def test_losses_that_reach_the_enemys_count_end_his_substantial_victory():
    """"Russian Substantial victory: French must have more Combat Point losses than the Russians"
    outranks the French Marginal one: French 134 lost, Russian 130. A Russian 6-4 destroyed brings the
    Russians to 136 and the French marginal victory wins: a loss turned into a win."""
    units = EVERY_REDOUBT[:5] + ["R-III-3 3122", "R-III-1Gr 3528"]
    b = _battle(units, player="french")
    assert b.s["losses"] == {"french": 134, "russian": 130}
    stakes = Stakes.of(b, "french")
    assert stakes is not None and stakes.now == -RESULT - LEVEL
    destroyed = After({"russian": 6}, ("3528",), ())
    assert stakes.swing(destroyed) == 2 * (RESULT + LEVEL)
    assert stakes.changed(destroyed) == "the Russian substantial victory (the French losses exceed the Russian) " \
        "no longer holds"
    assert stakes.swing(After({"russian": 3}, (), ())) == 0  # 133 lost: not yet the French 134


def test_level_1_makes_the_owed_attack_that_may_draw_and_says_why():
    """The Russian 5-4 beside the French 6-4 in the Schevardino redoubt attacks at 1-2: -1 Combat Point
    over the CRT, but the die's 1 (Dr) leaves the redoubt to its advance, a draw worth RESULT + LEVEL."""
    b = _battle(EVERY_REDOUBT + ["R-III-3 3122"])
    e = expectation(b, "russian", C.Attack(("3122",), ("3222",)), level1.objectives(b, "russian"),
                    stakes=Stakes.of(b, "russian"))
    assert e is not None and e.odds == "1-2" and e.stake == Fraction(RESULT + LEVEL, 6) and e.turns[0] == 1
    decision = level1.combat(b, "russian")
    assert decision.command == "attack 3122 -> 3222"
    assert decision.reason == (
        "attacks 3222 at 1-2 (expected -1.0 Combat Points over the CRT): not ahead in the last Game-Turns, it plays "
        "for what a result can still change: 1 chance in 6 that the French marginal victory (French units occupy "
        "every redoubt hex) no longer holds (Victory Conditions)")
    assert borodino.apply(b.s, "russian", borodino.parse("russian", decision.command))


def test_a_movement_phase_where_no_unit_moves_says_why_none_did():
    """Two Game-Turns from the end the stakes do not count yet: the Russian 5-4 is held back from the
    1-2 it would owe next to the Schevardino redoubt, and the phase's `end` says why nothing moved (it
    read 'every unit that should move has moved' over every such phase)."""
    entry = {"id": "t", "scenario": "grand", "turn": 38, "player": "russian", "side": "russian",
             "units": EVERY_REDOUBT + ["R-III-3 3022"]}
    plan = level1.Level1().plan(borodino.view(position_state(entry), "russian"), (), random.Random(0))
    assert [d.command for d in plan] == ["end"]
    assert plan[0].reason == "no unit moves: those that could close on the enemy do better where they stand (Combat B)"
