"""Play: a game's own commands, typed as plain messages, sent by slash commands or by buttons."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from bot import asked as ask
from bot import text as fmt
from bot.delivery import Reply, channel_audience, message, user_audience
from bot.permissions import (
    Actor,
    Expired,
    TableError,
    check_not_paused,
    commanding_side,
    sides_of,
)
from bot.service import QUERIES, Result, own_line, simultaneous
from bot.service.standing import followed_by, how_played, played_again
from bot.store import DamagedGame, Outbox, Told
from bot.tables import held, stale, superseded
from bot.tables.batch import MOST, PASSED, Batch, Said, in_order, lines_of, news_of, public_texts, tells_more
from bot.tables.news import Change
from bot.tables.room import Room
from bot.words import Text, join, name, table, words
from rules.core.errors import NotPlayed, RulesError
from rules.core.standing import ASK, choosers
from rules.core.system import GameSystem

log = logging.getLogger("kolocha.play")
TABLE_VERBS = (*QUERIES, "undo", "accept", "refuse", "end", "orders", "draw")  # verbs of every game, at any time


@dataclass(frozen=True)
class PlainReply:
    """What a message of orders typed in the channel earns: ✅ or ❌, words for its author alone
    ("" when the public lines say it all), and whether the message should be deleted (it tells
    more than the public lines in a game with hidden information; the front end deletes it
    where it may)."""

    accepted: bool
    private: Text
    withdraw: bool = False


SECRET_ORDER = ("While both players give their orders at once (a battle plan), each order is secret, so "
                "an order typed in the channel is not played: give it with `/order` (and the same words) "
                "or in a direct message to me, which only you read.")
WITHDRAWN = ("In a game with hidden units everyone reads the channel, and what you typed tells more than "
             "the public lines of your orders (Fog of War), so I delete your message where the server lets "
             "me (Manage Messages); otherwise please delete it. `/order`, `/orders` or a direct message to "
             "me keep your orders private.")
TOO_MANY = f"One message holds at most {MOST} orders; send the rest in another."
NO_ORDERS = "Write one order a line, or several separated by `;`: `move 3225 3224; end`."
HELD_DROPPED = "Your held orders are dropped: none will be played."
EXPIRED = ("This button has expired: the game has moved on since it was offered. Look at the game "
           "again and use `/end` if you still mean it.")


@dataclass(frozen=True)
class Offer:
    """A confirmation to offer with buttons: its question, and what the buttons are for: the
    side, and the position it was asked at as the number of commands that side has observed."""

    reply: Reply
    game_id: int
    side: str
    seq: int
    needed: bool = True  # False: nothing would be given up (`end` is all the side may do): no question


class Play(Room):
    """Commands of the game's grammar from the people seated at it."""

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
            if line.split()[:1] == ["undo"]:  # taking back a command drops what the side held after it
                await asyncio.to_thread(self._drop_held, game["id"], actor, side)
            said = await self._said(actor, game["id"], line, side, seen, still, asked_in, flush=False)
            await self.release(game["id"], by=actor)  # its news sent with the held orders' it lets play: one flush
        if not said.accepted:
            raise (Expired if said.expired else TableError)(said.text)
        return said

    async def orders(self, actor: Actor, channel: str, text: str, side: str | None = None,
                     box: bool = False) -> Text:
        """Several orders in one message (bot/tables/batch.py), judged in order: the reply lists
        what became of each, and which were not tried after a refusal. A single order is
        answered as `submit` answers it. Orders held behind a choice are added to what the side
        held; the `/orders` `box` (opened with them written in it) replaces them, and empty drops them."""
        lines = lines_of(text)
        if box and not lines:
            async with self.tables.in_order(channel):
                if await self._emptied(actor, channel):
                    return HELD_DROPPED
        if not lines or len(lines) > MOST:
            raise TableError(TOO_MANY if lines else NO_ORDERS)
        async with self.tables.in_order(channel):
            batch = await self._batch(actor, channel, lines, side, replace=box)
        if len(lines) == 1 and not batch.accepted and not batch.held:
            raise TableError(batch.reply())
        return batch.reply()

    def held_in(self, actor: Actor, channel: str) -> str:
        """The orders the person's side holds in this channel's game, one a line ("": none, or no one side)."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return ""
        own = self._own_side(game["id"], actor, None)
        orders = None if own is None else held.held_by(self.store, game["id"], own)
        return "\n".join(orders.lines) if orders is not None and not orders.said else ""

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
                     typed: bool = False, replace: bool = False) -> Batch:
        """The orders judged one after another under the game's lock (nobody else's command
        comes between them), up to the first refused; `typed` in the channel, where a secret
        order is not played; `replace`: they replace what the side held (else those held are added to)."""
        game = await self._playing(channel)
        hidden = await asyncio.to_thread(lambda: self.service.system(game["id"]).INFO.hidden_information)
        batch = Batch(lines, hidden)
        async with self.tables.lock(game["id"]):
            if replace:
                batch.replaced = bool(await asyncio.to_thread(self.held_in, actor, channel))
            if replace or any(line.split()[:1] == ["undo"] for line in lines):  # as `submit`'s undo does
                await asyncio.to_thread(self._drop_held, game["id"], actor, side)
            try:
                await self._judge_all(actor, game["id"], side, batch, typed)
                await self.release(game["id"], flush=False, by=actor)
            finally:
                await self.tables.delivery.flush(game["id"])
        return batch

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
        """`_judge_all`'s orders judged in turn; the command of the last change that posted a map."""
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
            if batch.passes(said):
                said = Said(line, True, PASSED, moot=True)
            elif not said.accepted:
                kept = await asyncio.to_thread(self._hold, game_id, actor, side, batch.lines[n:], batch.first + n,
                                               not batch.released)
                if kept is not None:
                    batch.held, batch.kept, batch.kept_from = True, kept.lines, kept.first
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
        return mapped

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

    def _own_side(self, game_id: int, actor: Actor, side: str | None) -> str | None:
        """The one side an order of this person is for (None at a hot seat, where it is not known)."""
        mine = sides_of(self.store.seats(game_id), actor)
        return side if side in mine else (mine[0] if len(mine) == 1 else None)

    def _drop_held(self, game_id: int, actor: Actor, side: str | None) -> None:
        for own in [side] if side else sides_of(self.store.seats(game_id), actor):
            held.drop(self.store, game_id, own)

    def _hold(self, game_id: int, actor: Actor, side: str | None, lines: list[str], first: int,
              added: bool = False) -> held.Held | None:
        """Under the game's lock: hold `lines` (from a refused order on, the `first`th of its message)
        for the person's side when a choice still to be made is what refused it (bot/tables/held.py),
        `added` after those it held (a new message's: the orders a player gives one at a time are all kept);
        the orders it held before them, None when not held."""
        own = self._own_side(game_id, actor, side)
        if own is None or not held.waits_for_a_choice(self.service.system(game_id), self.service.load(game_id),
                                                      own, lines[0]):
            return None
        before = held.held_by(self.store, game_id, own) if added else None
        kept = before if before is not None and not before.said else held.Held(own, actor, [], first)
        held.hold(self.store, game_id, held.Held(own, actor, kept.lines + lines, kept.first))
        return kept

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
                batch = Batch(orders.lines, released=True, first=orders.first, said=list(orders.said))
                present = orders.present if orders.said else by is not None and by.id == orders.actor.id
                await self._judge_all(orders.actor, game_id, orders.side, batch, present=present)
                async with self.tables.delivery.sending(game_id):  # none of its rows on its way meanwhile
                    await asyncio.to_thread(self._supersede, game_id, at, orders.side)
                await asyncio.to_thread(self._settle_held, game_id, orders.side, batch, present)
        finally:
            if flush:
                await self.tables.delivery.flush(game_id)

    def _judged_held(self, before: list[Said], line: str, present: bool, text: str, result: Result) -> dict:
        """What became of a side's held orders judged so far, kept with their row by the command that plays
        `line` (its outcome `text`, its `result`) and by each played at once after it: the orders `before` it
        as told, and its own line as its reply reads it with what they add."""
        return held.judged([*before, _accepted(line, text, result)], present, result.own_seq)

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

    def _secret_now(self, game_id: int, line: str) -> bool:
        """Whether a line is an order given while both sides order at once in secret."""
        verb = line.split()[0].lower()
        return verb not in TABLE_VERBS and simultaneous(self.service.system(game_id), self.service.load(game_id))

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

    async def plain(self, actor: Actor, channel: str, text: str) -> PlainReply | None:
        """A message typed in a game channel: None (chat stays chat) unless a seated player of
        a started game wrote it and its first line reads as an order of their own side; else
        its orders are played as from `/orders`. Query answers and refusals are private, and so
        is the word of orders held behind a choice; an accepted order's line is public. In a game
        with hidden information a message that tells more than the public lines of its orders is
        withdrawn."""
        lines = lines_of(text)
        async with self.tables.in_order(channel):
            if not lines or not await asyncio.to_thread(self._order_or_chat, actor, channel, lines[0]):
                return None
            if len(lines) > MOST:
                return PlainReply(False, TOO_MANY)
            try:
                batch = await self._batch(actor, channel, lines, None, typed=True)
            except TableError as error:
                return PlainReply(False, error.text)
        told = not batch.accepted or any(line.split()[0].lower() in QUERIES for line in lines)
        private = batch.reply() if told else batch.held_word()  # the lines played say the rest
        if batch.withdraw():
            return PlainReply(batch.accepted, join([WITHDRAWN, private]) if private else WITHDRAWN, True)
        return PlainReply(batch.accepted, private)

    def hint_due(self, actor: Actor, channel: str) -> bool:
        """Where typed lines cannot be read: whether the person who typed one in this channel is
        a seated player of its started game not yet told how orders are given here. Told once
        per player (remembered in the store), so chat is not answered again and again."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return False
        if not game["started_at"] or not sides_of(self.store.seats(game["id"]), actor):
            return False
        key = f"told how to give orders: {actor.id}"
        if self.store.meta(key):
            return False
        self.store.set_meta(key, str(game["id"]))
        return True

    def _order_or_chat(self, actor: Actor, channel: str, line: str) -> bool:
        """In a worker thread: whether a line is an order to play (else chat)."""
        words = line.split()
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return False
        sides = sides_of(self.store.seats(game["id"]), actor)
        if not words or not game["started_at"] or not sides:
            return False
        return self._reads_as_order(game["id"], sides, words[0].lower(), words)

    def _reads_as_order(self, game_id: int, sides: list[str], verb: str, words: list[str]) -> bool:
        """Chat that merely starts with a game word ("end of story") stays chat: a line is an
        order when it parses for the speaker's side, or when its verb is one the speaker's own
        side may give now, or a word of the game it does not play ('formation', NotPlayed), and
        it names a place or unit (a digit after the verb), so a mistyped order still gets its
        explanation. Decided from the grammar and the speaker's own options only, never from
        what another side may do. Queries always count; undo, accept and refuse only alone."""
        if verb in QUERIES:
            return True
        if verb in ("undo", "accept", "refuse", "draw"):
            return len(words) == 1
        system = self.service.system(game_id)
        try:
            system.parse(sides[0], " ".join(words))
            return True
        except NotPlayed:  # a word of the game it does not play, naming a unit: 'formation 3322 line'
            return any(ch.isdigit() for word in words[1:] for ch in word)
        except RulesError:
            return verb in self.tables.completion.verbs(game_id, sides) and \
                any(ch.isdigit() for word in words[1:] for ch in word)

    def offer(self, actor: Actor, channel: str, action: str) -> Offer:
        """The question before ending a phase or resigning, for the caller's side at this
        position; refused at once for someone without a seat. Ending a step where `end` is all the
        side may do gives nothing up: not asked (`needed`), a Combat Phase without an attack to make
        cost two touches for nothing."""
        game = self.tables.game_in(channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        check_not_paused(game)
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        side = commanding_side(self.store.seats(game_id), actor, system.active_sides(state), None,
                               system.INFO.sides)
        name = fmt.side_name(side)
        text = (f"Resign game {game_id} as {name}? This ends the game." if action == "resign"
                else f"End the {name} side's current step in game {game_id}? It is the `end` command: whatever "
                "is left undone in the step is given up.")
        # where units are hidden, what a side may do could reflect what it cannot see: always asked
        alone = action == "end" and not system.INFO.hidden_information and \
            [c.to_text() for c in system.legal_commands(state, side)] == ["end"]
        return Offer(self.tables.private(actor, text), game_id, side, self.store.seen_seq(game_id, side),
                     needed=not alone)

    async def confirm(self, actor: Actor, action: str, game_id: int, side: str,
                      seq: int) -> Text:
        """A pressed confirmation button: resign, end the phase, answer a draw offer or a request
        to hand one's seat to a substitute, for the side it was offered for; an end offered at an
        earlier position has expired."""
        game = await asyncio.to_thread(self.store.game, game_id)
        if game["status"] == "over":
            raise Expired(f"This button has expired: game {game_id} is over.")
        if action == "resign":
            return await self.resign(actor, game["channel"], side)
        if action in ("cede", "hold"):  # `seq`: the substitute the seat would go to
            return await self.tables.seats.answer_seat(actor, game_id, side, str(seq), action == "cede")
        if action in ("draw", "decline"):
            offer = game["pending_draw"]
            if not offer or offer["by"] == side:
                raise Expired("This button has expired: no draw offer waits for your answer.")
            return await self.submit(actor, game["channel"], "accept" if action == "draw"
                                     else "refuse", side)
        if action in ("accept", "refuse"):
            return await self.submit(actor, game["channel"], action, side, seen=seq,
                                     still=lambda: self._undo_asked(game_id, side, seq))
        return await self.submit(actor, game["channel"], "end", side, seen=seq)

    def _undo_asked(self, game_id: int, side: str, seen: int) -> str | None:
        """Under the game's lock: the request to undo asked of `side` when it had observed `seen`
        commands still waits for its answer, and no draw offer would take the answer instead."""
        game = self.store.game(game_id)
        pending, offer = game["pending_undo"], game["pending_draw"]
        if not pending or pending["by"] == side or self.store.seen_seq(game_id, side) != seen:
            raise Expired("This button has expired: that request to undo no longer waits for your answer.")
        if offer and offer["by"] != side:
            raise TableError("A draw offer waits for your answer first (`/game draw`); answer it, then "
                             "this button answers the request to undo.")
        return None  # Accept and Refuse read as the reply says them

    async def answer(self, actor: Actor, game_id: int, side: str, seq: int, text: str,
                     asked_in: str | None = None) -> Text | None:
        """A clicked answer of a mid-turn choice (bot/asked.py): its command, played for the side
        it was offered to while that question still waits for it. `asked_in`: the DM that asked
        it (its id); when the next question goes to the same player it is written there, after
        this answer's outcome, rather than in a new DM, and None is returned (nothing more to say)."""
        game = await asyncio.to_thread(self.store.game, game_id)
        if game["status"] == "over":
            raise Expired(f"This button has expired: game {game_id} is over.")
        given: list[str] = []  # the standing order that would have given this answer (`_standing_given`)

        def still() -> str | None:
            pressed = self._still_asked(game_id, side, seq, text, actor.id)
            given[:] = self._standing_given(game_id, side, text)
            return pressed
        async with self.tables.in_order(game["channel"]):
            said = await self._submit(actor, game["channel"], text, side, seq, still, asked_in)
        if said.in_place:
            return None
        hint = await asyncio.to_thread(self._standing_hint, game_id, side, *given) if given and said.accepted else ""
        return words(said.text, hint) if hint else said.text

    def _standing_given(self, game_id: int, side: str, text: str) -> list[str]:
        """Under the game's lock, before a clicked answer is played: the kind of choice and the
        standing order that gives that very answer here, where the side has none for the kind ([]
        otherwise). A game that hides anything answers in its players' DMs, where a question is
        written in place: not there."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        waiting = system.choice(state)
        if system.INFO.hidden_information or waiting is None:
            return []
        kind = waiting["kind"]
        if self.store.standing_orders(game_id, side).get(kind, ASK) != ASK:
            return []
        answer = system.parse(side, text).to_text()
        for order in system.standing_orders().get(kind, {}):
            command = system.standing_command(state, side, {kind: order})
            if command is not None and command.to_text() == answer:
                return [kind, order]
        return []

    def _standing_hint(self, game_id: int, side: str, kind: str, order: str) -> Text:
        """The line under a clicked answer that a standing order would have given: that order, which
        answers every such choice for the player, said once a game for each kind of choice."""
        key = f"told the standing order for {kind}: game {game_id}, {side}"
        if self.store.meta(key):
            return ""
        self.store.set_meta(key, order)
        said = self.service.system(game_id).standing_orders()[kind][order]
        return f"\n`orders {kind} {order}` answers every such choice for you: {said}."

    def _still_asked(self, game_id: int, side: str, seen: int, text: str, user: str) -> str | None:
        """Under the game's lock: the choice asked of `side` when it had observed `seen` commands
        still waits for it (it has observed none since: another side's secret order given meanwhile
        does not expire it, so that nobody learns whether one was given); what the answer `text`
        reads as on its button, the words its reply repeats. Else refused (Expired), saying what
        became of the question and what waits for the side now (bot/tables/stale.py)."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        waiting = system.choice(state)
        if waiting is None or side not in choosers(waiting) or self.store.seen_seq(game_id, side) != seen:
            raise Expired(stale.refusal(self.store, system, state, game_id, side, seen, user))
        return ask.answer_words(system, state, side, text)

    async def draw(self, actor: Actor, channel: str) -> Offer | Text:
        """`/game draw`: offer a draw, or, when the other side has offered one, the question
        with buttons to accept or decline it."""
        answer = await asyncio.to_thread(self._draw_offered, actor, channel)
        return answer if answer is not None else await self.submit(actor, channel, "draw")

    def _draw_offered(self, actor: Actor, channel: str) -> Offer | None:
        """The question to answer when the other side has offered a draw; else None."""
        game = self.tables.game_in(channel)
        offer = game["pending_draw"]
        seats = self.store.seats(game["id"])
        mine = sides_of(seats, actor)
        if not (offer and mine and any(side != offer["by"] for side in mine)):
            return None
        side = next(side for side in mine if side != offer["by"])
        text = (f"The {fmt.side_name(offer['by'])} player offers a draw in game {game['id']}. "
                "Accept it (the game ends, nobody wins) or decline it (play goes on)?")
        return Offer(self.tables.private(actor, text), game["id"], side,
                     self.store.seen_seq(game["id"], side))

    async def resign(self, actor: Actor, channel: str, side: str | None = None) -> str:
        game = await asyncio.to_thread(self.tables.game_in, channel)
        async with self.tables.lock(game["id"]):
            loser = await asyncio.to_thread(self._loser, actor, game["id"], side)
            await self.tables.news.concede(game["id"], loser, words(
                name(actor.name), f" resigns for {fmt.side_name(loser)}"))
        return f"You resigned game {game['id']}."

    def _loser(self, actor: Actor, game_id: int, side: str | None) -> str:
        """Under the game's lock: the side the caller resigns for."""
        self.tables.current(game_id)
        seats = self.store.seats(game_id)
        system = self.service.system(game_id)
        return commanding_side(seats, actor, system.active_sides(self.service.load(game_id)), side,
                               system.INFO.sides)

    async def map(self, actor: Actor, channel: str, around: str | None = None, private: bool = False) -> str:
        """A fresh map in the channel; `private`: the player's own view of it, by DM."""
        game_id, post = await asyncio.to_thread(self._map_post, actor, channel, around, private)
        await self.delivery.send(game_id, post)
        return "Your map is on its way to your DMs." if private else "Map posted."

    def _map_post(self, actor: Actor, channel: str, around: str | None, private: bool) -> tuple[int, Outbox]:
        """The game here and the post of its map, at the caller's request: in the channel the
        public view, or (`private`) the side the caller plays as it sees the game, to them alone."""
        game = self.tables.game_in(channel)
        seq, state = self.service.position(game["id"])
        side = None
        if private:
            sides = sides_of(self.store.seats(game["id"]), actor)
            if not sides:
                raise TableError("Only the game's players have a map of their own; `/game map` posts the "
                                 "public one.")
            side = sides[0]
        view = self.service.system(game["id"]).view(state, side)
        places = around.replace("+", " ").replace(",", " ").split() if around else []
        if places and self.delivery.place_check is not None:  # refused now, not when drawn
            try:
                self.delivery.place_check(view, places)
            except ValueError as error:  # render.NotOnMap: its sentence is the reply
                raise TableError(str(error)) from None
        where: dict[str, Any] = {"around": places} if places else {}
        if side is not None:
            text: Text = f"your map as {fmt.side_name(side)}, at your request:\n{fmt.headline(view)}"
            return game["id"], [(user_audience(actor.id), message(text, seq, side, **where))]
        text = words(f"Game {game['id']}, at ", name(actor.name), "'s request:\n", fmt.headline(view))
        return game["id"], [(channel_audience(channel), message(text, seq, None, **where))]


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
