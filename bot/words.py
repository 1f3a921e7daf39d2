"""Words for people: text with references in it that each front end writes its own way.

The table layer says "mention this user", "due at this time", "that channel", "a name a person
chose" as values, never as platform markup; the Discord messenger writes `<@id>`, `<t:…:R>`,
`<#id>` and an escaped name, the terminal "@id", "in 3 hours" and the name as typed. A text is
a plain string or a list of parts, each a string or a one-key dict, so it is JSON as it stands
and an outbox row stores it unchanged:

>>> words("Due ", due(datetime(2026, 3, 1, tzinfo=UTC)), " for ", mention("7"), ".")
['Due ', {'at': '2026-03-01T00:00:00+00:00'}, ' for ', {'user': '7'}, '.']
>>> plain(words(name("Anna"), " joins ", channel("5")), now=datetime(2026, 3, 1, tzinfo=UTC))
'Anna joins #5'
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

Part = str | dict[str, str]
Words = list[Part]
Text = Part | Words


COMPUTER = "computer"  # the user holding a seat the computer plays (bot/computer/seat.py)


def mention(user: str) -> Part:
    """Address this person (a ping where the platform has them); the computer is named."""
    return "the computer" if user == COMPUTER else {"user": str(user)}


def due(moment: datetime) -> dict[str, str]:
    """A moment every reader sees in their own terms ("in 3 hours")."""
    return {"at": moment.astimezone(UTC).isoformat()}


def channel(channel_id: str) -> dict[str, str]:
    return {"channel": str(channel_id)}


def name(text: str) -> dict[str, str]:
    """A name a person chose (a display name): shown as typed, never read as markup."""
    return {"name": text}


def table(text: str) -> dict[str, str]:
    """Lines whose columns are lined up with spaces: set in a fixed-width font where the
    platform's own is proportional (a Discord code block), as they are at the terminal."""
    return {"table": text}


def words(*parts: Text) -> Words:
    """One text of the given strings, parts and texts, adjacent strings merged."""
    out: Words = []
    for part in parts:
        for piece in ([part] if isinstance(part, str | dict) else part):
            if isinstance(piece, str) and out and isinstance(out[-1], str):
                out[-1] += piece
            elif piece != "":
                out.append(piece)
    return out


def join(texts: list[Text], separator: str = "\n") -> Words:
    """Texts one after another, with the separator between them."""
    out: Words = []
    for i, text in enumerate(texts):
        out = words(out, separator if i else "", text)
    return out


def _speaker(text: Text) -> tuple[Words, Words] | None:
    """A line's speaker and the rest ('**', a name, '** — ' before what they did: a channel line,
    bot/tables/change.py), or None for a text that names none before its first line break."""
    parts = words(text)
    if not parts or not isinstance(parts[0], str) or not parts[0].startswith("**"):
        return None
    for n, part in enumerate(parts):
        if isinstance(part, str):
            head, mark, tail = part.partition("** — ")
            if "\n" in head:
                return None
            if mark:
                return [*parts[:n], head + mark], words(tail, parts[n + 1:])
    return None


PLAYERS_ACT = re.compile(r"(The \w+ player \S.*?)( \([^()]*\))?\.")  # 'The Russian player restores a step (3.4-3.6).'


def _said_once(texts: list[Text]) -> list[Text]:
    """Texts in a row, a player's act said again and again by one speaker (each its own command) told once
    with how often: 'The Russian player restores a step (3.4-3.6).' four times, a line each, read
    '... restores a step, 4 times (3.4-3.6).' Only a line whose subject is the player: three identical
    'A French block moves 22 → 34 → 31.' are three blocks, not one moving thrice.

    >>> act = ["**", name("boris"), "** — The Russian player restores a step (3.4-3.6)."]
    >>> [plain(t) for t in _said_once([act, act, act, "**boris** — Russian: end."])]
    ['**boris** — The Russian player restores a step, 3 times (3.4-3.6).', '**boris** — Russian: end.']
    >>> [plain(t) for t in _said_once([act, act])][0]
    '**boris** — The Russian player restores a step twice (3.4-3.6).'
    """
    out: list[tuple[Words, int]] = []
    for text in texts:
        if out and words(text) == out[-1][0] and _act(text) is not None:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((words(text), 1))
    return [text if n == 1 else _times(text, n) for text, n in out]


def _act(text: Text) -> re.Match | None:
    said = _speaker(text)
    line = said[1] if said is not None else words(text)
    return PLAYERS_ACT.fullmatch(line[0]) if len(line) == 1 and isinstance(line[0], str) else None


def _times(text: Words, n: int) -> Words:
    act = _act(text)
    assert act is not None
    said = _speaker(text)
    often = " twice" if n == 2 else f", {n} times"
    return words(said[0] if said is not None else "", act[1], often, act[2] or "", ".")


def _lines_of_one_speaker(text: Text, named: bool = True) -> bool:
    """Lines a next line of their speaker may follow without the name: what the speaker's orders did,
    a phase they began among them ('French Combat Phase.'); not a headline ('Game-Turn 27 of 40 | 7 Sept
    0600 | Movement Phase | Russian player', bot/text.py), a table, or a ping, which a line under them
    without its name would read as theirs; nor, not `named` (lines of no speaker), a person's name."""
    refers = {"table", "user"} | (set() if named else {"name"})
    return all(" | " not in part if isinstance(part, str) else not refers & part.keys() for part in words(text))


def join_speakers(texts: list[Text]) -> Words:
    """Texts one under another (`join`), a line whose speaker is the one of the lines above it
    written without the name ('**anna** — ' once for the orders of one run): a Bloody Monday
    impulse of 28 orders read the name on every line, a tenth of each line on a phone; a Borodino
    box of moves, `end` and `end` read '**anna** — French: end.' again under 'French Combat Phase.'.
    Lines of no speaker between them (an answer played at once for a side, which says whose: 'The
    Russian stack in Dinaburg (6) retreats to Velikie Luki (7), by standing order.') leave the speaker
    above: an 1812 box read '**anna** — ' again under its battle's retreat. A headline, a table, a ping
    or a person named between them name the speaker again.

    >>> said = plain(join_speakers([["**", name("anna"), "** — A moved.\\nRed Combat Phase."],
    ...                             ["**", name("anna"), "** — B moved."], "Blue by standing order: stay.",
    ...                             ["**", name("anna"), "** — D moved."], "**boris** — C moved."]))
    >>> said.splitlines()
    ['**anna** — A moved.', 'Red Combat Phase.', 'B moved.', 'Blue by standing order: stay.', 'D moved.', \
'**boris** — C moved.']
    >>> plain(join_speakers([["**", name("anna"), "** — A moved."], [name("boris"), " takes the Blue seat."],
    ...                      ["**", name("anna"), "** — B moved."]])).splitlines()[-1]
    '**anna** — B moved.'
    """
    out: list[Text] = []
    above = None
    for text in _said_once(texts):
        said = _speaker(text)
        out.append(said[1] if said is not None and above is not None and said[0] == above else text)
        if said is not None or not _lines_of_one_speaker(text, named=False):
            above = said[0] if said is not None and _lines_of_one_speaker(text) else None
    return join(out)


Writers = Mapping[str, Callable[[str], str]]  # by kind of reference: user, channel, at, name, table


def write(text: Text, writers: Writers) -> str:
    """A text as one front end writes it: strings as they are, each reference by the writer
    of its kind."""
    parts = [text] if isinstance(text, str | dict) else text
    return "".join(part if isinstance(part, str) else
                   "".join(writers[kind](value) for kind, value in part.items())
                   for part in parts)


def plain(text: Text, now: datetime | None = None) -> str:
    """A text for the terminal and the logs: "@7", "in 3 hours", "#5", names as typed."""
    moment = now or datetime.now(UTC)
    return write(text, {"user": lambda user: f"@{user}", "channel": lambda to: f"#{to}",
                        "at": lambda at: relative(datetime.fromisoformat(at), moment),
                        "name": str, "table": str})


def relative(moment: datetime, now: datetime) -> str:
    """'in 3 hours', '5 minutes ago': the coarsest unit that is at least one."""
    seconds = (moment - now).total_seconds()
    amount, unit = abs(seconds), "second"
    for size, bigger in ((60, "minute"), (60, "hour"), (24, "day")):
        if amount < size:
            break
        amount, unit = amount / size, bigger
    count = int(amount)
    said = f"{count} {unit}{'' if count == 1 else 's'}"
    return f"in {said}" if seconds >= 0 else f"{said} ago"
