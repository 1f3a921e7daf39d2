"""News: what the others hear after a change — the public line, the map and who moves next, each
side's private view by DM, spectators, and the end of a game.

The room is small modules by what they hold: a change and its news, composed before it is stored
(change.py, over change_base.py), its announcement in the channel, to spectators and to the sides
asked (announcement.py), what it writes into a player's question message (question_message.py), the
sides' kept views (kept_views.py) and private threads for closed DMs (private_threads.py); here, the
room itself and a game's end.
"""
from __future__ import annotations

import asyncio

from bot import fair_dice
from bot import text as fmt
from bot.delivery import channel_audience, message, user_audience
from bot.store import Outbox
from bot.tables.change import Change
from bot.tables.kept_views import KeptViewsPart, kept_row, shows_more
from bot.tables.private_threads import PrivateThreadsPart
from bot.tables.spectators import final_view, spectator_rows
from bot.words import COMPUTER, Text, mention, plain, words


class News(KeptViewsPart, PrivateThreadsPart):
    """Telling everyone what a change means for them."""

    def change(self, game_id: int, who: Text, restart: frozenset[str] = frozenset(),
               why: str | None = None, author: str | None = None) -> Change:
        return Change(self, game_id, who, restart, why, author)

    def tell_lost(self) -> int:
        """At start: each game whose messages went further than its stored commands (the database
        was restored from an older copy) tells its table what was lost and where the game stands;
        how many games. Told once: the notice is the game's newest message, at its last command. It
        names the game in its channel; a DM (a paused game's news) is headed by its game when sent."""
        lost = self.store.told_beyond_log()
        self.store.told_anew()  # told once: from now on the marks are the database's
        for game_id, held, told in lost:
            said = (f"the bot's database was restored from an older copy. It holds this game's commands up to "
                    f"command {held}, but its messages went up to command {told}: the commands after {held} are "
                    f"lost, and the game goes on from command {held}. `/game status` shows where it stands.")
            self.store.add_outbox(game_id, [
                (place, message(words(f"Game {game_id}: ", said) if place.startswith("channel:") else said))
                for place in self.places(self.store.game(game_id))])
        return len(lost)

    def reveal_rows(self, game: dict) -> Outbox:
        """Once a game is over: its seed and salt where its news goes (`places`), to check the
        dice (fair_dice)."""
        text = fair_dice.reveal(game)
        return [(place, message(text)) for place in self.places(game)] if text else []

    def places(self, game: dict) -> list[str]:
        """Where a game's public news goes: its channel, or each of its players by DM while it
        is paused (its channel may be gone)."""
        if not game["paused"]:
            return [channel_audience(game["channel"])]
        people = set(self.store.seats(game["id"]).values()) - {COMPUTER}
        return [user_audience(user) for user in sorted(people)]

    async def concede(self, game_id: int, loser: str, reason: Text, ping: bool = False) -> None:
        """End the game with the other side the winner (resignation, forfeit): stored in a
        worker thread, then sent. `ping`: its line pings the players (a forfeit at a deadline,
        which no player's command made: else neither would learn of it from a notification)."""
        await asyncio.to_thread(self._end, game_id, loser, reason, ping)
        self.tables.computer.forget(game_id)
        await self.delivery.flush(game_id)

    def _end(self, game_id: int, loser: str, reason: Text, ping: bool = False) -> None:
        system = self.service.system(game_id)
        winners = [s for s in system.INFO.sides if s != loser]
        ended = {"winner": winners[0] if len(winners) == 1 else None, "reason": plain(reason)}
        text = words(reason, f": {fmt.side_name(ended['winner'])} wins game {game_id}.")
        seats = self.store.seats(game_id)
        players = dict.fromkeys(seats[s] for s in system.INFO.sides if seats.get(s) not in (None, COMPUTER))
        pings = words(*(words(mention(user), " ") for user in players)) if ping else ""
        self.service.end_game(game_id, ended, self.final_rows(game_id, text, pings))
        self.tables.deadlines.reschedule(game_id)

    def final_rows(self, game_id: int, text: Text, pings: Text = "") -> Outbox:
        """A game ended by its players (resignation, forfeit, agreed draw): the line with the
        final map in its channel (after `pings`, if any), spectators, each player's kept view
        ended too, and the seed of its dice."""
        seq = self.store.last_seq(game_id)
        game = self.store.game(game_id)
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        public = system.view(state, None)
        rows: Outbox = [(channel_audience(game["channel"]),
                         message(words(pings, text, "\n", fmt.headline(final_view(public))), seq))]
        rows += spectator_rows(self, game_id, seq, state, None, ended=text)
        rows += [kept_row(side, self.store.seen_seq(game_id, side), final_view(own), text)
                 for side in self.store.seats(game_id) if shows_more(own := system.view(state, side), public)]
        return rows + self.reveal_rows(game) + self.retire_rows(game_id, text)

    def retire_rows(self, game_id: int, ended: Text) -> Outbox:
        """Once a game is over: each of its question messages written over by the outbox with `ended`
        (how the game ended, as its channel reads it) under what else its question told, its buttons
        gone (bot/delivery/in_place.py, `retire`); a question left open read 'the game waits for you' after
        the end, its buttons refused."""
        return [(audience, {"text": ended, "retire": place}) for place, audience in self.store.question_places(game_id)]
