"""Held orders left unplayed, their author told so in the transaction that leaves them: a game's end, or their seat
changing hands.

Orders held behind a choice (bot/tables/held.py) wait for it to be made; the game may end first: the other side's
command ends it by the rules, a player resigns, a draw is agreed, a seat's time runs out, a manager ends it. The store
closes their row in the transaction that ends the game (Store.append, Store.end_game), and the word goes with it,
one sentence by DM to their author, its game named as every DM's is: that they were not played, why, and which. It is
composed here, where every front end's end of a game passes (a game played on at the terminal ends so too), and tells
nothing but how the game ended, which everyone reads, and the side's own orders (with those played before the rest
were held again behind the other side's choice, whose word was waiting for them). Orders under way, judged in part
when a stop came or being judged by the very command that ends the game (`playing`), keep their row and are told by
their own judging.

Held orders are their author's, not the seat's: a seat that changes hands (to a person, by consent or a manager's
`/game replace`; to the computer, seated or at a passed deadline; back to a person) drops what its holder held, in
the transaction that hands it over (Store.take_seat, Store.take_computer_seat), with the same word to their author,
why being where the seat went (`handed`). Its new holder starts with nothing held and reads nothing of them: played
for him, they would be orders he never gave, and the word on them his."""
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
        rows.append(_word(held, f"the game ended before they were due ({fmt.how_it_ended(ended)})"))
    return rows


def handed(store: Store, game_id: int, side: str, to: Text, told: tuple[str, Text] | None = None) -> Outbox:
    """The word to the author of the side's held orders, which its seat going `to` another (a mention, or the
    computer) drops: those held, and those played before them whose word waited (held again behind the other side's
    choice, or judged in part when a stop came). `told`: a DM the hand-over sends a person (its audience, its text);
    to their author, the word follows it in that one DM."""
    held = store.held_orders(game_id, side)
    rows: Outbox = [] if told is None else [(told[0], {"text": told[1]})]
    if held is None:
        return rows
    why = words(f"the {fmt.side_name(side)} seat went to ", to, " before they were due")
    if told is not None and told[0] == f"user:{held['user']}":
        audience, word = _word(held, why, "Your")
        return [(audience, {"text": words(told[1], " ", word["text"])})]
    return [*rows, _word(held, why)]


def _word(held: dict, why: Text, your: str = "your") -> tuple[str, dict]:
    """That a row of held orders was not played, and `why`, by DM to their author (`user:<id>`, an audience:
    bot/store/connection.py), who may hold no seat now; with the orders played before them, if any."""
    said = [s["line"] for s in ((held.get("judged") or {}).get("said") or [])]
    before = words(" Those before them were played once the choices were made: ",
                   listed(said, held["first"] - len(said)), ".") if said else ""
    return f"user:{held['user']}", {"text": words(f"{your} held orders were not played, as ", why, ": ",
                                                   listed(held["lines"], held["first"]), ".", before)}
