"""Game tables: games bound to a server channel, their seats, settings, spectators and clocks.

The layer every chat front end calls, below Discord: each method takes an Actor and a channel
id, does the work through the GameService, sends what others must hear through Delivery, and
returns the private reply for the caller, or raises TableError with the sentence of refusal.
Commands of one game run one at a time (an asyncio.Lock per game); games never wait for each
other.
"""
from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

import rules
from bot import choices
from bot import text as fmt
from bot.config import Config, GameSettings
from bot.console import parse_options
from bot.deadlines import Clock, Deadlines, Scheduler, utc_now
from bot.delivery import Delivery, DMClosed, user_audience
from bot.permissions import (
    Actor,
    TableError,
    check_manage,
    check_seat,
    commanding_side,
    sides_of,
)
from bot.service import QUERIES, GameService, Result, load_system
from rules.core.errors import RulesError

LATE = timedelta(minutes=1)  # a deadline acted on later than this was missed while the bot was down
CACHED_POSITIONS = 64
TABLE_VERBS = (*QUERIES, "undo", "accept", "refuse", "end")  # verbs of every game, at any time


def when(moment: datetime) -> str:
    """A Discord timestamp: every reader sees it in their own time zone ("in 3 hours")."""
    return f"<t:{int(moment.timestamp())}:R>"


@dataclass(frozen=True)
class PlainReply:
    """What a command typed as a plain message earns: ✅ or ❌, and words for its author alone
    ("" when the public line says it all)."""

    accepted: bool
    private: str


@dataclass(frozen=True)
class Offer:
    """A confirmation to offer with buttons: its question, and what the buttons are for."""

    text: str
    game_id: int
    side: str
    seq: int


class Tables:
    """Every game table the bot keeps."""

    def __init__(self, service: GameService, delivery: Delivery, scheduler: Scheduler,
                 config: Config | None = None, clock: Clock = utc_now,
                 systems: tuple[str, ...] | None = None):
        self.service = service
        self.systems = systems or tuple(rules.systems())
        self.store = service.store
        self.delivery = delivery
        self.config = config or Config()
        self.deadlines = Deadlines(self.store, scheduler, self.settings, self._remind,
                                   self._expire, clock)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._legal: dict[tuple[int, int, str], list[str]] = {}

    # -- finding games ---------------------------------------------------------------------

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

    # -- the lobby ---------------------------------------------------------------------------

    def check_new(self, system: str, scenario: str) -> None:
        """Refuse a system this server does not offer, or a scenario it lacks, before anything
        (a game, a thread) is opened for it."""
        if system not in self.systems:
            raise TableError(f"{system!r} is not a game system here; choose "
                             f"{' or '.join(self.systems)}.")
        ids = [s["id"] for s in load_system(system).scenarios()]
        if scenario not in ids:
            raise TableError(f"{system} has no scenario {scenario!r}; choose {', '.join(ids)}.")

    async def new(self, actor: Actor, guild: str, channel: str, system: str, scenario: str,
                  options: str = "", hot_seat: bool = False, seed: int | None = None) -> str:
        self.check_new(system, scenario)
        if any(g["status"] != "over" for g in self.store.games(channel=channel)):
            raise TableError("This channel already has a game; finish it, or start one in "
                             "another channel or thread.")
        try:
            game_id = self.service.new_game(system, scenario, seed, parse_options(options),
                                            guild=guild, channel=channel, created_by=actor.id,
                                            hot_seat=hot_seat)
        except (RulesError, KeyError, ValueError) as error:
            raise TableError(str(error.args[0] if isinstance(error, KeyError) else error))
        self.store.set_settings(game_id, self.config.defaults.to_dict())
        sides = self.service.system(game_id).SIDES
        await self.delivery.post(channel, f"{actor.name} opens game {game_id}: {system} "
                                 f"{scenario}{' (hot-seat)' if hot_seat else ''}. Sides: "
                                 f"{', '.join(map(fmt.side_name, sides))}; `/game join` takes "
                                 "one, then `/game start`.")
        return f"Game {game_id} is open. {self.settings(game_id).describe()}"

    async def join(self, actor: Actor, channel: str, side: str) -> str:
        game = self.game_in(channel)
        side = side.strip().lower()
        sides = self.service.system(game["id"]).SIDES
        if side not in sides:
            raise TableError(f"{side!r} is not a side of this game; choose "
                             f"{' or '.join(sides)}.")
        if game["started_at"]:
            raise TableError("This game has started; its seats are taken.")
        async with self.lock(game["id"]):
            check_seat(game, self.store.seats(game["id"]), actor, side)
            self.store.take_seat(game["id"], side, actor.id)
        reply = f"You play {fmt.side_name(side)} in game {game['id']}."
        try:
            await self.delivery.messenger.dm(actor.id, f"{reply} Your private news arrives here.")
        except DMClosed:
            reply += (" I cannot send you direct messages: allow DMs from this server's members "
                      "(Privacy Settings), or your private news waits for your next command here.")
        await self.delivery.post(channel, f"{actor.name} takes the {fmt.side_name(side)} seat "
                                 f"in game {game['id']}.")
        return reply

    async def start(self, actor: Actor, channel: str) -> str:
        game = self.game_in(channel)
        game_id = game["id"]
        async with self.lock(game_id):
            seats = self.store.seats(game_id)
            if game["started_at"]:
                raise TableError(f"Game {game_id} has already started.")
            if not sides_of(seats, actor):
                check_manage(game, actor, "start a game they do not play in")
            empty = [s for s in self.service.system(game_id).SIDES if s not in seats]
            if empty:
                raise TableError(f"The {' and '.join(map(fmt.side_name, empty))} seat is still "
                                 "free; `/game join` fills it.")
            self.store.start_game(game_id)
            state = self.service.load(game_id)
            system = self.service.system(game_id)
            self.store.mark_turn(game_id, str(system.view(state, None).get("turn")), 0)
            await self._news(game_id, f"Game {game_id} begins.", phase_changed=True)
        return f"Game {game_id} has started."

    # -- play --------------------------------------------------------------------------------

    async def play(self, actor: Actor, channel: str, line: str, side: str | None = None,
                   expected_seq: int | None = None) -> str:
        """One line of the game's grammar from a player: a private answer to a query, the
        engine's sentence when refused (nothing public, nothing changed), else the news."""
        game = self.game_in(channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        async with self.lock(game_id):
            system = self.service.system(game_id)
            state = self.service.load(game_id)
            seats = self.store.seats(game_id)
            verb = line.split()[0].lower() if line.split() else ""
            if verb in ("status", "units", "help") and not sides_of(seats, actor):
                return self.service.submit(game_id, None, line).reply or ""
            mover = commanding_side(seats, actor, system.active_sides(state), side)
            result = self.service.submit(game_id, mover, line, actor.id, expected_seq)
            if result.reply is not None:
                return result.reply
            if not result.accepted:
                raise TableError(result.message)
            await self._after(game_id, state, result, actor.name)
        return result.message

    async def plain(self, actor: Actor, channel: str, line: str) -> PlainReply | None:
        """A line typed in a game channel: None (chat stays chat) unless a seated player of a
        started game wrote it and its first word is a verb of the game; else played as from
        a slash command. Query answers are private; an accepted order's line is public."""
        words = line.split()
        try:
            game = self.game_in(channel)
        except TableError:
            return None
        if not words or not game["started_at"] or \
                not sides_of(self.store.seats(game["id"]), actor):
            return None
        verb = words[0].lower()
        if verb not in TABLE_VERBS and verb not in self._verbs(game["id"]):
            return None
        if not self._reads_as_order(game["id"], verb, words):
            return None
        try:
            reply = await self.play(actor, channel, line)
        except TableError as error:
            return PlainReply(False, str(error))
        return PlainReply(True, reply if verb in QUERIES else "")

    def _reads_as_order(self, game_id: int, verb: str, words: list[str]) -> bool:
        """Chat that merely starts with a game word ("end of story") stays chat: a line is an
        order when it parses, or when it names a place or unit (a digit after the verb), so a
        mistyped order still gets its explanation. Queries always count; undo, accept and refuse
        only alone."""
        if verb in QUERIES:
            return True
        if verb in ("undo", "accept", "refuse"):
            return len(words) == 1
        system = self.service.system(game_id)
        try:
            system.parse(system.SIDES[0], " ".join(words))
            return True
        except RulesError:
            return any(ch.isdigit() for word in words[1:] for ch in word)

    def offer(self, actor: Actor, channel: str, action: str) -> Offer:
        """The question before ending a phase or resigning, for the caller's side at this
        position; refused at once for someone without a seat."""
        game = self.game_in(channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        state = self.service.load(game_id)
        side = commanding_side(self.store.seats(game_id), actor,
                               self.service.system(game_id).active_sides(state))
        name = fmt.side_name(side)
        text = (f"Resign game {game_id} as {name}? This ends the game." if action == "resign"
                else f"End the {name} phase in game {game_id}? Units that have not moved or "
                "attacked lose the chance.")
        return Offer(self.private(actor, text), game_id, side, self.store.last_seq(game_id))

    async def confirm(self, actor: Actor, action: str, game_id: int, side: str, seq: int) -> str:
        """A pressed confirmation button: resign, or end the phase, for the side it was offered
        for; an end offered at an earlier position has expired."""
        game = self.store.game(game_id)
        if game["status"] == "over":
            raise TableError(f"This button has expired: game {game_id} is over.")
        if action == "resign":
            return await self.resign(actor, game["channel"], side)
        if self.store.last_seq(game_id) != seq:
            raise TableError("This button has expired: the game has moved on since it was "
                             "offered. Look at the game again and use `/end` if you still mean it.")
        return await self.play(actor, game["channel"], "end", side, expected_seq=seq)

    async def resign(self, actor: Actor, channel: str, side: str | None = None) -> str:
        game = self.game_in(channel)
        async with self.lock(game["id"]):
            seats = self.store.seats(game["id"])
            active = self.service.system(game["id"]).active_sides(self.service.load(game["id"]))
            loser = commanding_side(seats, actor, active, side)
            await self._concede(game["id"], loser, f"{actor.name} resigns for "
                                f"{fmt.side_name(loser)}")
        return f"You resigned game {game['id']}."

    async def cancel(self, actor: Actor, channel: str) -> str:
        """End a game without a winner (its creator or a server manager)."""
        game = self.game_in(channel)
        check_manage(game, actor, "end a game")
        async with self.lock(game["id"]):
            self.deadlines.clear(game["id"])
            self.store.end_game(game["id"], {"winner": None, "reason": f"ended by {actor.name}"},
                                {"all": {"text": f"{actor.name} ends game {game['id']}."}})
            await self.delivery.post(channel, f"{actor.name} ends game {game['id']}; no winner.")
            await self.delivery.flush(game["id"], self.store.seats(game["id"]))
        return f"Game {game['id']} is ended."

    async def map(self, actor: Actor, channel: str, around: str | None = None) -> str:
        game = self.game_in(channel)
        view = self.service.system(game["id"]).view(self.service.load(game["id"]), None)
        options = {"around": around.replace("+", " ").replace(",", " ").split()} if around else {}
        await self.delivery.post_view(channel, view, f"Game {game['id']}, at {actor.name}'s "
                                      "request:", **options)
        return "Map posted."

    def status(self, actor: Actor, channel: str) -> str:
        """Headline, seats, deadlines and settings; the caller's own view when seated."""
        game = self.game_in(channel)
        game_id = game["id"]
        seats = self.store.seats(game_id)
        mine = sides_of(seats, actor)
        view = self.service.system(game_id).view(self.service.load(game_id),
                                                 mine[0] if mine else None)
        lines = [(f"Game {game_id}: {game['system']} {game['scenario']}"
                 f"{' (hot-seat)' if game['hot_seat'] else ''}"),
                 fmt.headline(view) if game["started_at"] else "Not started yet.",
                 "Seats: " + (", ".join(f"{fmt.side_name(s)} <@{u}>" for s, u in seats.items())
                              or "none taken")]
        for row in self.store.deadlines(game_id):
            lines.append(f"{fmt.side_name(row['side'])} deadline "
                         f"{when(datetime.fromisoformat(row['due_at']))}")
        lines.append(self.settings(game_id).describe())
        return "\n".join(lines)

    def listing(self, guild: str) -> str:
        games = [g for g in self.store.games(guild=guild) if g["status"] != "over"]
        if not games:
            return "No games running on this server; `/game new` starts one."
        lines = []
        for g in games:
            seats = self.store.seats(g["id"])
            state = "playing" if g["started_at"] else "open"
            who = ", ".join(f"{fmt.side_name(s)} <@{u}>" for s, u in seats.items()) or "no seats"
            lines.append(f"Game {g['id']} in <#{g['channel']}>: {g['system']} {g['scenario']}, "
                         f"{state}; {who}")
        return "\n".join(lines)

    # -- settings and spectators -------------------------------------------------------------

    async def change_settings(self, actor: Actor, channel: str, changes: dict) -> str:
        """Show the settings, or change them (creator or Manage Server); running deadlines
        follow the new length and reminders at once."""
        game = self.game_in(channel)
        if not changes:
            return self.settings(game["id"]).describe()
        check_manage(game, actor, "change a game's settings")
        before = self.settings(game["id"])
        try:
            settings = GameSettings.from_dict(changes, before)
        except (ValueError, TypeError) as error:
            raise TableError(str(error))
        async with self.lock(game["id"]):
            self.store.set_settings(game["id"], settings.to_dict())
            rows = self.deadlines.reschedule(game["id"], before)
        dues = "".join(f" {fmt.side_name(row['side'])} is now due "
                       f"{when(datetime.fromisoformat(row['due_at']))}." for row in rows)
        await self.delivery.post(channel, f"{actor.name} changes the settings of game "
                                 f"{game['id']}: {settings.describe()}{dues}")
        return f"Settings saved.{dues}"

    async def spectate(self, actor: Actor, channel: str, spectator_channel: str) -> str:
        game = self.game_in(channel)
        check_manage(game, actor, "add a spectator channel")
        if spectator_channel == channel:
            raise TableError("Spectators watch from another channel than the game's.")
        self.store.add_spectator(game["id"], spectator_channel)
        await self.delivery.post(spectator_channel, f"This channel now follows game "
                                 f"{game['id']} (public view only).")
        return f"<#{spectator_channel}> follows game {game['id']}."

    # -- autocomplete ------------------------------------------------------------------------

    def legal_texts(self, actor: Actor, channel: str) -> list[str]:
        """The legal commands of the caller's side, as text (cached per position); none for
        someone without a seat or outside a running game."""
        try:
            game = self.game_in(channel)
        except TableError:
            return []
        game_id = game["id"]
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        mine = sides_of(self.store.seats(game_id), actor)
        side = next((s for s in mine if s in system.active_sides(state)), None)
        if side is None or not game["started_at"]:
            return []
        return self._texts(game_id, side, lambda: [c.to_text() for c in
                                                   system.legal_commands(state, side)])

    def _texts(self, game_id: int, side: str, compute: Callable[[], list[str]]) -> list[str]:
        """Legal command texts at the game's current position, cached (a few dozen at most)."""
        key = (game_id, self.store.last_seq(game_id), side)
        if key not in self._legal:
            if len(self._legal) >= CACHED_POSITIONS:
                self._legal.clear()
            self._legal[key] = compute()
        return self._legal[key]

    def _verbs(self, game_id: int) -> set[str]:
        """The first words of every command legal now, for any side (cached per position)."""
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        texts = self._texts(game_id, "", lambda: [c.to_text() for s in system.active_sides(state)
                                                  for c in system.legal_commands(state, s)])
        return {text.split()[0] for text in texts}

    def complete(self, actor: Actor, channel: str, field: str, typed: str,
                 given: dict[str, str]) -> list[str]:
        """Choices for one field of a play command (unit, to, attackers, defenders, order)."""
        texts = self.legal_texts(actor, channel)
        if field == "unit":
            return choices.move_units(texts, typed)
        if field == "to":
            return choices.move_destinations(texts, given.get("unit") or "", typed)
        if field == "attackers":
            return choices.attackers(texts, typed)
        if field == "defenders":
            return choices.defenders(texts, given.get("attackers") or "", typed)
        return choices.orders(texts, typed)

    # -- news --------------------------------------------------------------------------------

    async def _after(self, game_id: int, before: dict, result: Result, who: str) -> None:
        """The public line of an accepted command, a map and the rest when the phase moved."""
        self._legal = {key: texts for key, texts in self._legal.items() if key[0] != game_id}
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        phase_changed = system.phase_key(before) != system.phase_key(state)
        turn = system.view(state, None).get("turn")
        if turn != system.view(before, None).get("turn"):
            self.store.mark_turn(game_id, str(turn), result.seq)
        lines = [f"**{who}** — {result.public or result.message}"]
        lines += [line.strip() for line in fmt.event_lines(result.visible_to(None), False)]
        await self._news(game_id, "\n".join(lines), phase_changed, before)

    async def _news(self, game_id: int, line: str, phase_changed: bool,
                    before: dict | None = None) -> None:
        """Update the deadlines, post the line (with the public map and who moves next when
        the phase changed), deliver private news, update spectators."""
        game = self.store.game(game_id)
        system = self.service.system(game_id)
        state = self.service.load(game_id)
        public = system.view(state, None)
        over = system.outcome(state) is not None
        seats = self.store.seats(game_id)
        if over:
            self.deadlines.clear(game_id)
        else:
            self.deadlines.track(game_id, system.active_sides(state), system.phase_key(state))
        if phase_changed or over:
            await self.delivery.post_view(game["channel"], public, line + self._due_note(game_id))
            await self._spectators(game_id, system, public, over)
        else:
            await self.delivery.post(game["channel"], line)
        await self._private_views(game_id, system, state, public, seats,
                                  None if phase_changed or over else before)
        await self.delivery.flush(game_id, seats)

    def _due_note(self, game_id: int) -> str:
        """Who must move now, mentioned, and by when."""
        seats = self.store.seats(game_id)
        return "".join(f"\n<@{seats[row['side']]}>: your move, due "
                       f"{when(datetime.fromisoformat(row['due_at']))}."
                       for row in self.store.deadlines(game_id) if row["side"] in seats)

    async def _private_views(self, game_id: int, system, state: dict, public: dict,
                             seats: dict[str, str], before: dict | None) -> None:
        """DM each side its own view, with the list of its own units, when that view shows
        more than the public one (hidden blocks): at every phase change (`before` None), and
        otherwise whenever a command changed that side's own units."""
        bare = {k: v for k, v in public.items() if k != "viewer"}
        for side, user in seats.items():
            view = system.view(state, side)
            if {k: v for k, v in view.items() if k != "viewer"} == bare:
                continue
            own = [u for u in view.get("units", []) if u.get("side") == side]
            if before is not None and own == [u for u in system.view(before, side).get("units", [])
                                              if u.get("side") == side]:
                continue
            picture = await self.delivery.picture(view)
            await self.delivery.dm(game_id, user, side, f"Game {game_id}, your view as "
                                   f"{fmt.side_name(side)}:\n{fmt.headline(view)}\n\n"
                                   f"{fmt.units_table(own)}", picture)

    async def _spectators(self, game_id: int, system, public: dict, over: bool) -> None:
        """Spectators see the public view: live at each phase, or one game turn behind."""
        channels = self.store.spectators(game_id)
        if not channels:
            return
        header = f"Game {game_id}:"
        view = public
        if self.settings(game_id).spectator_delay and not over:
            starts = list(self.store.turn_starts(game_id).items())
            if len(starts) < 2 or starts[-1][1] != self.store.last_seq(game_id):
                return
            turn, seq = starts[-2]
            view = system.view(self.service.state_at(game_id, seq), None)
            header = f"Game {game_id}, one turn behind: the start of turn {turn}."
        for channel in channels:
            await self.delivery.post_view(channel, view, header)

    async def _concede(self, game_id: int, loser: str, reason: str) -> None:
        system = self.service.system(game_id)
        winners = [s for s in system.SIDES if s != loser]
        ended = {"winner": winners[0] if len(winners) == 1 else None, "reason": reason}
        text = f"{reason}: {fmt.side_name(ended['winner'])} wins game {game_id}."
        self.deadlines.clear(game_id)
        self.store.end_game(game_id, ended, {"all": {"text": text}})
        public = system.view(self.service.load(game_id), None)
        await self.delivery.post(self.store.game(game_id)["channel"], text)
        await self._spectators(game_id, system, public, over=True)
        await self.delivery.flush(game_id, self.store.seats(game_id))

    # -- deadline handlers -------------------------------------------------------------------

    async def _remind(self, game_id: int, side: str, due: datetime) -> None:
        game = self.store.game(game_id)
        user = self.store.seats(game_id).get(side)
        text = f"Game {game_id}: the {fmt.side_name(side)} move is due {when(due)}."
        if user:
            await self.delivery.dm(game_id, user, user_audience(user), text)
        await self.delivery.post(game["channel"], f"<@{user}> {text}" if user else text)

    async def _expire(self, game_id: int, side: str, late_by: timedelta) -> None:
        async with self.lock(game_id):
            game = self.store.game(game_id)
            if game["status"] == "over":
                return
            note = " (it fell due while the bot was offline; acted on now)" if late_by > LATE else ""
            action = self.settings(game_id).at_deadline
            name = fmt.side_name(side)
            if action == "forfeit":
                await self._concede(game_id, side, f"{name} missed the deadline{note} and forfeits")
                return
            if action == "end":
                before = self.service.load(game_id)
                result = self.service.submit(game_id, side, "end", user="deadline")
                if result.accepted:
                    await self._after(game_id, before, result, f"Deadline{note}")
                    return
                note += f"; the phase cannot end by itself: {result.message}"
            system = self.service.system(game_id)
            due = self.deadlines.renew(game_id, side, system.phase_key(self.service.load(game_id)))
            user = self.store.seats(game_id).get(side)
            text = f"Game {game_id}: the {name} deadline has passed{note}. New deadline {when(due)}."
            if user:
                await self.delivery.dm(game_id, user, side, text)
            await self.delivery.post(game["channel"], f"<@{user}> {text}" if user else text)
