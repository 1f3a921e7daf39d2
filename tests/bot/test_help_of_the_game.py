"""`help` in a game tells that game's own rules: a game stored before a reading of its rule book (or
set up with it turned off) is told the chart, supply and results it plays, through the service and the
terminal; and the terminal sets a new game's options up, on by name and off by name=off."""
from __future__ import annotations

from bot import cli
from bot.service import GameService
from bot.store import Store

FIRST, FRAGMENTS = "entrench against assault: Dcx2, CRS", "entrench against outflank: Acx2, CRS"


def test_help_chits_in_each_game_shows_the_chart_it_plays(store: Store):
    service = GameService(store)
    old = store.create_game("campaign_1812", "campaign", 3, {})  # as 1812 games were stored before the readings
    off = service.new_game("campaign_1812", "campaign", seed=3, options={"chart_fragments": False})
    new = service.new_game("campaign_1812", "campaign", seed=3)
    said = {game: service.submit(game, "russian", "help chits").reply or "" for game in (old, off, new)}
    assert FIRST in said[old] and FIRST in said[off] and FRAGMENTS not in said[old] + said[off]
    assert FRAGMENTS in said[new] and FIRST not in said[new]
    assert "depot_supply (off)" in (service.submit(old, None, "help options").reply or "")


def test_help_options_says_how_a_new_game_chooses_them_with_the_systems_own_examples(store: Store):
    service = GameService(store)
    said = service.submit(service.new_game("borodino", "7sep", seed=3), None, "help options").reply or ""
    assert "  moves_stand (off): a move once sent changes only with the opponent's consent" in said
    assert "`/game new ... options:imperial_guard`; in the terminal `kolocha local --option imperial_guard`" in said
    said = service.submit(service.new_game("campaign_1812", "campaign", seed=3), None, "help options").reply or ""
    assert ("`/game new ... options:leaders, chart_fragments=off`; in the terminal `kolocha local --option leaders "
            "--option chart_fragments=off`") in said


def _script(tmp_path, text: str):
    path = tmp_path / "help.txt"
    path.write_text(text)
    return str(path)


def test_the_terminal_tells_a_stored_game_its_own_chart(tmp_path, capsys):
    db = tmp_path / "k.sqlite"
    game = Store(db).create_game("campaign_1812", "campaign", 3, {})
    assert cli.main(["local", "--db", str(db), "--game", str(game), "--script",
                     _script(tmp_path, "help chits\nhelp depot\n")]) == 0
    out = " ".join(capsys.readouterr().out.split())  # a help line runs on within the terminal's width
    assert FIRST in out and FRAGMENTS not in out and "Russian corps also in any victory place" in out


def test_the_terminal_turns_options_on_and_readings_off(tmp_path, capsys):
    db = tmp_path / "k.sqlite"
    assert cli.main(["local", "--db", str(db), "--system", "campaign_1812", "--seed", "3", "--option", "leaders",
                     "--option", "chart_fragments=off", "--script", _script(tmp_path, "help chits\n")]) == 0
    said = capsys.readouterr()
    assert "with corps_move_once, depot_supply, fort_reinforcements, leaders (chart_fragments off)" in said.err
    assert FIRST in said.out
    assert GameService(Store(db)).load(1)["options"] == ["corps_move_once", "depot_supply", "fort_reinforcements",
                                                         "leaders"]


def test_the_terminal_refuses_an_unknown_option_naming_the_legal_ones(tmp_path, capsys):
    db = str(tmp_path / "k.sqlite")
    for option, sentence in (("cossacks=off", "'cossacks' is not an option of 1812 (options: chart_fragments, "
                                              "corps_move_once, depot_supply, fort_reinforcements, leaders)."),
                             ("leaders=maybe", "an option is on by its name, off by name=off (like `leaders=off`); "
                                               "not 'leaders=maybe'.")):
        assert cli.main(["local", "--db", db, "--system", "campaign_1812", "--option", option, "--script",
                         _script(tmp_path, "")]) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith(sentence) and len(err.splitlines()) == 1
    assert Store(db).games() == []


def test_help_orders_gives_the_games_own_kinds_of_choice_as_examples(store: Store):
    service = GameService(store)
    said = service.submit(service.new_game("borodino", "7sep", seed=3), None, "help Orders").reply or ""
    assert said.startswith("orders [kind order]        standing orders for the opponent's mid-turn choices")
    assert "`orders retreat away`, `orders artillery ask`; `orders` alone lists the kinds and orders" in said


def test_help_units_names_a_place_as_the_game_does(store: Store):
    """`help units` gave Borodino's hex 3224 as the example in every game; Bloody Monday has areas."""
    service = GameService(store)
    for system, scenario, example in (("bloody_monday", "bloody_monday", "name an area by its number (`units 41`)"),
                                      ("borodino", "7sep", "name a hex by its four digits (`units 3224`)"),
                                      ("campaign_1812", "campaign", "(`units 1`, `units St Petersburg`)")):
        said = service.submit(service.new_game(system, scenario, seed=3), None, "help units").reply or ""
        assert said.startswith("units [place]") and said.endswith(example)
