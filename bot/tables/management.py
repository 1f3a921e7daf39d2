"""A game ended or moved by hand, and a game whose channel is lost.

`/game cancel` ends a game without a winner: the one in the channel, by its creator or a member
with Manage Server, or any game of the server by its number, from any channel, by a member with
Manage Server. When a game's channel (or thread) is deleted or closed to the bot, or the bot leaves
the server, each game waits without deadlines and its players hear why by DM; its creator or a
member with Manage Server resumes it in another channel (`/game resume game:<id>`). A player's
private thread that is lost (with its channel, or alone) no longer carries their news: it comes
by DM again.
"""
from __future__ import annotations

import asyncio

from bot import text as fmt
from bot.delivery import channel_audience, message, user_audience
from bot.permissions import Actor, TableError, check_manage
from bot.store import UnknownGame
from bot.tables.room import Room
from bot.words import Text, name, words
from bot.words import channel as channel_ref


class Management(Room):
    """Cancelling a game; pausing the games of a lost channel or server, and resuming one elsewhere."""

    async def cancel(self, actor: Actor, channel: str, game_id: int | None = None,
                     guild: str | None = None) -> str:
        """End a game without a winner: the one here, by its creator or a server manager; or
        any game of this server by its number, from any channel, by a member with Manage
        Server (its channel may be gone)."""
        game = await asyncio.to_thread(self._to_end, actor, channel, game_id, guild)
        async with self.tables.lock(game["id"]):
            await asyncio.to_thread(self._end, actor, game)
            self.tables.computer.forget(game["id"])
            await self.delivery.flush(game["id"])
        return f"Game {game['id']} is ended."

    def _to_end(self, actor: Actor, channel: str, game_id: int | None,
                guild: str | None) -> dict:
        game = self.tables.game_in(channel) if game_id is None else \
            self.game_of_server(actor, guild, game_id, "end a game from another channel")
        check_manage(game, actor, "end a game")
        return game

    def _end(self, actor: Actor, game: dict) -> None:
        """Under the game's lock: the game ends without a winner, with the news."""
        game = self.tables.current(game["id"])
        ended = message(words(name(actor.name), f" ends game {game['id']}; no winner."))
        rows = [(place, ended) for place in self.tables.news.places(game)]
        self.service.end_game(game["id"], {"winner": None, "reason": f"ended by {actor.name}"},
                              [*rows, *self.tables.news.reveal_rows(game),
                               *self.tables.news.retire_rows(game["id"], ended["text"])])
        self.tables.deadlines.reschedule(game["id"])

    def game_of_server(self, actor: Actor, guild: str | None, game_id: int, what: str) -> dict:
        """A game of this server named by its number, for a member with Manage Server."""
        try:
            game = self.store.game(game_id)
        except UnknownGame:
            game = None
        if game is None or game["guild"] != guild or game["status"] == "over":
            raise TableError(f"This server has no game {game_id} running; `/game list` shows "
                             "its games.")
        if not actor.manage_guild:
            raise TableError(f"Only a member with Manage Server may {what}; in game "
                             f"{game_id}'s channel, its creator may too.")
        return game

    async def lose_channel(self, channel: str, reason: str) -> None:
        """The channel (or thread) of running games is gone or closed to the bot: each game
        waits, without deadlines, and its players hear why and what to do, by DM. A player's
        private thread (`/game inbox`) gone: their private news comes by DM again, and they are told."""
        for game in await asyncio.to_thread(self.store.games, None, channel):
            if game["status"] != "over" and not game["paused"]:
                await self._pause(game, reason)
        for game_id, user in await asyncio.to_thread(self.store.carried_by, channel):
            async with self.tables.lock(game_id):
                await asyncio.to_thread(self._thread_lost, game_id, user, channel)
                await self.delivery.flush(game_id)

    def _thread_lost(self, game_id: int, user: str, thread: str) -> None:
        """Under the game's lock: a player's private thread no longer carries their news, and they are told by DM;
        nothing where it carries it no more (its channel's loss gave it up meanwhile, and said so)."""
        if self.store.private_thread(game_id, user) != thread:
            return
        notice = message(f"your private thread no longer carries your news of game {game_id}: it was deleted or "
                         "closed to the bot. It comes by DM again; `/game inbox` in the game's channel opens another.")
        self.store.drop_private_thread(game_id, user, [(user_audience(user), notice)])

    async def lose_guild(self, guild: str, reason: str) -> None:
        for game in await asyncio.to_thread(self.store.games, guild):
            if game["status"] != "over" and not game["paused"]:
                await self._pause(game, reason)

    async def _pause(self, game: dict, reason: str) -> None:
        game_id = game["id"]
        async with self.tables.lock(game_id):
            await asyncio.to_thread(self._wait, game, reason)
            await self.delivery.flush(game_id)

    def _wait(self, game: dict, reason: str) -> None:
        """Under the game's lock: no deadlines, and the game waits, with the news by DM; a game
        that ended or paused meanwhile is left as it is. A player's private thread (`/game inbox`)
        went with the channel: their news comes by DM again, and the DM says so."""
        game_id = game["id"]
        game = self.store.game(game_id)
        if game["status"] == "over" or game["paused"]:
            return
        text = (f"{fmt.game_name(game['system'], game['scenario'])} is paused: {reason}. Nothing is lost. "
                f"To go on, its creator or a member with Manage Server runs `/game resume "
                f"game:{game_id}` in a channel of the server; `/game cancel game:{game_id}` "
                "ends it.")
        gone = " Your private thread went with the channel: your private news of it comes by DM again."
        people = sorted(set(self.store.seats(game_id).values()) | {game["created_by"]})
        threads = [user for user in people if self.store.private_thread(game_id, user) is not None]
        for user in threads:
            self.store.drop_private_thread(game_id, user, [])
        self.store.pause_game(game_id, reason, [(user_audience(user), message(text + (gone if user in threads else "")))
                                                for user in people])
        self.tables.deadlines.reschedule(game_id)

    async def resume(self, actor: Actor, guild: str | None, channel: str, game_id: int) -> Text:
        """A paused game goes on at this channel's table, with fresh deadlines."""
        game = await asyncio.to_thread(self._paused, actor, guild, channel, game_id)
        async with self.tables.lock(game_id):
            await asyncio.to_thread(self._go_on, actor, game, channel)
            await self.delivery.flush(game_id)
        self.tables.computer.wake(game_id)
        return words(f"Game {game_id} goes on in ", channel_ref(channel), ".")

    def _paused(self, actor: Actor, guild: str | None, channel: str, game_id: int) -> dict:
        """The paused game of this server that the caller may resume in this channel."""
        try:
            game = self.store.game(game_id)
        except UnknownGame:
            raise TableError(f"There is no game {game_id}; `/game list` shows this server's games.")
        if game["guild"] != guild or game["status"] == "over" or not game["paused"]:
            raise TableError(f"This server has no paused game {game_id}; only a game whose "
                             "channel was lost waits to be resumed.")
        check_manage(game, actor, "resume a game")
        if any(g["status"] != "over" and g["id"] != game_id
               for g in self.store.games(channel=channel)):
            raise TableError("This channel already has a game; resume it in another channel.")
        return game

    def _go_on(self, actor: Actor, game: dict, channel: str) -> None:
        """Under the game's lock: the game moves here, with the news and its deadlines (refused
        when a cancel ended it meanwhile; the store checks again inside its write)."""
        game_id = game["id"]
        game = self.tables.current(game_id)
        titled = fmt.game_name(game["system"], game["scenario"])
        said = words(name(actor.name), f" resumes game {game_id} ({titled}) here.")
        self.store.resume_game(game_id, channel, [(channel_audience(channel), message(said))],
                               self.tables.running(game_id) if game["started_at"] else None)
        self.tables.deadlines.reschedule(game_id)
