"""`/game inbox` on a simulated Discord (simcord): a private thread is private from the players it is
offered to, or not offered. Discord shows every private thread to the server's owner and to members
with Administrator or Manage Threads in its channel, so the bot checks the game's other players
before it opens or uses one, says truthfully who else could read it, and checks again whenever a
seat changes hands."""
from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest
from simcord.backend.errors import SetupError

from bot.discord.app import KolochaBot
from tests.bot.discord.sim import Server, play, reply, server

POWERS = {"Manage Threads": discord.Permissions(manage_threads=True, view_channel=True),
          "Administrator": discord.Permissions(administrator=True)}


async def bloody_monday(s: Server, start: bool = True) -> int:
    """Bloody Monday (blocks hidden from the enemy): Anna French, Boris Russian, started unless not."""
    await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday")
    await s.anna.slash(s.channel, "game join", side="french")
    await s.boris.slash(s.channel, "game join", side="russian")
    if start:
        await s.anna.slash(s.channel, "game start")
    return s.game()["id"]


def give(s: Server, member, power: str) -> None:
    """A role holding `power`, given to the member."""
    role = s.guild.create_role(power, permissions=POWERS[power])
    s.env.backend.add_member_role(s.guild.id, member.user.id, role.id)


@pytest.mark.parametrize("power", ["Manage Threads", "Administrator", "owner"])
def test_no_private_thread_is_offered_where_the_opponent_could_read_it(tmp_path, power):
    """Boris, the Russian player, may read every private thread in the channel (a role with Manage
    Threads or Administrator, or he owns the server): Anna's `/game inbox` opens none, says why,
    and her news keeps coming by DM."""
    async def test(db: Path) -> None:
        async with server(db, owner="boris" if power == "owner" else None) as s:
            if power != "owner":
                give(s, s.boris, power)
                await s.env.settle()
            game_id = await bloody_monday(s)
            answer = reply(await s.anna.slash(s.channel, "game inbox"))
            assert "would not be private from the other players" in answer and f"<@{s.boris.user.id}>" in answer
            assert "only you can see" not in answer
            assert s.channel.threads == []
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is None
            assert any("view as French" in dm for dm in s.dms(s.anna))
            messenger = s.tables.delivery.messenger  # what would have been: Boris reads such a thread
            thread = await messenger.private_thread(str(s.channel.id), str(s.anna.user.id), "a test")
            await messenger.post(thread, "French blocks")
            assert [m.content for m in s.channel.threads[0].history(viewer=s.boris)] == ["French blocks"]
    play(test, tmp_path)


def test_the_thread_is_opened_where_no_player_could_read_it_and_says_who_else_can(tmp_path):
    """Only the server's owner and a member with Manage Threads who plays no part may read it: the
    thread opens, Anna's private news goes there, and the answer names them rather than claiming
    that only she can see it; Boris cannot read it."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            give(s, s.stranger, "Manage Threads")
            await s.env.settle()
            game_id = await bloody_monday(s, start=False)
            answer = reply(await s.anna.slash(s.channel, "game inbox"))
            (thread,) = s.channel.threads
            assert f"<#{thread.id}>" in answer and "No other player of this game can read it" in answer
            assert f"the server's owner (<@{s.guild.owner.id}>)" in answer
            assert "members with the role Manage Threads" in answer and "only you can see" not in answer
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) == str(thread.id)
            await s.anna.slash(s.channel, "game start")
            assert any("view as French" in m.content for m in thread.history(viewer=s.anna))
            with pytest.raises(SetupError, match="cannot read"):
                thread.history(viewer=s.boris)
    play(test, tmp_path)


def test_a_player_seated_who_could_read_the_thread_sends_the_news_back_to_dms(tmp_path):
    """Anna opened her thread while the Russian seat was free; the member who then joins as Russian
    may manage threads: her thread carries no more of her news, she is told why by DM, and her
    private news comes by DM from then on."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            give(s, s.stranger, "Manage Threads")
            await s.env.settle()
            await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday")
            await s.anna.slash(s.channel, "game join", side="french")
            assert "only you can see" not in reply(await s.anna.slash(s.channel, "game inbox"))
            game_id = s.game()["id"]
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is not None
            await s.stranger.slash(s.channel, "game join", side="russian")
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is None
            (notice,) = [dm for dm in s.dms(s.anna) if "no longer carries" in dm]
            assert f"<@{s.stranger.user.id}> may read it" in notice and "comes by DM again" in notice
            await s.anna.slash(s.channel, "game start")
            assert any("view as French" in dm for dm in s.dms(s.anna))
            (thread,) = s.channel.threads
            assert not any("view as French" in m.content for m in thread.history(viewer=s.anna))
    play(test, tmp_path)


def test_a_thread_an_opponent_came_to_read_carries_no_more_news(tmp_path):
    """Boris is given Manage Threads after Anna's thread opened: her next private news goes by DM,
    with a notice saying why, and nothing more of hers reaches the thread."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await bloody_monday(s, start=False)
            reply(await s.anna.slash(s.channel, "game inbox"))
            (thread,) = s.channel.threads
            give(s, s.boris, "Manage Threads")
            await s.env.settle()
            await s.anna.slash(s.channel, "game start")
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is None
            assert not any("view as French" in m.content for m in thread.history(viewer=s.anna))
            (notice,) = [dm for dm in s.dms(s.anna) if "no longer carries" in dm]
            assert f"<@{s.boris.user.id}> may read it" in notice
            assert any("view as French" in dm for dm in s.dms(s.anna))
    play(test, tmp_path)


def test_a_thread_goes_with_its_lost_channel_and_the_news_comes_by_dm(tmp_path):
    """The game's channel is deleted while Anna's private news goes to her thread in it: the DM saying the game
    waits tells her that her thread went with it, once, in words (the bot asked nobody who may read a thread of
    a channel gone, which its log read as an ERROR and she as 'I could not check who else may read it'), and once
    the game is resumed elsewhere her private news comes by DM."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await bloody_monday(s)
            reply(await s.anna.slash(s.channel, "game inbox"))
            before = len(s.dms(s.anna))
            s.env.backend.delete_channel(s.channel.id)
            await s.env.settle()
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is None
            (paused,) = s.dms(s.anna)[before:]
            assert "is paused: its channel was deleted" in paused and "could not check" not in paused
            assert paused.endswith("Your private thread went with the channel: your private news of it comes by DM "
                                   "again.")
            assert "private thread" not in s.dms(s.boris)[-1]
            await s.anna.slash(s.watch, "game resume", game=game_id)
            await s.boris.slash(s.watch, "game draw")
            await s.env.settle()
            assert "The Russian player offers a draw" in s.dms(s.anna)[-1]
    play(test, tmp_path)


def test_a_thread_deleted_with_its_channel_is_told_once_whichever_deletion_is_handled_first(tmp_path, monkeypatch):
    """discord.py tells a deleted channel's threads deleted too, each to a handler of its own that may run
    before the channel's: Anna is told once, that her thread went with the channel, never also that her
    thread was deleted and that `/game inbox` in a channel gone opens another."""
    channel_deleted, thread_deleted, handled = KolochaBot.on_guild_channel_delete, KolochaBot.on_raw_thread_delete, \
        asyncio.Event()

    async def first(self: KolochaBot, payload: discord.RawThreadDeleteEvent) -> None:
        await thread_deleted(self, payload)
        handled.set()

    async def then(self: KolochaBot, channel: discord.abc.GuildChannel) -> None:
        await handled.wait()  # the thread's handler has run whole
        await channel_deleted(self, channel)
    monkeypatch.setattr(KolochaBot, "on_raw_thread_delete", first)
    monkeypatch.setattr(KolochaBot, "on_guild_channel_delete", then)

    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await bloody_monday(s)
            reply(await s.anna.slash(s.channel, "game inbox"))
            await s.env.settle()
            before = len(s.dms(s.anna))
            s.env.backend.delete_channel(s.channel.id)
            await s.env.settle()
            (paused,) = s.dms(s.anna)[before:]
            assert paused.startswith(f"Game {game_id}: ") and "is paused: its channel was deleted" in paused
            assert paused.endswith("Your private thread went with the channel: your private news of it comes by DM "
                                   "again.")
    play(test, tmp_path)


def test_a_deleted_thread_carries_no_more_news_and_the_news_comes_by_dm(tmp_path):
    """Anna's private thread is deleted (by her, or a moderator): she is told by DM, and her private news comes by
    DM from then on; it went on being sent to the thread, refused there time and again, and was given up."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await bloody_monday(s)
            reply(await s.anna.slash(s.channel, "game inbox"))
            (thread,) = s.channel.threads
            s.env.backend.delete_channel(thread.id)
            await s.env.settle()
            assert s.tables.store.private_thread(game_id, str(s.anna.user.id)) is None
            assert s.dms(s.anna)[-1] == (f"Game {game_id}: your private thread no longer carries your news of game "
                                         f"{game_id}: it was deleted or closed to the bot. It comes by DM again; "
                                         "`/game inbox` in the game's channel opens another.")
            await s.boris.slash(s.channel, "game draw")
            await s.env.settle()
            assert "The Russian player offers a draw" in s.dms(s.anna)[-1]
    play(test, tmp_path)


@pytest.mark.parametrize("archived", [False, True])
def test_a_thread_discord_made_before_a_kill_is_taken_up_not_made_twice(tmp_path, archived):
    """Anna asks for her private thread; Discord makes it (Discord takes no nonce for a thread), and
    the bot is killed before the store notes it, then started again. She asks again: the bot takes up
    its own thread of that name that holds nothing and that no one else joined (archived meanwhile:
    opened again) rather than opening a second, so she sees one, and her news goes there. Boris's
    thread of the same name (the same game's) is not taken for hers, though he left it and it is empty."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await bloody_monday(s, start=False)
            await s.boris.slash(s.channel, "game inbox")
            (his,) = s.channel.threads
            s.env.backend.remove_thread_member(his.id, s.boris.user.id)  # he left it, empty: still his
            anna = str(s.anna.user.id)
            made = await s.tables.delivery.messenger.private_thread(  # the try the kill cut short
                str(s.channel.id), anna, f"Game {game_id}: private news", s.tables.store.private_threads(game_id))
            if archived:
                await (await s.client.fetch_channel(int(made))).edit(archived=True)
            await s.restart()
            answer = reply(await s.anna.slash(s.channel, "game inbox"))
            assert f"<#{made}>" in answer and len(s.channel.threads) == 2
            assert s.tables.store.private_thread(game_id, anna) == made
            await s.anna.slash(s.channel, "game start")
            (thread,) = [thread for thread in s.channel.threads if str(thread.id) == made]
            assert any("view as French" in m.content for m in thread.history(viewer=s.anna))
            with pytest.raises(SetupError, match="cannot read"):
                thread.history(viewer=s.boris)
    play(test, tmp_path)
