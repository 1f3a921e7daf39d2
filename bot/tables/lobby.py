"""The lobby: opening, joining and starting games; settings and spectators (a game's seats changing
hands are in seats.py, its cancel and its lost channel in management.py).

Each command reads and writes the store in a worker thread (`asyncio.to_thread`), so that a
write lock held by another connection never stops the event loop; each change is stored with
the messages announcing it, which are then sent from the outbox.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime

import rules
from bot import fair_dice
from bot import text as fmt
from bot.computer.seat import NoComputer, new_seat
from bot.config import GameSettings
from bot.converters import chosen, named_options
from bot.delivery import DMClosed, PlatformDown, channel_audience, message
from bot.permissions import Actor, TableError, check_manage, check_seat, sides_of
from bot.store import Outbox
from bot.tables.news import Change
from bot.tables.notices import asked_in_views
from bot.tables.room import Room
from bot.words import Text, due, name, words
from bot.words import channel as channel_ref
from rules.core.errors import RulesError

log = logging.getLogger("kolocha.lobby")
OPEN_THREADS = 3  # games not ended a person may have opened on a server, to open one more in a new thread


@dataclass(frozen=True)
class Opponent:
    """`/game new ... opponent:computer`: the side the caller plays, and the computer's level
    (None: the configured defaults)."""

    side: str | None = None
    level: int | None = None


def _with_level(defaults: GameSettings, against: Opponent | None) -> dict:
    """The new game's settings: the defaults, at the level asked for its computer."""
    if against is None or against.level is None:
        return defaults.to_dict()
    return GameSettings.from_dict({"ai_level": against.level}, defaults).to_dict()


class Lobby(Room):
    """A table from its opening to its start, its settings and who watches it."""

    def check_new(self, system: str, scenario: str, options: str = "", tables: dict | None = None) -> None:
        """Refuse a system this server does not offer, a scenario it lacks, or an option it
        does not know (or own tables it does not take, or that break their format), before
        anything (a game, a thread) is opened for it: the game's own set-up judges the options."""
        systems = self.tables.systems
        if system not in systems:
            raise TableError(f"{system!r} is not a game system here; choose "
                             f"{' or '.join(systems)}.")
        ids = [s["id"] for s in rules.load(system).scenarios()]
        if scenario not in ids:
            raise TableError(f"{system} has no scenario {scenario!r}; choose {', '.join(ids)}.")
        try:
            rules.load(system).setup(scenario, 0, chosen(options, tables))
        except RulesError as error:
            raise TableError(str(error))

    def check_thread(self, actor: Actor, guild: str) -> None:
        """Refuse a new game thread to a person who has opened OPEN_THREADS games on this server
        that have not ended: each game asked with a thread opens one, and a server's threads are
        not to be flooded by one person."""
        mine = [g for g in self.store.games(guild=guild) if g["created_by"] == actor.id and g["status"] != "over"]
        if len(mine) >= OPEN_THREADS:
            raise TableError(f"You have opened {len(mine)} games on this server that have not ended "
                             f"(the most for opening a thread for another); finish or `/game cancel` one "
                             "first, or open the game in a channel without `thread`.")

    async def new(self, actor: Actor, guild: str, channel: str, system: str, scenario: str,
                  options: str = "", hot_seat: bool = False, seed: int | None = None,
                  against: Opponent | None = None, tables: dict | None = None) -> Text:
        """Open a game; `against` the computer, the caller takes a side, the computer every
        other, and the game begins at once; `tables`, a player's own table document
        (`/game new tables:`), becomes the option "tables", stored with the game so that it
        replays with them."""
        side = self._check_opponent(system, against)
        game_id = await asyncio.to_thread(self._open, actor, guild, channel, system, scenario,
                                          chosen(options, tables), hot_seat, seed, against, side)
        await self.delivery.flush(game_id)
        if side is None:
            return f"Game {game_id} is open. {self.tables.config.defaults.describe()}"
        joined = await self.join(actor, channel, side)
        await self.finish(game_id)
        return words(joined, f" The computer plays the other side; game {game_id} has begun.")

    async def finish(self, game_id: int, flush: bool = True) -> None:
        """What a game opened against the computer still has to do, each step stored with its
        news and done once: its creator seated, the computer in every other free seat, the start.
        `/game new` does it at once; a stop between the steps leaves the rest to the bot's next
        start (`finish_all`), so the game never waits unbegun with the computer's seat free."""
        async with self.tables.lock(game_id):
            creator = await asyncio.to_thread(self._seat_opening, game_id)
        if creator is None:
            return
        if flush:
            await self.delivery.flush(game_id)
        async with self.tables.lock(game_id):
            change = await asyncio.to_thread(self._start_opening, game_id, creator)
        if change is not None:
            await change.settle(flush)

    async def finish_all(self) -> None:
        """At start-up, before any command: every opening against the computer a stop cut short is
        finished (its news sent by the outbox's round); one that cannot be is logged and waits."""
        for game_id in await asyncio.to_thread(self.store.unfinished_openings):
            try:
                await self.finish(game_id, flush=False)
            except Exception:
                log.exception("game %s: finishing its opening against the computer failed", game_id)

    def _seat_opening(self, game_id: int) -> Actor | None:
        """Under the game's lock: the seats of an opening against the computer not yet stored; its
        creator, or None when there is no such opening to finish."""
        game = self.tables.current(game_id)
        if game["against"] is None or game["started_at"]:
            return None
        creator, side = Actor(game["created_by"], game["against"]["name"]), game["against"]["side"]
        if side not in self.store.seats(game_id):
            self._take_seat(game, creator, game["channel"], side, self._taken(creator, side, game_id))
        seats = self.store.seats(game_id)
        for other in self.service.system(game_id).INFO.sides:
            if other not in seats:
                self.tables.computer.take(game_id, other, None, words(name(creator.name), " seats the computer"))
        return creator

    def _start_opening(self, game_id: int, creator: Actor) -> Change | None:
        """Under the game's lock: the opening's game begins, unless it has meanwhile."""
        game = self.tables.current(game_id)
        return None if game["started_at"] or game["against"] is None else self._start(creator, game_id)

    def _check_opponent(self, system: str, against: Opponent | None) -> str | None:
        """The side the caller plays against the computer (None: no computer), refused before
        anything is opened when that side is not one or the system has no such computer."""
        if against is None:
            return None
        if system not in self.tables.systems:
            return None  # the opening refuses it in its own words
        sides = self.service.system_named(system).INFO.sides
        side = (against.side or sides[0]).strip().lower()
        if side not in sides:
            raise TableError(f"{side!r} is not a side of {fmt.SYSTEM_NAMES.get(system, system)}; "
                             f"choose {' or '.join(sides)}.")
        try:
            new_seat(self.service.system_named(system), against.level or self.tables.config.defaults.ai_level, 1)
        except NoComputer as error:
            raise TableError(str(error)) from None
        return side

    def _open(self, actor: Actor, guild: str, channel: str, system: str, scenario: str,
              options: dict, hot_seat: bool, seed: int | None, against: Opponent | None = None,
              side: str | None = None) -> int:
        """The new game, its settings and its opening line in the channel, stored together; against
        the computer, the `side` its creator plays, which `finish` seats them in."""
        self.check_new(system, scenario)
        if any(g["status"] != "over" for g in self.store.games(channel=channel)):
            raise TableError("This channel already has a game; finish it, or start one in "
                             "another channel or thread.")
        sides = ", ".join(map(fmt.side_name, rules.load(system).INFO.sides))
        options = self.service.options_of_new_game(system, options)
        named = named_options(options)

        def opening(game_id: int) -> Outbox:
            return [(channel_audience(channel), message(words(
                name(actor.name), f" opens game {game_id}: {fmt.game_name(system, scenario)}"
                f"{' (hot-seat)' if hot_seat else ''}{f' with {named}' if named else ''}. Sides: {sides}; "
                "`/game join` takes one, then `/game start`.")))]
        try:
            return self.service.new_game(system, scenario, seed, options,
                                         guild=guild, channel=channel, created_by=actor.id,
                                         hot_seat=hot_seat,
                                         settings=_with_level(self.tables.config.defaults, against),
                                         opening=opening,
                                         against={"side": side, "name": actor.name} if side else None)
        except RulesError as error:
            raise TableError(str(error))

    async def join(self, actor: Actor, channel: str, side: str) -> str:
        side = side.strip().lower()
        game = await asyncio.to_thread(self._free_seat, channel, side)
        taken = self._taken(actor, side, game["id"])
        async with self.tables.lock(game["id"]):
            await asyncio.to_thread(self._take_seat, game, actor, channel, side, taken)
        reply = f"You play {fmt.side_name(side)} in game {game['id']}."
        try:
            await self.delivery.messenger.dm(actor.id, f"{reply} Your private news arrives here.")
        except DMClosed:
            reply += (" I cannot send you direct messages: allow DMs from this server's members "
                      "(Privacy Settings), or your private news waits for your next command here.")
        except PlatformDown as error:  # Discord's passing trouble, no fault of ours: nothing learnt
            log.warning("the DM check of %s was not made: %s", actor.id, error)
        except Exception:  # the seat is taken whatever the DM check meets
            log.exception("the DM check of %s failed", actor.id)
        await self.tables.news.recheck_threads(game["id"])
        await self.delivery.flush(game["id"])
        return reply

    @staticmethod
    def _taken(actor: Actor, side: str, game_id: int) -> Text:
        return words(name(actor.name), f" takes the {fmt.side_name(side)} seat in game {game_id}.")

    def _free_seat(self, channel: str, side: str) -> dict:
        """The game here, if `side` is one of its seats and it has not started."""
        game = self.tables.seats.seat_of(channel, side)
        if game["started_at"]:
            raise TableError("This game has started; its seats are taken.")
        return game

    def _take_seat(self, game: dict, actor: Actor, channel: str, side: str, taken: Text) -> None:
        """The seat taken, its line stored with it; the last seat of a table its players fill says
        what comes next (an opening against the computer begins by itself)."""
        self.tables.current(game["id"])
        seats = self.store.seats(game["id"])
        check_seat(game, seats, actor, side)
        if game["against"] is None and set(self.service.system(game["id"]).INFO.sides) <= {*seats, side}:
            taken = words(taken, " Every seat is taken: `/game start` begins the game.")
        self.store.take_seat(game["id"], side, actor.id,
                             [(channel_audience(channel), message(taken))])

    async def start(self, actor: Actor, channel: str) -> str:
        """The game begins; one opened against the computer whose opening was cut short (the store
        busy while the bot ran on, say) is finished: its seats, then its start (`finish`)."""
        game = await asyncio.to_thread(self.tables.game_in, channel)
        game_id = game["id"]
        if game["against"] is not None and not game["started_at"]:
            seats = await asyncio.to_thread(self.store.seats, game_id)
            if actor.id != game["created_by"] and not sides_of(seats, actor):
                check_manage(game, actor, "start a game they do not play in")
            await self.finish(game_id)
            return f"Game {game_id} has started."
        async with self.tables.lock(game_id):
            change = await asyncio.to_thread(self._start, actor, game_id)
            await change.settle()
        return f"Game {game_id} has started."

    def _start(self, actor: Actor, game_id: int) -> Change:
        """Under the game's lock: the game begins, with its news and its first game turn."""
        game = self.tables.current(game_id)
        seats = self.store.seats(game_id)
        if game["started_at"]:
            raise TableError(f"Game {game_id} has already started.")
        if not sides_of(seats, actor):
            check_manage(game, actor, "start a game they do not play in")
        empty = [s for s in self.service.system(game_id).INFO.sides if s not in seats]
        if empty:
            raise TableError(f"The {' and '.join(map(fmt.side_name, empty))} "
                             f"{'seat is' if len(empty) == 1 else 'seats are'} still free: `/game join` "
                             f"fills {'it' if len(empty) == 1 else 'one'}, or `/game seat side:{empty[0]} "
                             "player:computer` gives it to the computer.")
        change = self.tables.news.change(game_id, "")
        begins = " ".join(filter(None, (f"Game {game_id} begins.", fair_dice.announcement(game))))
        state = self.service.load(game_id)
        news = asked_in_views(self.tables, game_id, state, change.announce(begins, None, state, 0), change.planned)
        self.store.start_game(game_id, news, change.turn[0] if change.turn else None, change.deadlines)
        return change

    async def change_settings(self, actor: Actor, channel: str, changes: dict) -> Text:
        """Show the settings, or change them (creator or Manage Server); running deadlines
        follow the new length and reminders at once."""
        game = await asyncio.to_thread(self.tables.game_in, channel)
        if not changes:
            return await asyncio.to_thread(lambda: self.tables.settings(game["id"]).describe())
        check_manage(game, actor, "change a game's settings")
        async with self.tables.lock(game["id"]):
            dues = await asyncio.to_thread(self._set, actor, game, channel, changes)
        await self.delivery.flush(game["id"])
        return words("Settings saved.", dues)

    def _set(self, actor: Actor, game: dict, channel: str, changes: dict) -> Text:
        """Under the game's lock: the new settings, the deadlines they reshape and the post
        saying so, stored together; then the deadlines' jobs. What is now due, as words."""
        self.tables.current(game["id"])
        before = self.tables.settings(game["id"])
        settings = GameSettings.from_dict(changes, before)  # Unreadable: its sentence is the reply
        if settings.at_deadline == "computer" or settings.ai_level != before.ai_level:
            self.tables.computer.seat_for(game["id"], settings.ai_level)  # a computer it has
        rows = self.tables.deadlines.reshaped(game["id"], before, settings)
        dues = words(*(words(f" {fmt.side_name(row['side'])} is now due ",
                             due(datetime.fromisoformat(row["due_at"])), ".") for row in rows))
        self.store.set_settings(game["id"], settings.to_dict(), [(channel_audience(channel),
            message(words(name(actor.name), f" changes the settings of game {game['id']}: "
                          f"{settings.describe()}", dues)))], rows)
        self.tables.deadlines.reschedule(game["id"])
        return dues

    async def spectate(self, actor: Actor, channel: str, spectator_channel: str) -> Text:
        game = await asyncio.to_thread(self._follow, actor, channel, spectator_channel)
        await self.delivery.flush(game["id"])
        return words(channel_ref(spectator_channel), f" follows game {game['id']}.")

    def _follow(self, actor: Actor, channel: str, spectator_channel: str) -> dict:
        game = self.tables.game_in(channel)
        check_manage(game, actor, "add a spectator channel")
        if spectator_channel == channel:
            raise TableError("Spectators watch from another channel than the game's.")
        self.store.add_spectator(game["id"], spectator_channel, [(
            channel_audience(spectator_channel),
            message(f"This channel now follows game {game['id']} (public view only)."))])
        return game
