"""What 1812's `help` explains: the Battle Plan Chart's chits and the results a battle line shows, in the rules of
the game asked about (its options and tables), and which options it plays."""
from __future__ import annotations

import tomllib

import rules
from rules.campaign_1812 import campaign_data
from rules.campaign_1812.help import CODE_MEANINGS
from rules.campaign_1812.readings import READINGS

c1812 = rules.load("campaign_1812")
HELP = c1812.help


def test_every_code_the_chart_may_show_is_explained():
    assert set(CODE_MEANINGS) == campaign_data.CHART_CODES


def test_help_chits_gives_every_pair_of_chits_with_its_results_and_what_each_result_means():
    text = HELP("chits")
    tables = campaign_data.tables()
    for (attacker, defender), codes in tables.chart.items():
        assert f"  {defender} against {attacker}: {', '.join(codes)}" in text
    assert "  Dcx2: the defender's corps count double in the Combat Resolution Step" in text


def test_help_results_reads_a_line_such_as_d2_dr():
    text = HELP("results")
    assert '"D2 Dr": two defending corps lost, then a retreat' in text
    assert "Ac1: one pursuing cavalry corps lost" in text


def test_odds_is_listed_and_explained_as_in_the_other_games():
    """`odds <place>` answers in every 1812 game: the command list names it and `help odds` says when it answers."""
    assert any(line.startswith("odds <place> ") for line in HELP().splitlines())
    assert "Once both Battle Plans and stacks are revealed" in HELP("odds")


def test_the_plan_entry_and_the_command_list_point_to_the_chits():
    assert "`help chits`" in HELP("plan")
    assert any(line.startswith("help chits ") for line in HELP().splitlines())


def _pairs(text: str) -> dict[str, str]:
    """`help chits`' rows: 'entrench against outflank' -> 'Acx2, CRS'."""
    return dict(line.strip().split(": ", 1) for line in text.splitlines() if " against " in line)


def test_help_tells_the_chart_of_the_game_asked_about():
    """The Battle Plan Chart: a game set up without the option chart_fragments (stored before that reading,
    or its creator turned it off) plays the chart's first reading, and its `help chits` shows that one; a
    new game's, the legible fragments in their cells (readings.py)."""
    tables = campaign_data.tables()
    old, new = (_pairs(HELP("chits", c1812.setup("campaign", 1, options))) for options in ([], READINGS))
    assert old == {f"{d} against {a}": ", ".join(codes) for (a, d), codes in tables.first_chart.items()}
    assert new == {f"{d} against {a}": ", ".join(codes) for (a, d), codes in tables.chart.items()}
    assert old["entrench against assault"] == "Dcx2, CRS" and new["entrench against outflank"] == "Acx2, CRS"
    assert "first reading" in HELP("chits", c1812.setup("campaign", 1)) and _pairs(HELP("chits")) == new


def test_help_tells_the_supply_and_die_shift_of_the_game_asked_about():
    """SUPPLY: a depot projecting into areas (depot_supply) or places, Russian magazines in the first reading;
    the Combat Results Table's shift: French leadership, or the leaders present (the optional leader rule)."""
    basic, readings = c1812.setup("campaign", 1), c1812.setup("campaign", 1, [*READINGS, "leaders"])
    assert "in an area next to it; nothing else" in HELP("depot", readings)
    assert "in a place next to it; Russian corps also in any victory place" in HELP("depot", basic)
    assert "+1 when the French attack, -1 when they defend" in HELP("results", basic)
    assert "the attacking leader's rating" in HELP("results", readings) and "French attack" not in HELP(
        "results", readings)
    assert "[leader]" in HELP("move", readings) and "leader" not in HELP("move", basic)


def test_help_results_reads_the_games_own_tables():
    own = tomllib.loads((campaign_data.DATA / "tables.toml").read_text())
    own["combat_results"]["french_leadership"] = 2
    assert "+2 when the French attack, -2 when they defend" in HELP("results", c1812.setup("campaign", 1, {
        "tables": own}))


def test_help_options_says_which_options_the_game_plays_and_what_each_does():
    text = HELP("options", c1812.setup("campaign", 1, ["chart_fragments", "leaders"]))
    assert "  chart_fragments (on): the Battle Plan Chart holds every legible fragment" in text
    assert "  depot_supply (off): the first reading: a depot feeds its own place" in text
    assert "  fort_reinforcements (off): the first reading: no Russian reinforcement on turns 1, 2, 4" in text
    assert "  leaders (on): one leader a side" in text
    assert [line.split(" (")[0].strip() for line in text.splitlines()[1:]] == list(c1812.INFO.options)
    assert "depot_supply (on)" in HELP("options") and "leaders (off)" in HELP("options")  # a new game's


MOVE = ("move <from> <to> [<n> inf|cav|supply|depot ...]{}   move a stack, or part of it, one area or sub-area "
        "(Movement)\n  Without counts every unit there that has not moved goes. French depots move only with a supply "
        "unit.{}")
LEADER = ("\n  `leader` takes your leader along with the corps named (a whole stack takes him anyway); he never stays "
          "behind alone.")
DEPOT = ("depot <place>              Supply Segment, French: a supply unit 100% depletes an area no corps occupies and "
         "makes a depot there (Supply)\n  Units in a 100% depleted area are supplied by a friendly depot in their ")


def test_help_move_names_the_leader_word_only_in_a_game_with_leaders():
    assert HELP("move") == MOVE.format("", "")
    assert HELP("move", c1812.setup("campaign", 1, ["leaders"])) == MOVE.format(" [leader]", LEADER)


def test_help_depot_tells_the_supply_of_the_game_s_own_reading():
    """SUPPLY, as readings.py's `depot_supply` reads it, and the first reading a game without it plays."""
    assert HELP("depot").startswith(DEPOT + ("area or, outside winter (turns 10, 11, 12, 13), in an area next to it; "
                                             "nothing else.\n  Unsupplied Chart"))
    assert HELP("depot", c1812.setup("campaign", 1)).startswith(DEPOT + (
        "place or, outside winter (turns 10, 11, 12, 13), in a place next to it; Russian corps also in any victory "
        "place the Russians hold (this game's reading of Supply).\n  Unsupplied Chart"))


def test_help_chits_says_which_reading_of_the_chart_the_game_plays():
    head = ("help chits                 the Battle Plan Chart (Combat). Both players put a chit down in secret; the "
            "pair gives results applied in order.\nThis game's chart, ")
    assert HELP("chits").startswith(head + "every legible fragment of the overview's chart in its cell:\n"
                                    "  withdraw against outflank: Dchoice\n")
    assert HELP("chits", c1812.setup("campaign", 1)).startswith(
        head + "the chart's first reading (this game is played without the option chart_fragments):\n"
        "  withdraw against outflank: D-1c, Dr(D), PS\n")


RESULTS = ("help results               the Combat Results Table (Combat), one die in the column of the attacker's "
           "infantry corps to the defender's (1-3, 1-2, 1-1, 3-2, 2-1, 3-1), {}.\n  The odds are rounded in the "
           "defender's favour: 7 corps against 4 fight in the column 3-2.\n  A1, A2: the attacker loses one or "
           "two infantry corps; D1 to D4: the defender loses one to four.\n  Ar, Dr: the attacker or the defender "
           "retreats. \"D2 Dr\": two defending corps lost, then a retreat.\nPursuit (PS): the attacker's surplus of "
           "cavalry corps rolls; D1, D2: defending infantry corps lost; Ac1: one pursuing cavalry corps lost; -: "
           "nothing.")


def test_help_results_in_full_with_the_die_shift_of_the_game():
    """The codes and the die shift; the tables themselves follow (see the test of the tables a player weighs)."""
    assert HELP("results").startswith(RESULTS.format("+1 when the French attack, -1 when they defend") + "\n")
    assert HELP("results", c1812.setup("campaign", 1, ["leaders"])).startswith(RESULTS.format(
        "the die shifted up by the attacking leader's rating and down by the defending leader's, for those in the "
        "battle (the optional leader rule)") + "\n")


def test_help_chits_ends_with_what_each_result_means_a_line_each():
    text = HELP("chits")
    assert text[text.index("\nWhat the results mean:\n"):] == "\nWhat the results mean:\n" + "\n".join(
        f"  {code}: {what}" for code, what in CODE_MEANINGS.items())


def test_help_options_names_a_players_own_tables_and_help_of_an_option_tells_that_one():
    from tests.rules.campaign_1812.test_combat import own_chart
    own = HELP("options", c1812.setup("campaign", 1, {"tables": own_chart()}))
    assert own.endswith(")\n  own tables: the tables this game was set up with, not the shipped ones")
    assert "own tables" not in HELP("options") and HELP("options").endswith("(`help results`)")
    assert HELP("leaders") == ("help options               the options this game is played with, chosen when it "
                               "was set up\n  leaders (off): no leader units: the die is shifted for the French "
                               "superiority of leadership (`help results`)")


def test_the_list_of_commands_ends_with_the_reconstruction_s_provenance():
    assert HELP().endswith("\n1812 is reconstructed from SPI's published overview of the game (the rules folder and "
                           "its tables are lost): the map, orders of battle and every number come from history, each "
                           "marked with its provenance in rules/campaign_1812/data/.\nType `help <command>` for more.")


def test_help_victory_says_what_scores_the_levels_the_index_and_where_the_count_stands():
    """VICTORY CONDITIONS: 'The French Player needs 22 Victory Points to win'; the levels and the index are the
    game's tables' (reconstructed); in a game, the count now (public, as the view's notes)."""
    rules_of_a_new_game = HELP("victory")
    assert rules_of_a_new_game == (
        "help victory               how the game is won, and where the count stands (Victory Conditions)\n"
        "  The French score 1 Victory Point for each of the nineteen forts they control, 3 for Kiev, 5 for St "
        "Petersburg and 5 for Moscow; they need 22 at the end of Game-Turn 13: 26 or more French decisive, 22 to 25 "
        "French marginal, 16 to 21 Russian marginal, under 16 Russian decisive (the levels are reconstructed). A "
        "Grande Armee left without a corps at the end of a Game-Turn loses there, a Russian decisive victory.\n"
        "  In each Supply Segment a French total short of the Game-Turn's Victory Point Index costs the French a corps "
        "of their choice (`remove <place> inf|cav`); the index of Game-Turns 1 to 13: 0, 1, 3, 5, 6, 8, 9, 11, 13, "
        "15, 17, 19, 22.")
    state = c1812.setup("borodino", 1)
    assert HELP("victory", state) == rules_of_a_new_game + (
        f"\n  Now, Game-Turn 6: French {c1812.view(state, None)['vp']} Victory Points, index 8.")
    assert "help victory               how the game is won" in HELP()


def test_help_victory_reads_the_levels_of_a_players_own_tables():
    doc = tomllib.loads((campaign_data.DATA / "tables.toml").read_text())
    doc["victory"]["levels"] = [{"at_least": 22, "winner": "french", "level": "decisive"},
                                {"at_least": 0, "winner": "russian", "level": "decisive"}]
    state = c1812.setup("campaign", 1, {"tables": doc})
    assert "they need 22 at the end of Game-Turn 13: 22 or more French decisive, under 22 Russian decisive (" in \
        HELP("victory", state)


def test_help_gives_the_tables_a_player_weighs_a_move_by_as_the_game_s_own_tables_hold_them():
    """The overview's tables sit on the map's edge for the players to read ('Charts and tables on the perimeter of
    the map'): the Forced March Table in `help march`, the Attrition Table in `help attrit`, the Unsupplied and Area
    Depletion Charts in `help depot`, the Combat Results and Pursuit Tables in `help results`."""
    assert HELP("march").endswith("\n  Forced March Table, a die for each corps: 1-3 arrives, 4-5 stays, 6 eliminated; "
                                  "in winter (turns 10, 11, 12, 13) 1-2 arrives, 3-4 stays, 5-6 eliminated.")
    assert HELP("attrit").endswith("\n  Attrition Table, a die each Player-Turn, the corps lost: French 1 on 1-5, 2 on "
                                   "6; Russian none on 1-5, 1 on 6.")
    assert HELP("depot").endswith(
        "\n  Unsupplied Chart, a die for each unsupplied corps: 1-5 kept, 6 eliminated; in winter 1-3 kept, 4-6 "
        "eliminated.\n  Area Depletion Chart, the corps of both sides in an area at the Supply Segment: without a "
        "supply unit there 1 to 3 corps 50%, 4 or more 100%; with a supply unit there 3 to 6 corps 50%, 7 or more "
        "100% (depletion adds up, and stays).")
    results = HELP("results")
    assert "\nCombat Results Table, a line for each modified die, the columns 1-3 | 1-2 | 1-1 | 3-2 | 2-1 | 3-1:\n" \
           "  0: A2 Ar | A2 Ar | A1 Ar | A1 | A1 D1 | D1\n" in results
    assert "\n  7: D1 | D1 Dr | D2 Dr | D2 Dr | D3 Dr | D4 Dr\n" in results
    assert results.endswith("\nPursuit Table, a line for each surplus of cavalry corps, by the die:\n"
                            "  1: 1-2 D1, 3-5 -, 6 Ac1\n  2: 1-3 D1, 4-5 -, 6 Ac1\n  3 or more: 1-2 D2, 3-4 D1, 5-6 -")
    doc = tomllib.loads((campaign_data.DATA / "tables.toml").read_text())
    doc["forced_march"]["normal"] = ["march"] * 5 + ["stay"]
    own = c1812.setup("campaign", 1, {"tables": doc})
    assert "a die for each corps: 1-5 arrives, 6 stays; in winter" in HELP("march", own)
