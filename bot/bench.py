"""`kolocha bench`: what one command, one game load and one random game cost on this machine.

Three measurements, all through the real service and a real SQLite file:
* an accepted command end to end (parse, apply, commit): median and 99th percentile, over the
  commands of a random playout replayed into a temporary database;
* loading that stored game cold (a fresh service, no cache: last snapshot plus replay);
* random playouts per second (rules only, no storage).
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from bot.service import GameService, load_system
from bot.store import Store
from rules.core.playout import Playout, random_playout

TARGET_COMMANDS = 500


def longest_playout(system_name: str, scenario: str, seed: int, options: dict | None,
                    tries: int = 20) -> Playout:
    """The first random playout reaching TARGET_COMMANDS, else the longest of `tries`."""
    system = load_system(system_name)
    best: Playout | None = None
    for rng_seed in range(tries):
        playout = random_playout(system, scenario, seed, options, rng_seed=rng_seed)
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
        loads = [_timed(lambda: GameService(store).load(game_id)) for _ in range(5)]
    system = load_system(system_name)
    played, start = 0, time.perf_counter()
    while time.perf_counter() - start < playout_seconds:
        random_playout(system, scenario, seed, options, rng_seed=1000 + played)
        played += 1
    rate = played / (time.perf_counter() - start)
    n = len(playout.commands)
    p99 = statistics.quantiles(times, n=100)[98] if len(times) > 1 else times[0]
    return [
        ("accepted command (service + commit), median", _ms(statistics.median(times))),
        ("accepted command, 99th percentile", _ms(p99)),
        (f"cold load of a {n}-command game (snapshot + replay)", _ms(statistics.median(loads))),
        ("random playouts per second", f"{rate:.1f}"),
    ]


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
