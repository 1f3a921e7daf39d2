"""The terminal transcripts of the README and the guides in docs/ are what the terminal prints. A
code block line `$ kolocha local ...` starts a game, played again with the lines typed after a
prompt (`French > `), there or in the blocks after it that carry on its game; every other line
shown must come out, in order (a transcript may leave lines out, or say `...`, never change one)."""
from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from bot import cli

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROMPT = re.compile(r"^(?:(?:French|Russian) > )+")


def _blocks(page: Path) -> list[list[str]]:
    """A page's code blocks, each a list of its lines."""
    blocks: list[list[str]] = []
    inside = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return blocks


def transcripts(page: Path) -> list[tuple[list[str], list[str], list[str]]]:
    """(the arguments of `kolocha local`, the commands typed, the lines shown) of each game the
    page plays."""
    games: list[tuple[list[str], list[str], list[str]]] = []
    playing = False
    for lines in _blocks(page):
        playing = playing and any(PROMPT.match(line) for line in lines)  # a block carrying on the game
        for line in lines:
            if line.startswith("$ "):
                playing = line.startswith("$ kolocha local")
                if playing:
                    games.append((shlex.split(line[2:].split("#")[0])[2:], [], []))
            elif playing and line.strip() != "...":
                typed = PROMPT.match(line)
                (games[-1][1] if typed else games[-1][2]).append(line[typed.end():] if typed else line)
    return games


GAMES = [pytest.param(*game, id=f"{page.name}: {' '.join(game[0])}",
                      marks=[pytest.mark.long] if game[0].count("--ai") > 1 else [])  # a whole game of two computers
         for page in PAGES for game in transcripts(page)]


def test_the_pages_play_their_games():
    """The positive control: the README's first turn and game against the computer, the
    Borodino guide's refusals, the play-by-post guide's standing orders and draw, and its games
    against the computer."""
    assert [p.id for p in GAMES] == [
        "README.md: --scenario 7sep --seed 5", "README.md: --scenario 5sep --ai french --ai-seed 5",
        "borodino.md: --scenario 7sep --seed 1", "playing-by-post.md: --scenario 7sep --seed 1",
        "playing-by-post.md: --scenario 5sep --ai russian",
        "playing-by-post.md: --scenario 5sep --ai french --ai russian --ai-seed 5 --seed 1"]


@pytest.mark.heavy
@pytest.mark.parametrize("args,typed,shown", GAMES)
def test_a_transcript_is_what_the_terminal_prints(args, typed, shown, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed + ["quit"]) + "\n"))
    assert cli.main(["local", "--db", "kolocha.sqlite", *args]) == 0
    said = capsys.readouterr()
    printed = iter(PROMPT.sub("", line).rstrip() for line in (said.err + said.out).splitlines())
    missing = [line for line in shown if not any(out == line.rstrip() for out in printed)]
    assert missing == [], f"not printed, or not in this order: {missing}"
