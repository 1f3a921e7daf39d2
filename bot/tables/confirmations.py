"""The questions asked before what cannot be taken back (resigning, ending a step) and the answers pressed on their
buttons, a draw offered and answered, a resignation."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot import text as fmt
from bot.delivery import Reply
from bot.permissions import Actor, Expired, TableError, check_not_paused, commanding_side, sides_of
from bot.tables.giving import GivingPart
from bot.words import Text, name, words


@dataclass(frozen=True)
class Offer:
    """A confirmation to offer with buttons: its question, and what the buttons are for: the
    side, and the position it was asked at as the number of commands that side has observed."""

    reply: Reply
    game_id: int
    side: str
    seq: int
    needed: bool = True  # False: nothing would be given up (`end` is all the side may do): no question


class ConfirmationsPart(GivingPart):
    """Confirmations, draws and resignations."""

    def offer(self, actor: Actor, channel: str, action: str) -> Offer:
        """The question before ending a phase or resigning, for the caller's side at this
        position; refused at once for someone without a seat. Ending a step where `end` is all the
        side may do gives nothing up: not asked (`needed`), a Combat Phase without an attack to make
        cost two touches for nothing."""
        game = self.tables.game_in(channel)
        game_id = game["id"]
        if not game["started_at"]:
            raise TableError(f"Game {game_id} has not started yet; `/game start` begins it.")
        check_not_paused(game)
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        side = commanding_side(self.store.seats(game_id), actor, system.active_sides(state), None,
                               system.INFO.sides)
        name = fmt.side_name(side)
        text = (f"Resign game {game_id} as {name}? This ends the game." if action == "resign"
                else f"End the {name} side's current step in game {game_id}? It is the `end` command: whatever "
                "is left undone in the step is given up.")
        # where units are hidden, what a side may do could reflect what it cannot see: always asked
        alone = action == "end" and not system.INFO.hidden_information and \
            [c.to_text() for c in system.legal_commands(state, side)] == ["end"]
        return Offer(self.tables.private(actor, text), game_id, side, self.store.seen_seq(game_id, side),
                     needed=not alone)

    async def confirm(self, actor: Actor, action: str, game_id: int, side: str,
                      seq: int) -> Text:
        """A pressed confirmation button: resign, end the phase, answer a draw offer or a request
        to hand one's seat to a substitute, for the side it was offered for; an end offered at an
        earlier position has expired."""
        game = await asyncio.to_thread(self.store.game, game_id)
        if game["status"] == "over":
            raise Expired(f"This button has expired: game {game_id} is over.")
        if action == "resign":
            return await self.resign(actor, game["channel"], side)
        if action in ("cede", "hold"):  # `seq`: the substitute the seat would go to
            return await self.tables.seats.answer_seat(actor, game_id, side, str(seq), action == "cede")
        if action in ("draw", "decline"):
            offer = game["pending_draw"]
            if not offer or offer["by"] == side:
                raise Expired("This button has expired: no draw offer waits for your answer.")
            return await self.submit(actor, game["channel"], "accept" if action == "draw"
                                     else "refuse", side)
        if action in ("accept", "refuse"):
            return await self.submit(actor, game["channel"], action, side, seen=seq,
                                     still=lambda: self._undo_asked(game_id, side, seq))
        return await self.submit(actor, game["channel"], "end", side, seen=seq)

    def _undo_asked(self, game_id: int, side: str, seen: int) -> str | None:
        """Under the game's lock: the request to undo asked of `side` when it had observed `seen`
        commands still waits for its answer, and no draw offer would take the answer instead."""
        game = self.store.game(game_id)
        pending, offer = game["pending_undo"], game["pending_draw"]
        if not pending or pending["by"] == side or self.store.seen_seq(game_id, side) != seen:
            raise Expired("This button has expired: that request to undo no longer waits for your answer.")
        if offer and offer["by"] != side:
            raise TableError("A draw offer waits for your answer first (`/game draw`); answer it, then "
                             "this button answers the request to undo.")
        return None  # Accept and Refuse read as the reply says them

    async def draw(self, actor: Actor, channel: str) -> Offer | Text:
        """`/game draw`: offer a draw, or, when the other side has offered one, the question
        with buttons to accept or decline it."""
        answer = await asyncio.to_thread(self._draw_offered, actor, channel)
        return answer if answer is not None else await self.submit(actor, channel, "draw")

    def _draw_offered(self, actor: Actor, channel: str) -> Offer | None:
        """The question to answer when the other side has offered a draw; else None."""
        game = self.tables.game_in(channel)
        offer = game["pending_draw"]
        seats = self.store.seats(game["id"])
        mine = sides_of(seats, actor)
        if not (offer and mine and any(side != offer["by"] for side in mine)):
            return None
        side = next(side for side in mine if side != offer["by"])
        text = (f"The {fmt.side_name(offer['by'])} player offers a draw in game {game['id']}. "
                "Accept it (the game ends, nobody wins) or decline it (play goes on)?")
        return Offer(self.tables.private(actor, text), game["id"], side,
                     self.store.seen_seq(game["id"], side))

    async def resign(self, actor: Actor, channel: str, side: str | None = None) -> str:
        game = await asyncio.to_thread(self.tables.game_in, channel)
        async with self.tables.lock(game["id"]):
            loser = await asyncio.to_thread(self._loser, actor, game["id"], side)
            await self.tables.news.concede(game["id"], loser, words(
                name(actor.name), f" resigns for {fmt.side_name(loser)}"))
        return f"You resigned game {game['id']}."

    def _loser(self, actor: Actor, game_id: int, side: str | None) -> str:
        """Under the game's lock: the side the caller resigns for."""
        self.tables.current(game_id)
        seats = self.store.seats(game_id)
        system = self.service.system(game_id)
        return commanding_side(seats, actor, system.active_sides(self.service.load(game_id)), side,
                               system.INFO.sides)
