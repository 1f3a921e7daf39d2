"""Who hears what, and how: every message leaves through the outbox.

A change to a game stores the messages it causes in the outbox in its own transaction (see
GameService.submit's `compose`); Delivery then sends the stored rows, oldest first, and marks a row
delivered only once the platform has accepted all of it. A channel reads its games in the order
stored: a new game's posts wait behind those of the game before it still unsent (a restart, Discord
down), which a flush of the new game sends first. Nothing here raises after a change has been
stored: a failure is logged and the row waits for a retry (the next change of the game, the
periodic retry, the next start-up). Every read and write of the store runs in a worker thread
(`asyncio.to_thread`): the event loop never waits for another connection's write lock, only the
messages wait.

Delivery is one object over parts, each in its own module, each part a class over base.py's:
messenger.py (what it asks of a chat platform, and what a send raises), payloads.py (what an
outbox row says, and its nonce), pictures.py (the maps a row names, drawn when it is sent),
places.py (where a row goes: a channel, a person's DMs or private thread, the record),
runs.py (which rows share a message), already_sent.py (what a try whose answer was lost posted
already), in_place.py (kept views and questions edited in place) and sending.py (a message's try
and its marking). This module holds the flush that walks the outbox.
"""
from __future__ import annotations

import asyncio

from bot.delivery.base import Cropper, PlaceCheck, Renderer, failed, stamp
from bot.delivery.messenger import Buttons, ChannelClosed, DMClosed, Messenger, Onlookers, PlatformDown, Reply, looks
from bot.delivery.payloads import UNASKED, channel_audience, kept_view, message, payload_text, unasked, user_audience
from bot.delivery.pictures import NO_PICTURE, default_cropper, default_place_check, default_renderer
from bot.delivery.sending import CHANNEL_REFUSALS, GIVE_UP_AFTER, SendingPart
from bot.store import Outbox

__all__ = ["Buttons", "CHANNEL_REFUSALS", "ChannelClosed", "Cropper", "DMClosed", "Delivery", "GIVE_UP_AFTER",
           "Messenger", "NO_PICTURE", "Onlookers", "PlaceCheck", "PlatformDown", "Renderer", "Reply", "UNASKED",
           "channel_audience", "default_cropper", "default_place_check", "default_renderer", "kept_view", "looks",
           "message", "payload_text", "stamp", "unasked", "user_audience"]


class Delivery(SendingPart):
    """Sends the outbox through a Messenger; renders pictures off the event loop."""

    async def send(self, game_id: int, outbox: Outbox) -> None:
        """Messages that no stored change causes (a map on request): stored, then sent."""
        await asyncio.to_thread(self.store.add_outbox, game_id, outbox)
        await self.flush(game_id)

    def sending(self, game_id: int) -> asyncio.Lock:
        """Held by a flush of the game while it sends: whoever holds it knows no row of the game is
        on its way (a row not yet tried is not being sent)."""
        return self._sending[game_id]

    async def flush(self, game_id: int | None = None) -> int:
        """Send what waits in the outbox (one game's rows, or every game's); how many rows went.
        Never raises. One game's rows are sent by one flush at a time, so none goes twice."""
        sent = 0
        try:
            if game_id is not None:  # an older game's posts waiting for its channel go first
                ahead = await asyncio.to_thread(self.store.waiting_ahead, game_id)
                games = [*dict.fromkeys(game for game, _ in ahead), game_id]
            else:
                games = sorted({row["game"] for row in await asyncio.to_thread(self.store.undelivered)})
            for game in games:
                async with self._sending[game]:
                    sent += await self._flush_game(game)
        except Exception:  # the database, most likely: what is stored waits for the next try
            failed("sending the outbox failed; it is tried again later")
        return sent

    async def _flush_game(self, game_id: int) -> int:
        """A row waiting for a retry holds back the later rows to the same place, so each
        channel and person reads them in order, as does a channel an older game's rows still wait
        for; texts in a row to one place go as one message (`_run`)."""
        sent = 0
        held = {channel for _, channel in await asyncio.to_thread(self.store.waiting_ahead, game_id)}
        now = stamp(self.clock())
        going = await self._targets(game_id)
        if going is None:  # a private thread was given up: its rows go by DM, and a notice says why
            return await self._flush_game(game_id)
        done: set[int] = set()
        for n, (row, target) in enumerate(going):
            if self.stopping:  # the rest waits for the next start
                break
            if row["id"] in done or target in held:
                continue
            run, joined = self._run([r for r, to in going[n:] if to == target], target, now)
            if (row["retry_at"] or "") > now or not await self._deliver(run, target, joined):
                held.add(target)
                continue
            done |= {r["id"] for r in run}
            sent += len(run)
        return sent
