"""bot/terminal/console.py and `kolocha local`: scripts (text and JSON), the hot-seat loop, crash-resume."""
from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import replace
from pathlib import Path

from bot import cli
from bot.service import GameService
from bot.store import Store, blank
from bot.terminal.console import Script, parse_script, play, render, run_line, run_script, split_side
from tests.bot import toy_system
from tests.bot.bot_helpers import straight_replay, toy_commands

ROOT = Path(__file__).resolve().parents[3]
HEADER = "# kolocha system=toy_system scenario=short seed=5 options=bonus\n"


def _run(tmp_path, body: str, *extra: str) -> int:
    script = tmp_path / "game.txt"
    script.write_text(HEADER + body)
    return cli.main(["local", "--script", str(script), "--db", str(tmp_path / "g.sqlite"), *extra])


def test_script_header_sides_and_comments_are_parsed():
    script = parse_script(HEADER + "# expect: all-accepted\n# a note\n\nred: end\nroll\n")
    assert script.settings == {"system": "toy_system", "scenario": "short", "seed": "5",
                               "options": "bonus"}
    assert script.expect_all_accepted and script.lines == ["red: end", "roll"]
    assert split_side("Blue: move b1 0202", ("red", "blue")) == ("blue", "move b1 0202")
    assert split_side("note: hello", ("red", "blue")) == (None, "note: hello")


def test_script_text_output(tmp_path, capsys):
    assert _run(tmp_path, "move r1 0201\nblue: end\nend\nroll\nstatus\n") == 0
    out = capsys.readouterr().out
    assert "[1] Red: move r1 0201.\n  r1 moves to 0201\n" in out
    assert "Refused: blue: end: it is the Red player's Movement Phase" in out  # one sentence: no capital mid-way
    assert "(to Red) your secret number is" in out
    assert "Turn 1 | hour 1 | Movement Phase | Blue player" in out
    game = Store(tmp_path / "g.sqlite").game(1)
    assert game["seed"] == 5 and game["options"] == {"bonus": True} and game["hot_seat"]


def test_a_script_asking_for_the_map_is_told_where_its_picture_comes_from(tmp_path, capsys):
    """The interactive terminal draws `map` itself; a script has no screen, and was answered "Unknown
    command 'map' (did you mean `map`?)"."""
    assert _run(tmp_path, "map\nmap 2817\n") == 0
    drawn = "`map` draws a picture when you play at the terminal; a script's game is drawn with `kolocha map --game 1`."
    assert capsys.readouterr().out.splitlines() == [drawn] * 2


def test_script_json_output_and_expectation(tmp_path, capsys):
    status = _run(tmp_path, "# expect: all-accepted\nend\nmove r1 0201\nroll\n", "--json")
    assert status == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["accepted"] for r in rows] == [True, False, True]
    assert set(rows[0]) >= {"seq", "side", "command", "accepted", "rule", "message", "events"}
    assert rows[1]["rule"] == "Toy: Sequence (A)" and rows[1]["command"] == "move r1 0201"
    assert rows[2]["seq"] == 2 and rows[2]["events"][0]["irreversible"] is True


def test_unknown_system_is_a_sentence(tmp_path, capsys):
    assert cli.main(["local", "--system", "no_such", "--db", str(tmp_path / "x.sqlite")]) == 2
    assert "is not a game system here" in capsys.readouterr().err


def test_hot_seat_loop_prompts_the_side_to_move(service, game):
    lines = iter(["move r1 0201", "end", "", "roll", "quit"])
    prompts, out = [], []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(lines)

    assert play(service, game, read, out.append) == 0
    assert prompts == ["Red > ", "Red > ", "Red > ", "Red > ", "Blue > "]
    assert any("Dice Phase" in text for text in out)


def test_killed_mid_script_resumes_where_it_stopped(tmp_path):
    """The process is killed (SIGKILL) mid-game; the store holds a clean prefix and resumes."""
    commands = toy_commands("long", 7)
    db, script = tmp_path / "k.sqlite", tmp_path / "long.txt"
    script.write_text("# kolocha system=toy_system scenario=long seed=7\n"
                      + "".join(f"{side}: {text}\n" for side, text in commands))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KOLOCHA_SYSTEMS": "toy_system=tests.bot.toy_system"}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "local", "--script", str(script),
                             "--db", str(db)], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while _stored(db) < 40 and time.monotonic() < deadline:
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    service = GameService(Store(db), loader=lambda name: toy_system)
    stored = [(c["side"], c["normalised"]) for c in service.store.commands(1)]
    assert 40 <= len(stored) < len(commands) and stored == commands[: len(stored)]
    assert service.replay_check(1).ok

    rest = tmp_path / "rest.txt"
    rest.write_text("# expect: all-accepted\n"
                    + "".join(f"{s}: {t}\n" for s, t in commands[len(stored):]))
    done = subprocess.run([sys.executable, "-m", "bot.cli", "local", "--game", "1", "--script",
                           str(rest), "--db", str(db)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    final = GameService(Store(db), loader=lambda name: toy_system).load(1)
    assert final == straight_replay("long", 7, commands)
    assert toy_system.outcome(final) is not None


def _stored(db: Path) -> int:
    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)) as conn:
            return conn.execute("SELECT COUNT(*) FROM commands").fetchone()[0]
    except sqlite3.Error:
        return 0


def test_hot_seat_with_hidden_information_hands_over_and_shows_one_side(service, game, monkeypatch):
    """Fog of war at one screen: each side sees only its own view and events, and the screen
    is cleared behind a "hand over" pause whenever the side to move changes."""

    from bot.terminal.console import CLEAR, play

    monkeypatch.setattr(toy_system, "INFO", replace(toy_system.INFO, hidden_information=True))
    answers = iter(["", "end", "roll", "", "", "end", "roll", "", "", "quit"])
    prompts: list[str] = []
    written: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    play(service, game, read=read, write=written.append)
    handover = [p for p in prompts if p.startswith("Hand over")]
    assert handover == [f"Hand over to the {side} player, then press Enter (the screen will be cleared)."
                        for side in ("Red", "Blue", "Red")]  # Red sits down first
    assert [p for p in prompts if p.endswith("then hand over to the Blue player.")] == [
        "Red player: press Enter to clear the screen, then hand over to the Blue player."]
    cuts = [i for i, w in enumerate(written) if w.startswith(CLEAR)]
    red, blue = "\n".join(written[:cuts[1]]), "\n".join(written[cuts[1]:cuts[3]])
    assert "(to Red) your secret number" in red and "(to Blue)" not in red
    assert "(to Blue) your secret number" in blue and "(to Red)" not in blue


def test_a_step_within_a_phase_prints_what_the_game_now_waits_for(tmp_path):
    """Bloody Monday 5.0: `tactical` opens the activation segment in the same phase; the player at the
    screen reads at once what it allows. A command that leaves the prompt as it was prints no prompt again."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = service.new_game("bloody_monday", "bloody_monday", seed=1)
    for side in ("french", "russian"):
        service.store.take_seat(game, side, f"u-{side}")
    lines, out = iter(["", "tactical", "units 16", "quit"]), []
    assert play(service, game, lambda prompt: next(lines), out.append) == 0
    told = out[out.index("[1] French: tactical.") + 1:]
    assert told[0].startswith("French Tactical Action, activation segment (5.0):\n- `activate <leader> [<area>]`")
    assert sum("activation segment" in t for t in told) == 1  # `units` (a query) prints no prompt


def test_an_undo_is_said_once_at_the_terminal(tmp_path, capsys):
    """A free undo's line and its event are the same news ("The Red player undoes `move r1 0201`."): the
    terminal says it once, as the channel does, not as "Undone: ..." and then the event again, and with
    no number: it adds no command, and the next command takes the number the undone one had."""
    assert _run(tmp_path, "red: move r1 0201\nred: undo\n") == 0
    out = capsys.readouterr().out
    assert "The Red player undoes `move r1 0201`.\n" in out and "Undone:" not in out and "[0]" not in out


def test_an_agreed_draw_is_said_once_unnumbered_and_asks_nothing_more(service, game):
    """A draw offer and its acceptance store no command: neither takes a command's number (the last
    command's, or [0]), the agreement is not said twice (its line, then its event), and the game
    then waits for nobody, as after a victory the rules decide."""
    lines, prompts, out = iter(["move r1 0201", "draw", "blue: accept", "quit"]), [], []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(lines)

    assert play(service, game, read, out.append) == 0
    said = "\n".join(out)
    assert "\nYou offer a draw; the Blue player answers.\n" in said
    agreed = f"Game {game} is drawn by agreement: the Red player offered a draw and the Blue player accepted."
    assert said.count(agreed) == 1 and f"\n{agreed}" in said
    assert prompts == ["Red > ", "Red > ", "Red > ", "(game over) > "]


def test_a_standing_order_is_unnumbered_and_the_commands_it_plays_say_what_they_did(tmp_path):
    """Borodino, 7 Sept, dice seed 1: the Russian player's standing orders answer the retreat and the
    advance an attack leaves them. Setting one stores no command, so it has no number; the attack keeps
    its own, and under it each answer after what asked it, then what it did, as the channel tells them:
    the answers stood on the attack's own line, before the result they answer."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = service.new_game("borodino", "7sep", seed=1)
    lines = ["russian: orders retreat away", "russian: orders advance always", "move 3321 3219", "end",
             "attack 3219 -> 3218"]
    told = [render(run_line(service, game, line), line) for line in lines]
    assert told[0] == ("Standing order for retreat: away — each enemy unit I make retreat goes to the open hex "
                       "farthest from my units (Retreat).")
    attack = told[-1].splitlines()
    assert attack[0] == "[3] French: attack 3219 -> 3218." and attack[1].endswith("1-3, die 1: Ar.")
    assert attack[2:] == ["  Russian by standing order (retreat: away): retreat 3120.",
                          "  3219 (French 5-4 infantry) retreats to 3120.",
                          "  Russian by standing order (advance: always): advance 3218 3219.",
                          "  3218 (Russian 6-4 infantry) advances into 3219."]


def test_a_script_that_ends_the_game_says_how_under_its_last_command(tmp_path):
    """A script has no headline under its lines: the game's end is said once, after what its last
    command did ('The last Game-Turn is over.'), not on that command's own line."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = service.new_game("borodino", "shevardino", seed=5)
    out = io.StringIO()
    assert run_script(service, game, Script(lines=["end"] * 12), out) == 0
    last = out.getvalue().rstrip().split("\n[12] ")[1].splitlines()
    assert last[0] == "Russian: end." and last[-2] == "  The last Game-Turn is over."
    assert last[-1] == "Game over: the Russian player wins, as he occupies the Schevardino redoubt (3222) at the end."
    assert out.getvalue().count("Game over") == 1


def test_how_the_game_ended_is_said_once_under_the_last_command(tmp_path):
    """The last `end` of a Borodino game read '[12] Russian: end. Game over: Russian wins: The Russian
    player occupies ...', then the rules' own event, the same reason, then the headline's 'Game over: ...':
    three times in a row. Neither the event nor the command's line says it; the headline under them does."""
    service = GameService(blank(tmp_path / "g.sqlite"))
    game = service.new_game("borodino", "shevardino", seed=5)
    lines, out = iter(["end"] * 12 + ["quit"]), []
    assert play(service, game, lambda prompt: next(lines), out.append) == 0
    reason = "occupies the Schevardino redoubt (3222) at the end."
    said = "\n".join(out)
    assert said.count(reason) == 1 and "] Russian: end.\n" in said
    assert said.rstrip().endswith(f"Game over: the Russian player wins, as he {reason}\nLosses: French 0, Russian 0 "
                                  "Combat Points.")
