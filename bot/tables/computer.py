"""The computer's seats at the tables: taking a seat, and playing it when its side acts.

After every change of a game (`Change.settle`), when the computer takes a seat, and for every
game at start-up, `wake` looks whether a side the computer holds is to act; if so it plans in the
planner (a worker process: bot/computer/planner.py) with nothing locked, then, under the game's lock, sends
the plan through the service like a player's commands and the news of each, its reason in the
public line. One task per game; a wake while it runs makes it look again when done. A plan made
against a position that has since moved is dropped and made again. Each plan carries its turn's
deadline: the seat's budget from when its side came to act after another's command (`TurnClock`),
so the wait for a worker and the plans before it in the same turn count; a searching commander
answers by then with the best it has found. A plan that fails (refused by the rules, a hung
worker, or broken) is logged and said in the game's channel once, and the seat waits at that
position for a person (`/game replace`), the computer seated again (`/game seat`) or the next start.
A plan the store refused because another program held the database is no fault: it is made and
sent again BUSY_PAUSE later.

While it thinks, the players see it thinking (Messenger.typing: Discord's "Kolocha is typing..."),
from its first plan until what it played is sent: in the game's channel, where its play is told, and
where each person is asked privately (their DMs or private thread: a game with hidden units, or
reminders by DM), where the game turns to them next. Only while the public view names its side to
move: who is to act is public, so the typing tells nothing a player could not know; a plan for a
choice the public is not shown waiting shows nothing.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from typing import TypeVar

from bot import text as fmt
from bot.computer.planner import Hung, Planner
from bot.computer.seat import Memory, NoComputer, PlanJob, Seat, TurnClock, answer, new_seat, next_job, send
from bot.delivery import channel_audience, message, user_audience
from bot.permissions import Actor, TableError, check_manage
from bot.service import BUSY, Compose, unplayed
from bot.store import Outbox
from bot.tables.news import Change
from bot.tables.notices import told_privately
from bot.tables.room import Room
from bot.under_way import named
from bot.words import COMPUTER, Text, mention, name, words
from rules.core.ai import Decision

log = logging.getLogger("kolocha.computer")
BUSY_PAUSE = 10.0  # seconds before a plan the busy database refused is made and sent again
T = TypeVar("T")


@dataclass
class Played:
    """What a computer's play has stored and not yet sent: whether any news, and its latest change
    posted with a map (Play.one_map); and where it is shown thinking."""

    news: bool = False
    began: int | None = None  # the command after which the player-turn it plays in began
    mapped: int | None = None
    last: int | None = None  # the last command it stored
    shown: tuple[str, ...] = ()  # the places it is shown thinking at, each held open in `thinking`
    thinking: AsyncExitStack = field(default_factory=AsyncExitStack)


class Computer(Room):
    """Plays the seats the computer holds."""

    def __init__(self, tables, planner: Planner):
        super().__init__(tables)
        self.planner = planner
        self.memory = Memory()
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._failed: dict[tuple[int, str], tuple[int, int]] = {}  # (game, side) -> where its plan failed: (the
        # position, the seat's seed: each seating draws its own, so a seat taken again tries afresh)
        self.clock = TurnClock()
        self.busy_pause = BUSY_PAUSE
        self.stopped = False  # a stop: nothing more is planned, whatever wakes it

    # -- taking a seat -------------------------------------------------------------------------

    def seat_for(self, game_id: int, level: int | None = None) -> Seat:
        """A computer seat for this game at its settings' level (or `level`) and budget;
        TableError with the system's sentence when it has no computer player of that level."""
        settings = self.tables.settings(game_id)
        try:
            return new_seat(self.service.system(game_id), level or settings.ai_level, settings.ai_budget)
        except NoComputer as error:
            raise TableError(str(error)) from None

    async def seat(self, actor: Actor, channel: str, side: str, level: int | None = None) -> Text:
        """`/game seat side player:computer`: the computer takes a side (its creator or a server
        manager, or the side's own player; in a game with hidden information a person's side only as
        for `/game replace`), started or not; a person holding it is told. A side the computer holds
        already is seated again, at the game's settings now and with a fresh seed."""
        side = side.strip().lower()
        game = await asyncio.to_thread(self.tables.seats.seat_of, channel, side)
        if await asyncio.to_thread(lambda: self.store.seats(game["id"]).get(side)) != actor.id:
            check_manage(game, actor, "hand a seat to the computer (a player hands their own)")
        async with self.tables.lock(game["id"]):
            said = await asyncio.to_thread(self._take_from, actor, game["id"], side, level)
        await self.delivery.flush(game["id"])
        self.wake(game["id"])
        return said

    def _take_from(self, actor: Actor, game_id: int, side: str, level: int | None) -> Text:
        """Under the game's lock: the computer takes the side, unless a person holds it whose
        consent a substitute would need (a computer's seat changes hands without anyone's)."""
        game = self.tables.current(game_id)
        seats = self.store.seats(game_id)
        holder = seats.get(side)
        if holder is not None and self.tables.seats.needs_consent(game, seats, actor, holder):
            raise TableError(words(
                mention(holder), f" holds the {fmt.side_name(side)} seat: in a game with hidden "
                "information only they, or a member with Manage Server who does not play in it, may "
                "hand it to the computer, whose seat then goes to anyone without asking."))
        return self.take(game_id, side, level, words(name(actor.name), " seats the computer"))

    def take(self, game_id: int, side: str, level: int | None, by: Text, late: bool = False) -> Text:
        """Under the game's lock, in a worker thread: the computer takes the side, with the
        news in the game's channel and, for a person it replaces, by DM (`late`: why, their deadline passed)."""
        game = self.tables.current(game_id)
        holder = self.store.seats(game_id).get(side)
        seat = self.seat_for(game_id, level)
        was = words(" in place of ", mention(holder)) if holder and holder != COMPUTER else ""
        said = words(by, " again" if holder == COMPUTER else "", f" as {fmt.side_name(side)} in game {game_id}", was,
                     f" (level {seat.level}, thinking up to {seat.budget:g} s a turn, its seed "
                     f"{seat.seed}).")
        rows: Outbox = [(channel_audience(game["channel"]), message(said))]
        dm = (user_audience(holder), words(
            f"your {fmt.side_name(side)} deadline has passed, so " if late else "",
            f"the computer now plays {fmt.side_name(side)} in your place. To play again, ask the "
            f"game's creator or a member with Manage Server for `/game replace side:{side}` naming you.")) \
            if holder and holder != COMPUTER else None
        rows += unplayed.handed(self.store, game_id, side, "the computer", dm)  # with what its holder held
        self.store.take_computer_seat(game_id, side, seat.to_dict(), rows)
        self.tables.deadlines.reschedule(game_id)  # the computer keeps no deadline
        return said

    # -- playing -------------------------------------------------------------------------------

    def wake(self, game_id: int) -> None:
        """Play the game's computer seats if one acts now (in a task of the game's own); nothing once
        the bot stops (a command stored meanwhile wakes it: its plan came after the store closed)."""
        if self.stopped:
            return
        running = self._tasks.get(game_id)
        if running is not None and not running.done():
            self._again.add(game_id)
            return
        task = self._tasks[game_id] = asyncio.get_running_loop().create_task(self._play(game_id))
        task.add_done_callback(lambda done: self._tasks.pop(game_id) if self._tasks.get(game_id) is done else None)

    async def wake_all(self) -> None:
        """At start-up: every running game whose computer seat is to act plays."""
        for game_id in await asyncio.to_thread(self.store.computer_games):
            self.wake(game_id)

    async def settled(self) -> None:
        """Wait until no computer is thinking or playing (tests)."""
        while running := [t for t in self._tasks.values() if not t.done()]:
            await asyncio.gather(*running, return_exceptions=True)

    def stop(self) -> None:
        """At a stop: no more plans (those under way are dropped, made again at the next start)."""
        self.stopped = True
        for task in self._tasks.values():
            task.cancel()
        self.planner.close()

    async def _play(self, game_id: int) -> None:
        """Play while the computer's side acts, then send what it played: its commands' news goes
        out together (texts in a row make one post), not a post a plan; a Bloody Monday battle's
        hits, a command each, were a post of one line each. Where it holds both sides, each
        player-turn's news is sent before the next is planned: else nothing of the game went out
        until it ended (hundreds of messages waiting a game in a soak of such games), and its
        sending paces its play. A wake while it sends makes it look again; a stop leaves the news in
        the outbox, sent at the next start."""
        played = Played()
        try:
            while await self._turn(game_id, played) or await self._sent(game_id, played) or \
                    self._again_for(game_id):
                pass
        except Exception:  # never let a task die silently: the game waits, the log says why
            log.exception("game %s: the computer's play failed", game_id)
            await self._sent(game_id, played)
        finally:  # a stop too
            await played.thinking.aclose()

    async def _sent(self, game_id: int, played: Played) -> bool:
        """The news of what the computer played, if anything, sent (Delivery.flush never raises), once it
        is no longer shown thinking; False."""
        await self._shown_thinking(game_id, played, ())
        if played.news:
            mapped, played.news, played.mapped = played.mapped, False, None
            if mapped is not None:
                await self._map_last(game_id, mapped, played.last)
            await self.delivery.flush(game_id)
        return False

    async def _map_last(self, game_id: int, mapped: int, last: int | None) -> None:
        """The map of its latest change that posted one moved under the lines of its commands after it
        (Play.map_last), as a person's orders in one message are told: a phase's headline and map above
        its commands after them, which posted none, were stale before anyone read them. Not where
        another's command came after its last (a person's held orders it set going tell their own
        account); a failure is logged, and its news is sent as it is."""
        try:
            async with self.tables.lock(game_id):
                if await asyncio.to_thread(self.store.last_seq, game_id) == last:
                    await self.tables.play.map_last(game_id, mapped)
        except Exception:  # never let the play die for it: the news stands, its map where it was
            log.exception("game %s: the computer's map could not be moved under its lines", game_id)

    def _again_for(self, game_id: int) -> bool:
        if game_id in self._again:
            self._again.discard(game_id)
            return True
        return False

    async def _turn(self, game_id: int, played: Played) -> bool:
        """Answer what a person asks of the computer, else plan and send once; True while there
        may be more to play. A phase's map that a later plan posts anew is left out (Play.one_map),
        as for a person's orders in one message."""
        answered = await asyncio.shield(self._command(game_id, self._answer, game_id))
        if answered is not None:
            played.news = True
            await answered.settle(flush=False)
            await self._release(game_id)
            return True
        job = await asyncio.to_thread(self._job, game_id)
        if job is None:
            return False
        began = await asyncio.to_thread(self.store.player_turn_start, game_id, job.played)
        if played.news and began != played.began:  # the computer holds both sides: the last player-turn goes first
            await self._sent(game_id, played)
        played.began = began
        planning = asyncio.ensure_future(self.planner.plan(job))  # at once: its typing waits for the news before it
        try:
            await self._shown_thinking(game_id, played, await asyncio.to_thread(self._thinking_at, game_id, job.side))
        except BaseException:
            planning.cancel()
            raise
        try:
            decisions = await planning
        except Hung as error:  # its worker ended: no traceback to read, the words say it all
            log.warning("game %s: the %s computer stops at command %s: %s (that worker was ended); the side waits "
                        "there until `/game seat` seats the computer again, `/game replace` hands it to a person, or "
                        "the bot starts again", game_id, job.side, job.played, error)
            await self._give_up(game_id, job, f"it could not plan ({error})")
            return False
        except Exception:  # noqa: BLE001 - a broken worker, a commander's bug
            log.exception("game %s: the %s computer could not plan", game_id, job.side)
            await self._give_up(game_id, job, "it could not plan")
            return False
        outcome = await asyncio.shield(self._command(game_id, self._send, game_id, job, decisions))
        if outcome == BUSY:
            log.warning("game %s: the %s computer's plan waits %.0f s: the database is busy", game_id, job.side,
                        self.busy_pause)
            await asyncio.sleep(self.busy_pause)
            return True
        if isinstance(outcome, Change):
            played.news = True
            await outcome.settle(flush=False)
            async with self.tables.lock(game_id):
                played.mapped = await self.tables.play.one_map(game_id, played.mapped)
                played.last = await asyncio.to_thread(self.store.last_seq, game_id)
            await self._release(game_id)
            return True
        if outcome:
            await self._give_up(game_id, job, outcome)
            return False
        return True  # the position moved while it thought: plan again

    def _thinking_at(self, game_id: int, side: str) -> tuple[str, ...]:
        """Where the computer planning for `side` is shown thinking (in a worker thread): the game's
        channel, and the private place of each person there who is asked privately (`told_privately`);
        nowhere unless the public view names its side to move."""
        system = self.service.system(game_id)
        if side not in system.view(self.service.load(game_id), None).get("to_move", []):
            return ()
        seats = self.store.seats(game_id)
        private = [self.delivery.private_place(game_id, user) for person, user in seats.items()
                   if user not in (None, COMPUTER) and told_privately(self.tables, game_id, person)]
        channel = f"channel:{self.store.game(game_id)['channel']}"
        return tuple(dict.fromkeys([channel, *(place for place in private if place is not None)]))

    async def _shown_thinking(self, game_id: int, played: Played, places: tuple[str, ...]) -> None:
        """The computer shown thinking at `places` from now (Messenger.typing), where it was shown at
        others; held open across its plans until what it played is sent (`_sent`). What waits to be
        sent goes first (the command that woke it): Discord ends the typing at the bot's next message."""
        if places == played.shown:
            return
        await played.thinking.aclose()
        played.thinking, played.shown = AsyncExitStack(), places
        if places:
            await self.delivery.flush(game_id)
        for place in places:
            await played.thinking.enter_async_context(self.delivery.messenger.typing(place))

    def _command(self, game_id: int, work: Callable[..., T], *args: object) -> asyncio.Task[T]:
        """`work` under the game's lock (`_locked`) in a task named for a stop's log (bot/under_way.py)."""
        return asyncio.get_running_loop().create_task(self._locked(game_id, work, *args),
                                                      name=named(f"the computer's command in game {game_id}"))

    async def _locked(self, game_id: int, work: Callable[..., T], *args: object) -> T:
        """`work` in a worker thread under the game's lock, shielded by the caller: a stop that
        cancels the play leaves the lock held until the thread is done, so the stop's wait for
        each game's lock (Tables.quiesce) waits for it before the store closes."""
        async with self.tables.lock(game_id):
            return await asyncio.to_thread(work, *args)

    async def _release(self, game_id: int) -> None:
        """The held orders of a person that the computer's command set going (bot/tables/held.py)."""
        async with self.tables.lock(game_id):
            await self.tables.play.release(game_id, flush=False)

    def _composer(self, game_id: int, changes: list[Change]) -> Callable[[Decision], Compose]:
        """The news of each of the computer's commands, its reason with it (kept in `changes`)."""
        def compose_for(decision: Decision) -> Compose:
            changes.append(self.tables.news.change(game_id, "Computer", why=decision.reason))
            return changes[-1].compose
        return compose_for

    def _answer(self, game_id: int) -> Change | None:
        """Under the game's lock: a draw offer or undo request to the computer answered."""
        game = self.store.game(game_id)
        if game["status"] == "over" or game["paused"] or not game["started_at"]:
            return None
        changes: list[Change] = []
        compose_for = self._composer(game_id, changes)
        result = answer(self.service, game_id, compose_for)
        if result is not None and not result.accepted:
            log.error("game %s: the computer's answer was refused: %s", game_id, result.message)
        return changes[0] if result is not None and result.accepted else None

    def _job(self, game_id: int) -> PlanJob | None:
        game = self.store.game(game_id)
        if game["status"] == "over":
            self.forget(game_id)
        if game["paused"] or not game["started_at"]:
            return None
        job = next_job(self.service, self.memory, game_id)
        if job is None or self._failed.get((game_id, job.side)) == (job.played, job.seed):
            return None
        return self.clock.timed(game_id, job)

    def forget(self, game_id: int) -> None:
        """A game over: what the computer kept of it goes (what each side was told, its turns' clock,
        a seat's failure). Ended by a command, its next look at the game finds it over; ended by
        its players (a resignation, a forfeit, a cancel), whoever ended it calls this: else a bot up
        for a month kept every such game's whole position and story."""
        self.memory.forget(game_id)
        self.clock.forget(game_id)
        for key in [key for key in list(self._failed) if key[0] == game_id]:  # in place: read by other threads
            self._failed.pop(key, None)

    def _send(self, game_id: int, job: PlanJob, decisions: list[Decision]) -> Change | str | None:
        """Under the game's lock: the plan sent; the last accepted command's Change (to settle),
        None when the position has moved since the plan (nothing sent), BUSY when the store refused
        its first command as busy, or why it failed."""
        game = self.store.game(game_id)
        if game["status"] == "over" or game["paused"] or self.store.last_seq(game_id) != job.played:
            return None
        if not decisions:
            return "it planned nothing while its side is to act"
        changes: list[Change] = []
        compose_for = self._composer(game_id, changes)
        sent = send(self.service, game_id, job, decisions, compose_for)
        accepted = [change for change, (_, result) in zip(changes, sent) if result.accepted]
        if accepted:
            self.clock.sent(game_id, job, self.store.last_seq(game_id))
        refused = [(d, r) for d, r in sent if not r.accepted]
        if refused and refused[0][1].message == BUSY:  # nothing wrong with the plan: try again
            return accepted[-1] if accepted else BUSY
        if refused:
            decision, result = refused[0]
            log.error("game %s: the %s computer's %r (%s) was refused: %s", game_id, job.side,
                      decision.command, decision.reason, result.message)
            if not accepted:  # the command and the refusal may name its hidden units: they stay in the log
                return "the rules refuse a command it planned"
        return accepted[-1] if accepted else None

    async def _give_up(self, game_id: int, job: PlanJob, why: str) -> None:
        """Said once in the game's channel, in words that name nothing of the position (the
        details are in the log); the seat waits at this position."""
        self._failed[(game_id, job.side)] = (job.played, job.seed)
        game = await asyncio.to_thread(self.store.game, game_id)
        text = (f"Game {game_id}: the computer playing {fmt.side_name(job.side)} stops: {why}. "
                "This is logged as a fault of the computer player; the game's creator can hand "
                "the side to a person with `/game replace`, or seat the computer again with "
                "`/game seat`.")
        await self.delivery.send(game_id, [(channel_audience(game["channel"]), message(text))])
