"""Doomed Victory 6.10 "BROKEN" units and the Rally Phase (3.2), option `dv_rally`, dice forced.

SPI's CRT has no two-hex retreat: data/doomed_victory.toml binds Dr at 3-1 and 4-1 (and Ar at 1-2 to
1-4) as the errata's DR (AR). A 7 against a 2 is 3-1, where die 2 is Dr; a 7 against a 4 is 2-1,
where die 1 is a plain (one-hex) Dr.
"""
from __future__ import annotations

from rules.core.hexes import distance
from tests.rules.borodino.dv_helpers import G, dv_position, force_dice, kinds
from tests.rules.borodino.helpers import go, play, refused, settle

N = go(G, 0)  # the Russian defender, north of the French attacker


def _attack(state: dict, *dice: int) -> tuple[dict, list[dict]]:
    force_dice(state, *dice)
    after, events = play(state, "french", f"attack {G} -> {N}")
    return settle(after), events


def test_6_10_a_two_hex_retreat_breaks_the_unit_and_moves_it_two_hexes():
    """6.10: "Any unit that receives a 2-hex retreat result ... is also considered Broken"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    after, events = _attack(s, 2)  # 3-1, die 2: Dr, a two-hex retreat here
    assert "broken" in kinds(events) and after["broken"] == ["R-Siw"]
    assert distance(after["units"]["R-Siw"]["hex"], N) == 2


def test_6_10_without_the_option_the_same_result_retreats_one_hex_and_breaks_nothing():
    """The control: SPI Borodino alone, the same attack and die: one hex, no broken units at all."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=[], phase="combat")
    after, _ = _attack(s, 2)
    assert "broken" not in after and distance(after["units"]["R-Siw"]["hex"], N) == 1


def test_6_10_a_one_hex_retreat_does_not_break():
    """2-1, die 1: Dr, which is a one-hex retreat in every column but 3-1 and 4-1."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    after, _ = _attack(s, 1)
    assert after["broken"] == [] and distance(after["units"]["R-VI-24"]["hex"], N) == 1


def test_6_10_a_broken_unit_retreats_two_hexes_on_dr():
    """6.10: "If a broken unit receives a Dr result, it retreats TWO hexes instead of one"."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-VI-24"]
    after, events = _attack(s, 1)  # 2-1, die 1: Dr
    assert "broken_retreat" in kinds(events) and distance(after["units"]["R-VI-24"]["hex"], N) == 2
    assert after["broken"] == ["R-VI-24"]


def test_6_10_a_second_two_hex_retreat_eliminates_a_broken_unit():
    """6.10: "If a broken unit receives another DR result, it is eliminated"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-Siw"]
    after, events = _attack(s, 2)  # 3-1, die 2: DR
    assert "broken_eliminated" in kinds(events) and after["units"]["R-Siw"]["where"] == "eliminated"
    assert after["losses"]["russian"] == 2


def test_6_10_a_broken_unit_may_not_attack():
    """6.10: "broken units ... may not attack, but defend normally"; the control attacks unbroken."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["F-I-2"]
    err = refused(s, "french", f"attack {G} -> {N}", "Doomed Victory 6.10")
    assert "broken" in str(err)
    s["broken"] = []
    force_dice(s, 2)
    assert play(s, "french", f"attack {G} -> {N}")[0]["units"]["F-I-2"]["attacked"]


def test_6_10_binding_a_broken_unit_owes_no_attack_and_its_neighbour_is_not_owed_one():
    """Combat (B) binds units that may attack; a broken unit may not, so `end` is accepted (the
    control: the same position unbroken refuses `end`, citing Combat B)."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    refused(s, "french", "end", "Combat (B)")
    s["broken"] = ["F-I-2"]
    assert play(s, "french", "end")[0]["player"] == "russian"


def _rally_phase(uid: str, h: str, die: int) -> tuple[dict, list[dict]]:
    """End the Russian Player-Turn with `uid` broken in `h`: the Rally Phase rolls `die` for it."""
    s = dv_position({uid: h}, options=["dv_rally"], player="russian", turn=30)
    s["broken"] = [uid]
    force_dice(s, die)
    return play(s, "russian", "end")


def test_3_2_and_6_10_the_rally_phase_rolls_for_each_broken_unit_by_nationality():
    """6.10: "A Russian unit rallies on a die roll of one or two. A French Allied (brown, purple,
    green) unit rallies on a roll of one through three. A French (blue) unit rallies on a roll of
    one through four"; 3.2: the Rally Phase follows the Russian Player-Turn."""
    for uid, last in (("R-VI-24", 2), ("F-V-16", 3), ("F-I-2", 4)):
        rallied, events = _rally_phase(uid, G, last)
        assert rallied["broken"] == [] and rallied["turn"] == 31 and rallied["player"] == "french"
        assert kinds(events).index("unit_rally") < kinds(events).index("phase", kinds(events).index("unit_rally"))
        stays, _ = _rally_phase(uid, G, last + 1)
        assert stays["broken"] == [uid], uid


def test_3_2_a_broken_unit_off_the_map_is_not_rolled_for():
    s = dv_position({"R-VI-24": G}, options=["dv_rally"], player="russian", turn=30)
    s["broken"] = ["R-VI-7"]  # not on the map in this position
    rolls = s["dice"]["rolls"]
    after, events = play(s, "russian", "end")
    assert "unit_rally" not in kinds(events) and after["dice"]["rolls"] == rolls


def test_6_10_each_hex_of_a_two_hex_retreat_is_a_retreat_choice_standing_orders_decide():
    """Both hexes of a two-hex retreat are ordinary retreat choices of the victor, so a
    standing order, or a deadline's default (the first order), plays each; the second ends two hexes
    from where the retreat began (binding)."""
    from rules.core.standing import defaults
    from tests.rules.borodino.helpers import borodino
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s, _ = play(s, "french", f"attack {G} -> {N}")
    answered = 0
    while borodino.choice(s) and borodino.choice(s)["kind"] == "retreat":
        assert borodino.choice(s)["side"] == "french"
        cmd = borodino.standing_command(s, "french", defaults(borodino.standing_orders()))
        assert cmd in borodino.legal_commands(s, "french")
        s, _ = borodino.apply(s, "french", cmd)
        answered += 1
    assert answered >= 1 and distance(s["units"]["R-Siw"]["hex"], N) == 2


def test_6_10_the_view_marks_a_broken_unit():
    """Pictures draw the BROKEN marker from the view (render/hexmap/counters.py)."""
    from tests.rules.borodino.helpers import borodino
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    after, _ = _attack(s, 2)
    view = borodino.view(after, None)
    siw = next(u for u in view["units"] if u["id"] == "R-Siw")
    assert siw["broken"] is True and view["broken"] == [siw["hex"]]
    assert "broken" not in next(u for u in view["units"] if u["id"] == "F-I-2")
    assert any("Doomed Victory 6.10" in note for note in view["notes"])


def _question(unit_hex: str, unit: str, which: str, *hexes: str) -> str:
    """The victor's question for one hex of a two-hex retreat, saying which of the two it is; where a hex
    displaces a unit (`hexes` then its answers, each with the unit it pushes), a point each; last the chain
    that answers the rest at once, the second hex after the first, the advance after them."""
    asked = f"French player: choose where R-Siw in {unit_hex} ({unit}) retreats, the {which} of its two hexes (Doomed "
    more = which == "first" or any("displacing" in h for h in hexes)
    chain = f"\n- or all at once: `retreat <hex>{' then <hex>' if more else ''} then stay`"
    if any("displacing" in h for h in hexes):
        return asked + "Victory 6.10):" + "".join(f"\n- {h}" for h in hexes) + chain
    return asked + f"Victory 6.10):\n- `retreat <hex>`, one of {', '.join(hexes)}" + chain


def test_6_10_the_second_hex_of_a_two_hex_retreat_is_chosen_among_the_hexes_two_away():
    """6.10: a two-hex retreat (binding: it ends two hexes from where it began). 3-1, die 2: the
    cavalry in 2704 retreats to 2703 first; of 2703's neighbours the victor is offered 2702, 2802 and
    2602, not 2803 or 2603, which are open but next to 2704."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s, events = play(s, "french", f"attack {G} -> {N}")
    assert events[-1]["text"] == _question(N, "Russian 2-5 cavalry", "first", "2703", "2803", "2603")
    s, events = play(s, "french", "retreat 2703")
    assert [e["text"] for e in events] == ["2704 (Russian 2-5 cavalry) retreats to 2703.",
                                           _question("2703", "Russian 2-5 cavalry", "second", "2702", "2802", "2602")]


def test_6_10_a_two_hex_retreat_that_displaces_on_its_first_hex_goes_on_a_second_hex():
    """6.10: a broken unit's retreat "is performed in exactly the same way as when a unit receives a DR
    result", and Displacement applies to it. Russian infantry in 2703, 2803 and 2603 leave the
    cavalry in 2704 no empty hex: it displaces 2703's (sent on to 2702), takes 2703, and is then
    asked for its second hex, 2802 or 2602, two from 2704."""
    s = dv_position({"F-I-2": G, "R-Siw": N, "R-VIII-12": "2703", "R-VI-24": "2803", "R-VI-7": "2603"},
                    options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s, _ = play(s, "french", f"attack {G} -> {N}")
    s, _ = play(s, "french", "retreat 2703")
    s, events = play(s, "french", "retreat 2702")
    assert [e["text"] for e in events] == ["2703 (Russian 5-4 infantry) retreats to 2702.",
                                           "2704 (Russian 2-5 cavalry) retreats to 2703.",
                                           _question("2703", "Russian 2-5 cavalry", "second", "2802", "2602")]
    s, _ = play(s, "french", "retreat 2602")
    assert s["units"]["R-Siw"]["hex"] == "2602" and s["broken"] == ["R-Siw"]


def test_6_10_the_second_hex_never_turns_back_into_the_first_even_out_of_every_zone_of_control():
    """A gun bombarding from 2707 puts no Zone of Control on 2705 (ZOC: adjacent hexes only), so the
    hex a two-hex retreat began in stays open ground behind it; the second hex still never goes back
    there (a retreat moves away, 6.10 binding): with Russians in every other neighbour of 2704, the
    victor is offered the displacements two hexes from 2705. 7 against 2 at 3-1, die 2: DR."""
    blockers = dict(zip(("R-VIII-12", "R-VI-24", "R-VI-7", "R-II-17", "R-II-4"),
                        ("2703", "2803", "2804", "2604", "2603")))
    s = dv_position({"F-I-art": "2707", "R-Siw": G, **blockers}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s, events = play(s, "french", f"attack 2707 -> {G}")
    assert events[-1]["text"] == _question(G, "Russian 2-5 cavalry", "first", "2704", "2805", "2605")
    s, events = play(s, "french", "retreat 2704")
    assert [e["text"] for e in events] == [
        "2705 (Russian 2-5 cavalry) retreats to 2704.",
        _question("2704", "Russian 2-5 cavalry", "second",
                  "`retreat 2703`, displacing R-VIII-12 (Russian 5-4 infantry)",
                  "`retreat 2803`, displacing R-VI-24 (Russian 4-4 infantry)",
                  "`retreat 2603`, displacing R-II-4 (Russian 5-4 infantry)")]
