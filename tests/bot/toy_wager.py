"""A toy of mid-turn choices and of secret orders given at once, for bot/ tests only: what the
service does with standing orders and simultaneous hidden orders, and what the tables do with
answers clicked, orders held behind a choice and secret orders typed (tests/bot/tables).

Each turn Red `shout`s; Blue must answer (`answer loud` or `answer soft`: a choice of kind
"answer"); a loud answer gives Red a choice in turn (`echo yes` / `echo no`). Then both sides
choose a plan at once and in secret (`plan bold` / `plan calm`, kind "plan"): a side learns only
that its own plan is down until both are, when both plans are told (one event each); then the
next turn. Blue's `answer
hum` is a standing order the rules refuse (the service must log it and ask the player instead).
The game has hidden information, so the service names another side's commands by their verb.
"""
from __future__ import annotations

import copy
import sys
import types
from dataclasses import dataclass
from typing import ClassVar

from rules.core.commands import Word, Worded
from rules.core.dice import new_dice
from rules.core.errors import CommandError, RuleViolation
from rules.core.events import event
from rules.core.standing import command_for
from rules.core.system import SystemInfo

SIDES: tuple[str, ...] = ("red", "blue")
# Registered under its name by the tests that need it.
INFO = SystemInfo(name="toy_wager", sides=SIDES, default_scenario="short", hidden_information=True)
_STAGES = {"shout": "red", "answer": "blue", "echo": "red"}  # who acts at each single stage
_ORDERS = {
    "answer": {"loud": "answer loudly (Red may echo)", "soft": "answer softly", "hum": "hum (refused)"},
    "echo": {"yes": "echo the answer", "no": "let it pass"},
    "plan": {"bold": "a bold plan", "calm": "a calm plan"},
}
_SCENARIOS = [{"id": "short", "title": "One turn of wagers", "first_turn": 1, "last_turn": 1, "options": []},
              {"id": "long", "title": "Three turns of wagers", "first_turn": 1, "last_turn": 3, "options": []}]


@dataclass(frozen=True)
class Say(Worded):
    """A choice said: `answer loud`, `echo no`, `plan bold`."""

    VERB: ClassVar[str] = "say"
    verb: str
    word: str

    def to_text(self) -> str:
        return f"{self.verb} {self.word}"


def scenarios() -> list[dict]:
    return copy.deepcopy(_SCENARIOS)


def setup(scenario_id: str, seed: int, options: dict | list | None = None) -> dict:
    chosen = next(s for s in _SCENARIOS if s["id"] == scenario_id)
    return {"turn": 1, "last_turn": chosen["last_turn"], "stage": "shout", "plans": {},
            "dice": new_dice(seed)}


def active_sides(state: dict) -> list[str]:
    if outcome(state):
        return []
    if state["stage"] == "plan":
        return list(SIDES)  # both may act, until both plans are down
    return [_STAGES[state["stage"]]]


def choice(state: dict) -> dict | None:
    stage = state["stage"]
    if outcome(state) or stage == "shout":
        return None
    if stage == "plan":
        open_ = [s for s in SIDES if s not in state["plans"]]
        return {"kind": "plan", "side": open_[0], "sides": open_}
    return {"kind": stage, "side": _STAGES[stage]}


def legal_commands(state: dict, side: str) -> list:
    """What `side` may say now: the answers of its own stage (Blue's hum is refused by the rules)."""
    stage = state["stage"]
    if side not in active_sides(state) or side in state["plans"]:
        return []
    if stage == "shout":
        return [Word("shout")]
    return [Say(stage, word) for word in _ORDERS[stage] if (stage, word) != ("answer", "hum")]


def standing_orders() -> dict[str, dict[str, str]]:
    return copy.deepcopy(_ORDERS)


def standing_command(state: dict, side: str, orders: dict[str, str] | None):
    return command_for(choice(state), side, orders, lambda kind, order: Say(kind, order))


def parse(side: str, text: str):
    words = text.lower().split()
    if words == ["shout"]:
        return Word("shout")
    if len(words) == 2 and words[0] in _ORDERS and words[1] in _ORDERS[words[0]]:
        return Say(words[0], words[1])
    raise CommandError(f"{text!r} is not a wager; try `shout`, `answer loud` or `plan bold`.")


def apply(state: dict, side: str, cmd) -> tuple[dict, list[dict]]:
    new = copy.deepcopy(state)
    verb = cmd.to_text().split()[0]
    if side not in active_sides(new) or verb != new["stage"] or cmd.to_text() == "answer hum":
        raise RuleViolation("Wager (A)", f"{cmd.to_text()} is not possible now")
    if verb == "shout":
        new["stage"] = "answer"
        return new, [event(f"{side} shouts", kind="shout")]
    if verb in ("answer", "echo"):
        new["stage"] = "echo" if cmd.to_text() == "answer loud" else "plan"
        return new, [event(f"{side}: {cmd.to_text()}", kind=verb)]
    new["plans"][side] = cmd.word
    events = [event(f"your plan is {cmd.word}", side, kind="plan")]
    if len(new["plans"]) == len(SIDES):
        events += [event(f"{s} plans {new['plans'][s]}", kind="reveal") for s in SIDES]
        new["turn"], new["stage"], new["plans"] = new["turn"] + 1, "shout", {}
    return new, events


def view(state: dict, side: str | None) -> dict:
    """Each side's crier, named to its own side only; a side's own plan, once down, is its prompt."""
    criers = [{"side": s, "hex": f"01{n:02d}", "type": "crier", **({"id": f"{s}-crier"} if s == side else {})}
              for n, s in enumerate(SIDES, 1)]
    plan = state["plans"].get(side) if side else None
    return {"units": criers, "turn": state["turn"], "phase": state["stage"].title(), "to_move": active_sides(state),
            "prompt": f"Your plan: {plan}." if plan else None, "outcome": outcome(state)}


def outcome(state: dict) -> dict | None:
    if state["turn"] <= state["last_turn"]:
        return None
    return {"winner": None, "level": "draw", "reason": "the wagers are over"}


def phase_key(state: dict) -> str:
    return f"{state['turn']}:{state['stage']}"


def help(topic: str | None = None, state: dict | None = None) -> str:
    return "Wager commands: shout, answer loud|soft, echo yes|no, plan bold|calm."


def odds(state: dict, side: str | None, text: str) -> dict:
    """The odds of the plans, from what `side` knows: its own plan once it is down."""
    if text != "plan":
        raise CommandError("The wager gives odds of a `plan` only.")
    mine = state["plans"].get(side) if side else None
    return {"kind": "results", "title": "Plans", "notes": [f"your plan is {mine}" if mine else "no plan of yours"],
            "results": [{"faces": [1, 2, 3], "probability": 0.5, "result": "bold", "meaning": "the bold plan wins"}]}



def many_answers() -> types.ModuleType:
    """The wager whose Blue may answer in 30 words: more than a menu holds, so the answer is typed."""
    module = types.ModuleType("many_answers_wager")
    module.__dict__.update(vars(sys.modules[__name__]))
    module.legal_commands = _thirty_answers
    return module


def _thirty_answers(state: dict, side: str) -> list:
    if state["stage"] == "answer" and side == "blue":
        return [Say("answer", f"word{n}") for n in range(30)]
    return legal_commands(state, side)


def one_phase() -> types.ModuleType:
    """The wager whose whole turn is one phase: a side that acts again within a turn (Red's echo after its shout, Blue's
    plan after its answer) acts in the same phase, as a side awaited anew within one phase of a real game would (its
    clock runs on, and the channel announces no new phase)."""
    module = types.ModuleType("one_phase_wager")
    module.__dict__.update(vars(sys.modules[__name__]))
    module.phase_key = lambda state: str(state["turn"])
    return module


def plans_first() -> types.ModuleType:
    """The wager that opens on the plans, both sides asked at once by the game's first change, as a game whose
    sides both act first asks them both."""
    module = types.ModuleType("plans_first_wager")
    module.__dict__.update(vars(sys.modules[__name__]))
    module.setup = lambda scenario_id, seed, options=None: setup(scenario_id, seed, options) | {"stage": "plan"}
    return module


def shouting_on() -> types.ModuleType:
    """The wager whose Red, once she has echoed, shouts again in the same turn: a side whose answer to its own choice
    leaves it free to act, as Borodino's attacker is once he has advanced after combat (Combat H)."""
    module = types.ModuleType("shouting_on_wager")
    module.__dict__.update(vars(sys.modules[__name__]))
    module.apply = _echo_then_shout
    return module


def _echo_then_shout(state: dict, side: str, cmd) -> tuple[dict, list[dict]]:
    new, events = apply(state, side, cmd)
    if cmd.to_text().split()[0] == "echo":
        new["stage"] = "shout"
    return new, events
