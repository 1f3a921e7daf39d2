"""Point 3, and Setup: Fog of War: "blocks are placed upright with the stickers facing the
owning player so that the enemy player cannot see them".

THE property: over hundreds of seeded random games, after every command, no public output
(view(state, None), events to "all") and no output addressed to one side (view(state, side),
events to that side) contains the id, label, type or strength of a block the rules keep hidden
from that audience. The ground truth is the state: a block is hidden from an audience when it is
an enemy block (for the public: any block) in a pool, or on the map and not revealed, before and
after the command (a showdown in between shows it: 5.3.3).
"""
from __future__ import annotations

import json
import random
import re

import pytest

from rules import load
from rules.bloody_monday import combat, views
from rules.bloody_monday.game import Game
from rules.core.events import event
from rules.bloody_monday.swaptest import (
    differences,
    swap_test,
    swapped,
    weighted_choice,
)
from tests.rules.bloody_monday.bm_helpers import battle, do, game, guns_on_42, position, refused, two_battles

bm = load("bloody_monday")
ID = re.compile(r"\b[FR]-[A-Za-z0-9-]+")
AUDIENCES = (None, "french", "russian")
HIDDEN_KEYS = {"side", "area", "revealed"}


def hidden(state: dict) -> dict[str | None, set[str]]:
    """For each audience, the blocks it may not see: enemy (public: all) blocks unrevealed or pooled."""
    g = Game(state)
    secret = {bid for bid, b in state["blocks"].items()
              if b["where"] == "pool" or (b["where"] == "map" and not g.revealed(bid))}
    return {a: {bid for bid in secret if g.side(bid) != a} for a in AUDIENCES}


def shown_areas(before: dict, after: dict) -> set[int]:
    """Areas whose battle reached or passed its showdown during the command (5.3.3)."""
    areas = {bt["area"] for bt in (before["battle"], after["battle"]) if bt}
    old, new = before["log"]["battles"], after["log"]["battles"]
    fresh = new[len(old):] if new[:len(old)] == old else new
    return areas | {b["area"] for b in fresh}


def kept_hidden(before: dict, after: dict, was: dict, now: dict) -> dict[str | None, set[str]]:
    seen = shown_areas(before, after)
    return {a: {bid for bid in was[a] & now[a] if before["blocks"][bid]["area"] not in seen} for a in AUDIENCES}


def assert_view_hides(view: dict, secret: set[str], audience: str | None) -> None:
    hidden = [u for u in view["units"] if "id" not in u]
    named = {u["id"] for u in view["units"] if "id" in u}
    assert all(set(u) == HIDDEN_KEYS and u["revealed"] is False for u in hidden), hidden
    assert audience not in {u["side"] for u in hidden}, "a side sees its own blocks in full"
    assert not named & secret, f"{audience} view shows hidden {named & secret}"
    assert ("my_pool" in view) == (audience is not None)
    leaked = set(ID.findall(json.dumps(view))) & secret
    assert not leaked, f"{audience} view names hidden blocks {leaked}"


def assert_events_hide(events: list[dict], secrets: dict) -> None:
    for e in events:
        if e["to"] == "log":
            continue
        audience = None if e["to"] == "all" else e["to"]
        leaked = set(ID.findall(json.dumps(e))) & secrets[audience]
        assert not leaked, f"event to {e['to']} names hidden blocks {leaked}: {e['text']}"


def play_and_check(seed: int, options: list[str], max_commands: int) -> set[str]:
    """Play one game, checking every output; returns the kinds of events seen."""
    rng = random.Random(seed)
    state = bm.setup("bloody_monday", seed, options)
    was = hidden(state)
    for audience in AUDIENCES:
        assert_view_hides(bm.view(state, audience), was[audience], audience)
    played, kinds = 0, set()
    while state["phase"] != "over" and played < max_commands:
        side = bm.active_sides(state)[0]
        cmd = weighted_choice(rng, bm.legal_commands(state, side))
        after, events = bm.apply(state, side, bm.parse(side, cmd.to_text()))
        now = hidden(after)
        assert_events_hide(events, kept_hidden(state, after, was, now))
        kinds |= {e["kind"] for e in events}
        for audience in AUDIENCES:
            assert_view_hides(bm.view(after, audience), now[audience], audience)
        state, was, played = after, now, played + 1
    return kinds


@pytest.mark.long
@pytest.mark.parametrize("chunk", range(8))
def test_no_output_reveals_a_hidden_block(chunk):
    """Eight chunks of 25 seeded games (200 in all, their first 40 commands: the opening clashes),
    half with every option in play, in the long step (the suite's swap tests walk single positions);
    the chunk must have seen moves, artillery, showdowns and losses."""
    kinds: set[str] = set()
    for seed in range(chunk * 25, chunk * 25 + 25):
        options = list(bm.INFO.options) if seed % 2 else []
        kinds |= play_and_check(seed, options, max_commands=40)
    assert {"move", "showdown", "roll", "eliminated", "activate"} <= kinds


@pytest.mark.long
def test_no_output_reveals_a_hidden_block_in_whole_games():
    """Six whole games (to Turn 4 or a sudden death): logistics, reinforcements and restoring too."""
    for seed in range(1000, 1006):
        kinds = play_and_check(seed, list(bm.INFO.options) if seed % 2 else [], max_commands=400)
        assert "phase" in kinds


def test_the_chooser_alone_hears_which_units_may_take_a_hit():
    """5.3.6: the engine asks the owner privately; others only learn a choice is due."""
    for seed in range(40):
        rng = random.Random(seed)
        state = bm.setup("bloody_monday", seed)
        for _ in range(300):
            if state["phase"] == "over":
                break
            bt = state["battle"]
            if bt and bt["choice"]:
                who = bt["choice"]["side"]
                other = "russian" if who == "french" else "french"
                assert "hit" in bm.view(state, who)["prompt"]
                for audience in (None, other):
                    assert not set(ID.findall(bm.view(state, audience)["prompt"]))
                return
            side = bm.active_sides(state)[0]
            cmd = weighted_choice(rng, bm.legal_commands(state, side))
            state, _ = bm.apply(state, side, cmd)
    pytest.fail("no random game reached a choice of hits")


def test_a_view_is_the_same_whatever_the_hidden_blocks_are():
    """OpenSpiel's per-player observation: "two states that differ only in what that player cannot see
    give that player the same view" - exchange two hidden Russian blocks (on the map or in the pool)."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = bm.setup("bloody_monday", seed)
        for _ in range(rng.randrange(5, 60)):
            if state["phase"] == "over":
                break
            side = bm.active_sides(state)[0]
            state, _ = bm.apply(state, side, weighted_choice(rng, bm.legal_commands(state, side)))
        secret = sorted(b for b in hidden(state)["french"] if not state["blocks"][b]["activated"])
        a, b = rng.sample(secret, 2)
        other = swapped(state, a, b)
        if set(hidden(other)["french"]) != set(secret) or other["battle"]:
            continue
        for audience in (None, "french"):
            assert bm.view(other, audience) == bm.view(state, audience), (seed, a, b)
        checked += 1
    assert checked >= 8


def test_undo_never_crosses_a_die_or_a_reveal():
    """DESIGN / Rally the Troops: "Undo is cleared when dice are rolled or hidden information is
    revealed": such commands' events are irreversible; a hidden move is not."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-2": 16, "R-1-2J": 42})
    state, events = do(state, "french", "tactical")
    assert not any(e["irreversible"] for e in events)
    state, events = do(state, "french", "activate F-I-D")
    assert all(e["irreversible"] for e in events)
    state, events = do(state, "french", "move F-I-2 30")
    assert not any(e["irreversible"] for e in events)
    state, events = do(state, "french", "move F-I-1 42", "battle 42")
    assert all(e["irreversible"] for e in events)


SWAP_GAMES = [("bloody_monday", [], 21), ("bloody_monday", list(bm.INFO.options), 22),
              ("bloody_monday", ["russian_jager", "grande_batterie", "shields", "command_limit"], 23),
              ("last_blood", None, 24)]


@pytest.mark.parametrize("scenario, options, seed", SWAP_GAMES)
def test_swap_test_a_viewer_tells_no_two_hidden_blocks_apart(scenario, options, seed):
    """The swap test: exchange two blocks a viewer has not seen and everything the
    viewer observes stays the same - view, prompt, to_move, who acts, legal commands, and the reply
    to what he types (probes naming the enemy blocks included). A short random game per scenario
    and option set; `rules.bloody_monday.swaptest.swap_test` runs long ones for `kolocha fuzz`."""
    assert swap_test(seed, seed, scenario, options, max_commands=70, every=10, swaps=1, legal=4, named=10) == []


def kutuzov_next_to_a_battle() -> dict:
    """A retreat beside a hidden commander (6.4): the French attack 44; the red area 52 beside it
    holds one hidden Russian block, Kutuzov (an infantry, R-1-4, stands in Gorki); every other
    neighbour is French-held."""
    held = {n: "french" for n in (42, 45, 51, 54, 55)}
    state = position({"F-I-1": 44, "R-1-3": 44, "R-KUT": 52, "R-1-4": 69}, control=held, initiative="russian")
    battle(game(state), 44, stage="artillery")
    return state


def test_swap_test_sees_a_retreat_reckoned_from_hidden_blocks(monkeypatch):
    """The swap test catches a leak: with the retreat areas reckoned from hidden facts (uncontested
    areas with room, a supreme commander taking none), swapping Kutuzov with the infantry in Gorki
    changes what the French player sees once he ends his artillery fire; as the rules stand, nothing."""
    from rules.bloody_monday import retreat

    state = kutuzov_next_to_a_battle()
    other = swapped(state, "R-KUT", "R-1-4")
    assert differences(state, other, "french", ["end"]) == []

    def from_hidden_room(g):
        bt = g.s["battle"]
        side = bt["defender"]
        return sorted(n for n in g.areas[bt["area"]].neighbours if g.friendly(side, n) and g.room(side, n) > 0)

    monkeypatch.setattr(retreat, "retreat_areas", from_hidden_room)
    assert any("`end` then view differs" in d for d in differences(state, other, "french", ["end"]))


def test_swap_test_refusals_naming_where_to_go_instead_tell_no_two_hidden_blocks_apart():
    """The refusals that name what is legal instead (2.1: the areas a unit can reach; 5.3: the areas
    awaiting battle) read only where enemy units stand, never which: swapping two hidden Russian
    blocks changes neither sentence. Control: the probes are refused with those very sentences."""
    state = position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42, "R-G-1LG": 17})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    probes = ["move F-I-1 1", "move F-I-1 99", "battle 16", "battle 42"]
    assert differences(state, swapped(state, "R-1-2J", "R-G-1LG"), "french", probes) == []
    assert "areas it can reach" in refused(state, "french", probes[0], "2.1")
    assert "not a contested area awaiting battle" in refused(state, "french", probes[2], "5.3")


def test_swap_test_sees_a_standing_order_that_reads_hidden_blocks(monkeypatch):
    """A standing order plays what its player could have typed, from what they know: the swap test
    compares what each of the viewer's orders would play. The Russian defender of 44 may retreat
    (6.4) into 42 or 52; two hidden French blocks stand behind the French lines. As the rules stand
    their swap changes no order's command; an order planted to read where one of them stands is seen."""
    from rules.bloody_monday import standing
    from rules.bloody_monday.commands import Retreat

    state = position({"F-I-1": 44, "R-1-3": 44, "F-I-4": 45, "F-I-5": 51}, initiative="russian",
                     control={n: "french" for n in (45, 51, 54, 55)} | {42: "russian", 52: "russian"})
    battle(game(state), 44, stage="retreat")
    other = swapped(state, "F-I-4", "F-I-5")
    assert bm.standing_command(state, "russian", {"retreat": "own_lines"}) == Retreat((52, 42))
    assert differences(state, other, "russian") == []

    def behind_the_french(g, side):  # away from wherever F-I-4 stands, hidden or not
        return Retreat((42, 52) if g.area("F-I-4") == 45 else (52, 42))

    monkeypatch.setattr(standing, "_retreat", behind_the_french)
    assert any(d.startswith("standing orders differs") for d in differences(state, other, "russian"))


def test_swap_test_sees_a_choice_answered_at_once_from_hidden_blocks(monkeypatch):
    """Whether a choice is answered at once (forced_answer: the service plays it without asking its
    chooser) is seen by everyone, the game going on or waiting: the swap test compares it. Beside the
    battle in 44, swapping Kutuzov with the infantry in Gorki changes nothing as the rules stand; a
    forced answer planted to read where Kutuzov stands is seen, by the French player and the public."""
    state = kutuzov_next_to_a_battle()
    other = swapped(state, "R-KUT", "R-1-4")
    assert all(differences(state, other, viewer) == [] for viewer in (None, "french"))
    monkeypatch.setattr(bm, "forced_answer", lambda s: (None, "Kutuzov stands in 52")
                        if s["blocks"]["R-KUT"]["area"] == 52 else None)
    assert all(any(d.startswith("answered at once differs") for d in differences(state, other, viewer))
               for viewer in (None, "french"))


def test_hits_that_end_alike_after_the_showdown_are_answered_at_once_whatever_the_hidden_blocks(monkeypatch):
    """5.3.6: after the showdown, 8 hits on the two Russian blocks of strength 1 in 46 eliminate both
    whichever takes the first, and are answered at once, in public: the blocks stand face up, so
    swapping Kutuzov (52) with the infantry in Gorki (69), both unseen, changes nothing anyone
    observes; a forced answer planted to read where Kutuzov stands is seen."""
    state = position({"F-I-1": 46, "R-1-3": (46, 1), "R-1-17": (46, 1), "R-KUT": 52, "R-1-4": 69})
    g = game(state)
    battle(g, 46, shown=True, volleys=[])["due"]["russian"] = 8
    combat.apply_hits(g)
    assert bm.forced_answer(g.s)[1] == "every way to apply these hits ends alike"
    other = swapped(g.s, "R-KUT", "R-1-4")
    assert all(differences(g.s, other, viewer) == [] for viewer in (None, "french"))
    forced = bm.forced_answer
    monkeypatch.setattr(bm, "forced_answer", lambda s: forced(s) if s["blocks"]["R-KUT"]["area"] == 52 else None)
    assert all(any(d.startswith("answered at once differs") for d in differences(g.s, other, viewer))
               for viewer in (None, "french"))


def test_swap_test_the_points_of_a_tactical_action_tell_no_two_hidden_blocks_apart(monkeypatch):
    """The Tactical Action tells its player the segment in a short sentence and what it allows as points, a line
    each: the leaders he may activate and how many (5.1), then the moves, the guns' activation (5.2, 5.2.1). The
    French reads them alike whichever of two hidden Russian blocks stands where, before and after activating
    Davout. A leak planted in a point (the area of the Russian jäger) is seen."""
    state = position({"F-I-D": 16, "F-I-1": 16, "R-1-2J": 42, "R-G-1LG": 17})
    state, _ = do(state, "french", "tactical")
    other = swapped(state, "R-1-2J", "R-G-1LG")
    asked = [views.prompt(game(each), "french") for each in (state, do(state, "french", "activate F-I-D")[0])]
    assert all(said is not None and said.count("\n- ") >= 3 for said in asked), asked  # the detail as points
    assert differences(state, other, "french", ["activate F-I-D"]) == []
    leaky = views.tactical_points
    monkeypatch.setattr(views, "tactical_points",
                        lambda g, imp: f"{leaky(g, imp)}\n- {g.s['blocks']['R-1-2J']['area']}")
    assert any("view differs" in d for d in differences(state, other, "french", ["activate F-I-D"]))


def test_swap_test_a_battle_s_hits_applied_by_their_order_tell_no_two_hidden_blocks_apart(monkeypatch):
    """5.3.6: the Russian's order for every hit of the battle in 42 (`hit order`) applies the hits of the next
    French guns and of the showdown as they come, none asked: the French player reads their count and that an
    order applied them, the same whichever Russian infantry, unseen, stands in 42 and which in 52, the order
    naming one of them; and the Russian reads the same of his order whichever French blocks, unseen, stand in
    45 and 54. A leak planted in the count (the area of R-1-4) is seen."""
    state = guns_on_42(**{"R-1-17": 52, "F-I-5": 45, "F-I-4": 54, "F-NAP": (21, 4), "F-III-A": 16})
    state["blocks"]["F-III-A"]["activated"] = True  # a third gun: the battle waits for the French after the second
    ordered, _ = do(state, "russian", "hit order R-1-4")
    other = swapped(ordered, "R-1-4", "R-1-17")
    assert differences(ordered, other, "french", ["fire F-I-A2 42", "end"]) == []
    assert differences(state, swapped(state, "F-I-4", "F-I-5"), "russian",
                       ["hit order R-1-4", "hit order R-1-11"]) == []
    applied = combat.apply_hits

    def planted(g, given=None):  # the hits an order applied told with where R-1-4 stands
        told = applied(g, given)
        return told + [event(f"{g.s['blocks']['R-1-4']['area']}", kind="hits")] if g.s["battle"].get("order") else told
    monkeypatch.setattr(combat, "apply_hits", planted)
    assert any(d.startswith("`fire F-I-A2 42`") for d in differences(ordered, other, "french", ["fire F-I-A2 42"]))


def test_swap_test_a_stand_kept_for_the_impulse_tells_no_two_hidden_blocks_apart(monkeypatch):
    """6.4: the Russian's stand for every battle of the French impulse (`stand all`, given in 44) stands in 54
    as its battle comes to his retreat, none asked: the French player reads that he stands by the order given,
    the same whichever Russian infantry, unseen, stands in 45 and which in 33, both beside 54; and the Russian
    reads the same of his order whichever French blocks, unseen, stand in 16 and 28. A leak planted in the
    stand the order makes (the area of R-1-17) is seen."""
    state = two_battles(**{"R-1-17": 45, "R-1-11": 33, "F-I-4": 16, "F-I-5": 28})
    ordered, _ = do(state, "russian", "stand all")
    other = swapped(ordered, "R-1-17", "R-1-11")
    assert differences(ordered, other, "french", ["battle 54"]) == []
    assert differences(state, swapped(state, "F-I-4", "F-I-5"), "russian", ["stand all"]) == []
    stood = combat.stood

    def planted(g, side, how=""):  # the stand the order makes told with where R-1-17 stands
        told = stood(g, side, how)
        return {**told, "text": f"{told['text']} {g.s['blocks']['R-1-17']['area']}"} if how else told
    monkeypatch.setattr(combat, "stood", planted)
    assert any(d.startswith("`battle 54`") for d in differences(ordered, other, "french", ["battle 54"]))
