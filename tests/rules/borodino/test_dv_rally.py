"""Doomed Victory leader rally (options `dv_leaders`, `dv_rally`): 8.151 during combat and 8.152 in
the Rally Phase, with the dice forced."""
from __future__ import annotations

from rules.borodino import leader_moves
from rules.borodino.battle import Battle
from rules.core.hexes import distance
from tests.rules.borodino.dv_helpers import G, dv_position, force_dice, kinds
from tests.rules.borodino.helpers import borodino, go, play, refused, settle

N = go(G, 0)  # the Russian defender
BESIDE = go(N, 1)  # a hex adjacent to N (and to G)


def _attack(state: dict, *dice: int) -> tuple[dict, list[dict]]:
    force_dice(state, *dice)
    after, events = play(state, "french", f"attack {G} -> {N}")
    return settle(after), events


def test_8_151_a_one_hex_retreat_is_cancelled_by_a_successful_rally():
    """8.151: "If the die roll is equal to or less than the Leader Rating, the unit is rallied and does
    not retreat at all; treat the result as "no effect!""; Doctorov (3) is stacked with the unit."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, phase="combat", leaders={"L-DOKHTUROV": "R-VI-24"})
    after, events = _attack(s, 1, 3, 4, 3)  # 2-1 die 1: Dr; leader 3+4: no effect; rally die 3
    assert [e["rallied"] for e in events if e["kind"] == "rally"] == [True]
    assert after["units"]["R-VI-24"]["hex"] == N and after["broken"] == []
    said, = [e["text"] for e in events if e["kind"] == "rally"]  # one sentence: it read '...at all: no effect (...)'
    assert said == (f"Doctorov rallies {N} (Russian 4-4 infantry), rolling 3 against his rating 3: it does not retreat "
                    "at all, the result counting as no effect (Doomed Victory 8.151).")


def test_8_151_a_failed_rally_leaves_the_retreat():
    """The control: the same attack with a rally die of 4, above Doctorov's rating of 3."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, phase="combat", leaders={"L-DOKHTUROV": "R-VI-24"})
    after, events = _attack(s, 1, 3, 4, 4)
    assert [e["rallied"] for e in events if e["kind"] == "rally"] == [False]
    assert distance(after["units"]["R-VI-24"]["hex"], N) == 1
    assert "rallied" not in after["log"]["attacks"][-1]
    said, = [e["text"] for e in events if e["kind"] == "rally"]  # it read '... (Russian 4-4 infantry) (4 against ...)'
    assert said == (f"Doctorov fails to rally {N} (Russian 4-4 infantry), rolling 4 against his rating 3: the one-hex "
                    "retreat stands (Doomed Victory 8.151).")


def test_8_151_the_log_keeps_with_the_attack_the_hex_of_a_unit_that_rallied():
    """The attack in the view's log, whose result the picture's label reads, names the unit that
    rallied against it: the label said 'Dr' beside a unit that stands where it stood."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, phase="combat", leaders={"L-DOKHTUROV": "R-VI-24"})
    after, _ = _attack(s, 1, 3, 4, 3)
    [attack] = borodino.view(after, "french")["log"]["attacks"]
    assert (attack["result"], attack["rallied"]) == ("Dr", [N])


def test_8_151_a_two_hex_retreat_becomes_one_hex_and_the_unit_does_not_break():
    """8.151: "If the subordinate unit receives a 2-hex retreat result (AR or DR), a successful rally
    reduces the result to a one-hex retreat (Ar or Dr), and a currently unbroken unit does NOT become
    broken"; the leader is adjacent ("or in a hex adjacent to him"), so he does not roll for 8.14."""
    s = dv_position({"F-I-2": G, "R-Siw": N, "R-VI-24": go(N, 0)}, phase="combat",
                    leaders={"L-DOKHTUROV": "R-VI-24"})
    after, events = _attack(s, 2, 1)  # 3-1 die 2: DR; rally die 1
    assert "leader_casualty" not in kinds(events) and "broken" not in kinds(events)
    assert distance(after["units"]["R-Siw"]["hex"], N) == 1 and after["broken"] == []


def test_8_151_only_an_active_leader_of_the_units_own_corps_rallies():
    """8.10/8.15: rally needs the unit's own Corps Leader, active; Raevski (VII Corps) beside a VI
    Corps unit does nothing, nor does an inactive Doctorov: the DR breaks the unit."""
    for leaders, active in (({"L-RAEVSKI": "R-VII-26"}, True), ({"L-DOKHTUROV": "R-VII-26"}, False)):
        s = dv_position({"F-I-2": G, "R-Siw": N, "R-VII-26": go(N, 0)}, phase="combat", leaders=leaders)
        for leader in s["leaders"].values():
            leader["active"] = active
        after, events = _attack(s, 2)
        assert "rally" not in kinds(events) and after["broken"] == ["R-Siw"]


def _rally_phase_position() -> tuple[dict, str, str]:
    """The end of a Russian Player-Turn: F-I-4 broken three hexes from Davout; F-I-5 beside it; an
    inactive Doctorov."""
    broken = go(G, 3, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": broken, "F-I-5": go(broken, 1), "R-VI-24": go(G, 0, 0, 0, 0, 0, 0)},
                    player="russian", turn=30, leaders={"L-DAVOUT": "F-I-2", "L-DOKHTUROV": "R-VI-24"})
    s["broken"] = ["F-I-4"]
    s["leaders"]["L-DOKHTUROV"]["active"] = False
    return s, broken, go(broken, 1)


def test_8_152_leaders_move_then_roll_then_all_turn_active():
    """8.152: "Each active Leader has the option to move during the Rally Phase ... After any movement
    of Leaders is completed, each Leader rolls a die for each subordinate broken unit with which he is
    stacked or adjacent to ... Flip all leaders to their ACTIVE side at the end of the Rally Phase"."""
    s, broken, beside = _rally_phase_position()
    s, events = play(s, "russian", "end")
    assert (s["phase"], s["player"], s["turn"]) == ("rally", "french", 30) and "unit_rally" not in kinds(events)
    s, moved = play(s, "french", f"move davout {beside}")
    force_dice(s, 5)  # Davout's rating is 5
    s, rolled = play(s, "french", "end")
    order = kinds(moved + rolled)
    assert order.index("leader_move") < order.index("unit_rally") < order.index("leaders_active")
    assert s["broken"] == [] and s["leaders"]["L-DOKHTUROV"]["active"] is True
    assert (s["phase"], s["player"], s["turn"]) == ("movement", "french", 31)


def test_8_152_a_rally_phase_roll_reads_as_one_sentence():
    """A leader's roll read '2823 (French 5-4 infantry) rolls 1 (Davout rallies on his rating 5 or less):
    rallied: the BROKEN marker is removed (...)', two colons in a row (seen on simcord at the end of a
    5 September game); it reads as one sentence, rallied or not."""
    for die, said in ((5, "and is rallied, its BROKEN marker removed"), (6, "and stays broken")):
        s, _, beside = _rally_phase_position()
        s, _ = play(s, "russian", "end")
        s, _ = play(s, "french", f"move davout {beside}")
        force_dice(s, die)
        s, rolled = play(s, "french", "end")
        unit = Battle(s).describe("F-I-4")
        assert [e["text"] for e in rolled if e["kind"] == "unit_rally"] == [
            f"{unit} rolls {die} (Davout rallies on his rating 5 or less) {said} (Doomed Victory 8.152)."]


def test_8_152_the_rally_phase_says_how_leaders_move_once():
    """The Rally Phase's opening event says whose leaders may move; its prompt says how (`move
    <leader> <hex>`, then `end`), in the status and in the picture's title strip, where a note told
    it to the text alone: the post holding both says it once."""
    broken = go(G, 3, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": broken, "R-VI-24": go(G, 0, 0, 0)}, player="russian", turn=30,
                    leaders={"L-DAVOUT": "F-I-2"})
    s["broken"] = ["F-I-4"]
    s, events = play(s, "russian", "end")
    view = borodino.view(s, "french")
    told = [e["text"] for e in events] + view["notes"] + [view["prompt"]]
    assert "French leaders may move before they rally broken units (Doomed Victory 8.152)." in told
    assert sum(t.count("`move <leader> <hex>`") for t in told) == 1
    assert view["prompt"] == ("Rally Phase: the French leaders may move before they rally broken units (`move "
                              "<leader> <hex>`), then `end`; a broken unit rallies only with the active leader of its "
                              f"corps stacked with or next to it: F-I-4 in {broken} with Davout (Doomed Victory 3.2, "
                              "8.152).")  # both players, and the picture


def test_8_152_the_rally_prompt_names_a_broken_unit_whose_leader_is_gone_or_inactive():
    broken = go(G, 3, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": broken, "R-VI-24": go(G, 0, 0, 0)}, player="russian", turn=30,
                    leaders={"L-DAVOUT": "F-I-2", "L-MURAT": "F-I-2"})  # Murat active: the phase is played
    s["broken"] = ["F-I-4"]
    s["leaders"]["L-DAVOUT"]["active"] = False
    s, _ = play(s, "russian", "end")
    prompt = borodino.view(s, "french")["prompt"]
    assert prompt.endswith(f": F-I-4 in {broken} with Davout (inactive) (Doomed Victory 3.2, 8.152).")
    s["leaders"]["L-DAVOUT"].update(where="removed", commands=[])
    prompt = borodino.view(s, "french")["prompt"]
    assert prompt.endswith(f": F-I-4 in {broken} with none, its leader gone (Doomed Victory 3.2, 8.152).")


def test_8_152_without_a_leader_beside_it_a_broken_unit_stays_broken():
    """8.152 "supersedes" 6.10's own roll: "Units remain broken until rallied by a Leader". No die is
    rolled for it, and the players are told so, where it was passed over in silence."""
    s, broken, _ = _rally_phase_position()
    s, _ = play(s, "russian", "end")
    s, events = play(s, "french", "end")
    assert s["broken"] == ["F-I-4"] and not [e for e in events if e.get("die")]
    assert [e["text"] for e in events if e["kind"] == "unit_rally"] == [
        f"{broken} (French 5-4 infantry) has no active leader of its corps stacked with or next to it, and stays "
        "broken (Doomed Victory 8.152)."]
    s, broken, beside = _rally_phase_position()
    s["broken"].append("F-I-5")
    s, _ = play(s, "russian", "end")
    s, events = play(s, "french", "end")
    assert [e["text"] for e in events if e["kind"] == "unit_rally"] == [
        f"{broken} (French 5-4 infantry) and {beside} (French 4-4 infantry) have no active leader of their corps "
        "stacked with or next to them, and stay broken (Doomed Victory 8.152)."]


def test_8_152_in_the_rally_phase_only_leaders_move():
    s, broken, beside = _rally_phase_position()
    s, _ = play(s, "russian", "end")
    refused(s, "french", f"move {G} {go(G, 3)}", "Doomed Victory 8.152")
    refused(s, "french", f"attack {G} -> {go(G, 0)}", "Doomed Victory 8.152")
    assert play(s, "french", f"move davout {beside}")[0]["leaders"]["L-DAVOUT"]["with"] == "F-I-5"


def test_8_152_an_inactive_leader_does_not_move_in_the_rally_phase():
    """8.152: "Each active Leader has the option to move during the Rally Phase": a Russian broken unit
    gives the Russian leaders their part; Barclay, active, moves; Doctorov, inactive, may not, and is
    not offered. The control: the same move once Doctorov is active."""
    broken = go(G, 3, 3, 3)
    s = dv_position({"R-VI-24": G, "R-VI-7": go(G, 3), "R-IV-22": broken, "R-IV-23": go(broken, 1)},
                    player="russian", turn=30, leaders={"L-BARCLAY": "R-IV-22", "L-DOKHTUROV": "R-VI-24"})
    s["broken"] = ["R-IV-22"]
    s["leaders"]["L-DOKHTUROV"]["active"] = False
    s, _ = play(s, "russian", "end")
    assert (s["phase"], s["player"]) == ("rally", "russian")
    err = refused(s, "russian", f"move doctorov {go(G, 3)}", "Doomed Victory 8.152")
    assert str(err) == ("Doctorov is inactive this Game-Turn, and only an active leader moves in the Rally Phase "
                        "(Doomed Victory 8.152).")
    assert leader_moves.movers(Battle(s), "russian") == ["L-BARCLAY"]
    s["leaders"]["L-DOKHTUROV"]["active"] = True
    assert play(s, "russian", f"move doctorov {go(G, 3)}")[0]["leaders"]["L-DOKHTUROV"]["with"] == "R-VI-7"


def _quiet_rally_phase(options: tuple[str, ...]) -> dict:
    """The end of a Russian Player-Turn with no broken unit anywhere; Davout active, with F-I-2."""
    return dv_position({"F-I-2": G, "F-I-5": go(G, 3, 3, 3), "R-VI-24": go(G, 0, 0, 0, 0, 0, 0)},
                       options=options, player="russian", turn=30, leaders={"L-DAVOUT": "F-I-2"})


def test_8_152_under_dv_rally_moves_every_active_leader_may_move_with_nothing_to_rally():
    """8.152: "Each active Leader has the option to move during the Rally Phase, up to the limit of his
    movement allowance". Under dv_rally_moves the French leaders get their part although no unit is
    broken: Davout moves to F-I-5, then `end` goes on to the next Game-Turn."""
    s, _ = play(_quiet_rally_phase(("dv_rally", "dv_leaders", "dv_rally_moves")), "russian", "end")
    assert (s["phase"], s["player"], s["turn"]) == ("rally", "french", 30)
    s, _ = play(s, "french", f"move davout {go(G, 3, 3, 3)}")
    assert s["leaders"]["L-DAVOUT"]["with"] == "F-I-5"
    s, _ = play(s, "french", "end")
    assert (s["phase"], s["player"], s["turn"]) == ("movement", "french", 31)


def test_8_152_by_default_a_side_with_nothing_to_rally_has_no_part():
    """The default binding: the phase exists for rallying, so with no broken unit it passes at once."""
    s, _ = play(_quiet_rally_phase(("dv_rally", "dv_leaders")), "russian", "end")
    assert (s["phase"], s["player"], s["turn"]) == ("movement", "french", 31)


def test_8_152_an_inactive_leader_has_no_part_even_under_dv_rally_moves():
    """8.152 gives the option to move to "each active Leader": with Davout inactive the French part is
    skipped."""
    s = _quiet_rally_phase(("dv_rally", "dv_leaders", "dv_rally_moves"))
    s["leaders"]["L-DAVOUT"]["active"] = False
    s, _ = play(s, "russian", "end")
    assert (s["phase"], s["player"], s["turn"]) == ("movement", "french", 31)
