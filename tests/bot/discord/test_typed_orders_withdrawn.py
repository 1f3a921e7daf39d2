"""A typed order that tells more than its public line leaves the channel (Fog of War), on simcord
with the real bot. In 1812 the public line of a move says only that a stack went from one place to
another; `move 4 3 1 inf` names what part of a hidden stack went. The swap-style check: the Russian
player types either of two partial moves of the stack in Riga, and what the French player observes
(the channel as he reads it, his DMs) is the same in both."""
from __future__ import annotations

from pathlib import Path

from bot.permissions import Actor
from bot.tables.play import WITHDRAWN
from tests.bot.discord.sim import play, server


async def observed_by_anna(db: Path, typed: str) -> tuple[list[str], list[str], int]:
    """An 1812 game (seed 5) where Boris (Russian, to move) types `typed`: the channel and
    Anna's DMs as Anna reads them, and how many commands were stored."""
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
        assert told == WITHDRAWN, told  # played, and its author told why the message went
        seen = [f"{m.author.name}: {m.content} {[str(r.emoji) for r in m.reactions]}"
                for m in s.channel.history(viewer=s.anna)]
        return seen, s.dms(s.anna), len(tables.store.commands(s.game()["id"]))


def test_a_typed_partial_move_in_1812_is_withdrawn_whatever_it_names(tmp_path):
    async def test(db: Path) -> None:
        infantry = await observed_by_anna(tmp_path / "one.sqlite", "move 4 3 1 inf")
        depot = await observed_by_anna(tmp_path / "two.sqlite", "move 4 3 1 depot")
        assert infantry == depot
        seen, _, commands = infantry
        assert commands == 1 and not any("1 inf" in line or "1 depot" in line for line in seen)
        assert "A Russian stack moves from Riga (4) to Pskov (3)." in seen[-1]
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
