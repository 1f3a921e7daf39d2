"""A typed order that tells more than its public line leaves the channel (Fog of War), on simcord
with the real bot. In 1812 the public line of a move says only that a stack went from one place to
another; `move 4 3 1 inf` names what part of a hidden stack went. The swap-style check: the Russian
player types either of two partial moves of the stack in Riga, and what the French player observes
(the channel as he reads it, his DMs) is the same in both."""
from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

import discord

from bot.permissions import Actor
from bot.tables.typed import WITHDRAWN, PlainReply
from tests.bot.discord.sim import play, server


async def observed_by_anna(db: Path, typed: str) -> tuple[list[str], list[str], int]:
    """An 1812 game (seed 5) where Boris (Russian, to move) types `typed`, then ends his Movement Phase (the move's
    line, a step of his player-turn, goes with the end's): the channel and Anna's DMs as Anna reads them, and how
    many commands were stored."""
    async with server(db, message_content=True) as s:
        tables = s.tables
        anna, boris = (Actor(str(p.id), p.user.name) for p in (s.anna, s.boris))
        channel = str(s.channel.id)
        await tables.lobby.new(anna, str(s.guild.id), channel, "campaign_1812", "campaign", seed=5)
        await tables.lobby.join(anna, channel, "french")
        await tables.lobby.join(boris, channel, "russian")
        await tables.lobby.start(anna, channel)
        await s.env.settle()
        await s.boris.send(s.channel, typed)
        told = s.dms(s.boris)[-1]
        assert told == f"Game {s.game()['id']}: {WITHDRAWN}", told  # played, its author told why the message went
        await s.boris.slash(s.channel, "order", command="end")
        await s.env.settle()
        seen = [f"{m.author.name}: {m.content} {[str(r.emoji) for r in m.reactions]}"
                for m in s.channel.history(viewer=s.anna)]
        return seen, s.dms(s.anna), len(tables.store.commands(s.game()["id"]))


def test_a_typed_partial_move_in_1812_is_withdrawn_whatever_it_names(tmp_path):
    async def test(db: Path) -> None:
        infantry = await observed_by_anna(tmp_path / "one.sqlite", "move 4 3 1 inf")
        depot = await observed_by_anna(tmp_path / "two.sqlite", "move 4 3 1 depot")
        assert infantry == depot
        seen, _, commands = infantry
        assert commands == 2 and not any("1 inf" in line or "1 depot" in line for line in seen)
        assert any("A Russian stack moves from Riga (4) to Pskov (3)." in line for line in seen)
    play(test, tmp_path)


def test_a_typed_move_that_tells_nothing_more_stays(tmp_path):
    async def test(db: Path) -> None:
        async with server(db, message_content=True) as s:
            anna, boris = (Actor(str(p.id), p.user.name) for p in (s.anna, s.boris))
            channel = str(s.channel.id)
            await s.tables.lobby.new(anna, str(s.guild.id), channel, "campaign_1812", "campaign", seed=5)
            await s.tables.lobby.join(anna, channel, "french")
            await s.tables.lobby.join(boris, channel, "russian")
            await s.tables.lobby.start(anna, channel)
            sent = await s.boris.send(s.channel, "move 4 3")  # the public line names 4 and 3 too
            kept = next(m for m in s.channel.history() if m.id == sent.id)
            assert [str(r.emoji) for r in kept.reactions] == ["✅"]
    play(test, tmp_path)


class Undeletable:
    """A typed message in a channel where the bot may not delete (no Manage Messages): its
    reactions, as everyone reads them, and what else went to the channel."""

    def __init__(self) -> None:
        self.reactions: list[str] = []
        self.author = SimpleNamespace(id=7, mention="<@7>")
        self.channel = SimpleNamespace(id=100)

    async def delete(self) -> None:
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Permissions")

    async def add_reaction(self, emoji: str) -> None:
        self.reactions.append(emoji)


class Author:
    """The author's DMs."""

    def __init__(self) -> None:
        self.dms: list[str] = []

    def pieces(self, text, place: str = "channel:", tip: bool = False) -> list[str]:
        return [str(text)]

    async def dm(self, user: str, text: str, *args, **kwargs) -> None:
        self.dms.append(text)


def test_a_message_that_should_leave_the_channel_gets_no_mark_where_it_stays():
    """Fog of War: where the server does not let the bot delete a message that tells more than the
    public lines, it stays, and a ✅ or ❌ under it would tell every reader whether the orders it names
    were legal ('move R-1-3 43' refused: R-1-3 cannot reach 43), which only its author may know.
    Accepted or refused, the channel reads the same: no mark; the author reads why by DM."""
    from bot.discord.app import answer_plain

    async def read(accepted: bool) -> tuple[list[str], list[str]]:
        message, author = Undeletable(), Author()
        await answer_plain(author, message, PlainReply(accepted, WITHDRAWN, withdraw=True))
        return message.reactions, author.dms

    (accepted, told), (refused, _) = asyncio.run(read(True)), asyncio.run(read(False))
    assert accepted == refused == []
    assert told == [WITHDRAWN]
