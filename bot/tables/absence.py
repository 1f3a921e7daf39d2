"""Absence: leaving a lobby, and pausing and resuming a running game by agreement.

A seated player asks `/game pause` (or `/game resume`); the game pauses (or goes on) when the
other player asks the same within 48 hours, which is their consent, or at once when a member with
Manage Server asks; a request not agreed to lapses. A paused game keeps no deadlines and takes no
orders; resumed, every side to move gets a fresh deadline. A seat is left only before the start:
afterwards `/game replace` seats a substitute.
Each change is stored with its news (in a worker thread, off the event loop), then sent.
"""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta

from bot import text as fmt
from bot.delivery import channel_audience, message
from bot.permissions import Actor, TableError, sides_of
from bot.player_prefs import PlayerPrefs, check_away
from bot.tables.room import Room
from bot.words import COMPUTER, Text, due, mention, name, words

BY_AGREEMENT = "paused by its players"  # the reason a game paused by agreement gives
ASKING_LAPSES = timedelta(hours=48)  # a pause or resume asked and not agreed to lapses after this


class Absence(Room):
    """Leaving, pausing and resuming."""

    async def leave(self, actor: Actor, channel: str) -> Text:
        """Give up one's seats in a game that has not started."""
        game = await asyncio.to_thread(self.tables.game_in, channel)
        game_id = game["id"]
        if game["started_at"]:
            raise TableError(f"Game {game_id} has started, so its seats are kept: `/game resign` "
                             "ends your part, or the creator or a member with Manage Server seats "
                             "a substitute with `/game replace`.")
        async with self.tables.lock(game_id):
            await asyncio.to_thread(self._leave, actor, channel, game_id)
        await self.delivery.flush(game_id)
        return f"You left game {game_id}."

    async def prefs(self, actor: Actor, changes: dict) -> Text:
        """Show or change one's own time (time zone, deadline hour, vacation) and how reminders
        come; "none" clears a value. The running deadlines of one's games are counted again
        under it at once (each game under its lock, the new due times stored with the post
        that tells the table), and their reminders follow the new quiet hours."""
        said = await asyncio.to_thread(self._set_prefs, actor, changes)
        if not changes:
            return said
        moved: list[Text] = []
        for game_id, sides in await asyncio.to_thread(self._seats_in_play, actor):
            async with self.tables.lock(game_id):
                moved += await asyncio.to_thread(self._retime, actor, game_id, sides)
            await self.delivery.flush(game_id)
        return words(said, *moved) if moved else said

    def _set_prefs(self, actor: Actor, changes: dict) -> Text:
        before = PlayerPrefs.from_dict(self.store.player_prefs(actor.id))
        if not changes:
            return before.describe()
        values = {k: None if v == "none" else v for k, v in changes.items()}
        quiet = values.get("quiet")
        if isinstance(quiet, str):
            values["quiet"] = _hours(quiet)
        prefs = PlayerPrefs.from_dict({**before.to_dict(), **values})  # Unreadable: its sentence is the reply
        if values.get("away_until"):
            check_away(prefs, self.tables.deadlines.clock())
        self.store.set_player_prefs(actor.id, prefs.to_dict())
        return prefs.describe()

    def _seats_in_play(self, actor: Actor) -> list[tuple[int, list[str]]]:
        """The games in play (started, not over, not paused) where this person holds a seat."""
        return [(game["id"], sides_of(self.store.seats(game["id"]), actor))
                for game in self.store.games_of(actor.id)
                if game["started_at"] and game["status"] != "over" and not game["paused"]]

    def _retime(self, actor: Actor, game_id: int, sides: list[str]) -> list[Text]:
        """Under the game's lock: the player's running deadlines here counted again, stored with
        the post saying so in the game's channel; what moved, as words for the player."""
        game = self.store.game(game_id)
        moved = [] if game["status"] == "over" or game["paused"] else \
            self.tables.deadlines.retimed(game_id, sides)
        dues: list[Text] = [words(f" In game {game_id}, {fmt.side_name(row['side'])} is now due ",
                      due(datetime.fromisoformat(row["due_at"])), ".") for row in moved]
        if moved:
            said = words(name(actor.name), " changed their own time (`/prefs`).", *dues)
            self.store.retime_deadlines(game_id, moved, [(channel_audience(game["channel"]), message(said))])
        self.tables.deadlines.reschedule(game_id)  # reminders follow new quiet hours, too
        return dues

    def _leave(self, actor: Actor, channel: str, game_id: int) -> None:
        self.tables.current(game_id)
        mine = sides_of(self.store.seats(game_id), actor)
        if not mine:
            raise TableError(f"You have no seat in game {game_id}.")
        seats = " and ".join(map(fmt.side_name, mine))
        said = words(name(actor.name), f" leaves the {seats} seat of game {game_id}; "
                     "`/game join` takes it.")
        self.store.leave_seats(game_id, mine, [(channel_audience(channel), message(said))])

    async def pause(self, actor: Actor, channel: str) -> Text:
        return await self._ask(actor, channel, "pause")

    async def resume(self, actor: Actor, channel: str) -> Text:
        return await self._ask(actor, channel, "resume")

    async def _ask(self, actor: Actor, channel: str, action: str) -> Text:
        game = await asyncio.to_thread(self.tables.game_in, channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started; there is nothing to {action}.")
        if (action == "pause") == bool(game["paused"]):
            raise TableError(f"Game {game_id} is {'already paused' if game['paused'] else 'not paused'}.")
        async with self.tables.lock(game_id):
            reply = await asyncio.to_thread(self._decide, actor, channel, game_id, action)
        await self.delivery.flush(game_id)
        self.tables.computer.wake(game_id)  # a game going on whose computer side acts plays
        return reply

    def _decide(self, actor: Actor, channel: str, game_id: int, action: str) -> Text:
        """Under the game's lock: done (by a manager, by agreement, or alone), or asked."""
        game = self.tables.current(game_id)
        seats = self.store.seats(game_id)
        mine = sides_of(seats, actor)
        if not mine and not actor.manage_guild:
            raise TableError(f"Only a player of game {game_id}, or a member with Manage Server, "
                             f"may {action} it.")
        asked = self._standing_request(game)
        agreed = asked is not None and asked["action"] == action and asked["by"] not in mine
        # a hot-seat game, or one against the computer (which agrees): no other person to ask
        alone = set(seats) - set(self.store.computer_seats(game_id)) <= set(mine)
        if actor.manage_guild or agreed or alone:
            self._do(game, action, actor, asked if agreed else None)
            return f"Game {game_id} is {'paused' if action == 'pause' else 'going on'}."
        others = " or ".join(fmt.side_name(s) for s in seats if s not in mine)
        now = self.tables.deadlines.clock()
        lapses = due(now + ASKING_LAPSES)
        said = words(name(actor.name), f" asks to {action} game {game_id}: ", self._asked(seats, mine),
                     f" agrees with `/game {action}` (or a member with Manage Server does it); the "
                     "request lapses ", lapses, ".")
        request = {"by": mine[0], "action": action, "asked_at": now.isoformat(), "name": actor.name}
        self.store.set_pending_pause(game_id, request, [(channel_audience(channel), message(said))])
        return words(f"You asked to {action} game {game_id}; the {others} player must agree (the "
                     "request lapses ", lapses, ").")

    @staticmethod
    def _asked(seats: dict[str, str], mine: list[str]) -> Text:
        """Who agrees to a pause or resume asked: each other player, pinged (nothing else tells
        them that the game waits for their word), with their side ('@boris (Russian)')."""
        users = dict.fromkeys(user for side, user in seats.items() if side not in mine and user != COMPUTER)
        return words(*(words(" or " if i else "", mention(user), " (", " and ".join(
            fmt.side_name(side) for side, held in seats.items() if held == user), ")")
            for i, user in enumerate(users)))

    def _standing_request(self, game: dict) -> dict | None:
        """The pause or resume asked and not yet agreed, None once it has lapsed (ASKING_LAPSES
        after it was asked: a request from before its time was kept has lapsed too)."""
        asked = game["pending_pause"]
        if asked is None or "asked_at" not in asked:
            return None
        fresh = datetime.fromisoformat(asked["asked_at"]) + ASKING_LAPSES > self.tables.deadlines.clock()
        return asked if fresh else None

    def _do(self, game: dict, action: str, actor: Actor, asked: dict | None = None) -> None:
        """The game pauses or goes on, stored with the line saying so: who did it, or who asked
        and who agreed."""
        game_id, channel = game["id"], game["channel"]
        pause = action == "pause"
        who = words(name(actor.name), f" {'pauses' if pause else 'resumes'} game {game_id}: ")
        if asked is not None:
            asker = name(asked["name"]) if "name" in asked else f"The {fmt.side_name(asked['by'])} player"
            who = words(asker, " asked and ", name(actor.name), f" agreed: game {game_id} "
                        f"{'is paused' if pause else 'goes on'}; ")
        if pause:
            said = words(who, "no deadlines run and no orders are taken until `/game resume`.")
            self.store.pause_game(game_id, BY_AGREEMENT, [(channel_audience(channel),
                                                           message(said))])
        else:
            running = self.tables.running(game_id)
            seats = self.store.seats(game_id)
            dues = [words(" ", mention(seats[side]), f" ({fmt.side_name(side)}) is due ",
                          due(datetime.fromisoformat(at)), ".") for side, (at, _, _) in running.items()
                    if seats.get(side) not in (None, COMPUTER)]
            said = words(who, "the deadlines start afresh.", *dues)  # who moves: told, pinged
            self.store.resume_game(game_id, channel, [(channel_audience(channel), message(said))], running)
        self.tables.deadlines.reschedule(game_id)


def _hours(text: str) -> tuple[int, int]:
    """'22-7' -> (22, 7): quiet hours, from and to."""
    begin, _, end = text.partition("-")
    if not (begin.strip().isdigit() and end.strip().isdigit()):
        raise TableError(f"{text!r} are not quiet hours; give them as from-to, like 22-7.")
    return int(begin), int(end)
