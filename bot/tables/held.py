"""Held orders: the rest of a message of orders that met a choice still to be made.

A player who knows their orders sends a phase at once; the dice may then leave a choice to make
before the next order can be judged (a Borodino retreat or advance, Bloody Monday hits, 1812's
defender's choice), by the opponent or by the player themself. The orders from the one refused
for that reason on are held, not dropped: once no choice waits and the side may act, they are
judged in order as if sent then (and held again should a new choice stop them). Their author is
told what became of them, each order under the number the reply to its message gave it (`first`).
A new message of orders from the side replaces what it held; only players' own messages (not a
deadline's or the computer's commands) set them going.

Nothing held is lost to a stop: each order leaves the store in the transaction of the command it
plays (`Told.held`), and the rest with the word of what became of them, so a bot stopped among them
plays the rest once at its next start (Play.resume). The command that plays the last keeps that word
with their row, so a stop before it is sent sends it at the next start (Store.tell_held): the orders
before it as told, the last as its command said it.

Held orders are the side's own words, kept for it alone: whether the game holds some is
nobody else's business, and they are judged on the position everyone sees when they are due.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot import asked
from bot.permissions import Actor
from bot.store import Outbox, Store
from rules.core.errors import RulesError
from rules.core.system import GameSystem


@dataclass(frozen=True)
class Held:
    """A side's held orders, who wrote them, and the number of the first in their message."""

    side: str
    actor: Actor
    lines: list[str]
    first: int = 1


def hold(store: Store, game_id: int, held: Held) -> None:
    store.hold_orders(game_id, held.side, held.actor.id, held.actor.name, held.lines, held.first)


def drop(store: Store, game_id: int, side: str, told: Outbox | None = None) -> None:
    """A side's held orders gone, with what `told` its author of them, in one transaction."""
    store.drop_held_orders(game_id, side, told)


def held_by(store: Store, game_id: int, side: str) -> Held | None:
    row = store.held_orders(game_id, side)
    return None if row is None else Held(side, Actor(row["user"], row["name"], False), row["lines"], row["first"])


def waits_for_a_choice(system: GameSystem, state: dict, side: str, line: str) -> bool:
    """Whether a refused order is held: it reads as an order of the side, a choice waits, and the
    order is not a (mistaken) answer to it (a verb of the side's own answers: refused at once)."""
    if system.choice(state) is None:
        return False
    try:
        system.parse(side, line)
    except RulesError:
        return False
    verb = line.split()[0].lower()
    return all(answer.split()[0].lower() != verb for answer in asked.answers(system, state, side))


def due(system: GameSystem, state: dict, side: str) -> bool:
    """Whether the side's held orders are judged now: no choice waits and the side may act."""
    return system.outcome(state) is None and system.choice(state) is None and side in system.active_sides(state)
