"""Play: a game's own commands, typed as plain messages, sent by slash commands or by buttons."""
from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import Any

from bot import text as fmt
from bot.delivery import Reply, channel_audience, message, user_audience
from bot.permissions import (
    Actor,
    TableError,
    check_not_paused,
    commanding_side,
    sides_of,
)
from bot.service import QUERIES, Result, simultaneous
from bot.store import Outbox
from bot.tables.news import Change
from bot.tables.room import Room
from bot.words import Text, name, words
from rules.core.errors import RulesError

TABLE_VERBS = (*QUERIES, "undo", "accept", "refuse", "end", "orders", "draw")  # verbs of every game, at any time


@dataclass(frozen=True)
class PlainReply:
    """What a command typed as a plain message earns: ✅ or ❌, words for its author alone
    ("" when the public line says it all), and whether the message should be deleted (it names
    a hidden unit in public; the front end deletes it where it may)."""

    accepted: bool
    private: Text
    withdraw: bool = False


UNIT_FIELDS = ("unit", "units", "block", "blocks", "leader")  # command fields that name units
SECRET_ORDER = ("While both players give their orders at once (a battle plan), each order is secret: give it "
                "with a slash command (`/order` and the same words), which only you read; typed in the channel, "
                "everyone reads it. It was not played, and I delete your message where the server lets me "
                "(Manage Messages); otherwise please delete it.")
NAMES_A_UNIT = ("In a game with hidden units an order that names a unit is given with a slash "
                "command (`/order` and the same words), which only you read (Fog of War): typed "
                "in the channel, everyone reads it. It was not played, and I delete your message "
                "where the server lets me (Manage Messages); otherwise please delete it.")


@dataclass(frozen=True)
class Offer:
    """A confirmation to offer with buttons: its question, and what the buttons are for."""

    reply: Reply
    game_id: int
    side: str
    seq: int


class Play(Room):
    """Commands of the game's grammar from the people seated at it."""

    async def submit(self, actor: Actor, channel: str, line: str, side: str | None = None,
                     expected_seq: int | None = None) -> Text:
        """One line of the game's grammar from a player: a private answer to a query, the
        engine's sentence when refused (nothing public, nothing changed), else the news.
        Lines of one channel are judged in the order they arrived."""
        async with self.tables.in_order(channel):
            return await self._submit(actor, channel, line, side, expected_seq)

    async def _submit(self, actor: Actor, channel: str, line: str, side: str | None,
                      expected_seq: int | None) -> Text:
        """submit, its place in the channel's queue already taken."""
        game = await asyncio.to_thread(self.tables.game_in, channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        check_not_paused(game)
        async with self.tables.lock(game_id):
            # Judged and stored in a worker thread: the event loop never waits for the engine,
            # nor for a write lock another connection holds.
            result, change = await asyncio.to_thread(self._judge, actor, game_id, line, side,
                                                     expected_seq)
            if result.reply is not None:
                return result.reply
            if not result.accepted:
                raise TableError(result.message)
            await change.settle()
        return result.message

    def _judge(self, actor: Actor, game_id: int, line: str, side: str | None,
               expected_seq: int | None) -> tuple[Result, Change]:
        """Under the game's lock, off the event loop: the service's verdict on the line, its
        news stored with it when accepted."""
        self.tables.current(game_id)
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        seats = self.store.seats(game_id)
        change = self.tables.news.change(game_id, name(actor.name))
        verb = line.split()[0].lower() if line.split() else ""
        if verb in QUERIES and not sides_of(seats, actor):
            return self.service.submit(game_id, None, line), change
        mover = commanding_side(seats, actor, system.active_sides(state), side)
        return self.service.submit(game_id, mover, line, actor.id, expected_seq,
                                   change.compose), change

    async def plain(self, actor: Actor, channel: str, line: str) -> PlainReply | None:
        """A line typed in a game channel: None (chat stays chat) unless a seated player of a
        started game wrote it and it reads as an order of their own side; else played as from
        a slash command. Query answers are private; an accepted order's line is public. In a
        game with hidden units an order naming a unit is not played but withdrawn."""
        async with self.tables.in_order(channel):
            verdict = await asyncio.to_thread(self._order_or_chat, actor, channel, line)
            if verdict is None or isinstance(verdict, PlainReply):
                return verdict
            verb = line.split()[0].lower()
            try:
                reply = await self._submit(actor, channel, line, None, None)
            except TableError as error:
                return PlainReply(False, error.text)
            return PlainReply(True, reply if verb in QUERIES else "")

    def _order_or_chat(self, actor: Actor, channel: str, line: str) -> PlainReply | bool | None:
        """In a worker thread: True for a line to play, None for chat, or the reply to an
        order that names a hidden unit in public (withdrawn, not played)."""
        words = line.split()
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return None
        sides = sides_of(self.store.seats(game["id"]), actor)
        if not words or not game["started_at"] or not sides:
            return None
        verb = words[0].lower()
        if not self._reads_as_order(game["id"], sides, verb, words):
            return None
        system = self.service.system(game["id"])
        if verb not in TABLE_VERBS and system.INFO.hidden_information and \
                _names_a_unit(system, sides[0], line):
            return PlainReply(False, NAMES_A_UNIT, withdraw=True)
        if verb not in TABLE_VERBS and simultaneous(system, self.service.load(game["id"])):
            return PlainReply(False, SECRET_ORDER, withdraw=True)
        return True

    def _reads_as_order(self, game_id: int, sides: list[str], verb: str, words: list[str]) -> bool:
        """Chat that merely starts with a game word ("end of story") stays chat: a line is an
        order when it parses for the speaker's side, or when its verb is one the speaker's own
        side may give now and it names a place or unit (a digit after the verb), so a mistyped
        order still gets its explanation. Decided from the grammar and the speaker's own
        options only, never from what another side may do. Queries always count; undo, accept
        and refuse only alone."""
        if verb in QUERIES:
            return True
        if verb in ("undo", "accept", "refuse", "draw"):
            return len(words) == 1
        system = self.service.system(game_id)
        try:
            system.parse(sides[0], " ".join(words))
            return True
        except RulesError:
            return verb in self.tables.completion.verbs(game_id, sides) and \
                any(ch.isdigit() for word in words[1:] for ch in word)

    def offer(self, actor: Actor, channel: str, action: str) -> Offer:
        """The question before ending a phase or resigning, for the caller's side at this
        position; refused at once for someone without a seat."""
        game = self.tables.game_in(channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        check_not_paused(game)
        state = self.service.load(game_id)
        side = commanding_side(self.store.seats(game_id), actor,
                               self.service.system(game_id).active_sides(state))
        name = fmt.side_name(side)
        text = (f"Resign game {game_id} as {name}? This ends the game." if action == "resign"
                else f"End the {name} phase in game {game_id}? Units that have not moved or "
                "attacked lose the chance.")
        return Offer(self.tables.private(actor, text), game_id, side,
                     self.store.last_seq(game_id))

    async def confirm(self, actor: Actor, action: str, game_id: int, side: str,
                      seq: int) -> Text:
        """A pressed confirmation button: resign, or end the phase, for the side it was offered
        for; an end offered at an earlier position has expired."""
        game = await asyncio.to_thread(self.store.game, game_id)
        if game["status"] == "over":
            raise TableError(f"This button has expired: game {game_id} is over.")
        if action == "resign":
            return await self.resign(actor, game["channel"], side)
        if action in ("draw", "decline"):
            offer = game["pending_draw"]
            if not offer or offer["by"] == side:
                raise TableError("This button has expired: no draw offer waits for your answer.")
            return await self.submit(actor, game["channel"], "accept" if action == "draw"
                                     else "refuse", side)
        if await asyncio.to_thread(self.store.last_seq, game_id) != seq:
            raise TableError("This button has expired: the game has moved on since it was "
                             "offered. Look at the game again and use `/end` if you still mean it.")
        return await self.submit(actor, game["channel"], "end", side, expected_seq=seq)

    async def draw(self, actor: Actor, channel: str) -> Offer | Text:
        """`/game draw`: offer a draw, or, when the other side has offered one, the question
        with buttons to accept or decline it (issue 10.4)."""
        answer = await asyncio.to_thread(self._draw_offered, actor, channel)
        return answer if answer is not None else await self.submit(actor, channel, "draw")

    def _draw_offered(self, actor: Actor, channel: str) -> Offer | None:
        """The question to answer when the other side has offered a draw; else None."""
        game = self.tables.game_in(channel)
        offer = game["pending_draw"]
        seats = self.store.seats(game["id"])
        mine = sides_of(seats, actor)
        if not (offer and mine and any(side != offer["by"] for side in mine)):
            return None
        side = next(side for side in mine if side != offer["by"])
        text = (f"The {fmt.side_name(offer['by'])} player offers a draw in game {game['id']}. "
                "Accept it (the game ends, nobody wins) or decline it (play goes on)?")
        return Offer(self.tables.private(actor, text), game["id"], side,
                     self.store.last_seq(game["id"]))

    async def resign(self, actor: Actor, channel: str, side: str | None = None) -> str:
        game = await asyncio.to_thread(self.tables.game_in, channel)
        async with self.tables.lock(game["id"]):
            loser = await asyncio.to_thread(self._loser, actor, game["id"], side)
            await self.tables.news.concede(game["id"], loser, words(
                name(actor.name), f" resigns for {fmt.side_name(loser)}"))
        return f"You resigned game {game['id']}."

    def _loser(self, actor: Actor, game_id: int, side: str | None) -> str:
        """Under the game's lock: the side the caller resigns for."""
        self.tables.current(game_id)
        seats = self.store.seats(game_id)
        active = self.service.system(game_id).active_sides(self.service.load(game_id))
        return commanding_side(seats, actor, active, side)

    async def map(self, actor: Actor, channel: str, around: str | None = None, private: bool = False) -> str:
        """A fresh map in the channel; `private`: the player's own view of it, by DM."""
        game_id, post = await asyncio.to_thread(self._map_post, actor, channel, around, private)
        await self.delivery.send(game_id, post)
        return "Your map is on its way to your DMs." if private else "Map posted."

    def _map_post(self, actor: Actor, channel: str, around: str | None, private: bool) -> tuple[int, Outbox]:
        """The game here and the post of its map, at the caller's request: in the channel the
        public view, or (`private`) the side the caller plays as it sees the game, to them alone."""
        game = self.tables.game_in(channel)
        seq, state = self.service.position(game["id"])
        side = None
        if private:
            sides = sides_of(self.store.seats(game["id"]), actor)
            if not sides:
                raise TableError("Only the game's players have a map of their own; `/game map` posts the "
                                 "public one.")
            side = sides[0]
        view = self.service.system(game["id"]).view(state, side)
        places = around.replace("+", " ").replace(",", " ").split() if around else []
        if places and self.delivery.place_check is not None:  # refused now, not when drawn
            try:
                self.delivery.place_check(view, places)
            except ValueError as error:  # render.NotOnMap: its sentence is the reply
                raise TableError(str(error)) from None
        where: dict[str, Any] = {"around": places} if places else {}
        if side is not None:
            text: Text = f"your map as {fmt.side_name(side)}, at your request:\n{fmt.headline(view)}"
            return game["id"], [(user_audience(actor.id), message(text, seq, side, **where))]
        text = words(f"Game {game['id']}, at ", name(actor.name), "'s request:\n", fmt.headline(view))
        return game["id"], [(channel_audience(channel), message(text, seq, None, **where))]


def _names_a_unit(system, side: str, line: str) -> bool:
    """Whether an order names a unit, from its words alone: a field of the parsed command that
    holds units, or (a line that does not parse) any word after the verb that is not a number."""
    try:
        cmd = system.parse(side, line)
    except RulesError:
        return any(not word.isdigit() for word in line.split()[1:])
    if not dataclasses.is_dataclass(cmd):
        return True
    return any(f.name in UNIT_FIELDS and getattr(cmd, f.name) for f in dataclasses.fields(cmd))
