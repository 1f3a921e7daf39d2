"""rules/campaign_1812/ai: the level-1 commander plays through the rules from its view and the events
told to its side alone (STACKING: hidden stacks; COMBAT: secret battle plans)."""
from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from bot.computer.seat import NoComputer, commander_for
from rules.campaign_1812 import supply
from rules.campaign_1812.ai.board import read
from rules.campaign_1812.combat import next_step
from rules.campaign_1812.game import Game, enemy_of
from rules.campaign_1812.swaptest import pairs, swapped
from rules.core.ai import addressed_to, decision_rng, duel
from rules.core.errors import RulesError
from tests.rules.campaign_1812.c1812_helpers import c1812, position


def _plan(state: dict, side: str, seen: list[dict]) -> list[tuple[str, str]]:
    plan = c1812.commander().plan(c1812.view(state, side), tuple(seen), decision_rng(7, 0))
    return [(d.command, d.reason) for d in plan]


def _positions(seed: int, commands: int, every: int, scenario: str = "campaign", options: Sequence[str] = ()):
    """Positions of a random game (every `every` commands, and each battle) with the events told to
    each side so far."""
    state, rng = c1812.setup(scenario, seed, list(options)), random.Random(seed)
    seen: dict[str, list[dict]] = {"french": [], "russian": []}
    for n in range(commands):
        if not c1812.active_sides(state):
            return
        if n % every == 0 or (state["battle"] and n % 3 == 0) or state["phase"] == "attrition":
            yield state, seen
        side = rng.choice(c1812.active_sides(state))
        state, events = c1812.apply(state, side, c1812.sample_command(state, side, rng))
        for each in seen:
            seen[each] = seen[each] + [e for e in events if addressed_to(e, each)]


def test_a_plan_does_not_change_when_two_hidden_enemy_stacks_are_swapped_or_the_dice_seed_changes():
    """The swap test's swap: what the enemy's stacks hold never reaches the commander, in any step
    of a random game, for either side (its reasons included)."""
    swaps, steps = 0, set()
    for state, seen in _positions(3, 700, 7):
        for side in c1812.active_sides(state):
            plan = _plan(state, side, seen[side])
            assert plan and all(reason for _, reason in plan)
            reseeded = {**state, "dice": {**state["dice"], "seed": state["dice"]["seed"] + 99}}
            assert _plan(reseeded, side, seen[side]) == plan
            for a, b in pairs(state, side, random.Random(len(seen[side])), 2):
                assert _plan(swapped(state, enemy_of(side), a, b), side, seen[side]) == plan
                swaps += 1
            steps.add((state["phase"], side))
    assert swaps > 40 and {("movement", "french"), ("movement", "russian"), ("combat", "french"),
                           ("combat", "russian"), ("march", "french"), ("attrition", "russian")} <= steps


def _refused(state: dict, side: str, seen: list[dict], ai_seed: int) -> str | None:
    """The level-1 plan for `side` sent as its seat sends it (bot/computer/seat.py): each command in
    turn while the side acts; the first the rules refuse, said with its plan, or None."""
    plan = c1812.commander().plan(c1812.view(state, side), tuple(seen), decision_rng(ai_seed, 0))
    for decision in plan:
        if side not in c1812.active_sides(state):
            return None
        try:
            state, _ = c1812.apply(state, side, c1812.parse(side, decision.command))
        except RulesError as error:
            return f"{side} planned {[d.command for d in plan]}: {decision.command!r} refused: {error}"
    return None


def _plans_refused(scenario: str, options: Sequence[str], seeds: range, commands: int) -> tuple[int, list[str]]:
    """Every position of random games (both sides at random, so a plan meets stacks moved, marched
    or reinforced in part by a person before the computer took the seat), for each side that acts:
    how many plans were sent, and those refused."""
    plans, refused = 0, []
    for seed in seeds:
        for n, (state, seen) in enumerate(_positions(seed, commands, 1, scenario, options)):
            for side in c1812.active_sides(state):
                plans += 1
                if (why := _refused(state, side, seen[side], seed + n)) is not None:
                    refused.append(f"{scenario} {options} seed {seed} command {n} ({state['phase']}): {why}")
    return plans, refused


EVERY_OPTION = sorted(c1812.INFO.options)


@pytest.mark.parametrize("options", [[], EVERY_OPTION], ids=["first readings", "every option"])
@pytest.mark.parametrize("scenario", ["campaign", "borodino", "retreat"])
def test_every_command_a_plan_sends_is_accepted_in_random_positions(scenario, options):
    """A refused command stops the computer's seat and its game waits for a person: whatever the position
    it takes the seat in, each level-1 plan, made from its side's view, is accepted command by command
    (MOVEMENT: only the units free to move this Player-Turn; corps_move_once: corps that came in stay marked)."""
    plans, refused = _plans_refused(scenario, options, range(1), 100)
    assert plans > 100 and refused == []


@pytest.mark.long
@pytest.mark.parametrize("options", [[], EVERY_OPTION], ids=["first readings", "every option"])
@pytest.mark.parametrize("scenario", ["campaign", "borodino", "retreat"])
def test_every_command_a_plan_sends_is_accepted_in_whole_random_games(scenario, options):
    """As above, in every position of two whole random games."""
    plans, refused = _plans_refused(scenario, options, range(1, 3), 3000)
    assert plans > 200 and refused == []


@pytest.mark.parametrize("options", [[], ["corps_move_once"]], ids=["first reading", "corps_move_once"])
def test_a_stack_that_corps_came_into_moves_on_only_the_corps_free_to_move(options):
    """MOVEMENT: "Each corps can move one area, or sub-area per Player-Turn". Kovno (11) holds 5 infantry
    corps, 4 of which came in this Player-Turn; Vilna (12), next door and worth 2 points, stands empty. The
    plan moves on the one corps the rules let move, read from the view (`free_to_move`), and every command
    is accepted: a plan for the 5 was refused ('Kovno (11) holds 1 infantry corps free to move this
    Player-Turn, not 5 infantry corps'), and one that moved none left the corps idle."""
    state = position({11: {"inf": 5}}, {4: {"inf": 1}}, options=options, moved={"11": {"inf": 4, "cav": 0,
                                                                                      "supply": 0, "depot": 0}})
    assert [u["free_to_move"] for u in c1812.view(state, "french")["units"] if u["side"] == "french"] == \
        [{"inf": 1, "cav": 0, "supply": 0, "depot": 0}]
    plan = [command for command, _ in _plan(state, "french", [])]
    assert plan == ["move 11 12 1 inf", "end"]
    assert _refused(state, "french", [], 7) is None


@pytest.mark.parametrize("scenario", ["campaign", "borodino", "retreat"])
def test_whole_games_are_played_through_the_rules_from_either_side(scenario):
    """Every command the commander plans is accepted (duel raises RefusedPlan otherwise), each with
    a reason, to the end of the game."""
    for side in ("french", "russian"):
        game = duel(c1812, scenario, 11, {side: c1812.commander()}, ai_seed=11)
        assert game.outcome is not None
        assert all(reason for who, _, reason in game.commands if who == side)


@pytest.mark.long
def test_it_beats_random_play_from_either_side():
    """SPI's 1812 overview, VICTORY CONDITIONS: the French need 22 points at the end; random play
    never gets them, and the commander does in most games (`kolocha bench --ai` measures it). Twelve
    whole games, in the long step: the suite plays the commander's whole games from either side
    (above), every command accepted."""
    french = [duel(c1812, "campaign", seed, {"french": c1812.commander()}, ai_seed=seed).outcome
              for seed in range(8)]
    russian = [duel(c1812, "campaign", seed, {"russian": c1812.commander()}, ai_seed=seed).outcome
               for seed in range(4)]
    assert sum(o["winner"] == "french" for o in french) >= 7
    assert all(o["winner"] == "russian" for o in russian)


def test_a_game_replays_bit_for_bit_from_its_seeds():
    games = [duel(c1812, "borodino", 5, {"french": c1812.commander()}, ai_seed=ai_seed, max_commands=120)
             for ai_seed in (3, 3)]
    assert games[0].commands == games[1].commands and games[0].state == games[1].state


def test_only_level_1_is_built_and_the_seat_says_so():
    assert commander_for(c1812, 1)
    with pytest.raises(NoComputer, match="^1812 has a computer opponent of level 1; level 2 is not built"):
        commander_for(c1812, 2)


def test_a_lone_corps_takes_the_fort_next_door_that_no_enemy_stands_in():
    """VICTORY CONDITIONS: French infantry alone in a fort takes it; Vilna (12) is next to Kovno."""
    state = position({11: {"inf": 2}}, {4: {"inf": 1}})
    moves = [c for c, _ in _plan(state, "french", []) if c.startswith("move")]
    assert any(c.startswith("move 11 12") for c in moves), moves


def test_no_forced_march_while_the_index_is_met():
    """MOVEMENT: a forced march may eliminate the corps; it is risked only while points are short."""
    state = position({11: {"inf": 3}}, {4: {"inf": 1}}, phase="march", held=(11, 12, 13, 14, 20, 6))
    assert _plan(state, "french", []) == [("end", "no other forced march is worth its risk")]


def test_cavalry_is_sent_off_as_a_stack_of_its_own():
    """STACKING: the enemy cannot tell a stack of cavalry from one of infantry; ATTRITION takes an
    infantry corps first, so cavalry apart spares the infantry that takes the victory places."""
    state = position({11: {"inf": 4, "cav": 2, "supply": 1, "depot": 1}}, {4: {"inf": 1}})
    moves = [c.split()[2:] for c, _ in _plan(state, "french", []) if c.startswith("move 11")]
    cavalry = [to for to, *counts in moves if "cav" in counts]
    assert all(counts == ["1", "cav"] for _, *counts in moves if "cav" in counts), moves
    assert len(cavalry) == len(set(cavalry)) and not set(cavalry) & {to for to, *counts in moves if "inf" in counts}


def test_a_depot_is_made_where_a_supply_unit_stands_apart():
    """SUPPLY: 'The French Player may create a mobile Depot Unit by voluntarily 100% depleting an
    unoccupied area with a supply unit.'"""
    state = position({11: {"inf": 2, "supply": 1}, 6: {"supply": 1}}, {4: {"inf": 1}}, phase="supply")
    plan = _plan(state, "french", [])
    assert [c for c, _ in plan] == ["depot 6", "end"]


def test_the_battle_plan_is_one_the_chart_offers_and_stays_down():
    """COMBAT: each side puts down a chit in secret; the commander's stays down until both are."""
    state = position({12: {"inf": 5}}, {12: {"inf": 1}}, phase="combat")
    next_step(Game(state))
    (command, reason), = _plan(state, "french", [])
    assert command in {"plan outflank", "plan assault", "plan reconnaissance", "plan contact"} and "attacker" in reason
    state, _ = c1812.apply(state, "french", c1812.parse("french", command))
    assert _plan(state, "french", [])[0][0] == command


@pytest.mark.parametrize("options", [[], ["chart_fragments", "depot_supply"]])
def test_the_commander_reads_the_games_readings_from_its_view(options):
    """The options a game was set up with are in every view; the commander's board supplies and charts as that
    game's rules do (rules/campaign_1812/readings.py)."""
    state = position({30: {"inf": 1}}, {15: {"inf": 3}, 17: {"depot": 1}, 161: {"inf": 1}}, player="russian",
                     depleted={"15": 100, "16": 100}, options=options)
    board = read(c1812.view(state, "russian"), [])
    for place in (15, 161):
        assert board.supplied(place, False) == supply.supplied(Game(state), "russian", place), place
    assert board.chart() == Game(state).chart()
