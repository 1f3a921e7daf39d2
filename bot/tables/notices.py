"""Awaited means told: the notice a player gets when the game starts waiting for them, and the
buttons of a mid-turn choice.

Whenever a change makes the game wait for a side it did not wait for (a new phase, or a choice
that falls to the opponent in the middle of one: a retreat, an advance, an exchange's losses), that
side's player is told once what is asked, and by when: by a mention in the game's channel, or by
DM when they asked for reminders by DM (bot/player_prefs.py). In a game with hidden units the
notice is always private: what is asked names the player's own units, and only they may see the
answers. A choice's answers (bot/asked.py) come with the notice as buttons; a chooser already
awaited who faces a new question (the next unit to retreat) gets its buttons the same way, without
a second ping. A private notice is a question (its payload's "question", {"new": whether the side
is newly awaited}): the questions of one player-turn to a player share one message, edited in
place (bot/tables/announcement.py, Change._ask). A side whose standing order answers the choice at once
(rules.core.standing), or whose choice allows one answer (bot/service/standing.py, at_once), is
not asked. The rows go into the outbox in the transaction of the change
that caused them. At a game's start a side's question its own view words already goes at that view's
top (`asked_in_views`).
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot import asked as ask
from bot.delivery import UNASKED, Buttons, channel_audience, message
from bot.service.standing import at_once
from bot.store import Outbox
from bot.words import Text, due, mention, plain, words

if TYPE_CHECKING:
    from bot.tables import Tables

WAITS, NEXT = "the game waits for you", "Next"  # a question opening a message; one under the answer before it


def opening(text: Text) -> Text:
    """A question worded to follow the answer above it reworded to open a message of its own:

    >>> opening(["Next, due ", {"at": "2026-03-01T00:00:00+00:00"}, ": attrit"])
    ['the game waits for you, due ', {'at': '2026-03-01T00:00:00+00:00'}, ': attrit']
    """
    parts = words(text)
    if parts and isinstance(parts[0], str) and parts[0].startswith(NEXT):
        parts[0] = WAITS + parts[0].removeprefix(NEXT)
    return parts


def answer_buttons(game_id: int, question: ask.Question, seen: int) -> Buttons | None:
    """The stored buttons of a choice's answers (bot/delivery/messenger.py, Buttons), asked when the side had
    observed `seen` commands (Store.seen_seq); beyond a menu, the shortest where they fit
    (bot/asked.py, offered); None when there are none to click (no choice, or more answers than a
    menu holds, and as many of the shortest: then they are typed)."""
    question = ask.offered(question)
    if not ask.clickable(question):
        return None
    words = {"labels": list(question.labels)} if question.labels != question.answers else {}  # else: the texts
    return {"answers": list(question.answers), **words, "game": game_id, "side": question.side, "seq": seen}


def told_privately(tables: Tables, game_id: int, side: str) -> bool:
    """Whether the side's notices go to its player alone: in a game with hidden units, or when
    they asked for reminders by DM."""
    return tables.service.system(game_id).INFO.hidden_information or \
        tables.prefs_of(game_id, side).remind == "dm"


def asked_of(tables: Tables, game_id: int, state: dict) -> list[str]:
    """The sides the game waits for whose player must answer: not the computer's, nor a side whose
    waiting choice is answered at once (its standing order, or its only answer: `at_once`)."""
    system = tables.service.system(game_id)
    computer = tables.store.computer_seats(game_id)
    return [side for side in ask.awaited(system, state) if side not in computer and
            at_once(system, state, side, tables.store.standing_orders(game_id, side)) is None]


def notices(tables: Tables, game_id: int, before: dict | None, after: dict, seq: int,
            planned: dict[str, datetime], moved: bool, late: frozenset[str] = frozenset(),
            absent: frozenset[str] = frozenset(), author: str | None = None) -> Outbox:
    """The rows telling each newly awaited side what is asked (and each chooser facing a new
    question its buttons). At a phase change the channel's "your move" line pings the sides not
    told privately (it names the others without a ping). `seq`: the game's position after the
    change (its command not stored yet: a side's buttons count it among those it has observed; a
    secret order hidden from a side never makes it newly awaited nor changes its question).
    `late`: the sides whose deadline passed and played for them; one the change leaves awaited in
    a new step (`moved`) is told afresh, as if newly awaited: their player did not act, so nothing
    they read says that the game waits for them again (an edit of their question notifies nobody).
    `absent`: the sides absent for the rest of the player-turn (bot/deadlines.py, Deadlines.marks),
    whose deadline falls due at once and plays what falls to them: never newly awaited (they were
    told so once, with the first command their deadline played), so not pinged nor sent a new DM;
    a private question is written in place, so that it never reads as the question answered.
    `author`: the person whose own command the change is, never pinged in the channel by it (its
    buttons alone, if any): a standing order answering the opponent's choice in the middle of their
    message of attacks pinged them 'your move' once an attack, as they were sending it."""
    system = tables.service.system(game_id)
    seats = tables.store.seats(game_id)
    game = tables.store.game(game_id)
    waited = set() if before is None else set(ask.awaited(system, before))
    rows: Outbox = []
    for side in asked_of(tables, game_id, after):
        user = seats.get(side)
        if user is None:
            continue
        new = side not in absent and (side not in waited or moved and side in late)
        question = ask.question(system, after, side)
        if not new and (not question.answers or before is None or
                        question == ask.question(system, before, side)):
            continue
        seen = tables.store.seen_after(game_id, side, seq)
        buttons = answer_buttons(game_id, question, seen)
        when: Text = words(", due ", due(planned[side])) if side in planned else ""
        asked = words(question.text, ask.typed_note(question))
        if told_privately(tables, game_id, side):
            rows.append((side, message(words(WAITS if new else NEXT, when, ": ", asked),
                                       buttons=buttons) | {"question": {"new": new}} | UNASKED))
        elif new and not moved and user != author:
            rows.append((channel_audience(game["channel"]), message(
                words(mention(user), f" Game {game_id}: your move", when, ": ", asked), buttons=buttons) | UNASKED
                | {"awaits": side}))  # a ping that the side's held orders, played at once, make stale
        elif buttons is not None and side not in absent:
            rows.append((channel_audience(game["channel"]), message(asked, buttons=buttons) | UNASKED))
    return rows


def asked_in_views(tables: Tables, game_id: int, state: dict, rows: Outbox, planned: dict[str, datetime]) -> Outbox:
    """A game's start (`rows`, its news): the question of a side awaited that the side's own view, sent
    beside it, words (no buttons, its prompt the view's headline's) goes at the top of that view as 'the game
    waits for you, due ...', one DM where two said the question twice. Bloody Monday's French read 'the game
    waits for you, due ...: French impulse: ...' and, in the DM under it, their view, whose headline said
    the impulse again; 1812's Russian likewise his Movement Phase. Their view, a DM of its own at the start,
    notifies as the question did; the next edit of the view leaves the line out, its headline still saying
    what is asked. The player-turn's next question comes in a DM of its own, as a first does, unless the
    player's own orders raise it without buttons (bot/tables/announcement.py, Change._own_flow)."""
    views = {to: payload for to, payload in rows if payload.get("kept")}
    system = tables.service.system(game_id)
    told: Outbox = []
    for to, payload in rows:
        view = views.get(to)
        question = ask.question(system, state, to) if view is not None and "question" in payload else None
        if view is None or question is None or "buttons" in payload or \
                plain(words(question.text, ask.typed_note(question))) not in plain(view["text"]):
            told.append((to, payload))
            continue
        opening, *rest = words(view["text"])
        when: Text = words(", due ", due(planned[to])) if to in planned else ""
        view["text"] = words(WAITS, when, ".\n", str(opening)[:1].upper() + str(opening)[1:], *rest)
    return told
