"""Borodino COMBAT (B, C, D) with ARTILLERY (D): attacks are arranged so that every owed attack can
still be made (rules/borodino/combat.py, attack_cover.py; issue 9.19)."""
from __future__ import annotations

from pathlib import Path

from rules.borodino.attack_cover import Contact, best_cover
from rules.borodino.commands import End
from rules.core.playout import replay
from tests.rules.borodino.helpers import borodino, force_die, play, refused, settle

GAME = Path(__file__).parent / "games" / "dead_end_7sep_seed29.script"


def _stored_game() -> dict:
    """The position before the Russian attacks of Game-Turn 28 in the stored random game."""
    lines = [line for line in GAME.read_text().splitlines() if line and not line.startswith("#")]
    commands = [tuple(part.strip() for part in line.split(":", 1)) for line in lines]
    *_, (state, _) = replay(borodino, borodino.setup("7sep", 29), commands)
    return state


def test_combat_case_c_an_attack_that_strands_another_is_refused():
    """Combat (C): "The Attacking Player has the choice of resolving his attacks in any order he wishes
    as long as ALL adjacent Enemy units are attacked", and Artillery (D): "Artillery units may only
    attack a single unit when bombarding". The infantry in 3922 touches the French in 3822, 3923 and
    4022; the artillery in 4021 touches 4022 and is two hexes from 3923. If 3922 attacks 3822 alone,
    the artillery cannot attack both 3923 and 4022, and no command would be left (the dead end of
    issue 9.19): the attack is refused."""
    state = _stored_game()
    error = refused(state, "russian", "attack 3922 -> 3822", "Combat (B, C, D)")
    assert "4022" in str(error)


def test_combat_case_f_the_same_infantry_may_take_all_three_at_once():
    """Positive control, Combat (F): "A single attacking unit may make an attack against two or more
    defending units to which it is adjacent"."""
    state = _stored_game()
    after, events = play(state, "russian", "attack 3922 -> 3822+3923+4022")
    assert events[0]["kind"] == "combat" and after["units"]["R-III-1Gr"]["attacked"]


def test_combat_case_c_an_arrangement_that_leaves_4022_to_the_artillery():
    """Positive control: 3922 takes 3822 and 3923, the artillery in 4021 attacks 4022 beside it, and then
    nothing is owed, so `end` is accepted."""
    state = _stored_game()
    force_die(state, 6)
    state = settle(play(state, "russian", "attack 3922 -> 3822+3923")[0])
    force_die(state, 6)
    state = settle(play(state, "russian", "attack 4021 -> 4022")[0])
    while state["player"] == "russian" and state["phase"] == "combat":
        legal = borodino.legal_commands(state, "russian")
        assert legal, "the Russian player must always have a command"
        state = settle(borodino.apply(state, "russian", next((c for c in legal if isinstance(c, End)), legal[0]))[0])
    assert state["player"] == "french"


def test_the_stored_game_always_offers_a_command():
    """The random game of issue 9.19 played on from the stored position: a command is always legal."""
    state = _stored_game()
    for _ in range(40):
        side = borodino.active_sides(state)[0]
        legal = borodino.legal_commands(state, side)
        assert legal, f"{side} has no legal command"
        state, _ = borodino.apply(state, side, legal[0])


def test_artillery_case_d_bombarding_artillery_cannot_cover_two_owed_defenders():
    """Artillery (D) in the search: one artillery adjacent to t1 and bombarding t2 meets one of the two."""
    contact = Contact({"art": {"t1": False, "t2": True}}, {("a", "art"), ("d", "t1"), ("d", "t2")})
    assert len(best_cover(contact).unmet) == 1


def test_combat_case_e_bombarding_artillery_joins_others_on_one_defender():
    """Combat (E) and Artillery (B): attackers combine on a single defender, bombarding artillery too."""
    contact = Contact({"art": {"t": True}, "inf": {"t": False, "u": False}},
                      {("a", "art"), ("a", "inf"), ("d", "t"), ("d", "u")})
    cover = best_cover(contact)
    assert cover.unmet == set() and sorted(cover.attacks) == [(("art",), ("t",)), (("inf",), ("u",))]
