"""Held orders released: once the choice that held them is made and their side may act, judged in order as if sent
then, and their author told (privately) what became of them, unless the channel told it all (bot/tables/held.py
holds what is kept of them and when they are due)."""
from __future__ import annotations

import asyncio

from bot import asked as ask
from bot.delivery import channel_audience
from bot.permissions import Actor, TableError
from bot.service import simultaneous
from bot.tables import held, superseded
from bot.tables.batch import Batch
from bot.tables.judging import JudgingPart


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
        return "\n".join(orders.unplayed) if orders is not None and (orders.waiting or not orders.said) else ""

    def _due_held(self, game_id: int) -> held.Held | None:
        """Under the game's lock: a side's held orders that may be judged now, or whose judging a stop cut short
        (`Held.said`: it goes on, as it would have, whatever the game waits for). They stay in the store until
        judged: each leaves it with what became of it (`_judge_each`), the word on them all with the row
        (`_settle_held`), or held again."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        for side in system.INFO.sides:
            orders = held.held_by(self.store, game_id, side)
            if orders is not None and (orders.said and not orders.waiting or held.due(system, state, side)):
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
                under_way = orders.said and not orders.waiting
                present = orders.present if under_way else by is not None and by.id == orders.actor.id
                await self._judge_all(orders.actor, game_id, orders.side, batch, present=present)
                async with self.tables.delivery.sending(game_id):  # none of its rows on its way meanwhile
                    await asyncio.to_thread(self._supersede, game_id, at, orders.side)
                await asyncio.to_thread(self._settle_held, game_id, orders.side, batch, present)
        finally:
            if flush:
                await self.tables.delivery.flush(game_id)

    def _settle_held(self, game_id: int, side: str, batch: Batch, present: bool) -> None:
        """Under the game's lock, once a side's held orders are judged: what became of them told to their
        author (`_word`), the rest (refused, not tried, or a last order that stored nothing) leaving the store in
        the same transaction; held again, the word went with them. A stop before it goes on at the next start from
        the order after the last judged (what became of each kept with their row: `_judge_each`), so the word
        reads as it would have, and is sent only where it would have been."""
        if not batch.held:  # held again, the word went with them (`_hold`)
            held.drop(self.store, game_id, side, self._word(game_id, side, batch, present))

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
