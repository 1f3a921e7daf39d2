"""bot/tools/bench_positions.py (`kolocha bench --ai --positions`): the count per level, the misses named."""
from __future__ import annotations

from dataclasses import replace

from bot import cli
from bot.tools import bench_positions
from rules.core import positions

CHIT = "russian-chit-against-the-grande-armee"


def test_each_level_is_counted_and_a_system_without_positions_or_a_level_said_so(monkeypatch):
    """1812's positions, one of them asking for a chit level 1 does not put down (Entrench, where it withdraws):
    it is counted and named as missed."""
    load = positions.load

    def loaded(name: str, sides: tuple[str, ...]) -> list[positions.Position]:
        return [] if name == "borodino" else [replace(p, sound=("^plan entrench",)) if p.id == CHIT else p
                                              for p in load(name, sides)]
    monkeypatch.setattr(positions, "load", loaded)
    lines: list[str] = []
    bench_positions.run(["campaign_1812", "borodino"], lines.append)
    assert lines[1].split()[:4] == ["campaign_1812", "1", "19", "20"]
    assert lines[1].endswith(CHIT)
    assert lines[2].split()[1:] == ["2", "no", "level", "2", "yet"]
    assert lines[3].split()[1:] == ["-", "no", "tactical", "positions", "yet"]


def test_kolocha_bench_ai_positions_prints_the_table(capsys):
    assert cli.main(["bench", "--ai", "--positions", "--system", "campaign_1812"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("system") and "campaign_1812       1     20  20  -" in out
