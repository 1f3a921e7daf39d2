"""rules/core/playout.py: random games over the contract, and failures that reproduce as scripts."""
from __future__ import annotations

import json

import pytest

from bot import cli
from rules.core.playout import PlayoutFailure, random_playout
from tests.bot import toy_system


def test_a_random_playout_finishes_and_is_reproducible():
    seen = []
    first = random_playout(toy_system, "short", 3, {"bonus": True}, rng_seed=4, check=seen.append)
    again = random_playout(toy_system, "short", 3, {"bonus": True}, rng_seed=4)
    assert first.outcome is not None and first.commands == again.commands
    assert len(seen) == len(first.commands) and seen[-1] == first.state


def test_the_budget_caps_a_playout():
    playout = random_playout(toy_system, "long", 3, max_commands=10)
    assert len(playout.commands) == 10 and playout.outcome is None


def test_a_failing_check_carries_seed_and_commands():
    def check(state):
        assert state["turn"] < 2, "turn 2 reached"

    with pytest.raises(PlayoutFailure) as caught:
        random_playout(toy_system, "short", 3, rng_seed=1, check=check)
    failure = caught.value
    assert failure.seed == 3 and failure.rng_seed == 1 and failure.commands[-1] == ("blue", "roll")
    assert "turn 2 reached" in str(failure)


@pytest.mark.logs_errors("kolocha.service")
def test_an_engine_crash_writes_a_script_that_reproduces_it(tmp_path, monkeypatch, capsys):
    original = toy_system.apply

    def buggy(state, side, cmd):  # an engine bug: blue's second roll divides by zero
        if cmd.to_text() == "roll" and side == "blue" and state["turn"] == 2:
            raise ZeroDivisionError("bug in the dice phase")
        return original(state, side, cmd)

    monkeypatch.setattr(toy_system, "apply", buggy)
    with pytest.raises(PlayoutFailure) as caught:
        random_playout(toy_system, "short", 9, {"bonus": True}, rng_seed=2)
    script = tmp_path / "failure.txt"
    script.write_text(caught.value.script())
    assert script.read_text().startswith(
        "# kolocha system=toy_system scenario=short seed=9 options=bonus\n")

    status = cli.main(["local", "--script", str(script), "--db", str(tmp_path / "f.sqlite"),
                       "--json"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1 and len(rows) == len(caught.value.commands)
    assert all(r["accepted"] for r in rows[:-1]) and not rows[-1]["accepted"]
    assert rows[-1]["command"] == "blue: roll"
