"""bot/tools/bench_scale.py (`kolocha bench --scale`): both databases are built and measured, the bot
process is started over databases of running games and asked for an export, and the figures
stand next to their targets. Long: it starts `kolocha run` twice."""
from __future__ import annotations

import pytest

from bot.tools import bench_scale, bench_start
from rules.core.playout import Playout

pytestmark = pytest.mark.long


def test_scale_bench_measures_both_databases_and_the_memory(monkeypatch):
    monkeypatch.setattr(bench_scale, "SERVED", 2)
    monkeypatch.setattr(bench_start, "GAMES", (1, 60))
    monkeypatch.setattr(bench_start, "EXPORTS", 1)
    grand = bench_start.longest_playout
    monkeypatch.setattr(bench_start, "longest_playout",
                        lambda *game: Playout(grand(*game, tries=1).commands[:30], {}, None))
    rows = bench_scale.measure("toy_system", "long", 2, None, stored=30, loaded=12)
    (small, small_ms), (big, big_ms), (memory, rss), (one, one_s), (sixty, sixty_s), (bot, bot_mb) = rows
    assert small.endswith("2 games in the database") and small_ms.endswith(" ms")
    assert big.endswith("30 games in the database") and big_ms.endswith("ms (target: the same)")
    assert memory == "resident memory after loading 12 games, serving 2"
    assert float(rss.split()[0]) > 0 and rss.endswith("MB (target under 150 MB)")  # a test process holds more
    assert one == "start-up of `kolocha run` to its first answer, 1 running games"
    assert sixty == "start-up of `kolocha run` to its first answer, 60 running games"
    assert all(float(t.split()[0]) > 0 and t.endswith(" s of CPU (target under 5 s)") for t in (one_s, sixty_s))
    assert bot == ("bot's resident memory after 50 statuses and 1 exports of a 30-command Grand Battle, "
                   "60 games: now, peak")
    now, peak = (float(mb.split()[0]) for mb in bot_mb.split(", ")[:2])
    assert 0 < now <= peak and bot_mb.endswith("MB (target under 150 MB)")
