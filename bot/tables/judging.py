"""Orders judged under the game's lock: one line, or a message's lines one after another, each stored with its news
in one transaction; the first refused because a choice waits is held with those after it (bot/tables/held.py),
a held order played leaves its side's row with what became of it in its command's transaction (`Plays`), and the
word to their author of held orders judged (`_word`) goes with the write that ends or holds them again."""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

from bot import asked as ask
from bot.delivery import message
from bot.permissions import Actor, Expired, TableError, commanding_side, sides_of
from bot.service import QUERIES, Result, own_line, simultaneous
from bot.service.standing import followed_by
from bot.store import Outbox, Told
from bot.tables import held
from bot.tables.batch import PASSED, Batch, Said, in_order, news_of, public_texts, tells_more, undoes
from bot.tables.batch_maps import BatchMapsPart
from bot.tables.news import Change
from bot.words import name, table, words
from rules.core.standing import choosers
from rules.core.system import GameSystem

TABLE_VERBS = (*QUERIES, "undo", "accept", "refuse", "end", "orders", "draw")  # verbs of every game, at any time
SECRET_ORDER = ("While both players give their orders at once (a battle plan), each order is secret, so "
                "an order typed in the channel is not played: give it with `/order` (and the same words) "
                "or in a direct message to me, which only you read.")
EXPIRED = ("This button has expired: the game has moved on since it was offered. Look at the game "
           "again and use `/end` if you still mean it.")


class JudgingPart(BatchMapsPart):
    """A person's orders judged, stored and their news composed; those a waiting choice refuses, held."""

    async def _judge_all(self, actor: Actor, game_id: int, side: str | None, batch: Batch,
                         typed: bool = False, present: bool = False) -> None:
        """Under the game's lock: the batch's orders judged one after another up to the first
        refused, which with those after it is held when a choice waiting first refused it; their
        news stored, for the caller to send together once they and any held orders they let play
        are judged (texts in a row go as one message, bot/delivery/runs.py); a phase's map that a
        later order posts anew left out (`_one_map`), and the last map under the lines of the orders
        after it (`_map_last`): one account, then one map for the state it leaves and "your move". Held orders
        (`batch.released`) go on after those judged before a stop; `present`: their author's own command let
        them play."""
        mapped = await self._judge_each(actor, game_id, side, batch, typed, present)
        if mapped is not None:
            await self.map_last(game_id, mapped)

    async def _judge_each(self, actor: Actor, game_id: int, side: str | None, batch: Batch,
                          typed: bool = False, present: bool = False) -> int | None:
        """`_judge_all`'s orders judged in turn, up to one that lets the side's held orders play, after which the
        rest wait behind them (`_after_held`); the command of the last change that posted a map."""
        mapped: int | None = None
        for n in range(len(batch.said), len(batch.lines)):
            line = batch.lines[n]
            if typed and await asyncio.to_thread(self._secret_now, game_id, line):
                batch.said.append(Said(line, False, SECRET_ORDER, withdraw=True))
                return mapped
            # a held order leaves its side's row with what became of it, in its command's transaction when it plays
            # one: a stop after it goes on from the next, and what the word on them tells is kept
            plays = None if not batch.released or side is None else \
                Plays(side, batch.first + n + 1, partial(self._judged_held, list(batch.said), line, present),
                      partial(self.service.system, game_id))
            said = await self._said(actor, game_id, line, side, None, flush=False, plays=plays)
            if said.accepted and undoes(line) and not batch.released and not batch.replaced:
                # taking back a command drops what the side held after it; refused, it drops nothing
                await asyncio.to_thread(self._drop_held, game_id, actor, side)
            if batch.passes(said):
                said = Said(line, True, PASSED, moot=True)
            elif not said.accepted:
                if await asyncio.to_thread(self._hold, game_id, actor, side, batch, n, present):
                    return mapped
            batch.said.append(said)
            if plays is not None and plays.line is None:  # judged, no command stored: a query answered, one refused
                await asyncio.to_thread(self.store.judge_held, game_id,
                                        (plays.side, plays.upto, held.judged(batch.said, present)))
            if said.moot and said.accepted:
                continue
            if not said.accepted:
                return mapped
            mapped = await self.one_map(game_id, mapped)
            if not batch.released and await asyncio.to_thread(self._after_held, game_id, actor, side, batch):
                return mapped
        return mapped

    async def _said(self, actor: Actor, game_id: int, line: str, side: str | None,
                    seen: int | None, still: Callable[[], str | None] | None = None, asked_in: str | None = None,
                    flush: bool = True, plays: Plays | None = None) -> Said:
        """One order under the game's lock: judged and stored in a worker thread (the event
        loop never waits for the engine, nor for a write lock another connection holds), its
        news sent once stored (`flush`; else by the batch it is one of); `plays`: a side's held order
        it is (`Told.held`)."""
        try:
            result, change = await asyncio.to_thread(self._judge, actor, game_id, line, side, seen, still, asked_in,
                                                     plays)
        except TableError as error:
            return Said(line, False, error.text, expired=isinstance(error, Expired))
        if result.reply is not None:  # `units` is a table: its columns lined up (a code block on Discord)
            return Said(line, True, table(result.reply) if line.split()[0].lower() == "units" else result.reply)
        if not result.accepted:
            return Said(line, False, result.message, moot=result.moot)
        await change.settle(flush)
        return replace(_accepted(line, change.reply(result), result), in_place=change.in_place)

    def _judge(self, actor: Actor, game_id: int, line: str, side: str | None, seen: int | None,
               still: Callable[[], str | None] | None = None, asked_in: str | None = None,
               plays: Plays | None = None) -> tuple[Result, Change]:
        """Under the game's lock, off the event loop: the service's verdict on the line, its
        news stored with it when accepted (and, where it `plays` a held order, the order leaving its
        side's row); refused when the side has observed more commands than the `seen` it was asked at."""
        self.tables.current(game_id)
        pressed = still() if still is not None else None
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        seats = self.store.seats(game_id)
        change = self.tables.news.change(game_id, name(actor.name), author=actor.id)
        change.asked_in, change.pressed = asked_in, pressed
        verb = line.split()[0].lower() if line.split() else ""
        if verb in QUERIES and not sides_of(seats, actor):
            return self.service.submit(game_id, None, line), change
        mover = commanding_side(seats, actor, system.active_sides(state), side, system.INFO.sides)
        if seen is not None and self.store.seen_seq(game_id, mover) != seen:
            raise Expired(EXPIRED)
        compose = change.compose if plays is None else partial(plays.compose, change)
        return self.service.submit(game_id, mover, line, actor.id, compose=compose), change

    def _own_side(self, game_id: int, actor: Actor, side: str | None) -> str | None:
        """The one side an order of this person is for (None at a hot seat, where it is not known)."""
        mine = sides_of(self.store.seats(game_id), actor)
        return side if side in mine else (mine[0] if len(mine) == 1 else None)

    def _secret_now(self, game_id: int, line: str) -> bool:
        """Whether a line is an order given while both sides order at once in secret."""
        verb = line.split()[0].lower()
        return verb not in TABLE_VERBS and simultaneous(self.service.system(game_id), self.service.load(game_id))

    def _hold(self, game_id: int, actor: Actor, side: str | None, batch: Batch, n: int, present: bool) -> bool:
        """Under the game's lock: hold the batch's orders from its `n`th (refused) on for the person's side when a
        choice still to be made is what refused it (bot/tables/held.py): a new message's after those the side held
        (the orders a player gives one at a time are all kept), held orders played in part in their place, with
        the word on them (`_word`) in the same transaction, or, held again behind the other side's choice, what
        became of those played kept with the rest until it is told, so a stop after it neither loses it nor sends
        it twice; whether they were held (`batch.held`, and `batch.kept`, the orders held before them)."""
        own = self._own_side(game_id, actor, side)
        lines = batch.lines[n:]
        if own is None or not held.waits_for_a_choice(self.service.system(game_id), self.service.load(game_id),
                                                      own, lines[0]):
            return False
        before = None if batch.released else held.held_by(self.store, game_id, own)
        if before is None or before.said and not before.waiting:  # none, or under way when a stop came: replaced
            before = held.Held(own, actor, [], batch.first + n)
        batch.held, batch.kept, batch.kept_from = True, before.unplayed, before.first + len(before.said)
        word = self._word(game_id, own, batch, present) if batch.released else []
        if batch.released and not word and not self._told_in_public(game_id, own, batch, present):
            # held again behind the other side's choice: what became of those played waits with the rest (`_word`)
            before = held.Held(own, actor, batch.lines[:n], batch.first, tuple(batch.said))
        held.hold(self.store, game_id, held.Held(own, actor, before.lines + lines, before.first, before.said), word)
        return True

    def _word(self, game_id: int, side: str, batch: Batch, present: bool) -> Outbox:
        """The word to their author of what became of a side's held orders once judged, unless the channel told
        it all (`_told_in_public`), or while they are held again behind the other side's choice (`_asked_of`): what
        became of those played then waits with the rest (`_hold`), told with them once."""
        if self._told_in_public(game_id, side, batch, present) or batch.held and not self._asked_of(game_id, side):
            return []
        return _told(side, batch)

    def _drop_held(self, game_id: int, actor: Actor, side: str | None) -> None:
        """The person's side's held orders dropped (the box emptied or replacing them, an undo accepted), with the
        word on those played before the rest were held again behind the other side's choice, which waited for them."""
        for own in [side] if side else sides_of(self.store.seats(game_id), actor):
            orders = held.held_by(self.store, game_id, own)
            held.drop(self.store, game_id, own, [] if orders is None else self._played_before(orders))

    def _played_before(self, orders: held.Held) -> Outbox:
        """The word on held orders played before the rest were held again behind the other side's choice, which
        waited for the rest (`_hold`), once the rest go otherwise (dropped, replaced); none where none did."""
        if not orders.waiting:
            return []
        return _told(orders.side, Batch(orders.lines[:len(orders.said)], said=list(orders.said), first=orders.first))

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

    def _after_held(self, game_id: int, actor: Actor, side: str | None, batch: Batch) -> bool:
        """Under the game's lock, after an order of a message is played: where it let the side's held orders play
        (it answered the side's own choice that held them), the rest of the message is held after them, given
        first, they come first (the reply says so: `Batch.after_held`); whether it was."""
        own = self._own_side(game_id, actor, side)
        rest = batch.untried()
        if own is None or not rest:
            return False
        orders = held.held_by(self.store, game_id, own)
        if orders is None or orders.said and not orders.waiting or \
                not held.due(self.service.system(game_id), self.service.load(game_id), own):
            return False
        held.hold(self.store, game_id, held.Held(own, actor, orders.lines + rest, orders.first, orders.said))
        batch.after_held, batch.kept, batch.kept_from = True, orders.unplayed, orders.first + len(orders.said)
        return True

    def _judged_held(self, before: list[Said], line: str, present: bool, text: str, result: Result) -> dict:
        """What became of a side's held orders judged so far, kept with their row by the command that plays
        `line` (its outcome `text`, its `result`) and by each played at once after it: the orders `before` it
        as told, and its own line as its reply reads it with what they add."""
        return held.judged([*before, _accepted(line, text, result)], present, result.own_seq)


@dataclass
class Plays:
    """A side's held order a line is: its side, the number of the next, and what became of those judged so far
    with it (`judged`, given its outcome for its author and its result). Its command keeps that with their row
    (`Told.held`), and so does each command standing orders play at once after it, with what it adds to the
    order's line (standing.followed_by): a stop between any two leaves the word as it then stood."""

    side: str
    upto: int
    judged: Callable[[str, Result], dict]
    system: Callable[[], GameSystem]
    line: Result | None = None  # the order's result with the answers played after it so far, once composed

    def compose(self, change: Change, result: Result, before: dict, after: dict) -> Told:
        """`change.compose`, the order leaving its side's row with it (`Told.held`)."""
        told = change.compose(result, before, after)
        self.line = result if self.line is None else followed_by(self.line, result, self.system(), after)
        return replace(told, held=(self.side, self.upto, self.judged(change.reply(self.line), self.line)))


def _accepted(line: str, text: str, result: Result) -> Said:
    """What became of an accepted order, `text` its outcome for its author (Change.reply): what the public read
    of it, what its side was told of its effects, and its own line without the answers played at once after it,
    which its news tells each under what led to it."""
    news, own = news_of(result), own_line(text, result)
    # a battle the plans its standing orders gave fight, told by its events: an order alone reads as a box's line
    told = in_order(own, news) if own is not None and any(r.secret for r in result.followed) else text
    return Said(line, True, told, public_texts(result), news, own=own)

def _told(side: str, batch: Batch) -> Outbox:
    """The word to their author of what became of a side's held orders, each by its number and words
    (one alone was its answer alone: a refusal read as no order's)."""
    return [(side, message(words("your held orders, played once the choices were made:\n", batch.reply(True))))]
