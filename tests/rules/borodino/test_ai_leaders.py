"""Level 1 moves its Doomed Victory leaders (rules/borodino/ai/leaders.py; option `dv_leaders`):
corps leaders to their units in contact and to broken ones (8.151, 8.152) out of the enemy's reach
where they can (8.14), army commanders to bring corps leaders within range (8.10, 8.122)."""
from __future__ import annotations

import random

import pytest

from rules import borodino
from rules.borodino import dv_leaders
from rules.borodino.ai import leaders
from rules.borodino.ai.level1 import Level1
from rules.borodino.battlemap import load as load_map
from rules.core.ai import duel
from rules.core.hexes import distance, neighbours
from tests.rules.borodino.dv_helpers import BOTH, G, dv_position
from tests.rules.borodino.helpers import battle, go

FRONT, BEHIND, FAR = G, go(G, 3), go(G, 3, 3, 3)  # the French stand north of FRONT


def _where(state: dict, lid: str) -> str | None:
    return dv_leaders.leader_hex(battle(state), lid)


def test_8_151_a_corps_leader_goes_next_to_his_units_in_contact_but_not_into_the_line():
    """8.151: a unit "stacked with its Leader (or in a hex adjacent to him)" may be rallied; 8.14: a
    leader stacked with a unit that receives a result rolls for his life. Doctorov, with another
    corps' unit far back, joins his 24th Division behind the 7th, which faces the French."""
    s = dv_position({"F-I-2": go(G, 0), "R-VI-7": FRONT, "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", leaders={"L-DOKHTUROV": "R-VII-26"})
    after, plan = leaders.moves(s, "russian")
    assert [d.command for d in plan] == [f"move doctorov {BEHIND}"] and _where(after, "L-DOKHTUROV") == BEHIND
    assert "8.151" in plan[0].reason


def test_8_151_a_leader_already_beside_his_units_in_contact_stays():
    """The control: standing there already, he has nothing better to go to."""
    s = dv_position({"F-I-2": go(G, 0), "R-VI-7": FRONT, "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", leaders={"L-DOKHTUROV": "R-VI-24"})
    assert leaders.moves(s, "russian")[1] == []


def test_8_152_in_the_rally_phase_a_leader_goes_to_a_broken_unit_and_level_1_ends_after():
    """8.152: "Each active Leader has the option to move during the Rally Phase ... each Leader rolls
    a die for each subordinate broken unit with which he is stacked or adjacent to"."""
    s = dv_position({"F-I-2": go(G, 0, 0, 0, 0), "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", phase="rally", leaders={"L-DOKHTUROV": "R-VII-26"})
    s["broken"] = ["R-VI-24"]
    plan = Level1().plan(borodino.view(s, "russian"), None, random.Random(1))
    assert [d.command for d in plan] == [f"move doctorov {BEHIND}", "end"]
    assert plan[-1].reason == "the leaders have moved (Doomed Victory 8.152)"
    for decision in plan:
        s, _ = borodino.apply(s, "russian", borodino.parse("russian", decision.command))
    assert s["phase"] != "rally"


def test_8_152_a_rally_phase_ended_with_no_leader_moved_says_so():
    """Level 1 ends a Rally Phase in which no leader of its needs to move saying that, and the game
    tells the players the leaders stay where they are; both said 'the leaders have moved'."""
    s = dv_position({"F-I-2": go(G, 0, 0, 0, 0), "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", phase="rally", leaders={"L-DOKHTUROV": "R-VI-24"})
    s["broken"] = ["R-VI-24"]
    [end] = Level1().plan(borodino.view(s, "russian"), None, random.Random(1))
    assert (end.command, end.reason) == ("end", "no leader need move to rally a broken unit (Doomed Victory 8.152)")
    _, events = borodino.apply(s, "russian", borodino.parse("russian", "end"))
    assert events[0]["text"] == "The Russian leaders stay where they are (Doomed Victory 8.152)."


def test_8_152_an_inactive_leader_does_not_move_in_the_rally_phase():
    s = dv_position({"F-I-2": go(G, 0, 0, 0, 0), "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", phase="rally", leaders={"L-DOKHTUROV": "R-VII-26"})
    s["broken"] = ["R-VI-24"]
    s["leaders"]["L-DOKHTUROV"]["active"] = False
    assert leaders.moves(s, "russian")[1] == []


def test_8_10_an_army_commander_moves_to_bring_a_corps_leader_within_his_range():
    """8.10: a Russian Corps Leader "is automatically active if within range of an Army Commander who
    is himself active"; Barclay (range 10) steps to a unit 10 hexes from Doctorov."""
    m = load_map()
    clear = {h for h in m.hexes if m.terrain(h) == "clear"}
    near, far = next((a, b) for a in sorted(clear) if distance(a, FRONT) == 10
                     for b in sorted(neighbours(a)) if b in clear and distance(b, FRONT) == 11)
    s = dv_position({"F-I-2": go(G, 0), "R-VI-7": FRONT, "R-IV-22": near, "R-VII-26": far},
                    player="russian", leaders={"L-DOKHTUROV": "R-VI-7", "L-BARCLAY": "R-VII-26"})
    after, plan = leaders.moves(s, "russian")
    assert f"move barclay {near}" in [d.command for d in plan] and _where(after, "L-BARCLAY") == near
    why = next(d.reason for d in plan if d.command == f"move barclay {near}")  # 8.112 is Murat's cavalry
    assert why == "brings 1 corps leader within his range, active without a die (Doomed Victory 8.10, 8.12)"


def test_8_151_a_corps_leader_with_no_unit_in_contact_is_said_to_join_those_nearest_the_enemy():
    """Failing units that fight or are broken, a leader joins his own units nearest the enemy; the
    reason says so rather than speak of units that fight."""
    s = dv_position({"F-I-2": go(G, 0, 0, 0, 0), "R-VI-24": BEHIND, "R-VII-26": FAR},
                    player="russian", leaders={"L-DOKHTUROV": "R-VII-26"})
    after, plan = leaders.moves(s, "russian")
    assert [d.command for d in plan] == [f"move doctorov {BEHIND}"]
    assert plan[0].reason.startswith("joins his own units nearest the enemy")


def test_without_the_leader_option_level_1_plans_no_leader_move():
    s = dv_position({"F-I-2": go(G, 0), "R-VI-7": FRONT, "R-VI-24": BEHIND}, options=["dv_rally"], player="russian")
    assert leaders.moves(s, "russian") == (s, [])


@pytest.mark.long
def test_two_commanders_play_shevardino_with_both_doomed_victory_options_without_a_refused_command():
    game = duel("borodino", "shevardino", seed=2, options=list(BOTH),
                seats={"french": borodino.commander(), "russian": borodino.commander()})
    moved = [text for _, text, _ in game.commands if text.startswith("move ") and text.split()[1].isalpha()]
    assert game.outcome is not None and moved
