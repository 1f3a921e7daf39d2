"""Disclosures the rules themselves make (rules/disclosures.py): the Isolation Check (Bloody Monday
4.1) tells everyone which of the phasing side's units and victory areas have no Line of
Communication to its supreme commander, which depends on where his hidden block stands. The swap
test plays the other side's Actions that make it and compares all else the viewer observes."""
from __future__ import annotations

import random

from rules import bloody_monday as bm
from rules.bloody_monday import swaptest
from rules.bloody_monday.game import Game, enemy_of
from rules.disclosures import DISCLOSURES, of, set_aside


def _isolated(state: dict, side: str) -> list[str]:
    _, events = bm.apply(state, side, bm.parse(side, "pass"))
    return [e["text"] for e in events if e["kind"] == "isolation"]


def _chief_swapped_before_an_action() -> tuple[dict, dict, str]:
    """A random game (seed 3) at the start of a Russian Action, with Kutuzov's hidden block swapped
    with another unseen Russian block on the map so that the Isolation Check finds otherwise."""
    rng = random.Random(3)
    state = bm.setup("bloody_monday", 3, [])
    for _ in range(300):
        side = bm.active_sides(state)[0]
        chief = Game(state).chief("russian")
        if side == "russian" and state["impulse"] is None and state["phase"] == "impulses" \
                and chief in swaptest.candidates(state, "french"):
            for block in swaptest.candidates(state, "french"):
                other = swaptest.swapped(state, chief, block)
                if state["blocks"][block]["where"] == "map" and _isolated(state, side) != _isolated(other, side):
                    return state, other, "french"
        command = bm.rollout_command(state, side, rng)
        assert command is not None
        state, _ = bm.apply(state, side, command)
    raise AssertionError("no such position")


def test_every_disclosure_cites_its_rule_and_where_it_shows():
    assert [d.rule for d in of("bloody_monday")] == ["Bloody Monday 4.1", "Bloody Monday 1.2, 3.3"]
    assert all(d.rule and d.tells and d.event for d in DISCLOSURES)


def test_the_isolation_check_after_a_hidden_chief_moved_is_the_rules_disclosure_and_all_else_is_the_same():
    state, other, viewer = _chief_swapped_before_an_action()
    enemy = enemy_of(viewer)
    (one, heard), (two, heard2) = (bm.apply(s, enemy, bm.parse(enemy, "pass")) for s in (state, other))
    told = [[e["text"] for e in events if e["kind"] == "isolation"] for events in (heard, heard2)]
    assert told[0] != told[1]  # the rule tells the French something of where Kutuzov stands
    assert bm.view(one, viewer) != bm.view(two, viewer)
    assert set_aside("bloody_monday", bm.view(one, viewer), heard) == \
        set_aside("bloody_monday", bm.view(two, viewer), heard2)
    assert swaptest.enemy_steps(state, other, viewer) == []


def test_the_swap_test_plays_the_other_sides_actions_and_sees_a_leak_beside_the_disclosure(monkeypatch):
    """The positive control: a view that names the area of the enemy supreme commander."""
    state, other, viewer = _chief_swapped_before_an_action()
    view = swaptest.view

    def leaky(s: dict, looker: str | None) -> dict:
        return {**view(s, looker), "chief": s["blocks"]["R-KUT"]["area"]}

    monkeypatch.setattr(swaptest, "view", leaky)
    assert any("view differs: chief" in d for d in swaptest.enemy_steps(state, other, viewer))


def test_reinforcements_deployed_beside_a_hidden_supreme_commander_are_the_rules_disclosure():
    """Engine swap test, seed 7000: Napoleon exchanged with a Guard block; the French Special Call for
    Reinforcements finds room in an area at its limit only where the hidden block there is Napoleon
    (only supreme commanders may overstack, 1.2), and where they deploy is public (3.3)."""
    assert swaptest.swap_test(7000, 7000, max_commands=215, every=211, swaps=1, legal=0, named=0) == []
