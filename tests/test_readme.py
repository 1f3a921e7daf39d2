"""The README's terminal transcripts are what the terminal prints. A block that opens with
`$ kolocha local ...` is played again, with the blocks after it that carry on its game: its
commands are the lines after a prompt (`French > `), and every other line it shows must come out,
in order (a transcript may leave lines out, never change one)."""
from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from bot import cli

README = Path(__file__).resolve().parents[1] / "README.md"
PROMPT = re.compile(r"^(?:(?:French|Russian) > )+")


def _blocks() -> list[list[str]]:
    """The README's code blocks, each a list of its lines."""
    blocks: list[list[str]] = []
    inside = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return blocks


def transcripts() -> list[tuple[list[str], list[str], list[str]]]:
    """(the arguments of `kolocha local`, the commands typed, the lines shown) of each game the
    README plays: a block opening with `$ kolocha local` and the prompted blocks after it."""
    games: list[tuple[list[str], list[str], list[str]]] = []
    for lines in _blocks():
        if lines and lines[0].startswith("$ kolocha local"):
            games.append((shlex.split(lines[0][2:].split("#")[0])[2:], [], []))
            lines = lines[1:]
        elif not (games and any(PROMPT.match(line) for line in lines)):
            continue
        for line in lines:
            typed = PROMPT.match(line)
            (games[-1][1] if typed else games[-1][2]).append(line[typed.end():] if typed else line)
    return games


def test_the_readme_plays_its_games():
    """The positive control: the first turn of Borodino and a game against the computer."""
    assert [args for args, _, _ in transcripts()] == [["--scenario", "7sep", "--seed", "5"],
                                                      ["--scenario", "5sep", "--ai", "french", "--ai-seed", "5"]]


@pytest.mark.parametrize("args,typed,shown", [pytest.param(*game, id=" ".join(game[0])) for game in transcripts()])
def test_a_readme_transcript_is_what_the_terminal_prints(args, typed, shown, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed + ["quit"]) + "\n"))
    assert cli.main(["local", "--db", "kolocha.sqlite", *args]) == 0
    said = capsys.readouterr()
    printed = iter(PROMPT.sub("", line).rstrip() for line in (said.err + said.out).splitlines())
    missing = [line for line in shown if not any(out == line.rstrip() for out in printed)]
    assert missing == [], f"not printed, or not in this order: {missing}"
