"""What a game asks of a side now: who it waits for, what it asks them in words, and the answers a
mid-turn choice allows, to offer as buttons.

The answers are the engine's own legal commands for that side (`legal_commands`, or the system's
answers to offer, `whole_answers`: a chain of choices made at once, each outcome once), in their
text form: the bot never judges legality a second time, and since a side's legal commands depend
only on what that side knows (the swap test), neither do the answers offered to it nor the
buttons that carry them. Pure: reads a system and a state, writes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import text as fmt
from bot.service import still_to_order
from rules.core.standing import choosers
from rules.core.system import GameSystem

MAX_ANSWERS = 25  # Discord's most options in one select menu; beyond it the answer is typed
MAX_LENGTH = 100  # the longest value a menu option holds


@dataclass(frozen=True)
class Question:
    """What is asked of one side: the words (from its own view, or the public's), and the answers
    of a waiting choice (empty outside one) with what each reads as on its button (`labels`, one
    an answer: the system's words for it, `_said`)."""

    side: str
    text: str
    answers: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()


def awaited(system: GameSystem, state: dict) -> list[str]:
    """The sides the game waits for now (while several order at once in secret, those that have not
    given their order yet)."""
    return still_to_order(system, state) if system.outcome(state) is None else []


def answers(system: GameSystem, state: dict, side: str) -> tuple[str, ...]:
    """The legal answers of `side` to the mid-turn choice waiting for it; () when none waits. Where
    the system says which to offer (`whole_answers`: Bloody Monday's hits made at once, one click
    for the chain, every way to make it offered; its retreats, each placement once; 1812's plans, for
    the battle or every battle of the phase) and they, or the shortest of them, fit in a menu, those."""
    return tuple(_commands(system, state, side))


def _commands(system: GameSystem, state: dict, side: str) -> dict[str, Any]:
    """The answers of `answers`, each text with its command."""
    waiting = system.choice(state)
    if waiting is None or side not in choosers(waiting):
        return {}
    whole = getattr(system, "whole_answers", None)
    together = {cmd.to_text(): cmd for cmd in whole(state, side)} if whole is not None else {}
    if together and clickable(offered(Question(side, "", tuple(together), tuple(together)))):
        return together  # all of them, or too many, the shortest of them offered (1812's plans, `offered`)
    return {cmd.to_text(): cmd for cmd in system.legal_commands(state, side)}


def question(system: GameSystem, state: dict, side: str, public: bool = False) -> Question:
    """What the game asks of `side`: the prompt of its own view (`public`: of the public view, for a
    text everyone reads), else its phase; with the choice's answers."""
    view = system.view(state, None if public else side)
    prompt = view.get("prompt")
    text = str(prompt) if prompt else f"{fmt.side_phase(view, side)}."
    commands = _commands(system, state, side)
    labels = tuple(_said(system, state, side, cmd) for cmd in commands.values())
    return Question(side, text, tuple(commands), labels)


def answer_words(system: GameSystem, state: dict, side: str, text: str) -> str | None:
    """What the answer `text` to the choice waiting for `side` reads as on its button ('R-V-3G
    retreats to 2317' for `retreat 2317`); None when it is no answer offered."""
    cmd = _commands(system, state, side).get(text)
    return None if cmd is None else _said(system, state, side, cmd)


def _said(system: GameSystem, state: dict, side: str, cmd: Any) -> str:
    """An answer as its button reads: the system's words for it in this position, where the words
    need one (`in_words_in_game`: Borodino's `retreat 3019` names whose retreat, or whose election
    to retreat), else out of any position (`in_words`), else the command's text."""
    in_game = getattr(system, "in_words_in_game", None)
    if in_game is not None:
        return str(in_game(state, side, cmd))
    said = getattr(system, "in_words", None)
    return str(said(cmd)) if said is not None else str(cmd.to_text())


def clickable(asked: Question) -> bool:
    """Whether the answers fit in buttons or a menu (at most 25, none longer than 100 characters)."""
    return 0 < len(asked.answers) <= MAX_ANSWERS and all(len(text) <= MAX_LENGTH for text in asked.answers)


def offered(asked: Question) -> Question:
    """The answers the buttons offer: all of them where they fit; beyond a menu, the shortest (of
    fewest words, and one word more where those fit too: 1812's battle plans without a cavalry
    withdrawal, for the battle and for every battle of the phase, 8 of 32) where those fit, the others
    typed; else the question as it is, typed whole."""
    if clickable(asked) or not asked.answers:
        return asked
    fewest = min(len(answer.split()) for answer in asked.answers)
    for most in (fewest + 1, fewest):
        kept = [(answer, label) for answer, label in zip(asked.answers, asked.labels) if len(answer.split()) <= most]
        shown = Question(asked.side, asked.text, tuple(a for a, _ in kept), tuple(label for _, label in kept))
        if clickable(shown):
            return shown
    return asked


def typed_note(asked: Question) -> str:
    """The fallback when a choice has more answers than a menu holds: typing one (any but the
    shortest, where those are offered)."""
    if not asked.answers or clickable(asked):
        return ""
    shown = offered(asked)
    if shown is not asked:
        return (f" ({len(asked.answers)} answers are possible, more than a menu holds: the {len(shown.answers)} "
                "shortest are buttons; type any other with `/order`.)")
    return (f" ({len(asked.answers)} answers are possible, more than a menu holds: type yours with "
            "`/order` and its words.)")
