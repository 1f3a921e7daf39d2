"""Stale answer buttons: what a player reads who presses the answer of a question the game has left.

A question's buttons stay wherever its message could not be written again (a question by DM when
Discord refused the edit, an older question the player scrolled back to), and a press there is
refused: the message keeps its words (bot/discord/buttons.py takes its buttons away), and the
presser alone reads one sentence saying what became of that question and what waits for the side
now. It read 'This button has expired: that question has been answered or the game has moved on.
The question waiting now comes with its own buttons.', the second sentence untrue once nothing waits.

Only what the side has observed: its own command that answered the question is named (its own DM,
read by its player alone), another side's never, so nothing hidden from it is told.
"""
from __future__ import annotations

import json

from bot import text as fmt
from bot.service.standing import STANDING
from bot.store import Store
from rules.core.standing import choosers
from rules.core.system import GameSystem


def refusal(store: Store, system: GameSystem, state: dict, game_id: int, side: str, seen: int, user: str) -> str:
    """The sentence a stale answer button earns: the question asked of `side` when it had observed
    `seen` commands, pressed by `user`, and the game's position now, `state`.

    Its first half names the side's own command that answered the question (typed or clicked by
    the presser or by another player of the side, played at its deadline or by a standing order),
    an undo that took it back, or the game having moved on; its second, whether the game waits
    now for the side's answer, for its orders, or for nothing of it."""
    return f"This button has expired: {_became(store, game_id, side, seen, user)}; {_waits(system, state, side)}."


def _became(store: Store, game_id: int, side: str, seen: int, user: str) -> str:
    if store.seen_seq(game_id, side) < seen:
        return "that question was taken back by an undo"
    observed = [row for row in store.commands(game_id) if side not in _hidden_from(row)]
    row = observed[seen] if len(observed) > seen else None
    if row is None:
        return "that question does not wait for your answer"
    if row["side"] != side:
        return "that question no longer waits for your answer, the game having moved on since it was asked"
    command, how = f"({row['normalised']})", str(row["text"] or "")  # what was played, not an order to give
    if row["user"] == "deadline":
        return f"your deadline passed and answered that question for you {command}"
    if how.startswith(STANDING):
        return f"your standing order answered that question {command}"
    if row["user"] == user:
        return f"you answered that question {command}"
    return f"the {fmt.side_name(side)} player answered that question {command}"


def _waits(system: GameSystem, state: dict, side: str) -> str:
    waiting = system.choice(state)
    if waiting is not None and side in choosers(waiting):
        return "the game waits for your answer to its next question, asked with its own buttons"
    if side in system.active_sides(state):
        return f"the game waits for your orders in {fmt.side_phase(system.view(state, side), side)}"
    return "nothing waits for you now"


def _hidden_from(row: dict) -> list[str]:
    """The sides a stored command is hidden from (Store.seen_seq counts it so)."""
    hidden = row.get("hidden_from")
    return json.loads(hidden) if isinstance(hidden, str) and hidden else list(hidden or [])
