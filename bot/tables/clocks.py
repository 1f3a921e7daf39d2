"""Clocks: the reminder before a deadline and the configured action when it passes."""
from __future__ import annotations

from datetime import datetime, timedelta

from bot import text as fmt
from bot.delivery import user_audience
from bot.tables.room import Room, when

LATE = timedelta(minutes=1)  # a deadline acted on later than this was missed while the bot was down


class Clocks(Room):
    """What the deadline scheduler calls."""

    async def remind(self, game_id: int, side: str, due: datetime) -> None:
        game = self.store.game(game_id)
        user = self.store.seats(game_id).get(side)
        text = f"Game {game_id}: the {fmt.side_name(side)} move is due {when(due)}."
        if user:
            await self.delivery.dm(game_id, user, user_audience(user), text)
        await self.delivery.post(game["channel"], f"<@{user}> {text}" if user else text)

    async def expire(self, game_id: int, side: str, late_by: timedelta) -> None:
        """The deadline's action (forfeit, end the phase, or a new deadline), under the lock."""
        tables = self.tables
        async with tables.lock(game_id):
            game = self.store.game(game_id)
            if game["status"] == "over":
                return
            note = " (it fell due while the bot was offline; acted on now)" if late_by > LATE else ""
            action = tables.settings(game_id).at_deadline
            name = fmt.side_name(side)
            if action == "forfeit":
                await tables.news.concede(game_id, side,
                                          f"{name} missed the deadline{note} and forfeits")
                return
            if action == "end":
                before = self.service.load(game_id)
                result = self.service.submit(game_id, side, "end", user="deadline")
                if result.accepted:
                    await tables.news.after(game_id, before, result, f"Deadline{note}")
                    return
                note += f"; the phase cannot end by itself: {result.message}"
            system = self.service.system(game_id)
            due = tables.deadlines.renew(game_id, side,
                                         system.phase_key(self.service.load(game_id)))
            user = self.store.seats(game_id).get(side)
            text = f"Game {game_id}: the {name} deadline has passed{note}. New deadline {when(due)}."
            if user:
                await self.delivery.dm(game_id, user, side, text)
            await self.delivery.post(game["channel"], f"<@{user}> {text}" if user else text)
