"""Map pictures from stored games: the terminal's `map` command, `kolocha map`, replay GIFs."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import cli, pictures
from bot.converters import Unreadable
from bot.service import GameService
from bot.store import blank


@pytest.fixture
def borodino_game(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "7sep", 7)
    for line in ("move 3321 3219", "move 3322 3220", "end"):
        assert service.submit(game_id, "french", line).accepted
    return service, game_id


def test_map_png_is_a_picture_of_the_public_view(borodino_game):
    service, game_id = borodino_game
    image = Image.open(io.BytesIO(pictures.map_png(service, game_id)))
    assert image.format == "PNG" and image.width > 1000


def test_crop_is_smaller_than_the_whole_map(borodino_game):
    service, game_id = borodino_game
    whole = Image.open(io.BytesIO(pictures.map_png(service, game_id)))
    crop = Image.open(io.BytesIO(pictures.map_png(service, game_id, around=["3219"], radius=3)))
    assert crop.height < whole.height


def test_selected_unit_destinations_come_from_the_engines_legal_moves(borodino_game):
    service, game_id = borodino_game
    system = service.system(game_id)
    state = system.setup("7sep", 7)
    moves = pictures.destinations(system, state, "3225")
    legal = {c.path[-1] for c in system.legal_commands(state, "french") if getattr(c, "unit", None) == "3225"}
    assert set(moves) == legal - {"off"} and "3224" in moves


def test_a_unit_selected_by_its_id_in_any_letter_case_shows_its_moves(tmp_path):
    """`map select f-ic-1h`: the map words are read in lower case, the engine names a waiting
    reinforcement (and a Doomed Victory leader) by its id in capitals; the same unit either way."""
    system = GameService(blank(tmp_path / "k.sqlite")).system_named("borodino")
    state = system.setup("5sep", 7)
    moves = pictures.destinations(system, state, "f-ic-1h")
    assert moves and moves == pictures.destinations(system, state, "F-IC-1H")
    leaders = system.setup("shevardino", 7, {"dv_rally": True, "dv_leaders": True})
    assert pictures.destinations(system, leaders, "l-murat")


def test_a_doomed_victory_leader_selected_by_his_name_is_ringed_and_his_moves_tinted(tmp_path, monkeypatch):
    """`map select murat` (the help moves him by `move murat <hex>`) draws where Murat may go and
    rings the hex he stands in, as `map select l-murat` does; `map select F-IC-1L` (a unit on the map
    by its id) rings its hex and tints its moves, which the engine names by that hex; a word that
    names nothing is refused, where the map was drawn unmarked."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "shevardino", 7, {"dv_leaders": True})
    drawn = {}
    monkeypatch.setattr(pictures.render, "snapshot", lambda view, **kw: drawn.update(kw) or b"PNG")
    pictures.map_png(service, game_id, select="murat")
    assert drawn["select"] == "2525" and set(drawn["destinations"]) == {"2424", "2526", "2527", "2528", "2628", "2629"}
    pictures.map_png(service, game_id, select="F-IC-1L")
    assert drawn["select"] == "2424" and "2323" in drawn["destinations"]
    with pytest.raises(Unreadable, match="'nobody' names no unit you can see"):
        pictures.map_png(service, game_id, select="nobody")


def test_turn_views_give_one_frame_per_player_turn(borodino_game):
    service, game_id = borodino_game
    assert service.submit(game_id, "french", "attack 3219 -> 3218").accepted
    while service.system(game_id).active_sides(service.load(game_id)) == ["french"] and \
            service.load(game_id)["pending"]:
        service.submit(game_id, "french", "stay")
    views = pictures.turn_views(service, game_id)
    assert views[0]["turn"] == 27 and views[0]["player"] == "french"
    assert views[-1] == service.system(game_id).view(service.load(game_id), None)
    assert any(v["log"]["attacks"] for v in views)


def test_a_game_that_no_longer_replays_ends_its_frames_at_its_stored_position(borodino_game):
    """A game begun before an upgrade that mended a rule its second move met (a Shevardino game
    across the Reinforcement Chart's change: 'F-V-18 is not on the map'): its replay, and so its
    export, failed whole; it stops at that command and ends with the position the game went on from."""
    service, game_id = borodino_game
    start = pictures.turn_views(service, game_id)[0]
    service.store.db.execute("UPDATE commands SET normalised = 'move 3322 3017' WHERE game = ? AND seq = 2", [game_id])
    assert not service.replay_check(game_id).ok
    assert pictures.turn_views(service, game_id) == [start, service.system(game_id).view(service.load(game_id), None)]


def test_map_words_parse_and_refuse_with_a_hint():
    assert pictures.parse_map_words(["2817", "radius", "4", "zoc", "french"]) == \
        {"around": ["2817"], "radius": 4, "zoc": "french"}
    # an area of Bloody Monday's map (1 to 111) or 1812's is a place too: the map itself checks it
    assert pictures.parse_map_words(["46", "radius", "1"]) == {"around": ["46"], "radius": 1}
    with pytest.raises(Unreadable, match="map 2817"):
        pictures.parse_map_words(["bogus"])
    with pytest.raises(Unreadable) as refused:  # a side no game has was drawn with no shading, silently
        pictures.parse_map_words(["zoc", "prussian"])
    assert str(refused.value) == ("`zoc` takes the side whose enemies' zones are shaded, french or russian, not "
                                  "'prussian': `map zoc french`.")


def test_an_1812_map_refuses_in_its_own_words_what_it_cannot_draw(tmp_path):
    """A place's name is answered with its number and any other word in 1812's words (they were given Borodino's
    hexes, `map 2817`); zones of control and a unit's moves, which 1812's map never draws, are refused where the
    map was drawn plain without a word."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game("campaign_1812", "campaign", seed=1)
    view = service.system(game).view(service.load(game), "russian")
    sentences = {}
    for words in (["vilna"], ["foo"], ["12", "radus", "2"]):
        with pytest.raises(Unreadable) as refused:
            pictures.parse_map_words(words, view)
        sentences[words[-1 if len(words) == 1 else 1]] = str(refused.value)
    assert sentences == {"vilna": "vilna: areas and sub-areas are named by their numbers (Vilna is 12).",
                         "foo": "foo: areas and sub-areas are named by their numbers.",
                         "radus": "radus: areas and sub-areas are named by their numbers."}
    assert pictures.parse_map_words(["12", "radius", "2"], view) == {"around": ["12"], "radius": 2}
    no_zoc = ("1812 has no zones of control to shade: a stack may move into and out of a place the enemy holds "
              "(Movement);")
    for option, said in (({"zoc": "french"}, no_zoc), ({"select": "12"}, "1812's map marks no moves:")):
        with pytest.raises(Unreadable) as refused:
            pictures.map_png(service, game, viewer="russian", **option)
        assert str(refused.value) == f"{said} ask `map`, or `map 12` to centre the map on a place."
    with pytest.raises(Unreadable) as refused:  # `kolocha map --zoc french`: the command line's words
        pictures.map_png(service, game, zoc="french", spelt=pictures.on_the_command_line)
    assert str(refused.value) == f"{no_zoc} ask `kolocha map`, or `kolocha map --around 12` to centre the map on a " \
                                 "place."


def test_a_highlight_the_map_cannot_draw_is_refused_where_it_was_drawn_unmarked(borodino_game, tmp_path, capsys):
    """Bloody Monday's blocks have no zones of control (1.2.2): `map zoc french` shaded nothing; a place off the
    map to `select` (Borodino's 9999, Bloody Monday's 3225, a hex number) drew the map without a ring. Each is
    refused in one sentence saying what to ask instead, as the asker writes it: `kolocha map` names its options."""
    service, borodino = borodino_game
    with pytest.raises(Unreadable) as refused:
        pictures.map_png(service, borodino, select="9999")
    assert str(refused.value) == "9999 is no hex of this map: ring a unit by its hex or its id, `map select 3225`."
    blocks = service.new_game("bloody_monday", "bloody_monday", seed=1)
    with pytest.raises(Unreadable) as refused:
        pictures.map_png(service, blocks, viewer="french", zoc="french")
    assert str(refused.value) == ("Bloody Monday has no zones of control to shade: a block stops only where it enters "
                                  "an area the enemy holds (1.2.2); ask `map`, or `map 57` to centre the map on a "
                                  "place.")
    db = str(tmp_path / "k.sqlite")
    assert cli.main(["map", "--db", db, "--game", str(blocks), "--select", "3225"]) == 2
    assert capsys.readouterr().err == ("kolocha: 3225 is no area of this map: ring a unit by its area or its id, "
                                       "`kolocha map --select 57`.\n")


def test_kolocha_map_and_replay_gif_write_files(borodino_game, tmp_path, capsys):
    _, game_id = borodino_game
    db = tmp_path / "k.sqlite"
    out = tmp_path / "crop.png"
    assert cli.main(["map", "--db", str(db), "--game", str(game_id), "--around", "3219", "--out", str(out)]) == 0
    assert Image.open(out).format == "PNG"
    gif = tmp_path / "r.gif"
    assert cli.main(["replay", str(game_id), "--db", str(db), "--gif", str(gif)]) == 0
    assert Image.open(gif).format == "GIF"
    assert "replays cleanly" in capsys.readouterr().out


def test_terminal_map_command_writes_a_picture(borodino_game, tmp_path):
    from bot.terminal.console import play
    from bot.terminal.map_files import MapFiles
    service, game_id = borodino_game
    lines = iter(["map 3219 radius 3", "map nonsense", "quit"])
    written: list[str] = []
    drawn: list[dict] = []

    def png(service, game_id, **options) -> bytes:
        drawn.append(options)
        return b"PNG"

    maps = MapFiles(service, game_id, tmp_path, png=png)
    play(service, game_id, read=lambda prompt: next(lines), write=written.append, maps=maps)
    assert drawn[1] == {"viewer": None, "around": ["3219"], "radius": 3} and len(drawn) == 2
    assert any(line.startswith(f"Map: {maps.main}") for line in written) and f"Map: {maps.asked}" in written
    assert any("`map` does not understand 'nonsense'" in line for line in written)


def test_the_terminal_writes_the_map_and_the_latest_action(borodino_game, tmp_path):
    """After a change the terminal writes both pictures, the action at a phone's width."""
    from bot.terminal.map_files import MapFiles
    service, game_id = borodino_game
    maps = MapFiles(service, game_id, tmp_path)
    assert maps.draw([], None) == f"Map: {maps.main} (latest action: {maps.action})"
    action = Image.open(maps.action)
    assert Image.open(maps.main).width > 1000 and 500 <= action.width <= 550


def test_before_any_action_there_is_no_action_file(tmp_path):
    from bot.terminal.map_files import MapFiles
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("borodino", "7sep", 7)
    maps = MapFiles(service, game_id, tmp_path)
    maps.action.write_bytes(b"stale")
    assert maps.draw([], None) == f"Map: {maps.main}" and not maps.action.exists()


def test_a_map_of_places_off_the_map_is_refused_in_a_sentence(borodino_game, tmp_path):
    """`map 9999` answered "no map hex around ['9999']": a sentence, no Python list."""
    from bot.terminal.map_files import MapFiles
    service, game_id = borodino_game
    maps = MapFiles(service, game_id, tmp_path)
    answer = maps.draw(["9999"], None)
    assert answer.startswith("9999: no hex of this map") and "[" not in answer
    assert not maps.asked.exists()
    assert maps.draw(["3219"], None) == f"Map: {maps.asked}"  # the control: a hex on the map
