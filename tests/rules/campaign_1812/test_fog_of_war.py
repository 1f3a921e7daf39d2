"""STACKING (SPI's 1812 overview): 'The opposing Player may not learn the composition of the stack unless he is willing
to do battle'; battle plans face down until both are shown. The swap test proves it over random games."""
import random

import pytest

from rules.campaign_1812 import leaders, swaptest, turns, views
from rules.campaign_1812.game import Game
from rules.campaign_1812.swaptest import swap_test, swapped
from tests.rules.campaign_1812.c1812_helpers import c1812, do, position, rig, texts


def test_the_other_side_sees_a_marker_and_the_owner_the_whole_stack():
    state = position({12: {"inf": 3, "cav": 1, "supply": 1, "depot": 1}}, {1: {"inf": 1}})
    french = [u for u in c1812.view(state, "french")["units"] if u["side"] == "french"]
    assert french == [{"side": "french", "area": 12, "id": "F12", "strength": 4, "inf": 3,
                       "type": "3 inf, 1 cav, 1 supply, 1 depot",
                       "cav": 1, "supply": 1, "depot": 1, "moved": 0, "marched": 0,
                       "free_to_move": {"inf": 3, "cav": 1, "supply": 1, "depot": 1},
                       "free_to_march": {"inf": 3, "cav": 1}}]
    for viewer in ("russian", None):
        assert [u for u in c1812.view(state, viewer)["units"] if u["side"] == "french"] == \
            [{"side": "french", "area": 12, "type": "stack"}]


@pytest.mark.parametrize("scenario,seed", [("campaign", 1), ("borodino", 2), ("retreat", 7)])
def test_swap_test_no_viewer_tells_two_hidden_stacks_apart(scenario, seed):
    """DESIGN, the swap test: exchange the contents of two stacks a viewer cannot see into; everything it
    observes stays the same until the rules disclose them. `kolocha fuzz` runs longer ones."""
    assert swap_test(seed, seed, scenario, max_commands=80, every=10) == []


def test_whether_an_unsupplied_russian_rolls_is_not_told_by_the_french_end():
    """SUPPLY: a Russian corps in a 100% depleted area rolls on the Unsupplied Chart unless a depot next
    door projects; the roll is the Russian's alone. With the depot in Zhitomir (next to Lutsk) or in
    Mogilev (and a supply unit in Zhitomir), the French `end` of the Supply Segment tells the French the
    same, its standing beyond undo included (the swap test's game at seed 7017 caught it)."""
    state = position(None, {29: {"inf": 1}, 28: {"depot": 1}, 18: {"supply": 1}}, turn=3, phase="supply",
                     depleted={"29": 100})
    other = swapped(state, "russian", 18, 28)
    assert swaptest.differences(state, other, "french", (18, 28), ["end"]) == []
    _, events = do(other, "french", "end")
    assert [e["kind"] for e in events if e["to"] == "russian"] == ["unsupplied"]
    assert all(e["irreversible"] for e in events)


@pytest.mark.parametrize("scenario,seed", [("campaign", 3), ("borodino", 4)])
def test_swap_test_with_every_option(scenario, seed):
    """The later readings (depots feeding across areas, told only their owner) and the leaders, hidden in their
    stacks (rules/campaign_1812/readings.py, leaders.py)."""
    assert swap_test(seed, seed, scenario, list(c1812.INFO.options), max_commands=80, every=10) == []


def test_swap_test_sees_a_leak(monkeypatch):
    """Negative control: a view that shows every stack's strength is caught at once."""
    leaky = views._units

    def units(g, viewer):
        return [{**u, "strength": g.corps(u["side"], u["area"])} for u in leaky(g, viewer)]
    monkeypatch.setattr(views, "_units", units)
    assert swap_test(1, 1, "campaign", max_commands=20, every=5)


def test_whether_a_plan_is_chosen_is_not_told_until_both_are_down():
    """COMBAT: chits 'face down'; the other side's view, prompt, to_move, legal commands and the public view
    are the same whether it has chosen nothing or any chit."""
    state = position({15: {"inf": 3}}, {15: {"inf": 2}}, phase="march")
    state, _ = do(state, "french", "end")
    before = {v: swaptest.observed(state, v) for v in ("russian", None)}
    for chit in ("outflank", "assault", "reconnaissance", "contact"):
        chosen, _ = do(state, "french", f"plan {chit}")
        assert {v: swaptest.observed(chosen, v) for v in ("russian", None)} == before


def test_swapped_exchanges_contents_and_keeps_the_markers():
    state = position({12: {"inf": 3}, 14: {"cav": 1}}, {1: {"inf": 1}})
    other = swapped(state, "french", 12, 14)
    assert other["stacks"]["french"]["12"]["cav"] == 1 and other["stacks"]["french"]["14"]["inf"] == 3
    assert [set(p) for p in swaptest.pairs(state, "russian", random.Random(1), 1)] == [{12, 14}]


def test_attrition_tells_the_opponent_nothing_of_how_many_corps_a_side_has_left():
    """STACKING hides a stack's corps; ATTRITION's losses are the roll's, named by the opponent one
    stack at a time. A French side with one corps left and one with three, on the same roll of two
    losses, read alike to the Russian: the roll's two corps, then a loss taken at the stack named
    and a second still to name. The French learn alone what each loss took."""
    seen = []
    for corps in (1, 3):
        state = position({12: {"inf": corps, "supply": 1}}, {1: {"inf": 1}})
        rig(state["dice"], 6)
        events = turns.begin_player_turn(Game(state), "french")  # the French Player-Turn: its attrition roll
        assert state["attrition"] == 2, "the French Attrition Table costs 2 corps on a 6"
        state, taken = do(state, "russian", "attrit 12")
        seen.append((texts(events, "all"), texts(taken, "all"), state["phase"], c1812.view(state, "russian")))
    assert seen[0] == seen[1] and seen[0][2] == "attrition"


def test_swap_test_sees_a_standing_order_that_reads_a_hidden_stack(monkeypatch):
    """A standing order plays what its player could have typed, from what they know: the swap test
    compares what each of the viewer's orders would play. The Russians choose where French attrition
    falls (ATTRITION) among the French markers in Mogilev (15) and Galicia (32); their orders read
    where the markers stand, so exchanging the stacks' contents changes nothing; an order planted to
    pick the largest stack is seen."""
    from rules.campaign_1812 import standing

    state = position({15: {"inf": 2}, 32: {"inf": 1}}, {29: {"inf": 1}}, player="french", phase="attrition",
                     attrition=1)
    other = swapped(state, "french", 15, 32)
    assert swaptest.differences(state, other, "russian", (15, 32)) == []
    monkeypatch.setattr(standing, "_by_distance",
                        lambda g, side, deepest: max(g.stacks("french"), key=lambda p: g.corps("french", p)))
    assert "standing orders differs" in swaptest.differences(state, other, "russian", (15, 32))


def test_swap_test_reads_an_area_depleted_as_the_disclosure_it_is():
    """The Area Depletion Chart reads the corps and supply units in an area, so a Supply Segment's
    depletion discloses something of the stacks there; its one line names every area it depleted.
    Game seed 24: the first Supply Segment depletes Lutsk (29) or Bobruisk (19) 50% as the French
    stacks there are exchanged, a difference the rules make, not a leak."""
    assert swap_test(24, 24, "campaign", max_commands=11, every=5) == []


def test_swapped_takes_the_leader_with_his_stack():
    """Option `leaders`: the leader is hidden in his stack as its corps are, so a swap moves him
    with it, and two stacks alike but for him are a pair to swap."""
    state = position({12: {"inf": 3}, 14: {"inf": 3}}, {1: {"inf": 1}})
    state["leaders"] = {"french": {"name": "Napoleon", "place": 12, "rating": 2, "moved": False}}
    other = swapped(state, "french", 12, 14)
    assert other["leaders"]["french"]["place"] == 14 and state["leaders"]["french"]["place"] == 12
    assert [set(p) for p in swaptest.pairs(state, "russian", random.Random(1), 1)] == [{12, 14}]


def test_swap_test_sees_a_leader_told(monkeypatch):
    """Negative control: a view that names the leader in the other side's stack is caught."""
    leaky = views._units

    def units(g, viewer):
        return [{**u, "leader": x["name"]} if (x := leaders.leader(g, u["side"], u["area"])) else u
                for u in leaky(g, viewer)]
    monkeypatch.setattr(views, "_units", units)
    assert swap_test(1, 1, "campaign", ["leaders"], max_commands=20, every=5)


def test_swap_test_sees_a_choice_answered_at_once_from_a_hidden_stack(monkeypatch):
    """Whether a choice is answered at once (forced_answer: the service plays it without asking its
    chooser) is seen by everyone, the game going on or waiting: the swap test compares it. The
    Russians choose where French attrition falls (ATTRITION) between Mogilev (15) and Galicia (32),
    which the rules leave to them whatever the stacks hold; a forced answer planted to take the
    larger stack when there is one is seen."""
    state = position({15: {"inf": 2}, 32: {"inf": 1}}, {29: {"inf": 1}}, player="french", phase="attrition",
                     attrition=1)
    other = swapped(state, "french", 15, 32)
    assert swaptest.differences(state, other, "russian", (15, 32)) == []
    monkeypatch.setattr(c1812, "forced_answer", lambda s: (None, "the larger stack")
                        if Game(s).corps("french", 15) > 1 else None)
    assert "answered at once differs" in swaptest.differences(state, other, "russian", (15, 32))


def test_swap_test_the_points_of_a_question_tell_no_two_hidden_stacks_apart(monkeypatch):
    """The Battle Plan's question and the attrition's say their detail as points, a line each (COMBAT,
    ATTRITION), with two losses to take the point naming both at once: the French reads each alike
    whichever Russian stacks, unseen, stand in Mogilev (18) and Roslavl (23), beside the battle in Smolensk
    (15), where the French cavalry may withdraw. A leak planted in a point (the corps of the Russian stack in
    Mogilev) is seen."""
    plans, _ = do(position({15: {"inf": 3, "cav": 1}}, {15: {"inf": 2}, 18: {"inf": 1}, 23: {"inf": 3, "cav": 2}},
                           phase="march"), "french", "end")
    attritions = [position({15: {"inf": 2}}, {18: {"inf": 1}, 23: {"inf": 3, "cav": 2}}, player="russian",
                           phase="attrition", attrition=n) for n in (1, 2)]  # two: the point naming both at once

    def told(state: dict) -> list[dict]:
        return [swaptest.observed(each, "french") for each in (state, swapped(state, "russian", 18, 23))]

    for state in (plans, *attritions):
        asked = views.prompt(Game(state), "french")
        assert asked is not None and asked.count("\n- ") >= 2, asked  # its detail as points
        mine, theirs = told(state)
        assert mine == theirs
    assert views.prompt(Game(attritions[1]), "french").endswith("\n- or all 2 at once: `attrit <place> <place>`")
    leaky = views.prompt
    monkeypatch.setattr(views, "prompt", lambda g, viewer: f"{leaky(g, viewer)}\n- {g.corps('russian', 18)}")
    assert all(mine != theirs for mine, theirs in map(told, (plans, *attritions)))


def test_swap_test_a_chit_kept_for_every_battle_tells_no_two_hidden_stacks_apart(monkeypatch):
    """COMBAT: the French chit kept for every battle of the phase (`plan assault all`, given in Minsk, 14) is
    placed in Smolensk (15) as that battle opens, told to the French alone: once the Russian has chosen his
    plan in Minsk, he observes the same whichever of the French stacks in Smolensk and Galicia (32), unseen,
    holds 3 corps and which 1. A kept chit planted to be told to all where the stack holds 3 corps is seen."""
    from rules.campaign_1812 import combat
    from rules.core.events import event

    state = position({14: {"inf": 3}, 15: {"inf": 3}, 32: {"inf": 1}}, {14: {"inf": 2}, 15: {"inf": 2}},
                     phase="march")
    state, _ = do(state, "french", "end", "plan assault all")
    other = swapped(state, "french", 15, 32)

    def told_and_seen() -> tuple[list, list]:  # the opening in 15 is no disclosure of what the stack there holds
        replies = [do(each, "russian", "plan entrench") for each in (state, other)]
        told = [[e["text"] for e in events if e["to"] in ("all", "russian")] for _, events in replies]
        return told, swaptest.differences(replies[0][0], replies[1][0], "russian", (15, 32))
    told, seen = told_and_seen()
    assert told[0] == told[1] and told[0][-1] == "Battle in Smolensk (15): the French player attacks (Combat)."
    assert seen == []
    opened = combat._open

    def planted(g, place):  # the kept chit told to all on a stack of 3 corps
        told = opened(g, place)
        return told + [event("The French chit is down.")] if g.corps("french", place) == 3 else told
    monkeypatch.setattr(combat, "_open", planted)
    told, _ = told_and_seen()
    assert told[0] != told[1]
