"""The maps of orders told together: a message of orders (or a computer's plans, sent together) read as its lines,
then one map of where they left the game, then what waits (bot/tables/superseded.py rewrites the news not yet
sent)."""
from __future__ import annotations

import asyncio

from bot import text as fmt
from bot.delivery import channel_audience
from bot.tables import superseded
from bot.tables.room import Room
from bot.words import words


class BatchMapsPart(Room):
    """A batch's maps: one a phase, and the last under the lines told after it."""

    async def one_map(self, game_id: int, mapped: int | None) -> int | None:
        """Under the game's lock, after an order of a batch (or a computer's plan, sent together:
        bot/tables/computer.py): the command of the latest of its changes posted with a map; when the
        order just stored posts a map too, the earlier change's line loses its headline, map and "your
        move" lines (superseded.unmapped), which were stale before anyone read them."""
        async with self.tables.delivery.sending(game_id):  # none of its rows on its way meanwhile
            return await asyncio.to_thread(self._one_map, game_id, mapped)

    def _one_map(self, game_id: int, mapped: int | None) -> int | None:
        """one_map, in a worker thread."""
        seq = self.store.last_seq(game_id)
        channel = channel_audience(self.store.game(game_id)["channel"])
        rows = self.store.undelivered_since(game_id, seq if mapped is None else mapped)
        posted = any(row["seq"] == seq and row["audience"] == channel and "picture" in row["payload"] for row in rows)
        if not posted or mapped == seq:
            return mapped
        if mapped is not None:
            self.store.tell_again(superseded.unmapped(rows, mapped, channel))
        return seq

    async def map_last(self, game_id: int, mapped: int) -> None:
        """Under the game's lock, once a batch's orders are judged (or a computer's plans, sent together:
        bot/tables/computer.py): the map its change at command `mapped` posted moved under the lines
        told after it (`_map_last`)."""
        async with self.tables.delivery.sending(game_id):  # none of its rows on its way meanwhile
            await asyncio.to_thread(self._map_last, game_id, mapped)

    def _map_last(self, game_id: int, mapped: int) -> None:
        """map_last, in a worker thread: the map the change at command `mapped` posted, with its headline
        (of the position now) and "your move" lines, moved under the lines the orders after it told
        (superseded.moved_under), so the account reads its lines, then one map of where the batch left
        the game, then what waits."""
        seq = self.store.last_seq(game_id)
        if seq == mapped:
            return
        system = self.service.system(game_id)
        head = words("\n", fmt.headline(system.view(self.service.load(game_id), None),
                                        self.store.computer_seats(game_id)))
        channel = channel_audience(self.store.game(game_id)["channel"])
        self.store.tell_again(superseded.moved_under(self.store.undelivered_since(game_id, mapped), mapped, channel,
                                                     head, seq))
