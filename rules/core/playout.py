"""Random playouts over the engine contract: the fuzzer every game system must survive.

`random_playout` plays uniformly random legal commands (after round-tripping each through
`to_text` and `parse`, except in a system's own session: see `Copying`) until the game ends or a
command budget runs out, calling `check(state)` after each one. Any exception becomes a
PlayoutFailure that carries the seed, options and the commands played, and writes them as a
script `kolocha local --script` replays. `fuzz` plays many such games of one scenario and
returns the failures. `positions` walks one random game a position at a time, for the swap tests
that look at each.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from rules.core.registry import load
from rules.core.system import GameSystem


@dataclass
class Playout:
    """A finished (or budget-capped) random game."""

    commands: list[tuple[str, str]]  # (side, normalised text), in order
    state: dict
    outcome: dict | None


class PlayoutFailure(Exception):
    """A random playout hit an exception; `script()` reproduces the game up to that command."""

    def __init__(self, system: str, scenario: str, seed: int, options: dict | None,
                 rng_seed: int, commands: list[tuple[str, str]], cause: BaseException,
                 policy: str = "uniform"):
        self.system, self.scenario, self.seed, self.policy = system, scenario, seed, policy
        self.options, self.rng_seed, self.commands, self.cause = options, rng_seed, commands, cause
        last = f" at command {len(commands)} ({commands[-1][0]}: {commands[-1][1]})" if commands \
            else " during set-up"
        super().__init__(f"{system} {scenario} seed={seed} rng_seed={rng_seed} {policy} policy{last}: "
                         f"{type(cause).__name__}: {cause}")

    def script(self) -> str:
        """A command script for `kolocha local --script`; its last command is the failing one."""
        options = ",".join(name for name, on in (self.options or {}).items() if on)
        header = f"# kolocha system={self.system} scenario={self.scenario} seed={self.seed}"
        lines = [header + (f" options={options}" if options else ""),
                 f"# random playout rng_seed={self.rng_seed}, {self.policy} policy, failed: "
                 f"{type(self.cause).__name__}: {self.cause}".replace("\n", " "),
                 "# expect: all-accepted"]
        lines += [f"{side}: {text}" for side, text in self.commands]
        return "\n".join(lines) + "\n"


POLICIES = ("uniform", "sample", "rollout")


def policies(system: GameSystem | str) -> tuple[str, ...]:
    """The policies that play differently on a system: "rollout" only where it has its own
    `rollout_command` (elsewhere it is "sample" again)."""
    module = load(system) if isinstance(system, str) else system
    return tuple(p for p in POLICIES if p != "rollout" or hasattr(module, "rollout_command"))


def random_playout(system: GameSystem | str, scenario: str, seed: int,
                   options: dict | None = None, rng_seed: int = 0, max_commands: int = 5000,
                   check: Callable[[dict], object] | None = None, policy: str = "uniform") -> Playout:
    """Play random legal commands from `setup(scenario, seed, options)`; raise PlayoutFailure.

    Policy "uniform" draws uniformly from `legal_commands`; "sample" takes the system's
    `sample_command`, many times faster where lists are long (Borodino's movement phases), with
    other odds (in Borodino each unit alike, then one of its moves); "rollout" takes the system's
    `rollout_command` where it has one (shorter games for search: rules/borodino/rollout.py;
    Bloody Monday draws a kind of command alike first), else `sample_command`."""
    module = load(system) if isinstance(system, str) else system
    rng = random.Random(rng_seed)
    played: list[tuple[str, str]] = []
    try:
        game = _game(module, module.setup(scenario, seed, options), check)
        while len(played) < max_commands:
            active = game.active_sides()
            if not active:
                break
            side = rng.choice(active)
            command = _draw(game, side, rng, policy)
            if command is None:
                raise AssertionError(f"{side} is active but has no legal command")
            text = command.to_text()
            played.append((side, text))
            game.apply(side, module.parse(side, text) if isinstance(game, Copying) else command)
            if check is not None:
                check(game.state)
    except Exception as error:
        raise PlayoutFailure(module.INFO.name, scenario, seed, options, rng_seed, played,
                             error, policy) from error
    return Playout(played, game.state, module.outcome(game.state))


class Copying:
    """A game played forward through the contract alone: each command `apply`d to a new state.
    A system may offer a quicker `session(state)` with the same methods that changes one state in
    place (rules/borodino/session.py, rules/bloody_monday/session.py); playouts use it unless a
    `check` sees (and may keep) the state after each command. A session is handed the command it
    drew, as a search's rollouts are, which never write a command out; only the playouts through
    `apply` parse each command's text again (those with a `check`, and those of systems without
    a session)."""

    def __init__(self, module: GameSystem, state: dict):
        self.module, self.state = module, state

    def active_sides(self) -> list[str]:
        return self.module.active_sides(self.state)

    def legal_commands(self, side: str) -> list:
        return self.module.legal_commands(self.state, side)

    def sample_command(self, side: str, rng: random.Random):
        return self.module.sample_command(self.state, side, rng)

    def rollout_command(self, side: str, rng: random.Random):
        return getattr(self.module, "rollout_command", self.module.sample_command)(self.state, side, rng)

    def apply(self, side: str, cmd) -> list:
        self.state, events = self.module.apply(self.state, side, cmd)
        return events


def _game(module: GameSystem, state: dict, check: Callable[[dict], object] | None):
    session = getattr(module, "session", None)
    return Copying(module, state) if session is None or check is not None else session(state)


def _draw(game, side: str, rng: random.Random, policy: str):
    if policy == "rollout":
        return game.rollout_command(side, rng)
    if policy == "sample":
        return game.sample_command(side, rng)
    legal = game.legal_commands(side)
    return rng.choice(legal) if legal else None


def fuzz(system: GameSystem | str, scenario: str, games: int, *, first_seed: int = 0,
         options: dict | None = None, max_commands: int = 5000,
         check: Callable[[dict], object] | None = None, policy: str = "uniform",
         progress: Callable[[int, PlayoutFailure | None], object] | None = None) -> list[PlayoutFailure]:
    """Play `games` random games of one scenario (game i: set-up seed and random-policy seed both
    `first_seed + i`) and return the failures, each carrying the script that reproduces it; what
    `kolocha fuzz` runs. `progress(i, failure or None)` is called after each game."""
    failures = []
    for seed in range(first_seed, first_seed + games):
        try:
            random_playout(system, scenario, seed, options, rng_seed=seed, max_commands=max_commands,
                           check=check, policy=policy)
            failure = None
        except PlayoutFailure as error:
            failure = error
            failures.append(error)
        if progress is not None:
            progress(seed, failure)
    return failures


def replay(system: GameSystem, state: dict,
           commands: Iterable[tuple[str, str]]) -> Iterator[tuple[dict, list[dict]]]:
    """Re-apply recorded (side, text) commands from a state, yielding (state, events) after each:
    how a stored game, a failing script or a replay test reproduces a game bit for bit."""
    for side, text in commands:
        state, events = system.apply(state, side, system.parse(side, text))
        yield state, events


Move = Callable[[dict, random.Random], tuple[str, Any]]  # a position -> (side, its command), drawn with the rng


def positions(system: GameSystem, state: dict, rng: random.Random, longest: int,
              move: Move) -> Iterator[tuple[int, dict]]:
    """The positions of one random game, numbered from 0: each is yielded before `move` draws its
    command with `rng`, so that a test may look at it (and draw from `rng` itself) first. Ends when
    the game is over or after `longest` commands."""
    for played in range(longest):
        if system.outcome(state) is not None:
            return
        yield played, state
        side, command = move(state, rng)
        state, _ = system.apply(state, side, command)
