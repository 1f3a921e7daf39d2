"""A combat result's choices in words, as the chooser reads them on the answer buttons
(rules/borodino/answers.py): each legal answer of the waiting step, the command behind it unchanged."""
from __future__ import annotations

import re

from tests.rules.borodino.dv_helpers import dv_position, force_dice
from tests.rules.borodino.helpers import borodino, force_die, go, open_ground, play, position, ring

G = open_ground(4)          # 2705
D = ring(G)
F7, F7b, R5, R6 = "F-I-2", "F-IV-1", "R-VIII-12", "R-VIII-2Gr"  # French 7-4 infantry (two), Russian 5-4, 6-4
ART, F4 = "F-I-art", "F-I-5"  # French 7-3 artillery, 4-4 infantry


def answers(state: dict, side: str) -> dict[str, str]:
    """Each legal answer's text and its words."""
    return {cmd.to_text(): borodino.in_words_in_game(state, side, cmd) for cmd in borodino.legal_commands(state, side)}


def test_a_beaten_units_retreat_then_the_advance_name_the_unit_and_the_hexes():
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)  # 1-1, die 1: Dr, the French choose where the Russian goes
    s, _ = play(s, "french", f"attack {D[3]} -> {G}")
    assert answers(s, "french") == {f"retreat {h}": f"R-VIII-12 retreats to {h}" for h in (D[0], D[1], D[5])}
    s, _ = play(s, "french", f"retreat {D[0]}")
    assert answers(s, "french") == {f"advance {D[3]} {G}": f"F-I-2 in {D[3]} advances into {G}",
                                    "stay": "Stay: no advance"}


def test_a_retreat_that_displaces_a_friendly_unit_names_it():
    """Displacement: both hexes open to the beaten unit hold a friendly unit, which would leave first."""
    s = position({F7: D[2], F7b: D[3], R5: G, R6: D[0], "R-VIII-CGr": D[5]}, phase="combat")
    force_die(s, 2)  # 2-1, die 2: Dr
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert answers(s, "french") == {f"retreat {D[0]}": f"R-VIII-12 retreats to {D[0]}, displacing R-VIII-2Gr",
                                    f"retreat {D[5]}": f"R-VIII-12 retreats to {D[5]}, displacing R-VIII-CGr"}


def test_a_retreat_that_displaces_is_offered_whole_as_well_as_hex_by_hex():
    """Displacement: the victor chooses where the beaten unit goes and then where the unit it displaces
    goes; the buttons offer each first hex (asked again for the next) and each whole chain in one click."""
    s = position({F7: D[2], F7b: D[3], R5: G, R6: D[0], "R-VIII-CGr": D[5]}, phase="combat")
    force_die(s, 2)  # 2-1, die 2: Dr
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    offered = {cmd.to_text(): borodino.in_words_in_game(s, "french", cmd)
               for cmd in borodino.whole_answers(s, "french")}
    assert offered[f"retreat {D[0]}"] == f"R-VIII-12 retreats to {D[0]}, displacing R-VIII-2Gr"
    assert offered[f"retreat {D[0]} then 2703"] == \
        f"R-VIII-12 retreats to {D[0]}, displacing R-VIII-2Gr, which retreats to 2703"
    assert offered[f"retreat {D[0]} then 2703 then stay"] == f"R-VIII-12 to {D[0]}, R-VIII-2Gr to 2703; no advance"
    # (its long words, 'R-VIII-12 retreats to 2704, displacing R-VIII-2Gr, which retreats to 2703; no advance', run
    # past a button's 80 characters, where a label reads as its command: said shortly, each unit and its hex)
    assert len(offered) == 2 + 6 + 6  # two first hexes; each displaced unit's three hexes, with no advance or
    # leaving the advance asked (with each advance too, they would be more than a menu holds: Combat H)
    assert borodino.whole_answers(s, "russian") == []
    s, _ = play(s, "french", f"retreat {D[0]}")
    assert len(borodino.whole_answers(s, "french")) == 3 * 4  # the displaced unit's 3 hexes, each then its
    # advance asked, or the victor's stay, or either of his two units advancing


def test_a_retreat_and_the_victors_advance_after_it_are_offered_whole():
    """Combat H: the victor who chose where the beaten unit goes then chooses whether to advance, nothing
    rolled between: one click answers both, each retreat hex offered alone as well."""
    s = position({F7: D[3], R5: G}, phase="combat")
    force_die(s, 1)  # 1-1, die 1: Dr
    s, _ = play(s, "french", f"attack {D[3]} -> {G}")
    offered = {cmd.to_text(): borodino.in_words_in_game(s, "french", cmd)
               for cmd in borodino.whole_answers(s, "french")}
    hexes = (D[0], D[1], D[5])
    assert offered == {**{f"retreat {h}": f"R-VIII-12 retreats to {h}" for h in hexes},
                       **{f"retreat {h} then stay": f"R-VIII-12 retreats to {h}; no advance" for h in hexes},
                       **{f"retreat {h} then advance {D[3]} {G}":
                          f"R-VIII-12 retreats to {h}; F-I-2 in {D[3]} advances into {G}" for h in hexes}}


def test_an_attack_thrown_back_whole_is_offered_as_the_standing_order_would_retreat_it():
    """Retreat: the victor decides where each unit of the result retreats, one after another, nothing rolled
    between. Three attackers thrown back (Ar) make more chains than a menu holds: one is offered, each unit where
    the order `away` would send it, with the defender's advance after them asked, or declined; each first hex too."""
    s = position({F4: D[2], "F-I-cav": D[3], "F-V-16": D[4], "R-VIII-CGr": G}, phase="combat")
    force_die(s, 4)  # 10 against 7: 1-1, die 4: Ar
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]}+{D[4]} -> {G}")
    offered = {cmd.to_text(): borodino.in_words_in_game(s, "russian", cmd)
               for cmd in borodino.whole_answers(s, "russian")}
    away = borodino.standing_command(s, "russian", {"retreat": "away"}).to_text()
    chain = f"{away} then 2606 then 2505"
    assert list(offered) == [*(f"retreat {h}" for h in ("2905", "2906", "2806")), chain, chain + " then stay"]
    assert offered[chain + " then stay"] == "F-I-5 retreats to 2806; F-I-cav to 2606; F-V-16 to 2505; no advance"
    by_order = s
    while borodino.choice(by_order)["kind"] == "retreat":
        by_order, _ = borodino.apply(by_order, "russian", borodino.standing_command(by_order, "russian", {
            "retreat": "away"}))
    assert play(s, "russian", chain)[0] == by_order


def test_each_hex_of_a_two_hex_retreat_says_which_it_is():
    """Doomed Victory 6.10: 3-1, die 2 is a two-hex retreat, chosen one hex at a time."""
    north = go(G, 0)
    s = dv_position({F7: G, "R-Siw": north}, options=["dv_rally"], phase="combat")
    force_dice(s, 2)
    s, _ = play(s, "french", f"attack {G} -> {north}")
    assert answers(s, "french")["retreat 2703"] == "R-Siw retreats to 2703, the first of two hexes"
    assert {cmd.to_text(): borodino.in_words_in_game(s, "french", cmd) for cmd in borodino.whole_answers(
        s, "french")}["retreat 2703 then 2702"] == "R-Siw retreats to 2703, the first of two hexes, then to 2702"
    s, _ = play(s, "french", "retreat 2703")
    assert answers(s, "french")["retreat 2702"] == "R-Siw retreats to 2702, the second of two hexes"


def test_an_advance_into_a_redoubt_names_the_redoubt():
    s = position({F7: "2818", F7b: "2718"}, phase="combat")
    force_die(s, 2)  # 14 against the empty Great Redoubt's 6: 2-1, die 2: Dr
    s, _ = play(s, "french", "attack 2818+2718 -> 2817")
    assert answers(s, "french")["advance 2818 2817"] == "F-I-2 in 2818 advances into 2817 (the Great Redoubt)"


def test_a_retreat_into_a_redoubt_names_the_redoubt():
    s = position({F7: "2819", R5: "2818"}, phase="combat")
    force_die(s, 1)  # 1-1, die 1: Dr
    s, _ = play(s, "french", "attack 2819 -> 2818")
    assert answers(s, "french") == {"retreat 2817": "R-VIII-12 retreats to 2817 (the Great Redoubt)",
                                    "retreat 2918": "R-VIII-12 retreats to 2918",
                                    "retreat 2718": "R-VIII-12 retreats to 2718"}


def test_an_exchange_names_the_units_given_up_and_their_points():
    s = position({F7: D[3], F7b: D[2], R5: G}, phase="combat")
    force_die(s, 5)  # 2-1, die 5: Ex; either 7 covers the 5 lost
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    assert answers(s, "french") == {f"lose {D[2]}": f"Lose F-IV-1 in {D[2]} (7 Combat Points)",
                                    f"lose {D[3]}": f"Lose F-I-2 in {D[3]} (7 Combat Points)"}


def test_spared_artillery_elects_to_retreat_by_its_own_hex_not_a_destination():
    """Artillery C: the same `retreat <hex>` names the artillery's own hex here; the Russian player
    then chooses where it goes, and his answers name the artillery and its destinations."""
    far = go(G, 3, 3)
    s = position({ART: far, F4: D[2], R6: G}, phase="combat")  # 11 against 6: 1-1
    force_die(s, 4)  # Ar: the infantry retreats, the bombarding artillery is spared
    s, _ = play(s, "french", f"attack {far}+{D[2]} -> {G}")
    s, _ = play(s, "russian", f"retreat {go(D[2], 2)}")
    assert answers(s, "french") == {f"retreat {far}": f"F-I-art in {far} elects to retreat (Artillery C)",
                                    "stay": "Stay: no artillery retreats"}
    s, _ = play(s, "french", f"retreat {far}")
    assert all(words == f"F-I-art retreats to {text.split()[1]}" for text, words in answers(s, "russian").items())


def test_an_answer_to_no_waiting_step_reads_as_its_text():
    s = position({F7: D[3], R5: G}, phase="combat")
    assert borodino.in_words_in_game(s, "french", borodino.parse("french", "stay")) == "stay"


def test_the_question_names_each_unit_as_its_buttons_do():
    """A question and its answer buttons name a unit the same way, by id and hex ('F-I-2 in 2706'),
    so a player matches them without reading the map: every unit a button names (a retreat's unit by
    its id, the others by id and hex) is named so in the question, with what it is."""
    far = go(G, 3, 3)
    steps = []
    s = position({F7: D[3], F7b: D[2], R5: G}, phase="combat")
    force_die(s, 5)  # 2-1, die 5: Ex, the French lose one of their 7s
    steps.append(play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")[0])
    s = position({ART: far, F4: D[2], R6: G}, phase="combat")
    force_die(s, 4)  # Ar: the Russians choose the infantry's retreat, then the gun may elect one
    s, _ = play(s, "french", f"attack {far}+{D[2]} -> {G}")
    steps += [s, play(s, "russian", f"retreat {go(D[2], 2)}")[0]]
    steps.append(play(steps[-1], "french", f"retreat {far}")[0])
    for s in steps:
        side = borodino.active_sides(s)[0]
        asked = borodino.view(s, side)["prompt"]
        for words in answers(s, side).values():
            named = re.findall(r"[FR]-[\w-]+ in \d{4}", words) or re.findall(r"^[FR]-[\w-]+", words)
            assert named or words.startswith("Stay"), words
            assert all(f"{unit} (" in asked or f"{unit} in " in asked for unit in named), (asked, words)
    assert f"F-I-art in {far} (French 7-3 artillery)" in borodino.view(steps[2], "french")["prompt"]


def test_a_chain_whose_words_run_past_a_label_names_each_unit_and_its_hex_shortly():
    """A chain of retreats with the advance after it (Retreat: Displacement; Combat H), in words longer than a
    button's label (80 characters, answers.LABEL), where the label read as its command ('retreat 2704 then 2703
    then advance 2805 2705'): each unit where it goes, the advancing unit where it advances, under 80."""
    s = position({F7: D[2], F7b: D[3], R5: G, R6: D[0], "R-VIII-CGr": D[5]}, phase="combat")
    force_die(s, 2)  # 2-1, die 2: Dr
    s, _ = play(s, "french", f"attack {D[2]}+{D[3]} -> {G}")
    chain = borodino.parse("french", f"retreat {D[0]} then 2703 then advance {D[2]} {G}")
    assert borodino.in_words_in_game(s, "french", chain) == \
        f"R-VIII-12 to {D[0]}, R-VIII-2Gr to 2703; F-I-2 in {D[2]} into {G}"
    assert borodino.in_words_in_game(s, "french", borodino.parse("french", f"retreat {D[0]} then 2703")) == \
        f"R-VIII-12 retreats to {D[0]}, displacing R-VIII-2Gr, which retreats to 2703"  # 76: said whole
