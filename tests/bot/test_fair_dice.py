"""Fair dice players can verify (bot/fair_dice.py, bot/dice_audit.py): a commitment to a
secret seed when the game begins, the seed revealed when it ends, `kolocha replay GAME --verify`."""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Awaitable

from bot import dice_audit, fair_dice
from bot.cli import main
from bot.permissions import TableError
from bot.service import GameService
from bot.service.replay import ReplayReport
from bot.store import Store, blank
from bot.words import Text, plain
from rules.core.dice import FAIR_SEEDS
from tests.bot import toy_system
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    make_tables,
    run,
    seated_game,
)


def play_out(service: GameService, game_id: int) -> list:
    """The first legal command of the side to move, until the game is over; every result."""
    system = service.system(game_id)
    results = []
    while active := system.active_sides(service.load(game_id)):
        command = system.legal_commands(service.load(game_id), active[0])[0].to_text()
        results.append(service.submit(game_id, active[0], command))
        assert results[-1].accepted, results[-1].message
    return results


async def said(reply: Awaitable[Text]) -> str:
    """What a player reads back: the answer, or the refusal."""
    try:
        return plain(await reply)
    except TableError as refusal:
        return plain(refusal.text)


def test_fair_dice_a_game_without_a_chosen_seed_commits_to_a_secret_one(service):
    """The seed is drawn where dice roll through SHA-256, with a secret salt; the commitment is
    SHA-256 of "<seed>:<salt>", what `printf '%s' 'SEED:SALT' | sha256sum` prints."""
    game = service.store.game(service.new_game("toy_system", "short"))
    assert game["seed"] in FAIR_SEEDS and re.fullmatch(r"[0-9a-f]{32}", game["salt"])
    assert game["commitment"] == hashlib.sha256(f"{game['seed']}:{game['salt']}".encode()).hexdigest()
    other = service.store.game(service.new_game("toy_system", "short"))
    assert (other["seed"], other["salt"]) != (game["seed"], game["salt"])


def test_fair_dice_a_chosen_seed_has_no_commitment(service, game):
    """A seed typed by the game's maker (`--seed 11`) is no secret: nothing is committed to, and
    --verify says so instead of pretending."""
    assert service.store.game(game)["commitment"] is None
    verdict = dice_audit.verify(service, game)
    assert not verdict.ok and dice_audit.NOT_COMMITTED in str(verdict)


def test_fair_dice_store_migration_keeps_older_games_without_a_commitment(tmp_path):
    """A database made before fair dice gains the columns; its games have no commitment."""
    path = tmp_path / "old.sqlite"
    store = Store(path)
    old = store.create_game("toy_system", "short", 5)
    store.db.execute("ALTER TABLE games DROP COLUMN salt")
    store.db.execute("ALTER TABLE games DROP COLUMN commitment")
    store.db.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'fair dice%'")
    again = Store(path)
    assert again.game(old)["commitment"] is None and again.game(old)["seed"] == 5
    fresh = GameService(again, loader=lambda name: toy_system).new_game("toy_system", "short")
    assert again.game(fresh)["commitment"]


def test_fair_dice_nothing_published_before_the_end_holds_the_seed_or_salt_then_both_are_revealed(tmp_path):
    """Fair dice: "No player can learn a future roll from anything published": through the Discord
    tables, every channel post, DM, query answer and view before the last command lacks the seed
    and the salt; the start shows the commitment, and the end reveals seed and salt."""
    async def scenario(tables) -> tuple[int, list[str]]:
        game_id = await seated_game(tables)
        service = tables.service
        heard: list[str] = []
        while active := service.system(game_id).active_sides(service.load(game_id)):
            player = ANNA if active[0] == "red" else BORIS
            for query in ("status", "units", "help", "odds 1"):
                heard.append(await said(tables.play.submit(player, CHANNEL, query)))
            heard.append(plain(tables.overview.status(player, CHANNEL)))
            state = service.load(game_id)
            heard += [json.dumps(service.system(game_id).view(state, side)) for side in ("red", "blue", None)]
            command = service.system(game_id).legal_commands(state, active[0])[0].to_text()
            heard.append(await said(tables.play.submit(player, CHANNEL, command)))
        return game_id, heard

    # a file, as the bot keeps: an in-memory store shares one cache between its threads, where a
    # read that meets another thread's write fails at once ("database table is locked")
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: toy_system)
    tables = make_tables(service)
    game_id, heard = run(scenario(tables))
    game = service.store.game(game_id)
    seed, salt = str(game["seed"]), game["salt"]
    messenger = tables.delivery.messenger
    posts = messenger.in_channel(CHANNEL)
    before_end = [*heard, *posts[:-1], *messenger.to(ANNA.id), *messenger.to(BORIS.id),
                  *(json.dumps(r["payload"]) for r in service.store.outbox(game_id)
                    if "revealed" not in json.dumps(r["payload"]))]
    assert not [text for text in before_end if seed in text or salt in text]
    assert any(game["commitment"] in post and "begins" in post for post in posts)
    assert f"seed {seed}, salt {salt}" in posts[-1] and game["commitment"] in posts[-1]


def test_kolocha_replay_verify_proves_the_commitment_the_replay_and_every_published_roll(tmp_path, capsys):
    """`kolocha replay GAME --verify`: the seed and salt hash to the commitment, the stored commands
    replay from the seed, and every published line of a command that rolled dice is the replay's."""
    db = tmp_path / "k.sqlite"
    service = GameService(Store(db), loader=lambda name: toy_system)
    game_id = service.new_game("toy_system", "long")
    rolls = [r for r in play_out(service, game_id) if r.command == "roll"]
    assert len(rolls) == 180 and service.store.snapshots(game_id)
    verdict = dice_audit.verify(service, game_id)
    assert verdict.ok, str(verdict)
    assert "the commitment published at the start" in str(verdict)
    assert "180 commands rolled 180 dice in all, each from the seed; their public lines, replayed, are word for word" \
        in str(verdict)


def test_verify_fails_when_a_published_roll_is_not_the_seeds(service):
    """Negative control: a published die that differs from the replay is named by its command."""
    game_id = service.new_game("toy_system", "short")
    play_out(service, game_id)
    assert dice_audit.verify(service, game_id).ok
    row = next(r for r in service.store.outbox(game_id) if "rolls" in json.dumps(r["payload"]))
    event = next(e for e in row["payload"]["events"] if e["kind"] == "roll")
    value = int(event["text"].split()[-1])
    event["text"] = event["text"][:-1] + str(value % 6 + 1)
    service.store.db.execute("UPDATE outbox SET payload = ? WHERE id = ?", [json.dumps(row["payload"]), row["id"]])
    verdict = dice_audit.verify(service, game_id)
    assert not verdict.ok and f"published after command(s) {row['seq']}" in str(verdict)


def test_verify_passes_a_roll_line_worded_otherwise_that_tells_the_same_numbers(service):
    """A game that straddles an upgrade rewording a line that tells a roll: the line published tells
    the die the replay rolls in other words, and the proof holds, naming the commands worded otherwise."""
    game_id = service.new_game("toy_system", "short")
    play_out(service, game_id)
    row = next(r for r in service.store.outbox(game_id) if "rolls" in json.dumps(r["payload"]))
    event = next(e for e in row["payload"]["events"] if e["kind"] == "roll")
    event["text"] = event["text"].replace("rolls", "threw", 1)
    service.store.db.execute("UPDATE outbox SET payload = ? WHERE id = ?", [json.dumps(row["payload"]), row["id"]])
    verdict = dice_audit.verify(service, game_id)
    assert verdict.ok, str(verdict)
    assert f"their public lines, replayed, tell the numbers published (after command(s) {row['seq']} in other " \
        "words, as another version of Kolocha told them)" in str(verdict)


def test_the_proof_counts_one_command_and_one_die_in_the_singular(service):
    """What `kolocha replay --verify` and the Verify the dice button print: "1 command rolled 1
    die", not "1 commands rolled 1 dice"."""
    game_id = service.new_game("toy_system", "short")
    system = service.system(game_id)
    rolled = False
    while not rolled:  # the first legal command of the side to move, until one rolls
        side = system.active_sides(service.load(game_id))[0]
        result = service.submit(game_id, side, system.legal_commands(service.load(game_id), side)[0].to_text())
        rolled = any(event["kind"] == "roll" for event in result.events)
    service.store.end_game(game_id, {"winner": None, "reason": "resigned"}, [])
    verdict = dice_audit.verify(service, game_id)
    assert verdict.ok and "\n  1 command rolled 1 die in all, each from the seed; " in str(verdict)
    assert str(ReplayReport(game_id, 1, True)) == f"Game {game_id} (1 command): replays cleanly"


def test_the_proof_of_a_game_without_a_roll_says_so(service):
    """A game that ended before any die was rolled (a resignation at the start): its proof says no
    command rolled a die; it read '0 commands rolled 0 dice in all, each from the seed; their public
    lines, replayed, are word for word what was published'."""
    game_id = service.new_game("toy_system", "short")
    service.store.end_game(game_id, {"winner": None, "reason": "resigned"}, [])
    verdict = dice_audit.verify(service, game_id)
    assert verdict.ok and "\n  no command rolled a die" in str(verdict) and "0 commands" not in str(verdict)


def test_verify_fails_when_the_seed_does_not_match_the_commitment(service):
    """Negative control: a commitment that the seed and salt do not hash to is called out."""
    game_id = service.new_game("toy_system", "short")
    play_out(service, game_id)
    service.store.db.execute("UPDATE games SET commitment = ? WHERE id = ?", ["0" * 64, game_id])
    verdict = dice_audit.verify(service, game_id)
    assert not verdict.ok and "NOT the commitment published at the start" in str(verdict)


def test_cli_replay_verify_exit_code(tmp_path, capsys):
    """The command line: 1 for a fair Borodino game still running, without its seed and salt (they
    would tell every die to come), 0 and "verified" once it has ended, 1 for a game with a chosen
    seed. It is a game played at the terminal: the verdict says what the commitment proves there."""
    db = tmp_path / "k.sqlite"
    service = GameService(Store(db))
    fair = service.new_game("borodino", "7sep")
    for text in ("end", "end", "end"):
        side = service.system(fair).active_sides(service.load(fair))[0]
        assert service.submit(fair, side, text).accepted
    chosen = service.new_game("borodino", "7sep", seed=3)
    game = service.store.game(fair)
    assert main(["replay", str(fair), "--verify", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert "NOT verified" in out and "still running" in out
    assert str(game["seed"]) not in out and game["salt"] not in out
    service.store.end_game(fair, {"winner": None, "reason": "abandoned"}, [])
    assert main(["replay", str(fair), "--verify", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert f"Game {fair}: fair dice verified." in out and "stored in your own database file" in out
    assert main(["replay", str(chosen), "--verify", "--db", str(db)]) == 1


def test_every_die_of_a_fair_1812_game_comes_from_the_seed_by_sha256_and_the_proof_counts_them_all(tmp_path):
    """1812's own dice of each side (Forced March Table, Unsupplied Chart: rolled unseen) are streams
    of the committed seed, die n of the French ones 1 + SHA-256("<seed>:french:n") mod 6, as the reveal
    says; the proof counts them with the others. A chosen seed keeps the dice it always had."""
    import random

    from rules.campaign_1812 import swaptest
    from rules.core.dice import rolls_made

    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("campaign_1812", "campaign")
    seed = service.store.game(game_id)["seed"]
    state = service.load(game_id)
    assert state["side_dice"] == {side: {"seed": seed, "rolls": 0, "stream": side} for side in ("french", "russian")}
    rng = random.Random(1)
    while not any(d["rolls"] for d in service.load(game_id)["side_dice"].values()):
        state = service.load(game_id)
        side = rng.choice(service.system(game_id).active_sides(state))
        command = swaptest.weighted_choice(rng, service.system(game_id).legal_commands(state, side)).to_text()
        assert service.submit(game_id, side, command).accepted
    final = service.load(game_id)
    service.store.end_game(game_id, {"winner": None, "reason": "abandoned"}, [])
    game = service.store.game(game_id)
    verdict = dice_audit.verify(service, game_id)
    assert verdict.ok, str(verdict)
    assert f"rolled {rolls_made(final)} dice in all" in str(verdict) and rolls_made(final) > final["dice"]["rolls"]
    assert f'SHA-256 of \\"{seed}:SIDE:n\\"' in json.dumps(fair_dice.reveal(game))
    chosen = service.load(service.new_game("campaign_1812", "campaign", seed=5))
    assert chosen["side_dice"] == {"french": {"seed": 21, "rolls": 0}, "russian": {"seed": 22, "rolls": 0}}


def test_the_reveal_tells_how_blocks_are_drawn_and_sides_roll_their_own_dice_only_where_a_game_does():
    """A Borodino game's reveal told its players of 'the pool for a drawn block' and of '1812's forced march
    and supply', neither of which their game has (seen on simcord at the end of a 7 September game): eight
    lines of a phone's reading about other games."""
    game = {"id": 4, "seed": FAIR_SEEDS.start, "salt": "ab", "commitment": "cd"}
    said = {system: fair_dice.reveal(game | {"system": system})
            for system in ("borodino", "bloody_monday", "campaign_1812")}
    assert "drawn block" not in said["borodino"] and "SIDE" not in said["borodino"]
    assert f'"{FAIR_SEEDS.start}:n" as a number) mod 6; `kolocha replay 4 --verify`' in said["borodino"]
    assert "mod 6 (mod the pool for a drawn block); `kolocha" in said["bloody_monday"]
    assert f'(SHA-256 of "{FAIR_SEEDS.start}:SIDE:n") mod 6, SIDE french or russian;' in said["campaign_1812"]
    assert "drawn block" not in said["campaign_1812"]
