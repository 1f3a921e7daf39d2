"""bot/bench_scale.py (`kolocha bench --scale`): both databases are built and measured, and the
figures stand next to their targets."""
from __future__ import annotations

from bot import bench_scale


def test_scale_bench_measures_both_databases_and_the_memory(monkeypatch):
    monkeypatch.setattr(bench_scale, "SERVED", 2)
    rows = bench_scale.measure("toy_system", "long", 2, None, stored=30, loaded=12)
    (small, small_ms), (big, big_ms), (memory, rss) = rows
    assert small.endswith("2 games in the database") and small_ms.endswith(" ms")
    assert big.endswith("30 games in the database") and big_ms.endswith("ms (target: the same)")
    assert memory == "resident memory after loading 12 games, serving 2"
    assert float(rss.split()[0]) > 0 and rss.endswith("MB (target under 150 MB)")  # a test process holds more
