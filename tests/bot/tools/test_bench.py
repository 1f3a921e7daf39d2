"""bot/tools/bench.py: the measurements run end to end on the toy system and print a table."""
from __future__ import annotations

from bot.tools import bench


def test_bench_measures_and_prints_a_table():
    rows = bench.measure("toy_system", "long", seed=2, playout_seconds=0.1)
    names = [name for name, _ in rows]
    assert names[0].startswith("accepted command")
    assert names[-2:] == ["random playouts per second, uniform policy",
                          "random playouts per second, sample policy"]
    assert any("cold load of a" in name for name in names)
    assert all(value.endswith(" ms") for _, value in rows[:4])
    table = bench.table("kolocha bench: toy", rows)
    assert table.splitlines()[1].startswith("measure")


def test_the_playout_rates_stand_next_to_their_target():
    rows = bench.playout_rate("borodino", "5sep", 1, None, 0.01)
    assert [name for name, _ in rows] == [f"random playouts per second, {policy} policy"
                                          for policy in ("uniform", "sample", "rollout")]
    assert all(value.endswith("; target 25") for _, value in rows)
