"""bot/tools/bench_ai.py (`kolocha bench --ai`): the tally and the table over tiny toy games,
and the command line. No timing is asserted: the figures are a measurement, not a test."""
from __future__ import annotations

import json
import random

from bot import cli
from bot.tools import bench_ai
from rules.core.ai import Decision, duel
from rules.core.strength import Strength
from tests.bot import toy_system

L1 = bench_ai.MATCHES[0]


def _toy_rows(games: int, side: str | None = "red", level: int | None = None) -> list[bench_ai.Row]:
    return list(bench_ai.rows(["toy_system"], "short", side, level, games, first_seed=3))


def _winners(side: str, seeds: range) -> list[str | None]:
    """The games of the toy's commander against random play, played here without the bench."""
    games = [duel(toy_system, "short", seed, {side: toy_system.commander(1)}, ai_seed=seed) for seed in seeds]
    return [(game.outcome or {}).get("winner") for game in games]


def test_level_1_against_random_play_is_tallied_from_the_games_of_each_dice_seed():
    (row, tally, refused), _ = bench_ai.measure(_toy_rows(6), workers=1)
    winners = _winners("red", range(3, 9))
    assert (row.match, refused) == (L1, [])
    assert (tally.games, tally.wins, tally.losses) == (6, winners.count("red"), winners.count("blue"))
    assert tally.draws == winners.count(None)
    assert len(tally.turn_seconds) == 6 * 3  # 3 turns of the short race: one plan a player-turn each


def test_the_worker_processes_play_the_same_games():
    played_here = [t for _, t, _ in bench_ai.measure(_toy_rows(4, side=None), workers=1)]
    in_workers = [t for _, t, _ in bench_ai.measure(_toy_rows(4, side=None), workers=2)]
    outcomes = [(t.side, t.level, t.wins, t.draws, t.losses, len(t.turn_seconds)) for t in played_here]
    assert outcomes == [(t.side, t.level, t.wins, t.draws, t.losses, len(t.turn_seconds)) for t in in_workers]
    assert [t.side for t in played_here] == ["red", "red", "blue", "blue"]


def test_a_level_the_system_does_not_offer_is_said_and_not_played():
    l1, l2 = _toy_rows(2)
    assert (l1.missing, len(l1.games)) == (None, 2)
    assert (l2.match.level, l2.missing, l2.games) == (2, "no level 2 yet", [])
    assert bench_ai.line(l2).split()[-4:] == ["no", "level", "2", "yet"]
    assert [row.match.level for row in _toy_rows(2, level=2)] == [2]


def test_a_level_the_system_offers_plays_against_the_level_below(monkeypatch):
    levels: list[int] = []

    def commander(level: int = 1) -> object:  # the toy's commander, offered at every level
        levels.append(level)
        return toy_system._Runner()

    monkeypatch.setattr(toy_system, "commander", commander)
    (_, l1_tally, _), (l2, l2_tally, _) = bench_ai.measure(_toy_rows(2), workers=1)
    assert (l2.missing, l2_tally.level, l2_tally.opponent, l2_tally.games) == (None, 2, "level 1", 2)
    assert levels[-1] == 2 and 1 in levels  # blue at level 1, red at level 2 (made for each plan, with its clock)
    assert l1_tally.opponent == "random play"


def _row(system: str, level: int = 1) -> bench_ai.Row:
    return bench_ai.Row(system, "scenario", "french", bench_ai.MATCHES[level - 1], [])


def test_each_figure_stands_next_to_its_target_met_or_not():
    """90 % of the games won at level 1, 70 % at level 2, each share with its 95 % interval (Wilson's);
    p95 per impulse 1 s and 5 s (Bloody Monday)."""
    quick = Strength("last_blood", "french", 1, wins=9, losses=1, turn_seconds=[0.2] * 19 + [3.0])
    slow = Strength("last_blood", "french", 1, wins=8, draws=1, losses=1, turn_seconds=[0.2] * 18 + [3.0] * 2)
    def tail(system: str, level: int, tally: Strength) -> list[str]:  # from the win %
        return bench_ai.line(_row(system, level), tally).split()[10:]

    assert tail("bloody_monday", 1, quick) == ["90.0%", "59.6%-98.2%", "90%", "met", "impulse", "0.20", "0.20",
                                               "1", "s", "met"]
    assert tail("bloody_monday", 1, slow) == ["80.0%", "49.0%-94.3%", "90%", "not", "met", "impulse", "0.20",
                                              "3.00", "1", "s", "not", "met"]
    assert tail("bloody_monday", 2, slow) == ["80.0%", "49.0%-94.3%", "70%", "met", "impulse", "0.20", "3.00",
                                              "5", "s", "met"]
    assert tail("borodino", 1, slow)[-5:] == ["0.20", "3.00", "10", "s", "met"]


def test_a_refused_command_is_said_with_its_dice_seed_and_not_counted(monkeypatch):
    class Blunderer:
        def plan(self, view: dict, seen: object, rng: random.Random) -> list[Decision]:
            return [Decision("fly", "to test the bench")]

    monkeypatch.setattr(toy_system, "commander", lambda level=1: Blunderer())
    said: list[str] = []
    assert bench_ai.run(_toy_rows(2)[:1], workers=1, say=said.append) == 2
    assert said[1].split()[6:10] == ["0", "0", "0", "0"]  # games, won, drawn, lost
    assert said[2].startswith("  refused: dice seed 3: red planned 'fly' (to test the bench)")


def test_kolocha_bench_ai_prints_the_table(capsys):
    argv = ["bench", "--ai", "--system", "toy_system", "--scenario", "short", "--games", "2", "--workers", "1"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("kolocha bench --ai: 2 games a row, dice seeds 1 to 2")
    assert out[1].split()[:4] == ["system", "scenario", "side", "match"]
    assert [line.split()[2:6] for line in out[2:]] == [["red", "L1", "v", "random"], ["red", "L2", "v", "L1"],
                                                         ["blue", "L1", "v", "random"], ["blue", "L2", "v", "L1"]]
    assert out[3].endswith("no level 2 yet") and out[2].split()[6] == "2"


def test_kolocha_bench_ai_names_what_there_is_for_an_unknown_side_or_scenario(capsys):
    assert cli.main(["bench", "--ai", "--system", "toy_system", "--side", "green"]) == 2
    assert capsys.readouterr().err.strip() == "kolocha: --side green: not a side here; choose one of blue, red."
    assert cli.main(["bench", "--ai", "--system", "toy_system", "--scenario", "longest"]) == 2
    assert "--scenario longest: not a scenario here; choose one of long, short." in capsys.readouterr().err
    assert cli.main(["bench", "--ai", "--system", "toy_system", "--side", "red", "--level", "2"]) == 0  # control


def test_level_2_is_also_tallied_over_both_seats_once_the_last_is_played(monkeypatch):
    """Level 2 is judged against level 1 as each side, and the games of both seats are counted
    together too (a lopsided scenario decides a seat)."""
    monkeypatch.setattr(toy_system, "commander", lambda level=1: toy_system._Runner())
    said: list[str] = []
    assert bench_ai.run(_toy_rows(3, side=None, level=2), workers=1, say=said.append) == 0
    red, blue, both = (line.split() for line in said[1:])
    assert [red[2], blue[2], both[2]] == ["red", "blue", "both"]
    assert both[6:10] == [str(int(a) + int(b)) for a, b in zip(red[6:10], blue[6:10])]
    share = int(both[7]) / 6
    assert both[10] == f"{share:.1%}" and both[12:14] == ["70%", "met" if share >= 0.7 else "not"]
    said.clear()
    assert bench_ai.run(_toy_rows(3, side="red", level=2), workers=1, say=said.append) == 0
    assert [line.split()[2] for line in said[1:]] == ["red"]  # one seat measured: nothing to pool
    said.clear()
    assert bench_ai.run(_toy_rows(3, side=None, level=1), workers=1, say=said.append) == 0
    assert [line.split()[2] for line in said[1:]] == ["red", "blue"]  # level 1's target is each side's


def test_kolocha_bench_ai_adds_each_game_to_the_games_file(tmp_path, capsys):
    """--games-file: a line of JSON a game, the dice seed and winner as the games give them, so two
    versions can be compared seed by seed; a second run adds to the file."""
    path = tmp_path / "games.jsonl"
    argv = ["bench", "--ai", "--system", "toy_system", "--scenario", "short", "--side", "red", "--level", "1",
            "--games", "3", "--seed", "3", "--workers", "1", "--games-file", str(path)]
    assert cli.main(argv) == 0
    games = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(g["side"], g["match"], g["seed"]) for g in games] == [("red", "L1 v random", s) for s in (3, 4, 5)]
    assert [g["winner"] for g in games] == _winners("red", range(3, 6))
    assert all(len(g["seconds"]) == 3 and g["refused"] is None for g in games)
    row = capsys.readouterr().out.splitlines()[2].split()
    assert int(row[7]) == sum(g["winner"] == "red" for g in games)  # the table counts the same games
    assert cli.main(argv) == 0 and len(path.read_text().splitlines()) == 6


def test_a_games_file_in_a_missing_folder_is_refused_before_any_game(tmp_path, capsys):
    argv = ["bench", "--ai", "--system", "toy_system", "--scenario", "short", "--side", "red", "--level", "1",
            "--games", "1", "--workers", "1", "--games-file", str(tmp_path / "nowhere" / "games.jsonl")]
    assert cli.main(argv) == 2
    refusal = f"kolocha: --games-file: there is no folder {tmp_path / 'nowhere'}; create it first."
    assert capsys.readouterr().err.strip() == refusal
    assert cli.main(argv[:-1] + [str(tmp_path / "games.jsonl")]) == 0  # control: a folder that exists
