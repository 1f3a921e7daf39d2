"""Two stand-ins for a game system, for the harness tests of rules/core: what `random_playout`,
`fuzz`, `duel` and `replay` call, and with what, is recorded; no rules beyond a counter."""
from __future__ import annotations

import random

from rules.core.commands import Word
from rules.core.system import SystemInfo


class Ticking:
    """Sides who each type `tick` (or `tock`) until `ticks` commands have been played, all of
    `active` to move at once; every call the harness makes is written to `calls`."""

    def __init__(self, active: tuple[str, ...] = ("a",), ticks: int | None = None,
                 rollout: bool = False, stuck: bool = False):
        self.INFO = SystemInfo(name="ticking", sides=("a", "b"), default_scenario="only")
        self.active, self.ticks, self.stuck = active, ticks, stuck
        self.calls: list[tuple] = []
        if rollout:
            self.rollout_command = self._rollout

    def setup(self, scenario: str, seed: int, options: dict | None = None) -> dict:
        return {"played": 0, "options": options}

    def active_sides(self, state: dict) -> list[str]:
        return [] if self.ticks is not None and state["played"] >= self.ticks else list(self.active)

    def legal_commands(self, state: dict, side: str) -> list:
        self.calls.append(("legal", state["played"], side))
        return [] if self.stuck else [Word("tick"), Word("tock")]

    def sample_command(self, state: dict, side: str, rng: random.Random):
        self.calls.append(("sample", state["played"], side, rng))
        return None if self.stuck else Word("tock")

    def _rollout(self, state: dict, side: str, rng: random.Random):
        self.calls.append(("rollout", state["played"], side, rng))
        return Word("tick")

    def parse(self, side: str, text: str):
        self.calls.append(("parse", side, text))
        return Word(text)

    def apply(self, state: dict, side: str, cmd) -> tuple[dict, list[dict]]:
        new = {**state, "played": state["played"] + 1}
        return new, [{"text": f"{side} {cmd.to_text()}", "to": "all"}]

    def view(self, state: dict, side: str | None) -> dict:
        return {"played": state["played"], "side": side}

    def outcome(self, state: dict) -> dict | None:
        return None if self.active_sides(state) else {"winner": None, "reason": f"{state['played']} ticks"}
