"""`kolocha bench --ai`: how strong each computer opponent is, and how long it thinks.

For every system with a computer player, each scenario and side, the matches it is judged by:
level 1 against random play (target: 90 % of the games won) and level 2 against level 1 (70 %, as
each side), each over `games` games (dice seeds from `first_seed` on, the AI's own seed equal to
the dice seed), the share won with its 95 % interval. Beside each, the CPU seconds the measured
side spent per decision, a Bloody Monday impulse or a player-turn elsewhere, at the median and the
95th percentile, next to the target for its level. A searching level thinks within `budget` CPU
seconds a decision (`Budgeted`: as a seat within its wall-clock seconds a turn), so a game replays
only as far as the search got as far each time; with no budget it searches its whole fixed effort
and every game replays. A level the system does not offer is said so ("no level 2 yet"), never
given a figure. Games run in worker processes (two by default: the machine has two cores).

A measurement, not a test: 200 games a row take minutes to hours. Borodino's and Bloody Monday's
strength runners (`python -m rules.<system>.ai.strength`) play one row in one process.
"""
from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import cast

import rules
from bot.computer.seat import NoComputer, commander_for
from rules.core.ai import RefusedPlan, duel
from rules.bloody_monday.ai.strength import impulse
from rules.core.strength import Budgeted, DecisionKey, Strength, Timed, player_turn
from rules.core.system import Event, GameSystem, View

WORKERS = 2
BUDGET = 20.0  # CPU seconds a decision of a searching level, as a seat's default wall-clock seconds a turn


@dataclass(frozen=True)
class Match:
    """The measured side's level against the other sides' (None: random play), and the share
    of games it should win: from each side (level 1: "from each side of each scenario"), or, when
    `pooled`, also of all its games in every seat ("over 200 games per side"), which a lopsided
    scenario cannot decide for it: level 1 against itself wins half of those."""

    level: int
    opponent: int | None
    win_target: float
    pooled: bool = False

    def name(self) -> str:
        return f"L{self.level} v " + (f"L{self.opponent}" if self.opponent else "random")


MATCHES = (Match(1, None, 0.90), Match(2, 1, 0.70, pooled=True))


@dataclass(frozen=True)
class Thinking:
    """What one decision of a system's computer player is, and its target seconds (95th
    percentile) per level."""

    per: str
    key: DecisionKey
    targets: dict[int, float] = field(default_factory=dict)


THINKING = {"borodino": Thinking("player-turn", player_turn, {1: 10.0, 2: 30.0}),
            "bloody_monday": Thinking("impulse", impulse, {1: 1.0, 2: 5.0}),
            "campaign_1812": Thinking("player-turn", player_turn, {1: 1.0})}
OTHERS = Thinking("player-turn", player_turn)  # a system without targets of its own


@dataclass(frozen=True)
class Game:
    """One game to play: everything a worker process needs, and nothing more."""

    module: str  # the system module's import path, so that a fresh worker process finds it
    system: str
    scenario: str
    side: str
    match: Match
    seed: int
    options: dict | None = None
    budget: float | None = BUDGET  # CPU seconds a decision of the measured side; None: its whole effort


@dataclass
class Played:
    """A finished game: its outcome and the measured side's seconds per decision, or the
    sentence of a command the rules refused (a fault of a commander)."""

    outcome: dict | None
    seconds: list[float]
    refused: str | None = None


def play(game: Game) -> Played:
    """Play one game of `game.match` (in a worker process)."""
    system = cast(GameSystem, importlib.import_module(game.module))
    opponent = game.match.opponent
    seats = {side: (commander_for(system, opponent) if opponent else None)
             for side in system.INFO.sides if side != game.side}
    clock: dict[Hashable, float] = {}
    key = THINKING.get(game.system, OTHERS).key
    level = game.match.level
    measured = commander_for(system, level) if game.budget is None else \
        Budgeted(lambda stop: commander_for(system, level, stop), game.budget, key)
    seats[game.side] = Timed(measured, clock, key)
    try:
        result = duel(system, game.scenario, game.seed, seats, game.options, ai_seed=game.seed)
    except RefusedPlan as error:
        return Played(None, list(clock.values()), f"dice seed {game.seed}: {error}")
    return Played(result.outcome, list(clock.values()))


@dataclass
class Row:
    """One scenario, side and match: the games it plays, or why it cannot be played."""

    system: str
    scenario: str
    side: str
    match: Match
    games: list[Game]
    missing: str | None = None  # "no level 2 yet"


def rows(systems: Iterable[str], scenario: str | None, side: str | None, level: int | None,
         games: int, first_seed: int, options: dict | None = None, budget: float | None = BUDGET) -> Iterator[Row]:
    """The rows to measure, in order: each system, scenario, side and match chosen."""
    for name in systems:
        system = rules.load(name)
        module = system.__name__  # type: ignore[attr-defined]
        for scenario_id in [s["id"] for s in system.scenarios() if scenario in (None, s["id"])]:
            for each in [s for s in system.INFO.sides if side in (None, s)]:
                for match in [m for m in MATCHES if level in (None, m.level)]:
                    absent = [lv for lv in (match.level, match.opponent) if lv and not offered(system, lv)]
                    jobs = [] if absent else [Game(module, name, scenario_id, each, match, seed, options, budget)
                                              for seed in range(first_seed, first_seed + games)]
                    yield Row(name, scenario_id, each, match, jobs,
                              f"no level {absent[0]} yet" if absent else None)


def systems_with_computer() -> list[str]:
    """The registered systems that have a computer player."""
    return [name for name in rules.systems() if hasattr(rules.load(name), "commander")]


def unknown(systems: Iterable[str], scenario: str | None, side: str | None) -> str | None:
    """The sentence for a scenario or side none of these systems has, else None."""
    loaded = [rules.load(name) for name in systems]
    scenarios = sorted({s["id"] for system in loaded for s in system.scenarios()})
    sides = sorted({each for system in loaded for each in system.INFO.sides})
    if scenario is not None and scenario not in scenarios:
        return f"--scenario {scenario}: not a scenario here; choose one of {', '.join(scenarios)}."
    if side is not None and side not in sides:
        return f"--side {side}: not a side here; choose one of {', '.join(sides)}."
    return None


def offered(system: GameSystem, level: int) -> bool:
    """Whether the system has a computer player of this level."""
    try:
        commander_for(system, level)
    except NoComputer:
        return False
    return True


Record = Callable[[Game, Played], None]


def measure(chosen: list[Row], workers: int = WORKERS,
            record: Record | None = None) -> Iterator[tuple[Row, Strength, list[str]]]:
    """Each row with its tally and the refusals met, as soon as its games are played; the games of
    every row are shared among `workers` processes (1: played here, one after another). `record`
    is handed each game and how it went, in the order of the rows."""
    every = [game for row in chosen for game in row.games]
    if workers == 1:
        yield from _tally(chosen, map(play, every), record)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from _tally(chosen, pool.map(play, every), record)


def blank(row: Row) -> Strength:
    """A tally of no games yet for the row: its side, level, opponent and what a decision is."""
    opponent = f"level {row.match.opponent}" if row.match.opponent else "random play"
    return Strength(row.scenario, row.side, row.match.level, per=THINKING.get(row.system, OTHERS).per,
                    opponent=opponent)


def _tally(chosen: list[Row], played: Iterator[Played],
           record: Record | None) -> Iterator[tuple[Row, Strength, list[str]]]:
    for row in chosen:
        tally = blank(row)
        refused = []
        for each in row.games:
            game = next(played)
            if record:
                record(each, game)
            if game.refused:
                refused.append(game.refused)
            else:
                tally.count(game.outcome, game.seconds)
        yield row, tally, refused


COLUMNS = (("system", 14), ("scenario", 14), ("side", 8), ("match", 12), ("games", -5), ("won", -5),
           ("drawn", -5), ("lost", -5), ("win %", -6), ("95 % interval", 13), ("target", -6), ("met", 8),
           ("per", 12),
           ("p50 s", -7), ("p95 s", -7), ("target", -6), ("met", 8))


def _line(cells: Sequence[str]) -> str:
    return "  ".join(c.rjust(-w) if w < 0 else c.ljust(w) for c, (_, w) in zip(cells, COLUMNS)).rstrip()


def header() -> str:
    return _line([name for name, _ in COLUMNS])


def line(row: Row, tally: Strength | None = None) -> str:
    """A row of the table: the figures next to their targets, or what is missing."""
    start = [row.system, row.scenario, row.side, row.match.name()]
    if row.missing or tally is None:
        return _line([*start, row.missing or ""])
    thinking = THINKING.get(row.system, OTHERS)
    share = tally.wins / tally.games if tally.games else 0.0
    won = _met(tally.games > 0 and share >= row.match.win_target)
    target = thinking.targets.get(row.match.level)
    p95 = tally.percentile(95)
    quick = _met(p95 <= target) if target and tally.turn_seconds else ""
    low, high = tally.interval()
    return _line([*start, str(tally.games), str(tally.wins), str(tally.draws), str(tally.losses),
                  f"{share:.1%}", f"{low:.1%}-{high:.1%}", f"{row.match.win_target:.0%}", won, thinking.per,
                  f"{tally.percentile(50):.2f}", f"{p95:.2f}", f"{target:g} s" if target else "-", quick])


def _met(met: bool) -> str:
    return "met" if met else "not met"


def pooled(tallies: Sequence[Strength]) -> Strength:
    """One tally of the games of every seat: the side named "both"."""
    first = tallies[0]
    return Strength(first.scenario, "both", first.level, sum(t.wins for t in tallies),
                    sum(t.draws for t in tallies), sum(t.losses for t in tallies),
                    [s for t in tallies for s in t.turn_seconds], first.per, first.opponent)


def game_line(game: Game, played: Played) -> str:
    """One game as a line of JSON (`kolocha bench --ai --games-file`): which game it was, who won
    and how, the refusal if any, the budget it thought within (None: its whole effort) and the
    measured side's CPU seconds per decision, so that the games two versions play can be compared
    seed by seed, any game replayed, and games played apart counted together (bench_tally.py)."""
    outcome = played.outcome or {}
    return json.dumps({"system": game.system, "scenario": game.scenario, "side": game.side,
                       "match": game.match.name(), "seed": game.seed, "options": game.options,
                       "winner": outcome.get("winner"), "level": outcome.get("level"),
                       "refused": played.refused, "budget": game.budget,
                       "seconds": [round(s, 3) for s in played.seconds]})


def run(chosen: list[Row], workers: int, say: Callable[[str], None], record: Record | None = None) -> int:
    """Measure the rows, saying each line as it is done, and for a pooled match measured from
    more than one side, the line of all its seats once the last is done; the number of refused
    commands (a commander's fault, each said with its dice seed). `record`: as `measure`'s."""
    say(header())
    seats: dict[tuple[str, str, Match], list[Row]] = {}
    for row in chosen:
        if row.match.pooled and not row.missing:
            seats.setdefault((row.system, row.scenario, row.match), []).append(row)
    done: dict[tuple[str, str, Match], list[Strength]] = {}
    faults = 0
    for row, tally, refused in measure(chosen, workers, record):
        say(line(row, None if row.missing else tally))
        for sentence in refused:
            say(f"  refused: {sentence}")
        faults += len(refused)
        key = (row.system, row.scenario, row.match)
        if key in seats:
            done.setdefault(key, []).append(tally)
            if len(done[key]) == len(seats[key]) > 1:
                say(line(Row(row.system, row.scenario, "both", row.match, []), pooled(done[key])))
    return faults
