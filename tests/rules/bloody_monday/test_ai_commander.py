"""rules/bloody_monday/ai: the level-1 commander plays through the rules from its view and the events
told to its side alone."""
from __future__ import annotations

import random
import re

import pytest

from rules.bloody_monday import combat
from rules.bloody_monday.game import Game
from rules.bloody_monday.ai.positions import position_state
from rules.bloody_monday.swaptest import pairs, swapped
from rules.core import positions
from rules.core.ai import addressed_to, decision_rng, duel
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, position
from tests.rules.watched import Watched, never_the_state

RULE = re.compile(r"[(,;] ?(\d+\.\d|How to Win|Controlled Area|FAQ)")  # a reason cites its case


def _plan(state: dict, side: str, seen: list[dict], ai_seed: int = 7) -> list[tuple[str, str]]:
    plan = bm.commander().plan(bm.view(state, side), tuple(seen), decision_rng(ai_seed, 0))
    return [(d.command, d.reason) for d in plan]


def _positions(seed: int, commands: int, every: int):
    """Positions of a random game (every `every` commands and at each battle step) with the events
    told to each side so far."""
    state, rng = bm.setup("bloody_monday", seed), random.Random(seed)
    seen: dict[str, list[dict]] = {"french": [], "russian": []}
    for n in range(commands):
        if not bm.active_sides(state):
            return
        if n % every == 0 or (state["battle"] and n % 3 == 0):
            yield state, seen
        side = bm.active_sides(state)[0]
        state, events = bm.apply(state, side, bm.sample_command(state, side, rng))
        for each in seen:
            seen[each] = seen[each] + [e for e in events if addressed_to(e, each)]


def _unmoved(state: dict, side: str, seen: list[dict]) -> int:
    """Assert the plan is the same with another dice seed and with each of two swaps of unseen enemy
    blocks (the swap test's swap); returns the swaps made."""
    plan = _plan(state, side, seen)
    reseeded = {**state, "dice": {**state["dice"], "seed": state["dice"]["seed"] + 99}}
    assert _plan(reseeded, side, seen) == plan and plan
    swaps = pairs(state, side, random.Random(len(seen)), 2)
    for a, b in swaps:
        assert _plan(swapped(state, a, b), side, seen) == plan
    return len(swaps)


def test_decisions_do_not_change_when_two_unseen_enemy_blocks_are_swapped_or_the_dice_seed_changes():
    """With the AI's generator fixed, its plan is the same in a position whose dice seed
    differs, and in one where two enemy blocks it has not seen exchange places, in impulses and
    battles of both sides of a random game, and in a Logistics Phase."""
    swaps, kinds = 0, set()
    for state, seen in _positions(5, 120, 20):
        side = bm.active_sides(state)[0]
        swaps += _unmoved(state, side, seen[side])
        kinds.add(("battle" if state["battle"] else state["phase"], side))
    assert swaps > 10 and {"battle", ("impulses", "french"), ("impulses", "russian")} <= kinds | {k for k, _ in kinds}
    assert _unmoved(_logistics(), "russian", []) == 2


def test_a_game_replays_bit_for_bit_from_its_seeds():
    """A reported blunder replays: the same dice seed and AI seed give the same game."""
    games = [duel("bloody_monday", "bloody_monday", seed=5, seats={"russian": bm.commander()}, ai_seed=ai_seed,
                  max_commands=50) for ai_seed in (3, 3, 4)]
    assert games[0].commands == games[1].commands and games[0].state == games[1].state
    assert games[0].commands != games[2].commands  # the AI's own seed is its only randomness


def test_the_commander_is_handed_the_view_never_the_state():
    watched = Watched(bm.commander())
    duel("bloody_monday", "bloody_monday", seed=5, seats={"russian": watched}, max_commands=80)
    assert never_the_state(watched.views)


@pytest.mark.parametrize("side, seed", [pytest.param("french", 4, marks=pytest.mark.long), ("russian", 5)])
def test_level_1_beats_random_play_with_no_refused_command_and_a_reason_citing_the_rules(side, seed):
    """A whole game against random play, each command with its reason."""
    game_ = duel("bloody_monday", "bloody_monday", seed=seed, seats={side: bm.commander(1)}, ai_seed=seed)
    assert game_.outcome is not None and game_.outcome["winner"] == side
    reasons = [reason for who, _, reason in game_.commands if who == side]
    assert reasons and all(RULE.search(r) for r in reasons), [r for r in reasons if not RULE.search(r)]


@pytest.mark.long
def test_two_commanders_play_a_whole_game_with_no_refused_command():
    """Level 1 against level 1, to the end (the long step: the suite plays level 1 against random play
    as the Russians to the end, and level 1 against level 2's seat into Turn 2, every command accepted)."""
    game_ = duel("bloody_monday", "bloody_monday", seed=5,
                 seats={"french": bm.commander(), "russian": bm.commander()}, ai_seed=5)
    assert game_.outcome is not None and {side for side, _, _ in game_.commands} == {"french", "russian"}
    assert "random play" not in {reason for _, _, reason in game_.commands}


def test_a_level_not_built_is_refused_with_the_levels_there_are():
    with pytest.raises(ValueError, match="levels 1 and 2"):
        bm.commander(3)
    assert bm.commander(1) is not None


# --- the rule book's priorities (13.3) --------------------------------------------------------------
def test_5_3_6_a_hit_among_equals_goes_to_a_unit_that_does_not_count_for_morale():
    """5.3.6: among equally strong units the owner chooses; 2.4: Russian jagers do not count for
    morale, so a jager takes the hit before a line infantry of the same strength."""
    g = game(position({"F-I-1": 42, "R-1-1J": (42, 3), "R-1-3": (42, 3)}, control={42: "russian"}))
    bt = battle(g, 42, shown=True)
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    assert sorted(bt["choice"]["candidates"]) == ["R-1-1J", "R-1-3"]
    [(command, reason)] = _plan(g.s, "russian", [])
    assert command == "hit R-1-1J" and "no loss for morale (2.4, 5.3.6)" in reason


def test_5_3_6_1_between_a_leader_and_a_gun_the_gun_is_lost():
    """5.3.6.1: support units are hit last; between a tactical leader and a gun of equal strength
    the commander keeps the leader, who activates units (5.1)."""
    g = game(position({"F-I-1": 55, "R-1-BT": 55, "R-1-A1": 55}, control={55: "russian"}))
    bt = battle(g, 55, shown=True)
    bt["due"]["russian"] = 1
    combat.apply_hits(g)
    [(command, _)] = _plan(g.s, "russian", [])
    assert command == "hit R-1-A1"


def test_6_4_the_supreme_commander_retreats_rather_than_risk_the_game():
    """6.4 with How to Win A: a defender holding the Initiative Disc retreats a battle its supreme
    commander stands in; with only a strong infantry facing a lone weak attacker, it stands."""
    state = position({"F-I-1": (44, 1), "R-KUT": 44, "R-1-3": 44}, control={44: "russian", 45: "russian"},
                     initiative="russian")
    battle(game(state), 44, stage="retreat")
    [(command, reason)] = _plan(state, "russian", [])
    assert command.startswith("retreat") and "How to Win A" in reason
    state = position({"F-I-1": (44, 1), "R-1-3": 44}, control={44: "russian", 45: "russian"}, initiative="russian")
    battle(game(state), 44, stage="retreat")
    assert _plan(state, "russian", [])[0][0] == "stand"


def test_7_0_a_second_pass_ends_the_turn_when_ahead_on_victory_areas():
    """7.0: two consecutive Passes end the Impulses Phase; the Russian, holding more victory areas
    (1.1) after a French Pass, passes too. Behind, it does not."""
    state = bm.setup("bloody_monday", 1)
    state, _ = do(state, "french", "pass", "end")
    assert state["passes"] == 1 and state["player"] == "russian"
    [(command, reason)] = _plan(state, "russian", [])[:1]
    assert command == "pass" and "(7.0, 8.0)" in reason
    behind = {**state, "control": {**state["control"], **{str(n): "french" for n in (41, 55, 62, 69)}}}
    assert _plan(behind, "russian", [])[0][0] != "pass"


def _logistics() -> dict:
    """Turn 2's Logistics Phase, the Russian to choose first (3.0), one Russian step to restore."""
    state = bm.setup("bloody_monday", 1)
    state["blocks"]["R-1-3"]["strength"] = 1
    state.update(turn=2, phase="logistics", player="russian",
                 logistics={"order": ["russian", "french"], "index": 0, "stage": "choose", "lv": 0,
                            "reinforced": 0, "spent": {"tactical_leader": 0, "artillery": 0, "combat": 0}, "step": 0})
    return state


def test_3_1_the_supreme_commander_is_activated_only_while_a_star_remains_to_command_with():
    """3.1 and 2.6.3: activation reduces the supreme commander; at 2 stars he would be left with
    the one that makes him exhausted, so the commander keeps him."""
    state = _logistics()
    plan = _plan(state, "russian", [])
    assert plan[0][0].startswith("activate R-KUT") and "(3.1, 2.6.3)" in plan[0][1]
    assert plan[-1][0].startswith("reinforce")
    state["blocks"]["R-KUT"]["strength"] = 2
    assert _plan(state, "russian", [])[0][0] == "end"


def test_9_8_a_tactical_action_under_an_exhausted_chief_goes_on_by_the_general_offensive():
    """9.8 with 2.6.3: Napoleon exhausted (strength 0) lets a Tactical Action activate no leader, but the
    player holding the Initiative Disc may declare one for a General Offensive. A computer seated once
    `tactical` was declared calls the offensive, then activates; it found no command there and its seat
    stopped."""
    state = do(position({"F-NAP": (21, 1), "F-CR-M": 30, "F-CR-1H": 30}, options=["general_offensive"]),
               "french", "tactical")[0]
    assert [c.to_text() for c in bm.legal_commands(state, "french")] == ["initiative offensive"]
    plan = _plan(state, "french", [])
    assert plan[0] == ("initiative offensive", "calls a General Offensive: its exhausted supreme commander "
                                               "activates no leader otherwise (9.8, 2.6.3)")
    assert _plan(do(state, "french", plan[0][0])[0], "french", [])[0][0] == "activate F-CR-M"


def test_1_1_an_empty_enemy_victory_area_in_reach_is_taken():
    """1.1 and Controlled Area: Borodino (41) is a victory area; left empty by the Russians, Murat's
    heavy cavalry beside it takes it in a Tactical Action, Murat activated to command it (5.1).
    With a Russian block in 41 it is not simply walked into."""
    state = position({"F-CR-M": 30, "F-CR-1H": 30})
    assert state["control"]["41"] == "russian"
    plan = _plan(state, "french", [])
    assert [c for c, _ in plan[:2]] == ["tactical", "activate F-CR-M"]
    assert ("move F-CR-1H 41", "takes 41, an empty victory area (1.1; Controlled Area)") in plan
    guarded = _plan(position({"F-CR-M": 30, "F-CR-1H": 30, "R-1-3": 41}), "french", [])
    assert not any(c.startswith("move F-CR-1H 41") and "takes" in r for c, r in guarded)


def test_5_3_an_attack_is_made_where_the_expected_hits_favour_it_and_not_where_they_do_not():
    """5.3: two heavy cavalry at TF (2.2: 4 dice each hitting on 4-6) against a jager reduced to 1
    in the green area 42 attack and fight the new engagement (FAQ 5); one cavalry at strength 1
    against a full infantry (DF, 4 dice) does not engage."""
    state = position({"F-CR-M": 30, "F-CR-1H": 30, "F-CR-2H": 30, "R-1-1J": (42, 1)})
    plan = _plan(state, "french", [])
    attacks = [c for c, r in plan if c.startswith("move") and c.endswith(" 42") and "attack" in r]
    assert attacks and plan[-1] == ("battle 42", "fights the new engagement in 42 first, as it must (5.3; FAQ 5)")
    weak = _plan(position({"F-CR-M": 30, "F-CR-1H": (30, 1), "R-1-3": 42}), "french", [])
    assert not any(c.endswith(" 42") for c, _ in weak)


def test_a_hit_among_equally_strong_units_goes_to_the_one_whose_lost_step_fires_worst():
    """5.3.6: the owner chooses among equally strong units; 2.2: the 25th Division's last step fires
    single (a 6), Compans' 5th triple (4 to 6): the 25th takes the hit, whatever their names' order."""
    found = {p.id: p for p in positions.load("bloody_monday", bm.INFO.sides)}
    state = position_state(found["keep-the-better-division"].entry)
    assert state["battle"]["choice"]["candidates"] == ["F-I-5", "F-III-25"]
    assert [c for c, _ in _plan(state, "french", [])] == ["hit F-III-25"]


def test_on_the_last_turn_a_pass_that_walks_into_an_empty_victory_area_and_wins_is_played():
    """7.0: the Russians have just passed, so a French Pass ends Turn 4 and the game (8.0); its one
    move into empty Utitsa makes the French 4 to 3 ahead. On Turn 3 the Pass would only end the
    turn, behind, and level 1 plays something else."""
    entry = {p.id: p for p in positions.load("bloody_monday", bm.INFO.sides)}["take-utitsa-with-the-last-pass"].entry
    assert [c for c, _ in _plan(position_state(entry), "french", [])] == ["pass", "move F-V-16 62", "end"]
    assert _plan(position_state({**entry, "turn": 3}), "french", [])[0][0] != "pass"


def test_a_unit_in_a_battle_worth_fighting_stays_for_it_rather_than_take_an_empty_victory_area():
    """Controlled Area and 5.3: Davout's division stands with Kutuzov revealed alone in 44 (How to Win
    the Game, A); the empty Great Redoubt next to it can wait: the division fights in 44."""
    entry = {p.id: p for p in positions.load("bloody_monday", bm.INFO.sides)}[
        "strike-the-exposed-supreme-commander"].entry
    plan = [c for c, _ in _plan(position_state(entry), "french", [])]
    assert plan[-1] == "battle 44" and not any(c.startswith("move F-I-1") for c in plan)


def test_6_4_no_retreat_hands_the_enemy_all_seven_victory_areas():
    """How to Win B: a player controlling all 7 victory areas wins at once. The French in
    Shevardino (19), the Russians holding every other victory area and the Flèches, are attacked
    there by a stronger force: retreating would hand the Russians 19 and the game, so they stand;
    with one victory area still French elsewhere they retreat as before."""
    units = {"F-I-1": (19, 1), "R-1-3": 19, "R-1-1J": 19}
    russian = {n: "russian" for n in (41, 55, 62, 69, 107, 57, 58, 59)}
    state = position(units, control={19: "french", **russian}, initiative="french")
    battle(game(state), 19, attacker="russian", stage="retreat")
    [(command, reason)] = _plan(state, "french", [])
    assert command == "stand" and "all 7 victory areas (6.4, How to Win B)" in reason
    state = position(units, control={19: "french", **russian, 107: "french"}, initiative="french")
    battle(game(state), 19, attacker="russian", stage="retreat")
    assert _plan(state, "french", [])[0][0].startswith("retreat")


def test_the_grande_batterie_fires_each_gun_where_the_most_russian_blocks_stand_then_stops():
    """9.2 (Last Blood plays it): level 1 fires each gun of the Grande Batterie once, into the
    adjacent area holding the most Russian blocks (a count every player sees), and ends the
    bombardment once every gun has fired; the Russian takes the hits as level 1 does."""
    state, seen, fired = bm.setup("last_blood", 1), {"french": [], "russian": []}, []
    while state["battery"] is not None:
        side = bm.active_sides(state)[0]
        command, reason = _plan(state, side, seen[side])[0]
        if side == "french" and command != "end":
            shots = [c for c in bm.legal_commands(state, side) if c.to_text().startswith("fire")]
            most = max(len(Game(state).units(c.area, "russian")) for c in shots)
            assert len(Game(state).units(bm.parse(side, command).area, "russian")) == most
            assert reason.startswith("the Grande Batterie fires") and reason.endswith("(9.2)")
            fired.append(command.split()[1])
        elif side == "french":
            assert reason == "every Grande Batterie gun has fired (9.2)"
        state, events = bm.apply(state, side, bm.parse(side, command))
        for each in seen:
            seen[each] = seen[each] + [e for e in events if addressed_to(e, each)]
    assert len(fired) == len(set(fired)) >= 2  # each gun once


def test_9_1_a_full_strength_jager_lies_in_ambush():
    """9.1 (the Russian Jager option): after the showdown of a battle in a red or yellow area, a
    full-strength Russian jager may skirmish away or lie in ambush, "roll dice before any other
    Units"; level 1 lies in ambush, a command the rules accept, and no other unit fires first."""
    g = game(position({"F-I-1": 55, "F-I-2": 55, "R-1-1J": 55, "R-1-1Gr": 55},
                      options=["russian_jager"], control={55: "russian"}))
    battle(g, 55)
    combat.advance(g)
    assert g.s["battle"]["stage"] == "jagers"
    [(command, reason)] = _plan(g.s, "russian", [])
    assert command == "ambush R-1-1J"
    assert reason == "1J lies in ambush: it rolls before any other unit (9.1)"
    assert command in [c.to_text() for c in bm.legal_commands(g.s, "russian")]
    _, events = do(g.s, "russian", command)
    first = next(e for e in events if e["kind"] == "roll")
    assert first["side"] == "russian" and len(first["dice"]) == 3  # the jager's 3 steps, before anyone


def test_5_3_1_a_loaded_gun_past_the_supreme_commanders_strength_ends_the_artillery_step():
    """5.3.1 with 2.6.3: no more guns fire into a battle than the supreme commander's strength; with
    Napoleon at 1 and one gun already fired, a second loaded gun beside the battle may not fire, and
    level 1 ends the artillery step with `end`, a command the rules accept."""
    g = game(position({"F-NAP": (21, 1), "F-I-1": 55, "F-I-A1": 52, "F-I-A2": 52, "R-1-3": 55},
                      control={55: "russian"}))
    for gun in ("F-I-A1", "F-I-A2"):
        g.block(gun)["activated"] = True
    battle(g, 55, stage="artillery", fired=["F-I-A1"])
    assert combat.ready_guns(g) == ["F-I-A2"] and combat.gunners(g) == []
    [(command, reason)] = _plan(g.s, "french", [])
    assert (command, reason) == ("end", "no gun left to fire (5.3.1)")
    _, events = do(g.s, "french", command)
    assert [e for e in events if e["kind"] == "showdown"]  # the battle goes on past its artillery step
