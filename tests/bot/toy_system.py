"""A tiny two-side dice race that honours the engine contract (docs/architecture.md), for bot/ tests only.

Each side has two runners on its own row of hexes. A player turn is a Movement Phase (`move ID
HEX` one hex east per runner, freely undoable; `end` closes it) then a Dice Phase (`roll`: a die,
irreversible, adds to the side's score and whispers a secret to the roller only). After both
sides' player turns the game turn advances; after the last turn the higher score wins. The
"bonus" option adds 1 to every roll. `commander(1)` is its computer player (rules/core/ai.py): it
plans a whole Movement Phase (each runner east, then `end`), then the roll.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import ClassVar

from rules.core.ai import Decision
from rules.core.commands import Word, Worded  # Word: "end" or "roll"
from rules.core.dice import new_dice, roll
from rules.core.errors import CommandError, RuleViolation
from rules.core.events import event
from rules.core.play import play
from rules.core.setup import chosen_options, scenario
from rules.core.system import SystemInfo

SIDES: tuple[str, ...] = ("red", "blue")
# Registered under its name by tests/conftest.py.
INFO = SystemInfo(name="toy_system", sides=SIDES, default_scenario="short", options=("bonus",))
_ROWS = {"red": 1, "blue": 2}
_SCENARIOS = [
    {"id": "short", "title": "A short race", "first_turn": 1, "last_turn": 3, "options": ["bonus"]},
    {"id": "long", "title": "A long race", "first_turn": 1, "last_turn": 90, "options": ["bonus"]},
]


@dataclass(frozen=True)
class Move(Worded):
    VERB: ClassVar[str] = "move"
    unit: str
    to: str


def scenarios() -> list[dict]:
    return copy.deepcopy(_SCENARIOS)


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    chosen = scenario({s["id"]: s for s in _SCENARIOS}, scenario_id)
    bonus = "bonus" in chosen_options(options, INFO.options, "the toy race")
    units = [
        {"id": f"{side[0]}{n}", "side": side, "hex": f"01{_ROWS[side]:02d}", "type": "runner",
         "strength": n, "movement": 1, "moved": False}
        for side in SIDES for n in (1, 2)
    ]
    return {"turn": chosen["first_turn"], "last_turn": chosen["last_turn"], "player": "red",
            "phase": "movement", "units": units, "scores": {s: 0 for s in SIDES},
            "secrets": {s: [] for s in SIDES}, "bonus": bonus,
            "dice": new_dice(seed)}


def active_sides(state: dict) -> list[str]:
    return [] if outcome(state) else [state["player"]]


def legal_commands(state: dict, side: str) -> list:
    if side not in active_sides(state):
        return []
    if state["phase"] == "dice":
        return [Word("roll")]
    moves = [Move(u["id"], _east(u["hex"])) for u in state["units"]
             if u["side"] == side and not u["moved"]]
    return [*moves, Word("end")]


def sample_command(state: dict, side: str, rng: random.Random):
    commands = legal_commands(state, side)
    return rng.choice(commands) if commands else None


def parse(side: str, text: str):
    words = text.lower().split()
    if words[:1] == ["move"] and len(words) == 3:
        return Move(words[1], words[2])
    if words in (["end"], ["roll"]):
        return Word(words[0])
    raise CommandError(f"{text!r} is not a toy command; try `move r1 0201`, `end` or `roll`.")


def apply(state: dict, side: str, cmd) -> tuple[dict, list[dict]]:
    """The skeleton's frame (rules.core.play): a roll makes the command irreversible."""
    return play(state, lambda s: s, lambda new: _command(new, side, cmd))


def _command(new: dict, side: str, cmd) -> list[dict]:
    if cmd not in legal_commands(new, side):
        raise RuleViolation("Toy: Sequence (A)", f"{cmd.to_text()} is not possible now")
    if isinstance(cmd, Move):
        unit = next(u for u in new["units"] if u["id"] == cmd.unit)
        unit["hex"], unit["moved"] = cmd.to, True
        return [event(f"{cmd.unit} moves to {cmd.to}", kind="move")]
    if cmd.verb == "end":
        new["phase"] = "dice"
        return [event(f"{side} ends the Movement Phase", kind="phase")]
    value = roll(new["dice"]) + (1 if new["bonus"] else 0)
    new["scores"][side] += value
    new["secrets"][side].append(value)
    events = [event(f"{side} rolls {value}", kind="roll"),
              event(f"your secret number is {value}", side, kind="secret"),
              event(f"dice position {new['dice']['rolls']}", "log", kind="log")]
    _next_player(new)
    return events


def view(state: dict, side: str | None) -> dict:
    units = [{k: u[k] for k in ("side", "hex", "id", "type", "strength", "movement", "moved")}
             for u in state["units"]]
    phase = "Movement" if state["phase"] == "movement" else "Dice"
    prompt = "Roll the die." if state["phase"] == "dice" else None
    return {"units": units, "turn": state["turn"], "clock": f"hour {state['turn']}",
            "phase": phase, "player": state["player"], "to_move": active_sides(state),
            "prompt": prompt, "outcome": outcome(state), "scores": dict(state["scores"]),
            "secrets": list(state["secrets"][side]) if side else []}


def outcome(state: dict) -> dict | None:
    if state["turn"] <= state["last_turn"]:
        return None
    red, blue = state["scores"]["red"], state["scores"]["blue"]
    winner = None if red == blue else ("red" if red > blue else "blue")
    return {"winner": winner, "level": "decisive" if winner else "draw",
            "reason": f"scores {red}-{blue}"}


def odds(state: dict, side: str | None, text: str) -> dict:
    raise CommandError("The toy race has no combat, so no odds to give.")


def phase_key(state: dict) -> str:
    return f"{state['turn']}:{state['player']}:{state['phase']}"


def help(topic: str | None = None, state: dict | None = None) -> str:
    if topic == "move":
        return "move ID HEX: move a runner one hex east, once per Movement Phase."
    return "Toy commands: move ID HEX, end, roll."


def _east(h: str) -> str:
    return f"{int(h[:2]) + 1:02d}{h[2:]}"


def _next_player(state: dict) -> None:
    state["phase"] = "movement"
    for unit in state["units"]:
        unit["moved"] = False
    if state["player"] == "red":
        state["player"] = "blue"
    else:
        state["player"] = "red"
        state["turn"] += 1


def choice(state: dict) -> dict | None:
    return None  # the toy game has no mid-turn choices


def standing_orders() -> dict[str, dict[str, str]]:
    return {}


def standing_command(state: dict, side: str, orders: dict[str, str] | None):
    return None


class _Runner:
    """The toy race's computer player: every runner that may still move goes east, then the roll.
    Its rng draws the order the runners move in, so its seed shows in its plans."""

    def plan(self, view: dict, seen: object, rng: random.Random) -> list[Decision]:
        side = view["player"]
        if view["phase"] == "Dice":
            return [Decision("roll", "the die decides the race")]
        runners = [u for u in view["units"] if u["side"] == side and not u["moved"]]
        rng.shuffle(runners)
        return [*(Decision(f"move {u['id']} {_east(u['hex'])}", f"{u['id']} runs east") for u in runners),
                Decision("end", "every runner has run")]


def commander(level: int = 1) -> _Runner:
    if level != 1:
        raise ValueError(f"The toy race has a level 1 computer player; level {level} is not built yet.")
    return _Runner()
