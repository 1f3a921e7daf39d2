"""The questions a player reads on a phone, about 40 characters a line: a prompt says the choice first in
one short sentence and its detail as short points after (rules.core.events.point_by_point), so that no line
of it runs past LIMIT characters. The replay corpus's whole games (tests/corpus) go through every scenario
and option set; every line a side asked reads in them (its view's prompt, a choice's event) is measured."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import rules
from rules.core.playout import replay
from tests.corpus.record import read

LIMIT = 160  # characters: four lines of a phone
LEAD = 80  # characters: two lines of a phone, the sentence of a question told point by point
CORPUS = sorted((Path(__file__).parents[2] / "corpus").glob("*.txt"))


def long_lines(texts: list[str]) -> list[str]:
    """The lines of `texts` longer than LIMIT, and the sentence leading a question's points (it ends with a
    colon) longer than LEAD: Artillery C's ran 126 characters before its first answer. A whole question in one
    sentence, a point after it naming another form of its answer (a retreat's chain), is measured as a line."""
    return [line for text in texts for n, line in enumerate(text.split("\n"))
            if len(line) > LIMIT or (n == 0 and "\n- " in text and line.endswith(":") and len(line) > LEAD)]


def questions(path: Path) -> Iterator[str]:
    """Every question a side asked reads in the corpus game at `path`: the prompt of each side to act, after
    every command, and the text of every choice an event asks. A run of moves asks what its first move asked
    (Bloody Monday's first leaves the activation segment; each game's movement prompt then says the same): a
    side's prompt is read after every command but a move after a move, and wherever a choice waits."""
    game = read(path)
    system = rules.load(game.system)
    state = system.setup(game.scenario, game.seed, game.options)
    verbs = [command.split()[0] for _, command in game.commands]
    moves_again = [verb == before == "move" for before, verb in zip(["", *verbs], verbs)]
    for again, (state, events) in zip(moves_again, replay(system, state, game.commands)):
        yield from (str(system.view(state, side).get("prompt") or "") for side in system.active_sides(state)
                    if not again or system.choice(state) is not None)
        yield from (str(e.get("text", "")) for e in events if e.get("kind") == "choice")


def asked(path: Path) -> dict[str, str]:
    """Every line too long (`long_lines`) of the questions of the corpus game at `path`, by its first 40
    characters (one of each kind of question)."""
    return {line[:40]: line for line in long_lines(list(questions(path)))}


@pytest.mark.long  # whole games, each side's view after each command: seconds
@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_no_question_of_a_whole_game_runs_one_long_line(path):
    found = asked(path)
    assert not found, "\n".join(f"{len(line)} characters: {line}" for line in found.values())
