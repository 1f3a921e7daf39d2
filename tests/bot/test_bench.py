"""bot/bench.py: the measurements run end to end on the toy system and print a table."""
from __future__ import annotations

from bot import bench


def test_bench_measures_and_prints_a_table():
    rows = bench.measure("toy_system", "long", seed=2, playout_seconds=0.1)
    names = [name for name, _ in rows]
    assert names[0].startswith("accepted command") and names[-1] == "random playouts per second"
    assert any("cold load of a" in name for name in names)
    assert all(value.endswith(" ms") for _, value in rows[:4])
    table = bench.table("kolocha bench: toy", rows)
    assert table.splitlines()[1].startswith("measure")
