"""Direct messages to the bot: orders played in the player's own game, answered privately.

A direct message is as private as `/order`: its orders (one a line, or separated by `;`, judged as
a batch: bot/tables/batch.py) act in the game of the sender's that waits for them (their side may
act, or an undo request or a draw offer waits for their answer), or in their only running game;
a message that starts with `game N` acts in game N. Otherwise the reply lists their games and how
to choose. The public line of an accepted order goes to the game's channel as always.
"""
from __future__ import annotations

import asyncio
import re

from bot import text as fmt
from bot.permissions import Actor, TableError, sides_of
from bot.tables.room import Room
from bot.words import Text, channel, join, words

CHOSEN = re.compile(r"\s*game\s+(\d+)\b[\s:;,]*", re.IGNORECASE)  # `game 12 move 3225 3224`


class Direct(Room):
    """Orders typed to the bot in a direct message."""

    async def message(self, actor: Actor, text: str) -> Text:
        """The reply to a direct message: what became of its orders, or which game to name. It names the
        game it played in, as every DM of the bot does: a player in two games could not tell which of them
        'French: end.' or a refusal was about."""
        game, orders = await asyncio.to_thread(self._game_for, actor, text)
        named = f"Game {game['id']}: "
        try:
            return words(named, await self.tables.play.orders(actor, game["channel"], orders, by_dm=True) or "done.")
        except TableError as error:
            raise TableError(words(named, error.text)) from error

    def _game_for(self, actor: Actor, text: str) -> tuple[dict, str]:
        """The game a message acts in, and its orders (the `game N` that chose it left out)."""
        games = [g for g in self.store.games_of(actor.id) if g["status"] != "over"]
        if not games:
            raise TableError("You have no seat in a running game; `/game join` in a game's channel takes one.")
        chosen = CHOSEN.match(text)
        if chosen:
            game = next((g for g in games if g["id"] == int(chosen.group(1))), None)
            if game is None:
                raise TableError(join([f"You have no seat in a running game {chosen.group(1)}.",
                                       self._choose(actor, games)]))
            return game, text[chosen.end():]
        waiting = [g for g in games if self._waits_for(g, actor)]
        if len(waiting) == 1 or len(games) == 1:
            return (waiting or games)[0], text
        said = f"{len(waiting)} of your games wait for you" if waiting else "None of your games waits for you"
        raise TableError(join([f"{said}; which one is this for?", self._choose(actor, games)]))

    def _choose(self, actor: Actor, games: list[dict]) -> Text:
        """The sender's running games, and how to name one."""
        lines: list[Text] = [words(f"Game {g['id']} in ", channel(g["channel"]),
                                   f": {fmt.game_name(g['system'], g['scenario'])}",
                                   ", waits for you" if self._waits_for(g, actor) else "")
                             for g in games]
        example = games[0]["id"]
        return join([*lines, f"Start your message with the game's number: `game {example}` and then "
                             f"your orders, e.g. `game {example} status`."])

    def _waits_for(self, game: dict, actor: Actor) -> bool:
        """Whether a running game waits for this person: a side of theirs may act, or an undo
        request or a draw offer of the other side waits for their answer."""
        mine = sides_of(self.store.seats(game["id"]), actor)
        asked = [game[key] for key in ("pending_undo", "pending_draw") if game[key]]
        return bool(set(mine) & set(self.tables.overview.waiting_on(game))) or \
            any(request["by"] not in mine for request in asked if mine)
