"""A mid-turn choice's answer clicked on its buttons (bot/asked.py): played for the side it was offered to while its
question still waits, and the standing order that would have given it named once a game."""
from __future__ import annotations

import asyncio

from bot import asked as ask
from bot.permissions import Actor, Expired
from bot.tables import stale
from bot.tables.giving import GivingPart
from bot.words import Text, words
from rules.core.standing import ASK, choosers


class Aside(str):
    """What a click's reply says beside its question message, where the news wrote the answer in that
    message itself (a DM's question, edited in place): a line of its own for the presser."""


class ClickedPart(GivingPart):
    """Answers clicked on a question's buttons."""

    async def answer(self, actor: Actor, game_id: int, side: str, seq: int, text: str,
                     asked_in: str | None = None) -> Text | None:
        """A clicked answer of a mid-turn choice (bot/asked.py): its command, played for the side
        it was offered to while that question still waits for it. `asked_in`: the DM that asked
        it (its id); when the next question goes to the same player it is written there, after
        this answer's outcome, rather than in a new DM, and None is returned (nothing more to say), or
        the standing order's tip alone (`Aside`), which has no place in a question message."""
        game = await asyncio.to_thread(self.store.game, game_id)
        if game["status"] == "over":
            raise Expired(f"This button has expired: game {game_id} is over.")
        given: list[str] = []  # the standing order that would have given this answer (`_standing_given`)

        def still() -> str | None:
            pressed = self._still_asked(game_id, side, seq, text, actor.id)
            given[:] = self._standing_given(game_id, side, text)
            return pressed
        async with self.tables.in_order(game["channel"]):
            said = await self._submit(actor, game["channel"], text, side, seq, still, asked_in)
        hint = await asyncio.to_thread(self._standing_hint, game_id, actor, side, *given) \
            if given and said.accepted else ""
        if said.in_place:
            return Aside(hint.strip()) if hint else None
        return words(said.text, hint) if hint else said.text

    def _standing_given(self, game_id: int, side: str, text: str) -> list[str]:
        """Under the game's lock, before a clicked answer is played: the kind of choice and the
        standing order that gives that very answer here, where the side has none for the kind ([]
        otherwise): in every game, hidden ones too (an order reads only what its player knows, so
        whether one gives the answer clicked tells nothing hidden: rules/*/swaptest.py compares them)."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        waiting = system.choice(state)
        if waiting is None:
            return []
        kind = waiting["kind"]
        if self.store.standing_orders(game_id, side).get(kind, ASK) != ASK:
            return []
        answer = system.parse(side, text).to_text()
        for order in system.standing_orders().get(kind, {}):
            command = system.standing_command(state, side, {kind: order})
            if command is not None and command.to_text() == answer:
                return [kind, order]
        return []

    def _standing_hint(self, game_id: int, actor: Actor, side: str, kind: str, order: str) -> str:
        """The line under a clicked answer that a standing order would have given: that order, which
        answers every such choice for the player, said to each person once a game for each kind of choice
        (a seat's new holder reads it too; its first holder not again). A record of the version before,
        which named the side, not the person, counts for the side: who held it then was told already."""
        key = f"told {actor.id} the standing order for {kind}: game {game_id}"
        if self.store.meta(key) or self.store.meta(f"told the standing order for {kind}: game {game_id}, {side}"):
            return ""
        self.store.set_meta(key, order)
        said = self.service.system(game_id).standing_orders()[kind][order]
        return f"\n`orders {kind} {order}` answers every such choice for you: {said}."

    def _still_asked(self, game_id: int, side: str, seen: int, text: str, user: str) -> str | None:
        """Under the game's lock: the choice asked of `side` when it had observed `seen` commands
        still waits for it (it has observed none since: another side's secret order given meanwhile
        does not expire it, so that nobody learns whether one was given); what the answer `text`
        reads as on its button, the words its reply repeats. Else refused (Expired), saying what
        became of the question and what waits for the side now (bot/tables/stale.py)."""
        system, state = self.service.system(game_id), self.service.load(game_id)
        waiting = system.choice(state)
        if waiting is None or side not in choosers(waiting) or self.store.seen_seq(game_id, side) != seen:
            raise Expired(stale.refusal(self.store, system, state, game_id, side, seen, user))
        return ask.answer_words(system, state, side, text)
