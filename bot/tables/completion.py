"""Autocomplete: the legal commands of the caller's side as text and the side's view, cached per
position, and what each choice reads as on the board (bot/choices.py)."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial
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


class Board(NamedTuple):
    """What a side's view of a position names: its own units (by each word a command names them
    with), where each stands (by that word in lower case) and the places' labels (bot/choices.py)."""
    names: choices.Names
    places: dict[str, str]
    labels: choices.Names


class Completion(Room):
    """Choices for the fields of play commands, read from the engine's legal commands."""

    def __init__(self, tables: Tables):
        super().__init__(tables)
        self._legal: dict[tuple[int, int, str], list[str]] = {}
        self._boards: dict[tuple[int, int, str], Board] = {}

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
        system = self.service.system_named(game["system"])  # the row just read: one read a field
        mine = sides_of(self.store.seats(game_id), actor)
        side = next((s for s in mine if s in system.active_sides(state)), None)
        return None if side is None or not game["started_at"] else Acting(game_id, side, seq, state, system)

    def _legal_now(self, acting: Acting) -> list[str]:
        """Legal command texts at the position, cached (a few dozen positions at most)."""
        return _kept(self._legal, acting.key,
                     lambda: [c.to_text() for c in acting.system.legal_commands(acting.state, acting.side)])

    def _board(self, acting: Acting) -> Board:
        """What the side's view of the position names, cached likewise: each field a player fills in
        asks for it again at the same position."""
        def read() -> Board:
            view = acting.system.view(acting.state, acting.side)
            places = {word.lower(): place for word, place in choices.unit_places(view, acting.side).items()}
            return Board(choices.unit_names(view, acting.side), places, choices.place_labels(view))
        return _kept(self._boards, acting.key, read)

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
        self._boards = {key: board for key, board in self._boards.items() if key[0] != game_id}

    def complete(self, actor: Actor, channel: str, field: str, typed: str,
                 given: dict[str, str]) -> list[choices.Choice]:
        """Choices for one field of a play command (unit, to, attackers, defenders, then, order): each
        value with what the player reads for it, from their side's own view (the units they
        command, never another side's), destinations nearest the unit first."""
        acting = self._acting(actor, channel)
        if acting is None or not (texts := self._legal_now(acting)):
            return []
        if field == "attackers":
            return choices.attackers(texts, typed)
        if field == "defenders":
            return choices.defenders(texts, given.get("attackers") or "", typed)
        if field == "then":
            return choices.answers_ahead(given.get("attackers") or "", typed)
        system = acting.system
        named = getattr(system, "places_named", None)  # which places an order names (1812), read by their names
        if field not in ("unit", "to") and named is None:
            return choices.orders(texts, typed)
        board = self._board(acting)
        if field == "unit":
            return choices.move_units(texts, typed, board.names)
        if field == "to":
            unit = given.get("unit") or ""
            measured = getattr(system, "distance", None)
            distance = None if measured is None else partial(_far, measured)
            return choices.move_destinations(texts, unit, typed, distance, board.places.get(unit.strip().lower()),
                                             board.labels)
        return choices.orders(texts, typed, named, board.labels)


@lru_cache(maxsize=4096)
def _far(distance: choices.Distance, a: str, b: str) -> int | None:
    """How far apart two places are, as the system measures them on its map, which never changes:
    kept, for each field offering destinations asks it again of the places around each unit."""
    return distance(a, b)


def _kept(cache: dict, key: tuple[int, int, str], compute: Callable[[], Any]) -> Any:
    """What `compute` gives at a position, kept in `cache` by the game, its last command and the side
    (a few dozen positions at most: the cache starts afresh when full)."""
    if key not in cache:
        if len(cache) >= CACHED_POSITIONS:
            cache.clear()
        cache[key] = compute()
    return cache[key]
