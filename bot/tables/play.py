"""Play: a game's own commands, typed as plain messages, sent by slash commands or by buttons, and the map on
request. The room is one object over parts, each a module, each over the one before it:

* `batch_maps.py`: the maps of orders told together, one a phase and the last under their lines;
* `judging.py`: orders judged under the game's lock, stored with their news; those a choice refuses, held;
* `release.py`: held orders judged once the choice is made, and the word to their author;
* `start_up.py`: what a stop cut short, finished at the next start;
* `giving.py`: a line or a message of orders, judged in its channel's turn;
* `typed.py`, `clicked.py`, `confirmations.py`: orders typed in the channel, answers clicked, the questions asked
  before resigning or ending a step (and draws).
"""
from __future__ import annotations

import asyncio
from typing import Any

from bot import text as fmt
from bot.delivery import channel_audience, message, user_audience
from bot.permissions import Actor, TableError, sides_of
from bot.store import Outbox
from bot.tables.clicked import ClickedPart
from bot.tables.confirmations import ConfirmationsPart
from bot.tables.typed import TypedPart
from bot.words import Text, name, words


class Play(TypedPart, ClickedPart, ConfirmationsPart):
    """Commands of the game's grammar from the people seated at it."""

    async def map(self, actor: Actor, channel: str, around: str | None = None, private: bool = False) -> str:
        """A fresh map in the channel; `private`: the player's own view of it, by DM."""
        game_id, post = await asyncio.to_thread(self._map_post, actor, channel, around, private)
        await self.delivery.send(game_id, post)
        return "Your map is on its way to your DMs." if private else "Map posted."

    def _map_post(self, actor: Actor, channel: str, around: str | None, private: bool) -> tuple[int, Outbox]:
        """The game here and the post of its map, at the caller's request: in the channel the
        public view, or (`private`) the side the caller plays as it sees the game, to them alone."""
        game = self.tables.game_in(channel)
        seq, state = self.service.position(game["id"])
        side = None
        if private:
            sides = sides_of(self.store.seats(game["id"]), actor)
            if not sides:
                raise TableError("Only the game's players have a map of their own; `/game map` posts the "
                                 "public one.")
            side = sides[0]
        view = self.service.system(game["id"]).view(state, side)
        places = around.replace("+", " ").replace(",", " ").split() if around else []
        if places and self.delivery.place_check is not None:  # refused now, not when drawn
            try:
                self.delivery.place_check(view, places)
            except ValueError as error:  # render.NotOnMap: its sentence is the reply
                raise TableError(str(error)) from None
        where: dict[str, Any] = {"around": places} if places else {}
        if side is not None:
            text: Text = f"your map as {fmt.side_name(side)}, at your request:\n{fmt.headline(view)}"
            return game["id"], [(user_audience(actor.id), message(text, seq, side, **where))]
        text = words(f"Game {game['id']}, at ", name(actor.name), "'s request:\n", fmt.headline(view))
        return game["id"], [(channel_audience(channel), message(text, seq, None, **where))]
