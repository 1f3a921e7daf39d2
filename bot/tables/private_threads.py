"""A private thread in a game's channel for a player whose DMs are closed, offered only where no other
player of the game could read it, and taken back when a newly seated one could. A part of the news room
(bot/tables/news.py)."""
from __future__ import annotations

import asyncio
import logging

from bot.delivery import Onlookers
from bot.permissions import Actor, TableError, sides_of
from bot.tables.room import Room
from bot.words import COMPUTER, Text, channel, join, mention, words

log = logging.getLogger("kolocha.news")


class PrivateThreadsPart(Room):
    """A player's private news in a private thread."""

    def _inbox_of(self, actor: Actor, channel_id: str) -> tuple[dict, str | None]:
        """The game here and the player's private thread in it, if they have one."""
        game = self.tables.game_in(channel_id)
        if not sides_of(self.store.seats(game["id"]), actor):
            raise TableError("You have no seat in this game; only its players get private news.")
        return game, self.store.private_thread(game["id"], actor.id)

    async def inbox(self, actor: Actor, channel_id: str) -> Text:
        """The fallback for closed DMs: a private thread in the game's channel where this
        player's private news goes instead, offered only where no other player of the game could
        read it (Discord shows every private thread to the server's owner and to members with
        Administrator or Manage Threads), and saying truthfully who else could."""
        game, thread = await asyncio.to_thread(self._inbox_of, actor, channel_id)
        seen = await self._onlookers(game, actor.id)
        if seen.among:
            if thread is not None:
                await asyncio.to_thread(self.store.drop_private_thread, game["id"], actor.id, [])
            raise TableError(words(
                "A private thread here would not be private from the other players: ", _names(seen.among),
                " may read every private thread in this channel (the server's owner and members "
                "with Administrator or Manage Threads can). Your private news keeps coming by DM: "
                "allow DMs from this server's members (Privacy Settings), or read it in the "
                "replies to your commands here."))
        if thread is None:
            thread = await self.delivery.messenger.private_thread(
                game["channel"], actor.id, f"Game {game['id']}: private news",
                await asyncio.to_thread(self.store.private_threads, game["id"]))
            await asyncio.to_thread(self.store.set_private_thread, game["id"], actor.id, thread)
        await self.delivery.flush(game["id"])
        if not seen.others:
            return words("Your private news of game ", str(game["id"]), " now goes to ",
                         channel(thread), ", which only you can see.")
        return words("Your private news of game ", str(game["id"]), " now goes to ", channel(thread),
                     ". No other player of this game can read it; besides you, ", seen.others,
                     " can (Discord shows every private thread to the server's owner and to members "
                     "with Administrator or Manage Threads).")

    async def _onlookers(self, game: dict, user: str) -> Onlookers:
        """Who could read this player's private thread: which other players of the game, who else."""
        try:
            return await self.delivery.onlookers(game["id"], user)
        except Exception as error:  # a thread nobody can vouch for is offered to no one
            log.exception("game %s: who may read private threads could not be checked", game["id"])
            raise TableError("I could not check who else may read a private thread here, so I "
                             "open none; your private news keeps coming by DM.") from error

    async def recheck_threads(self, game_id: int) -> None:
        """After a seat changes hands: a player whose private thread a newly seated player could
        read gets their news by DM again, and is told why (Delivery.keep_thread). Never raises:
        the seat stands."""
        try:
            seats = await asyncio.to_thread(self.store.seats, game_id)
            for user in sorted(set(seats.values()) - {COMPUTER}):
                if await asyncio.to_thread(self.store.private_thread, game_id, user) is not None:
                    await self.delivery.keep_thread(game_id, user)
        except Exception:
            log.exception("game %s: rechecking its private threads failed", game_id)


def _names(users: tuple[str, ...]) -> Text:
    """Players mentioned, in a list."""
    return join([mention(user) for user in users], ", ")
