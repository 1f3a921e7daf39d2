"""Held orders: the rest of a message of orders that met a choice still to be made.

A player who knows their orders sends a phase at once; the dice may then leave a choice to make
before the next order can be judged (a Borodino retreat or advance, Bloody Monday hits, 1812's
defender's choice), by the opponent or by the player themself. The orders from the one refused
for that reason on are held, not dropped: once no choice waits and the side may act, they are
judged in order as if sent then (and held again should a new choice stop them). Their author is
told what became of them, each order under the number the reply to its message gave it (`first`).
A new message of orders from the side is added after what it held (orders given one at a time are all
kept); the `/orders` box, opened with them, replaces them, emptied drops them, as an `undo` does. Only
players' own messages (not a deadline's or the computer's commands) set them going.

Nothing held is lost or told twice across a stop: each order, once judged, leaves the store with what became
of it kept in its place (`judged`), in the transaction of the command it plays (`Told.held`: the commands
standing orders play at once after it write it again, with what they add to its line) or in one of its own (a
query answered, one refused); the word on them all goes with the row. A bot stopped among them goes on at its
next start from the next (Play.resume), and their author reads the word the uninterrupted run would have sent,
or none where it would have sent none.

Held again behind the other side's choice, the word waits until they are all played or one is refused (their
author has nothing to answer meanwhile), and what became of those played before is kept with the rest (`Held.waiting`,
in the transaction that holds them again), so the word then tells them all, once; should the game end first, the
word on the rest says which were played before them (bot/service/unplayed.py).

Held orders are the side's own words, kept for it alone: whether the game holds some is
nobody else's business, and they are judged on the position everyone sees when they are due. They are their
author's, not the seat's: a seat changing hands drops them, with the word to him (bot/service/unplayed.py).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from bot import asked
from bot.permissions import Actor
from bot.store import Outbox, Store
from bot.tables.batch import Said
from rules.core.errors import RulesError
from rules.core.system import GameSystem


@dataclass(frozen=True)
class Held:
    """A side's held orders, who wrote them, and the number of the first in their message; `said`: what became of
    those judged before a stop (or, `waiting`, before they were held again behind the other side's choice), the
    first of them, and `present`: whether their author's own command let them play (bot/tables/release.py,
    Play.release)."""

    side: str
    actor: Actor
    lines: list[str]
    first: int = 1
    said: tuple[Said, ...] = ()
    present: bool = False
    at: int | None = None  # the command the last of `said` played, if it played one
    waiting: bool = False  # `said` before they were held again behind the other side's choice: not under way

    @property
    def unplayed(self) -> list[str]:
        """The orders not judged yet."""
        return self.lines[len(self.said):]


def hold(store: Store, game_id: int, held: Held, told: Outbox | None = None) -> None:
    """A side's held orders kept, replacing what it held, with what `told` its author of them, in one
    transaction; what became of those judged before them (`Held.said`) kept with them, waiting for the rest."""
    before = judged(list(held.said), held.present, waiting=True) if held.said else None
    store.hold_orders(game_id, held.side, held.actor.id, held.actor.name, held.unplayed, held.first + len(held.said),
                      told, before)


def drop(store: Store, game_id: int, side: str, told: Outbox | None = None) -> None:
    """A side's held orders gone, with what `told` its author of them, in one transaction."""
    store.drop_held_orders(game_id, side, told)


def held_by(store: Store, game_id: int, side: str) -> Held | None:
    """A side's held orders, those judged before a stop among them (`Held.said`) with the rest."""
    row = store.held_orders(game_id, side)
    if row is None:
        return None
    judged = row["judged"] or {"said": [], "present": False}
    said = tuple(said_of(s) for s in judged["said"])
    return Held(side, Actor(row["user"], row["name"], False), [s.line for s in said] + row["lines"],
                row["first"] - len(said), said, judged["present"], judged.get("at"), judged.get("waiting", False))


def judged(said: list[Said], present: bool, at: int | None = None, waiting: bool = False) -> dict:
    """What became of held orders judged so far as the store keeps it (held_orders.judged), and `at`, the
    command the last of them played (None: it played none); `waiting`: the rest are held again behind the other
    side's choice."""
    return {"said": [asdict(s) for s in said], "present": present, "at": at, **({"waiting": True} if waiting else {})}


def said_of(kept: dict) -> Said:
    """What became of a held order as the store kept it (`judged`): its texts as they were."""
    known = {f.name for f in fields(Said)}
    said = {key: value for key, value in kept.items() if key in known}
    return Said(**{**said, "public": tuple(said.get("public", ())), "news": tuple(said.get("news", ()))})


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
