"""Every game system through the service and the script runner: the toy, Borodino and Bloody
Monday, each played by a seeded random game."""
from __future__ import annotations

import json

import pytest

from bot import cli
import rules
from bot.service import SORRY, GameService
from bot.store import blank
from rules.core.playout import random_playout

COMMANDS = 120


CASES = [
    pytest.param(("toy_system", "long"), id="toy"),
    pytest.param(("borodino", "7sep"), id="borodino"),
    pytest.param(("bloody_monday", "bloody_monday"), id="bloody_monday"),
]
# What each query's answer starts with, in every system: the headline, a side's units, commands.
ANSWERS = {"status": "Turn ", "units": ":\n", "help": "ommands"}


def _plain(value: object) -> object:
    return json.loads(json.dumps(value))


@pytest.fixture(params=CASES)
def case(request, tmp_path):
    system, scenario = request.param
    played = random_playout(rules.load(system), scenario, 3, max_commands=COMMANDS)
    service = GameService(blank(tmp_path / "s.sqlite"))
    return system, scenario, played, service


def test_a_random_game_goes_through_the_service(case):
    system, scenario, played, service = case
    game = service.new_game(system, scenario, seed=3)
    results = [service.submit(game, side, text) for side, text in played.commands]
    assert [r.message for r in results if not r.accepted] == []
    assert [r.seq for r in results] == list(range(1, len(played.commands) + 1))
    cold = GameService(service.store)
    assert _plain(cold.load(game)) == _plain(played.state)
    assert service.replay_check(game).ok


def test_queries_undo_and_refusals_answer_in_sentences(case):
    system, scenario, played, service = case
    game = service.new_game(system, scenario, seed=3)
    module = rules.load(system)
    mover = module.active_sides(service.load(game))[0]
    waiting = next(s for s in module.INFO.sides if s != mover)
    for query, expected in ANSWERS.items():
        reply = service.submit(game, mover, query).reply
        assert reply is not None and expected in reply.splitlines()[0] + "\n", (query, reply)
    refusal = service.submit(game, waiting, played.commands[0][1])
    assert not refusal.accepted and "must wait" in refusal.message
    assert not service.submit(game, mover, "xyzzy 9999").accepted
    first = service.submit(game, *played.commands[0])
    assert first.accepted and not any(e.get("irreversible") for e in first.events)
    undo = service.submit(game, mover, "undo")
    assert undo.accepted and service.store.last_seq(game) == 0
    assert _plain(service.load(game)) == _plain(module.setup(scenario, 3, None))


def test_undo_never_crosses_a_die_roll_or_a_revealed_block(case):
    """Undo never crosses a die roll or a revealed block (docs/architecture.md, Storage and the
    outbox): the game's first irreversible command stands, with a sentence that says why."""
    system, scenario, played, service = case
    game = service.new_game(system, scenario, seed=3)
    submitted = ((side, service.submit(game, side, text)) for side, text in played.commands)
    side, rolled = next((side, r) for side, r in submitted if any(e.get("irreversible") for e in r.events))
    undo = service.submit(game, side, "undo")
    assert not undo.accepted and undo.message != SORRY and "undo" in undo.message.lower()
    assert service.store.last_seq(game) == rolled.seq


def test_a_random_game_runs_as_a_script(case, tmp_path, capsys):
    system, scenario, played, _ = case
    script = tmp_path / "game.txt"
    script.write_text(f"# kolocha system={system} scenario={scenario} seed=3\n"
                      "# expect: all-accepted\n"
                      + "".join(f"{side}: {text}\n" for side, text in played.commands))
    assert cli.main(["local", "--script", str(script), "--db", str(tmp_path / "c.sqlite"),
                     "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(played.commands) and all(r["accepted"] for r in rows)
