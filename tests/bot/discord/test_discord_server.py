"""The bot on a simulated Discord server (simcord): what a real server does to it — threads,
permissions, cooldowns, deleted channels, restarts and the command tree."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import discord
import pytest
from discord.app_commands import CommandOnCooldown

import bot
from bot.cli import main
from bot.config import GameSettings
from bot.delivery import CHANNEL_REFUSALS
from bot.discord import app
from bot.discord.app import EXIT_PORTAL, KolochaBot
from bot.discord.commands import MAP_SECONDS, MAPS_PER_CHANNEL
from bot.service import BUSY
from bot.store import sole_server
from tests.bot.discord.sim import borodino, make_bot, play, reply, server


def test_a_bad_option_with_thread_true_opens_no_thread(tmp_path):
    """The options are judged before the thread is opened, so a refusal leaves no
    empty thread behind; with the option right, the thread opens and holds the game."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            refused = await s.anna.slash(s.channel, "game new", system="borodino",
                                         scenario="7sep", options="imperial_gaurd", thread=True)
            assert "'imperial_gaurd' is not an option" in reply(refused)
            assert s.channel.threads == [] and s.tables.store.games() == []
            accepted = await s.anna.slash(s.channel, "game new", system="borodino",
                                          scenario="7sep", options="imperial_guard", thread=True)
            thread, = s.channel.threads
            assert "is open" in reply(accepted)
            assert s.tables.store.games()[0]["channel"] == str(thread.id)
    play(test, tmp_path)


def syncs(s) -> int:
    """How many times the bot sent its command tree to Discord."""
    return len([r for r in s.env.http_requests if r.method == "PUT" and
                r.path.endswith("/commands")])


def test_commands_are_synced_only_when_the_tree_changed(tmp_path):
    """A restart loop must not sync on every start. The first start syncs, a restart
    with the same tree does not (its hash is in the database), a changed tree syncs again."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            assert syncs(s) == 1
            await s.restart()
            assert syncs(s) == 1
            await s.anna.slash(s.channel, "game list")  # the synced commands still answer
            s.client = make_bot(s.client.config, s.client.clock)
            s.client.tree.add_command(discord.app_commands.Command(
                name="extra", description="a new command", callback=nothing))
            await s.env.restart_bot(s.client)
            assert syncs(s) == 2
    play(test, tmp_path)


async def nothing(interaction: discord.Interaction) -> None:
    """A command callback that does nothing (a changed tree)."""


def test_a_missing_privileged_intent_stops_the_bot_for_good_and_names_the_switch(
        tmp_path, monkeypatch, capsys):
    """Discord refuses the message-content intent when its portal switch is off.
    `kolocha run` then exits with a status systemd does not restart (RestartPreventExitStatus
    in deploy/kolocha.service) and says which switch to turn on."""
    async def refused(self, token: str, *, reconnect: bool = True) -> None:
        raise discord.PrivilegedIntentsRequired(None)

    monkeypatch.setattr(KolochaBot, "start", refused)
    monkeypatch.setattr(app, "warm_pictures", lambda: None)  # no drawing left running after the test
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(tmp_path / "k.sqlite"))
    status = main(["run"])
    unit = (Path(bot.__file__).parent.parent / "deploy" / "kolocha.service").read_text()
    assert status == EXIT_PORTAL and f"RestartPreventExitStatus={EXIT_PORTAL}" in unit
    assert "MESSAGE CONTENT INTENT" in capsys.readouterr().err


def test_a_second_bot_on_the_same_database_stops_for_good(tmp_path, monkeypatch, capsys):
    """While one bot serves a database file, a second `kolocha run` on it stops at
    once, saying which process serves it, with status 2, which systemd does not restart
    (RestartPreventExitStatus in deploy/kolocha.service) and deploy/DISCORD.md explains."""
    db = tmp_path / "k.sqlite"
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("KOLOCHA_DB", str(db))
    with sole_server(db):
        status = main(["run"])
    deploy = Path(bot.__file__).parent.parent / "deploy"
    prevented = [line.split("=", 1)[1].split() for line in
                 (deploy / "kolocha.service").read_text().splitlines()
                 if line.startswith("RestartPreventExitStatus=")]
    assert status == 2 and prevented == [[str(EXIT_PORTAL), "2"]]
    # said as every other refusal of `kolocha run` is ('kolocha run: there is no folder ...'); it read 'kolocha: ...'
    assert capsys.readouterr().err == (f"kolocha run: another Kolocha bot (process {os.getpid()}) is already serving "
                                       f"{db}; stop it first, or give this one another database.\n")
    assert "exit status 2, which `deploy/kolocha.service` also lists in `RestartPreventExitStatus`" \
        in " ".join((deploy / "DISCORD.md").read_text().split())


def test_the_simulated_portal_refuses_the_intent_the_config_asks_for(tmp_path):
    """What the test above stands for: with the switch off, discord.py raises
    PrivilegedIntentsRequired at connection, and only when plain-message commands are on."""
    async def test(db: Path) -> None:
        try:
            async with server(db, message_content=True, approved_intents=discord.Intents.none()):
                raise AssertionError("connected without the privileged intent")
        except discord.PrivilegedIntentsRequired:
            pass
        async with server(db, message_content=False, approved_intents=discord.Intents.none()) as s:
            assert s.client.is_ready()
    play(test, tmp_path)


def test_game_map_has_a_cooldown_per_person_and_per_channel(tmp_path):
    """Anyone could flood a channel with pictures. One map a minute per person,
    MAPS_PER_CHANNEL a minute per channel; after the minute, maps come again."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            maps = len(s.posts())
            await s.anna.slash(s.channel, "game map")
            again = await s.anna.slash(s.channel, "game map")
            assert "works again in" in reply(again) and len(s.posts()) == maps + 1
            await s.boris.slash(s.channel, "game map")
            await s.mod.slash(s.channel, "game map")
            flood = await s.stranger.slash(s.channel, "game map")
            assert "works again in" in reply(flood) and len(s.posts()) == maps + MAPS_PER_CHANNEL
            await s.env.advance_time(MAP_SECONDS + 1)
            await s.anna.slash(s.channel, "game map")
            assert len(s.posts()) == maps + MAPS_PER_CHANNEL + 1
            refusals = s.errors()  # answered by the bot's error handler, seen by simcord
            assert len(refusals) == 2 and all(isinstance(e, CommandOnCooldown) for e in refusals)
    play(test, tmp_path)


def test_spectate_needs_the_askers_own_right_to_post_there(tmp_path):
    """A game's creator could make the bot post where they may not. Refused for a
    channel closed to the asker, and for one closed to the bot; accepted where both may post."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            closed = s.guild.create_text_channel("staff", overwrites={
                s.guild.default_role: discord.PermissionOverwrite(send_messages=False)})
            refused = await s.anna.slash(s.channel, "game spectate", channel=closed)
            assert "You may not post in" in reply(refused)
            assert s.tables.store.spectators(s.game()["id"]) == [] and s.posts(closed) == []
            mute = s.guild.create_text_channel("no-bot", overwrites={
                s.client.user: discord.PermissionOverwrite(attach_files=False)})
            assert "I may not post pictures" in reply(
                await s.anna.slash(s.channel, "game spectate", channel=mute))
            accepted = await s.anna.slash(s.channel, "game spectate", channel=s.watch)
            assert "follows game" in reply(accepted)
            assert s.tables.store.spectators(s.game()["id"]) == [str(s.watch.id)]
    play(test, tmp_path)


def test_a_deleted_game_channel_pauses_the_game_and_tells_the_players_by_dm(tmp_path):
    """Games outlive their channel. Deleting it pauses the game (no deadline runs
    on), each player and the creator hear by DM how to go on; `/game resume` in another
    channel carries on with fresh deadlines, and the game takes orders again. (Deadlines of an
    hour: each virtual minute runs the outbox job, and simcord gives the whole advance 30 real
    seconds, which 49 virtual hours overran on a busy machine.)"""
    async def test(db: Path) -> None:
        async with server(db, defaults=GameSettings(deadline_hours=1, reminders=())) as s:
            game_id = await borodino(s)
            s.env.backend.delete_channel(s.channel.id)
            await s.env.settle()
            game = s.tables.store.game(game_id)
            assert game["paused"] == "its channel was deleted"
            assert s.tables.store.deadlines(game_id) == []
            for person in (s.anna, s.boris):
                assert f"`/game resume game:{game_id}`" in s.dms(person)[-1]
            listed = reply(await s.mod.slash(s.watch, "game list"))
            assert f"paused (its channel was deleted; `/game resume game:{game_id}`)" in listed
            await s.env.advance_time(2 * 3600)  # the old deadline passes: nothing happens
            assert s.tables.store.game(game_id)["status"] == "active"
            refused = await s.stranger.slash(s.watch, "game resume", game=game_id)
            assert "Only the game's creator" in reply(refused)
            resumed = await s.anna.slash(s.watch, "game resume", game=game_id)
            assert f"goes on in <#{s.watch.id}>" in reply(resumed)
            assert [row["side"] for row in s.tables.store.deadlines(game_id)] == ["french"]
            moved = await s.anna.slash(s.watch, "move", unit="3225", to="3224")
            assert s.tables.store.last_seq(game_id) == 1, reply(moved)
    play(test, tmp_path)


def test_a_deleted_thread_or_a_lost_server_pauses_its_games(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.anna.slash(s.channel, "game new", system="borodino", scenario="7sep",
                               thread=True)
            in_thread = s.tables.store.games()[0]["id"]
            in_channel = await borodino(s)
            s.env.backend.delete_channel(s.channel.threads[0].id)
            await s.env.settle()
            assert s.tables.store.game(in_thread)["paused"] == "its thread was deleted"
            assert s.tables.store.game(in_channel)["paused"] is None
            s.env.backend.remove_guild(s.guild.id)
            await s.env.settle()
            assert s.tables.store.game(in_channel)["paused"] == \
                "the bot was removed from its server"
            assert f"game:{in_channel}" in s.dms(s.boris)[-1]
    play(test, tmp_path)


def test_game_cancel_by_number_from_any_channel_for_manage_server(tmp_path):
    """`/game cancel game:<id>` ends a game from any channel, for a member with
    Manage Server; its creator may not from elsewhere, nor may anyone for another server."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            refused = await s.anna.slash(s.watch, "game cancel", game=game_id)
            assert "Only a member with Manage Server" in reply(refused)
            assert "no game 99 running" in reply(await s.mod.slash(s.watch, "game cancel",
                                                                   game=99))
            assert s.tables.store.game(game_id)["status"] == "active"
            ended = await s.mod.slash(s.watch, "game cancel", game=game_id)
            assert f"Game {game_id} is ended" in reply(ended)
            assert s.tables.store.game(game_id)["status"] == "over"
            assert any("no winner" in post for post in s.posts()[-2:])  # then the dice reveal
            assert s.tables.store.deadlines(game_id) == []
    play(test, tmp_path)


def test_game_replace_seats_a_substitute(tmp_path):
    """`/game replace side user` hands a side to another member (creator or Manage
    Server); the substitute then gives its orders and the one replaced no longer can."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            refused = await s.boris.slash(s.channel, "game replace", side="french",
                                          user=s.stranger)
            assert "Only the game's creator" in reply(refused)
            seated = await s.mod.slash(s.channel, "game replace", side="french",
                                       user=s.stranger)
            assert f"<@{s.stranger.id}> plays French" in reply(seated)
            assert s.tables.store.seats(game_id)["french"] == str(s.stranger.id)
            assert f"<@{s.anna.id}>" in s.posts()[-1]
            assert "you now play French" in s.dms(s.stranger)[-1]
            old = await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            assert "no seat" in reply(old) and s.tables.store.last_seq(game_id) == 0
            await s.stranger.slash(s.channel, "move", unit="3225", to="3224")
            assert s.tables.store.last_seq(game_id) == 1
    play(test, tmp_path)


def test_a_deadline_fires_once_on_the_virtual_clock_through_the_real_scheduler(tmp_path):
    """The clock is injectable in create_bot(): simcord's virtual time drives APScheduler, so
    hours pass in no time; the reminder and the deadline each come once, a restart in between
    sends nothing again. (Two hours, not two days: the outbox job runs every virtual minute,
    and simcord gives a whole advance 30 real seconds.)"""
    async def test(db: Path) -> None:
        async with server(db, defaults=GameSettings(deadline_hours=2, reminders=(1,), at_deadline="remind")) as s:
            game_id = await borodino(s)
            await s.env.advance_time(3600 + 1)
            assert len([t for t in s.posts() if " are due " in t]) == 1
            await s.restart()
            await s.env.advance_time(3600)
            passed = [t for t in s.posts() if "has passed" in t]
            assert len(passed) == 1 and len([t for t in s.posts() if " are due " in t]) == 1
            assert s.tables.store.deadline(game_id, "french") is not None  # renewed, not twice
    play(test, tmp_path)


@pytest.mark.logs_errors("kolocha.delivery")
def test_a_channel_that_keeps_refusing_the_bot_pauses_its_game(tmp_path):
    """A game channel where Discord refuses every post (403 or 404, permissions
    taken away) pauses the game after CHANNEL_REFUSALS refusals and tells the players by DM;
    one refusal alone does not."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            s.env.inject_error("POST", f"/channels/{s.channel.id}/messages", status=403,
                               code=50013, message="Missing Permissions", times=1)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            await s.env.advance_time(3600)  # retried, and this time it goes through
            assert s.tables.store.game(game_id)["paused"] is None
            assert "3225 (French 7-4 infantry) moves to 3224" in s.posts()[-1]
            s.env.inject_error("POST", f"/channels/{s.channel.id}/messages", status=403,
                               code=50013, message="Missing Permissions", times=None)
            await s.anna.slash(s.channel, "move", unit="3322", to="3119")
            assert s.tables.store.last_seq(game_id) == 2  # accepted; its line waits
            for _ in range(CHANNEL_REFUSALS):
                await s.env.advance_time(3600)
            assert "refused" in s.tables.store.game(game_id)["paused"]
            assert any(f"`/game resume game:{game_id}`" in text for text in s.dms(s.boris))
    play(test, tmp_path)


def test_a_query_is_answered_while_another_connection_holds_the_write_lock(tmp_path):
    """`kolocha bench --discord` found every `/game status` waiting for the write lock another
    connection held: showing the caller an empty list of held notices wrote to the database.
    A query that has nothing to mark writes nothing, and is answered at once."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            other = sqlite3.connect(db, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            try:
                answer = reply(await s.anna.slash(s.channel, "game status"))
            finally:
                other.execute("ROLLBACK")
                other.close()
            assert answer.startswith("Game 1: Borodino: 7 September: the Great Battle") and BUSY not in answer
    play(test, tmp_path)
