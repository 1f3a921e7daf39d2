"""Orders typed as plain messages in a game's channel: chat stays chat; an order is played as from `/orders`, its
❌ or the word of what was held said to its author alone, and in a game with hidden information a message that tells
more than its public lines withdrawn."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.permissions import Actor, TableError, sides_of
from bot.service import QUERIES
from bot.tables.batch import MOST, lines_of
from bot.tables.giving import TOO_MANY, GivingPart
from bot.words import Text, join
from rules.core.errors import NotPlayed, RulesError

WITHDRAWN = ("In a game with hidden units everyone reads the channel, and what you typed tells more than "
             "the public lines of your orders (Fog of War), so I delete your message where the server lets "
             "me (Manage Messages); otherwise please delete it. `/order`, `/orders` or a direct message to "
             "me keep your orders private.")


@dataclass(frozen=True)
class PlainReply:
    """What a message of orders typed in the channel earns: ✅ or ❌, words for its author alone
    ("" when the public lines say it all), and whether the message should be deleted (it tells
    more than the public lines in a game with hidden information; the front end deletes it
    where it may)."""

    accepted: bool
    private: Text
    withdraw: bool = False


class TypedPart(GivingPart):
    """Messages typed in a game's channel, read as orders or left as chat."""

    async def plain(self, actor: Actor, channel: str, text: str) -> PlainReply | None:
        """A message typed in a game channel: None (chat stays chat) unless a seated player of
        a started game wrote it and its first line reads as an order of their own side; else
        its orders are played as from `/orders`. Query answers and refusals are private, and so
        is the word of orders held behind a choice; an accepted order's line is public. In a game
        with hidden information a message that tells more than the public lines of its orders is
        withdrawn."""
        lines = lines_of(text)
        async with self.tables.in_order(channel):
            if not lines or not await asyncio.to_thread(self._order_or_chat, actor, channel, lines[0]):
                return None
            if len(lines) > MOST:
                return PlainReply(False, TOO_MANY)
            try:
                batch = await self._batch(actor, channel, lines, None, typed=True)
            except TableError as error:
                return PlainReply(False, error.text)
        told = not batch.accepted or any(line.split()[0].lower() in QUERIES for line in lines)
        private = batch.reply() if told else batch.held_word()  # the lines played say the rest
        if batch.withdraw():
            return PlainReply(batch.accepted, join([WITHDRAWN, private]) if private else WITHDRAWN, True)
        return PlainReply(batch.accepted, private)

    def hint_due(self, actor: Actor, channel: str) -> bool:
        """Where typed lines cannot be read: whether the person who typed one in this channel is
        a seated player of its started game not yet told how orders are given here. Told once
        per player (remembered in the store), so chat is not answered again and again."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return False
        if not game["started_at"] or not sides_of(self.store.seats(game["id"]), actor):
            return False
        key = f"told how to give orders: {actor.id}"
        if self.store.meta(key):
            return False
        self.store.set_meta(key, str(game["id"]))
        return True

    def _order_or_chat(self, actor: Actor, channel: str, line: str) -> bool:
        """In a worker thread: whether a line is an order to play (else chat)."""
        words = line.split()
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return False
        sides = sides_of(self.store.seats(game["id"]), actor)
        if not words or not game["started_at"] or not sides:
            return False
        return self._reads_as_order(game["id"], sides, words[0].lower(), words)

    def _reads_as_order(self, game_id: int, sides: list[str], verb: str, words: list[str]) -> bool:
        """Chat that merely starts with a game word ("end of story") stays chat: a line is an
        order when it parses for the speaker's side, or when its verb is one the speaker's own
        side may give now, or a word of the game it does not play ('formation', NotPlayed), and
        it names a place or unit (a digit after the verb), so a mistyped order still gets its
        explanation. Decided from the grammar and the speaker's own options only, never from
        what another side may do. Queries always count; undo, accept and refuse only alone."""
        if verb in QUERIES:
            return True
        if verb in ("undo", "accept", "refuse", "draw"):
            return len(words) == 1
        system = self.service.system(game_id)
        try:
            system.parse(sides[0], " ".join(words))
            return True
        except NotPlayed:  # a word of the game it does not play, naming a unit: 'formation 3322 line'
            return any(ch.isdigit() for word in words[1:] for ch in word)
        except RulesError:
            return verb in self.tables.completion.verbs(game_id, sides) and \
                any(ch.isdigit() for word in words[1:] for ch in word)
