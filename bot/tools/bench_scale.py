"""`kolocha bench --scale`: memory, latency and start-up as the database grows.

Three figures, each next to its target:
* the resident memory of a process that has loaded 1,000 stored games and serves 10 of them
  (the service keeps a bounded number of states, bot/state_cache.py): under 150 MB;
* the median latency of an accepted command in a database of 10 games and in one of 10,000:
  the same within noise (every query goes by an index, none scans the games);
* the bot's start-up to its first answer with 10, 1,000 and 10,000 running games, each with a
  command history and a deadline (bot/tools/bench_start.py): under 5 s.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bot.service import GameService
from bot.store import Store
from bot.tools import bench_start
from bot.tools.bench import longest_playout

SERVED = 10  # games being played
LOADED = 1_000  # games the process has touched
STORED = 10_000  # games in the big database
COMMANDS = 40  # commands timed per served game
RSS_TARGET_MB = 150


def measure(system: str, scenario: str, seed: int, options: dict | None,
            stored: int = STORED, loaded: int = LOADED) -> list[tuple[str, str]]:
    commands = longest_playout(system, scenario, seed, options).commands[:COMMANDS]
    with tempfile.TemporaryDirectory() as tmp:
        small = _latency(Store(Path(tmp) / "small.sqlite"), system, scenario, seed, options,
                         commands, padding=0)
        big_store = Store(Path(tmp) / "big.sqlite")
        big = _latency(big_store, system, scenario, seed, options, commands,
                       padding=stored - SERVED)
        service = GameService(big_store)
        for game_id in range(1, loaded + 1):
            service.load(game_id)
        rss = _rss_mb()
    return [
        (f"accepted command, median, {SERVED} games in the database", _ms(small)),
        (f"accepted command, median, {stored:,} games in the database", _ms(big) + " (target: the same)"),
        (f"resident memory after loading {loaded:,} games, serving {SERVED}",
         f"{rss:.0f} MB (target under {RSS_TARGET_MB} MB)"),
        *bench_start.measure(system, scenario, seed, options, commands),
    ]


def _latency(store: Store, system: str, scenario: str, seed: int, options: dict | None,
             commands: list[tuple[str, str]], padding: int) -> float:
    """Median time of an accepted command over SERVED games, after `padding` idle games."""
    service = GameService(store)
    for _ in range(padding):
        service.new_game(system, scenario, seed, options)
    served = [service.new_game(system, scenario, seed, options) for _ in range(SERVED)]
    times = []
    for side, text in commands:
        for game_id in served:
            start = time.perf_counter()
            result = service.submit(game_id, side, text)
            times.append(time.perf_counter() - start)
            if not result.accepted:
                raise RuntimeError(f"bench --scale: a replayed command was refused: {result.message}")
    return statistics.median(times)


def _rss_mb() -> float:
    """This process's resident memory now (Linux /proc; the peak where that is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"
