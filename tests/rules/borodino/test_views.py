"""The Borodino view: what every reader of a game (the text, the map, the computer) takes from it.

Borodino hides nothing, so the view is the same for every side but its `viewer`; these tests read
it whole, key by key, where the renderers and texts each read only a part.
"""
from rules.borodino import dv_leaders
from rules.core.hexes import within
from tests.rules.borodino.dv_helpers import G, dv_position
from tests.rules.borodino.helpers import borodino, open_ground, position

KEYS = {
    "system", "scenario", "title", "viewer", "turn", "first_turn", "last_turn", "day", "clock", "night",
    "phase", "player", "to_move", "prompt", "units", "waiting", "eliminated", "exited", "redoubts", "losses",
    "exited_points", "must_attack", "must_be_attacked", "owed", "options", "log", "last_log", "unit_words",
    "outcome", "notes", "plain_notes", "zoc", "exits_east", "position",
}


def test_a_new_7_september_game_reads_whole():
    state = borodino.setup("7sep", 1, [])
    v = borodino.view(state, "french")
    assert set(v) == KEYS  # no Doomed Victory leaders or broken units without those options
    assert {k: v[k] for k in ("system", "scenario", "title", "viewer", "turn", "first_turn", "last_turn", "day",
                              "clock", "night", "phase", "player", "to_move", "prompt")} == {
        "system": "borodino", "scenario": "7sep", "title": "7 September: the Great Battle", "viewer": "french",
        "turn": 27, "first_turn": 27, "last_turn": 40, "day": "7 Sept", "clock": "0600", "night": False,
        "phase": "movement", "player": "french", "to_move": ["french"], "prompt": None}
    assert (v["waiting"], v["eliminated"], v["exited"], v["options"]) == ([], [], [], [])
    assert v["losses"] == v["exited_points"] == {"french": 0, "russian": 0}
    assert v["last_log"] == state["last_log"] and v["log"] == state["log"]
    assert v["outcome"] is None
    assert v["notes"] == ["Losses: French 0, Russian 0 Combat Points."]
    assert borodino.view(state, "russian")["viewer"] == "russian" and borodino.view(state, None)["viewer"] is None


def test_units_are_listed_by_hex_each_with_what_its_counter_shows():
    v = borodino.view(borodino.setup("7sep", 1, []), None)
    hexes = [u["hex"] for u in v["units"]]
    assert hexes == sorted(hexes) and len(hexes) == 79
    assert v["units"][0] == {
        "id": "R-Cos-1", "side": "russian", "hex": "1210", "type": "cavalry", "strength": 1, "movement": 6,
        "name": "1st Cossacks", "corps": "Cossacks", "moved": False, "attacked": False, "advanced": False,
        "guard": False, "released": False, "frozen": False}


def test_redoubts_carry_their_name_strength_front_and_holder():
    v = borodino.view(borodino.setup("7sep", 1, []), None)
    assert v["redoubts"][0] == {"hex": "2817", "name": "Great Redoubt", "strength": 6,
                                "front": ["2718", "2818", "2918"], "destroyed": False, "held": "russian"}
    assert [r["hex"] for r in v["redoubts"]] == sorted(r["hex"] for r in v["redoubts"])


def test_the_computer_s_position_is_the_whole_state_but_its_dice():
    state = borodino.setup("7sep", 1, [])
    position_ = borodino.view(state, "russian")["position"]
    assert position_ == {k: v for k, v in state.items() if k != "dice"} and "dice" not in position_


def test_reinforcements_waiting_show_where_they_enter():
    state = borodino.setup("5sep", 1, [])
    v = borodino.view(state, "french")
    waiting = {u["id"]: u for u in v["waiting"]}
    assert waiting["F-IC-1L"]["entry"] == "2630" and waiting["F-IC-1L"]["name"]
    assert set(waiting) == {uid for uid, u in state["units"].items() if u["where"] == "waiting"}
    assert [u["id"] for u in v["waiting"]] == sorted(waiting)


def test_the_status_says_how_waiting_reinforcements_enter():
    """Scenarios: "reinforcements are placed on their respective entry hexes as called for on the
    Reinforcement Chart": the first status of a game (read before any event) says how one is moved on,
    and that one not moved on is placed on its entry hex."""
    v = borodino.view(borodino.setup("5sep", 1, []), "french")
    assert v["notes"][0] == ("Reinforcements of this Game-Turn, waiting to enter at 2630: F-IC-1H (2-5 cavalry), "
                             "F-IC-1L (2-5 cavalry) and F-IC-5H (2-5 cavalry). `move <id> <hex>` moves one on; one "
                             "not moved on is placed on its entry hex when the phase ends (Scenarios).")
    assert v["plain_notes"][0] == ("Reinforcements of this Game-Turn, waiting to enter at 2630: F-IC-1H (2-5 "
                                   "cavalry), F-IC-1L (2-5 cavalry) and F-IC-5H (2-5 cavalry). One not moved on "
                                   "is placed on its entry hex when the phase ends (Scenarios).")  # no instruction
    assert v["plain_notes"][1:] == v["notes"][1:]


def test_a_night_turn_s_prompt_states_night_movement_a_whole():
    """Night Movement (A): no unit may come within three hexes of the enemy, but one that begins within
    three "may only move into hexes which are further from any Enemy unit than its starting hex",
    which may still be within three."""
    state = borodino.setup("grand", 1, [])
    state["turn"] = 9
    view = borodino.view(state, "french")
    assert view["prompt"] == (  # the choice in a short sentence, what the night allows as points
        "Night: no combat, and no moving near the enemy (Night Movement):\n"
        "- no unit may move within three hexes of the enemy (A)\n"
        "- one that begins within three may only move further away (A)\n- one next to the enemy too (B)")
    assert not [note for note in view["notes"] if "Night" in note]  # said once: the prompt, which the picture shows
    state["turn"] = 8
    assert borodino.view(state, "french")["prompt"] is None


def test_a_night_turn_s_status_names_the_destroyed_redoubts_a_russian_unit_may_rebuild():
    """Night Movement (C): "If Russian units occupy a 'destroyed' Redoubt hex at the end of the last
    night Movement Phase the 'destroyed' marker is removed": the night's status names the redoubts
    destroyed, where only the morning's event told of a rebuilding; by day, nothing."""
    state = borodino.setup("grand", 1, [])
    state["turn"], state["redoubts"]["2817"]["destroyed"] = 25, True
    told = "Destroyed redoubts: 2817; a Russian unit in one when the second night turn ends rebuilds it (Night " \
        "Movement C)."
    assert told in borodino.view(state, "russian")["notes"]
    state["turn"] = 24
    assert not [n for n in borodino.view(state, "russian")["notes"] if "Destroyed" in n]


def test_the_5_september_frozen_units_are_counted_in_the_russian_movement_phase_only():
    """"The Russian Player may not move any of the units north of the Great Redoubt until 15.00" (5
    September special rules): the status counts them, and how many more may begin moving, where a
    unit may move; the Russian Combat Phase and the Doomed Victory Rally Phase, where none does, say
    nothing of it."""
    state = borodino.setup("5sep", 1, [])
    said = {phase: [n for n in borodino.view(dict(state, player="russian", phase=phase), "russian")["notes"]
                    if "frozen" in n] for phase in ("movement", "combat", "rally")}
    assert said == {"movement": ["25 Russian units north of the Great Redoubt are frozen until 1500, when one may "
                                 "begin moving, and one more each Game-Turn after (5 September special rules)."],
                    "combat": [], "rally": []}


def test_the_frozen_units_note_says_when_they_may_move_and_how_many_more_may():
    """Before 1500 the note says when the first may begin moving; from 1500 "the Russian Player may
    begin moving one unit per Game-Turn" (5 September special rules): one more, then none once it
    has; it read '0 more may begin moving this turn' before 1500, as if some had already begun. It says
    Game-Turn, as the note before 1500 and the headline do."""
    state = dict(borodino.setup("5sep", 1, []), player="russian", turn=4)

    def said(**changed: object) -> str:
        note, = [n for n in borodino.view(dict(state, **changed), "russian")["notes"] if "frozen" in n]
        return note.removeprefix("25 Russian units north of the Great Redoubt are frozen; ")
    assert said() == "one more may begin moving this Game-Turn (5 September special rules)."
    assert said(unfrozen=state["frozen"][:1]).startswith("24 Russian units north of the Great Redoubt are frozen; "
                                                        "no more may begin moving this Game-Turn")


def test_a_last_frozen_unit_is_counted_in_the_singular():
    """The note of the 5 September frozen units counts one as one ('1 Russian unit ... is frozen')."""
    state = borodino.setup("5sep", 1, [])
    state["unfrozen"] = state["frozen"][1:]
    said = [n for n in borodino.view(dict(state, player="russian"), "russian")["notes"] if "frozen" in n]
    assert said == ["1 Russian unit north of the Great Redoubt is frozen until 1500, when one may begin moving, and "
                    "one more each Game-Turn after (5 September special rules)."]


def test_reinforcements_are_listed_by_entry_hex():
    """Scenarios: each reinforcement comes on at its entry hex; the status lists the phasing side's
    by hex, each with its printed strength-movement and type, as the player moves them on."""
    state = borodino.setup("5sep", 1, [])
    for uid, entry in (("F-I-2", "2630"), ("F-V-cav", "3930")):
        state["units"][uid].update(where="waiting", entry=entry)
    for uid in ("F-IC-1H", "F-IC-1L", "F-IC-5H"):
        state["units"][uid]["where"] = "future"
    said = [n for n in borodino.view(state, "french")["notes"] if n.startswith("Reinforcements")]
    assert said == ["Reinforcements of this Game-Turn, waiting to enter at 2630: F-I-2 (7-4 infantry); at 3930: "
                    "F-V-cav (2-5 cavalry). `move <id> <hex>` moves one on; one not moved on is placed on its entry "
                    "hex when the phase ends (Scenarios)."]


def test_eliminated_and_exited_units_are_named_apart():
    state = position({"F-IC-1L": G})
    state["units"]["F-IC-1H"]["where"] = "eliminated"
    state["units"]["F-IC-5H"]["where"] = "exited"
    v = borodino.view(state, "french")
    assert (v["eliminated"], v["exited"]) == (["F-IC-1H"], ["F-IC-5H"])


def test_attacks_due_are_read_only_in_the_combat_phase():
    """Combat B: adjacent enemies owe an attack in the Combat Phase, not while units still move."""
    units = {"F-IC-1L": "2520", "R-VI-24": "2521"}
    moving = borodino.view(position(units, phase="movement"), "french")
    assert (moving["must_attack"], moving["must_be_attacked"], moving["owed"]) == ([], [], [])
    assert not any(n.startswith("Attacks due") for n in moving["notes"])
    fighting = borodino.view(position(units, phase="combat"), "french")
    assert (fighting["must_attack"], fighting["must_be_attacked"]) == (["2520"], ["2521"])
    assert fighting["owed"] == ["2520", "2521"]
    assert fighting["notes"][0] == ("Attacks due (Combat B): must still attack: 2520; must still be attacked: 2521; "
                                    "an attack may carry its answers, `attack <hex> -> <hex> then stay` (Combat H).")
    assert fighting["notes"][1].startswith("Losses:")  # the form in the line of the attacks due, not a
    assert fighting["plain_notes"][0] == (  # line of its own in every Combat Phase's headline; a fact alone for a
        "Attacks due (Combat B): must still attack: 2520; must still be attacked: 2521.")  # side no one plays


def test_doomed_victory_adds_its_leaders_and_broken_units():
    state = dv_position({"F-IC-1L": G}, leaders={"L-DAVOUT": "F-IC-1L"})
    v = borodino.view(state, "french")
    assert set(v) == KEYS | {"leaders", "broken"}
    davout = next(ld for ld in v["leaders"] if ld["id"] == "L-DAVOUT")
    assert davout["name"] == dv_leaders.name("L-DAVOUT") and davout["hex"] == G and davout["where"] == "play"
    assert v["broken"] == []
    state["leaders"]["L-DAVOUT"]["active"] = False  # the note cites the errata by its title, as the others do
    assert "Inactive leaders (their units may not move or attack; Doomed Victory 8.10): French Davout." in \
        borodino.view(state, "french")["notes"]
    state["phase"] = "rally"  # 8.152: there no unit moves or attacks; an inactive leader neither moves nor rallies
    assert "Inactive leaders (they neither move nor rally; Doomed Victory 8.152): French Davout." in \
        borodino.view(state, "french")["notes"]


def test_a_game_over_notes_its_losses_alone():
    """Once the game is over no one moves: its broken units and inactive leaders are no longer
    noted (they were, under 'Game over', beside the losses); nor are the losses where the reason
    of the end tallies them (the last post of a 7 September game told them twice)."""
    state = dv_position({"F-IC-1L": G}, leaders={"L-DAVOUT": "F-IC-1L"})
    state["broken"], state["leaders"]["L-DAVOUT"]["active"] = ["F-IC-1L"], False
    assert len(borodino.view(state, "french")["notes"]) == 3  # the control: broken, inactive, losses
    state["phase"] = "over"  # the 7 September scenario: the end's reason tallies the losses, said once
    assert borodino.view(state, "french")["notes"] == []
    assert "(losses: French 0, Russian 0 Combat Points; " in borodino.view(state, "french")["outcome"]["reason"]
    state = dv_position({"F-IC-1L": G}, scenario="5sep")  # a reason without the tally: the losses noted
    state["phase"] = "over"
    assert borodino.view(state, "french")["notes"] == ["Losses: French 0, Russian 0 Combat Points."]


def test_broken_units_and_inactive_leaders_are_noted_by_side():
    """The note named hexes and leaders of both sides in one list ('Broken (...): 2716, 2915, 2919,
    3020.', seen in a 7 September Russian Combat Phase), so a player could not tell his own from the
    enemy's without looking each up; each side's now follow its name."""
    far = open_ground(1, exclude=(G, *within(G, 3)))
    state = dv_position({"F-IC-1L": G, "R-VI-24": far}, leaders={"L-DAVOUT": "F-IC-1L", "L-DOKHTUROV": "R-VI-24"})
    state["broken"] = ["F-IC-1L", "R-VI-24"]
    state["leaders"]["L-DAVOUT"]["active"] = state["leaders"]["L-DOKHTUROV"]["active"] = False
    notes = borodino.view(state, "russian")["notes"]
    assert f"Broken (may not attack; Doomed Victory 6.10): French {G}; Russian {far}." in notes
    assert "Inactive leaders (their units may not move or attack; Doomed Victory 8.10): French Davout; Russian " \
           "Doctorov." in notes
    state["broken"] = ["R-VI-24"]  # a side with none is not named
    assert f"Broken (may not attack; Doomed Victory 6.10): Russian {far}." in borodino.view(state, "french")["notes"]
