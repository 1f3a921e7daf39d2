"""A seat the computer plays: a player like any other, through the game service.

A computer seat is a `seats` row whose user is COMPUTER, with its level, time budget and seed of
its own beside it (`Store.computer_seats`). When its side is to act, `next_job` gathers what that
side's player would be given, its view and the events addressed to it so far (`Memory`), never
the state: the dice seed lives in the state. `plan` (run in a worker process by bot/computer/planner.py)
hands them to the system's commander (rules/core/ai.py) with a generator drawn from the seat's
seed and the number of commands played, so the same seat plans the same commands from the same
position: a reported blunder replays. `send` submits the plan's commands one by one like typed
ones, each validated and stored with its reason, until one is refused or the side no longer acts.

The seat's budget is the wall-clock seconds of a turn of its own (its plans from the moment its
side is to act until another side's command comes, the wait for a worker included): each plan
carries the turn's deadline, and a searching commander's anytime search is stopped by a `Clock`
reading it (`plan`), answering with the best it found by then. Where the clock stopped it, the
plan's first command says so in its reason ("[the clock stopped its search at steps 41, 58]"), and
`stops_in` reads it back: `kolocha replay --computer` makes the plan again stopped at those steps,
which gives the same commands whatever the machine's speed.

A system without a `commander` cannot take a computer seat (`NoComputer`, one sentence).
"""
from __future__ import annotations

import importlib
import inspect
import logging
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from bot.service import Compose, GameService, Result, still_to_order
from bot.words import COMPUTER
from rules.core.ai import Clock, Commander, Decision, Stop, addressed_to, decision_rng
from rules.core.errors import RulesError
from rules.core.system import Event, GameSystem

log = logging.getLogger("kolocha.computer")


class NoComputer(Exception):
    """This game has no computer player (of that level); str() is the sentence for the player."""


@dataclass(frozen=True)
class Seat:
    """How a computer seat plays: its level, the seconds it may think a turn, and its seed."""

    level: int
    budget: float
    seed: int

    def to_dict(self) -> dict:
        return {"level": self.level, "budget": self.budget, "seed": self.seed}


def commander_for(system: GameSystem, level: int, stop: Stop | None = None) -> Commander:
    """The system's commander of a level, handed the plan's `stop` when it takes one (a searching
    level searches until it says so); NoComputer when the system has none, or not that level."""
    make: Callable[..., Commander] | None = getattr(system, "commander", None)
    if make is None:
        raise NoComputer(f"{system.INFO.name} has no computer player yet, so only a person can "
                         "take this seat.")
    try:
        if stop is not None and "stop" in inspect.signature(make).parameters:
            return make(level, stop=stop)
        return make(level)
    except ValueError as error:  # the system's own sentence: "...; level 2 is not built yet."
        raise NoComputer(str(error)) from None


def new_seat(system: GameSystem, level: int, budget: float, seed: int | None = None) -> Seat:
    """A computer seat for this system, refused (NoComputer) before anything is stored; its
    seed drawn now unless given, and kept with it."""
    commander_for(system, level)
    return Seat(level, budget, secrets.randbelow(2**31) if seed is None else seed)


@dataclass(frozen=True)
class PlanJob:
    """Everything a plan is made from, and nothing more: it crosses into a worker process."""

    module: str  # the system module's import path, so that a fresh worker process finds it
    level: int
    side: str
    view: dict
    seen: tuple[Event, ...]
    seed: int
    played: int  # the commands stored when it was made: the position it is for
    budget: float  # the seat's seconds a turn
    deadline: float | None = None  # when its turn's time is up (`time.monotonic`); None: no clock
    stops: tuple[int, ...] | None = None  # made again: the steps its clock stopped it at (`stops_in`)


SEARCHES = 2  # the first level that may search ahead within the seat's budget; below it a plan takes no time


def searches(system: GameSystem, level: int) -> bool:
    """Whether the system's commander of `level` searches within a clock (it takes a plan's `stop`): Borodino's
    level 2 does; Bloody Monday's level 2 weighs the rule book's sudden-death wins without a search."""
    make = getattr(system, "commander", None)
    return level >= SEARCHES and make is not None and "stop" in inspect.signature(make).parameters
STOPPED = "[the clock stopped its search at {}]"
STOPS = re.compile(" ?" + re.escape(STOPPED).replace(r"\{\}", r"steps? ([\d, ]+)") + "$")


def _steps(stops: Sequence[int]) -> str:
    """'step 0', 'steps 41, 58': the words STOPPED says the stops in."""
    return f"step{'s' if len(stops) > 1 else ''} {', '.join(map(str, stops))}"


def plan(job: PlanJob) -> list[Decision]:
    """The commander's plan for the job (in a worker process): a function of the job and, when it
    has a deadline, of the clock, whose stops its first command's reason tells (STOPPED)."""
    system: GameSystem = importlib.import_module(job.module)  # type: ignore[assignment]
    clock = Clock(job.deadline, time.monotonic, job.stops)
    decisions = commander_for(system, job.level, clock).plan(job.view, job.seen, decision_rng(job.seed, job.played))
    if clock.stops and decisions:
        first = decisions[0]
        decisions[0] = Decision(first.command, f"{first.reason} {STOPPED.format(_steps(clock.stops))}")
    return decisions


def stops_in(text: str) -> tuple[int, ...]:
    """The steps a plan's clock stopped it at, read back from its first command as stored.

    >>> stops_in("move 2525 2824 — closes on 3222 [the clock stopped its search at steps 41, 58]")
    (41, 58)
    >>> stops_in("move 2525 2824 — closes on 3222 [the clock stopped its search at step 0]")
    (0,)
    >>> stops_in("end — every unit that should move has moved")
    ()
    """
    said = STOPS.search(text)
    return tuple(int(n) for n in said.group(1).split(", ")) if said else ()


def as_told(reason: str) -> str:
    """A reason as players read it: without the steps its clock stopped the search at (STOPPED),
    which only `kolocha replay --computer` reads, to make the plan again; they stay in the store.

    >>> as_told("closes on 3222 [the clock stopped its search at step 204]")
    'closes on 3222'
    """
    return STOPS.sub("", reason)


@dataclass
class Told:
    """A game replayed to command `seq`, and the events each side was told on the way."""

    seq: int
    version: str | None  # command `seq` as stored (`stored_as`): tells an undone one from its successor
    state: dict
    events: dict[str, list[Event]] = field(default_factory=dict)

    @classmethod
    def setup(cls, service: GameService, game_id: int) -> Told:
        game = service.store.game(game_id)
        system = service.system(game_id)
        return cls(0, None, system.setup(game["scenario"], game["seed"], game["options"]),
                   {side: [] for side in system.INFO.sides})

    def step(self, system: GameSystem, row: dict) -> None:
        """One more stored command played, and its events told to their audiences."""
        self.state, events = system.apply(self.state, row["side"],
                                          system.parse(row["side"], row["normalised"]))
        for side in self.events:
            self.events[side] += [e for e in events if addressed_to(e, side)]
        self.seq, self.version = row["seq"], stored_as(row)


class Memory:
    """What each side of each game has been told so far (the events addressed to it or to
    all), kept by replaying the stored commands once and extending on each call; an undo
    (a command gone or replaced) starts it again from the set-up. A command that no longer
    replays (the rules it met mended since) is passed over with the rest of the log to the stored
    position, which the game goes on from: replaying it raised in every deadline and plan after."""

    def __init__(self) -> None:
        self._games: dict[int, Told] = {}

    def told(self, service: GameService, game_id: int, side: str) -> list[Event]:
        system = service.system(game_id)
        kept = self._games.get(game_id)
        if kept is None or _version(service, game_id, kept.seq) != kept.version:
            kept = Told.setup(service, game_id)
        for row in service.store.commands(game_id, after=kept.seq):
            try:
                kept.step(system, row)
            except RulesError as error:  # a game begun before an upgrade that mended a rule it met
                log.warning("game %s: command %s (%s: %s) no longer replays from the seed under this version, "
                            "so its computer goes on from the stored position, without what the commands from "
                            "there told: %s", game_id, row["seq"], row["side"], row["normalised"], error)
                kept.seq, kept.state = service.position(game_id)  # as the game itself goes on
                kept.version = _version(service, game_id, kept.seq)
                break
        self._games[game_id] = kept
        return list(kept.events[side])

    def forget(self, game_id: int) -> None:
        """Drop what is kept of a game (it is over)."""
        self._games.pop(game_id, None)


def stored_as(row: dict) -> str:
    """A stored command told from another stored at the same number: when, by whom, what (an
    undone command and the one after it may be stored within the same millisecond, but then
    only the same command tells the same)."""
    return f"{row['accepted_at']} {row['side']}: {row['normalised']}"


def _version(service: GameService, game_id: int, seq: int) -> str | None:
    rows = service.store.commands(game_id, after=seq - 1, upto=seq) if seq else []
    return stored_as(rows[0]) if rows else None


def next_job(service: GameService, memory: Memory, game_id: int) -> PlanJob | None:
    """The plan to make now: for the first side to act that the computer holds and that still owes
    an order (a chit already down waits for the other side's: 1812, COMBAT); None when the game is
    over or no computer side owes one."""
    game = service.store.game(game_id)
    if game["status"] == "over":
        return None
    computer = service.store.computer_seats(game_id)
    system = service.system(game_id)
    seq, state = service.position(game_id)
    side = next((s for s in still_to_order(system, state) if s in computer), None)
    if side is None:
        return None
    return job_for(system, computer[side], side, state, memory.told(service, game_id, side), seq)


class TurnClock:
    """When each computer side's turn is up: its seat's budget after its side came to act, kept
    while the computer's own commands are the last (a turn of several plans: a Movement Phase,
    then each attack), started again after any other command."""

    def __init__(self) -> None:
        self._turns: dict[tuple[int, str], tuple[float, int]] = {}  # (game, side) -> deadline, last sent

    def begins(self, game_id: int, job: PlanJob) -> bool:
        """Whether the job begins its side's turn (`timed` sets its deadline anew)."""
        return self._turns.get((game_id, job.side), (0.0, -1))[1] != job.played

    def timed(self, game_id: int, job: PlanJob) -> PlanJob:
        """The job with its turn's deadline (set now, before it waits for a worker)."""
        deadline = self._turns.get((game_id, job.side), (0.0, -1))[0]
        if self.begins(game_id, job):
            deadline = time.monotonic() + job.budget
        self._turns[(game_id, job.side)] = (deadline, job.played)
        return replace(job, deadline=deadline)

    def forget(self, game_id: int) -> None:
        """Drop the game's turns (it is over)."""
        for key in [key for key in list(self._turns) if key[0] == game_id]:  # in place: other games' threads write
            self._turns.pop(key, None)

    def sent(self, game_id: int, job: PlanJob, seq: int) -> None:
        """The job's commands were sent, the last stored as `seq`: its turn goes on from there."""
        if job.deadline is not None:
            self._turns[(game_id, job.side)] = (job.deadline, seq)


def job_for(system: GameSystem, seat: dict, side: str, state: dict, told: list[Event],
            played: int, stops: tuple[int, ...] | None = None) -> PlanJob:
    """The job of a seat (its stored level, seed, budget) at a position: the side's view of it
    (`stops`: made again, stopped where its clock stopped it)."""
    return PlanJob(system.__name__, seat["level"], side, system.view(state, side),  # type: ignore[attr-defined]
                   tuple(told), seat["seed"], played, seat["budget"], stops=stops)


ANSWERS = (("pending_draw", "refuse", "it does not judge draws yet, so it plays on"),
           ("pending_undo", "accept", "the computer lets a player take a command back"))


def answer(service: GameService, game_id: int,
           compose_for: Callable[[Decision], Compose]) -> Result | None:
    """The computer's answer to what a person asks of it (a seat like any other answers): a draw
    offered is declined, an undo across phases consented to; None when nothing asks it."""
    game = service.store.game(game_id)
    computer = service.store.computer_seats(game_id)
    for field_name, word, why in ANSWERS:
        asked = game[field_name]
        side = next((s for s in computer if asked and s != asked["by"]), None)
        if side is not None:
            return service.submit(game_id, side, word, user=COMPUTER,
                                  compose=compose_for(Decision(word, why)), reason=why)
    return None


def send(service: GameService, game_id: int, job: PlanJob, decisions: list[Decision],
         compose_for: Callable[[Decision], Compose], phase: str | None = None) -> list[tuple[Decision, Result]]:
    """Submit the plan's commands in order, each stored with its reason and the news
    `compose_for` makes of it, until one is refused, the game or the plan ends, the side no longer
    acts, or (given a `phase` key) that phase has ended. Nothing is sent if the position has moved
    since the plan was made."""
    sent: list[tuple[Decision, Result]] = []
    seq = job.played
    system = service.system(game_id)
    for decision in decisions:
        state = service.load(game_id)
        if system.outcome(state) is not None or job.side not in system.active_sides(state) or \
                phase not in (None, system.phase_key(state)):
            break  # a command before it ended the game ('The game is over' refused the rest)
        result = service.submit(game_id, job.side, decision.command, user=COMPUTER,
                                expected_seq=seq, compose=compose_for(decision),
                                reason=decision.reason)
        sent.append((decision, result))
        if not result.accepted:
            break
        seq = result.seq
    return sent
