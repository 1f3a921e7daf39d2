"""bot/tools/bench_tally.py (`kolocha bench --ai --tally`): games played in pieces and kept in games
files are counted as the one run of all their seeds would be, each seed once."""
from __future__ import annotations

import json

from bot import cli
from bot.tools import bench_tally
from tests.bot import toy_system


def _play(path, seed: int, games: int, side: str = "red", level: str = "1") -> list[str]:
    argv = ["bench", "--ai", "--system", "toy_system", "--scenario", "short", "--side", side, "--level", level,
            "--games", str(games), "--seed", str(seed), "--workers", "1", "--games-file", str(path)]
    assert cli.main(argv) == 0
    return path.read_text().splitlines()


def test_games_played_in_pieces_are_counted_as_one_run_of_all_their_seeds(tmp_path, capsys):
    _play(tmp_path / "whole.jsonl", 3, 6)
    whole = capsys.readouterr().out.splitlines()[2]
    _play(tmp_path / "a.jsonl", 3, 2)
    _play(tmp_path / "b.jsonl", 5, 4)
    capsys.readouterr()
    assert cli.main(["bench", "--ai", "--tally", str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]) == 0
    header, row, seeds = capsys.readouterr().out.splitlines()
    assert header.split()[:4] == ["system", "scenario", "side", "match"]
    assert row.split()[:10] == whole.split()[:10]  # the games, won, drawn and lost, and the share
    assert row.split()[10:14] == whole.split()[10:14]  # the interval and the target, met or not
    assert seeds == "  dice seeds 3-8; a searching level thinks 20 CPU seconds a decision"


def test_a_seed_kept_twice_counts_once_and_with_another_result_is_said(tmp_path, capsys):
    lines = _play(tmp_path / "games.jsonl", 3, 2)
    said: list[str] = []
    path = tmp_path / "twice.jsonl"
    path.write_text("\n".join(lines + lines[:1]) + "\n")
    assert bench_tally.tally([path], said.append) == 0
    assert said[1].split()[6] == "2"
    other = json.loads(lines[0])
    other["winner"] = "blue" if other["winner"] != "blue" else "red"
    path.write_text("\n".join(lines + [json.dumps(other)]) + "\n")
    said.clear()
    assert bench_tally.tally([path], said.append) == 1
    assert said[0] == (f"  {path}:3: dice seed 3 of short red L1 v random is kept with another result before: "
                       "games of two versions; the first counted")
    assert said[2].split()[6] == "2"


def test_level_2_games_of_both_seats_are_pooled_and_seeds_said_as_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(toy_system, "commander", lambda level=1: toy_system._Runner())
    path = tmp_path / "games.jsonl"
    _play(path, 1, 3, "red", "2")
    _play(path, 10, 2, "red", "2")
    _play(path, 1, 3, "blue", "2")
    said: list[str] = []
    assert bench_tally.tally([path], said.append) == 0
    blue, red = said[1].split(), said[3].split()
    assert said[4] == "  dice seeds 1-3, 10-11; a searching level thinks 20 CPU seconds a decision"
    both = said[5].split()
    assert both[2] == "both" and both[6:10] == [str(int(a) + int(b)) for a, b in zip(blue[6:10], red[6:10])]
    assert bench_tally.seeds_said([7, 1, 2, 3, 5]) == "1-3, 5, 7"


def test_a_games_file_that_is_not_there_is_refused_in_words(tmp_path, capsys):
    assert cli.main(["bench", "--ai", "--tally", str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.strip() == f"kolocha: --tally: there is no games file {tmp_path / 'none.jsonl'}."


def test_games_of_other_budgets_and_of_files_that_kept_none_are_rows_of_their_own(tmp_path):
    lines = _play(tmp_path / "games.jsonl", 3, 2)
    whole, unkept = json.loads(lines[0]), json.loads(lines[1])
    whole["budget"] = None
    del unkept["budget"]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([lines[0], json.dumps(whole), json.dumps(unkept)]) + "\n")
    said: list[str] = []
    assert bench_tally.tally([path], said.append) == 0
    assert sorted(said[2::2]) == ["  dice seeds 3; a searching level thinks 20 CPU seconds a decision",
                                  "  dice seeds 3; a searching level thinks its whole fixed effort",
                                  "  dice seeds 4; the thinking budget not recorded"]
