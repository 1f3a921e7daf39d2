"""Held orders a game's end leaves unplayed: their author told so, in the transaction that ends the game.

Orders held behind a choice (bot/tables/held.py) wait for it to be made; the game may end first: the other side's
command ends it by the rules, a player resigns, a draw is agreed, a seat's time runs out, a manager ends it. The store
closes their row in the transaction that ends the game (Store.append, Store.end_game), and the word goes with it,
one sentence by DM to their author, who may have handed the seat on since (its holder now never gave them), its
game named as every DM's is: that they were not played, why, and which. It is composed here, where every front end's
end of a game passes (a game played on at the terminal ends so too), and tells nothing but how the game ended,
which everyone reads, and the side's own orders (with those played before the rest were held again behind the other
side's choice, whose word was waiting for them). Orders under way, judged in part when a stop came or being judged
by the very command that ends the game (`playing`), keep their row and are told by their own judging."""
from __future__ import annotations

from collections.abc import Iterable

from bot import text as fmt
from bot.store import Outbox, Store
from bot.words import Text, join, name, words


def listed(lines: list[str], first: int) -> Text:
    """Orders as written, numbered from `first` as the reply to their message numbered them (never read as
    markup)."""
    return join([words(f"{n}. ", name(fmt.clipped(line))) for n, line in enumerate(lines, first)], "; ")


def told(store: Store, game_id: int, sides: Iterable[str], ended: dict, playing: str | None = None) -> Outbox:
    """The word to the author of each side's held orders the game's end (`ended`: how it ended) leaves unplayed, but
    the side's whose held order the ending command is (`playing`)."""
    rows: Outbox = []
    for side in sides:
        held = store.held_orders(game_id, side)
        judged = (held or {}).get("judged") or {"said": [], "waiting": True}
        if held is None or not judged.get("waiting") or side == playing:
            continue
        author = f"user:{held['user']}"  # an audience (bot/store/connection.py): this person, whatever seat
        said = [s["line"] for s in judged["said"]]  # played before the rest were held again
        before = words(" Those before them were played once the choices were made: ",
                       listed(said, held["first"] - len(said)), ".") if said else ""
        rows.append((author, {"text": words("your held orders were not played, as the game ended before they were "
                                            f"due ({fmt.how_it_ended(ended)}): ",
                                            listed(held["lines"], held["first"]), ".", before)}))
    return rows
