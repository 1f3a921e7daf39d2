"""`kolocha bench --ux` on a short game: two player-turns of Shevardino played on simcord by the
scripted players, each counted (interactions, DMs, pictures, silent wait) and set beside the goals;
without simcord, the command says how to install it."""
from __future__ import annotations

import asyncio

from bot import cli
from bot.tools import bench_ux


def test_two_shevardino_player_turns_are_counted(tmp_path):
    turns = asyncio.run(bench_ux.measure_game(tmp_path, "borodino", "shevardino", 2, seed=1))
    assert [t.label for t in turns] == ["turn 3 French", "turn 3 Russian"]
    for turn, phasing in zip(turns, ("french", "russian")):
        assert turn.interactions[phasing] >= 1  # the phasing player sent their orders
        assert turn.fruitless[phasing] < turn.interactions[phasing]
        assert all(n >= 0 for n in (*turn.dms.values(), *turn.pictures.values())) and turn.silent >= 0
    rows = dict(bench_ux.rows("borodino", "shevardino", turns))
    assert rows["borodino shevardino, turn 3 French"].startswith("french: ")
    worst = rows["borodino shevardino, interactions per player and player-turn"]
    assert worst.startswith(f"max {max(t.interactions[s] for t in turns for s in ('french', 'russian'))}, ")
    assert "(goal at most 3: " in worst
    assert "(goal at most 5: " in rows["borodino shevardino, DMs per player and player-turn"]
    assert "(goal at most 0: " in rows["borodino shevardino, silent wait (h) per player and player-turn"]


def test_without_simcord_the_bench_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setattr(bench_ux, "simcord_installed", lambda: False)
    assert cli.main(["bench", "--ux"]) == 2
    assert capsys.readouterr().err.strip() == bench_ux.INSTALL
