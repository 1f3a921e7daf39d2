"""Seats changing hands once a game is open: a substitute seated for a side (`/game replace`),
with the consent of the player holding it where the side's view is hidden, and the newcomer given
that side's private view at once.
"""
from __future__ import annotations

import asyncio

from bot import text as fmt
from bot.delivery import channel_audience, message, user_audience
from bot.permissions import Actor, Expired, TableError, check_manage, check_seat
from bot.service import unplayed
from bot.tables.room import Room
from bot.words import COMPUTER, Text, mention, name, words
from bot.words import channel as channel_ref


class Seats(Room):
    """Substitutes, and the consent a seat's holder gives to hand it over."""

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
        check_seat(game, {s: u for s, u in seats.items() if s != side}, player, side, actor.id)
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
            raise Expired("This button has expired: no request to hand over your seat waits "
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
        """Under the game's lock: the seat changes hands, with the news and the newcomer's view; what the side held
        goes, its author told (bot/service/unplayed.py)."""
        game_id = game["id"]
        seats = self.store.seats(game_id)
        check_seat(game, {s: u for s, u in seats.items() if s != side}, player, side, actor.id)
        was = words(" in place of ", mention(seats[side])) if side in seats else ""
        seated, by = (words(mention(player.id), f" takes the {fmt.side_name(side)} seat"), "") \
            if actor.id == player.id else (words(name(actor.name), " seats ", mention(player.id), " as ",
                                                 fmt.side_name(side)), words(" (seated by ", name(actor.name), ")"))
        rows = [(channel_audience(channel), message(words(seated, f" in game {game_id}", was, "."))),
                (user_audience(player.id), message(words(
                    f"you now play {fmt.side_name(side)}", by, " in ", channel_ref(channel), ".")))]
        if game["started_at"]:
            state, seq = self.service.load(game_id), self.store.last_seq(game_id)
            rows += [row for row in self.tables.news.private_views(game_id, state, seq, None) if row[0] == side]
            if seats.get(side, COMPUTER) != COMPUTER:
                rows += self.tables.news.handed_rows(game_id, state, seq, side, seats[side], player.id)
        rows += unplayed.handed(self.store, game_id, side, mention(player.id))  # its holder's orders are his own
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
