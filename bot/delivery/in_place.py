"""Messages written in place. A kept row (`kept`) does not send a new message: it edits the
messages that hold a player's private view of the game (one per piece of its text, the first ones
sent when there are none yet; a piece more is sent, a piece less deleted; `kept_pieces` starts its
table of units in a message of its own where that keeps their number), and the store remembers
their ids as soon as the platform made them, so a retry edits, never repeats. A question
(`question`: {"since": the command after which its player-turn began, "fresh": whether it must
notify}) goes the same way into the player's question message of that player-turn: edited in place
with its buttons (the answered question replaced), unless it is the first of the player-turn or
`fresh` (a new message, which notifies); `in_place`, the id of the message whose button gave the
command, is edited when the player has no question message of the player-turn yet. One message
asks all of a player's questions of a player-turn (bot/tables/announcement.py, Change._ask). A retired
question (`retire`: the place of a question message of a game now over) writes that message over
with what else its question told and how the game ended, its buttons gone.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial

from bot.delivery.already_sent import AlreadySentPart
from bot.delivery.messenger import Buttons
from bot.delivery.payloads import nonce
from bot.words import Text, join, words

ROOM = 1500  # characters: a view longer at its first sending starts its table apart, leaving room to grow


def continued(seen: int | None) -> str:
    """What opens each message of a view's table apart, after its game's name (`seen`: the commands the
    view is as of; None for a view stored before it was told).

    >>> continued(47), continued(None)
    ('your view, as of command 47, continued:', 'your view, continued:')
    """
    return f"your view, as of command {seen}, continued:" if seen is not None else "your view, continued:"


class InPlacePart(AlreadySentPart):
    """Kept views, questions and retired questions, written into the messages that hold them."""

    async def _ask(self, row: dict, place: str, pieces: list[str]) -> None:
        """A question written into the player's question message of its player-turn at a place
        (one message a piece, the buttons under the last): edited in place, or new ones (see the
        module's docstring); a retry goes on with the messages it made."""
        game_id, question = row["game"], row["payload"]["question"]
        asked = await asyncio.to_thread(self.store.question_messages, game_id, place)
        if asked is not None and asked[1] == row["id"]:
            kept = asked[2]  # a retry
        elif not question.get("fresh") and asked is not None and asked[0] == question["since"]:
            kept = asked[2]
        elif not question.get("fresh") and question.get("in_place"):
            kept = [str(question["in_place"])]
        else:
            kept = []
        await asyncio.to_thread(self.store.set_question_messages, game_id, place, question["since"], row["id"], kept)
        await self._write(row, place, pieces, kept, row["payload"].get("buttons"),
                          partial(self.store.set_question_messages, game_id, place, question["since"], row["id"]))

    async def _retire(self, row: dict, place: str) -> None:
        """A question message of a game now over, written over (bot/tables/news.py, retire_rows): what
        else the question it asks told, then how the game ended, its buttons gone; left as it is
        when it asks nothing (an answer written in it since, a question never sent)."""
        game_id = row["game"]
        asked = await asyncio.to_thread(self.store.question_messages, game_id, place)
        last = await asyncio.to_thread(self.store.outbox_row, asked[1]) if asked and asked[2] else None
        if asked is None or last is None or "unasked" not in last["payload"]:
            return
        said = [text for text in (last["payload"]["unasked"], row["payload"]["text"]) if text]
        ended = self.messenger.pieces(words(f"Game {game_id}: ", join(said)), place)
        await self._write(row, place, ended, asked[2], None,
                          partial(self.store.set_question_messages, game_id, place, asked[0], asked[1]))

    async def _edit_kept(self, row: dict, place: str, text: Text) -> None:
        """The messages of a player's private view at a place, edited into its pieces (`kept_pieces`)."""
        kept = await asyncio.to_thread(self.store.kept_messages, row["game"], place)
        await self._write(row, place, self.kept_pieces(text, len(kept), row["game"], row["payload"].get("seen")),
                          kept, None, partial(self.store.set_kept_messages, row["game"], place))

    def kept_pieces(self, text: Text, kept: int, game: int, seen: int | None = None) -> list[str]:
        """A private view's pieces for the `kept` messages that hold it: its table of units apart, in
        messages of its own (`table_apart`), where the view is new and longer than ROOM or where that
        needs no message more than it has, else as any text splits. A new message of a view lands below
        whatever came since its others (the question it told the news of); its news grows and shrinks by
        the command ('Latest for you: ...'), so a view near a message's length would gain and lose one."""
        pieces = self._private(text)
        parts = words(text)
        at = next((n for n, part in enumerate(parts) if isinstance(part, dict) and "table" in part), None)
        if at is None or not at:
            return pieces
        apart = self._private(parts[:at]) + self.table_apart(parts[at:], game, seen)
        if not kept:
            return apart if sum(map(len, pieces)) > ROOM else pieces
        if len(apart) <= kept or len(apart) <= len(pieces):
            return apart
        return pieces if len(pieces) == 1 else self.table_after(parts, at, game, seen) or pieces

    def table_after(self, parts: list, at: int, game: int, seen: int | None = None) -> list[str]:
        """A view's pieces with its table of units begun under its head, in the head's message, as many whole
        rows as fit there, the rest in messages of their own that name the game (`table_apart`): where the
        table apart would take a message more than the view has, it was split as any text, its second message
        opening with a bare row of blocks ('revealed, activated' under no name, seen on simcord: a Bloody
        Monday Russian's view of 2,100 characters in the first turn). A block's lines stay together (its
        cubes under it). [] where no row fits under the head."""
        after, rows = parts[at + 1:], whole_rows(str(parts[at]["table"]))

        def under_the_head(n: int) -> list[str]:
            return self._private(words(*parts[:at], {"table": "\n".join(rows[:n])}))
        fit = 0
        while fit < len(rows) and len(under_the_head(fit + 1)) == 1:
            fit += 1
        if fit < 2 or fit == len(rows):
            return []
        return under_the_head(fit) + self.table_apart([{"table": "\n".join(rows[fit:])}, *after], game, seen)

    def table_apart(self, parts: list, game: int, seen: int | None = None) -> list[str]:
        """A view's table of units (the first of `parts`, the words after it following it) in messages of
        its own, each opening with its game's name and the command the view is as of, `seen` ('Game 1:
        your view, as of command 47, continued:'): a Bloody Monday player in two games read two messages
        alike but for their blocks, naming no game; and while the table's edit waits for a retry (a 429
        Discord kept up, a restart between the two), the head above it, written first, told the news of a
        command that the table did not show yet, a block's hit above its strength before it. The old table
        now says that it is older. Each message holds as many of the table's rows as fit under that line,
        the rows after them in the next, a block's wrapped lines with it (`whole_rows`): a message opened
        on '                    revealed;' / 'cubes: inspired', the half of a row whose block was in the
        message before; a table that fits is one message."""
        (table, *after), head = parts, f"Game {game}: {continued(seen)}\n"
        out: list[str] = []
        held: list[str] = []
        for row in whole_rows(str(table["table"])):
            if held and len(self._private(words(head, {"table": "\n".join([*held, row])}))) > 1:
                out += self._private(words(head, {"table": "\n".join(held)}))
                held = []
            held.append(row)
        return out + self._private(words(head, {"table": "\n".join(held)}, *after))

    def _private(self, text: Text) -> list[str]:
        """A kept view's pieces, as a DM and a private thread alike write them: its commands as typed, under
        no line saying how to give them (it asks nothing; the question below it says: sending.py)."""
        return self.messenger.pieces(text, "dm:")

    async def _write(self, row: dict, place: str, pieces: list[str], kept: list[str], buttons: Buttons | None,
                     remember: Callable[[list[str]], None]) -> None:
        """The messages `kept` at a place edited into a row's pieces (`buttons` under the last): one
        sent for a piece more, one deleted for a piece less; their ids `remember`ed (in a worker
        thread) each time they change. A message sent goes with the piece's nonce, so a retry after
        its answer was lost (its id unknown) is that message again, not a second one; a retry later
        than the platform remembers a nonce finds it among the place's messages since the try (read
        as the piece's, with its buttons: Messenger.reads) and writes into it, never one that another game
        keeps there (a player's two games at the start: the same table of blocks, which their views shared,
        each game's commands writing its table over the other's)."""
        since = await self._sent_since([row], place)
        others = await asyncio.to_thread(self.store.kept_by_others, row["game"], place) if since else set()
        went = {said: made for made, said in since if made not in kept and made not in others}
        for n, piece in enumerate(pieces):
            under = buttons if n == len(pieces) - 1 else None
            made = await self.messenger.keep(place, piece, kept[n] if n < len(kept) else
                                             went.pop(self.messenger.reads(piece, False, under), None), under,
                                             nonce([row], n))
            if kept[n:n + 1] != [made]:
                kept = [*kept[:n], made, *kept[n + 1:]]
                await asyncio.to_thread(remember, kept)
        while len(kept) > len(pieces):
            await self.messenger.drop(place, kept[-1])
            kept = kept[:-1]
            await asyncio.to_thread(remember, kept)


def whole_rows(table: str) -> list[str]:
    """A table's rows, each with the lines wrapped under it: a line indented deeper than the table's rows (a
    block's 'revealed;' and its cubes at a phone's width) goes on the row above it, so a message split between
    rows never opens with the half of one.

    >>> whole_rows("  area  block\\n  45    F-I-5  4 infantry;\\n               revealed\\n  46    F-I-1  4 infantry")
    ['  area  block', '  45    F-I-5  4 infantry;\\n               revealed', '  46    F-I-1  4 infantry']
    """
    lines = table.split("\n")
    step = min((len(line) - len(line.lstrip()) for line in lines[1:] if line.strip()), default=0)
    rows: list[str] = []
    for line in lines:
        if rows and len(line) - len(line.lstrip()) > step:
            rows[-1] += "\n" + line
        else:
            rows.append(line)
    return rows
