"""rules/borodino/ai/standoff.py: where Combat Point losses decide (7 Sept, the Grand Battle), level 1's
French stand off the enemy they would owe an attack (Combat B) and bring their guns to two hexes of him,
where they fire at no risk (Artillery C), together; in the last two Game-Turns they close on the redoubts."""
from __future__ import annotations

from rules.borodino.ai import level1, standoff
from rules.borodino.ai.standoff import BATTERY, CONCERT, CONTACT, adjustment, battery
from rules.borodino.battle import Battle
from rules.core.hexes import distance
from tests.rules.borodino.helpers import go, open_ground, position

G = open_ground(4)
F7, GUNS, GUNS2 = "F-I-2", "F-I-art", "F-IG-art"  # a French 7-4, a 7-3 and an 8-3 artillery
R2 = "R-V-3G"                                    # a Russian 2-4 Guard infantry
LAST_TURN = 40                                   # 7 Sept: Game-Turns 27 through 40


def _ends(units: dict[str, str], uid: str, turn: int | None = None) -> int:
    """How far from G level 1 ends the unit's move."""
    plan = level1._movement(position(units, turn=turn), "french")
    move = next(d.command for d in plan if d.command.startswith(f"move {units[uid]} "))
    return distance(move.split()[-1], G)


def test_combat_b_a_french_unit_stands_off_an_enemy_it_would_owe_an_attack(monkeypatch):
    """Its way to the Great Redoubt passes the Russian 2-4: next to it, the 7-4 would owe him an attack
    that Player-Turn and each one after (Combat B, ZOC D), so it ends two hexes off."""
    units = {F7: go(G, 0, 0, 0), R2: G}
    assert _ends(units, F7) == 2
    monkeypatch.setattr(standoff, "CONTACT", 0)
    assert _ends(units, F7) == 1  # without the rule it walks in (3-1 is not a losing attack: level1.rash)


def test_victory_conditions_in_the_last_two_game_turns_the_french_close_in():
    """Who occupies the redoubts at the end decides the Marginal victories, and few attacks owed are
    left to pay: from Game-Turn 39 the 7-4 walks in as it did before the rule."""
    units = {F7: go(G, 0, 0, 0), R2: G}
    assert _ends(units, F7, turn=LAST_TURN - standoff.LAST) == 2
    assert _ends(units, F7, turn=LAST_TURN - standoff.LAST + 1) == 1


def test_artillery_c_french_guns_end_two_hexes_off_the_enemy_where_they_fire_at_no_risk(monkeypatch):
    units = {GUNS: go(G, 2, 2, 2), R2: G}
    assert _ends(units, GUNS) == 2
    monkeypatch.setattr(standoff, "BATTERY", 0)
    monkeypatch.setattr(standoff, "CONCERT", 0)
    assert _ends(units, GUNS) > 2  # without the rule they keep to the march on the redoubt


def test_artillery_b_guns_count_the_guns_that_may_fire_with_them_on_the_same_unit():
    """Two guns on the 2-4 in the open are 15-2, 6-1 (always De); one is 7-2, 3-1."""
    here, other = go(G, 2, 2), go(G, 4, 4)
    alone = Battle(position({GUNS: go(G, 2, 2, 2), R2: G}))
    together = Battle(position({GUNS: go(G, 2, 2, 2), GUNS2: other, R2: G}))
    assert battery(alone, "french", GUNS, here) == BATTERY
    assert battery(together, "french", GUNS, here) == BATTERY + CONCERT
    assert battery(together, "french", GUNS, go(G, 2, 2, 2, 2)) == 0  # four hexes off: out of range


def test_russian_redoubts_f_g_a_garrison_is_closed_on_from_the_rear_not_the_front():
    """The Great Redoubt's garrison, attacked from a rear hex (2816), is neither doubled nor helped by
    the redoubt: the attack that takes it is worth its contact; a front hex (2818) is not."""
    b = Battle(position({"R-VII-26": "2817", "F-IV-1": "2614"}))
    assert adjustment(b, "french", "F-IV-1", "2816") == 0
    assert adjustment(b, "french", "F-IV-1", "2818") == -CONTACT


def test_victory_conditions_shevardino_and_the_russians_play_as_before():
    """Elsewhere a Combat Point is a point (goals.counts_losses), and the Russians of 7 Sept defend."""
    shevardino = Battle(position({F7: go(G, 0), R2: G, GUNS: go(G, 2, 2)}, scenario="shevardino"))
    assert adjustment(shevardino, "french", F7, go(G, 0)) == 0
    assert adjustment(shevardino, "french", GUNS, go(G, 2, 2)) == 0
    sept7 = Battle(position({F7: go(G, 0), R2: G}, player="russian"))
    assert adjustment(sept7, "russian", R2, G) == 0
