"""Superseded words: what a change says that held orders, played at once after it, made stale.

A change that lets a side's held orders play (bot/tables/held.py: the opponent's click that made
the last choice, the command that began the side's turn) stores its news before they are judged,
in its own transaction, and nothing of it is sent until they have been (one flush). Its line in
the channel may end with the headline and map of the phase it began and "French player: your
move"; the French player's question DM says the same. Once the French held orders have been
played and stored (each its own change, with its own news), those words are stale: a post read
"your move" and showed a map, and the next, at once, showed the French moves and another map.

So, once held orders have played something in public, the change before them is told again while
none of it has been tried: its headline, map and "your move" lines dropped when a later line shows
a newer headline, and the side that gave the orders no longer pinged in the channel (it acted; when
the game still waits for it, the private message of what became of its orders tells it, Play.release)
nor, once the game no longer waits for it, asked by DM (what else that DM said goes alone). Nothing is withdrawn
when the orders played nothing in public (all refused, or a secret order given while the other
side orders too): the channel then reads exactly as if none had been held, so whether a side
holds orders stays its own business.

Orders of one message that pass several phases are told likewise, as one account: each phase's
lines as they came, one map for the state the message leaves and one "your move" for what waits
then (`unmapped`), under the lines of its last orders where those post no map (`moved_under`); where
the last asks a question in the channel, its headline and map stay where the phase began, and no "your
move" is said above the question, which says who acts (`_asked_under`). An
1812 Russian box of moves, `end`, `end` past the forced marches and a battle posted the Forced March
Phase's headline, map and "Russian player: your move", then the battle's Combat Phase and the French
Player-Turn under another; Borodino's `end; end` past a Combat Phase alike.
"""
from __future__ import annotations

from bot.delivery import unasked
from bot.words import Text, words


def withdrawn(rows: list[dict], at: int, side: str, awaited: bool, channel: str) -> dict[int, dict | None]:
    """The rows of the change stored at command `at` told again after `side`'s held orders were
    played (`rows`: the game's rows not yet delivered, from that change on; `awaited`: whether the
    game waits for `side` now; `channel`: the game channel's audience), as {row id: its new
    payload, or None to drop it}; rows already tried stay as they are (the store checks it again
    when it writes). A notice that pings `side` in the channel (its `awaits`) goes too: it read
    '@anna Game 1: your move' above the line of the `end` Anna's held orders played at once.

    >>> ask = ["\\n", {"user": "7"}, ": your move."]
    >>> line = {"id": 1, "seq": 4, "audience": "channel:9", "tried_at": None, "joined": None,
    ...         "payload": {"text": ["A.\\nTurn 2", *ask], "picture": {"seq": 4},
    ...                     "parts": {"line": ["A."], "head": ["\\nTurn 2"], "asks": {"red": ask}}}}
    >>> question = {"id": 2, "seq": 4, "audience": "red", "tried_at": None, "joined": None,
    ...             "payload": {"text": "Your move.", "question": {"since": 3}, "unasked": ""}}
    >>> later = {"id": 3, "seq": 5, "audience": "channel:9", "tried_at": None, "joined": None,
    ...          "payload": {"text": "B.\\nTurn 2", "picture": {"seq": 5}}}
    >>> withdrawn([line, question, later], 4, "red", awaited=False, channel="channel:9")
    {1: {'text': ['A.']}, 2: None}
    """
    if not any(row["seq"] > at and row["audience"] == channel for row in rows):
        return {}  # the orders played nothing in public
    newer_map = any(row["seq"] > at and row["audience"] == channel and "picture" in row["payload"] for row in rows)
    changed: dict[int, dict | None] = {}
    for row in rows:
        payload = row["payload"]
        if row["seq"] != at or row["tried_at"] or row["joined"]:
            continue
        if row["audience"] == channel and "parts" in payload:
            told = _told_again(payload, side, newer_map)
            if told is not payload:
                changed[row["id"]] = told
        elif row["audience"] == channel and payload.get("awaits") == side and "buttons" not in payload:
            changed[row["id"]] = None  # its ping ('@anna Game 1: your move, due ...'): she acted
        elif row["audience"] == side and not awaited and "question" in payload \
                and not payload["question"].get("in_place"):
            changed[row["id"]] = unasked(payload)
    return changed


def unmapped(rows: list[dict], at: int, channel: str) -> dict[int, dict | None]:
    """The channel line of the change stored at command `at` without its headline, map and "your
    move" lines, which a later order of the same message posts anew
    (`rows`: the game's rows not yet delivered, from that change on); a line whose buttons ask a
    question, or already tried, stays as it is.

    >>> line = {"id": 1, "seq": 4, "audience": "channel:9", "tried_at": None, "joined": None,
    ...         "payload": {"text": ["A.\\nTurn 2"], "picture": {"seq": 4}, "story": "A.",
    ...                     "parts": {"line": ["A."], "head": ["\\nTurn 2"], "asks": {}}}}
    >>> unmapped([line], 4, "channel:9")
    {1: {'text': ['A.'], 'story': 'A.'}}
    """
    return {row["id"]: told for row in rows
            if row["seq"] == at and row["audience"] == channel and "parts" in row["payload"]
            and not row["tried_at"] and not row["joined"]
            and (told := _told_again(row["payload"], None, True)) is not row["payload"]}


def moved_under(rows: list[dict], at: int, channel: str, head: Text, seq: int) -> dict[int, dict | None]:
    """The headline, map and "your move" lines of the change stored at command `at` moved under the
    channel's last line of the orders after it in the same message, which posted none (`rows`: the
    game's rows not yet delivered, from that change on; `head`: the headline of the position they
    leave, after command `seq`, of which the map is drawn): a Borodino box of moves, `end` and an
    attack read the Combat Phase's headline, map and 'French player: your move' above the attack's
    line, posted under them. A notice of its own (a ping with its question) stays where it is; a
    side that line pings is not told "your move" twice; nothing moves where a row is tried already,
    nor where a later line has a map (an answer played at once after the last order, which began a
    phase).

    >>> line = {"id": 1, "seq": 4, "audience": "channel:9", "tried_at": None, "joined": None,
    ...         "payload": {"text": ["A.\\nTurn 2\\nRed: your move."], "picture": {"seq": 4},
    ...                     "parts": {"line": ["A."], "head": ["\\nTurn 2"], "asks": {"red": ["\\nRed: your move."]}}}}
    >>> later = {"id": 2, "seq": 5, "audience": "channel:9", "tried_at": None, "joined": None,
    ...          "payload": {"text": "B."}}
    >>> moved = moved_under([line, later], 4, "channel:9", "\\nTurn 2, later", 5)
    >>> moved[1], moved[2]["text"], moved[2]["picture"]
    ({'text': ['A.']}, ['B.\\nTurn 2, later\\nRed: your move.'], {'seq': 5})
    >>> moved_under([line, dict(later, payload={"text": "B.", "picture": {"seq": 5}})], 4, "channel:9", "", 5)
    {}
    """
    told = unmapped(rows, at, channel)
    lines = [row for row in rows if row["seq"] > at and row["audience"] == channel and "unasked" not in row["payload"]]
    if len(told) != 1 or not lines or lines[-1]["tried_at"] or lines[-1]["joined"] or \
            any("picture" in row["payload"] for row in lines):  # a later map says the position after them
        return {}
    if "buttons" in lines[-1]["payload"]:  # a question asked under them, with its buttons: no "your move" above it
        return _asked_under(rows, at, channel)
    (mapped,) = [row["payload"] for row in rows if row["id"] in told]
    last = lines[-1]["payload"]
    own = last.get("parts", {"line": words(last["text"]), "head": [], "asks": {}})
    asks = {**{side: ask for side, ask in mapped["parts"]["asks"].items() if side not in own["asks"]}, **own["asks"]}
    return told | {lines[-1]["id"]: dict(last, text=words(own["line"], head, *asks.values()),
                                         picture=dict(mapped["picture"], seq=seq),
                                         parts={"line": own["line"], "head": words(head), "asks": asks})}


def _asked_under(rows: list[dict], at: int, channel: str) -> dict[int, dict | None]:
    """The channel line of the change stored at command `at` with its headline and map where the phase
    began, and without its "your move" lines: a question a later order of the same message asked in
    the channel, with its buttons, says who acts now. Shevardino's French box of moves, `end` and an
    attack whose Dr asks him where the Russian unit retreats (Combat) read the Combat Phase's headline
    under the question, the question again in it, and 'French player: your move' while it waited."""
    return {row["id"]: told for row in rows
            if row["seq"] == at and row["audience"] == channel and "parts" in row["payload"]
            and not row["tried_at"] and not row["joined"]
            and (told := _told_again(row["payload"], None, False, asked=True)) is not row["payload"]}


def _told_again(payload: dict, side: str | None, newer_map: bool, asked: bool = False) -> dict:
    """A change's channel line without the headline, map and "your move" lines a later line says
    anew, and without `side`'s "your move" (every side's where a later question is `asked`); as it
    was when its buttons ask another side (what they ask is not this module's to take back). Where its
    headline stays, the line above it leaves out what the headline says (its `short`)."""
    buttons = payload.get("buttons")
    if buttons is not None and buttons.get("side") != side:
        return payload
    parts = payload["parts"]
    asks = {} if newer_map or asked else {s: text for s, text in parts["asks"].items() if s != side}
    head = [] if newer_map else parts["head"]
    if head == parts["head"] and asks == parts["asks"]:
        return payload
    told = {"text": words(parts.get("short", parts["line"]) if head else parts["line"], head, *asks.values())}
    if "story" in payload:  # what spectators read of the change stays (bot/tables/spectators.py)
        told["story"] = payload["story"]
    if head and "picture" in payload:
        told["picture"] = payload["picture"]
    return told
