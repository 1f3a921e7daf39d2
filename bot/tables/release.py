"""Held orders released: once the choice that held them is made and their side may act, judged in order as if sent
then, and their author told (privately) what became of them, unless the channel told it all (bot/tables/held.py
holds what is kept of them and when they are due)."""
from __future__ import annotations

import asyncio

from bot import asked as ask
from bot.delivery import channel_audience, message
from bot.permissions import Actor, TableError, sides_of
from bot.service import QUERIES, simultaneous
from bot.store import Outbox
from bot.tables import held, superseded
from bot.tables.batch import Batch, tells_more
from bot.tables.judging import JudgingPart
from bot.words import words
from rules.core.standing import choosers


class ReleasePart(JudgingPart):
    """A side's held orders: judged once due, told to their author, dropped."""

    def held_in(self, actor: Actor, channel: str) -> str:
        """The orders the person's side holds in this channel's game, one a line ("": none, or no one side)."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return ""
        own = self._own_side(game["id"], actor, None)
        orders = None if own is None else held.held_by(self.store, game["id"], own)
        return "\n".join(orders.lines) if orders is not None and not orders.said else ""

    def _drop_held(self, game_id: int, actor: Actor, side: str | None) -> None:
        for own in [side] if side else sides_of(self.store.seats(game_id), actor):
            held.drop(self.store, game_id, own)

    def _due_held(self, game_id: int) -> held.Held | None:
        """Under the game's lock: a side's held orders that may be judged now, or whose judging a stop cut short
        (`Held.said`: it goes on, as it would have, whatever the game waits for). They stay in the store until
        judged: each leaves it with what became of it (`_judge_each`), the word on them all with the row
        (`_settle_held`), or held again."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        for side in system.INFO.sides:
            orders = held.held_by(self.store, game_id, side)
            if orders is not None and (orders.said or held.due(system, state, side)):
                return orders
        return None

    async def release(self, game_id: int, flush: bool = True, by: Actor | None = None) -> None:
        """Under the game's lock, after a command (a player's, the computer's, a deadline's; `by`:
        the person whose command it was): held orders now due are judged in order, as if sent now,
        and their author is told (privately) what became of them (`_asked_of`), unless the channel
        has told it all (`_told_in_public`).
        Their news is sent once all are judged (`flush`), or by a caller that sends the command's
        own news with it: a click followed by held orders was two posts, one a flush."""
        try:
            while (orders := await asyncio.to_thread(self._due_held, game_id)) is not None:
                at = await asyncio.to_thread(self.store.last_seq, game_id)  # the command that let them play
                # told privately, never withdrawn; after those judged before a stop, as their author's own command
                # let them play or not then
                batch = Batch(orders.lines, released=True, first=orders.first, said=list(orders.said),
                              box_in=await asyncio.to_thread(lambda: self.store.game(game_id)["channel"]))
                present = orders.present if orders.said else by is not None and by.id == orders.actor.id
                await self._judge_all(orders.actor, game_id, orders.side, batch, present=present)
                async with self.tables.delivery.sending(game_id):  # none of its rows on its way meanwhile
                    await asyncio.to_thread(self._supersede, game_id, at, orders.side)
                await asyncio.to_thread(self._settle_held, game_id, orders.side, batch, present)
        finally:
            if flush:
                await self.tables.delivery.flush(game_id)

    def _settle_held(self, game_id: int, side: str, batch: Batch, present: bool) -> None:
        """Under the game's lock, once a side's held orders are judged: what became of them told to their
        author, unless the channel told it all (`_told_in_public`), or while they are held again behind
        the other side's choice (`_asked_of`); the rest (refused, not tried, or a last order that stored
        nothing) leave the store in the same transaction. A stop before it goes on at the next start from the
        order after the last judged (what became of each kept with their row: `_judge_each`), so the word
        reads as it would have, and is sent only where it would have been."""
        outbox = [] if self._told_in_public(game_id, side, batch, present) or \
            batch.held and not self._asked_of(game_id, side) else _told(side, batch)
        if batch.held:
            self.store.add_outbox(game_id, outbox)
        else:
            held.drop(self.store, game_id, side, outbox)

    def _supersede(self, game_id: int, at: int, side: str) -> None:
        """The news of command `at`, not yet sent, told again now that `side`'s held orders have
        been played after it (bot/tables/superseded.py)."""
        if self.store.last_seq(game_id) == at:
            return  # none played
        system, state = self.service.system(game_id), self.service.load(game_id)
        # while both sides order at once in secret, whether a side has given its order is unseen: awaited
        awaited = side in ask.awaited(system, state) or simultaneous(system, state)
        rows = self.store.undelivered_since(game_id, at)
        audience = channel_audience(self.store.game(game_id)["channel"])
        self.store.tell_again(superseded.withdrawn(rows, at, side, awaited, audience))

    def _told_in_public(self, game_id: int, side: str, batch: Batch, present: bool = False) -> bool:
        """Whether held orders need no word to their author: each was played (none refused, none held
        again), the channel's lines said all that the author's reply would (nothing hidden, nothing
        private), and the game no longer waits for the side, or their author's own command let them
        play (`present`: they read the channel they just acted in, where the choice that holds the rest
        again, if one does, is asked of them), so the reply would not be their word to move either. In
        7 Sept a Russian who answered each choice by its button got a DM 'your held orders, played once the
        choices were made' at each of his clicks (four in a Combat Phase) repeating the attack above his
        next question. A DM that only said 'French: end.' under the channel's '**anna** —
        French: end.' notified the player of nothing; nor did 'Your held orders ...: 1. ✅ French:
        attack 3220 -> 3218 ...' under the channel's same lines, their buttons with them, after
        Anna's own click 'Stay: no advance.' let the attack play. A query held among them is answered
        to their author alone: `end; help` held behind a Borodino retreat read '**anna** — French: end.' in
        the channel, and the help asked for went nowhere."""
        if not batch.accepted or (batch.held and not present):  # held again: the rest waits, unseen in the channel
            return False
        if any(said.line.split()[0].lower() in QUERIES for said in batch.said):
            return False
        if any(tells_more(said.line, said.public) or set(said.news) - set(said.public) for said in batch.said):
            return False
        system = self.service.system(game_id)
        return present or side not in ask.awaited(system, self.service.load(game_id))

    def _asked_of(self, game_id: int, side: str) -> bool:
        """Whether the choice waiting now is the side's own: held orders it stopped are then told
        at once (the side must answer); held again behind the other side's choice, they are told
        once they are all played or one is refused."""
        waiting = self.service.system(game_id).choice(self.service.load(game_id))
        return waiting is not None and side in choosers(waiting)


def _told(side: str, batch: Batch) -> Outbox:
    """The word to their author of what became of a side's held orders, each by its number and words
    (one alone was its answer alone: a refusal read as no order's)."""
    return [(side, message(words("your held orders, played once the choices were made:\n", batch.reply(True))))]
