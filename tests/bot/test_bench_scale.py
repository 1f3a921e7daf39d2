"""bot/bench_scale.py (`kolocha bench --scale`): both databases are built and measured, the bot is
started over databases of running games, and the figures stand next to their targets."""
from __future__ import annotations

from bot import bench_scale
from bot.discord import bench_start


def test_scale_bench_measures_both_databases_and_the_memory(monkeypatch):
    monkeypatch.setattr(bench_scale, "SERVED", 2)
    monkeypatch.setattr(bench_start, "GAMES", (1, 20))
    rows = bench_scale.measure("toy_system", "long", 2, None, stored=30, loaded=12)
    (small, small_ms), (big, big_ms), (memory, rss), (one, one_s), (twenty, twenty_s) = rows
    assert small.endswith("2 games in the database") and small_ms.endswith(" ms")
    assert big.endswith("30 games in the database") and big_ms.endswith("ms (target: the same)")
    assert memory == "resident memory after loading 12 games, serving 2"
    assert float(rss.split()[0]) > 0 and rss.endswith("MB (target under 150 MB)")  # a test process holds more
    assert one == "start-up to the first answer, 1 running games with their deadlines"
    assert twenty == "start-up to the first answer, 20 running games with their deadlines"
    assert all(float(t.split()[0]) > 0 and t.endswith("s (target under 5 s)") for t in (one_s, twenty_s))
