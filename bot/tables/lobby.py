"""The lobby: opening, joining, starting and ending games; settings and spectators.

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
from bot.converters import parse_options
from bot.delivery import DMClosed, channel_audience, message, user_audience
from bot.permissions import Actor, TableError, check_manage, check_seat, sides_of
from bot.store import Outbox, UnknownGame
from bot.tables.news import Change
from bot.tables.overview import ended_how, seats_text
from bot.tables.room import Room
from bot.words import COMPUTER, Text, due, join, mention, name, words
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


def chosen(options: str, tables: dict | None) -> dict:
    """The set-up options of a new game: the names typed, and a player's own tables if given.

    >>> chosen("a, b", None), chosen("", {"turns": {}})
    ({'a': True, 'b': True}, {'tables': {'turns': {}}})
    """
    return {**parse_options(options), **({"tables": tables} if tables is not None else {})}


def with_options(options: dict) -> str:
    """The options named in a game's opening line (own tables by that name, not their contents).

    >>> with_options({"imperial_guard": True, "tables": {}}), with_options({})
    (' with imperial_guard, own tables', '')
    """
    named = [name if name != "tables" else "own tables" for name in options]
    return f" with {', '.join(named)}" if named else ""


class Lobby(Room):
    """Everything about a table that is not a move of the game."""

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
                                          chosen(options, tables), hot_seat, seed, against)
        await self.delivery.flush(game_id)
        if side is None:
            return f"Game {game_id} is open. {self.tables.config.defaults.describe()}"
        joined = await self.join(actor, channel, side)
        for other in self.service.system_named(system).INFO.sides:
            if other != side:
                await self.tables.computer.seat(actor, channel, other)
        await self.start(actor, channel)
        return words(joined, f" The computer plays the other side; game {game_id} has begun.")

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
            raise TableError(f"{side!r} is not a side of {system}; choose {' or '.join(sides)}.")
        try:
            new_seat(self.service.system_named(system), against.level or self.tables.config.defaults.ai_level, 1)
        except NoComputer as error:
            raise TableError(str(error)) from None
        return side

    def _open(self, actor: Actor, guild: str, channel: str, system: str, scenario: str,
              options: dict, hot_seat: bool, seed: int | None, against: Opponent | None = None) -> int:
        """The new game, its settings and its opening line in the channel, stored together."""
        self.check_new(system, scenario)
        if any(g["status"] != "over" for g in self.store.games(channel=channel)):
            raise TableError("This channel already has a game; finish it, or start one in "
                             "another channel or thread.")
        sides = ", ".join(map(fmt.side_name, rules.load(system).INFO.sides))

        def opening(game_id: int) -> Outbox:
            return [(channel_audience(channel), message(words(
                name(actor.name), f" opens game {game_id}: {system} {scenario}"
                f"{' (hot-seat)' if hot_seat else ''}{with_options(options)}. Sides: {sides}; `/game join` takes one, "
                "then `/game start`.")))]
        try:
            return self.service.new_game(system, scenario, seed, options,
                                         guild=guild, channel=channel, created_by=actor.id,
                                         hot_seat=hot_seat,
                                         settings=_with_level(self.tables.config.defaults, against),
                                         opening=opening)
        except RulesError as error:
            raise TableError(str(error))

    async def join(self, actor: Actor, channel: str, side: str) -> str:
        side = side.strip().lower()
        game = await asyncio.to_thread(self._free_seat, channel, side)
        taken = words(name(actor.name), f" takes the {fmt.side_name(side)} seat in game "
                      f"{game['id']}.")
        async with self.tables.lock(game["id"]):
            await asyncio.to_thread(self._take_seat, game, actor, channel, side, taken)
        reply = f"You play {fmt.side_name(side)} in game {game['id']}."
        try:
            await self.delivery.messenger.dm(actor.id, f"{reply} Your private news arrives here.")
        except DMClosed:
            reply += (" I cannot send you direct messages: allow DMs from this server's members "
                      "(Privacy Settings), or your private news waits for your next command here.")
        except Exception:  # the seat is taken whatever the DM check meets
            log.exception("the DM check of %s failed", actor.id)
        await self.tables.news.recheck_threads(game["id"])
        await self.delivery.flush(game["id"])
        return reply

    def _free_seat(self, channel: str, side: str) -> dict:
        """The game here, if `side` is one of its seats and it has not started."""
        game = self.seat_of(channel, side)
        if game["started_at"]:
            raise TableError("This game has started; its seats are taken.")
        return game

    def _take_seat(self, game: dict, actor: Actor, channel: str, side: str, taken: Text) -> None:
        self.tables.current(game["id"])
        check_seat(game, self.store.seats(game["id"]), actor, side)
        self.store.take_seat(game["id"], side, actor.id,
                             [(channel_audience(channel), message(taken))])

    async def start(self, actor: Actor, channel: str) -> str:
        game_id = (await asyncio.to_thread(self.tables.game_in, channel))["id"]
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
            raise TableError(f"The {' and '.join(map(fmt.side_name, empty))} seat is still "
                             "free; `/game join` fills it.")
        change = self.tables.news.change(game_id, "")
        begins = " ".join(filter(None, (f"Game {game_id} begins.", fair_dice.announcement(game))))
        news = change.announce(begins, None, self.service.load(game_id), 0)
        self.store.start_game(game_id, news, change.turn[0] if change.turn else None, change.deadlines)
        return change

    async def cancel(self, actor: Actor, channel: str, game_id: int | None = None,
                     guild: str | None = None) -> str:
        """End a game without a winner: the one here, by its creator or a server manager; or
        any game of this server by its number, from any channel, by a member with Manage
        Server (its channel may be gone)."""
        game = await asyncio.to_thread(self._to_end, actor, channel, game_id, guild)
        async with self.tables.lock(game["id"]):
            await asyncio.to_thread(self._end, actor, game)
            await self.delivery.flush(game["id"])
        return f"Game {game['id']} is ended."

    def _to_end(self, actor: Actor, channel: str, game_id: int | None,
                guild: str | None) -> dict:
        game = self.tables.game_in(channel) if game_id is None else \
            self.game_of_server(actor, guild, game_id, "end a game from another channel")
        check_manage(game, actor, "end a game")
        return game

    def _end(self, actor: Actor, game: dict) -> None:
        """Under the game's lock: the game ends without a winner, with the news."""
        game = self.tables.current(game["id"])
        ended = message(words(name(actor.name), f" ends game {game['id']}; no winner."))
        rows = [(place, ended) for place in self.tables.news.places(game)]
        self.store.end_game(game["id"], {"winner": None, "reason": f"ended by {actor.name}"},
                            [*rows, *self.tables.news.reveal_rows(game)])
        self.tables.deadlines.reschedule(game["id"])

    def status(self, actor: Actor, channel: str) -> Text:
        """Headline, seats, deadlines and settings; the caller's own view when seated. With no
        game running here, the last one played here, and how it ended."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            played = self.store.games(channel=channel)
            if not played:
                raise
            game = played[-1]
            return words(f"Game {game['id']}: {game['system']} {game['scenario']} is over "
                         f"({ended_how(self.service, game)}). Seats: ", seats_text(self.store.seats(game["id"]))
                         or "none taken", ". `/game export` posts its record; `/game new` starts another game.")
        game_id = game["id"]
        seats = self.store.seats(game_id)
        mine = sides_of(seats, actor)
        view = self.service.system(game_id).view(self.service.load(game_id),
                                                 mine[0] if mine else None)
        lines: list[Text] = [(f"Game {game_id}: {game['system']} {game['scenario']}"
                              f"{' (hot-seat)' if game['hot_seat'] else ''}"),
                             fmt.headline(view) if game["started_at"] else "Not started yet.",
                             words("Seats: ", seats_text(seats) or "none taken")]
        for row in self.store.deadlines(game_id):
            lines.append(words(f"{fmt.side_name(row['side'])} deadline ",
                               due(datetime.fromisoformat(row["due_at"]))))
        lines.append(self.tables.settings(game_id).describe())
        return join(lines)

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

    def game_of_server(self, actor: Actor, guild: str | None, game_id: int, what: str) -> dict:
        """A game of this server named by its number, for a member with Manage Server."""
        try:
            game = self.store.game(game_id)
        except UnknownGame:
            game = None
        if game is None or game["guild"] != guild or game["status"] == "over":
            raise TableError(f"This server has no game {game_id} running; `/game list` shows "
                             "its games.")
        if not actor.manage_guild:
            raise TableError(f"Only a member with Manage Server may {what}; in game "
                             f"{game_id}'s channel, its creator may too.")
        return game

    async def replace(self, actor: Actor, channel: str, side: str, player: Actor) -> Text:
        """Seat a substitute for a side (its creator, a server manager, or the side's own player),
        started or not:
        the newcomer gets the side's private view at once, and its held news from now on. In a
        game with hidden information a seated player's side changes hands only with their
        consent (asked with buttons), unless a member with Manage Server who plays no part in the
        game seats the substitute: else a player could seat an accomplice in the other's seat,
        read that side's whole private view and seat its player back."""
        side = side.strip().lower()
        game = await asyncio.to_thread(self.seat_of, channel, side)
        game_id = game["id"]
        if (await asyncio.to_thread(self.store.seats, game_id)).get(side) != actor.id:  # one's own: free
            check_manage(game, actor, "seat a substitute")
        async with self.tables.lock(game_id):
            asked = await asyncio.to_thread(self._seat_or_ask, actor, game, channel, side, player)
            if asked is None:
                await self.tables.news.recheck_threads(game_id)
            await self.delivery.flush(game_id)
        if asked is not None:
            return words(f"The {fmt.side_name(side)} seat changes hands once ", mention(asked),
                         ", who holds it, agrees: I have asked them (the other side's view is hidden "
                         "from you, so only they, or a member with Manage Server who does not play "
                         "in this game, may hand it over).")
        return words(mention(player.id), f" plays {fmt.side_name(side)} in game {game_id}.")

    def _seat_or_ask(self, actor: Actor, game: dict, channel: str, side: str,
                     player: Actor) -> str | None:
        """Under the game's lock: the seat changes hands, or, where its player must consent, they
        are asked with buttons (None, or the player asked)."""
        game_id = game["id"]
        game = self.tables.current(game_id)
        seats = self.store.seats(game_id)
        holder = seats.get(side)
        if holder == player.id:
            raise TableError(words(mention(player.id), f" already plays "
                                   f"{fmt.side_name(side)}."))
        check_seat(game, {s: u for s, u in seats.items() if s != side}, player, side)
        if holder is None or not self.needs_consent(game, seats, actor, holder):
            self._seat_substitute(actor, game, channel, side, player)
            return None
        request = {"side": side, "user": player.id, "by": actor.id, "name": actor.name}
        where = f"the {fmt.side_name(side)} seat of game {game_id}"
        question = words(name(actor.name), f" asks you to hand {where} to ", mention(player.id),
                         ", who would see everything your side sees. Hand it over, or keep it? "
                         "(`/game replace` by you hands it over too.)")
        self.store.set_pending_seat(game_id, request, [
            (channel_audience(channel), message(words(name(actor.name), " asks ", mention(holder),
                                                      f" to hand {where} to ", mention(player.id), "."))),
            (side, message(question, buttons={"action": "cede", "other": "hold", "game": game_id,
                                              "side": side, "seq": int(player.id)}))])
        return holder

    def needs_consent(self, game: dict, seats: dict[str, str], actor: Actor, holder: str) -> bool:
        """Whether handing a person's seat to another needs that person's consent: in a game with
        hidden information, unless they hand it over themselves or a member with Manage Server
        who plays no part in the game does."""
        if holder in (COMPUTER, actor.id) or not self.service.system(game["id"]).INFO.hidden_information:
            return False
        return not (actor.manage_guild and actor.id not in seats.values())

    async def answer_seat(self, actor: Actor, game_id: int, side: str, user: str, agreed: bool) -> Text:
        """The seated player's answer (a button) to a request to hand their seat to `user`."""
        async with self.tables.lock(game_id):
            answer = await asyncio.to_thread(self._answer_seat, actor, game_id, side, user, agreed)
            if agreed:
                await self.tables.news.recheck_threads(game_id)
            await self.delivery.flush(game_id)
        return answer

    def _answer_seat(self, actor: Actor, game_id: int, side: str, user: str, agreed: bool) -> Text:
        game = self.tables.current(game_id)
        request = game["pending_seat"]
        if not request or request["side"] != side or request["user"] != user:
            raise TableError("This button has expired: no request to hand over your seat waits "
                             "for your answer.")
        if self.store.seats(game_id).get(side) != actor.id:
            raise TableError(f"Only the {fmt.side_name(side)} player may answer this.")
        if agreed:
            self._seat_substitute(Actor(request["by"], request["name"]), game, game["channel"], side,
                                  Actor(user, ""))
            return words("You handed the ", fmt.side_name(side), " seat to ", mention(user), ".")
        self.store.set_pending_seat(game_id, None, [(channel_audience(game["channel"]), message(words(
            mention(actor.id), f" keeps the {fmt.side_name(side)} seat of game {game_id}.")))])
        return f"You keep the {fmt.side_name(side)} seat."

    def seat_of(self, channel: str, side: str) -> dict:
        """The game here, if `side` is one of its sides."""
        game = self.tables.game_in(channel)
        sides = self.service.system(game["id"]).INFO.sides
        if side not in sides:
            raise TableError(f"{side!r} is not a side of this game; choose "
                             f"{' or '.join(sides)}.")
        return game

    def _seat_substitute(self, actor: Actor, game: dict, channel: str, side: str,
                         player: Actor) -> None:
        """Under the game's lock: the seat changes hands, with the news and the newcomer's view."""
        game_id = game["id"]
        seats = self.store.seats(game_id)
        check_seat(game, {s: u for s, u in seats.items() if s != side}, player, side)
        was = words(" in place of ", mention(seats[side])) if side in seats else ""
        rows = [(channel_audience(channel), message(words(
                    name(actor.name), " seats ", mention(player.id), f" as "
                    f"{fmt.side_name(side)} in game {game_id}", was, "."))),
                (user_audience(player.id), message(words(
                    f"you now play {fmt.side_name(side)} (seated by ", name(actor.name),
                    ") in ", channel_ref(channel), ".")))]
        if game["started_at"]:
            state = self.service.load(game_id)
            rows += [row for row in self.tables.news.private_views(
                game_id, state, self.store.last_seq(game_id), None) if row[0] == side]
        self.store.take_seat(game_id, side, player.id, rows)
        if game["started_at"] and seats.get(side) == COMPUTER and not game["paused"]:
            self._clock_for(game_id, side)

    def _clock_for(self, game_id: int, side: str) -> None:
        """A person taking a side from the computer (which keeps no deadline): a deadline of
        their own if that side acts now."""
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        if side in system.active_sides(state):
            self.tables.deadlines.renew(game_id, side, system.phase_key(state))

    async def lose_channel(self, channel: str, reason: str) -> None:
        """The channel (or thread) of running games is gone or closed to the bot: each game
        waits, without deadlines, and its players hear why and what to do, by DM."""
        for game in await asyncio.to_thread(self.store.games, None, channel):
            if game["status"] != "over" and not game["paused"]:
                await self._pause(game, reason)

    async def lose_guild(self, guild: str, reason: str) -> None:
        for game in await asyncio.to_thread(self.store.games, guild):
            if game["status"] != "over" and not game["paused"]:
                await self._pause(game, reason)

    async def _pause(self, game: dict, reason: str) -> None:
        game_id = game["id"]
        async with self.tables.lock(game_id):
            await asyncio.to_thread(self._wait, game, reason)
            await self.delivery.flush(game_id)

    def _wait(self, game: dict, reason: str) -> None:
        """Under the game's lock: no deadlines, and the game waits, with the news by DM; a game
        that ended or paused meanwhile is left as it is."""
        game_id = game["id"]
        game = self.store.game(game_id)
        if game["status"] == "over" or game["paused"]:
            return
        text = (f"{game['system']} {game['scenario']} is paused: {reason}. Nothing is lost. "
                f"To go on, its creator or a member with Manage Server runs `/game resume "
                f"game:{game_id}` in a channel of the server; `/game cancel game:{game_id}` "
                "ends it.")
        people = sorted(set(self.store.seats(game_id).values()) | {game["created_by"]})
        self.store.pause_game(game_id, reason, [(user_audience(user), message(text))
                                                for user in people])
        self.tables.deadlines.reschedule(game_id)

    async def resume(self, actor: Actor, guild: str | None, channel: str, game_id: int) -> Text:
        """A paused game goes on at this channel's table, with fresh deadlines."""
        game = await asyncio.to_thread(self._paused, actor, guild, channel, game_id)
        async with self.tables.lock(game_id):
            await asyncio.to_thread(self._go_on, actor, game, channel)
            await self.delivery.flush(game_id)
        self.tables.computer.wake(game_id)
        return words(f"Game {game_id} goes on in ", channel_ref(channel), ".")

    def _paused(self, actor: Actor, guild: str | None, channel: str, game_id: int) -> dict:
        """The paused game of this server that the caller may resume in this channel."""
        try:
            game = self.store.game(game_id)
        except UnknownGame:
            raise TableError(f"There is no game {game_id}; `/game list` shows this server's games.")
        if game["guild"] != guild or game["status"] == "over" or not game["paused"]:
            raise TableError(f"This server has no paused game {game_id}; only a game whose "
                             "channel was lost waits to be resumed.")
        check_manage(game, actor, "resume a game")
        if any(g["status"] != "over" and g["id"] != game_id
               for g in self.store.games(channel=channel)):
            raise TableError("This channel already has a game; resume it in another channel.")
        return game

    def _go_on(self, actor: Actor, game: dict, channel: str) -> None:
        """Under the game's lock: the game moves here, with the news and its deadlines (refused
        when a cancel ended it meanwhile; the store checks again inside its write)."""
        game_id = game["id"]
        game = self.tables.current(game_id)
        self.store.resume_game(game_id, channel, [(channel_audience(channel), message(words(
            name(actor.name), f" resumes game {game_id} ({game['system']} "
            f"{game['scenario']}) here.")))], self.tables.running(game_id) if game["started_at"] else None)
        self.tables.deadlines.reschedule(game_id)

