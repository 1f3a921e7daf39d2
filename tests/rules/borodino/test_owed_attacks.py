"""Borodino COMBAT (B, C, D) with ARTILLERY (D): attacks are arranged so that every owed attack can
still be made (rules/borodino/combat.py, attack_cover.py)."""
from __future__ import annotations

from pathlib import Path

from rules.borodino.attack_cover import Contact, best_cover
from rules.borodino.combat import contact, owed_attacks
from rules.borodino.commands import End
from rules.core.hexes import within
from rules.core.playout import replay
from tests.rules.borodino.helpers import battle, borodino, force_die, go, open_ground, play, position, refused, settle

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
    the artillery cannot attack both 3923 and 4022, and no command would be left (the dead end a
    random game once reached): the attack is refused."""
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
    """The random game that reached that dead end, played on from the stored position: a command is always legal."""
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


G = open_ground(4)                       # 2705: clear ground four hexes around
H = open_ground(2, exclude=tuple(within(G, 6)))   # 1424: another stretch, far from G
ART, F7, F7b = "F-I-art", "F-I-2", "F-IV-1"
R5, R6, R3, R4 = "R-VIII-12", "R-VIII-2Gr", "R-III-3", "R-VI-7"


def _two_groups() -> dict:
    """Around G, an obligation nobody can meet: the artillery in G is next to the Russian in go(G, 0) and
    two hexes from the Russian in go(G, 3, 3), whose French neighbour has already attacked; bombarding, it
    attacks one unit only (Artillery D), so one of the two goes unattacked whatever is done. Around H, far
    away, the French in H touches two Russians, and nobody else does."""
    s = position({ART: G, R5: go(G, 0), R6: go(G, 3, 3), F7: go(G, 3, 3, 3),
                  F7b: H, R3: go(H, 0), R4: go(H, 1)}, phase="combat")
    s["units"][F7]["attacked"] = True
    return s


def test_combat_case_c_an_obligation_nobody_can_meet_elsewhere_neither_excuses_nor_blocks_an_attack():
    """Combat (C): attacks are arranged "as long as ALL adjacent Enemy units are attacked". Around G one
    obligation cannot be met, whatever is done (Artillery D); that is no licence to strand go(H, 1) by
    attacking go(H, 0) alone (refused), nor a reason to refuse H attacking both (accepted)."""
    s = _two_groups()
    assert len(best_cover(contact(battle(s), "french")).unmet) == 1
    err = refused(s, "french", f"attack {H} -> {go(H, 0)}", "Combat (B, C, D)")
    assert str(err).startswith(f"After this attack {go(H, 1)} (Russian 5-4 infantry) could no longer")
    both = "+".join(sorted((go(H, 0), go(H, 1))))
    assert play(s, "french", f"attack {H} -> {both}")[1][0]["kind"] == "combat"


def test_doomed_victory_6_10_an_enemy_next_to_broken_units_only_is_owed_no_attack():
    """6.10: broken units "may not attack, but defend normally"; Combat (B) owes an attack on enemy units
    "to which there are Friendly units adjacent", which we read as adjacent units that may attack. The
    Russian in go(G, 0) touches only a broken French unit; the French artillery two hexes away may bombard
    it (Artillery A: "never forced to attack an Enemy unit merely because it is within two hexes"), so
    nothing is owed and `end` is accepted. The control: unbroken, the French in G must attack it."""
    s = position({F7: G, R5: go(G, 0), ART: go(G, 3)}, phase="combat", options=["dv_rally"])
    err = refused(s, "french", "end", "Combat (B)")
    assert str(err).endswith(f"still due: {G} (French 7-4 infantry), {go(G, 0)} (Russian 5-4 infantry) (Combat B).")
    s["broken"] = [F7]
    assert owed_attacks(battle(s), "french") == []
    assert play(s, "french", "end")[0]["player"] == "russian"


def test_combat_case_b_the_view_shows_who_must_attack_and_be_attacked():
    """Combat (B), as the view tells the players: the French in G and the Russian beside it are owed an
    attack; the French in H, next to nobody, is not."""
    s = position({F7: G, R5: go(G, 0), F7b: H}, phase="combat")
    view = borodino.view(s, "french")
    assert (view["must_attack"], view["must_be_attacked"]) == ([G], [go(G, 0)])


def test_combat_case_b_each_side_is_owed_its_own_attacks_in_one_position():
    """Combat (B) binds each player in his own Combat Phase: asked of one position for both sides, the
    French attacker owes an attack on the Russian, and the Russian on the French; and once the Great
    Redoubt has attacked (Redoubts I), it attacks no more."""
    b = battle(position({F7: G, R5: go(G, 0)}, phase="combat"))
    assert contact(b, "french").required == {("a", F7), ("d", go(G, 0))}
    assert contact(b, "russian").required == {("a", R5), ("d", G)}
    b = battle(position({R5: "2817", F7: "2818"}, player="russian", phase="combat"))
    assert "R2817" in contact(b, "russian").edges
    b.s["redoubts"]["2817"]["attacked"] = True
    assert "R2817" not in contact(b, "russian").edges
