"""Computer opponents over the engine contract: what an AI seat may know, and the games they play.

An AI is a `Commander`. It is given what its side's player is given, its side's view and the
events addressed to that side so far, never the state: the dice seed lives in the state and would
tell it the future, and in a game with fog of war the state holds what the side may not see. It
answers with a plan, the commands it means to send in order with a one-line reason for each.

A commander is a pure function of its inputs and of the random generator it is handed, and the
generator is seeded from the AI's own seed and the number of commands played so far: so a
reported blunder replays bit for bit, and the dice seed never changes a decision. A searching
commander thinks within a time budget by asking a `Stop` between the steps of its search (an
anytime search: whenever it is told to stop it answers with the best plan found so far). It never
reads a clock itself: the same answers from its `Stop` give the same plan, so a plan the clock
stopped at some of its steps is made again by a `Clock` that stops it at the same steps.

`duel` plays a whole game between commanders (or random play, for a seat given None) through the
same validation every player's command goes through; `kolocha bench --ai` and the AI tests run it.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.core.registry import load
from rules.core.system import Event, GameSystem, View


@dataclass(frozen=True)
class Decision:
    """One command an AI sends, in the text a player would type, and why, in one line a player
    reads next to it ("attacks 3018 at 3-1: the Flèche is a victory hex")."""

    command: str
    reason: str


class Commander(Protocol):
    """A computer player of one side."""

    def plan(self, view: View, seen: Sequence[Event], rng: random.Random) -> list[Decision]:
        """The commands to send now, in order (at least one while the side is to move): the
        caller sends them until one is refused, the side is no longer to move, or the list ends,
        and then asks again with the new view."""
        ...


Stop = Callable[[float], bool]
"""Asked by an anytime search between two of its steps, with the share of its plan's time it means
to have spent by then (1: all of it; a search in stages ends its first at a smaller share):
whether to stop now (the search, or the stage)."""


def never(share: float) -> bool:
    """The stop of a search with no time budget: it searches its whole effort."""
    return False


class Clock:
    """A plan's `Stop`: when the next step, as long as the one since the last ask, would end past
    `start + share × (deadline - start)` on the clock `now` (the seat's wall clock, the bench's CPU
    time), so that a search's last step (a round of playouts takes seconds on a busy host) does not
    carry it past its time; or, given `stops`, at those asks (a plan made again where the clock
    stopped it the first time); with neither, never. `asked` counts the asks, `stops` lists those it
    said stop at.

    >>> again = Clock(stops=(1, 3))
    >>> [again(0.5), again(0.5), again(1.0), again(1.0)], again.stops
    ([False, True, False, True], [1, 3])
    >>> ticks = iter(range(0, 100, 2))  # each step takes 2 s; the time's end at 10 s
    >>> timed = Clock(10.0, lambda: float(next(ticks)))
    >>> [timed(1.0) for _ in range(4)], timed.stops  # asked at 2, 4, 6 and 8 s: a step more ends at 10
    ([False, False, False, True], [3])
    """

    def __init__(self, deadline: float | None = None, now: Callable[[], float] | None = None,
                 stops: Sequence[int] | None = None):
        self.deadline, self.now, self.replayed = deadline, now, stops
        self.start = now() if now is not None else 0.0
        self.last = self.start  # when it was last asked
        self.asked = 0
        self.stops: list[int] = []

    def __call__(self, share: float) -> bool:
        if self.replayed is not None:
            stop = self.asked in self.replayed
        elif self.deadline is not None and self.now is not None:
            now = self.now()
            step, self.last = now - self.last, now
            stop = now + step >= self.start + share * (self.deadline - self.start)
        else:
            stop = False
        if stop:
            self.stops.append(self.asked)
        self.asked += 1
        return stop


def addressed_to(event: Event, side: str) -> bool:
    """Whether `side`'s player is told this event (what an AI seat may remember).

    >>> addressed_to({"to": "all"}, "french"), addressed_to({"to": "russian"}, "french")
    (True, False)
    """
    return event.get("to") in ("all", side)


def decision_rng(ai_seed: int, played: int) -> random.Random:
    """The AI's generator for a plan made after `played` commands: its own seed, never the dice's."""
    return random.Random(f"kolocha-ai:{ai_seed}:{played}")


class RefusedPlan(Exception):
    """A commander planned a command the rules refuse: always a bug in the commander."""


@dataclass
class Duel:
    """A finished (or budget-capped) game between commanders."""

    commands: list[tuple[str, str, str]] = field(default_factory=list)  # (side, text, reason)
    state: dict = field(default_factory=dict)
    outcome: dict | None = None


def duel(system: GameSystem | str, scenario: str, seed: int, seats: Mapping[str, Commander | None],
         options: dict | None = None, ai_seed: int = 0, max_commands: int = 5000) -> Duel:
    """Play one game from `setup(scenario, seed, options)`. Each side in `seats` is played by its
    commander, which sees only its view and the events addressed to it; a side given None (or
    absent) plays random legal commands (the system's `sample_command`). RefusedPlan when a
    commander's command is refused."""
    module = load(system) if isinstance(system, str) else system
    rng = random.Random(ai_seed)
    seen: dict[str, list[Event]] = {side: [] for side in module.INFO.sides}
    game = Duel(state=module.setup(scenario, seed, options))
    plans: dict[str, list[Decision]] = {}
    while len(game.commands) < max_commands:
        active = module.active_sides(game.state)
        if not active:
            break
        side = active[0] if len(active) == 1 else rng.choice(active)
        commander = seats.get(side)
        if commander is None:
            command = module.sample_command(game.state, side, rng)
            if command is None:
                raise AssertionError(f"{side} is active but has no legal command")
            text, reason = command.to_text(), "random play"
        else:
            if not plans.get(side):
                view = module.view(game.state, side)
                plans[side] = list(commander.plan(view, tuple(seen[side]),
                                                  decision_rng(ai_seed, len(game.commands))))
                if not plans[side]:
                    raise RefusedPlan(f"the {side} commander planned nothing while {side} is to move")
            decision = plans[side].pop(0)
            text, reason = decision.command, decision.reason
        try:
            game.state, events = module.apply(game.state, side, module.parse(side, text))
        except Exception as error:
            if commander is None:
                raise
            raise RefusedPlan(f"{side} planned {text!r} ({reason}) after {len(game.commands)} commands: "
                              f"{error}") from error
        game.commands.append((side, text, reason))
        for each in seen:
            seen[each] += [e for e in events if addressed_to(e, each)]
        still = module.active_sides(game.state)
        for each in plans:  # another side's command changed what a plan was made from
            if each != side or each not in still:
                plans[each] = []
    game.outcome = module.outcome(game.state)
    return game
