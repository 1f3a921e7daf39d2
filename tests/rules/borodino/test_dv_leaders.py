"""Doomed Victory leaders (option `dv_leaders`): 8.1 movement, 8.10 chain of command, 8.14 casualties
(all 36 outcomes of the two dice), with the dice forced."""
from __future__ import annotations

import pytest

from rules.borodino import dv_data
from rules.borodino.battle import Battle
from rules.borodino.dv_leaders import casualties, leader_hex
from rules.core.hexes import distance
from tests.rules.borodino.dv_helpers import G, dv_position, force_dice, kinds
from tests.rules.borodino.helpers import MAP, go, play, refused, settle

N = go(G, 0)
LEADERS = dv_data.load().leaders


@pytest.mark.parametrize("first", range(1, 7))
@pytest.mark.parametrize("second", range(1, 7))
def test_8_14_every_two_dice_outcome(first, second):
    """8.14: "roll two dice. A result of "2", "11", or "12" means the Leader has been killed or
    captured; a result of "4" means he has been wounded ... Any other dice roll is treated as "no
    effect"; the Leader remains stacked with the defending unit"."""
    s = dv_position({"F-I-2": G}, leaders={"L-DAVOUT": "F-I-2"})
    force_dice(s, first, second)
    b = Battle(s)
    events = casualties(b, ["F-I-2"])
    total = first + second
    lost = {2: "killed or captured", 11: "killed or captured", 12: "killed or captured", 4: "wounded"}
    assert events[0]["dice"] == [first, second] and events[0]["fate"] == lost.get(total, "none")
    assert s["leaders"]["L-DAVOUT"]["where"] == ("removed" if total in lost else "play")
    assert leader_hex(b, "L-DAVOUT") == (None if total in lost else G)


def test_8_14_a_fallen_corps_leader_s_player_is_told_how_to_give_the_corps_a_leader():
    """8.14: "Surviving Corps Commanders whose entire command has been eliminated may be reassigned to
    lead another leaderless Corps. Any ... French Marshal Murat may be assigned to command ONE leaderless
    Corps": both players read the fall and the corps left leaderless; the French player alone, the
    command that gives it a leader, naming who may take it now (Murat, while in the game); an army
    commander without a corps of his own leaves none."""
    s = dv_position({"F-I-2": G, "F-IC-1L": N}, leaders={"L-DAVOUT": "F-I-2", "L-MURAT": "F-IC-1L"})
    force_dice(s, 2, 2, 1, 1)
    events = casualties(Battle(s), ["F-I-2", "F-IC-1L"])
    assert [(e["to"], e["text"]) for e in events] == [
        ("all", f"Davout, stacked with {G} (French 7-4 infantry), rolls 2+2=4: wounded; he leaves the game, and I "
                "Corps (Davout) is leaderless (Doomed Victory 8.14)."),
        ("french", "Your I Corps (Davout) is leaderless: in your Movement Phase `assign Murat Davout` gives it to "
                   "Murat (Doomed Victory 8.14)."),
        ("all", f"Murat, stacked with {N} (French 2-5 cavalry), rolls 1+1=2: killed or captured; he leaves the "
                "game (Doomed Victory 8.14).")]


def test_8_14_with_no_leader_free_the_fallen_leader_s_player_is_told_who_may_later():
    """8.14 with Murat gone and every corps commander still leading his own: none may take the corps
    now; its player reads who may, and when. Under dv_leaderless_halt both players read that it halts."""
    s = dv_position({"F-I-2": G}, options=["dv_leaders", "dv_leaderless_halt"], leaders={"L-DAVOUT": "F-I-2"})
    s["leaders"]["L-MURAT"]["where"] = "removed"
    force_dice(s, 2, 2)
    events = casualties(Battle(s), ["F-I-2"])
    assert [(e["to"], e["text"]) for e in events] == [
        ("all", f"Davout, stacked with {G} (French 7-4 infantry), rolls 2+2=4: wounded; he leaves the game, and I "
                "Corps (Davout) is leaderless and halts until given a leader (Doomed Victory 8.10, 8.14)."),
        ("french", "Your I Corps (Davout) is leaderless: none of your leaders may take it now (an army commander "
                   "takes ONE leaderless corps, a corps commander one once his own command is gone); then `assign "
                   "<leader> Davout` gives it a leader (Doomed Victory 8.14).")]


def test_8_14_a_fallen_leader_leaves_leaderless_only_the_corps_this_game_fields():
    """Markov commands the Moscow Militia and the Additional Forces (8.10); a 7 September game without
    the option additional_forces has none of the latter, so his fall names the militia alone."""
    s = dv_position({"R-Mil-1": G}, leaders={"L-MARKOV": "R-Mil-1"})
    force_dice(s, 1, 1)
    events = casualties(Battle(s), ["R-Mil-1"])
    assert events[0]["text"].endswith("and Moscow Militia (with the Guard) is leaderless (Doomed Victory 8.14).")
    assert events[1]["text"].startswith("Your Moscow Militia (with the Guard) is leaderless: ")


def test_8_14_a_corps_named_in_the_plural_is_leaderless_in_the_plural():
    """8.14: Platov's fall leaves his Cossacks leaderless; both sentences agree with the corps' name,
    a plural ('Your Cossacks is leaderless' read so in a 7 September game). Under dv_leaderless_halt
    they halt."""
    s = dv_position({"R-Cos-1": G}, options=["dv_leaders", "dv_leaderless_halt"], leaders={"L-PLATOV": "R-Cos-1"})
    force_dice(s, 1, 1)
    events = casualties(Battle(s), ["R-Cos-1"])
    assert events[0]["text"].endswith(", and Cossacks are leaderless and halt until given a leader "
                                      "(Doomed Victory 8.10, 8.14).")
    assert events[1]["text"].startswith("Your Cossacks are leaderless: none of your leaders may take them now ")
    assert events[1]["text"].endswith("then `assign <leader> Platov` gives them a leader (Doomed Victory 8.14).")


def test_8_14_a_leader_rolls_when_his_unit_receives_a_result_and_follows_it_in_retreat():
    """8.14 in play: the defender's leader rolls two dice after the combat die; he survives (7) and
    "remains stacked with the defending unit", which carries him along its retreat."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_leaders"], phase="combat",
                    leaders={"L-DOKHTUROV": "R-VI-24"})
    force_dice(s, 1, 3, 4)  # 2-1, die 1: Dr; leader 3+4 = 7: no effect
    after, events = play(s, "french", f"attack {G} -> {N}")
    after = settle(after)
    assert "leader_casualty" in kinds(events) and after["leaders"]["L-DOKHTUROV"]["with"] == "R-VI-24"
    assert leader_hex(Battle(after), "L-DOKHTUROV") == after["units"]["R-VI-24"]["hex"] != N


def test_8_14_a_surviving_leader_of_an_eliminated_unit_goes_to_the_nearest_friendly_unit():
    """8.14: "or is placed on the nearest friendly unit if the defender is eliminated"."""
    near, far = go(N, 0, 0), go(N, 0, 0, 0, 0)
    s = dv_position({"F-I-2": G, "R-Was": N, "R-VI-24": far, "R-VI-7": near}, options=["dv_leaders"],
                    phase="combat", leaders={"L-BOROZDIN": "R-Was"})
    force_dice(s, 1, 3, 4)  # 7-1 counts as 6-1, die 1: De; leader 7: no effect
    after, events = play(s, "french", f"attack {G} -> {N}")
    assert after["units"]["R-Was"]["where"] == "eliminated"
    assert after["leaders"]["L-BOROZDIN"]["with"] == "R-VI-7"
    told = next(e["text"] for e in events if e["kind"] == "eliminated")  # the players see where he went
    assert told == (f"{N} (Russian 1-5 cavalry) is eliminated. Borozdin joins {near} (Russian 5-4 infantry), "
                    "the nearest friendly unit (Doomed Victory 8.14).")


def test_8_1_a_leader_moves_through_enemy_zoc_to_a_friendly_unit():
    """8.1: "Leaders are never affected by enemy ZOC. They do not need to stop ... and they may leave
    enemy ZOCs whenever the owning player wishes"; he starts in the ZOC of the Russian in N."""
    dest = go(G, 3, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": dest, "R-VI-24": N}, options=["dv_leaders"],
                    leaders={"L-DAVOUT": "F-I-2"})
    refused(s, "french", f"move {G} {go(G, 3)}", "Zones of Control (D)")  # the unit may not leave
    after, events = play(s, "french", f"move davout {dest}")
    assert after["leaders"]["L-DAVOUT"]["with"] == "F-I-4" and kinds(events) == ["leader_move"]


def test_8_1_a_leader_ends_on_a_friendly_unit_and_moves_once_a_phase():
    """Binding (SPI has no lone counters): a leader's move ends stacked with a friendly unit."""
    dest = go(G, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": dest}, options=["dv_leaders"], leaders={"L-DAVOUT": "F-I-2"})
    err = refused(s, "french", f"move davout {go(G, 3)}", "Doomed Victory 8.1")
    assert dest in str(err)
    moved, _ = play(s, "french", f"move L-DAVOUT {dest}")
    assert str(refused(moved, "french", f"move davout {G}", "Doomed Victory 8.1")) == (
        "Davout has already moved this phase; to change his move, `undo` it (Doomed Victory 8.1).")


def test_8_1_leaders_move_in_the_movement_phase_only_and_by_their_owner():
    s = dv_position({"F-I-2": G, "F-I-4": go(G, 3, 3)}, options=["dv_leaders"], phase="combat",
                    leaders={"L-DAVOUT": "F-I-2"})
    refused(s, "french", f"move davout {go(G, 3, 3)}", "Doomed Victory 8.1")
    s["phase"] = "movement"
    refused(s, "russian", f"move davout {go(G, 3, 3)}", "Turns of Play")
    assert play(s, "french", f"move davout {go(G, 3, 3)}")[0]["leaders"]["L-DAVOUT"]["moved"]
    assert str(refused(s, "french", f"move bagration {go(G, 3, 3)}", "Turns of Play")) == (
        "Bagration is a Russian leader, not yours; yours on the map: Davout (Turns of Play).")


def test_8_10_a_corps_leader_out_of_range_rolls_and_if_inactive_his_units_stand():
    """8.10/8.122: a Russian corps leader is "automatically active if within range of an Army
    Commander who is himself active"; otherwise "roll one die": here 6 against Doctorov's 3 fails,
    and his units may not move or attack (8.10). The control: Barclay within range."""
    far = go(G, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3)
    s = dv_position({"R-VI-24": G, "R-IV-22": far}, options=["dv_leaders"], player="french",
                    leaders={"L-DOKHTUROV": "R-VI-24", "L-BARCLAY": "R-IV-22"})
    assert LEADERS["L-BARCLAY"].range < 12
    force_dice(s, 6)
    s2, events = play(s, "french", "end")  # no French unit: straight to the Russian Movement Phase
    assert s2["player"] == "russian" and s2["leaders"]["L-DOKHTUROV"]["active"] is False
    assert "leader_activation" in kinds(events)
    err = refused(s2, "russian", f"move {G} {go(G, 3)}", "Doomed Victory 8.10")
    assert "Doctorov" in str(err)
    s["units"]["R-IV-22"]["hex"] = go(G, 3, 3)  # Barclay within range: no roll, active
    s3, events = play(s, "french", "end")
    assert s3["leaders"]["L-DOKHTUROV"]["active"] is True and "leader_activation" not in kinds(events)
    assert play(s3, "russian", f"move {G} {go(G, 3)}")[0]["units"]["R-VI-24"]["moved"]


def _fallen(state: dict, lid: str) -> dict:
    state["leaders"][lid]["where"] = "removed"
    return state


def test_8_14_an_army_commander_takes_one_leaderless_corps():
    """8.14: "Any Russian Army Commander ... may be assigned to command ONE leaderless Corps"; after it
    he rallies its units (8.15). The control: a second corps is refused."""
    s = dv_position({"R-VI-24": G, "R-IV-22": go(G, 0), "R-VII-26": go(G, 3)}, player="russian",
                    leaders={"L-BARCLAY": "R-IV-22", "L-DOKHTUROV": "R-VI-24", "L-RAEVSKI": "R-VII-26"})
    s = _fallen(_fallen(s, "L-DOKHTUROV"), "L-RAEVSKI")
    s2, events = play(s, "russian", "assign barclay doctorov")
    assert "VI Corps (Doctorov)" in s2["leaders"]["L-BARCLAY"]["commands"] and kinds(events) == ["leader_assigned"]
    assert s2["leaders"]["L-DOKHTUROV"]["commands"] == []
    assert str(refused(s2, "russian", "assign barclay raevski", "Doomed Victory 8.14")) == (
        "Barclay already commands one leaderless corps; an army commander may take only ONE; none of your leaders "
        "may now (Doomed Victory 8.14).")  # Bagration, Miloradovich, Gorchakov are not in play here
    assert str(refused(s2, "russian", "assign bagration doctorov", "Doomed Victory 8.14")) == (
        "Doctorov has already been replaced; only the corps of a fallen leader is given to another (now those of "
        "Raevski) (Doomed Victory 8.14).")  # and Bagration is not in play
    assert str(refused(s, "russian", "assign barclay barclay", "Doomed Victory 8.14")) == (
        "Barclay still leads his corps; only the corps of a fallen leader is given to another (now those of "
        "Doctorov, Raevski) (Doomed Victory 8.14).")


def test_8_14_a_corps_commander_is_reassigned_only_when_his_whole_command_is_gone():
    """8.14: "Surviving Corps Commanders whose entire command has been eliminated may be reassigned"."""
    s = dv_position({"R-VI-24": G, "R-VII-26": go(G, 0)}, player="russian",
                    leaders={"L-DOKHTUROV": "R-VI-24", "L-RAEVSKI": "R-VII-26"})
    s = _fallen(s, "L-DOKHTUROV")
    assert str(refused(s, "russian", "assign raevski doctorov", "Doomed Victory 8.14")) == (
        "Raevski still has units of his own (3); a corps commander is reassigned only when his entire command has "
        "been eliminated; none of your leaders may now (Doomed Victory 8.14).")
    s["leaders"]["L-BARCLAY"].update(where="play", **{"with": "R-VII-26"})  # an army commander free to take it
    assert str(refused(s, "russian", "assign raevski doctorov", "Doomed Victory 8.14")).endswith(
        "; those who may: Barclay (Doomed Victory 8.14).")
    s["leaders"]["L-BARCLAY"].update(where="absent", **{"with": None})
    for uid, u in s["units"].items():
        if uid.startswith("R-VII-"):
            u.update(where="eliminated", hex=None)
    s["leaders"]["L-RAEVSKI"]["with"] = "R-VI-24"
    after, _ = play(s, "russian", "assign raevski doctorov")
    assert "VI Corps (Doctorov)" in after["leaders"]["L-RAEVSKI"]["commands"]


def _hexes_away(h: str, n: int) -> str:
    from tests.rules.borodino.helpers import MAP
    return min(x for x in MAP.hexes if distance(h, x) == n)


def test_8_112_a_general_of_cavalry_rolls_only_beyond_14_hexes_of_murat():
    """8.112: "Generals of Cavalry who may be farther than 14 hexes from Murat are considered
    "autonomous" commands, and must roll one die"; at 14 hexes Nansouty is active without a roll."""
    from rules.borodino.dv_leaders import activate
    start = G
    for distance, rolls in ((14, 0), (15, 1)):
        s = dv_position({"F-IC-1L": start, "F-IC-1H": _hexes_away(start, distance)},
                        leaders={"L-MURAT": "F-IC-1L", "L-NANSOUTY": "F-IC-1H"})
        s["leaders"]["L-NANSOUTY"]["active"] = False
        before = s["dice"]["rolls"]
        events = activate(Battle(s), "french")
        assert s["dice"]["rolls"] - before == rolls and len(events) == rolls
        assert s["leaders"]["L-NANSOUTY"]["active"] == (rolls == 0 or events[0]["active"])
    assert events[0]["text"].startswith("Nansouty is not within 14 hexes of an active Murat and rolls ")


def test_8_112_a_leader_who_fails_his_roll_is_told_inactive_and_what_that_costs():
    """8.10, 8.112: a general of cavalry beyond 14 hexes of Murat rolls one die; above his rating he is
    inactive, and his units may not move or attack this Game-Turn (one sentence, one colon)."""
    from rules.borodino.dv_leaders import activate
    s = dv_position({"F-IC-1L": G, "F-IC-1H": _hexes_away(G, 15)},
                    leaders={"L-MURAT": "F-IC-1L", "L-NANSOUTY": "F-IC-1H"})
    force_dice(s, 6)
    (told,) = activate(Battle(s), "french")
    assert told["text"] == (f"Nansouty is not within 14 hexes of an active Murat and rolls 6 against his rating "
                            f"{LEADERS['L-NANSOUTY'].rating}: inactive, so his units may not move or attack this "
                            "Game-Turn (Doomed Victory 8.112).")


def _leaderless(options: tuple[str, ...], phase: str = "movement") -> dict:
    """Doctorov has fallen; his VI Corps 24th Division stands next to a French 7-4; Barclay is in play."""
    s = dv_position({"R-VI-24": G, "F-I-2": N, "R-IV-22": go(G, 3, 3)}, options=options, player="russian",
                    phase=phase, leaders={"L-BARCLAY": "R-IV-22", "L-DOKHTUROV": "R-VI-24"})
    return _fallen(s, "L-DOKHTUROV")


def test_8_10_under_dv_leaderless_halt_a_leaderless_corps_neither_moves_nor_attacks():
    """8.10: a unit "is eligible to move, attack, receive Attack/Defense Bonus (8.13), and Rally (8.15) if
    its Corps Leader is active". Under dv_leaderless_halt a corps whose leader has fallen has none: its
    unit's move is refused; once `assign barclay doctorov` gives it a leader (8.14), it moves."""
    s = _leaderless(("dv_leaders", "dv_leaderless_halt"))
    s["units"]["F-I-2"].update(where="removed", hex=None)  # out of contact, free to move
    err = refused(s, "russian", f"move {G} {go(G, 3)}", "Doomed Victory 8.10")
    assert str(err).endswith("Doctorov's leaderless corps: under the option dv_leaderless_halt a unit moves and "
                             "attacks only \"if its Corps Leader is active\"; by 8.14, in your Movement Phase `assign "
                             "Barclay Doctorov` gives it to Barclay (Doomed Victory 8.10).")
    s2, _ = play(s, "russian", "assign barclay doctorov")
    assert play(s2, "russian", f"move {G} {go(G, 3)}")[0]["units"]["R-VI-24"]["moved"]


def test_8_10_under_dv_leaderless_halt_a_leaderless_unit_may_not_attack_and_owes_none():
    """8.10 as above, in the Combat Phase: its attack is refused, and (binding 4) a unit that may not
    attack owes none, so `end` is accepted though it stands next to the enemy."""
    s = _leaderless(("dv_leaders", "dv_leaderless_halt"), phase="combat")
    refused(s, "russian", f"attack {G} -> {N}", "Doomed Victory 8.10")
    assert play(s, "russian", "end")[0]["player"] == "french"


def test_8_10_by_default_a_leaderless_corps_acts_as_in_spi_borodino():
    """The default binding: a corps whose leader has fallen moves and attacks as in SPI Borodino, whose
    corps fight without leaders; only its rally waits for `assign` (8.15)."""
    s = _leaderless(("dv_leaders",))
    s["units"]["F-I-2"].update(where="removed", hex=None)
    assert play(s, "russian", f"move {G} {go(G, 3)}")[0]["units"]["R-VI-24"]["moved"]
    s = _leaderless(("dv_leaders",), phase="combat")
    refused(s, "russian", "end", "Combat (B)")


def test_8_14_a_leader_whose_unit_leaves_by_the_east_edge_is_told_where_he_goes():
    """A unit that leaves the map by the east edge (7 Sept) takes no leader with it: he is placed on
    the nearest friendly unit as when it is eliminated, and the move's sentence says where."""
    edge = sorted(MAP.east_exits)[0]
    near = go(edge, 3, 3)
    s = dv_position({"F-I-2": edge, "F-I-5": near}, options=["dv_leaders"], leaders={"L-DAVOUT": "F-I-2"})
    after, events = play(s, "french", f"move {edge} off")
    assert after["leaders"]["L-DAVOUT"]["with"] == "F-I-5"
    assert events[0]["text"].endswith(f"7 Combat Points exited). Davout joins {near} (French 4-4 infantry), "
                                      "the nearest friendly unit (Doomed Victory 8.14).")


def test_8_14_a_unit_eliminated_with_no_path_of_retreat_says_why_then_where_its_leader_goes():
    """Retreat: a unit with no path of retreat is eliminated; its sentence says why before 8.14
    places its leader ('... is eliminated: it has no path of retreat (Retreat). Borozdin joins ...'),
    where the reason was pasted after the leader's sentence."""
    ring_ = [go(N, d) for d in range(6)]
    friend = go(N, 1, 1, 1)
    s = dv_position({"F-I-2": ring_[2], "F-IV-1": ring_[3], "F-IV-3": ring_[4], "F-I-cav": go(N, 0, 0),
                     "R-VIII-12": N, "R-VI-7": friend}, options=["dv_leaders"], phase="combat",
                    leaders={"L-BOROZDIN": "R-VIII-12"})
    force_dice(s, 3, 3, 4, 6)  # 4-1, die 3: Dr; Borozdin 3+4 = 7: no effect; his rally die 6 fails
    after, events = play(s, "french", f"attack {ring_[2]}+{ring_[3]}+{ring_[4]} -> {N}")
    assert after["units"]["R-VIII-12"]["where"] == "eliminated"
    assert next(e["text"] for e in events if e["kind"] == "eliminated") == (
        f"{N} (Russian 5-4 infantry) is eliminated: it has no path of retreat (Retreat). Borozdin joins {friend} "
        "(Russian 5-4 infantry), the nearest friendly unit (Doomed Victory 8.14).")


def test_8_1_a_leader_off_the_map_is_told_why_he_cannot_move():
    """A fallen leader has left the game (8.14), one whose corps has not come on waits for it: the
    refusal says which, where both read 'Davout is not on the map'."""
    s = dv_position({"F-I-2": G}, options=["dv_leaders"], leaders={"L-DAVOUT": "F-I-2", "L-NEY": "F-III-10"})
    s["units"]["F-III-10"].update(where="waiting", hex=None, entry="2630")
    assert str(refused(s, "french", f"move ney {G}", "Doomed Victory 8.1")) == (
        "Ney is not on the map: he comes on with F-III-10, a reinforcement waiting to enter (Doomed Victory 8.1).")
    s["leaders"]["L-DAVOUT"]["where"] = "removed"
    assert str(refused(s, "french", f"move davout {G}", "Doomed Victory 8.14")) == (
        "Davout has left the game (killed, captured or wounded) (Doomed Victory 8.14).")


def test_8_1_a_leader_who_can_reach_many_hexes_is_told_how_many_more_than_the_ten_named():
    friends = ["F-I-4", "F-I-5", "F-IV-1", "F-IV-3", "F-III-10", "F-III-11", "F-III-25", "F-V-16", "F-V-18",
               "F-VIII-23", "F-VIII-24"]
    hexes = [go(G, d) for d in range(6)] + [go(G, d, d) for d in range(5)]
    s = dv_position({"F-I-2": G, **dict(zip(friends, hexes))}, options=["dv_leaders"], leaders={"L-DAVOUT": "F-I-2"})
    asked = go(G, 3, 3, 3)
    said = str(refused(s, "french", f"move davout {asked}", "Doomed Victory 8.1"))
    nearest = sorted(hexes, key=lambda h: (distance(h, asked), h))  # the ten nearest the hex asked for
    assert said.split("he can reach ")[1] == \
        f"{', '.join(nearest[:10])} and 1 more hex further from {asked} (Doomed Victory 8.1)."


def test_8_1_a_leader_s_move_refused_says_what_is_wrong_with_the_hex():
    """A leader ends stacked with a friendly unit within his 6 MP: the refusal says which of these the
    hex fails (off the map, empty, an enemy's, out of reach), where it said '9999 is not one' of all;
    the hex he stands in already is said to be his, where it was said to be beyond his reach."""
    far = go(G, 3, 3, 3, 3, 3, 3, 3, 3)
    s = dv_position({"F-I-2": G, "F-I-4": go(G, 3, 3), "F-I-5": far, "R-VI-24": go(G, 0, 0)},
                    options=["dv_leaders"], leaders={"L-DAVOUT": "F-I-2"})
    said = {to: str(refused(s, "french", f"move davout {to}", "Doomed Victory 8.1")).split("stacks; ")[1]
            for to in ("9999", go(G, 3), go(G, 0, 0), far, G)}
    assert said == {"9999": f"9999 is not on the map; he can reach {go(G, 3, 3)} (Doomed Victory 8.1).",
                    go(G, 3): f"{go(G, 3)} holds no unit; he can reach {go(G, 3, 3)} (Doomed Victory 8.1).",
                    go(G, 0, 0): f"{go(G, 0, 0)} holds an enemy unit; he can reach {go(G, 3, 3)} (Doomed Victory 8.1).",
                    far: f"{far} is beyond his reach; he can reach {go(G, 3, 3)} (Doomed Victory 8.1).",
                    G: f"he already stands in {G}, stacked with {G} (French 7-4 infantry); he can reach {go(G, 3, 3)} "
                       "(Doomed Victory 8.1)."}
