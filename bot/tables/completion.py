"""Autocomplete: the legal commands of the caller's side as text and the side's view, cached per
position, and what each choice reads as on the board (bot/choices.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from bot import choices
from bot.permissions import Actor, TableError, sides_of
from bot.tables.room import Room
from rules.core.system import GameSystem

if TYPE_CHECKING:
    from bot.tables import Tables

CACHED_POSITIONS = 64


class Acting(NamedTuple):
    """The game at a table, the caller's side that may act now, and the position with its last
    command's number, which keys what is kept of it."""
    game_id: int
    side: str
    seq: int
    state: dict
    system: GameSystem

    @property
    def key(self) -> tuple[int, int, str]:
        return self.game_id, self.seq, self.side


class Completion(Room):
    """Choices for the fields of play commands, read from the engine's legal commands."""

    def __init__(self, tables: Tables):
        super().__init__(tables)
        self._legal: dict[tuple[int, int, str], list[str]] = {}
        self._views: dict[tuple[int, int, str], dict] = {}

    def legal_texts(self, actor: Actor, channel: str) -> list[str]:
        """The legal commands of the caller's side, as text (cached per position); none for
        someone without a seat or outside a running game."""
        acting = self._acting(actor, channel)
        return [] if acting is None else self._legal_now(acting)

    def _acting(self, actor: Actor, channel: str) -> Acting | None:
        """The game here, the caller's side that may act now, and the position; None for
        someone without a seat that acts, or outside a running game."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            return None
        game_id = game["id"]
        seq, state = self.service.position(game_id)
        system = self.service.system(game_id)
        mine = sides_of(self.store.seats(game_id), actor)
        side = next((s for s in mine if s in system.active_sides(state)), None)
        return None if side is None or not game["started_at"] else Acting(game_id, side, seq, state, system)

    def _legal_now(self, acting: Acting) -> list[str]:
        """Legal command texts at the position, cached (a few dozen positions at most)."""
        return _kept(self._legal, acting.key,
                     lambda: [c.to_text() for c in acting.system.legal_commands(acting.state, acting.side)])

    def _view(self, acting: Acting) -> dict:
        """The side's view of the position, cached likewise: each field a player fills in asks for it
        again at the same position."""
        return _kept(self._views, acting.key, lambda: acting.system.view(acting.state, acting.side))

    def verbs(self, game_id: int, sides: list[str]) -> set[str]:
        """The first words of every command legal now for these sides (the speaker's own:
        another side's options are none of their business), cached per position."""
        seq, state = self.service.position(game_id)
        system = self.service.system(game_id)
        return {text.split()[0] for side in sides
                for text in self._legal_now(Acting(game_id, side, seq, state, system))}

    def forget(self, game_id: int) -> None:
        """Drop what was cached for a game whose position changed."""
        self._legal = {key: texts for key, texts in self._legal.items() if key[0] != game_id}
        self._views = {key: view for key, view in self._views.items() if key[0] != game_id}

    def complete(self, actor: Actor, channel: str, field: str, typed: str,
                 given: dict[str, str]) -> list[choices.Choice]:
        """Choices for one field of a play command (unit, to, attackers, defenders, order): each
        value with what the player reads for it, from their side's own view (the units they
        command, never another side's), destinations nearest the unit first."""
        acting = self._acting(actor, channel)
        if acting is None or not (texts := self._legal_now(acting)):
            return []
        if field == "attackers":
            return choices.attackers(texts, typed)
        if field == "defenders":
            return choices.defenders(texts, given.get("attackers") or "", typed)
        side, system = acting.side, acting.system
        named = getattr(system, "places_named", None)  # which places an order names (1812), read by their names
        if field not in ("unit", "to") and named is None:
            return choices.orders(texts, typed)
        view = self._view(acting)
        if field == "unit":
            return choices.move_units(texts, typed, choices.unit_names(view, side))
        if field == "to":
            unit = given.get("unit") or ""
            places = {word.lower(): place for word, place in choices.unit_places(view, side).items()}
            return choices.move_destinations(texts, unit, typed, getattr(system, "distance", None),
                                             places.get(unit.strip().lower()), choices.place_labels(view))
        return choices.orders(texts, typed, named, choices.place_labels(view))


def _kept(cache: dict, key: tuple[int, int, str], compute: Callable[[], Any]) -> Any:
    """What `compute` gives at a position, kept in `cache` by the game, its last command and the side
    (a few dozen positions at most: the cache starts afresh when full)."""
    if key not in cache:
        if len(cache) >= CACHED_POSITIONS:
            cache.clear()
        cache[key] = compute()
    return cache[key]
