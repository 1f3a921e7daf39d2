"""Who may do what at a game table; each refusal is a sentence for the person refused."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot import text as fmt
from bot.words import Text, mention, plain, words


class TableError(Exception):
    """A table action was refused (permission, lobby state, unknown game): `text` is the reply
    (bot/words.py), str() the same in plain words."""

    def __init__(self, text: Text):
        super().__init__(plain(text))
        self.text = text


class Expired(TableError):
    """A button pressed after what it answers has passed (answered, the game moved on or over):
    refused alike whoever presses it, so its message may lose its buttons."""


@dataclass(frozen=True)
class Actor:
    """The person behind an interaction: Discord id, display name, and Manage Server."""

    id: str
    name: str
    manage_guild: bool = False


def may_manage(game: dict, actor: Actor) -> bool:
    """The game's creator, or anyone with Manage Server, changes settings and ends games."""
    return actor.id == game["created_by"] or actor.manage_guild


def check_manage(game: dict, actor: Actor, what: str) -> None:
    if not may_manage(game, actor):
        raise TableError(words("Only the game's creator (", mention(game["created_by"]),
                               f") or a member with Manage Server may {what}."))


def check_not_paused(game: dict) -> None:
    """A paused game (its channel was lost) takes no orders until it is resumed."""
    if game.get("paused"):
        raise TableError(f"Game {game['id']} is paused: {game['paused']}. Its creator or a "
                         f"member with Manage Server resumes it with `/game resume "
                         f"game:{game['id']}`.")


def check_seat(game: dict, seats: dict[str, str], actor: Actor, side: str, by: str | None = None) -> None:
    """A side may take its seat if free, and one person takes two only in a hot-seat game; `by`,
    who seats them when another does (the refusal then names the person, not "you")."""
    if side in seats:
        holder = "you" if seats[side] == actor.id else mention(seats[side])
        raise TableError(words(f"The {fmt.side_name(side)} seat is taken by ", holder, "."))
    if actor.id in seats.values() and not game["hot_seat"]:
        mine = next(s for s, u in seats.items() if u == actor.id)
        who: Text = "You already play" if by in (None, actor.id) else words(mention(actor.id), " already plays")
        raise TableError(words(who, f" {fmt.side_name(mine)}; one person plays both sides only in a game "
                               "created as hot-seat."))


def sides_of(seats: dict[str, str], actor: Actor) -> list[str]:
    """The sides this person commands (two at a hot seat)."""
    return [side for side, user in seats.items() if user == actor.id]


def commanding_side(seats: dict[str, str], actor: Actor, active: list[str],
                    asked: str | None = None, sides: Sequence[str] = ()) -> str:
    """The side an order from this person is for: the one asked, else the one they hold that
    may act now, else the one they hold. Only the seated player commands a side: someone else
    hears who does (a button of a seat since given to another), or whether a side of the game's
    `sides` is free to join."""
    mine = sides_of(seats, actor)
    if not mine:
        if asked is not None and seats.get(asked):
            raise TableError(words(f"The {fmt.side_name(asked)} seat is held by ", mention(seats[asked]),
                                   " now; only its player commands it."))
        if sides and all(seats.get(side) for side in sides):
            raise TableError("You have no seat in this game, and every side is taken.")
        raise TableError("You have no seat in this game; `/game join` takes a free side.")
    if asked is not None:
        if asked not in mine:
            raise TableError(f"Only the {fmt.side_name(asked)} player may command "
                             f"{fmt.side_name(asked)}.")
        return asked
    acting = [side for side in mine if side in active]
    return (acting or mine)[0]
