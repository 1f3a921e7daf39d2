"""What each side reads in its view (rules/bloody_monday/views.py), word for word: the prompt of
every stage of a turn (3.0-3.6 logistics, 4.0 impulses, 5.3.1 artillery, 5.3.6 hits, 6.4 retreat,
9.1 jagers, 9.2 Grande Batterie), the notes (6.0 initiative, 5.1 leaders and battles, 6.2-6.3
units moved, FAQ 5 battles due, 7.0 a pass made), and the fog of war of the units and the log
(Setup: Fog of War; Contested Area). Fast, built by hand: the fog-of-war runs are in
test_fog_of_war.py."""
from __future__ import annotations

from rules.bloody_monday import turns, views
from tests.rules.bloody_monday.bm_helpers import battle, bm, do, game, position
from tests.rules.bloody_monday.test_5_3_combat import after_showdown, attack_42
from tests.rules.bloody_monday.test_6_4_retreat import FRENCH_HELD, at_retreat

SIDES = (None, "french", "russian")
OPENING = "French impulse: `tactical`, `pass` or `initiative <action>` (4.0)."
TURN_1 = "The French player holds the Initiative Disc (6.0)."


def prompts(state: dict) -> dict[str | None, str | None]:
    """The prompt each viewer reads: the public, the French and the Russian player."""
    return {viewer: bm.view(state, viewer)["prompt"] for viewer in SIDES}


def alike(text: str | None) -> dict[str | None, str | None]:
    return dict.fromkeys(SIDES, text)


# -- prompts -----------------------------------------------------------------------------------------

def test_4_0_an_impulse_opens_with_the_choice_of_action():
    """An Initiative Action is offered only to the holder of the Initiative Disc (6.0), whom the notes name: the
    Russian impulse of a turn whose disc is French offered one the Russian could not take."""
    assert prompts(position({"F-I-1": 16})) == alike(OPENING)
    assert prompts(position({"F-I-1": 16}, player="russian")) == alike("Russian impulse: `tactical` or `pass` (4.0).")
    assert prompts(position({"F-I-1": 16}, player="russian", initiative="russian")) == alike(
        "Russian impulse: `tactical`, `pass` or `initiative <action>` (4.0).")
    assert prompts(position({"F-I-1": 16}, initiative="russian")) == alike(
        "French impulse: `tactical` or `pass` (4.0).")


def _others_read(state: dict, text: str) -> None:
    """The Russian player and the public read the French action's name and segment only."""
    assert prompts(state)[None] == prompts(state)["russian"] == text


def test_5_0_a_tactical_action_tells_its_player_what_each_segment_allows():
    state, _ = do(position({"F-I-D": 16, "F-I-1": 16}), "french", "tactical")
    assert prompts(state)["french"] == (  # the segment in a short sentence, what it allows a point each
        "French Tactical Action, activation segment (5.0):\n- `activate <leader> [<area>]` (5.1), one of:\n"
        "- F-I-D in 16\n- then `move <block> <area>` the units your activated leaders command (5.2)\n"
        "- `battle <area>` (5.3) and `end` (5.0)")
    _others_read(state, "French Tactical Action, activation segment (5.0).")
    state = attack_42()
    assert prompts(state)["french"] == (
        "French Tactical Action, movement segment (5.2):\n- `move <block> <area>` the units your activated leaders "
        "command\n- `activate <artillery>` (5.2.1)\n- then `inspire <leader> <block>` (5.2.2), `battle <area>` (5.3) "
        "or `end` (5.0)")
    _others_read(state, "French Tactical Action, movement segment (5.0).")
    state["impulse"]["segment"] = "inspiration"
    assert prompts(state)["french"] == ("French Tactical Action, inspiration segment (5.2.2):\n- `inspire <leader> "
                                        "<block>`\n- then `battle <area>` (5.3) or `end` (5.0)")
    state["impulse"]["segment"] = "combat"
    assert prompts(state)["french"] == (
        "French Tactical Action, combat segment (5.3):\n- `battle <area>` in each contested area, newly contested ones "
        "first (FAQ 5)\n- then `end` (5.0)")
    _others_read(state, "French Tactical Action, combat segment (5.0).")


def test_7_0_a_pass_tells_its_player_one_unit_may_move():
    state, _ = do(position({"F-I-1": 16}), "french", "pass")
    assert prompts(state)["french"] == "French Pass: `move <block> <area>`, one unit at most, then `end` (7.0)."
    _others_read(state, "French Pass, movement segment (7.0).")


def test_6_2_and_6_3_initiative_actions_name_how_many_may_move():
    state, _ = do(position({"F-I-1": 16}), "french", "initiative move")
    limit = state["impulse"]["limit"]
    assert prompts(state)["french"] == (
        f"French Special Movement and Combat, movement segment (6.2):\n- `move <block> <area>`, up to {limit} units\n"
        "- then `battle <area>` where contested, then `end`")
    state["impulse"]["segment"] = "combat"
    assert prompts(state)["french"] == ("French Special Movement and Combat, combat segment (6.2):\n"
                                        "- `battle <area>` where contested, then `end`")
    state["impulse"]["segment"] = "movement"
    _others_read(state, "French Special Movement and Combat, movement segment (6.2).")
    state["impulse"].update(kind="raid", limit=3)  # 6.3: "cannot Engage, nor Disengage, and no Combat"
    assert prompts(state)["french"] == (
        "French Cavalry Raid (6.3):\n- `move <block> <area>`, up to 3 cavalry, no engagement\n- then `end`")
    _others_read(state, "French Cavalry Raid, movement segment (6.3).")


def test_5_3_1_a_battle_waits_for_the_attackers_artillery():
    state, _ = do(attack_42(), "french", "battle 42")
    waiting = "The battle in 42: the French player's activated artillery may fire into it (5.3.1)."
    assert prompts(state) == {None: waiting, "russian": waiting,
                              "french": "The battle in 42: `fire F-I-A1 42`, or `end` the artillery fire (5.3.1)."}


def test_5_3_6_only_the_chooser_hears_which_units_may_take_the_hits():
    """5.3.1: the defender applies artillery hits "without showing his Units to the attacker". The
    one unit the next hit goes to is named as such, not as 'one of your strongest units'."""
    state, _ = do(attack_42(), "french", "battle 42", "fire F-I-A1 42")
    assert state["battle"]["due"]["russian"] == 3  # the seed's dice: 5, 2, 6, 4 at TF
    assert prompts(state) == {
        None: "The Russian player is applying hits in 42 (5.3.6).",
        "french": "The Russian player is applying hits in 42 (5.3.6).",
        "russian": "Apply 3 hits in 42, the next to your strongest unit (5.3.6):\n- `hit R-1-2J`"}


def test_5_3_6_a_tie_offers_every_strongest_unit_and_one_hit_is_one():
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 1})
    state, _ = do(state, "french", "end")
    assert prompts(state)["russian"] == ("Apply 1 hit in 44, the next to one of your strongest units (5.3.6):\n"
                                         "- `hit R-1-11` or `hit R-1-4`\n"
                                         "- or every hit of this battle, ties to the first named: `hit order <unit> "
                                         "<unit>...`")
    assert prompts(state)[None] == "The Russian player is applying hits in 44 (5.3.6)."


def test_5_3_6_three_strongest_units_are_offered_as_a_list_is_read():
    """A tie of three or more reads '`hit A`, `hit B` or `hit C`', not '`hit A` or `hit B` or `hit C`' (a
    Bloody Monday battle in 45 on simcord offered four so, each `/order command:hit ...` on a phone).
    Where no later step may bring more hits, the units are its one point (the order for the battle's
    every hit is no answer there): one sentence with them ran up to 116 characters."""
    state = position({"F-I-1": 44, "R-1-4": 44, "R-1-11": 44, "R-1-17": 44})
    battle(game(state), 44, stage="artillery", due={"french": 0, "russian": 1})
    state, _ = do(state, "french", "end")
    assert prompts(state)["russian"].splitlines()[1] == "- `hit R-1-11`, `hit R-1-17` or `hit R-1-4`"
    state["battle"].update(shown=True, volleys=[], volley=0)
    assert prompts(state)["russian"] == ("Apply 1 hit in 44, the next to one of your strongest units (5.3.6):\n"
                                         "- `hit R-1-11`, `hit R-1-17` or `hit R-1-4`")


def test_6_4_the_retreat_areas_are_public_their_room_the_defenders():
    """6.4: the areas adjacent and controlled are public; how much room each has (1.2, his own
    units) only the defender hears: the choice first, in one short sentence, then its two answers as points
    (in one line of 231 characters a phone showed eight lines; dashes between its clauses read as hyphens), the
    last the stand in every battle of the impulse (`stand all`)."""
    state = attack_42(**{"R-1-3": 41, "R-1-4": 41, "R-1-11": 41, "R-1-3J": 41})
    state["initiative"] = "russian"
    state, _ = do(state, "french", "battle 42", "end")
    public = ("The battle in 42: the Russian player may spend the Initiative Disc to retreat into 41, 44, 51 or "
              "stand (6.4).")
    assert prompts(state) == {
        None: public, "french": public,
        "russian": "The battle in 42: spend the Initiative Disc to retreat, or `stand` (6.4):\n"
                   "- `retreat <area> ...` into 44 (room 4), 51 (room 4)\n"
                   "- full: 41; a unit without room in any area is eliminated\n"
                   "- `retreat <block> <area> ...` places each unit, where not all have room\n"
                   "- `stand all` stands here and in every later battle of this impulse"}


def test_6_4_room_is_never_below_nothing():
    """1.2: an overstacked area (five units where four fit) offers no room, not a negative one."""
    state = attack_42(**{"R-1-3": 41, "R-1-4": 41, "R-1-11": 41, "R-1-3J": 41, "R-1-4J": 41})
    state["initiative"] = "russian"
    state, _ = do(state, "french", "battle 42", "end")
    assert "into 44 (room 4), 51 (room 4)\n- full: 41;" in prompts(state)["russian"]


def test_6_4_the_room_of_a_contested_retreat_area_counts_the_defenders_units_only():
    """1.2: stacking counts a side's own units, so the room the defender reads for a contested area he
    controls (6.4 allows it) leaves the enemy's units out: 42 (green, four places) with one Russian and
    one French unit has room for three Russians, not two."""
    state = at_retreat({"R-1-3": 44, "F-I-2": 42, "R-1-4": 42}, control=FRENCH_HELD | {42: "russian"})
    assert game(state).contested(42)
    assert "`retreat <area> ...` into 42 (room 3)" in prompts(state)["russian"]


def test_9_1_jagers_choose_after_the_showdown():
    state = position({"F-I-1": 55, "R-1-2J": 55}, options=["russian_jager"], control={55: "russian"})
    battle(game(state), 55, stage="artillery")
    state, _ = do(state, "french", "end")
    assert state["battle"]["stage"] == "jagers"
    waiting = "The battle in 55: the Russian player chooses whether the full-strength jagers skirmish or ambush (9.1)."
    assert prompts(state) == {None: waiting, "french": waiting, "russian": (
        "The battle in 55: your full-strength jagers may skirmish away or ambush (9.1):\n"
        "- `skirmish R-1-2J <area>`, one step down, into 44, 45, 52, 66, 67, 71\n- `ambush R-1-2J`\n"
        "- `end` to fight as usual")}


def test_9_2_the_grande_batterie_fires_before_the_first_impulse():
    state = position({}, options=["grande_batterie"])
    assert prompts(state) == alike("Grande Batterie (9.2):\n- `fire <artillery> <area>` from 16, 28, 31 and 32, "
                                   "once each\n- then `end`")
    state["battery"] = None  # positive control: the batterie done, the first impulse
    assert prompts(state) == alike(OPENING)


RESTORE = ("Restore your blocks (3.4-3.6):\n- `restore <block>`: leaders, then artillery, then combat units\n"
           "- then `end`")


def test_3_0_the_logistics_phase_tells_only_its_player_what_to_do():
    g = game(position({}))
    turns.start_logistics(g)
    state = g.s
    waiting = "The Russian player's logistics (3.0)."
    assert prompts(state) == {
        None: waiting, "french": waiting,
        "russian": "Activate your supreme commander, or `end` to keep its strength (3.1):\n- `activate R-KUT`\n"
                   "- `activate R-KUT <area>` moves it there first"}
    state["logistics"].update(stage="reinforce", lv=5, reinforced=2)
    assert prompts(state)["russian"] == (  # the choice in a short sentence, the commands as points
        "You may deploy up to 3 reinforcements (3.1-3.6):\n- `reinforce`, or `reinforce <count>`\n"
        "- then restore leaders, artillery and combat units: `restore <block>`\n- then `end`")
    state["logistics"]["stage"] = "restore"
    assert prompts(state) == {
        None: waiting, "french": waiting,
        "russian": RESTORE}
    state["logistics"]["index"] = 1
    assert prompts(state)["russian"] == "The French player's logistics (3.0)."


def test_2_6_3_an_exhausted_supreme_commander_is_offered_no_activation():
    """2.6.3: "Once exhausted, its Strength is 0": `activate` is refused, and the prompt offered it as
    the first thing to do; now it says to `end`, to its player alone (the stars are his secret)."""
    g = game(position({"R-KUT": (69, 1)}))
    turns.start_logistics(g)
    assert prompts(g.s) == {
        None: "The Russian player's logistics (3.0).", "french": "The Russian player's logistics (3.0).",
        "russian": "Your supreme commander is exhausted and cannot be activated (2.6.3): `end` your logistics (3.1)."}
    assert [c.to_text() for c in bm.legal_commands(g.s, "russian")] == ["end"]


def test_3_3_the_reinforcements_offered_are_those_that_can_come():
    """3.3: reinforcements come from the pool into a victory area with room: the prompt offers no more
    than the pool holds, and none when none can come (the pool empty), only the restoring (3.4-3.6)."""
    g = game(position({}, pools=["R-1-1J", "R-1-2J"]))
    turns.start_logistics(g)
    g.s["logistics"].update(stage="reinforce", lv=5)
    assert prompts(g.s)["russian"].startswith("You may deploy up to 2 reinforcements (3.1-3.6):\n- `reinforce`")
    g = game(position({}, pools=[]))
    turns.start_logistics(g)
    g.s["logistics"].update(stage="reinforce", lv=5)
    assert prompts(g.s)["russian"] == RESTORE


def test_8_0_a_game_over_prompts_nobody():
    state = position({})
    state.update(phase="over", outcome={"winner": "french", "reason": "How to Win A"})
    view = bm.view(state, "french")
    assert view["prompt"] is None and view["outcome"] == {"winner": "french", "reason": "How to Win A"}
    # nor notes who holds the Initiative Disc: the final post read it under 'Game over' (seen on simcord)
    assert notes(state) == dict.fromkeys(SIDES, [])


# -- notes ---------------------------------------------------------------------------------------------------

def notes(state: dict) -> dict[str | None, list[str]]:
    return {viewer: bm.view(state, viewer)["notes"] for viewer in SIDES}


def test_6_0_the_holder_of_the_initiative_disc():
    """The note names the holder alone: the headline above it already reads 'Turn 3 of 4 | ...' (it read
    'Turn 3 of 4; the Russian player holds ...' under it, the turn twice in a row)."""
    assert notes(position({})) == dict.fromkeys(SIDES, [TURN_1])
    state = position({}, initiative="russian", turn=3)
    assert notes(state)[None] == ["The Russian player holds the Initiative Disc (6.0)."]
    assert bm.view(state, None)["turn"] == 3


def test_5_1_leaders_and_battles_counted_for_the_player_faq_5_battles_due_for_all():
    """5.1: one battle per activated leader, within the supreme commander's strength (Napoleon: 4);
    FAQ 5: "battles in newly contested areas are mandatory", public since the contest is."""
    due = "Battles due in newly contested areas (FAQ 5): 42."
    assert notes(attack_42()) == {
        None: [TURN_1, due], "russian": [TURN_1, due],
        "french": [TURN_1, "Leaders activated: 1 of 4; battles fought: 0 (5.1).", due]}


def test_3_2_the_logistics_player_reads_the_lps_left_for_each_kind_of_step():
    """3.1-3.6: the Logistics Value is spent apart on leader, artillery and combat unit steps, in that
    order; once the supreme commander is activated its player reads what is left of each still open,
    and the other player nothing of it (only that steps are restored)."""
    g = game(position({"F-NAP": 19, "F-I-1": (22, 2), "F-I-D": (22, 2)}, control={41: "french"}, turn=2))
    turns.start_logistics(g)
    state, _ = do(g.s, "russian", "end")
    state, _ = do(state, "french", "activate F-NAP")
    assert notes(state)["french"][1] == (
        "Logistics Value 6; LPs left: 6 for leader steps, 6 for artillery steps, 6 for combat unit steps (3.2, "
        "3.4-3.6).")
    state, _ = do(state, "french", "restore F-I-D", "restore F-I-1")  # the leader 1 LP (3.5), the infantry 2 (3.6)
    assert notes(state)["french"][1] == "Logistics Value 6; LPs left: 4 for combat unit steps (3.2, 3.4-3.6)."
    assert len(notes(state)["russian"]) == len(notes(state)[None]) == 1


def test_8_0_a_game_won_in_mid_impulse_counts_and_owes_nothing_more():
    """How to Win: a game ended by a sudden death in mid-impulse reads no leaders counted, no
    battles due and no holder of the Initiative Disc, and its picture is cropped round nothing owed."""
    state = attack_42()
    state.update(phase="over", outcome={"winner": "french", "level": "sudden death", "reason": "How to Win C"})
    assert notes(state) == dict.fromkeys(SIDES, [])
    assert bm.view(state, None)["owed"] == []


def test_faq_5_a_battle_fought_is_no_longer_due():
    state = attack_42(**{"R-G-1LG": 42})
    state["impulse"]["fought"] = [42]
    assert notes(state)["french"] == [TURN_1, "Leaders activated: 1 of 4; battles fought: 1 (5.1)."]


def test_faq_5_an_area_no_longer_contested_is_not_due():
    state = attack_42()
    state["impulse"]["new"] = [42, 41]  # 41 holds nobody: newly entered, not contested
    assert notes(state)[None] == [TURN_1, "Battles due in newly contested areas (FAQ 5): 42."]


def test_faq_5_the_battle_under_way_is_not_told_as_due():
    """FAQ 5, 5.3: while the battle in 42 is fought (its guns fire), the notes named 42 among the battles
    due; they name the others only."""
    state = attack_42(**{"F-I-2": 44, "R-1-4": 44})
    state["impulse"]["new"] = [42, 44]
    state, _ = do(state, "french", "battle 42")
    assert state["battle"]["area"] == 42
    assert notes(state)[None] == [TURN_1, "Battles due in newly contested areas (FAQ 5): 44."]


def test_faq_5_every_battle_due_is_named():
    state = attack_42(**{"F-I-2": 44, "R-1-4": 44})
    state["impulse"]["new"] = [42, 44]  # both newly contested in this impulse, neither fought yet
    assert notes(state)[None] == [TURN_1, "Battles due in newly contested areas (FAQ 5): 42, 44."]


def test_faq_5_the_battles_due_are_named_by_number():
    """They read '45, 29' where 45 was entered first (seen on simcord, the Russian's first impulse): by
    number, as a player finds them on the map."""
    state = attack_42(**{"F-I-2": 44, "R-1-4": 44})
    state["impulse"]["new"] = [44, 42]
    assert notes(state)[None] == [TURN_1, "Battles due in newly contested areas (FAQ 5): 42, 44."]


def test_6_2_a_limited_action_counts_the_units_moved_for_its_player():
    state = position({"F-CR-1H": 16})
    state["impulse"] = {"kind": "raid", "segment": "movement", "leaders": [], "tired": [], "commanded": [],
                        "moved": ["F-CR-1H"], "inspired": {}, "new": [], "fought": [], "limit": 3,
                        "offensive": False}
    assert notes(state) == {None: [TURN_1], "russian": [TURN_1],
                            "french": [TURN_1, "Units moved: 1 of 3 (6.2-6.3)."]}


def test_7_0_one_pass_made():
    state, _ = do(position({}), "french", "pass", "end")
    assert notes(state) == dict.fromkeys(SIDES, [TURN_1, "One Pass made: another ends the Impulses Phase (7.0)."])
    passing, _ = do(state, "russian", "pass")
    assert notes(passing)[None] == notes(state)[None]


def test_7_0_a_pass_answered_by_another_action_ends_nothing():
    """7.0: "After two consecutive Passes ... the Turn ends": once the other player has declared a
    Tactical Action, it no longer read 'One Pass made: another ends the Impulses Phase'."""
    state, _ = do(position({"R-1-BT": 66}), "french", "pass", "end")
    state, _ = do(state, "russian", "tactical")
    assert notes(state)[None] == [TURN_1]


# -- units, log and the rest of the view ---------------------------------------------------------------

def full(bid: str, area: int, **fields) -> dict:
    """A unit as its owner sees it: the keys every known unit carries."""
    return {"side": "french" if bid.startswith("F") else "russian", "area": area, "id": bid, **fields}


def test_setup_fog_of_war_an_enemy_block_is_a_side_and_an_area():
    """Setup: "blocks stand upright ... only the owner sees" them; Contested Area: the non-owner's
    units in a contested area stand revealed (F-I-1 in 42, owned by the Russian)."""
    state = position({"F-I-1": (42, 3), "R-1-2J": 42, "R-1-4": 44}, control={42: "russian"})
    state["blocks"]["F-I-1"]["cubes"] = ["yellow"]
    f_i_1 = full("F-I-1", 42, label="1", type="infantry", subtype="line", corps="i", colour="orange", strength=3,
                 max_strength=4, firepower="DF", revealed=True, activated=False, cubes=["yellow"])
    russian_view = bm.view(state, "russian")["units"]
    assert russian_view[0] == {"side": "french", "area": 21, "revealed": False}  # Napoleon at his icon
    assert russian_view[1] == f_i_1
    assert [u.get("id") for u in russian_view[2:]] == ["R-1-2J", "R-1-4", "R-KUT"]
    assert [u["area"] for u in russian_view] == [21, 42, 42, 44, 69]
    assert bm.view(state, None)["units"] == [{"side": "french", "area": 21, "revealed": False}, f_i_1,
                                             {"side": "russian", "area": 42, "revealed": False},
                                             {"side": "russian", "area": 44, "revealed": False},
                                             {"side": "russian", "area": 69, "revealed": False}]
    napoleon = bm.view(state, "french")["units"][0]
    assert napoleon == full("F-NAP", 21, label="Nap", type="supreme_commander", subtype=None, corps="headquarters",
                            colour="gold", strength=4, max_strength=4, firepower="TF", revealed=False,
                            activated=False, cubes=[])


def test_a_side_sees_its_own_blocks_before_the_hidden_enemy_in_one_area():
    state = position({"F-I-1": 42, "F-I-2": 42, "R-1-2J": 42}, control={42: "french"})
    assert [(u["side"], u.get("id")) for u in bm.view(state, "french")["units"] if u["area"] == 42] == [
        ("french", "F-I-1"), ("french", "F-I-2"), ("russian", "R-1-2J")]
    assert [(u["side"], u.get("id")) for u in bm.view(state, "russian")["units"] if u["area"] == 42] == [
        ("french", None), ("french", None), ("russian", "R-1-2J")]


def test_a_revealed_block_is_listed_before_its_hidden_companions_in_one_area():
    """Setup: Fog of War; 5.1: an activated leader stands revealed, the blocks beside it stay hidden:
    the enemy and the public read the revealed one first, then the hidden, one entry each."""
    state = position({"F-I-3": 16, "F-I-D": 16, "F-I-1": 16, "R-1-2J": 42})
    state, _ = do(state, "french", "tactical", "activate F-I-D")
    seen = {viewer: [(u.get("id"), u["revealed"]) for u in bm.view(state, viewer)["units"] if u["area"] == 16]
            for viewer in SIDES}
    assert seen[None] == seen["russian"] == [("F-I-D", True), (None, False), (None, False)]
    assert seen["french"] == [("F-I-1", False), ("F-I-3", False), ("F-I-D", True)]


def test_the_log_names_a_moved_block_only_to_who_may_know_it():
    """Setup: Fog of War: a hidden block's move is seen as a block of a side going from one area to
    another; its owner, and everyone once it stands revealed, knows which."""
    state = position({"F-I-1": 16})
    state["log"] = {"moves": [{"side": "french", "from": 16, "to": 15, "id": "F-I-1"}],
                    "battles": [{"area": 42, "hits": {"french": 1, "russian": 2}}],
                    "artillery": [{"from": 16, "to": 42}]}
    hidden = {"moves": [{"side": "french", "from": 16, "to": 15}], "battles": state["log"]["battles"],
              "artillery": state["log"]["artillery"]}
    assert bm.view(state, "russian")["log"] == bm.view(state, None)["log"] == hidden
    assert bm.view(state, "french")["log"] == state["log"]
    state["blocks"]["F-I-1"].update(where="eliminated", area=None)  # an eliminated block is public
    assert bm.view(state, "russian")["log"]["moves"] == state["log"]["moves"]


def test_the_rest_of_the_view_counts_and_lists():
    state = position({"F-I-1": 42, "R-1-2J": 42}, control={42: "russian"}, options=["shields"])
    state["morale"] = {"french": ["F-I-2"], "russian": ["R-1-3", "R-1-4"]}
    state["eliminated"] = [{"id": "R-1-3", "turn": 1}]
    state["isolated_areas"]["russian"] = [42]
    view = bm.view(state, "french")
    assert {k: view[k] for k in ("system", "scenario", "title", "viewer", "turn", "last_turn", "phase", "player",
                                 "to_move", "initiative", "morale", "options", "outcome", "eliminated")} == {
        "system": "bloody_monday", "scenario": "bloody_monday", "title": "Borodino, 7 September 1812",
        "viewer": "french", "turn": 1, "last_turn": 4, "phase": "impulses", "player": "french",
        "to_move": ["french"], "initiative": "french", "morale": {"french": 1, "russian": 2}, "options": ["shields"],
        "outcome": None, "eliminated": [{"id": "R-1-3", "turn": 1}]}
    areas = {a["number"]: a for a in view["areas"]}
    assert len(areas) == 111 and list(areas) == sorted(areas)
    assert areas[42] == {"number": 42, "owner": "russian", "contested": True, "isolated": True}
    assert areas[16] == {"number": 16, "owner": "french", "contested": False, "isolated": False}
    in_pools = {side: sum(b["where"] == "pool" and b_id[0] == side[0].upper() for b_id, b in state["blocks"].items())
                for side in ("french", "russian")}
    assert view["pools"] == in_pools and view["pools"]["french"] > 0
    assert view["my_pool"] == sorted(b for b, x in state["blocks"].items() if x["where"] == "pool" and b[0] == "F")
    assert "my_pool" not in bm.view(state, None)
    assert bm.view(state, "russian")["my_pool"][0].startswith("R-")


def test_10_0_last_blood_has_its_own_title():
    """The map's title reads the name every text gives ('Bloody Monday: Last Blood'), without the case that
    makes it play every optional rule; the scenario names that case (`unasked`) for the game's status."""
    assert bm.view(position({}, scenario="last_blood"), None)["title"] == "Last Blood"
    assert [s.get("unasked") for s in bm.scenarios()] == [None, "10.0"]


def test_the_showdown_reveals_both_sides_to_everyone():
    """5.3.3: after the showdown every unit in the battle area stands revealed."""
    g = after_showdown()
    public = [u for u in bm.view(g.s, None)["units"] if u["area"] == 54]
    assert len(public) == 7 and all(u["revealed"] for u in public) and all("id" in u for u in public)


def test_the_other_players_logistics_spending_stays_out_of_a_computers_position():
    """3.4-3.6: the enemy hears of a restore only as "a step", so the position a computer player
    plans on (`views.position`) leaves out the other player's spending and current step, and keeps
    the logistics player's own."""
    g = game(position({}))
    turns.start_logistics(g)
    g.s["logistics"]["spent"]["artillery"], g.s["logistics"]["step"] = 2, 1
    mover = turns.logistics_side(g)
    other = next(side for side in ("french", "russian") if side != mover)
    assert views.position(g, mover)["logistics"] == g.s["logistics"]
    assert views.position(g, other)["logistics"] == {
        k: v for k, v in g.s["logistics"].items() if k not in ("spent", "step")} != g.s["logistics"]


def test_a_computers_position_names_a_logged_move_by_its_block_only_to_the_side_that_knows_it():
    """Fog of War: the log of moves in `views.position` names the block that moved to its owner,
    and only its route to the other side, which has not seen it."""
    g = game(position({"F-I-1": 17}))
    g.s["log"]["moves"].append({"id": "F-I-1", "side": "french", "path": [16, 17]})
    assert views.position(g, "french")["log"]["moves"][-1] == {"id": "F-I-1", "side": "french", "path": [16, 17]}
    assert views.position(g, "russian")["log"]["moves"][-1] == {"side": "french", "path": [16, 17]}


# -- cubes ---------------------------------------------------------------------------------------------

def _cubes(state: dict, viewer: str | None, bid: str) -> list[str] | None:
    return next((u.get("cubes") for u in bm.view(state, viewer)["units"] if u.get("id") == bid), None)


def test_5_3_1_a_gun_that_fired_carries_its_red_cube_until_the_artillery_fire_ends():
    """5.3.1: the attacker commits artillery "marking each Artillery with a red cube"; once they have fired "the red
    cube is removed". The cube is shown with the block to whoever may see the block, as a gun that fires is."""
    state, _ = do(attack_42(), "french", "battle 42", "fire F-I-A1 42")
    assert _cubes(state, "french", "F-I-A1") == ["red"]
    assert _cubes(state, "russian", "F-I-A1") == ["red"]
    state["battle"]["stage"] = "ground"  # past the artillery fire
    assert _cubes(state, "french", "F-I-A1") == []


def test_the_view_gives_a_block_s_cubes_by_their_colours_in_order():
    """A crossing's light blue cube (1.2.3) and an inspired unit's yellow one (5.2.2), as the engine keeps them."""
    state = attack_42()
    state["blocks"]["F-I-1"]["cubes"] = ["light_blue", "yellow"]
    assert _cubes(state, "french", "F-I-1") == ["light_blue", "yellow"]


def test_9_2_a_grande_batterie_gun_that_fired_keeps_its_red_cube_while_the_batterie_lasts():
    """9.2: "Each Artillery may fire only once"; the cube marks those that have."""
    state = bm.setup("bloody_monday", 1, ["grande_batterie"])
    state, _ = do(state, "french", "fire F-IV-A 42")
    assert _cubes(state, "french", "F-IV-A") == ["red"]
    state["battery"] = None  # the Grande Batterie is over
    assert _cubes(state, "french", "F-IV-A") == []


def test_5_1_the_activation_segment_names_the_leaders_the_player_may_activate_and_how_many():
    """5.1: the supreme commander's strength limits the leaders activated in an impulse: the phasing
    player reads which of theirs may be, where each stands, and the limit where it bites; the others
    read the segment only."""
    state, _ = do(bm.setup("bloody_monday", 7), "french", "tactical")
    assert prompts(state)["french"].split("\n")[1:9] == [
        "- `activate <leader> [<area>]`, one of:", "- F-CR-M in 18", "- F-I-D in 19", "- F-III-N in 33",
        "- F-IV-E in 15", "- F-V-P in 36", "- F-VIII-J in 35",
        "- 4 of them at most, your supreme commander's strength (5.1)"]
    state, _ = do(state, "french", "activate F-I-D", "activate F-III-N", "activate F-IV-E")
    assert prompts(state)["french"].split("\n")[1:6] == [
        "- `activate <leader> [<area>]`, one of:", "- F-CR-M in 18", "- F-V-P in 36", "- F-VIII-J in 35",
        "- 1 of them at most, your supreme commander's strength (5.1)"]
    _others_read(state, "French Tactical Action, activation segment (5.0).")
