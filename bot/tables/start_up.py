"""The start-up pass: before any command, what a stop cut short in each game is done as it would have been (the
answers standing orders give that were due, then the held orders due or judged in part), their word sent where it
would have been."""
from __future__ import annotations

import asyncio
import logging
from functools import partial

from bot.permissions import Actor
from bot.service.standing import how_played, played_again
from bot.store import DamagedGame
from bot.tables import held
from bot.tables.judging import Plays
from bot.tables.release import ReleasePart

log = logging.getLogger("kolocha.play")


class StartUpPart(ReleasePart):
    """What a stop cut short, finished at the next start."""

    async def resume_all(self) -> None:
        """At start-up, before any command and before the computer wakes: in each game in play, what a
        stop cut short (`resume`), and in any game held orders whose judging a stop cut short (the last
        judged may have ended it: `release`), after the word of held orders all played that the version
        before kept and a stop kept from being sent (Store.tell_held). A damaged row is set aside, once; one
        game that fails otherwise is logged and waits for its next command; every other goes on."""
        try:
            for game_id in await asyncio.to_thread(self.store.tell_held):
                await self.tables.delivery.flush(game_id)
        except Exception:
            log.exception("sending at the start the word of held orders all played failed")
        playing = await asyncio.to_thread(self.store.playing_games)
        for game_id in sorted({*playing, *await asyncio.to_thread(self.store.held_under_way)}):
            try:
                async with self.tables.lock(game_id):
                    await (self.resume(game_id) if game_id in playing else self.release(game_id))
            except DamagedGame:
                continue  # its row set aside, logged once (the store's quarantine): the game waits for its repair
            except Exception:
                log.exception("game %s: finishing at the start what a stop cut short failed", game_id)

    async def resume(self, game_id: int) -> None:
        """Under the game's lock, at a start: what a command had still to do when a stop cut it short, done
        as it would have been. The answers standing orders give, each stored in a transaction of its own
        after the command they follow (a stop between two of a row left the game waiting for the next;
        GameService.standing_due), told under a held order they follow as they would have been
        (`_cut_short`), then the held orders due (a stop after the answer that let them play, or among
        them: `release`), as after the last command given by hand. Nothing else is told: a game where none
        is due reads as it did."""
        if await asyncio.to_thread(self.service.answers_due, game_id):
            change = self.tables.news.change(game_id, "")
            change.unshown = await asyncio.to_thread(self._unshown, game_id)
            plays = await asyncio.to_thread(self._cut_short, game_id)
            await asyncio.to_thread(self.service.play_answers_due, game_id,
                                    change.compose if plays is None else partial(plays.compose, change))
            await change.settle(flush=False)
        await self.release(game_id, by=await asyncio.to_thread(self._by_hand, game_id))

    def _cut_short(self, game_id: int) -> Plays | None:
        """The held order whose answers played at once a stop cut short, if the game's last commands are it and
        some of them (`held.Held.at`): its result with those stored, read again (standing.played_again), so
        that the answers played now write what became of it as they would have."""
        system = self.service.system(game_id)
        for side in system.INFO.sides:
            orders = held.held_by(self.store, game_id, side)
            if orders is None or orders.at is None:
                continue
            played = played_again(self.service, game_id, orders.at)
            if played is None:
                return None
            *before, last = orders.said
            return Plays(side, orders.first + len(orders.said), partial(self._judged_held, before, last.line,
                                                                          orders.present),
                         partial(self.service.system, game_id), played)
        return None

    def _last_by_hand(self, game_id: int) -> int:
        """The last command given by hand, not played at once after another (by a standing order, or forced)."""
        seq = self.store.last_seq(game_id)
        while seq > 1 and how_played(self.store.commands(game_id, seq - 1, seq)[0]) != (None, None):
            seq -= 1
        return seq

    def _by_hand(self, game_id: int) -> Actor | None:
        """Who gave the last command given by hand: at a start, the command that let held orders due play."""
        rows = self.store.commands(game_id, self._last_by_hand(game_id) - 1)
        return Actor(str(rows[0]["user"]), "", False) if rows and rows[0]["user"] else None

    def _unshown(self, game_id: int) -> dict:
        """The position before the last command given by hand, which the answers stored after it were played
        at once after (Change.unshown: the channel says the phase changed from where it last said it)."""
        return self.service.state_at(game_id, self._last_by_hand(game_id) - 1)
