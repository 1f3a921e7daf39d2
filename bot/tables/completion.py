"""Autocomplete: the legal commands of the caller's side as text, cached per position, and what
each choice reads as on the board (bot/choices.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot import choices
from bot.permissions import Actor, TableError, sides_of
from bot.tables.room import Room

if TYPE_CHECKING:
    from bot.tables import Tables

CACHED_POSITIONS = 64


class Completion(Room):
    """Choices for the fields of play commands, read from the engine's legal commands."""

    def __init__(self, tables: Tables):
        super().__init__(tables)
        self._legal: dict[tuple[int, int, str], list[str]] = {}

    def legal_texts(self, actor: Actor, channel: str) -> list[str]:
        """The legal commands of the caller's side, as text (cached per position); none for
        someone without a seat or outside a running game."""
        acting = self._acting(actor, channel)
        if acting is None:
            return []
        game_id, side, state = acting
        system = self.service.system(game_id)
        return self._texts(game_id, side, lambda: [c.to_text() for c in
                                                   system.legal_commands(state, side)])

    def _acting(self, actor: Actor, channel: str) -> tuple[int, str, dict] | None:
        """The game here, the caller's side that may act now, and the position; None for
        someone without a seat that acts, or outside a running game."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return None
        game_id = game["id"]
        state = self.service.load(game_id)
        system = self.service.system(game_id)
        mine = sides_of(self.store.seats(game_id), actor)
        side = next((s for s in mine if s in system.active_sides(state)), None)
        return None if side is None or not game["started_at"] else (game_id, side, state)

    def _texts(self, game_id: int, side: str, compute: Callable[[], list[str]]) -> list[str]:
        """Legal command texts at the game's current position, cached (a few dozen at most)."""
        key = (game_id, self.store.last_seq(game_id), side)
        if key not in self._legal:
            if len(self._legal) >= CACHED_POSITIONS:
                self._legal.clear()
            self._legal[key] = compute()
        return self._legal[key]

    def verbs(self, game_id: int, sides: list[str]) -> set[str]:
        """The first words of every command legal now for these sides (the speaker's own:
        another side's options are none of their business), cached per position."""
        state = self.service.load(game_id)
        system = self.service.system(game_id)

        def legal(side: str) -> Callable[[], list[str]]:
            return lambda: [c.to_text() for c in system.legal_commands(state, side)]

        return {text.split()[0] for side in sides for text in self._texts(game_id, side, legal(side))}

    def forget(self, game_id: int) -> None:
        """Drop what was cached for a game whose position changed."""
        self._legal = {key: texts for key, texts in self._legal.items() if key[0] != game_id}

    def complete(self, actor: Actor, channel: str, field: str, typed: str,
                 given: dict[str, str]) -> list[choices.Choice]:
        """Choices for one field of a play command (unit, to, attackers, defenders, order): each
        value with what the player reads for it, from their side's own view (the units they
        command, never another side's), destinations nearest the unit first."""
        texts = self.legal_texts(actor, channel)
        if not texts:
            return []
        if field == "attackers":
            return choices.attackers(texts, typed)
        if field == "defenders":
            return choices.defenders(texts, given.get("attackers") or "", typed)
        acting = self._acting(actor, channel)
        assert acting is not None  # texts: the caller's side acts
        game_id, side, state = acting
        system = self.service.system(game_id)
        named = getattr(system, "places_named", None)  # which places an order names (1812), read by their names
        if field not in ("unit", "to") and named is None:
            return choices.orders(texts, typed)
        view = system.view(state, side)
        if field == "unit":
            return choices.move_units(texts, typed, choices.unit_names(view, side))
        if field == "to":
            unit = given.get("unit") or ""
            places = {word.lower(): place for word, place in choices.unit_places(view, side).items()}
            return choices.move_destinations(texts, unit, typed, getattr(system, "distance", None),
                                             places.get(unit.strip().lower()), choices.place_labels(view))
        return choices.orders(texts, typed, named, choices.place_labels(view))
