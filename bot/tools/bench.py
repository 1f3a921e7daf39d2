"""`kolocha bench`: what one command, one game load, one random game and a map picture cost on this
machine.

Three measurements through the real service and a real SQLite file:
* an accepted command end to end (parse, apply, commit): median and 99th percentile, over the
  commands of a random playout replayed into a temporary database;
* loading that stored game cold (a fresh service, no cache: last snapshot plus replay);
* random playouts per second of CPU time (rules only, no storage), under each policy the system
  plays differently (rules.core.playout.policies). A playout that fails is counted and the
  first failure's reproduction script is written to the current folder: a bench run is also a
  fuzzing run.

Then, for Borodino and Bloody Monday (`picture_rows`), the map pictures: medians once warm
(render/bench.py) and the first pictures after a start (bot/tools/bench_pictures.py).
"""
from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bot.service import GameService
from bot.store import SNAPSHOT_EVERY, Store
from bot.tools import bench_pictures

LOAD_LENGTH = 500  # the game length whose load time docs/development.md quotes
import rules
from rules.core.playout import Playout, PlayoutFailure, policies, random_playout

TARGET_COMMANDS = 500


def longest_playout(system_name: str, scenario: str, seed: int, options: dict | None,
                    tries: int = 20) -> Playout:
    """A random playout capped at TARGET_COMMANDS that reaches it, else the longest of `tries`."""
    system = rules.load(system_name)
    best: Playout | None = None
    for rng_seed in range(tries):
        playout = random_playout(system, scenario, seed, options, rng_seed=rng_seed,
                                 max_commands=TARGET_COMMANDS)
        if best is None or len(playout.commands) > len(best.commands):
            best = playout
        if len(best.commands) >= TARGET_COMMANDS:
            break
    assert best is not None
    return best


def measure(system_name: str, scenario: str, seed: int = 1, options: dict | None = None,
            playout_seconds: float = 2.0) -> list[tuple[str, str]]:
    """The table rows (measure, value) for one system and scenario."""
    playout = longest_playout(system_name, scenario, seed, options)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.sqlite")
        service = GameService(store)
        game_id = service.new_game(system_name, scenario, seed, options)
        times = []
        for side, text in playout.commands:
            start = time.perf_counter()
            result = service.submit(game_id, side, text)
            times.append(time.perf_counter() - start)
            if not result.accepted:
                raise RuntimeError(f"bench: a replayed command was refused: {result.message}")
        # A game of n commands loads from its last snapshot plus up to SNAPSHOT_EVERY - 1
        # replayed commands: time every length of the snapshot interval ending at LOAD_LENGTH, cold.
        n = min(LOAD_LENGTH, len(playout.commands))
        first = max(1, n - SNAPSHOT_EVERY + 1)
        cold = GameService(store)  # state_at never reads the in-memory cache
        loads = [_timed(partial(cold.state_at, game_id, seq)) for seq in range(first, n + 1)]
    p99 = statistics.quantiles(times, n=100)[98] if len(times) > 1 else times[0]
    return [
        ("accepted command (service + commit), median", _ms(statistics.median(times))),
        ("accepted command, 99th percentile", _ms(p99)),
        (f"cold load of a {n}-command game, median", _ms(statistics.median(loads))),
        (f"cold load of a {n}-command game, worst", _ms(max(loads))),
        *playout_rate(system_name, scenario, seed, options, playout_seconds),
        *picture_rows(system_name),
    ]


def picture_rows(system_name: str) -> list[tuple[str, str]]:
    """Map snapshot speed, for the systems the renderer draws: medians once warm, then the first
    pictures after a start (bot/tools/bench_pictures.py)."""
    if system_name not in ("borodino", "bloody_monday"):
        return []
    from render.bench import measure as measure_pictures

    figures = measure_pictures()
    if system_name == "borodino":
        medians = [(f"map snapshot, whole map with {figures['units']} units, median",
                    f"{figures['full_snapshot_ms']:.2f} ms"),
                   ("map snapshot, crop of radius 6, median", f"{figures['crop_snapshot_ms']:.2f} ms")]
    else:
        medians = [(f"area map snapshot, {figures['blocks']} blocks, a player's view, median",
                    f"{figures['area_snapshot_ms']:.2f} ms")]
    return medians + bench_pictures.rows(system_name)


PLAYOUT_TARGETS = {"borodino": 25, "bloody_monday": 20}  # whole games a second


def playout_rate(system_name: str, scenario: str, seed: int, options: dict | None,
                 seconds: float) -> list[tuple[str, str]]:
    """Whole random games per second of CPU time under each policy, next to the target; failures
    counted and the first one saved as a script."""
    rows = []
    for policy in policies(system_name):
        rows += _policy_rate(system_name, scenario, seed, options, seconds, policy)
    return rows


def _policy_rate(system_name: str, scenario: str, seed: int, options: dict | None,
                 seconds: float, policy: str) -> list[tuple[str, str]]:
    system = rules.load(system_name)
    played, failures, start = 0, [], time.process_time()  # CPU time: the machine may be shared
    while time.process_time() - start < seconds:
        try:
            random_playout(system, scenario, seed, options, rng_seed=1000 + played, policy=policy)
        except PlayoutFailure as failure:
            failures.append(failure)
        played += 1
    elapsed = time.process_time() - start
    target = PLAYOUT_TARGETS.get(system_name)
    rate = f"{played / elapsed:.2f} ({elapsed / played:.3f} s of CPU each)" + (f"; target {target}" if target else "")
    rows = [(f"random playouts per second, {policy} policy", rate)]
    if failures:
        path = Path(f"playout-failure-{system_name}-{scenario}-{policy}-{failures[0].rng_seed}.txt")
        path.write_text(failures[0].script())
        replay = f"{len(failures)}; replay: kolocha local --script {path}"
        rows.append((f"failed playouts (of {played}, {policy} policy)", replay))
    return rows


def table(title: str, rows: list[tuple[str, str]]) -> str:
    width = max(len(name) for name, _ in rows)
    lines = [title, f"{'measure'.ljust(width)}  value", f"{'-' * width}  {'-' * 10}"]
    lines += [f"{name.ljust(width)}  {value}" for name, value in rows]
    return "\n".join(lines)


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"
