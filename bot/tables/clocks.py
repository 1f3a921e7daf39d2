"""Clocks: the reminder before a deadline and the configured action when it passes.

Each notice is stored with the change it announces (a reminder with its mark, a new deadline
with its row), in a worker thread, then sent from the outbox.

While several sides give hidden orders at once (1812's battle plans, chosen in secret: COMBAT) no one may learn
whether another has given its order: a side that has is neither reminded nor acted against at its
deadline (its clock starts again unseen, as a late side's would), and the notices of a side that
has not go to its player alone, never to the channel, so the other's texts never change."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot import asked as ask
from bot import text as fmt
from bot.computer.stand_in import LEVEL, ComposeFor, stand_in
from bot.deadlines import Busy
from bot.delivery import UNASKED, channel_audience, message, user_audience
from bot.permissions import TableError
from bot.service import BUSY, Compose, player_turn_mark, simultaneous, still_to_order
from bot.store import Outbox
from bot.tables.news import Change
from bot.tables.notices import answer_buttons, told_privately
from bot.tables.room import Room
from bot.words import COMPUTER, Text, due, mention, words
from rules.core.ai import Decision

LATE = timedelta(minutes=1)  # a deadline due longer than this before the bot started was missed while it was down


class Clocks(Room):
    """What the deadline scheduler calls."""

    async def remind(self, game_id: int, side: str, moment: datetime, at: str) -> None:
        """The reminder of a deadline, stored with the mark that it was sent at `at`."""
        await asyncio.to_thread(self._mark_reminded, game_id, side, at, moment)
        await self.delivery.flush(game_id)

    def _mark_reminded(self, game_id: int, side: str, at: str, moment: datetime) -> None:
        """The reminder's messages, the way its player wants them (`_tell`), stored with the mark
        that it was sent."""
        secret, owing = self._secret(game_id, side)
        if owing:
            self.store.mark_reminded(game_id, side, at, self._tell(game_id, side, moment, secret))

    def _how(self, game_id: int, side: str) -> str:
        """How the side's player takes reminders (/prefs): by DM, in the channel, or both; where the
        game asks them (the default), a DM where their notices go to them alone, else the channel."""
        how = self.tables.prefs_of(game_id, side).remind
        if how != "asked":
            return how
        return "dm" if told_privately(self.tables, game_id, side) else "channel"

    async def expire(self, game_id: int, side: str, late_by: timedelta, due_at: str | None = None) -> None:
        """The deadline's action (forfeit, end the phase, or a new deadline), under the lock.
        The expired row stays until what replaces it is stored: a stop in between acts on it
        again at the next start. `late_by`: how long before the bot's start it fell due (a wait
        while it ran, for the database say, is not told as one offline). `due_at`: the deadline
        that fell due, as its job read it before
        waiting for the lock; a command that held the lock meanwhile and met it (the player's
        `end` a moment before it fell due, its news still going out) leaves nothing to do.
        While sides order at once in secret (1812's battle plans), a side that has given its order
        gets a fresh clock and not a word, so the computer does not take the seat of one that has
        not: everyone would read that it had not. The stand-in gives its order, as `end` does (said
        to its player alone), and the seat goes to the computer at a later deadline."""
        tables = self.tables
        async with tables.lock(game_id):
            game = await asyncio.to_thread(self.store.game, game_id)
            if game["status"] == "over" or due_at is not None and \
                    (await asyncio.to_thread(self.store.deadline, game_id, side) or {}).get("due_at") != due_at:
                return
            secret, owing = await asyncio.to_thread(self._secret, game_id, side)
            if not owing:  # its hidden order is given: a fresh clock, and not a word
                phase = await asyncio.to_thread(self._phase, game_id)
                await asyncio.to_thread(tables.deadlines.renew, game_id, side, phase)
                return
            note = " (it fell due while the bot was offline; acted on now)" if late_by > LATE else ""
            action = (await asyncio.to_thread(tables.settings, game_id)).at_deadline
            if action == "computer" and secret:  # taking the seat would tell that its hidden order was not given
                action = "end"
            name = fmt.side_name(side)
            if action == "forfeit":
                await tables.news.concede(game_id, side,
                                          f"{name} missed the deadline{note} and forfeits", ping=True)
                return
            if action == "computer":
                taken = await asyncio.to_thread(self._computer_takes, game_id, side, note)
                if taken is None:
                    await self.delivery.flush(game_id)
                    tables.computer.wake(game_id)
                    return
                note += f"; the computer cannot take the seat: {taken}"
            aside, late = await asyncio.to_thread(self._absent_words, game_id, side)
            if action == "choose":
                change = tables.news.change(game_id, f"Deadline{note}", frozenset({side}))
                change.aside, change.late = aside, late
                result = await asyncio.to_thread(  # a mid-turn choice waits: its default standing order
                    lambda: self.service.default_choice(game_id, side, change.compose))
                if result is not None and result.accepted:
                    await change.settle()  # the side's clock started again if it still acts
                    await tables.play.release(game_id)  # orders the other side held till this choice
                    return
                if result is not None and result.message == BUSY:
                    raise Busy(BUSY)  # its job comes back: the choice is made then, not skipped
            if action == "end":
                changes: list[Change] = []
                done, refusal = await asyncio.to_thread(  # off the event loop, like a player's command
                    stand_in, self.service, tables.computer.memory, game_id, side,
                    self._composer(game_id, side, note, changes, aside, late))
                if done:  # any Change settles them all: the jobs of the stored rows, the outbox
                    await changes[-1].settle()
                    await tables.play.release(game_id)
                if refusal is None:
                    return
                if refusal == BUSY:  # its job comes back to play the rest, no fresh clock given
                    raise Busy(BUSY)
                note += f"; the phase cannot end by itself: {refusal}"
            note += await self._left(game, side)
            await asyncio.to_thread(self._remind_again, game_id, side, note, secret)
            await self.delivery.flush(game_id)

    async def _left(self, game: dict, side: str) -> str:
        """What to do, when the late side's player has left the game's server (else nothing): a
        clock that starts again would wait for them for ever."""
        user = (await asyncio.to_thread(self.store.seats, game["id"])).get(side)
        if not game["guild"] or not user or user == COMPUTER or await self.delivery.member_of(game["guild"], user):
            return ""
        who = "a member with Manage Server who plays no part in the game" \
            if self.service.system(game["id"]).INFO.hidden_information else \
            "the game's creator or a member with Manage Server"  # hidden: as Seats.needs_consent has it
        return (f"; the {fmt.side_name(side)} player has left this server: {who} seats another with "
                f"`/game replace side:{side} user:@someone` or the computer with "
                f"`/game seat side:{side} player:computer`")

    def _composer(self, game_id: int, side: str, note: str, changes: list[Change],
                  aside: list[Text], late: list[tuple[str, Text]]) -> ComposeFor:
        """The news of each command a passed deadline plays for the side (bot/computer/stand_in.py): the
        computer's reason beside those it planned, `aside` after the first stored (and `late`, its
        player's DM, with it); every Change kept in `changes`, the last to settle once all are stored."""
        def compose_for(decision: Decision | None) -> Compose:
            who = f"Deadline{note}" if decision is None else f"Deadline{note}, the computer (level {LEVEL})"
            changes.append(self.tables.news.change(game_id, who, frozenset({side}),
                                                   why=decision.reason if decision else None))
            changes[-1].aside, changes[-1].late = aside, late  # one list each: told by whichever change composes first
            return changes[-1].compose
        return compose_for

    def _absent_words(self, game_id: int, side: str) -> tuple[list[Text], list[tuple[str, Text]]]:
        """What a side newly absent is told after the first command its passed deadline plays (at
        `end` or `choose`), once: it stays absent for the rest of the player-turn (Deadlines.marks).
        Its player is told too, once: pinged on that line, or by DM where their notices go to them
        alone (a game with hidden units, reminders by DM), else they learnt it from no
        notification. Nothing for a side already absent, told so before. Deadlines are public, as
        is whom they wait for."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        if side in self.tables.deadlines.absent(game_id, player_turn_mark(system.view(state, None))):
            return [], []
        name, user = fmt.side_name(side), self.store.seats(game_id).get(side)
        then = "this player-turn is played at once, as at this deadline."
        if user is None or user == COMPUTER or told_privately(self.tables, game_id, side):
            dm: list[tuple[str, Text]] = [] if user is None or user == COMPUTER else [(side, (
                f"your {name} deadline has passed, so the bot plays for you. Until you act "
                f"again, what falls to you {then}"))]
            return [f" Until the {name} player acts again, what falls to them {then}"], dm
        return [words(" Until ", mention(user), f" ({name}) acts again, what falls to them {then}")], []

    def _computer_takes(self, game_id: int, side: str, note: str) -> str | None:
        """The computer takes the late side's seat; None once it has, else why not."""
        try:
            self.tables.computer.take(game_id, side, None, words(
                f"The {fmt.side_name(side)} deadline has passed{note}: the computer takes the seat"), late=True)
        except TableError as error:
            return str(error)
        return None

    def _secret(self, game_id: int, side: str) -> tuple[bool, bool]:
        """Whether sides order at once in secret now, and whether `side` still owes its order."""
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        return simultaneous(system, state), side in still_to_order(system, state)

    def _phase(self, game_id: int) -> str:
        return self.service.system(game_id).phase_key(self.service.load(game_id))

    def _remind_again(self, game_id: int, side: str, note: str, secret: bool) -> None:
        """A new deadline for the side, stored with the notice that the last one passed."""
        deadlines = self.tables.deadlines
        moment = deadlines.fresh(game_id, side)
        deadlines.renew(game_id, side, self._phase(game_id), moment, self._tell(game_id, side, moment, secret, note))

    def _tell(self, game_id: int, side: str, moment: datetime, secret: bool, passed: str | None = None) -> Outbox:
        """A deadline's news, saying what is asked (bot/asked.py) and when (`due_words`), the way
        its player takes reminders (`_how`), said once unless they asked for both: to them by DM,
        with a choice's answers as buttons, or in the game's channel mentioning them, in the
        public's words (with the buttons where no DM carries them, in a game that hides nothing: a
        Bloody Monday hit's buttons name the blocks that may take it). `passed`: the deadline
        before it has passed (with this note), so the channel is told too, without the ping where
        a DM tells them. While sides order at once in secret: by DM alone."""
        user = self.store.seats(game_id).get(side)
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        mine = ask.question(system, state, side)
        buttons = answer_buttons(game_id, mine, self.store.seen_seq(game_id, side))
        private = message(words(due_words(system.view(state, side), side, moment, True, passed), ask.typed_note(mine)),
                          buttons=buttons) | UNASKED
        if secret:
            return [(user_audience(user), private)] if user else []
        how = self._how(game_id, side) if user else "channel"
        text = due_words(system.view(state, None), side, moment, bool(user), passed)
        said = words(mention(user), f" Game {game_id}: ", text) if user and how != "dm" else \
            words(f"Game {game_id}: ", text)
        rows: Outbox = [(user_audience(user), private)] if user and how in ("dm", "both") else []
        if how == "dm" and passed is None:
            return rows
        shown = buttons if how == "channel" and not system.INFO.hidden_information else None  # its own units
        return [*rows, (channel_audience(self.store.game(game_id)["channel"]), message(said, buttons=shown) | UNASKED)]


def due_words(view: dict, side: str, moment: datetime, yours: bool, passed: str | None = None) -> Text:
    """What a deadline waits for and when, the side named once: the orders of a phase ('your
    orders for the French Movement Phase (Game-Turn 28) are due in 1 hour.'), else the engine's
    prompt after when ('your move is due in 1 hour. Russian player: choose where ...'); `yours`:
    said to the side's player (else 'the move', or 'the French move' where the prompt does not
    name the side). `passed`: the deadline before it has passed, its note after it, and this one
    is new (said to the table too: never 'your'). Each read 'the French move is due ...: the
    French Movement Phase (turn 28).', the side twice."""
    name, prompt = fmt.side_name(side), view.get("prompt")
    phase = fmt.side_phase(view, side)
    whose = "the" if name in str(prompt) else f"the {name}"  # the prompt names it: 'Russian player: choose ...'
    if passed is not None:
        if not prompt:
            return words(f"the deadline for {phase} has passed{passed.rstrip('.')}. New deadline ", due(moment), ".")
        return words(f"{whose} deadline has passed{passed.rstrip('.')}. New deadline ", due(moment), f". {prompt}")
    if not prompt:
        return words(f"{'your' if yours else 'the'} orders for {phase} are due ", due(moment), ".")
    return words("your move is due " if yours else f"{whose} move is due ", due(moment), f". {prompt}")
