"""5.3 the combat sequence: 5.3.1 artillery fire, 1.2.1 defensive bonus, 6.4 defender retreat,
5.3.3 showdown, 5.3.4-5.3.5 ground combat and the combined force bonus, 5.3.6 applying hits with
5.3.6.1 target priority (the rule book's example, with and without 9.6 shields), 5.3.7
concealment, FAQ 9."""
from __future__ import annotations

from rules.bloody_monday import combat, ground
from rules.bloody_monday.bm_data import areas
from rules.bloody_monday.commands import Hit
from rules.bloody_monday.game import Game
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, guns_on_42, position, refused, strength

AREAS = areas()
FRENCH = {"F-G-VG": (54, 3), "F-I-4": (54, 3), "F-CR-3LC": (54, 1)}  # Old Guard, infantry, cavalry
RUSSIAN = {"R-1-1Gr": (54, 2), "R-1-1J": (54, 2), "R-1-A1": (54, 4), "R-1-BT": (54, 3)}


def after_showdown(options=(), due=None, **blocks):
    """The 5.3.6.1 example after the showdown: the dice are rolled, the hits wait to be applied."""
    state = position({**FRENCH, **RUSSIAN, **blocks}, options=options, control={54: "russian"})
    g = game(state)
    g.set_cube("F-CR-3LC", "light_blue", True)
    battle(g, 54, due=due or {"french": 4, "russian": 6}, hits={"french": 6, "russian": 4}, shown=True,
           volleys=[])
    return g


def resolve(g, picks: dict[str, list[str]]) -> list[str]:
    """Apply the hits, choosing from `picks` (in order) whenever a tie is put to a player."""
    order = []
    combat.advance(g)
    while g.s["battle"]:
        choice = g.s["battle"]["choice"]
        order.append(choice["side"])
        wanted = next((b for b in picks.get(choice["side"], []) if b in choice["candidates"]), choice["candidates"][0])
        combat.choose_hit(g, choice["side"], Hit((wanted,)))
    return order


def test_5_3_6_1_example():
    """5.3.6.1: "The Russian player applies the first four hits (two each) to his Combat Units ... the
    remaining two hits eliminate both the Support Units ... all but the Jager ... are deployed on the
    Russian Morale Track. The French player applies the four hits ... two each to his Infantry"."""
    g = after_showdown()
    resolve(g, {})
    assert all(g.block(b)["where"] == "eliminated" for b in RUSSIAN)
    assert sorted(g.s["morale"]["russian"]) == ["R-1-1Gr", "R-1-A1", "R-1-BT"]
    assert (strength(g.s, "F-G-VG"), strength(g.s, "F-I-4"), strength(g.s, "F-CR-3LC")) == (1, 1, 1)


def test_9_6_shields_in_the_5_3_6_1_example():
    """9.6: "the Russian player would have been able to use his Infantry's Silver Shield to absorb the
    first hit ... The sixth hit would have been absorbed by the Artillery's Gold Shield, saving both
    Russian Support Units"; "one Infantry would have been reduced to two, and the other to one"."""
    g = after_showdown(options=["shields"])
    resolve(g, {"russian": ["R-1-1Gr"], "french": ["F-G-VG"]})
    assert g.block("R-1-1Gr")["where"] == g.block("R-1-1J")["where"] == "eliminated"
    assert g.block("R-1-A1")["where"] == g.block("R-1-BT")["where"] == "map"
    assert sorted([strength(g.s, "F-G-VG"), strength(g.s, "F-I-4")]) == [1, 2]


def test_faq_9_non_phasing_player_applies_hits_first():
    """FAQ 9: "Is there an order to apply hits ...? Non-Phasing Player first."."""
    assert resolve(after_showdown(), {})[0] == "russian"


def test_5_3_6_1_secondary_targets_only_after_every_primary():
    """5.3.6.1: "Secondary Targets cannot be hit before all Primary Targets have been eliminated"."""
    g = after_showdown(due={"french": 0, "russian": 3})
    resolve(g, {})
    assert g.block("R-1-A1")["where"] == g.block("R-1-BT")["where"] == "map"


def test_5_3_4_firepower_inspired_and_halved_dice():
    """5.2.2: the inspired Old Guard "will gain QF"; 1.2.3: the light blue cube halves the dice (at
    least 1); 2.3: support units roll one die, SF for artillery, TF for leaders."""
    g = after_showdown()
    g.set_cube("F-G-VG", "yellow", True)
    assert ground.dice_of(g, "F-G-VG") == (3, 3)
    assert ground.dice_of(g, "F-CR-3LC") == (1, 6)  # one step, SF (blocks.toml); 2.2: "SF hits at 6"
    assert ground.dice_of(g, "R-1-A1") == (1, 6) and ground.dice_of(g, "R-1-BT") == (1, 4)


def test_5_3_5_combined_force_bonus():
    """5.3.5: infantry AND cavalry without a light blue cube in a green area, the opponent not: that
    player rolls first; 9.5 cossacks do not count as cavalry."""
    g = after_showdown()
    assert g.areas[54].colour == "green"
    assert [v["sides"] for v in ground.volleys(g)] == [["russian", "french"]]  # the cavalry crossed the Kolocha
    g.set_cube("F-CR-3LC", "light_blue", False)
    assert [v["sides"] for v in ground.volleys(g)] == [["french"], ["russian"]]


def test_1_2_1_defensive_bonus():
    """1.2.1: yellow 1 whether owned or not; red 2 only if the defender owns it; green none."""
    g = game(position({}))
    yellow = next(n for n, a in AREAS.items() if a.colour == "yellow")
    assert g.defensive_bonus(yellow, "russian") == 1
    assert g.defensive_bonus(55, "russian") == 2 and g.defensive_bonus(55, "french") == 0
    assert g.defensive_bonus(54, "russian") == 0


def attack_42(**extra) -> dict:
    """Davout leads F-I-1 from 16 into 42 held by one Russian jager; an artillery in 16 supports."""
    state = position({"F-I-D": 16, "F-I-1": 16, "F-I-A1": 16, "R-1-2J": 42, **extra})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "move F-I-1 42")
    return state


def test_5_3_1_artillery_fires_tf_with_its_strength_and_is_reduced():
    """5.3.1: "Each activated Artillery rolls as many dice as its Strength ... and has TF"; then it "is
    reduced ... but remains active"."""
    state, events = do(attack_42(), "french", "battle 42", "fire F-I-A1 42")
    fire = next(e for e in events if e["kind"] == "artillery")
    assert len(fire["dice"]) == 4 and fire["hits"] == sum(d >= 4 for d in fire["dice"])
    assert strength(state, "F-I-A1") == 3 and state["blocks"]["F-I-A1"]["activated"]
    assert state["log"]["artillery"] == [{"from": 16, "to": 42}]


def test_6_4_defender_retreats_with_the_initiative_disc():
    """6.4: "The Non-Phasing Player player spends the Disc to retreat from one Combat"; all his units
    "must move into any adjacent and controlled Areas"."""
    state = attack_42()
    state["initiative"] = "russian"
    state, _ = do(state, "french", "battle 42", "end")
    assert state["battle"]["stage"] == "retreat"
    state, _ = do(state, "russian", "retreat 41")
    assert state["blocks"]["R-1-2J"]["area"] == 41 and state["control"]["42"] == "french"
    assert state["initiative"] == "french" and state["battle"] is None


def fight_out_42(state: dict) -> Game:
    """Resolve the battle in 42 to its end, each side taking hits on its first candidate."""
    state, _ = do(state, "french", "battle 42", "end")
    while state["battle"]:
        side = state["battle"]["choice"]["side"]
        state, _ = do(state, side, f"hit {state['battle']['choice']['candidates'][0]}")
    return game(state)


def test_5_3_7_after_the_battle_the_owner_conceals():
    """5.3.7: "If instead after the battle the Area is still contested, then the Area owner conceals
    his Units, while the other player leaves his Units visible". Every block at strength 1: the
    jager takes the Russian hit, the Guard and F-I-1 survive the seed's dice."""
    state = attack_42(**{"R-G-1LG": 42})
    for bid in ("F-I-1", "R-1-2J", "R-G-1LG"):
        state["blocks"][bid]["strength"] = 1
    g = fight_out_42(state)
    assert g.contested(42) and g.owner(42) == "russian"
    assert g.units(42, "russian") == ["R-G-1LG"] and not g.revealed("R-G-1LG")
    assert g.units(42, "french") == ["F-I-1"] and g.revealed("F-I-1")


def test_5_3_7_a_battle_that_ends_the_contest_conceals_everyone():
    """5.3.7: the units are concealed again once the area is no longer contested: F-I-1 at strength
    1 falls to the jager and the Guard (three strength each): "If all of one player's Units have been
    eliminated, then the other player (the Area owner) conceals his Units"."""
    state = attack_42(**{"R-G-1LG": 42})
    state["blocks"]["F-I-1"]["strength"] = 1
    g = fight_out_42(state)
    assert not g.contested(42) and g.units(42) == ["R-1-2J", "R-G-1LG"]
    assert not any(g.revealed(b) for b in g.units(42))


def test_2_6_3_guns_firing_into_one_area_limited_by_the_supreme_commander():
    """5.2.2 example: "there is no limit to the Artillery the Phasing Player is allowed to activate ...
    but there is a limit (the Supreme Commander's Strength) to the number of Artillery which may fire
    into the same Area" (Napoleon at 2 stars: two guns)."""
    state = position({"F-NAP": (21, 2), "F-I-D": 16, "F-I-1": 16, "F-I-A1": 16, "F-III-A": 16, "F-I-A2": 30,
                      "R-G-1LG": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D", "activate F-I-A1", "activate F-III-A",
                  "activate F-I-A2", "move F-I-1 42")
    g = game(state)
    battle(g, 42, stage="artillery")
    g.s["impulse"]["leaders"] = ["F-I-D"]
    assert combat.gunners(g) == ["F-I-A1", "F-I-A2", "F-III-A"]
    g.s["battle"]["fired"] = ["F-I-A1", "F-I-A2"]
    assert combat.gunners(g) == []


def artillery_hit_on(blocks: dict) -> dict:
    """One artillery hit due in 44 (green: no bonus) on the Russian blocks there, before the showdown,
    as the French end their artillery fire."""
    state = position({"F-I-1": 44, **blocks})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 1})
    return do(state, "french", "end")[0]


def test_5_3_1_the_defender_applies_artillery_hits_whether_or_not_he_has_a_choice():
    """5.3.1: "Hits are immediately applied by the the defender, without showing his Units to the
    attacker"; 5.3.6: with units of equal strength "the controlling player chooses". Two hidden
    infantry tied at 3 or not (3 and 4): the attacker's view and who is to move are the same, and
    the defender names the unit in both cases (the only unit he may name when there is no tie)."""
    tied, untied = artillery_hit_on({"R-1-4": 44, "R-1-11": 44}), artillery_hit_on({"R-1-4": 44, "R-1-3": 44})
    assert bm.view(tied, "french") == bm.view(untied, "french")
    assert bm.active_sides(tied) == bm.active_sides(untied) == ["russian"]
    assert [c.to_text() for c in bm.legal_commands(untied, "russian")] == ["hit R-1-3"]
    refused(untied, "russian", "hit R-1-4", "5.3.6")
    state, events = do(untied, "russian", "hit R-1-3")
    assert strength(state, "R-1-3") == 3
    assert next(e for e in events if e["kind"] == "hit")["to"] == "russian"


def test_5_3_6_several_hits_named_at_once_in_order():
    """5.3.6: "Hits are applied one by one, to the Unit(s) which has the highest Strength at the moment
    that hit is applied": `hit a b` is two such choices in a row; an illegal second refuses both."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 2})
    state, _ = do(state, "french", "end")
    refused(state, "russian", "hit R-1-4 R-1-4", "5.3.6")
    state, _ = do(state, "russian", "hit R-1-4 R-1-11")
    assert (strength(state, "R-1-4"), strength(state, "R-1-11")) == (2, 2)


def test_5_3_3_hits_after_the_showdown_are_face_up():
    """5.3.3: after the showdown the blocks stand revealed, so each hit's result is seen by both
    players (the event goes to all); 5.3.1: artillery hits before it stay the defender's."""
    g = after_showdown()
    events = combat.advance(g)
    while g.s["battle"]:
        choice = g.s["battle"]["choice"]
        events += combat.choose_hit(g, choice["side"], Hit((choice["candidates"][0],)))
    hits = [e for e in events if e["kind"] == "hit"]
    assert hits and all(e["to"] == "all" for e in hits)


def fire_and_absorb(state: dict, gun: str) -> dict:
    """The French gun fires into 42; the Russian applies the hits, each to his first candidate."""
    state, _ = do(state, "french", f"fire {gun} 42")
    while state["battle"] and state["battle"]["choice"]:
        state, _ = do(state, "russian", f"hit {state['battle']['choice']['candidates'][0]}")
    return state


def test_2_6_3_the_artillery_step_waits_whatever_the_hidden_chief_strength():
    """2.6.3: the supreme commander's strength limits "the maximum number of activated Artillery which
    may fire into a battle Area at once"; that strength is hidden, so with a third activated gun
    beside the battle the game waits for the French `fire` or `end` whether Napoleon has 2 stars or
    4, and the Russian sees the same. With 2 stars the third gun is refused (positive control: 4)."""
    guns = ("F-I-A1", "F-III-A", "F-I-A2")
    russians = {"R-G-1LG": 42, "R-G-2LG": 42, "R-G-C": 42, "R-1-3": 42}
    states = []
    for stars in (2, 4):
        state = position({"F-NAP": (21, stars), "F-I-1": 42, **dict.fromkeys(guns, 16), **russians})
        for gun in guns:
            state["blocks"][gun]["activated"] = True
        battle(game(state), 42, stage="artillery")
        states.append(fire_and_absorb(fire_and_absorb(state, guns[0]), guns[1]))
    weak, strong = states
    assert bm.view(weak, "russian") == bm.view(strong, "russian")
    assert bm.active_sides(weak) == bm.active_sides(strong) == ["french"]
    refused(weak, "french", "fire F-I-A2 42", "5.3.1")
    assert next(e["kind"] for e in do(strong, "french", "fire F-I-A2 42")[1]) == "artillery"


def test_5_3_6_hits_chosen_together_offer_every_way_to_apply_them_once():
    """5.3.6: the hits are applied one by one, the owner choosing among equally strong units, with
    nothing rolled or shown between them: `whole_answers` offers each way to apply them all as one
    `hit`, each set of units once. Three artillery hits on two infantry tied at 3: the two ways
    (which unit takes two), each leading where the same hits named one at a time lead; then, the
    showdown's hits to come, the order that applies every hit of the battle (`hit order`)."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 3})
    state, _ = do(state, "french", "end")
    together = [c.to_text() for c in bm.whole_answers(state, "russian")]
    assert together == ["hit R-1-11 R-1-4 R-1-11", "hit R-1-11 R-1-4 R-1-4", "hit order R-1-11 R-1-4"]
    for text in together[:2]:
        one_by_one = state
        for unit in text.split()[1:]:
            one_by_one, _ = do(one_by_one, "russian", f"hit {unit}")
        assert do(state, "russian", text)[0] == one_by_one
    assert bm.whole_answers(state, "french") == []


def test_5_3_6_hits_chosen_together_offer_each_outcome_once():
    """5.3.6: hits go one by one to the strongest units, so five artillery hits on units at 3, 3
    and 2 leave each at 1 whatever the order the ties are broken in: one answer, not a button for
    each order. After the showdown the last hit ends the battle, applied at once by the rules: the
    answers named four hits in three orders, three buttons that all did the same."""
    g = game(position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44, "R-1-6J": (44, 2)}, control={44: "russian"}))
    battle(g, 44, due={"french": 0, "russian": 5}, hits={"french": 5, "russian": 0}, shown=True, volleys=[])
    combat.advance(g)
    state = g.s
    together = bm.whole_answers(state, "russian")
    assert len(together) == 1
    after, _ = do(state, "russian", together[0].to_text())
    assert [strength(after, b) for b in ("R-1-4", "R-1-11", "R-1-6J")] == [1, 1, 1]


def test_5_3_6_hits_chosen_together_name_a_hit_the_rules_apply_at_once_in_its_place():
    """After the showdown a hit with a single unit to go to is applied by the rules at once: in the
    5.3.6.1 example the Russian's first hit goes to one of two infantry tied at 2, the next has one
    unit to go to, the third a tie again. Each answer names that unit in its place and goes on, so
    one click applies all six hits (answers stopped at it, and the hits after it were asked again:
    on simcord three French hits in an area took two clicks), leading where the hits chosen one at
    a time lead. Whichever of the two takes the third, both are eliminated by the fourth: the
    order they fell in is all that differs, and nothing reads it, so one answer."""
    g = after_showdown()
    combat.advance(g)
    due = g.s["battle"]["due"]["russian"]
    together = [c.to_text() for c in bm.whole_answers(g.s, "russian")]
    assert together == ["hit R-1-1Gr R-1-1J R-1-1Gr"]
    first, other = (do(g.s, "russian", text)[0] for text in (*together, "hit R-1-1Gr R-1-1J R-1-1J"))
    assert first != other and first["eliminated"][1] == other["eliminated"][0]
    assert first == {**other, "eliminated": [other["eliminated"][1], other["eliminated"][0], *other["eliminated"][2:]]}
    for text in together:
        one_by_one, names = g.s, text.split()[1:]
        while one_by_one["battle"]["choice"]["side"] == "russian":  # each choice in turn, by the hits applied
            one_by_one, _ = do(one_by_one, "russian", f"hit {names[due - one_by_one['battle']['due']['russian']]}")
        assert do(g.s, "russian", text)[0] == one_by_one


def test_5_3_6_hits_chosen_together_never_reach_past_a_roll():
    """The last artillery hit before the showdown is chosen alone: the showdown's dice come after it,
    and the hits they bring are asked once rolled (an answer naming two units chose the second
    before its die was seen), unless the player gives his order for all of them (`hit order`)."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 1})
    state, _ = do(state, "french", "end")
    assert [c.to_text() for c in bm.whole_answers(state, "russian")] == ["hit R-1-11", "hit R-1-4",
                                                                          "hit order R-1-11 R-1-4"]


def test_5_3_6_an_order_given_once_applies_every_hit_of_the_battle_as_each_hit_asked_would():
    """5.3.6: "Hits are applied one by one, to the Unit(s) which has the highest Strength at the moment that
    hit is applied. If two or more Units have the same Strength, then the controlling player chooses": he
    may choose once for the battle, as a player at the table says "among equals, the 11th first". `hit
    order R-1-11` applies the 3 artillery hits due, then the next gun's and the showdown's as they come,
    none asked: the battle ends where answering each question with the first unit of the order ends it.
    Before the showdown everyone reads the count and the order given, the units hit are the Russian's."""
    state = guns_on_42()
    ordered, events = do(state, "russian", "hit order R-1-11")
    assert ordered["battle"]["order"] == {"russian": ["R-1-11", "R-1-4", "R-1-BT"]}  # Barclay, not named, last
    assert [e["text"] for e in events if e.get("to", "all") == "all"] == [
        "The Russian player applies 3 hits in 42 by the order given for this battle (5.3.6)."]
    assert {e["to"] for e in events if e["kind"] == "hit"} == {"russian"}
    by_hand = state
    for gun in ("", "fire F-I-A2 42", "end"):
        if gun:
            ordered, _ = do(ordered, "french", gun)
            by_hand, _ = do(by_hand, "french", gun)
        while by_hand["battle"] and by_hand["battle"]["choice"]:
            first = min(by_hand["battle"]["choice"]["candidates"], key=["R-1-11", "R-1-4", "R-1-BT"].index)
            by_hand, _ = do(by_hand, by_hand["battle"]["choice"]["side"], f"hit {first}")
        assert bm.choice(ordered) is None and ordered["battle"] == (by_hand["battle"] and {
            **by_hand["battle"], "order": ordered["battle"]["order"]})
    assert ordered == by_hand and ordered["battle"] is None


def test_5_3_6_an_order_names_the_player_s_units_in_the_battle_once_each_while_his_hit_waits():
    """The order is refused, nothing changed, naming a unit not in the battle (with those there), a unit
    twice, or once the battle waits for the other player; it is offered on the question's buttons after the
    hits of the step, in the orders the standing orders spare units (leaders and artillery last)."""
    state = guns_on_42()
    assert refused(state, "russian", "hit order R-1-17", "5.3.6") == (
        "Russian 17 (R-1-17, infantry) is not in the battle in 42: name your units there, R-1-11, R-1-4, R-1-BT "
        "(5.3.6).")
    refused(state, "russian", "hit order R-1-4 4", "5.3.6")
    after, _ = do(state, "russian", "hit order R-1-4")
    assert refused(after, "russian", "hit order R-1-4", "4.0") == "The game waits for the French player (4.0)."
    order = bm.whole_answers(state, "russian")[-1]
    assert order.to_text() == "hit order R-1-11 R-1-4 R-1-BT"
    assert bm.in_words_in_game(state, "russian", order) == "Every hit in 42, ties first to R-1-11, R-1-4, R-1-BT"
