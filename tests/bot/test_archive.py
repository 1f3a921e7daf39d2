"""The archive: an ended game's command log as a script `kolocha local --script`
replays, and its animated replay, all blocks face up once a hidden-information game is over."""
from __future__ import annotations

import io
import json
import tomllib

import pytest
from PIL import Image

import render
from bot import cli, pictures
from bot.permissions import TableError
from bot.service import GameService
from bot.store import Store, blank
from bot.terminal.console import parse_script
from rules.campaign_1812.campaign_data import DATA
from rules.core.playout import random_playout


def stored(tmp_path, system: str, scenario: str, seed: int, commands: int) -> tuple[GameService, int]:
    """A random game of `commands` commands, stored through the service."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.new_game(system, scenario, seed=seed)
    for side, text in random_playout(system, scenario, seed, max_commands=commands, policy="sample").commands:
        assert service.submit(game, side, text).accepted
    return service, game


def end(service: GameService, game: int) -> None:
    service.store.end_game(game, {"winner": "french", "reason": "resigned"}, [])


def test_the_log_of_a_running_game_is_not_exported(tmp_path):
    service, game = stored(tmp_path, "borodino", "5sep", 1, 30)
    with pytest.raises(TableError, match="still running"):
        pictures.command_script(service, game)


def test_the_exported_log_replays_to_the_same_position(tmp_path):
    service, game = stored(tmp_path, "borodino", "5sep", 1, 60)
    end(service, game)
    script = parse_script(pictures.command_script(service, game))
    assert script.expect_all_accepted and script.settings == {"system": "borodino", "scenario": "5sep", "seed": "1"}
    again = GameService(blank(tmp_path / "again.sqlite"))
    copy = again.new_game("borodino", "5sep", seed=int(script.settings["seed"]))
    for line in script.lines:
        side, _, text = line.partition(": ")
        assert again.submit(copy, side, text).accepted
    assert json.dumps(again.load(copy), sort_keys=True) == json.dumps(service.load(game), sort_keys=True)


def test_a_hidden_game_shows_every_block_face_up_once_over(tmp_path):
    service, game = stored(tmp_path, "bloody_monday", "bloody_monday", 2, 40)
    hidden = pictures.turn_views(service, game)[-1]["units"]
    assert any("id" not in u for u in hidden)  # while it runs the public sees blocks standing up
    end(service, game)
    shown = pictures.turn_views(service, game)[-1]["units"]
    assert shown and all("id" in u for u in shown)
    assert len(shown) == len(hidden)


@pytest.mark.long
def test_a_grand_battle_replay_of_80_player_turns_fits_a_discord_upload(tmp_path):
    service, game = stored(tmp_path, "borodino", "grand", 5, 5000)
    views = pictures.turn_views(service, game)[:81]  # the opening and 80 player-turns
    assert len(views) == 81
    gif = render.replay_gif(views)
    assert len(gif) < 10 * 1024 * 1024  # Discord's upload limit
    assert Image.open(io.BytesIO(gif)).n_frames == 81


def test_an_exported_1812_game_names_the_readings_it_was_played_without(tmp_path, capsys):
    """A game stored before a reading (or with it turned off) is exported with that reading off, so that
    `kolocha local --script` plays it again as it was played, not as a new game would be set up."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    game = service.store.create_game("campaign_1812", "campaign", 4, {"leaders": True})
    for side, text in random_playout("campaign_1812", "campaign", 4, max_commands=40, policy="sample",
                                     options={"leaders": True}).commands:
        assert service.submit(game, side, text).accepted
    end(service, game)
    exported = pictures.command_script(service, game)
    assert parse_script(exported).settings["options"] == \
        "leaders,chart_fragments=off,corps_move_once=off,depot_supply=off,fort_reinforcements=off"
    (tmp_path / "game.txt").write_text(exported)
    assert cli.main(["local", "--db", str(tmp_path / "again.sqlite"), "--script", str(tmp_path / "game.txt")]) == 0
    again = GameService(Store(tmp_path / "again.sqlite"))
    assert json.dumps(again.load(1), sort_keys=True) == json.dumps(service.load(game), sort_keys=True)


def test_an_exported_game_with_its_own_tables_plays_again_with_them(tmp_path):
    """A game played with its players' own tables (`--tables`, `/game new tables:`) is exported with
    them, one line of JSON, and `kolocha local --script` plays it again with them."""
    service = GameService(blank(tmp_path / "games.sqlite"))
    shipped = tomllib.loads((DATA / "tables.toml").read_text())
    own = {"tables": {**shipped, "combat_results": {**shipped["combat_results"], "french_leadership": 0}}}
    game = service.store.create_game("campaign_1812", "campaign", 4, own)
    for side, text in random_playout("campaign_1812", "campaign", 4, max_commands=40, policy="sample",
                                     options=own).commands:
        assert service.submit(game, side, text).accepted
    end(service, game)
    exported = pictures.command_script(service, game)
    assert "tables" not in parse_script(exported).settings["options"]
    assert parse_script(exported).tables == own["tables"]
    (tmp_path / "game.txt").write_text(exported)
    assert cli.main(["local", "--db", str(tmp_path / "again.sqlite"), "--script", str(tmp_path / "game.txt")]) == 0
    again = GameService(Store(tmp_path / "again.sqlite"))
    assert again.load(1)["tables"] == service.load(game)["tables"]
    assert json.dumps(again.load(1), sort_keys=True) == json.dumps(service.load(game), sort_keys=True)


def test_a_scripts_tables_line_that_is_not_json_is_refused_with_a_sentence(tmp_path, capsys):
    (tmp_path / "game.txt").write_text("# kolocha system=campaign_1812 scenario=campaign seed=4\n"
                                       "# tables: {\"combat_results\": \n")
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(tmp_path / "game.txt")]) != 0
    assert "`# tables:` line is not one line of JSON" in capsys.readouterr().err
