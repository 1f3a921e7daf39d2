"""Orders given: one line of the game's grammar (a slash command, a button), or a message of several (the `/orders`
box, a DM, `/order` with `;`), judged in the order they arrived in their channel; the box replaces the orders its
side held, and emptied drops them."""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.permissions import Actor, Expired, TableError, check_not_paused
from bot.tables.batch import MOST, Batch, Said, lines_of, undoes
from bot.tables.start_up import StartUpPart
from bot.words import Text

TOO_MANY = f"One message holds at most {MOST} orders; send the rest in another."
NO_ORDERS = "Write one order a line, or several separated by `;`: `move 3225 3224; end`."
HELD_DROPPED = "Your held orders are dropped: none will be played."


class GivingPart(StartUpPart):
    """A line or a message of orders from a player, judged in its channel's turn."""

    async def submit(self, actor: Actor, channel: str, line: str, side: str | None = None,
                     seen: int | None = None, still: Callable[[], str | None] | None = None) -> Text:
        """One line of the game's grammar from a player: a private answer to a query, the
        engine's sentence when refused (nothing public, nothing changed), else the news.
        Lines of one channel are judged in the order they arrived. `seen`: the number of commands
        the side had observed when it was asked (a button's), expired once it has observed more;
        `still`, called under the game's lock before judging, refuses (TableError) a line whose
        question has passed, and gives the words of the button that sent it (or None)."""
        async with self.tables.in_order(channel):
            return (await self._submit(actor, channel, line, side, seen, still)).text

    async def _submit(self, actor: Actor, channel: str, line: str, side: str | None,
                      seen: int | None, still: Callable[[], str | None] | None = None,
                      asked_in: str | None = None) -> Said:
        """submit, its place in the channel's queue already taken; `asked_in`: the DM whose button
        gave the line (the next question to its player goes in its place)."""
        game = await self._playing(channel)
        async with self.tables.lock(game["id"]):
            said = await self._said(actor, game["id"], line, side, seen, still, asked_in, flush=False)
            if said.accepted and undoes(line):  # taking back a command drops what the side held after it
                await asyncio.to_thread(self._drop_held, game["id"], actor, side)
            await self.release(game["id"], by=actor)  # its news sent with the held orders' it lets play: one flush
        if not said.accepted:
            raise (Expired if said.expired else TableError)(said.text)
        return said

    async def orders(self, actor: Actor, channel: str, text: str, side: str | None = None,
                     box: bool = False, by_dm: bool = False) -> Text:
        """Several orders in one message (bot/tables/batch.py), judged in order: the reply lists
        what became of each, and which were not tried after a refusal. A single order is
        answered as `submit` answers it. Orders held behind a choice are added to what the side
        held; the `/orders` `box` (opened with them written in it) replaces them, and empty drops them. `by_dm`:
        the message came by DM, where its reply is read."""
        lines = lines_of(text)
        if box and not lines:
            async with self.tables.in_order(channel):
                if await self._emptied(actor, channel):
                    return HELD_DROPPED
        if not lines or len(lines) > MOST:
            raise TableError(TOO_MANY if lines else NO_ORDERS)
        async with self.tables.in_order(channel):
            batch = await self._batch(actor, channel, lines, side, replace=box, by_dm=by_dm)
        if len(lines) == 1 and not batch.accepted and not batch.held:
            raise TableError(batch.reply())
        return batch.reply()

    async def _emptied(self, actor: Actor, channel: str) -> bool:
        """An emptied `/orders` box: the person's side's held orders dropped, under the game's lock; whether it
        held any."""
        game = await self._playing(channel)
        async with self.tables.lock(game["id"]):
            if not await asyncio.to_thread(self.held_in, actor, channel):
                return False
            await asyncio.to_thread(self._drop_held, game["id"], actor, None)
        return True

    async def _playing(self, channel: str) -> dict:
        """The game here, refused unless it has started and is not paused."""
        game = await asyncio.to_thread(self.tables.game_in, channel)
        if not game["started_at"]:
            raise TableError(f"Game {game['id']} has not started yet; `/game start` begins it.")
        check_not_paused(game)
        return game

    async def _batch(self, actor: Actor, channel: str, lines: list[str], side: str | None,
                     typed: bool = False, replace: bool = False, by_dm: bool = False) -> Batch:
        """The orders judged one after another under the game's lock (nobody else's command
        comes between them), up to the first refused; `typed` in the channel, where a secret
        order is not played (and the word for its author alone goes by DM, as for orders sent `by_dm`);
        `replace`: they replace what the side held (else those held are added to)."""
        game = await self._playing(channel)
        hidden = await asyncio.to_thread(lambda: self.service.system(game["id"]).INFO.hidden_information)
        batch = Batch(lines, hidden, box_in=channel if typed or by_dm else None)
        async with self.tables.lock(game["id"]):
            if replace:
                batch.replaced = bool(await asyncio.to_thread(self.held_in, actor, channel))
            if replace:  # an undo among them drops them once accepted (Judging._judge_each), as `submit`'s does
                await asyncio.to_thread(self._drop_held, game["id"], actor, side)
            try:
                await self._judge_all(actor, game["id"], side, batch, typed)
                await self.release(game["id"], flush=False, by=actor)
            finally:
                await self.tables.delivery.flush(game["id"])
        return batch
