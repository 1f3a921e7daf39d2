"""Game tables: games bound to a server channel, their seats, settings, spectators and clocks.

The layer every chat front end calls, below Discord. `Tables` holds what every room shares (the
service, the store, delivery, settings, deadlines and one asyncio.Lock per game, so commands of
one game run one at a time and games never wait for each other, plus one per channel, so the
orders typed in a channel are played in the order they arrived) and composes the rooms, each with
one job:

* `lobby`: opening, joining and starting games, settings, spectators;
* `seats`: a substitute seated for a side, with its holder's consent where views are hidden;
* `management`: cancelling a game; the games of a lost channel paused, and resumed elsewhere;
* `absence`: leaving a lobby, pausing and resuming by agreement;
* `overview`: a game's status, a player's games across servers, a server's games filtered, help;
* `play`: the game's own commands, typed or from buttons, and the map on request;
* `direct`: orders typed to the bot in a direct message, played in the sender's game;
* `completion`: autocomplete from the legal commands of the caller's side;
* `news`: what others hear after a change (public lines, maps, DMs; spectators in `spectators.py`);
* `clocks`: what happens when a deadline comes near or passes;
* `computer`: the seats the computer holds, played when their side acts.

Each room method takes an Actor and a channel id and returns the private reply for the caller, or
raises TableError with the sentence of refusal.
"""
from __future__ import annotations

import asyncio
from dataclasses import replace

import rules
from bot.computer.planner import Planner, ProcessPlanner
from bot.config import Config, GameSettings
from bot.deadlines import Clock, Deadlines, Scheduler, utc_now
from bot.delivery import Delivery, Reply
from bot.keyed_locks import KeyedLocks
from bot.permissions import Actor, TableError
from bot.player_prefs import PlayerPrefs
from bot.service import GameService, over_sentence
from bot.store import DeadlineRows
from bot.tables.absence import Absence
from bot.tables.clocks import Clocks
from bot.tables.completion import Completion
from bot.tables.computer import Computer
from bot.tables.confirmations import Offer
from bot.tables.direct import Direct
from bot.tables.lobby import Lobby
from bot.tables.management import Management
from bot.tables.news import News
from bot.tables.overview import Overview, over_here
from bot.tables.play import Play
from bot.tables.seats import Seats
from bot.tables.typed import PlainReply
from bot.words import Text, words

__all__ = ["Offer", "PlainReply", "Reply", "Tables"]

INBOX_OFFER = ("\n\nI cannot send you direct messages (your DMs are closed), so your private "
               "news waits for your next command here. `/game inbox` opens a private thread in "
               "the game's channel, where it arrives at once, if no other player of the game could "
               "read it there (it says who else can).")


class Tables:
    """Every game table the bot keeps: shared parts, and the rooms that use them."""

    def __init__(self, service: GameService, delivery: Delivery, scheduler: Scheduler,
                 config: Config | None = None, clock: Clock = utc_now,
                 systems: tuple[str, ...] | None = None, planner: Planner | None = None):
        self.service = service
        self.systems = systems or tuple(rules.systems())
        self.store = service.store
        self.delivery = delivery
        self.config = config or Config()
        self._locks = KeyedLocks()  # a game's, while in use: none kept for a game over
        self._arrivals = KeyedLocks()
        self.news = News(self)
        self.clocks = Clocks(self)
        self.deadlines = Deadlines(self.store, scheduler, self.settings, self.clocks.remind,
                                   self.clocks.expire, clock, self.prefs_of)
        self.completion = Completion(self)
        self.lobby = Lobby(self)
        self.seats = Seats(self)
        self.management = Management(self)
        self.overview = Overview(self)
        self.absence = Absence(self)
        self.play = Play(self)
        self.direct = Direct(self)
        self.computer = Computer(self, planner or ProcessPlanner())

    def game_in(self, channel: str) -> dict:
        """The game at this channel's table (the newest one not over). Without one, the refusal
        says how the last game here ended, for those who still speak to it."""
        played = self.store.games(channel=channel)
        live = [g for g in played if g["status"] != "over"]
        if live:
            return live[-1]
        if played:
            raise TableError(f"{over_here(self.service, played[-1])}; `/game new` starts another.")
        raise TableError("There is no game running in this channel; `/game new` starts one.")

    def current(self, game_id: int) -> dict:
        """The game's row read again under its lock, refused if it has ended meanwhile: a
        command queued behind a resignation, a cancel or a forfeit must not revive the game."""
        game = self.store.game(game_id)
        if game["status"] == "over":
            raise TableError(over_sentence(game_id, game["ended"]))
        return game

    def running(self, game_id: int) -> DeadlineRows:
        """The deadlines the game's position calls for (fresh for a side without one), to store
        with a write that lets the game go on (a resume)."""
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        return self.deadlines.rows(game_id, system.active_sides(state), system.phase_key(state))

    def prefs_of(self, game_id: int, side: str) -> PlayerPrefs:
        """The own-time preferences of the player holding a side (defaults for a free seat). While
        the bot knows their DMs closed (and no private thread of the game carries their news), a
        player who takes reminders by DM, or where the game asks them, is pinged in the channel
        too: else none might reach them."""
        user = self.store.seats(game_id).get(side)
        prefs = PlayerPrefs.from_dict(self.store.player_prefs(user))
        if prefs.remind in ("dm", "asked") and user and self.store.closed_dm(user) is not None \
                and self.store.private_thread(game_id, user) is None:
            return replace(prefs, remind="both")
        return prefs

    def settings(self, game_id: int) -> GameSettings:
        return GameSettings.stored(self.store.game(game_id)["settings"], self.config.defaults)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    def in_order(self, channel: str) -> asyncio.Lock:
        """The channel's queue of orders, taken before the first await: asyncio's locks serve
        waiters first come, first served, so `move r1 0201` typed before `end` is judged before
        it even when the worker threads that find the game finish in another order. Always
        taken before the game's lock, never inside it."""
        return self._arrivals[channel]

    async def quiesce(self) -> None:
        """Wait until the commands under way have finished (each game's lock taken in turn)."""
        for lock in self._locks.in_use():
            async with lock:
                pass

    def private(self, actor: Actor, text: Text) -> Reply:
        """A reply for this person alone, followed by whatever closed DMs held back from them
        (marked delivered once the reply is sent: Delivery.mark_shown), and the offer of a
        private thread."""
        held = self.delivery.held(actor.id)
        if not held:
            return Reply(text)
        return Reply(words(text, "\n\nWhile your DMs were closed:\n",
                           self.delivery.held_text(held), INBOX_OFFER), tuple(held))
