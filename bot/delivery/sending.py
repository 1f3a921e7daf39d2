"""Sending and marking. A row is marked delivered only once the platform has accepted all of it;
a text longer than the platform's limit goes as several messages (the Messenger splits it), and a
row remembers how many of them were accepted, so a retry sends only the rest. What the platform
accepted is remembered in memory until the store has marked it, so when marking fails (a full
disk, a write lock held longer than the store waits) only the marking is tried again, never the
send. A failure is logged and the row waits for a retry: a passing trouble however long it lasts,
a refusal GIVE_UP_AFTER times before the row ends (a channel's post then reaching the players by
DM); a refused joined message goes apart.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from bot.delivery.base import failed, stamp
from bot.delivery.in_place import InPlacePart
from bot.delivery.messenger import ChannelClosed, DMClosed, PlatformDown
from bot.delivery.payloads import nonce, payload_text, user_audience
from bot.delivery.pictures import NO_PICTURE, PicturesPart
from bot.delivery.places import PlacesPart
from bot.delivery.runs import RunsPart
from bot.store import Outbox
from bot.words import COMPUTER, words
from bot.words import channel as channel_ref

log = logging.getLogger("kolocha.delivery")

RETRY_CAP = timedelta(hours=1)  # a failing row is retried at least this often
CHANNEL_REFUSALS = 3  # a channel refusing a row this many times in a row is lost to its games
GIVE_UP_AFTER = 8  # a row refused this many times (about an hour of tries) ends; see Delivery._give_up


class SendingPart(InPlacePart, RunsPart, PlacesPart, PicturesPart):
    """One message's try, and what its outcome leaves in the store."""

    async def _deliver(self, rows: list[dict], target: str, joined: bool = False) -> bool:
        """Send one row (the pieces not yet accepted), or texts `joined` in one message; True once
        the platform has all of it."""
        ids = [row["id"] for row in rows]
        if target == "record":
            await asyncio.to_thread(self.store.mark_delivered, *ids)
            return True
        began = stamp(self.clock())
        try:
            await (self._send_run(rows, target, began) if joined else self._send_pieces(rows[0], target, began))
        except DMClosed:
            await asyncio.to_thread(self._dm_closed, target.removeprefix("dm:"))
            await self._refused(rows, joined)
            return False
        except Exception as error:
            passing = isinstance(error, PlatformDown)
            if not passing:
                await self._refused(rows, joined)
            if passing:
                log.warning("outbox rows %s to %s wait: %s", ids, target, error)
            else:
                failed("outbox rows %s to %s failed; kept for a retry", ids, target)
            for row in rows:
                pause = min(RETRY_CAP, timedelta(seconds=30 * 2 ** row["attempts"]))
                if row["attempts"] + 1 >= GIVE_UP_AFTER and not passing:
                    await asyncio.to_thread(self._give_up, row)
                else:
                    await asyncio.to_thread(self.store.mark_failed, row["id"], stamp(self.clock() + pause),
                                            began if passing else None)
            if isinstance(error, ChannelClosed) and rows[0]["attempts"] + 1 >= CHANNEL_REFUSALS:
                self.channel_lost(error.channel)
            return False
        try:
            await asyncio.to_thread(self._delivered, rows, target)
        except Exception:  # sent all the same (the rows after it may go): the next try marks it
            failed("outbox rows %s were sent to %s, but marking them delivered failed; only the marking is "
                   "tried again", ids, target)
            return True
        for outbox_id in ids:
            self._accepted.pop(outbox_id, None)
        return True

    async def _refused(self, rows: list[dict], joined: bool) -> None:
        """Texts joined in a message the platform refused (it posted nothing) go one a message from
        then on (what it refused may be the joining itself), a text refused alone may join others,
        and a row this was the first try of is known never to have gone (`_send_run` and
        `_send_pieces` wrote the try down before sending); a message that may have gone (the
        platform down, its answer lost) is sent as it was."""
        ids = [row["id"] for row in rows]
        if joined and len(ids) > 1:
            await asyncio.to_thread(self.store.set_apart, ids)
        elif joined:
            await asyncio.to_thread(self.store.set_joined, ids, None)
        if untried := [row["id"] for row in rows if not row["tried_at"]]:
            await asyncio.to_thread(self.store.set_untried, untried)

    def _give_up(self, row: dict) -> None:
        """A row that failed GIVE_UP_AFTER times is sent no more; a post for a channel reaches
        the game's players by DM instead, saying where it could not go (a cancelled game whose
        channel was lost, a channel the bot may no longer post in)."""
        instead: Outbox = []
        if row["audience"].startswith("channel:"):
            said = words("This could not be posted in ", channel_ref(row["audience"].removeprefix("channel:")),
                         f" (Discord refused it {GIVE_UP_AFTER} times): ", payload_text(row["payload"]))
            picture = {"picture": row["payload"]["picture"]} if "picture" in row["payload"] else {}
            people = set(self.store.seats(row["game"]).values()) - {COMPUTER}
            instead = [(user_audience(user), {"text": said, **picture}) for user in sorted(people)]
        self.store.give_up(row["id"], row["game"], instead)
        log.warning("outbox row %s to %s failed %d times; given up (%d players told by DM)",
                    row["id"], row["audience"], GIVE_UP_AFTER, len(instead))

    def _delivered(self, rows: list[dict], target: str) -> None:
        """Rows Discord accepted all of, marked together (how far their game's news went is kept
        beside the database: Store.note_told); a DM that went through opens the person's DMs again."""
        self.store.mark_delivered(*(row["id"] for row in rows))
        self.store.note_told(rows[-1])
        if target.startswith("dm:") and self.store.closed_dm(target[3:]):
            self.store.clear_closed_dm(target[3:])

    async def _send_run(self, rows: list[dict], target: str, began: str) -> None:
        """Texts in a row as one message (as many as it takes should they outgrow it), with the pictures of
        the last when it is a picture row and its buttons under the last piece: which rows it
        carries is stored before it is sent (Delivery._run), with when this first try began and how
        the message reads (a try the process may die in the middle of, which `_went` reads the place
        for after a restart later than Discord remembers its nonce); its nonce names them all, and
        the platform's acceptance is remembered for each until the store has marked them."""
        ids = [row["id"] for row in rows]
        spec = rows[-1]["payload"].get("picture")
        buttons = rows[-1]["payload"].get("buttons")  # under the last piece
        pictures = await self.pictures(rows[-1]["game"], spec) if spec is not None else []
        pieces = self._joined_pieces(rows, target, drawn=bool(pictures))
        if any(row["joined"] != ids[0] or row["joined_to"] != target for row in rows):
            # how a message of several rows reads, as `_went` finds it once they went apart (a row alone: its own)
            said = self.messenger.reads(pieces[0], bool(pictures), buttons if len(pieces) == 1 else None) \
                if len(ids) > 1 and pieces else None
            await asyncio.to_thread(self.store.set_joined, ids, target, began, said)
        kind, _, where = target.partition(":")
        send = self.messenger.dm if kind == "dm" else self.messenger.post
        for n in range(await self._went(rows, target, pieces, bool(pictures), buttons), len(pieces)):
            await send(where, pieces[n], pictures if n == 0 else (), buttons if n == len(pieces) - 1 else None,
                       nonce=nonce(rows, n))
        self._accepted.update(dict.fromkeys(ids, 1))

    async def _send_pieces(self, row: dict, target: str, began: str) -> None:
        """One row's message (as many as it takes), or the messages it writes in place; when this
        first try began is written down before (a try the process may die in the middle of, whose
        messages `_went` and `_write` look for after a restart later than Discord remembers a nonce)."""
        if not row["tried_at"]:
            await asyncio.to_thread(self.store.set_tried, row["id"], began)
        if "retire" in row["payload"]:
            await self._retire(row, target)
            return
        text = payload_text(row["payload"])
        if not target.startswith("channel:"):
            text = words(f"Game {row['game']}: ", text)
        if row["payload"].get("kept"):
            await self._edit_kept(row, target, text)
            return
        if "question" in row["payload"] and target.startswith(("dm:", "thread:")):
            await self._ask(row, target, self.messenger.pieces(text, target, tip=bool(row["payload"].get("tip"))))
            return
        pictures: list[bytes] = []
        spec = row["payload"].get("picture")
        if spec is not None:
            pictures = await self.pictures(row["game"], spec)
            text = text if pictures else words(text, "\n" + NO_PICTURE)
        kind, _, where = target.partition(":")
        send = self.messenger.dm if kind == "dm" else self.messenger.post
        buttons = row["payload"].get("buttons")
        pieces = self.messenger.pieces(text, target, tip=buttons is not None)  # a request to answer
        start = max(row["pieces_sent"], self._accepted.get(row["id"], 0))
        went = await self._went([row], target, pieces[start:], bool(pictures) and not start, buttons)
        for n in range(start + went, len(pieces)):
            last = buttons if n == len(pieces) - 1 else None
            await send(where, pieces[n], pictures if n == 0 else (), last, nonce=nonce([row], n))
            self._accepted[row["id"]] = n + 1
            if n + 1 < len(pieces):
                await self._mark_pieces(row["id"], n + 1)

    async def _mark_pieces(self, outbox_id: int, pieces: int) -> None:
        """Store how many pieces of a row went; a failure is logged (memory holds it meanwhile)."""
        try:
            await asyncio.to_thread(self.store.mark_pieces_sent, outbox_id, pieces)
        except Exception:
            failed("outbox row %s: marking %d pieces sent failed; tried again later", outbox_id, pieces)
