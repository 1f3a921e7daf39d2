"""GameService.replay_check and `kolocha replay`: re-running stored games after a rules change."""
from __future__ import annotations

import logging

from bot import cli
from bot.service import GameService
from bot.store import SNAPSHOT_EVERY
from tests.bot import toy_system
from tests.bot.bot_helpers import submit_all, toy_commands


def _stored_game(service, n: int = 60) -> int:
    game = service.new_game("toy_system", "long", seed=7)
    submit_all(service, game, toy_commands(n=n))
    return game


def generous_rules(monkeypatch) -> None:
    """A "rules fix" that changes scores, not legality: every command scores one more."""
    original = toy_system.apply

    def generous(state, side, cmd):
        new, events = original(state, side, cmd)
        new["scores"][side] += 1
        return new, events

    monkeypatch.setattr(toy_system, "apply", generous)


def test_a_clean_game_replays(service):
    report = service.replay_check(_stored_game(service))
    assert report.ok and report.commands == 60 and "replays cleanly" in str(report)


def test_a_command_that_no_longer_applies_is_reported(service, monkeypatch):
    game = _stored_game(service)
    original = toy_system.apply

    def stricter(state, side, cmd):  # a "rules fix": blue may no longer move b2
        if cmd.to_text().startswith("move b2"):
            raise toy_system.RuleViolation("Toy: Movement (B)", "b2 is pinned")
        return original(state, side, cmd)

    monkeypatch.setattr(toy_system, "apply", stricter)
    first_b2 = next(r["seq"] for r in service.store.commands(game)
                    if r["normalised"].startswith("move b2"))
    report = service.replay_check(game)
    assert not report.ok and report.seq == first_b2
    assert "no longer applies" in report.message and "b2 is pinned" in report.message.lower()


def test_a_changed_result_is_caught_by_the_snapshot(service, monkeypatch):
    game = _stored_game(service)
    generous_rules(monkeypatch)
    report = service.replay_check(game)
    assert not report.ok and report.seq == 25 and "differs" in report.message


def test_cli_replay_reports_every_game(tmp_path, capsys):
    db = tmp_path / "r.sqlite"
    script = tmp_path / "s.txt"
    lines = [f"{side}: {text}" for side, text in toy_commands("short", 3)]
    script.write_text("# kolocha system=toy_system scenario=short seed=3\n" + "\n".join(lines))
    for _ in range(2):
        assert cli.main(["local", "--script", str(script), "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    assert cli.main(["replay", "--all", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in out] == ["Game 1", "Game 2"]
    assert cli.main(["replay", "2", "--db", str(db)]) == 0
    assert cli.main(["replay", "--db", str(db)]) == 2


def test_each_verdict_of_replay_check_is_reported_word_for_word(service, monkeypatch):
    """Every field of each report: the one that cannot be read, the set-up that no longer
    applies, a command that no longer applies, a state that differs from its snapshot."""
    game = _stored_game(service, n=30)
    fields = lambda r: (r.game_id, r.commands, r.ok, r.seq, r.message)  # noqa: E731
    assert str(service.replay_check(game)) == f"Game {game} (30 commands): replays cleanly"
    with monkeypatch.context() as m:
        m.setattr(service.store, "snapshots", lambda game_id: 1 / 0)
        assert fields(service.replay_check(game)) == (game, 0, False, None, "cannot be read: division by zero")
    with monkeypatch.context() as m:
        m.setattr(toy_system, "setup", lambda *args: 1 / 0)
        assert fields(service.replay_check(game)) == (game, 30, False, 0,
                                                      "set-up no longer applies: division by zero")
    first = service.store.commands(game)[0]
    with monkeypatch.context() as m:
        m.setattr(toy_system, "apply", lambda state, side, cmd: 1 / 0)
        assert fields(service.replay_check(game)) == (
            game, 30, False, 1, f"command 1 ({first['side']}: {first['normalised']}) no longer applies: "
                                "division by zero")
    row, setup = service.store.commands(game)[24], toy_system.setup
    with monkeypatch.context() as m:
        m.setattr(toy_system, "setup", lambda *args: {**setup(*args), "last_turn": 89})  # a longer race
        assert fields(service.replay_check(game)) == (
            game, 30, False, 25, f"command 25 ({row['side']}: {row['normalised']}) now gives a state that "
                                 "differs from the stored snapshot")


def test_a_game_is_replayed_with_its_own_options(service):
    """The bonus option adds 1 to every roll: replayed without it, the snapshot would differ."""
    game = service.new_game("toy_system", "long", seed=7, options=["bonus"])
    assert all(r.accepted for r in submit_all(service, game, toy_commands(n=26)))
    assert service.store.snapshots(game) and service.replay_check(game).ok



def test_every_damaged_snapshot_is_named(service):
    game = _stored_game(service, n=2 * SNAPSHOT_EVERY)
    with service.store.transaction():
        service.store.db.execute("UPDATE snapshots SET state_json = NULL WHERE game = ?", [game])
    report = service.replay_check(game)
    assert (report.ok, report.seq, report.message) == (
        False, SNAPSHOT_EVERY, f"the commands replay cleanly, but the snapshot at command {SNAPSHOT_EVERY}, "
                               f"{2 * SNAPSHOT_EVERY} is damaged (the bot uses an earlier one or the seed instead)")


def test_a_game_goes_on_from_the_position_its_players_were_told_of_after_a_rules_change(service, monkeypatch):
    """A new version whose rules read the stored commands otherwise carries a game on from its
    latest stored state, not from a replay of the commands after its last snapshot; the replay
    check says the game no longer replays (command 25 is the first stored state it differs from)."""
    game = _stored_game(service, n=30)
    told = service.load(game)
    generous_rules(monkeypatch)
    upgraded = GameService(service.store, loader=lambda name: toy_system)
    assert upgraded.load(game) == told
    assert upgraded.replay_check(game).seq == SNAPSHOT_EVERY


def test_a_damaged_latest_state_is_named_and_passed_over(service, caplog):
    game = _stored_game(service, n=30)
    told = service.load(game)
    with service.store.transaction():
        service.store.db.execute("UPDATE latest SET state_json = '{}' WHERE game = ?", [game])
    report = service.replay_check(game)
    assert (report.ok, report.seq) == (False, 30) and "the snapshot at command 30 is damaged" in report.message
    with caplog.at_level(logging.WARNING, "kolocha.service"):
        assert GameService(service.store, loader=lambda name: toy_system).load(game) == told
    assert f"game {game}: the snapshot at command 30 is damaged" in caplog.text
