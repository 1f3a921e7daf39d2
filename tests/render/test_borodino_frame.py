"""The frame of the Borodino map (render/hexmap/frame.py): the title strip's facts, in reading order,
as a player reads them above the map, and what the legend explains."""
from functools import partial

import pytest
from PIL import Image, ImageDraw

import rules
from render import palette as P
from render.frame import sprite_icon, text_size
from render.hexmap import frame
from render.hexmap.counters import look_of, sprite
from render.hexmap.frame import legend_items, status_parts, title_strip
from tests.render.golden import fixture_view

MARKS = "moved (corner), attacked (diamond)"  # one counter shows both marks


def test_the_strip_tells_the_turn_the_hour_the_phase_who_is_to_move_and_the_losses():
    assert status_parts(fixture_view("midgame_view")) == [
        "Game-Turn 30 of 40", "7 Sept 0900", "French Combat Phase", "to move: French", "Losses: French 16, Russian 8"]


def test_the_strip_counts_the_french_combat_points_exited_once_there_are_some():
    """7 September: "French Decisive victory: Move 60 Combat Points of units off the east edge": the
    strip counts them beside the losses, and says nothing of them while there are none."""
    view = {"turn": 35, "last_turn": 40, "day": "7 Sept", "clock": "1400", "phase": "movement", "player": "french",
            "to_move": ["french"], "losses": {"french": 20, "russian": 30}, "exited_points": {"french": 14}}
    assert status_parts(view)[-2:] == ["Losses: French 20, Russian 30", "French exited: 14"]
    assert status_parts({**view, "exited_points": {"french": 0}})[-1] == "Losses: French 20, Russian 30"


def test_a_night_turn_says_night_and_the_losses_come_french_first():
    view = {"turn": 13, "last_turn": 40, "day": "6 Sept", "clock": "night", "night": True, "phase": "movement",
            "player": "russian", "to_move": ["russian"], "losses": {"russian": 2, "french": 0}}
    assert status_parts(view) == [
        "Game-Turn 13 of 40", "6 Sept Night", "Russian Movement Phase", "to move: Russian",
        "Losses: French 0, Russian 2"]


def test_the_doomed_victory_rally_phase_and_both_sides_to_move():
    """The Doomed Victory errata's Rally Phase is named as the other phases are; both sides named
    when both are to move, in the order the view gives."""
    view = {"turn": 28, "last_turn": 40, "day": "7 Sept", "clock": "0700", "phase": "rally", "player": "french",
            "to_move": ["french", "russian"], "losses": {}}
    assert status_parts(view) == ["Game-Turn 28 of 40", "7 Sept 0700", "French Rally Phase", "to move: French, Russian"]


@pytest.mark.parametrize(("outcome", "said"), [
    ({"winner": "french", "level": "decisive", "reason": "..."}, "Game over: French decisive victory"),
    ({"winner": "russian", "level": "marginal", "reason": "..."}, "Game over: Russian marginal victory"),
    ({"winner": "russian", "level": "victory", "reason": "..."}, "Game over: Russian victory"),  # 5 and 6 Sept
    ({"winner": None, "level": "draw", "reason": "..."}, "Game over: a draw"),
    ({"winner": "french"}, "Game over: French victory"),  # an outcome without its level
    ({"winner": "french", "level": ""}, "Game over: French victory"),
])
def test_the_end_of_the_game_names_the_winner_and_the_level_once(outcome, said):
    """The outcome as rules/borodino/victory.py gives it: the 5 and 6 September scenarios have one
    level, "victory", which is said once ("Russian victory", never "Russian victory victory")."""
    view = {"turn": 40, "last_turn": 40, "day": "7 Sept", "clock": "1800", "phase": "over", "player": "russian",
            "to_move": [], "outcome": outcome, "losses": {"french": 30, "russian": 41}}
    assert status_parts(view) == ["Game-Turn 40 of 40", "7 Sept 1800", said, "Losses: French 30, Russian 41"]


def test_the_end_of_the_game_says_why_under_the_facts(monkeypatch):
    """Once the game is over, the strip's last line is the outcome's reason, where a prompt stands
    during play: the picture of the end named the winner, never why."""
    told: list[tuple] = []
    monkeypatch.setattr(frame, "strip", lambda *args: told.append(args) or Image.new("RGB", (args[3], 10)))
    reason = "The French player holds 5 redoubts (2817, 3018, 3117, 3218, 3222)."
    frame.title_strip({"phase": "over", "outcome": {"winner": "french", "level": "victory", "reason": reason}}, 550)
    assert told[0][1:3] == (["Game over: French victory"], reason)


def test_a_view_without_a_clock_or_a_phase_gives_no_empty_or_made_up_fact():
    """A view made by hand (the pictures' own tests) says only what it holds: no turn, hour or phase
    it lacks, a last turn it lacks as "?", and no empty line."""
    assert status_parts({}) == []
    assert status_parts({"turn": 3, "player": "french"}) == ["Game-Turn 3 of ?", "French"]
    assert status_parts({"phase": "over"}) == ["Game over"]
    assert status_parts({"day": "5 Sept", "night": False, "to_move": [], "losses": {}}) == ["5 Sept"]


def test_the_strip_shows_the_scenario_s_title_above_the_facts_and_the_prompt_below():
    """A prompt adds a line to the strip; the strip's width is the picture's."""
    view = fixture_view("midgame_view")
    plain, prompted = title_strip(dict(view, prompt=None), 900), title_strip(dict(view, prompt="Attack 2817?"), 900)
    assert plain.width == prompted.width == 900
    assert prompted.height > plain.height


def test_a_prompt_s_points_each_begin_a_row_of_the_strip():
    """The night's prompt, a short sentence and its points (Night Movement A, B), reads a row a point: its
    three points, each short of the strip's width, make it three rows taller than their words run on."""
    view, night = fixture_view("midgame_view"), "Night: no combat:\n- one (A)\n- two (A)\n- three (B)"
    one_line, pointed = (title_strip(dict(view, prompt=said), 900) for said in (night.replace("\n", " "), night))
    assert pointed.height - one_line.height == 3 * round(text_size(900) * 1.3)


def test_the_legend_explains_the_doomed_victory_marks_only_in_a_game_with_those_options():
    """A broken unit's mark (the Doomed Victory errata, 6.10) and a leader's (8.1) are explained in
    a game that has them, and nowhere else."""
    plain, doomed = ([text for _, text in legend_items(*flag)] for flag in ((), (True,)))
    assert "broken" not in plain and "leader with it" not in plain
    assert doomed == plain[:4] + ["broken", "leader with it"] + plain[4:]


def test_the_legend_explains_every_mark_the_map_draws_in_every_game():
    """A counter that attacked this phase carries a small diamond, and a redoubt a disc in the colour
    of the side that holds it (the 6 September victory counts them): both are named."""
    named = [text for _, text in legend_items()]
    assert MARKS in named and "who holds a redoubt" in named


def test_the_legend_explains_the_dashed_arrow_of_artillery_bombarding():
    """Artillery fires from two hexes off (SPI's Borodino rules, Artillery), its attack arrow
    dashed (render/hexmap/overlays.py), and the legend named only the solid one, so a player read
    a dashed black arrow from a battery two hexes away as nothing the legend knew (seen in
    kolocha local, 6 September: 3119's battery on 3220, the Great Redoubt's on 2819)."""
    named = [text for _, text in legend_items()]
    assert named.index("artillery bombarding two hexes off") == named.index("attack: odds, die, result") + 1


def test_the_legend_says_in_which_scenarios_the_exit_zone_counts():
    """Every map shows the east edge's exit zone, but only the 7 September victory conditions (and
    the Grand Battle's, "The same as September 7") count units moved off it."""
    assert "exit zone (7 Sept, Grand Battle)" in [text for _, text in legend_items()]


def test_the_held_disc_shows_both_sides_colours():
    icon = dict((words, icon) for icon, words in legend_items())["who holds a redoubt"]
    img = Image.new("RGB", (40, 24), (255, 255, 255))
    icon(img, ImageDraw.Draw(img), (0, 0, 39, 23))
    colours = {c for _, c in img.getcolors(40 * 24)}
    assert P.SIDES["french"]["fill"] in colours and P.SIDES["russian"]["fill"] in colours


@pytest.mark.parametrize(("text", "unit"), [
    ("French", {"side": "french"}), ("Russian", {"side": "russian"}),
    ("Guard", {"side": "french", "strength": 5, "guard": True}),
    (MARKS, {"side": "french", "moved": True, "attacked": True}),
    ("broken", {"side": "french", "broken": True}), ("leader with it", {"side": "french", "leaders": ["Ney"]})])
def test_the_legend_s_counters_are_drawn_as_the_map_draws_such_a_unit(text, unit):
    """Each counter the legend explains is the map's own counter for such a unit: a 4-4 infantry
    (the Guard's 5-4), with the mark named and no other (at a size where the marks read as drawn;
    smaller, the legend draws the Doomed Victory marks larger: tests/render/test_counter_marks.py)."""
    unit = {"type": "infantry", "strength": 4, "movement": 4, **unit}
    icon = dict((words, icon) for icon, words in legend_items(True))[text]
    ours, theirs = (Image.new("RGB", (60, 40), (255, 255, 255)) for _ in range(2))
    icon(ours, ImageDraw.Draw(ours), (10, 0, 50, 40))
    sprite_icon(partial(sprite, look_of(unit, 40)))(theirs, ImageDraw.Draw(theirs), (10, 0, 50, 40))
    assert ours.tobytes() == theirs.tobytes()


@pytest.mark.parametrize(("text", "fill"), [
    ("clear", P.CLEAR), ("woods", P.WOODS), ("town", P.TOWN), ("redoubt", P.REDOUBT),
    ("enemy ZOC (map zoc)", P.tinted(P.CLEAR, P.ZOC))])
def test_the_legend_s_terrain_swatches_are_filled_with_the_map_s_own_colours(text, fill):
    icon = dict((words, icon) for icon, words in legend_items())[text]
    img = Image.new("RGB", (40, 24), (255, 0, 255))
    icon(img, ImageDraw.Draw(img), (0, 0, 39, 23))
    assert max(img.getcolors(40 * 24))[1] == fill


def test_the_strip_is_titled_by_the_scenario_and_ends_with_the_prompt(monkeypatch):
    """The title names the scenario (its id when the view has no title); the prompt, if any, comes last."""
    told: list[tuple] = []
    monkeypatch.setattr(frame, "strip", lambda *args: told.append(args) or Image.new("RGB", (args[3], 10)))
    view = fixture_view("midgame_view")
    frame.title_strip(dict(view, prompt="Attack 2817?"), 700)
    frame.title_strip({k: v for k, v in view.items() if k != "title"}, 700)
    frame.title_strip({}, 700)
    assert told == [("Borodino: 7 September: the Great Battle", status_parts(view), "Attack 2817?", 700),
                    ("Borodino: 7sep", status_parts(view), view.get("prompt") or "", 700),
                    ("Borodino: ", [], "", 700)]


def test_the_strip_names_the_shevardino_scenario_without_its_note_of_how_it_was_adapted(monkeypatch):
    """The title read 'Borodino: Shevardino training scenario (Doomed Victory, adapted: Game-Turns 3-8, redoubt
    3222)', two lines of a data note above the map, where every message names the game 'Borodino: Shevardino
    training scenario'."""
    told: list[tuple] = []
    monkeypatch.setattr(frame, "strip", lambda *args: told.append(args) or Image.new("RGB", (args[3], 10)))
    borodino = rules.load("borodino")
    view = borodino.view(borodino.setup("shevardino", seed=1), None)
    frame.title_strip(view, 550)
    assert "adapted" in view["title"] and told[0][0] == "Borodino: Shevardino training scenario"


def test_the_strip_names_the_phasing_side_s_reinforcements_waiting_to_enter(monkeypatch):
    """Scenarios: reinforcements wait off the map until moved on at their entry hex, where the map
    draws no counter; the strip names them by entry hex, after the prompt, as the status does. The
    other side's are not named, and none waiting adds nothing."""
    told: list[tuple] = []
    monkeypatch.setattr(frame, "strip", lambda *args: told.append(args) or Image.new("RGB", (args[3], 10)))
    waiting = [{"id": "F-IC-1H", "side": "french", "entry": "2630"},
               {"id": "F-V-cav", "side": "french", "entry": "3930"},
               {"id": "F-IC-1L", "side": "french", "entry": "2630"},
               {"id": "R-Mil-1", "side": "russian", "entry": "1001"}]
    view = {"phase": "movement", "player": "french", "waiting": waiting}
    frame.title_strip(view, 550)
    frame.title_strip(dict(view, prompt="Attack 2817?"), 550)
    frame.title_strip(dict(view, player="russian", waiting=waiting[:3]), 550)
    arriving = "Reinforcements waiting to enter at 2630: F-IC-1H and F-IC-1L; at 3930: F-V-cav."
    assert [args[2] for args in told] == [arriving, "Attack 2817? " + arriving, ""]
