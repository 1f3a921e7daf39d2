"""The details a terminal player meets: no trace on Ctrl-C, nothing left behind by a refused start
or a game, `--ai both`, a crop that does not overwrite the whole map, each prompt said once, and a
`help` that lists every command the table answers."""
from __future__ import annotations

import gc
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.service import GameService
from bot.store import Store, blank
from bot.terminal import console

ROOT = Path(__file__).resolve().parents[3]


def test_a_start_refused_leaves_no_file_in_a_folder_that_had_none(tmp_path, capsys):
    db = tmp_path / "kolocha.sqlite"
    assert cli.main(["local", "--db", str(db), "--scenario", "nope"]) == 2
    assert "'nope' is not a scenario here" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_command_with_nothing_to_log_leaves_no_log_beside_the_database(tmp_path):
    """`kolocha replay --all --db COPY` checks a backup (deploy/DISCORD.md) and leaves it as it
    was: no empty COPY.log beside it, as the log file was made at every start. A process of its
    own, as logging is set up once a process."""
    db = tmp_path / "copy.sqlite"
    service = GameService(Store(db))
    service.submit(service.new_game("borodino", "7sep", seed=1), "french", "move 3321 3219")
    service.store.close()
    before = sorted(tmp_path.iterdir())
    run = subprocess.run([sys.executable, "-m", "bot.cli", "replay", "--all", "--db", str(db)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "replays cleanly" in run.stdout, run.stderr
    assert sorted(tmp_path.iterdir()) == before


def test_a_game_played_and_resumed_leaves_the_players_folder_holding_his_game_alone(tmp_path, monkeypatch):
    """No lock file stays beside the game once `kolocha local` is done (kolocha.sqlite-migrate.lock
    and, after --game, kolocha.sqlite.lock stayed)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "moves.txt").write_text("french: end\n")
    assert cli.main(["local", "--seed", "1", "--script", "moves.txt"]) == 0
    assert cli.main(["local", "--game", "1", "--script", "moves.txt"]) == 0
    gc.collect()  # the store's connections close, as at the process's end: SQLite removes its journal
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kolocha.sqlite", "moves.txt"]


def test_a_refusal_on_a_database_with_games_keeps_it(tmp_path, capsys):
    db = tmp_path / "kolocha.sqlite"
    GameService(Store(db)).new_game("borodino", "5sep", seed=1)
    assert cli.main(["local", "--db", str(db), "--scenario", "nope"]) == 2
    assert db.exists() and len(Store(db).games()) == 1


def test_ctrl_c_while_the_computer_thinks_is_one_sentence(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "play", interrupted)
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--seed", "1", "--ai", "russian"]) == 130
    err = capsys.readouterr().err.strip()
    assert err.splitlines()[-1] == "kolocha: stopped; every accepted command is kept." and "Traceback" not in err


def test_json_without_a_script_is_refused_in_one_sentence_before_a_game_opens(tmp_path, capsys):
    db = tmp_path / "k.sqlite"
    assert cli.main(["local", "--db", str(db), "--json"]) == 2
    assert capsys.readouterr().err.strip() == ("kolocha: --json prints one JSON per command of a script; give it "
                                               "with --script FILE, or play without --json.")
    assert not db.exists()


def test_a_reader_that_stops_reading_gets_no_traceback(tmp_path, capsys, monkeypatch):
    """`kolocha replay 1 | head`: the pipe closed under a print ends the command quietly, its standard
    output pointed at nothing so the exit's own flush does not fail on the closed pipe too."""
    def cut(*args, **kwargs):
        raise BrokenPipeError(32, "Broken pipe")
    pointed: list[int] = []

    class Piped:
        def fileno(self) -> int:
            return 41

    monkeypatch.setattr(cli, "play", cut)
    monkeypatch.setattr(cli.os, "dup2", lambda devnull, fd: pointed.append(fd))
    monkeypatch.setattr(cli.sys, "stdout", Piped())
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--seed", "1"]) == 1
    assert pointed == [41] and "Traceback" not in capsys.readouterr().err


def test_a_new_game_is_named_by_its_title(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli, "play", lambda *args, **kwargs: 0)
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--system", "bloody_monday", "--seed", "1"]) == 0
    opening = capsys.readouterr().err.splitlines()[0]
    assert opening.startswith("Game 1: Bloody Monday: Borodino, 7 September 1812, seed 1")


@pytest.mark.long  # a whole Shevardino game between computers
def test_ai_both_seats_the_computer_on_every_side(tmp_path, capsys):
    script = ["local", "--db", str(tmp_path / "k.sqlite"), "--scenario", "shevardino", "--seed", "1",
              "--ai", "both", "--ai-seed", "1"]
    assert cli.main(script) == 0
    said = capsys.readouterr()
    assert "The computer plays French" in said.err and "The computer plays Russian" in said.err
    assert "Game over" in said.out


def test_a_script_against_the_computer_is_refused_in_one_sentence(tmp_path, capsys):
    """A script gives every side's commands: with a computer seat it played the computer's side
    itself (after 'The computer plays Russian'), printing that side's hidden blocks."""
    db, script = tmp_path / "k.sqlite", tmp_path / "moves.txt"
    script.write_text("pass\nend\nstatus\n")
    argv = ["local", "--db", str(db), "--system", "bloody_monday", "--seed", "1", "--script", str(script)]
    assert cli.main([*argv, "--ai", "russian"]) == 2
    assert capsys.readouterr().err.strip() == (
        "kolocha: --ai with --script: a script gives every side's commands itself, so the computer would not "
        "play; play against the computer at the terminal, without --script.")
    assert not db.exists()
    game = GameService(Store(db)).new_game("bloody_monday", "bloody_monday", seed=1)
    Store(db).take_computer_seat(game, "russian", {"level": 1, "budget": 20, "seed": 1})
    assert cli.main(["local", "--db", str(db), "--game", str(game), "--script", str(script)]) == 2
    assert capsys.readouterr().err.startswith(f"kolocha: game {game} has a computer seat: a script gives")
    assert Store(db).commands(game) == []


def test_a_crop_is_written_beside_the_whole_map_not_over_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "k.sqlite")
    GameService(Store(db)).new_game("borodino", "7sep", seed=1)
    assert cli.main(["map", "--db", db]) == 0 and cli.main(["map", "--db", db, "--around", "2817"]) == 0
    assert {p.name for p in tmp_path.glob("*.png")} == {"kolocha-game1.png", "kolocha-game1-2817.png"}


@pytest.mark.parametrize("command, option", [("replay 1", "--gif"), ("map", "--out")])
def test_a_picture_asked_for_in_a_folder_that_does_not_exist_is_one_sentence(tmp_path, capsys, command, option):
    """Refused before anything is drawn; it was a traceback once the picture was drawn."""
    db = str(tmp_path / "k.sqlite")
    GameService(Store(db)).new_game("borodino", "7sep", seed=1)
    picture = tmp_path / "missing" / "game.png"
    assert cli.main([*command.split(), "--db", db, option, str(picture)]) == 2
    assert capsys.readouterr().err == f"kolocha: {option}: there is no folder {picture.parent}; create it first.\n"


@pytest.mark.parametrize("command", ["local", "replay", "map", "bench", "fuzz", "run", "sync", "backup"])
def test_each_commands_help_says_what_it_does_as_kolocha_help_lists_it(capsys, command):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listed = re.search(rf"\n    {command} +(.*?)(?=\n    \w|\n\n)", capsys.readouterr().out, re.DOTALL)[1]
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    heading = capsys.readouterr().out.split("\n\n")[1]
    assert " ".join(heading.split()).lower() == " ".join(listed.split()).lower() + "."


def test_sync_without_a_token_names_itself(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["sync"]) == 2
    assert capsys.readouterr().err.startswith("kolocha sync: no DISCORD_TOKEN")


def test_a_choice_the_events_ask_for_is_said_once(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game("borodino", "7sep", seed=7)
    lines = iter(["move 3321 3219", "end", "attack 3219 -> 3218", "quit"])
    out: list[str] = []
    console.play(service, game, read=lambda prompt: next(lines), write=out.append)
    said = "\n".join(out)
    asked = [line for line in said.splitlines() if "you may advance after combat" in line]
    assert len(asked) == 1


def test_a_new_phase_is_said_once_by_the_headline_printed_under_the_command(tmp_path):
    """'  Game-Turn 27 (7 Sept, 0600): Russian Movement Phase.' stood above 'Game-Turn 27 of 40 | 7 Sept 0600 |
    Movement Phase | Russian player', the phase twice in a row; the Combat Phase that began and ended is kept."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game("borodino", "7sep", seed=1)
    lines = iter(["end", "quit"])
    out: list[str] = []
    console.play(service, game, read=lambda prompt: next(lines), write=out.append)
    assert "[1] French: end.\n  French Combat Phase.\n  No attack is possible; the Combat Phase ends.\n" \
           "Game-Turn 27 of 40 | 7 Sept 0600 | Movement Phase | Russian player\n" in "\n".join(out)


def test_help_lists_the_commands_every_table_answers(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game("borodino", "7sep", seed=7)
    listing = service.submit(game, "french", "help").reply or ""
    also = listing.splitlines()[-2]
    assert also == "Also: accept, refuse, draw, map, orders, quit."  # undo, status, units, odds: listed above
    starts = {line.split()[0] for line in listing.splitlines()[1:-2]}
    assert {"undo", "odds", "status", "units"} <= starts
    assert "victory" not in starts and any(line.startswith("help victory ") for line in listing.splitlines())
    assert listing.splitlines()[-1] == "Type `help <command>` for more."


@pytest.mark.parametrize("system, scenario", [("bloody_monday", "bloody_monday"), ("campaign_1812", "campaign")])
def test_help_lists_the_table_commands_a_systems_footer_mentions_in_passing(tmp_path, system, scenario):
    """1812's footer says "the map, orders of battle": `map` and `orders` are still listed as commands."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    listing = service.submit(service.new_game(system, scenario, seed=7), None, "help").reply or ""
    also = listing.splitlines()[-2]
    assert also.startswith("Also: ") and {"map", "orders", "quit", "draw", "accept"} <= set(also[6:-1].split(", "))
