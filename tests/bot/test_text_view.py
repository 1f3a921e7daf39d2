"""bot/text.py: the terminal's picture of a view and of events."""
from __future__ import annotations

import pytest

import rules
from bot import text
from rules.core.errors import CommandError
from tests.rules.borodino.dv_helpers import G, dv_position
from tests.rules.borodino.helpers import go, play

VIEW = {"turn": 3, "clock": "0900", "phase": "movement", "player": "french",
        "to_move": ["french"], "prompt": "Choose a retreat hex for 4C.", "outcome": None,
        "units": [{"side": "french", "hex": "3225", "id": "4C", "type": "cavalry",
                   "strength": 4, "movement": 6, "moved": True},
                  {"side": "russian", "hex": "2817", "id": "2G", "type": "infantry",
                   "strength": 8, "movement": 4, "attacked": False},
                  {"side": "russian", "area": 12}, {"side": "russian", "area": 12}]}


def test_status_shows_headline_prompt_and_counts_units_by_side():
    """`status` is short: the headline and a count per side; `units` gives the full list."""
    lines = text.status(VIEW).splitlines()
    assert lines[0] == "Turn 3 | 0900 | Movement Phase | French player"
    assert lines[1:2] == ["Choose a retreat hex for 4C."]  # 'To move: French' would say the player again
    assert lines[3:] == ["French: 1 unit", "Russian: 3 units, 2 of them hidden",
                         "`units` lists them; `units <place>` those at one place."]


def test_status_names_a_side_whose_units_all_wait_to_enter():
    """The Grand Battle opens with no French unit on the map, three waiting to enter (Scenarios):
    the count names the French with them, where it named the Russians alone; first, as the game orders
    its sides (its headline's losses: 'French 0, Russian 0'), where Borodino's views list the Russians first."""
    view = rules.load("borodino").view(rules.load("borodino").setup("grand", 1, []), "russian")
    assert text.status(view).splitlines()[-3:-1] == ["French: none on the map, 3 waiting to enter", "Russian: 36 units"]


def test_the_rally_phase_s_opening_lines_say_nothing_its_headline_does_not():
    """Doomed Victory 3.2, 8.152: 'Rally Phase (Doomed Victory 3.2).' and 'French leaders may move before
    they rally broken units (Doomed Victory 8.152).' stood above the headline whose prompt said it again
    ('Rally Phase: the French leaders may move ...'; seen on simcord, 5 Sept with the Doomed Victory
    options), four lines of it on a phone: the prompt says both, so the channel and the terminal, which
    leave out what the headline under a line says, read it once."""
    s = dv_position({"F-I-2": G, "F-I-4": go(G, 3, 3, 3), "R-VI-24": go(G, 0, 0, 0)}, player="russian", turn=30,
                    leaders={"L-DAVOUT": "F-I-2"})
    s["broken"] = ["F-I-4"]
    s, events = play(s, "russian", "end")
    opening = [e["text"] for e in events if e["text"].startswith(("Rally Phase", "French leaders may move"))]
    head = text.headline(rules.load("borodino").view(s, "french"))
    assert len(opening) == 2 and [line for line in opening if not text.said_by_headline(line, head)] == []


@pytest.mark.parametrize("system, scenario, picture", [
    ("borodino", "7sep", "Game-Turn 27 of 40 | 7 Sept 0600"),  # SPI's Borodino rules: Game-Turn
    ("bloody_monday", "bloody_monday", "Turn 1 of 4"),
    ("campaign_1812", "campaign", "Game-Turn 1 of 13 | June II 1812"),  # the picture: 'Game-Turn 1 of 13, June II 1812'
])
def test_the_headline_names_the_turn_as_the_systems_picture_does(system, scenario, picture):
    """The text and the picture of one position say the same turn: Borodino's reads 'Game-Turn 27
    of 40' on the map, and its text read 'Turn 27'; every system's now counts the turns too."""
    game = rules.load(system)
    assert text.headline(game.view(game.setup(scenario, 1, []), None)).startswith(picture + " | ")


def test_a_borodino_night_turn_reads_night_as_on_the_picture():
    game = rules.load("borodino")
    state = {**game.setup("grand", 1, []), "turn": 9}  # 5 Sept's night: Game-Turns 9 and 10
    assert text.headline(game.view(state, None)).startswith("Game-Turn 9 of 40 | 5 Sept Night | ")


def test_the_headline_names_the_day_where_the_view_gives_one():
    """Borodino's Grand Battle runs from 5 to 7 September: "Turn 20 | 1500" alone does not say
    which day; the view's day stands before the hour (and a view without one is as before)."""
    assert text.headline({**VIEW, "day": "6 Sept"}).splitlines()[0] == \
        "Turn 3 | 6 Sept 0900 | Movement Phase | French player"
    assert text.headline({**VIEW, "day": "6 Sept", "clock": "night"}).startswith("Turn 3 | 6 Sept night | ")


def test_the_headline_says_once_who_acts_in_another_players_phase_where_its_prompt_names_him():
    """Bloody Monday 5.3.6: the Russian applies hits in the French impulse; 'To move: Russian' stood above
    the prompt 'The Russian player is applying hits in 42 (5.3.6).', the player twice in a row (and his
    ping under them a third time). A prompt that names no player (1812's retreat) keeps the line, and so
    does the computer's side, whose prompt is left out."""
    hits = {**VIEW, "to_move": ["russian"], "prompt": "The Russian player is applying hits in 42 (5.3.6)."}
    assert text.headline(hits).splitlines()[1:] == ["The Russian player is applying hits in 42 (5.3.6)."]
    disc = {**VIEW, "to_move": ["french"], "prompt": "The battle in 16: the French player may spend the "
            "Initiative Disc to retreat into 15, 17, 18 or stand (6.4)."}  # in the Russian player's impulse
    assert text.headline({**disc, "player": "russian"}).splitlines()[1:] == [disc["prompt"]]
    retreat = {**VIEW, "to_move": ["russian"], "prompt": "The Russian stack in Kovno (11) must retreat."}
    assert text.headline(retreat).splitlines()[1:] == ["To move: Russian", retreat["prompt"]]
    assert text.headline(hits, computer={"russian"}).splitlines()[1:] == ["To move: Russian (the computer)"]


def test_the_headline_names_the_computer_and_gives_no_prompt_while_only_it_moves():
    """A side the computer plays is named so, and while only computer sides move the prompt, its
    instructions to that side, is left out (no one reading can act on it); a person's is kept."""
    lines = text.headline(VIEW, computer={"french"}).splitlines()
    assert lines[1:] == ["To move: French (the computer)"]
    both = text.headline({**VIEW, "to_move": ["french", "russian"]}, computer={"french"}).splitlines()
    assert both[1:] == ["To move: French (the computer), Russian", "Choose a retreat hex for 4C."]
    assert text.headline(VIEW, computer={"russian"}).splitlines()[1:] == ["Choose a retreat hex for 4C."]


def test_a_prompt_that_says_only_the_phase_and_its_player_is_left_out():
    """1812's prompt to all but the phasing player reads 'The Russian player's Forced March.' under '... |
    Forced March Phase | Russian player', the headline's first line, on every phase change of the Russian's
    (the French player's kept view too): the phase twice in a row. One that says more stays."""
    game = rules.load("campaign_1812")
    state = game.setup("borodino", 1, [])
    state = game.apply(state, "russian", game.parse("russian", "end"))[0]  # movement: forced marches follow
    view = game.view(state, "french")
    assert view["prompt"] == "The Russian player's Forced March."
    assert text.headline(view).splitlines() == [
        "Game-Turn 6 of 13 | September I 1812 | Forced March Phase | Russian player",
        "Victory Points: French 11, index 8, 22 to win."]
    assert text.headline({**view, "prompt": "The Russian player's Forced March (MOVEMENT)."}).splitlines()[1] == \
        "The Russian player's Forced March (MOVEMENT)."


def test_the_computer_s_borodino_reinforcements_are_noted_without_the_command_that_moves_one_on():
    """A seat the computer holds gets no instructions: its reinforcements are noted as a fact, while a
    person reads how to move one on (Scenarios)."""
    view = rules.load("borodino").view(rules.load("borodino").setup("5sep", 1, []), None)
    assert view["to_move"] == ["french"]
    played = text.headline(view, computer={"french"})
    assert "Reinforcements of this Game-Turn, waiting to enter at 2630: F-IC-1H (2-5 cavalry), F-IC-1L (2-5 " \
        "cavalry) and F-IC-5H (2-5 cavalry). One not moved on is placed on its entry hex when the phase ends " \
        "(Scenarios)." in played.splitlines() and "`move" not in played
    assert "`move <id> <hex>` moves one on; one not moved on" in text.headline(view, computer={"russian"})


def test_borodino_odds_against_an_empty_redoubt_say_it_stays_and_may_be_entered():
    forecast = {"kind": "crt", "attack": "2818 -> 2817", "attack_strength": 7, "defence_strength": 6, "odds": "1-1",
                "modifiers": ["the Great Redoubt, empty, defends with its own 6"], "bombarding": [],
                "results": [{"result": "Dr", "faces": [1, 2, 3], "probability": 0.5, "eliminated": [], "retreat": [],
                             "blocked": [], "exchange": 0, "redoubt_taken": "Great Redoubt"}]}
    assert text.odds(forecast).splitlines()[1:] == [
        "The defender's modifiers: the Great Redoubt, empty, defends with its own 6.",
        "  die 1-3 (3 in 6, 50%): Dr, defender retreats; the Great Redoubt stays, and the attacker may advance "
        "into it (Russian Redoubts J)."]


def test_borodino_odds_beyond_the_table_say_the_column_they_are_fought_at():
    """CRT: worse than 1-5 is fought at 1-5; the head read 'odds 1-5' of 2 against 15, which a player
    reckons 1-8."""
    forecast = {"kind": "crt", "attack": "3219 -> 3218", "attack_strength": 2, "defence_strength": 15,
                "odds": "1-5", "ratio": "1-8", "modifiers": [], "bombarding": [], "results": []}
    assert text.odds(forecast).splitlines()[0] == \
        "3219 (2) against 3218 (15): odds 1-8, fought at 1-5, the table's last column (Combat Resolution Table)."
    assert text.odds(dict(forecast, ratio="1-5")).splitlines()[0] == "3219 (2) against 3218 (15): odds 1-5."


def test_doomed_victory_odds_name_the_units_a_leader_may_rally_only_where_not_all_of_them():
    """8.151: a leader stacked with or next to a retreating unit may rally it; where every retreating
    unit may be, the line names none again (it read the one unit's name twice)."""
    two = ["2705 (Russian 5-4 infantry)", "2704 (Russian 2-5 cavalry)"]
    forecast = {"kind": "crt", "attack": "2706 -> 2705+2704", "attack_strength": 14, "defence_strength": 7,
                "odds": "2-1", "modifiers": [], "bombarding": [],
                "results": [{"result": "Dr", "faces": [1], "probability": 1 / 6, "eliminated": [], "retreat": two,
                             "blocked": [], "exchange": 0, "rally": rally} for rally in (two[:1], two, )]}
    some, every = text.odds(forecast).splitlines()[2:]
    assert some.endswith(f"defender retreats: {two[0]}, {two[1]}; a leader stacked with or next to {two[0]} may "
                         "rally it, a hex less (Doomed Victory 8.151).")
    assert every.endswith(f"defender retreats: {two[0]}, {two[1]}; a leader stacked with or next to each may "
                          "rally it, a hex less (Doomed Victory 8.151).")
    alone = dict(forecast["results"][0], retreat=two[:1])
    assert text.odds(dict(forecast, results=[alone])).splitlines()[2].endswith(
        f"defender retreats: {two[0]}; a leader stacked with or next to it may rally it, a hex less (Doomed Victory "
        "8.151).")


def test_borodino_odds_of_artillery_alone_say_a_result_against_the_attacker_does_nothing():
    """Artillery C: bombarding artillery is untouched by the result, so an Ar or Ae strikes no one
    (the Ar lets it elect to retreat); it read 'Ar, attacker retreats.' and 'Ae, attacker eliminated.'"""
    untouched = {"eliminated": [], "retreat": [], "blocked": [], "exchange": 0}
    forecast = {"kind": "crt", "attack": "2707 -> 2705", "attack_strength": 7, "defence_strength": 14,
                "odds": "1-2", "modifiers": [], "bombarding": ["2707 (French 7-3 artillery)"],
                "results": [{"result": "Ar", "faces": [1, 2], "probability": 1 / 3, **untouched},
                            {"result": "Ae", "faces": [3, 4, 5, 6], "probability": 2 / 3, **untouched}]}
    assert text.odds(forecast).splitlines()[3:] == [
        "  die 1-2 (2 in 6, 33%): Ar, no effect: the attacking artillery is untouched, though it may elect to "
        "retreat (Artillery C).",
        "  die 3-6 (4 in 6, 67%): Ae, no effect: the attacking artillery is untouched (Artillery C)."]


def test_borodino_odds_of_an_exchange_count_one_combat_point_in_the_singular():
    forecast = {"kind": "crt", "attack": "2805+2706 -> 2705", "attack_strength": 2, "defence_strength": 1,
                "odds": "2-1", "modifiers": [], "bombarding": [],
                "results": [{"result": "Ex", "faces": [5], "probability": 1 / 6, "eliminated": ["2705 (Russian 1-5 "
                             "cavalry)"], "retreat": [], "blocked": [], "exchange": 1}]}
    assert text.odds(forecast).splitlines()[-1] == (
        "  die 5 (1 in 6, 17%): Ex, exchange: 2705 (Russian 1-5 cavalry); the attacker loses at least 1 Combat Point.")


def test_the_units_table_lists_every_unit_and_counts_hidden_ones():
    lines = text.units_table(VIEW["units"]).splitlines()
    assert "French:" in lines and "Russian:" in lines
    assert any(line.split() == ["3225", "4C", "4-6", "cavalry;", "moved"] for line in lines)
    assert any(line.split() == ["12", "2", "hidden", "units"] for line in lines)  # counted, no identity
    broken = {**VIEW["units"][0], "broken": True}
    assert text.units_table([broken]).splitlines()[-1].endswith("moved, broken")  # flags apart, as said


def test_long_words_are_echoed_by_their_start():
    assert text.clipped("y" * 100_000) == "y" * 60 + "... (100000 characters)"
    assert text.clipped("move 4C 3224") == "move 4C 3224"


def test_outcome_replaces_who_moves():
    """A game that is over names no player after its phase: 'Game over | Russian player' read as if
    the Russian player had still to act (the view keeps the player of the last phase played)."""
    over = {**VIEW, "phase": "over", "to_move": [], "outcome": {"winner": "russian", "level": "marginal",
                                                                "reason": "Semyonovskaya held"}}
    assert "Game over: the Russian player wins a marginal victory, as Semyonovskaya held" in text.headline(over)
    assert text.headline(over).splitlines()[0] == "Turn 3 | 0900 | Game over"


def test_units_at_a_place_and_event_lines():
    assert text.units_table(VIEW["units"], where="2817").split() == [
        "Russian:", "2817", "2G", "8-4", "infantry"]
    assert text.units_table(VIEW["units"], where="0101") == "No units at 0101."
    events = [{"to": "all", "text": "4C moves"}, {"to": "russian", "text": "secret"},
              {"to": "log", "text": "dice 3"}]
    assert text.event_lines(events) == ["  4C moves", "  (to Russian) secret"]
    assert text.phase_name("Combat Phase") == "Combat Phase"
    assert [text.phase_name(p) for p in ("over", "Game over")] == ["Game over", "Game over"]  # Borodino's, 1812's


def test_a_unit_row_names_what_stands_with_it():
    """Doomed Victory leaders stacked with a unit (8.1) and Bloody Monday's cubes are lists: the
    row names them, apart from the unit's own marks ("broken; leaders: ...", never "broken leaders:
    ..."); an empty list says nothing. What does not fit beside the unit on a phone runs on under it,
    a list's name kept with its first item."""
    units = [{"side": "russian", "hex": "1311", "id": "R-III-1Gr", "type": "infantry", "strength": 6,
              "movement": 4, "broken": True, "leaders": ["Tutchkov", "Barclay"]},
             {"side": "french", "area": 8, "id": "F-CR-1H", "type": "cavalry", "strength": 4,
              "cubes": []}]
    assert text.units_table(units).splitlines() == [
        "Russian:", "  1311  R-III-1Gr  6-4 infantry; broken;", "                   leaders: Tutchkov,",
        "                   Barclay", "", "French:", "  8  F-CR-1H  4 cavalry"]


def test_bloody_monday_cubes_read_as_the_markers_they_are():
    """Bloody Monday's cubes are kept by colour (the map draws them so); the units table names them as
    the rule book and the map's legend do: a light blue cube is a Kolocha crossing (1.2.3), a yellow
    one inspiration (5.2.2)."""
    module = rules.load("bloody_monday")
    words = module.view(module.setup("bloody_monday", 1, None), "french")["unit_words"]
    units = [{"side": "french", "area": 54, "id": "F-CR-1H", "type": "cavalry", "strength": 4, "revealed": True,
              "cubes": ["light_blue", "yellow"]}]
    said = " ".join(line.strip() for line in text.units_table(units, words=words).splitlines()[2:])
    assert said.split("; ")[-1] == "cubes: Kolocha crossing (1.2.3), inspired (5.2.2)"


def test_a_bloody_monday_player_reads_his_own_reinforcements_pool_after_his_units():
    """Setup: each player deploys "the seven remaining units in his Reinforcements Pool", and knows
    them; the map shows only how many. `units` names them after the table, to their owner alone (the
    public view has no pool of its own)."""
    module = rules.load("bloody_monday")
    state = module.setup("bloody_monday", 1, None)
    mine = module.view(state, "french")
    assert text.waiting_line(mine) == f"\n\nIn your Reinforcements Pool (3.3): {', '.join(mine['my_pool'])}."
    assert len(mine["my_pool"]) == 7 and text.waiting_line(module.view(state, None)) == ""


def test_1812_counts_and_lists_stacks_under_a_heading():
    """1812's view calls its units stacks and heads the columns, the last of which counts corps; what a
    stack holds is on the lines under it (a card per stack: the place's name leaves no room beside it)."""
    module = rules.load("campaign_1812")
    view = module.view(module.setup("campaign", 3, None), "russian")
    assert "French: 3 stacks, 3 of them hidden" in text.status(view).splitlines()
    table = text.units_table(view["units"], words=view["unit_words"]).splitlines()
    assert table[:4] == ["French:", "  30  1 hidden stack", "  31  1 hidden stack", "  32  1 hidden stack"]
    assert table[4:6] == ["", "Russian:"]
    assert table[6:9] == ["  place  stack  corps", "  1      R1     0", "    1 depot"]


@pytest.mark.parametrize("system, heading", [("bloody_monday", [["area", "block", "strength,", "kind"]]),
                                             ("borodino", [["hex", "unit", "strength-movement,"], ["type"]])])
def test_the_own_units_are_listed_under_a_heading_and_the_hidden_ones_counted_without_one(system, heading):
    """A listing says what its columns are (a block's last number is its strength, 2.0; a Borodino
    counter's two, its combat strength and movement allowance, the heading running on under itself
    to keep to a phone's width); hidden blocks are only counted."""
    module = rules.load(system)
    view = module.view(module.setup(module.INFO.default_scenario, 3), "french")
    blocks = text.units_table(view["units"], words=view["unit_words"]).split("\n\n")
    french = next(b.splitlines() for b in blocks if b.startswith("French:"))
    assert [line.split() for line in french[1:1 + len(heading)]] == heading
    assert len(french[1 + len(heading)].split()) >= 4
    assert text.status(view).splitlines()[-1] == "`units` lists them; `units <place>` those at one place."
    if system == "bloody_monday":
        russian = next(b.splitlines() for b in blocks if b.startswith("Russian:"))
        assert all("hidden unit" in line for line in russian[1:])


def test_a_unit_type_reads_as_words():
    """Bloody Monday's leaders are `tactical_leader` and `supreme_commander` in the view (2.0): the
    table writes them as words, on the line of their block."""
    units = [{"side": "french", "area": 21, "id": "F-NAP", "type": "supreme_commander", "strength": 4},
             {"side": "french", "area": 19, "id": "F-I-D", "type": "tactical_leader", "strength": 4}]
    assert [line.split()[2:] for line in text.units_table(units).splitlines()[1:]] == [
        ["4", "supreme", "commander"], ["4", "tactical", "leader"]]


def test_a_private_event_the_public_one_already_says_is_told_once():
    """A Bloody Monday block that engages is revealed (2.6): the public line names it, and its own
    side's line ("moves 34 → 31 → 46.") says nothing more; one that says more stays."""
    events = [{"to": "all", "text": "French 5 (F-I-5, infantry) moves 34 → 31 → 46 and engages."},
              {"to": "french", "text": "French 5 (F-I-5, infantry) moves 34 → 31 → 46."},
              {"to": "french", "text": "French 1 (F-I-1, infantry) moves 34 → 31."}]
    assert text.event_lines(events) == ["  French 5 (F-I-5, infantry) moves 34 → 31 → 46 and engages.",
                                        "  (to French) French 1 (F-I-1, infantry) moves 34 → 31."]


def test_1812_names_its_places_as_its_events_do():
    """1812's events say "Vilna (12)": its `units` table does too, and `units Vilna` (any case) or
    `units st petersburg` finds the place; a word that is no place is refused with the game's own
    kind of example, not a Borodino hex."""
    module = rules.load("campaign_1812")
    view = module.view(module.setup("campaign", 3, None), "russian")
    names = text.place_names(view)
    table = text.units_table(view["units"], words=view["unit_words"], names=names).splitlines()
    assert table[1].split() == ["East", "Prussia", "(30)", "1", "hidden", "stack"]
    assert text.places("vilna", view) == ("12",) and text.places("st petersburg", view) == ("1",)
    vilna = text.units_table(view["units"], where="12", words=view["unit_words"], names=names)
    assert "  Vilna (12)          R12" in vilna
    with pytest.raises(CommandError) as refusal:
        text.places("Paris", view)
    assert str(refusal.value) == ("'Paris' is not a place: name one by its number or its name (`units 1`, "
                                  "`units St Petersburg`).")


def test_a_place_refusal_names_the_games_own_kind_of_place():
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("7sep", 1, None), None)
    for word in ("north", "99"):
        with pytest.raises(CommandError, match=r"name a hex by its four digits \(`units 3224`\)\.$"):
            text.places(word, view)


def test_an_area_off_the_bloody_monday_map_is_refused_not_found_empty():
    """`units 999` read "No units at 999." as if 999 were an empty area: the map's areas are 1 to 111."""
    bloody_monday = rules.load("bloody_monday")
    view = bloody_monday.view(bloody_monday.setup("bloody_monday", 1, None), "french")
    assert text.places("41", view) == ("41",)
    with pytest.raises(CommandError) as refusal:
        text.places("999", view)
    assert str(refusal.value) == "There is no area 999 on the map: areas are numbered 1 to 111."


def test_a_place_off_the_1812_map_is_refused_as_the_game_refuses_it():
    """`units 99` read "No stacks at 99." as if it were an empty place: 99 is none (the sentence the game's commands
    give, the sub-areas by name)."""
    c1812 = rules.load("campaign_1812")
    view = c1812.view(c1812.setup("campaign", 1, None), "russian")
    assert (text.places("161", view), text.places("12", view)) == (("161",), ("12",))
    with pytest.raises(CommandError) as refusal:
        text.places("99", view)
    assert str(refusal.value) == ("There is no place 99 on the map: name an area by its number, 1 to 36, or a "
                                  "sub-area: Vyazma (161), Borodino (162), Pinsk (211), Turov (212) (The Game Map).")


def test_units_of_an_1812_area_sub_divided_lists_the_stacks_of_its_sub_areas_by_name():
    """`units 16` answered 'Area 16 is sub-divided: name its sub-area, 161 or 162.', numbers for a player to
    look up: the area is Vyazma (161) and Borodino (162), and the stacks there are listed as `units` lists
    them, the enemy's hidden stack counted; an area sub-divided with none says both names."""
    c1812 = rules.load("campaign_1812")
    view = c1812.view(c1812.setup("borodino", 1, None), "russian")
    assert text.places("16", view) == ("161", "162")
    said = text.units_table(view["units"], where=text.places("16", view), words=view["unit_words"],
                            names=text.place_names(view))
    assert said.splitlines() == ["French:", "  Vyazma (161)        1 hidden stack", "", "Russian:",
                                 "  place               stack  corps", "  Borodino (162)      R162   7",
                                 "    5 inf, 2 cav, 1 supply"]
    start = c1812.view(c1812.setup("campaign", 1, None), "russian")
    assert text.units_table(start["units"], where=text.places("16", start), words=start["unit_words"],
                            names=text.place_names(start)) == "No stacks at Vyazma (161) or Borodino (162)."


def test_borodino_odds_name_the_attacker_s_modifiers_apart_from_the_defender_s():
    """Combat (K): an attack across a ford is halved; that is the attacker's modifier, not the
    defender's, and the defender's line still says there is none."""
    forecast = {"kind": "crt", "attack": "1616 -> 1615", "attack_strength": 3.5, "defence_strength": 4,
                "odds": "1-2", "modifiers": [], "attack_modifiers": ["1616 halved across a ford or bridge"],
                "bombarding": [], "results": []}
    assert text.odds(forecast).splitlines() == [
        "1616 (3.5) against 1615 (4): odds 1-2.", "The attacker's modifiers: 1616 halved across a ford or bridge.",
        "The defender's modifiers: none."]


@pytest.mark.parametrize("system, scenario, options", [("campaign_1812", "campaign", ["leaders"]),
                                                       ("campaign_1812", "borodino", None),
                                                       ("bloody_monday", "bloody_monday", None),
                                                       ("borodino", "7sep", ["imperial_guard"])])
def test_every_line_of_the_units_table_reads_on_a_phone(system, scenario, options):
    """A Discord code block on a phone shows about 40-45 characters a line: the units table keeps
    within them (1812's rows were 66 to 80 wide and wrapped mid-word), each side's and the public's,
    a stack's holdings below its place when they do not fit beside it."""
    module = rules.load(system)
    state = module.setup(scenario, 1, options)
    for side in (*module.INFO.sides, None):
        view = module.view(state, side)
        table = text.units_table(view["units"], words=view.get("unit_words"), names=text.place_names(view))
        assert max(map(len, table.splitlines())) <= text.PHONE, side
    own = text.units_table(module.view(state, "french")["units"], words=module.view(state, "french")["unit_words"],
                           names=text.place_names(module.view(state, "french")))
    assert system != "campaign_1812" or any(line.startswith("    ") and " inf, " in line for line in own.splitlines())
