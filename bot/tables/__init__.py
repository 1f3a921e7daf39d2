"""Game tables: games bound to a server channel, their seats, settings, spectators and clocks.

The layer every chat front end calls, below Discord. `Tables` holds what every room shares (the
service, the store, delivery, settings, deadlines and one asyncio.Lock per game, so commands of
one game run one at a time and games never wait for each other) and composes the rooms, each with
one job:

* `lobby`: opening, joining, starting and ending games, settings, spectators, listings;
* `play`: the game's own commands, typed or from buttons, and the map on request;
* `completion`: autocomplete from the legal commands of the caller's side;
* `news`: what others hear after a change (public lines, maps, DMs, spectators);
* `clocks`: what happens when a deadline comes near or passes.

Each room method takes an Actor and a channel id and returns the private reply for the caller, or
raises TableError with the sentence of refusal.
"""
from __future__ import annotations

import asyncio
from collections import defaultdict

import rules
from bot.config import Config, GameSettings
from bot.deadlines import Clock, Deadlines, Scheduler, utc_now
from bot.delivery import Delivery
from bot.permissions import Actor, TableError
from bot.service import GameService
from bot.tables.clocks import Clocks
from bot.tables.completion import Completion
from bot.tables.lobby import Lobby
from bot.tables.news import News
from bot.tables.play import Offer, PlainReply, Play

__all__ = ["Offer", "PlainReply", "Tables"]


class Tables:
    """Every game table the bot keeps: shared parts, and the rooms that use them."""

    def __init__(self, service: GameService, delivery: Delivery, scheduler: Scheduler,
                 config: Config | None = None, clock: Clock = utc_now,
                 systems: tuple[str, ...] | None = None):
        self.service = service
        self.systems = systems or tuple(rules.systems())
        self.store = service.store
        self.delivery = delivery
        self.config = config or Config()
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.news = News(self)
        self.clocks = Clocks(self)
        self.deadlines = Deadlines(self.store, scheduler, self.settings, self.clocks.remind,
                                   self.clocks.expire, clock)
        self.completion = Completion(self)
        self.lobby = Lobby(self)
        self.play = Play(self)

    def game_in(self, channel: str) -> dict:
        """The game at this channel's table (the newest one not over)."""
        live = [g for g in self.store.games(channel=channel) if g["status"] != "over"]
        if not live:
            raise TableError("There is no game running in this channel; `/game new` starts one.")
        return live[-1]

    def settings(self, game_id: int) -> GameSettings:
        return GameSettings.from_dict(self.store.game(game_id)["settings"], self.config.defaults)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    def private(self, actor: Actor, text: str) -> str:
        """A reply for this person alone, followed by whatever closed DMs held back from them
        (each notice shown once)."""
        notices = self.delivery.notices(actor.id)
        if notices:
            text += "\n\nWhile your DMs were closed:\n" + "\n".join(notices)
        return text
