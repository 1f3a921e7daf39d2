"""`odds` under the Doomed Victory options (rules/borodino/odds.py): the two-hex retreats of 6.10
and the leader's rally of 8.151, as test_dv_broken.py's attacks carry them out. A 7 against a 2 is
3-1, whose Dr is a two-hex retreat (data/doomed_victory.toml, `two_hex_retreats`); a 7 against a 4
is 2-1, whose Dr is a one-hex one."""
from __future__ import annotations

from bot.text import odds as odds_text
from rules import load
from rules.core.hexes import distance
from tests.rules.borodino.dv_helpers import G, dv_position, force_dice, kinds
from tests.rules.borodino.helpers import go, play, refused, settle

borodino = load("borodino")
N = go(G, 0)
SIW, VI24 = f"{N} (Russian 2-5 cavalry)", f"{N} (Russian 4-4 infantry)"


def _retreat(state: dict) -> dict:
    forecast = borodino.odds(state, "french", f"{G} -> {N}")
    return next(r for r in forecast["results"] if r["result"] == "Dr")


def test_6_10_odds_name_a_two_hex_retreat_and_the_unit_it_breaks():
    """6.10: "Any unit that receives a 2-hex retreat result ... is also considered 'Broken'"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == r["two_hexes"] == r["breaks"] == [SIW] and r["eliminated"] == []
    text = odds_text(borodino.odds(s, "french", f"{G} -> {N}"))
    assert f"Dr, defender retreats: {SIW} two hexes, and is broken (Doomed Victory 6.10)." in text


def test_6_10_odds_without_the_option_every_retreat_is_one_hex():
    """The control: SPI Borodino alone, the same attack: one hex, nobody broken."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=[], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == [SIW] and "two_hexes" not in r and "breaks" not in r


def test_6_10_odds_a_one_hex_retreat_stays_one_hex():
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    r = _retreat(s)
    assert r["retreat"] == [VI24] and "two_hexes" not in r


def test_6_10_odds_a_broken_unit_retreats_two_hexes_on_a_one_hex_retreat():
    """6.10: "If a broken unit receives a Dr result, it retreats TWO hexes instead of one"."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-VI-24"]
    r = _retreat(s)
    assert r["two_hexes"] == [VI24] and "breaks" not in r
    assert f"{VI24} two hexes, being broken (Doomed Victory 6.10)" in odds_text(
        borodino.odds(s, "french", f"{G} -> {N}"))


def test_6_10_odds_a_broken_unit_on_a_two_hex_retreat_is_eliminated():
    """6.10: "If a broken unit receives another DR result, it is eliminated"."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    s["broken"] = ["R-Siw"]
    r = _retreat(s)
    assert r["eliminated"] == [SIW] and r["retreat"] == []
    assert "eliminated instead (Doomed Victory 6.10): " + SIW in odds_text(borodino.odds(s, "french", f"{G} -> {N}"))


def test_8_151_odds_say_which_retreating_units_a_leader_may_rally():
    """8.151: "If a subordinate unit stacked with its Leader (or in a hex adjacent to him) receives a
    one-hex retreat result ... roll one die to attempt Rally"; the control: no leader, no such note."""
    units = {"F-I-2": G, "R-VI-24": N}
    with_leader = dv_position(units, phase="combat", leaders={"L-DOKHTUROV": "R-VI-24"})
    assert _retreat(with_leader)["rally"] == [VI24]
    assert "rally" not in _retreat(dv_position(units, phase="combat"))


# --- the same results carried out (rules/borodino/results.py) ---------------------------
def test_6_10_an_attacker_retreat_at_1_2_is_two_hexes_and_breaks_the_attackers():
    """6.10 on an AR: "Any unit that receives a 2-hex retreat result ... is also considered 'Broken'";
    Ar counts as AR at 1-2 (data/doomed_victory.toml). A 4 against a 6 is 1-2, die 2: Ar; the Russian
    player, the victor, moves it two hexes."""
    s = dv_position({"F-I-5": G, "R-VIII-2Gr": N}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    after, events = play(s, "french", f"attack {G} -> {N}")
    assert "broken" in kinds(events) and after["broken"] == ["F-I-5"]
    after = settle(after)
    assert distance(after["units"]["F-I-5"]["hex"], G) == 2


def test_6_10_the_second_hex_of_a_two_hex_retreat_ends_two_hexes_away():
    """6.10: the two-hex retreat "is performed in exactly the same way as when a unit receives a DR
    result", each hex a retreat; binding: it ends two hexes from where it began, so after a first hex
    north the two hexes beside the start are not offered for the second. 3-1, die 2: DR."""
    s = dv_position({"F-I-2": G, "R-Siw": N}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s2, _ = play(s, "french", f"attack {G} -> {N}")
    first = go(N, 0)
    s3, events = play(s2, "french", f"retreat {first}")
    assert events[-1]["text"] == (f"French player: choose where R-Siw in {first} (Russian 2-5 cavalry) retreats, the "
                                  f"second of its two hexes (Doomed Victory 6.10):\n- `retreat <hex>`, one of "
                                  f"{go(first, 0)}, {go(first, 1)}, {go(first, 5)}\n"
                                  "- or all at once: `retreat <hex> then stay`")
    refused(s3, "french", f"retreat {go(N, 1)}", "Retreat")
    assert distance(play(s3, "french", f"retreat {go(first, 1)}")[0]["units"]["R-Siw"]["hex"], N) == 2


def test_8_14_only_the_leaders_of_the_units_that_receive_the_result_roll():
    """8.14: "If the unit with whom a Leader is stacked receives a combat result of any kind, roll two
    dice". On a Dr the attacker receives nothing: Davout, stacked with the attacking 7, does not roll;
    Doctorov, stacked with the retreating 4, does (2-1, die 1: Dr; his dice 3+4: no effect)."""
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_leaders"], phase="combat",
                    leaders={"L-DAVOUT": "F-I-2"})
    force_dice(s, 1)
    rolls = s["dice"]["rolls"]
    after, events = play(s, "french", f"attack {G} -> {N}")
    assert "leader_casualty" not in kinds(events) and after["dice"]["rolls"] == rolls + 1
    s = dv_position({"F-I-2": G, "R-VI-24": N}, options=["dv_leaders"], phase="combat",
                    leaders={"L-DOKHTUROV": "R-VI-24"})
    force_dice(s, 1, 3, 4)
    events = play(s, "french", f"attack {G} -> {N}")[1]
    assert [e["leader"] for e in events if e["kind"] == "leader_casualty"] == ["L-DOKHTUROV"]


def test_8_14_a_leader_rolls_when_his_unit_is_eliminated_and_the_roll_is_told():
    """8.14 on a De: the leader stacked with the eliminated 1 rolls two dice (3+4: no effect) and the
    players are told, before the elimination; 7 against 1 counts as 6-1, die 1: De."""
    s = dv_position({"F-I-2": G, "R-Was": N, "R-VI-7": go(N, 0, 0)}, options=["dv_leaders"], phase="combat",
                    leaders={"L-BOROZDIN": "R-Was"})
    force_dice(s, 1, 3, 4)
    events = play(s, "french", f"attack {G} -> {N}")[1]
    assert kinds(events)[:3] == ["combat", "leader_casualty", "eliminated"]
    assert events[1]["text"] == (f"Borozdin, stacked with {N} (Russian 1-5 cavalry), rolls 3+4=7: no effect "
                                 "(Doomed Victory 8.14).")




def test_6_10_a_two_hex_retreat_never_displaces_a_chain_back_into_the_hex_it_left():
    """6.10's two-hex retreat is two retreats, and Displacement ("Displaced units can themselves displace
    other Friendly units in a sort of chain reaction") applies to each. Reading (results.py, `taken`): a
    retreat and the chain it pushes never pass back through a hex the retreat has already taken. The
    artillery bombards the 2 in N (3-1, die 2: DR); hemmed in by French Zones of Control, it goes north to
    M, where its only way on is to displace the 4 in n, whose only way is to displace the 5 in m, whose
    only empty hex is N itself: no path, the 2 is eliminated. The control, with m empty: m is beside N, no
    end for the second hex, so it does not spare the 4 (Displacement: "Units may not be forced to displace
    other Friendly units if they have other paths of retreat open"): the 4 is displaced into m and the 2
    ends in n, two hexes from N (an earlier reckoning failed this control: the 2 was eliminated)."""
    start, first, n, m = N, go(N, 0), go(N, 0, 1), go(N, 1)
    hemming = dict(zip(["F-I-5", "F-V-16", "F-I-cav", "F-III-25", "F-V-18"],
                       [go(N, 1, 1, 2), go(N, 0, 0, 1, 1), go(N, 0, 0, 5), go(N, 2, 2), go(N, 4, 5)]))
    units = {"F-I-art": go(N, 3, 3), "R-Siw": start, "R-VI-24": n, "R-VI-7": m, **hemming}
    s = dv_position(units, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    after, events = play(s, "french", f"attack {go(N, 3, 3)} -> {start}")
    assert [e["text"] for e in events if e["kind"] in ("retreat", "eliminated")] == [
        f"{start} (Russian 2-5 cavalry) retreats to {first}.",
        f"{first} (Russian 2-5 cavalry) is eliminated: it has no path of retreat (Retreat)."]
    assert after["units"]["R-VI-24"]["hex"] == n and after["units"]["R-VI-7"]["hex"] == m
    del units["R-VI-7"]
    s = dv_position(units, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    after = settle(play(s, "french", f"attack {go(N, 3, 3)} -> {start}")[0])
    assert after["units"]["R-Siw"]["hex"] == n and after["units"]["R-VI-24"]["hex"] == m
