"""Each message is sent once: it goes with a nonce that Discord de-duplicates for a few minutes.
A retry later than that, after a try that may have posted (the platform down, its answer lost, the
process killed), first reads the bot's own messages at the place since that try, written down
before the send, and knows one by its words, picture and buttons (Messenger.reads), or by the
joined message its rows were tried in (`tried_as`), so it is not posted twice.
"""
from __future__ import annotations

import itertools
import logging
from datetime import datetime, timedelta

from bot.delivery.base import DeliveryBase, stamp
from bot.delivery.messenger import Buttons

log = logging.getLogger("kolocha.delivery")

NONCE_MEMORY = timedelta(minutes=2)  # Discord answers a nonce it took "in the past few minutes" by its message
CLOCK_SLACK = timedelta(minutes=1)  # how far the platform's clock may stand from ours


class AlreadySentPart(DeliveryBase):
    """What a try whose answer was lost posted already."""

    async def _went(self, rows: list[dict], target: str, pieces: list[str], pictured: bool = False,
                    buttons: Buttons | None = None) -> int:
        """How many of these pieces (the first ones) went already: a try of the rows that may have
        posted them (the platform down, its answer lost, the process killed) longer ago than the
        platform remembers a nonce did, when the bot's own messages at the place since then read as
        they would (Messenger.reads: their words, the first one's picture, the last one's buttons), or
        as the joined message each row was tried in (`tried_as`: its texts went apart since, the
        platform refusing a retry). A retry after a long outage (RETRY_CAP) or a restart would
        otherwise post again what went; within the nonce's memory its repeat is answered by the
        first message, and nothing is read."""
        seen = {said for _, said in await self._sent_since(rows, target)} if pieces else set()
        looks = [self.messenger.reads(piece, pictured and not n, buttons if n == len(pieces) - 1 else None)
                 for n, piece in enumerate(pieces)] if seen else []
        if seen and all(row["tried_as"] and self.messenger.reads(row["tried_as"]) in seen for row in rows):
            went = len(pieces)
        else:
            went = len(list(itertools.takewhile(lambda look: look in seen, looks)))
        if went:
            log.warning("outbox rows %s: %d of %d messages were found at %s, sent by a try whose answer was lost; "
                        "not sent again", [row["id"] for row in rows], went, len(pieces), target)
        return went

    async def _sent_since(self, rows: list[dict], target: str) -> list[tuple[str, str]]:
        """The bot's own messages at the place since the first try of these rows that may have
        posted one (a minute earlier, for clocks that differ), as (id, how it reads); none to read when
        there was no such try, or the platform still remembers its nonce."""
        tried = min((row["tried_at"] for row in rows if row["tried_at"]), default=None)
        if tried is None or tried > stamp(self.clock() - NONCE_MEMORY):
            return []
        return await self.messenger.sent_since(target, datetime.fromisoformat(tried) - CLOCK_SLACK)
